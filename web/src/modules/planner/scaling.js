// Strong scaling of the current split family, from the engine's `scaling` points: the step as
// run and at the ideal bound against GPU count on log axes, with the line a perfect halving would
// follow. The table under it is the chart's text equivalent and names the term that grows.
import { s, vh as h } from './vnode.js';
import { formatCount, formatPercent, formatSeconds } from '../../format.js';
import { offBy } from './readouts.js';

const W = 400,
  H = 230,
  PAD = { left: 58, right: 12, top: 12, bottom: 40 };

/** @typedef {import('../../answers').Answer<'plan'>['scaling']} Scaling */
/** @typedef {Scaling['points'][number]} Point */

/** @param {Point[]} points */
function scales(points) {
  const xs = points.map((p) => Math.log2(p.gpus));
  const ys = points.flatMap((p) => [p.step, p.ideal_step, p.perfect_step, p.measured?.step ?? 0]).filter((v) => v > 0);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.log10(Math.min(...ys)), Math.log10(Math.max(...ys))];
  const x = (/** @type {number} */ g) =>
    PAD.left + (x1 > x0 ? (Math.log2(g) - x0) / (x1 - x0) : 0.5) * (W - PAD.left - PAD.right);
  const y = (/** @type {number} */ v) =>
    H - PAD.bottom - (y1 > y0 ? (Math.log10(v) - y0) / (y1 - y0) : 0.5) * (H - PAD.top - PAD.bottom);
  return { x, y, y0, y1 };
}

/**
 * @param {Point[]} points
 * @param {(gpus: number) => number} x
 * @param {(step: number) => number} y
 * @param {(p: Point) => number} value
 * @param {string} cls
 */
function line(points, x, y, value, cls) {
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.gpus).toFixed(1)},${y(value(p)).toFixed(1)}`).join('');
  return s('path', { d, class: `sc-line ${cls}` });
}

// Each GPU's share of the step: how many micro-batches, of how many sequences each.
const BATCH_LABEL = 'micro-batches × sequences per GPU';

/** @type {Record<string, string>} */
const TERM = { exposed_communication: 'exposed communication', bubble: 'pipeline bubble', optimizer: 'optimizer step' };

/**
 * The engine's summary in words: how far from halving, and which waiting term grows. No summary:
 * only the largest size fits, so there is no baseline to count a speed-up from.
 * @param {Scaling['summary']} m @param {Point[]} points
 */
function verdict(m, points) {
  if (!m) {
    const last = points[points.length - 1];
    return `Only ${formatCount(last.gpus)} GPUs fit this split in memory: the smaller sizes are listed, but none of them can run, so there is no speed-up to count.`;
  }
  // The engine names the waiting terms that grew (the schema leaves the items open).
  const grew = m.grew.map((t) => TERM[t] ?? t);
  return (
    `From ${formatCount(m.from_gpus)} to ${formatCount(m.to_gpus)} GPUs the step shrinks ${m.speedup.toFixed(2)}× where perfect scaling would give ${formatCount(m.perfect_speedup)}×` +
    ` (efficiency ${formatPercent(m.efficiency)}). Communication and idle time take ${formatPercent(m.waiting_share_from)} of the step at the smallest size that fits and ${formatPercent(m.waiting_share_to)} at the largest` +
    (grew.length ? `; ${grew.join(' and ')} ${grew.length > 1 ? 'grow' : 'grows'} while compute per GPU shrinks.` : '.')
  );
}

/**
 * The measured points in words, with how far the engine is from each (the chart's squares).
 * @param {Point[]} measured points that carry a published run
 */
function measuredText(measured) {
  const names = [...new Set(measured.map((p) => `${p.measured.name}, ${p.measured.where.replace(/,.*$/, '')}`))];
  const each = measured.map(
    (p) => `${formatCount(p.gpus)} GPUs ${formatSeconds(p.measured.step)} (the engine ${offBy(p.measured.error)})`,
  );
  const fitted = measured.some((p) => p.measured.set === 'calibration')
    ? " Some of these runs fitted the engine's constants, so they do not test it."
    : '';
  return `Measured for exactly these configurations (${names.join('; ')}): ${each.join(', ')}.${fitted}`;
}

/**
 * @param {import('./vnode.js').VNode} container
 * @param {Scaling & {caveat?: string}} scaling the plan's `scaling` block (with the engine's caveat
 *   when it gives one, which the answer schema does not list)
 */
export function drawScaling(container, scaling) {
  const points = scaling?.points ?? [];
  if (points.length < 2) {
    container.replaceChildren(
      h('p', {
        text:
          scaling?.hold === 'accumulation'
            ? 'No other GPU count divides this global batch into this many micro-batches per step, so there is nothing to compare.'
            : 'No other GPU count divides this global batch with this micro-batch, so there is nothing to compare.',
      }),
    );
    return;
  }
  const { x, y, y0, y1 } = scales(points);
  const svg = s('svg', {
    class: 'scaling-svg',
    viewBox: `0 0 ${W} ${H}`,
    role: 'img',
    'aria-label': `Step time against GPU count, as run and at the ideal bound, with the perfect-halving line. ${verdict(scaling.summary, points)}`,
  });
  // Ticks at 1, 2 and 5 × 10ⁿ inside the range (a log axis often spans less than a decade).
  const ticks = [];
  for (let e = Math.floor(y0); e <= Math.ceil(y1); e += 1) for (const m of [1, 2, 5]) ticks.push(m * 10 ** e);
  const inside = ticks.filter((v) => Math.log10(v) >= y0 - 1e-9 && Math.log10(v) <= y1 + 1e-9);
  for (const v of inside.length > 6
    ? inside.filter((t) => Number(t.toPrecision(1)) === 10 ** Math.round(Math.log10(t)))
    : inside) {
    svg.append(
      s('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: 'sc-grid' }),
      s('text', { x: PAD.left - 6, y: y(v) + 4, class: 'sc-tick', 'text-anchor': 'end', text: formatSeconds(v, 2) }),
    );
  }
  const step = points.length > 6 ? 2 : 1; // every other label when they would crowd
  for (const [i, p] of points.entries()) {
    if (i % step && i !== points.length - 1) continue;
    const anchor = i === points.length - 1 ? 'end' : i === 0 ? 'start' : 'middle';
    svg.append(
      s('text', {
        x: x(p.gpus),
        y: H - PAD.bottom + 16,
        class: 'sc-tick',
        'text-anchor': anchor,
        text: formatCount(p.gpus),
      }),
    );
  }
  svg.append(
    s('text', {
      x: (PAD.left + W - PAD.right) / 2,
      y: H - 6,
      class: 'sc-axis',
      'text-anchor': 'middle',
      text: 'GPUs (more data-parallel replicas)',
    }),
  );
  // Sizes below the baseline (the smallest that fits) have no speed-up to show.
  const from = points.find((p) => p.baseline)?.gpus ?? points[0].gpus;
  const counted = points.filter((p) => p.gpus >= from);
  svg.append(
    line(counted, x, y, (p) => p.perfect_step, 'sc-perfect'),
    line(points, x, y, (p) => p.ideal_step, 'sc-ideal'),
    line(points, x, y, (p) => p.step, 'sc-run'),
  );
  for (const p of points) {
    svg.append(
      s(
        'circle',
        {
          cx: x(p.gpus),
          cy: y(p.step),
          r: p.current ? 5 : 3,
          class: `sc-dot${p.current ? ' sc-current' : ''}${p.fits ? '' : ' sc-nofit sc-run'}`,
        },
        s('title', {
          text: `${formatCount(p.gpus)} GPUs: ${formatSeconds(p.step)} as run, ${formatSeconds(p.ideal_step)} ideal${p.fits ? '' : '; does not fit in memory'}`,
        }),
      ),
    );
  }
  // Published runs of exactly these configurations: their measured steps as squares.
  const measured = points.filter((p) => p.measured);
  for (const p of measured)
    svg.append(
      s(
        'rect',
        { x: x(p.gpus) - 4.5, y: y(p.measured.step) - 4.5, width: 9, height: 9, class: 'sc-measured' },
        s('title', { text: `${formatCount(p.gpus)} GPUs: ${formatSeconds(p.measured.step)} measured` }),
      ),
    );
  const key = h(
    'ul',
    { class: 'sc-key' },
    h('li', {}, h('span', { class: 'sc-swatch sc-run' }), 'as run'),
    h('li', {}, h('span', { class: 'sc-swatch sc-ideal' }), 'ideal bound'),
    h('li', {}, h('span', { class: 'sc-swatch sc-perfect' }), 'perfect halving from the smallest size that fits'),
    points.some((p) => !p.fits) ? h('li', {}, h('span', { class: 'sc-nofit-key' }), 'does not fit in memory') : null,
    measured.length ? h('li', {}, h('span', { class: 'sc-measured-key' }), 'measured (published run)') : null,
  );
  const cell = (/** @type {string} */ label, /** @type {string} */ text) =>
    h('td', { class: 'num', dataset: { label }, text });
  const rows = points.map((p) =>
    h(
      'tr',
      { class: p.current ? 'is-current' : null },
      h('th', { scope: 'row', text: `${formatCount(p.gpus)} GPUs${p.current ? ' (this split)' : ''}` }),
      cell(BATCH_LABEL, `${formatCount(p.accumulation)} × ${formatCount(p.micro)}`),
      cell('step as run', formatSeconds(p.step)),
      cell('ideal step', formatSeconds(p.ideal_step)),
      cell('speed-up', p.gpus < from ? '—' : `${p.speedup.toFixed(2)}×`),
      cell('efficiency', p.gpus < from ? '—' : formatPercent(p.efficiency)),
      cell('waiting (comm. + bubble)', formatSeconds(p.waiting)),
      cell('fits', p.fits ? 'yes' : 'no'),
    ),
  );
  const table = h(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Strong scaling as a table' },
    h(
      'table',
      { class: 'scaling-table' },
      h('caption', { text: 'The chart as a table (step times per optimizer step)' }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...[
            'GPUs',
            BATCH_LABEL,
            'step as run',
            'ideal step',
            'speed-up',
            'efficiency',
            'waiting (comm. + bubble)',
            'fits',
          ].map((t) => h('th', { scope: 'col', text: t })),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
  container.replaceChildren(
    h('p', { class: 'scaling-verdict', text: verdict(scaling.summary, points) }),
    scaling.caveat ? h('p', { class: 'notice notice-warn scaling-caveat', text: scaling.caveat }) : null,
    svg,
    key,
    table,
    measured.length ? h('p', { class: 'scaling-measured', text: measuredText(measured) }) : null,
    h('p', { class: 'bar-caption', text: scaling.holds }),
  );
}

/**
 * The choice of what the sweep keeps (the radios in `fieldset`); `onChange` gets the value the
 * reader picks. Returns `write(value)`, which shows the state's value without reporting it.
 * @param {HTMLFieldSetElement} fieldset @param {(value: string) => void} onChange
 */
export function bindScalingHold(fieldset, onChange) {
  const radios = /** @type {HTMLInputElement[]} */ ([...fieldset.querySelectorAll('input[type="radio"]')]);
  for (const r of radios) r.addEventListener('change', () => r.checked && onChange(r.value));
  return (/** @type {string} */ value) => {
    for (const r of radios) if (r.checked !== (r.value === value)) r.checked = r.value === value;
  };
}
