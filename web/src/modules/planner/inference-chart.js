// The latency–throughput trade of serving, from the engine's `curve`: tokens/s per GPU and the
// time each user waits per output token as concurrency grows (log axis), with the memory limit
// and the point where decode turns compute-bound marked. The table under it is the text equivalent.
import { s, h } from '../../dom.js';
import { countOf, formatCount, formatTokenRate, formatSeconds } from '../../format.js';

const W = 440,
  H = 250,
  PAD = { left: 56, right: 60, top: 14, bottom: 42 };

/** @typedef {import('../../answers').Answer<'plan'>['curve']} Curve */
/** @typedef {Curve['points'][number]} Point */

/** @param {Point[]} points */
function scales(points) {
  const xs = points.map((p) => Math.log2(p.concurrency));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const rate = Math.max(...points.map((p) => p.tokens_per_second_per_gpu)) * 1.08;
  const wait = Math.max(...points.map((p) => p.per_output_token)) * 1.08;
  const x = (/** @type {number} */ c) =>
    PAD.left + (x1 > x0 ? (Math.log2(c) - x0) / (x1 - x0) : 0.5) * (W - PAD.left - PAD.right);
  const yRate = (/** @type {number} */ v) => H - PAD.bottom - (v / rate) * (H - PAD.top - PAD.bottom);
  const yWait = (/** @type {number} */ v) => H - PAD.bottom - (v / wait) * (H - PAD.top - PAD.bottom);
  return { x, yRate, yWait, rate, wait };
}

/**
 * @param {Point[]} points
 * @param {(concurrency: number) => number} x
 * @param {(v: number) => number} y
 * @param {(p: Point) => number} value
 * @param {string} cls
 */
function path(points, x, y, value, cls) {
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.concurrency).toFixed(1)},${y(value(p)).toFixed(1)}`).join('');
  return s('path', { d, class: `inf-line ${cls}` });
}

/**
 * @param {number} x
 * @param {string} label
 * @param {string} cls
 * @param {number} row
 */
function marker(x, label, cls, row) {
  return [
    s('line', { x1: x, x2: x, y1: PAD.top, y2: H - PAD.bottom, class: `inf-mark ${cls}` }),
    // Left of the line when there is room, else right of it.
    s('text', {
      x: x > PAD.left + 150 ? x - 4 : x + 4,
      y: PAD.top + 12 + 14 * row,
      class: 'inf-tick inf-mark-label',
      'text-anchor': x > PAD.left + 150 ? 'end' : 'start',
      text: label,
    }),
  ];
}

/**
 * What the curve's axis counts: users in a loop, or requests sent together (the engine's arrival).
 * @param {Curve} curve
 */
function curveNoun(curve) {
  return curve.arrival === 'all_at_once' ? 'request' : 'user';
}

/**
 * One sentence a reader can take away, from the curve's own numbers.
 * @param {Curve} curve
 */
export function curveSummary(curve) {
  const noun = curveNoun(curve);
  const pts = curve.points;
  const fitting = pts.filter((p) => p.fits);
  const best = fitting.length ? fitting[fitting.length - 1] : pts[0];
  const first = pts[0];
  const knee = curve.compute_bound_from;
  return (
    `One ${noun} gets ${formatCount(first.tokens_per_second_per_user)} tokens/s (${formatSeconds(first.per_output_token)} per token). ` +
    `At ${countOf(best.concurrency, noun)}, the most that fit in memory, each gets ${formatCount(best.tokens_per_second_per_user)} tokens/s ` +
    `while every GPU makes ${formatTokenRate(best.tokens_per_second_per_gpu)} tokens/s. ` +
    (knee > 0
      ? `Decode reads the weights once per step for the whole batch, so until about ${countOf(knee, noun)} more ${noun}s cost little; from there the GPUs' arithmetic, not their memory bandwidth, sets the pace.`
      : 'Decode stays bound by memory bandwidth over the whole range.')
  );
}

/** @param {HTMLElement} container @param {Curve} curve the plan's `curve` */
export function drawCurve(container, curve) {
  const noun = curveNoun(curve);
  const points = curve.points;
  const { x, yRate, yWait, rate, wait } = scales(points);
  const svg = s('svg', {
    class: 'inf-svg',
    viewBox: `0 0 ${W} ${H}`,
    role: 'img',
    'aria-label': `Tokens per second per GPU and time per output token against ${noun === 'user' ? 'concurrent users' : 'requests sent at once'}. ${curveSummary(curve)} The table below lists every point.`,
  });
  for (const f of [0.25, 0.5, 0.75, 1]) {
    const yy = yRate((rate / 1.08) * f);
    svg.append(
      s('line', { x1: PAD.left, x2: W - PAD.right, y1: yy, y2: yy, class: 'sc-grid' }),
      s('text', {
        x: PAD.left - 6,
        y: yy + 4,
        class: 'inf-tick',
        'text-anchor': 'end',
        text: formatCount((rate / 1.08) * f, { compact: true }),
      }),
      s('text', {
        x: W - PAD.right + 6,
        y: yWait((wait / 1.08) * f) + 4,
        class: 'inf-tick',
        text: formatSeconds((wait / 1.08) * f, 2),
      }),
    );
  }
  // Powers of two only, and none closer than 34 px to the last label drawn.
  let lastX = -Infinity;
  for (const p of points) {
    const xx = x(p.concurrency);
    if ((p.concurrency & (p.concurrency - 1)) !== 0 || xx - lastX < 34) continue;
    lastX = xx;
    svg.append(
      s('text', {
        x: xx,
        y: H - PAD.bottom + 16,
        class: 'inf-tick',
        'text-anchor': 'middle',
        text: formatCount(p.concurrency),
      }),
    );
  }
  svg.append(
    s('text', {
      x: (PAD.left + W - PAD.right) / 2,
      y: H - 6,
      class: 'inf-axis',
      'text-anchor': 'middle',
      text:
        noun === 'user'
          ? 'concurrent users (sequences decoded together)'
          : 'requests sent at once (each answered once)',
    }),
  );
  if (curve.max_concurrency > 0)
    svg.append(
      ...marker(
        x(Math.max(points[0].concurrency, curve.max_concurrency)),
        `memory limit: ${countOf(curve.max_concurrency, noun)}`,
        'inf-mark-memory',
        1,
      ),
    );
  if (curve.compute_bound_from > 0 && curve.compute_bound_from <= points[points.length - 1].concurrency)
    svg.append(...marker(x(curve.compute_bound_from), 'compute-bound from here', 'inf-mark-compute', 0));
  svg.append(
    path(points, x, yRate, (p) => p.tokens_per_second_per_gpu, 'inf-rate'),
    path(points, x, yWait, (p) => p.per_output_token, 'inf-wait'),
  );
  for (const p of points) {
    const what = `${countOf(p.concurrency, noun)}: ${formatTokenRate(p.tokens_per_second_per_gpu)} tokens/s per GPU, ${formatSeconds(p.per_output_token)} per token${p.fits ? '' : ' (does not fit)'}`;
    svg.append(
      s(
        'circle',
        {
          cx: x(p.concurrency),
          cy: yRate(p.tokens_per_second_per_gpu),
          r: 3.5,
          class: `inf-dot inf-rate${p.fits ? '' : ' inf-over'}`,
        },
        s('title', { text: what }),
      ),
      s(
        'rect',
        {
          x: x(p.concurrency) - 3,
          y: yWait(p.per_output_token) - 3,
          width: 6,
          height: 6,
          class: `inf-dot inf-wait${p.fits ? '' : ' inf-over'}`,
        },
        s('title', { text: what }),
      ),
    );
  }
  const key = h(
    'ul',
    { class: 'sc-key' },
    h('li', {}, h('span', { class: 'sc-swatch inf-rate' }), 'tokens/s per GPU (left axis, circles)'),
    h('li', {}, h('span', { class: 'sc-swatch inf-wait' }), 'time per output token (right axis, squares, dashed)'),
    h('li', {}, `hollow marks: more ${noun}s than fit in memory`),
  );
  const cell = (/** @type {string} */ label, /** @type {string} */ text) =>
    h('td', { class: 'num', dataset: { label }, text });
  const cols = [
    `${noun}s`,
    'time per output token',
    'tokens/s per user',
    'tokens/s per GPU',
    'decode is bound by',
    'fits in memory',
  ];
  const rows = points.map((p) =>
    h(
      'tr',
      { class: p.concurrency === curve.requested ? 'is-current' : null },
      h('th', { scope: 'row', text: formatCount(p.concurrency) }),
      cell(cols[1], formatSeconds(p.per_output_token)),
      cell(cols[2], formatCount(p.tokens_per_second_per_user)),
      cell(cols[3], formatTokenRate(p.tokens_per_second_per_gpu)),
      cell(cols[4], p.bound === 'compute' ? 'arithmetic' : 'memory bandwidth'),
      cell(cols[5], p.fits ? 'yes' : 'no'),
    ),
  );
  const table = h(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Latency and throughput as a table' },
    h(
      'table',
      { class: 'scaling-table inf-curve-table' },
      h('caption', { text: 'The chart as a table' }),
      h('thead', {}, h('tr', {}, ...cols.map((t) => h('th', { scope: 'col', text: t })))),
      h('tbody', {}, ...rows),
    ),
  );
  container.replaceChildren(h('p', { class: 'scaling-verdict', text: curveSummary(curve) }), svg, key, table);
}
