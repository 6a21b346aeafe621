// The pipeline schedule as a Gantt chart, drawn from the engine's `pipeline.blocks`: per stage,
// the ordered forward and backward blocks (micro-batch, model chunk, start, duration in the
// engine's unit: one chunk's forward = 1, its backward = 2; `unit_seconds` converts). No
// scheduling happens here; above the engine's block limit the page shows its note instead.
import { fitText, text } from './svg.js';
import { s, vh as h } from './vnode.js';
import { formatPercent, formatSeconds } from '../../format.js';

/** @type {Record<string, string>} */
const NAMES = { gpipe: 'GPipe', '1f1b': '1F1B', interleaved: 'interleaved 1F1B' };

/** @typedef {import('../../answers').Answer<'plan'>} Plan */
/** The engine's schedule blocks (when it drew them; `omitted` with a note above its limit). */
/** @typedef {Plan['pipeline']['blocks']} Schedule */
/** @typedef {ReturnType<typeof blockGeometry>} Geometry */

/**
 * The last schedule's block geometry: {key, paths: {fwd, bwd, idle}, labels: [attrs]}.
 * @type {(Geometry & {key: string}) | null}
 */
let geometry = null;

/**
 * Path data for the forward, backward and idle blocks, and the micro-batch labels' attributes.
 * x is in the engine's whole units (a transform scales it to the width), so the paths are
 * integers and do not change with the width; y is in pixels.
 * @param {Schedule} sched
 * @param {{rowH: number, top: number, sx: number}} layout
 */
function blockGeometry(sched, { rowH, top, sx }) {
  const makespan = sched.makespan;
  // Blocks narrower than 3 px cannot be told apart: runs of work then draw as one busy bar.
  const aggregate = sx < 3;
  /** @type {string[]} */
  const busyPath = [];
  const blockCount = sched.stages.reduce((a, row) => a + row.pass.length, 0);
  /** @type {string[]} */
  const fwdPath = [];
  /** @type {string[]} */
  const bwdPath = [];
  /** @type {string[]} */
  const idlePath = [];
  /** @type {Record<string, string | number>[]} */
  const labels = [];
  const labelRoom = blockCount < 600 && rowH >= 14;
  const hh = rowH - 2;
  sched.stages.forEach((row, st) => {
    const y = top + st * rowH + 1;
    let cursor = 0;
    let runStart = -1;
    for (let i = 0; i < row.pass.length; i += 1) {
      const start = row.start[i];
      const d = row.duration[i];
      const fwd = row.pass[i] === 'F';
      if (start > cursor) idlePath.push(`M${cursor} ${y}h${start - cursor}v${hh}h${cursor - start}z`);
      if (aggregate) {
        if (runStart < 0 || start > cursor) {
          if (runStart >= 0) busyPath.push(`M${runStart} ${y}h${cursor - runStart}v${hh}h${runStart - cursor}z`);
          runStart = start;
        }
        cursor = start + d;
        continue;
      }
      cursor = start + d;
      (fwd ? fwdPath : bwdPath).push(`M${start} ${y}h${d}v${hh}h${-d}z`);
      if (labelRoom && d * sx >= 16)
        labels.push({
          x: ((start + d / 2) * sx).toFixed(1),
          y: y + rowH / 2 + 3,
          class: `gantt-mb ${fwd ? 'on-fwd' : 'on-bwd'}`,
          'text-anchor': 'middle',
          text: String(row.microbatch[i] + 1),
        });
    }
    if (runStart >= 0) busyPath.push(`M${runStart} ${y}h${cursor - runStart}v${hh}h${runStart - cursor}z`);
    if (cursor < makespan) idlePath.push(`M${cursor} ${y}h${makespan - cursor}v${hh}h${cursor - makespan}z`);
  });
  return {
    aggregate,
    paths: { fwd: fwdPath.join(''), bwd: bwdPath.join(''), busy: busyPath.join(''), idle: idlePath.join('') },
    labels,
  };
}

/**
 * Describes the schedule for the plan into `container` (an element description; see vnode.js).
 * @param {import('./vnode.js').VNode} container
 * @param {Plan} plan  valid plan response
 * @param {number} narrow  0 for the wide drawing; else the narrow drawing's width
 */
export function drawGantt(container, plan, narrow) {
  const pl = plan.pipeline;
  const p = pl.stages;
  const m = pl.microbatches;
  const v = pl.schedule === 'interleaved' ? pl.virtual_stages : 1;
  // The engine's blocks, or a stand-in with a note (only `omitted` and `note` are read then).
  const sched = /** @type {Schedule & {note?: string}} */ (
    pl.blocks ?? { omitted: true, note: 'The engine gave no schedule for this plan.' }
  );
  const summary = h(
    'p',
    { class: 'gantt-summary' },
    `${NAMES[pl.schedule] ?? pl.schedule}, ${p} stage${p > 1 ? 's' : ''}, ${m} micro-batch${m > 1 ? 'es' : ''}${v > 1 ? `, ${v} virtual stages per GPU` : ''}. `,
    h('strong', { text: `Bubble fraction ${formatPercent(pl.bubble_fraction)}` }),
    ` of the pipeline's busy time (engine: (p − 1)/(v·m)); idle time per step ${formatSeconds(plan.time.bubble)}.`,
  );
  if (sched.omitted) {
    container.replaceChildren(summary, h('p', { class: 'notice', text: sched.note }));
    return;
  }
  const makespan = sched.makespan;
  const W = narrow ? narrow + 12 : 800;
  const left = 64;
  const rowH = p > 24 ? Math.max(6, Math.floor(480 / p)) : 24;
  const top = 8;
  // The blocks depend only on the schedule, p, m and v (the engine's schedule_blocks); their
  // geometry is kept and reused while those and the width stay the same.
  const sx = (W - left - 8) / makespan;
  const key = `${sched.key}|${W}`; // the engine's key names everything the blocks depend on
  if (!geometry || geometry.key !== key) geometry = { key, ...blockGeometry(sched, { rowH, top, sx }) };
  const { paths, labels, aggregate } = geometry;
  const height = top + p * rowH + 30;
  const svg = s('svg', {
    class: 'gantt-svg',
    viewBox: `0 0 ${W} ${height}`,
    role: 'img',
    'aria-label': `Pipeline schedule: ${summary.textContent}`,
  });
  // Blocks in schedule units, scaled to the plot; CSS keeps their separating strokes 0.6 px.
  svg.append(
    s(
      'g',
      { transform: `translate(${left} 0) scale(${sx.toFixed(6)} 1)` },
      s('path', { d: paths.idle, class: 'gantt-idle' }),
      s('path', { d: paths.fwd, class: 'gantt-fwd' }),
      s('path', { d: paths.bwd, class: 'gantt-bwd' }),
      s('path', { d: paths.busy, class: 'gantt-busy' }),
    ),
  );
  svg.append(s('g', { transform: `translate(${left} 0)` }, ...labels.map((l) => s('text', l))));
  const every = p > 24 ? Math.ceil(p / 12) : 1;
  for (let st = 0; st < p; st += every) {
    svg.append(
      s('text', {
        x: left - 6,
        y: top + st * rowH + Math.min(rowH, 24) / 2 + 4,
        class: 'dg-small',
        'text-anchor': 'end',
        text: `Stage ${st + 1}`,
      }),
    );
  }
  // The narrow drawing has room for the unit only; the summary above says the rest.
  const unit = formatSeconds(sched.unit_seconds);
  svg.append(
    narrow
      ? fitText(8, height - 8, W - 16, [`time → (1 unit = one chunk's forward = ${unit})`, `time → (1 unit = ${unit})`])
      : text(
          left,
          height - 8,
          `time → (forward of one chunk = 1 unit = ${unit}, backward = 2; one GPU of each stage per row)`,
          'dg-small',
        ),
  );
  // The legend names only what is drawn: numbers when there was room for them, one busy bar
  // per run of work when the blocks were too narrow to tell apart.
  const legend = h(
    'ul',
    { class: 'gantt-legend' },
    ...(aggregate
      ? [
          h(
            'li',
            {},
            h('span', { class: 'swatch gantt-busy' }),
            `working: ${m} micro-batches, forward and backward, too many to draw one by one at this width`,
          ),
        ]
      : [
          h(
            'li',
            {},
            h('span', { class: 'swatch gantt-fwd' }),
            labels.length ? 'forward (number = micro-batch)' : 'forward',
          ),
          h('li', {}, h('span', { class: 'swatch gantt-bwd' }), 'backward'),
        ]),
    h('li', {}, h('span', { class: 'swatch gantt-idle' }), 'bubble: the GPU waits'),
  );
  container.replaceChildren(summary, h('div', { class: 'gantt-scroll' }, svg), legend);
}
