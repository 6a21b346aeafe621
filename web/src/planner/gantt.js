// The pipeline schedule as a Gantt chart, drawn from the engine's `pipeline.blocks`: per stage,
// the ordered forward and backward blocks (micro-batch, model chunk, start, duration in the
// engine's unit: one chunk's forward = 1, its backward = 2; `unit_seconds` converts). No
// scheduling happens here; above the engine's block limit the page shows its note instead.
import { h, s } from '../dom.js';
import { formatPercent, formatSeconds } from '../format.js';

const NAMES = { gpipe: 'GPipe', '1f1b': '1F1B', interleaved: 'interleaved 1F1B' };

/** The last schedule's block geometry: {key, paths: {fwd, bwd, idle}, labels: [attrs]}. */
let geometry = null;

/** Path data for the forward, backward and idle blocks, and the micro-batch labels' attributes. */
function blockGeometry(sched, { W, left, rowH, top }) {
  const makespan = sched.makespan;
  const blockCount = sched.stages.reduce((a, row) => a + row.pass.length, 0);
  const plotW = W - left - 8;
  const sx = plotW / makespan;
  const paths = { fwd: [], bwd: [], idle: [] };
  const labels = [];
  const labelRoom = (blockCount < 600) && rowH >= 14;
  const rect = (x, y, w, hh) => `M${x.toFixed(2)} ${y}h${w.toFixed(2)}v${hh}h${(-w).toFixed(2)}z`;
  sched.stages.forEach((row, st) => {
    const y = top + st * rowH + 1;
    let cursor = 0;
    for (let i = 0; i < row.pass.length; i += 1) {
      const start = row.start[i];
      const end = start + row.duration[i];
      const fwd = row.pass[i] === 'F';
      if (start > cursor + 1e-9) paths.idle.push(rect(left + cursor * sx, y, (start - cursor) * sx, rowH - 2));
      cursor = end;
      const x = left + start * sx;
      const w = (end - start) * sx;
      paths[fwd ? 'fwd' : 'bwd'].push(rect(x + 0.3, y, Math.max(w - 0.6, 0.3), rowH - 2));
      if (labelRoom && w >= 13) labels.push({ x: x + w / 2, y: y + rowH / 2 + 3, class: `gantt-mb ${fwd ? 'on-fwd' : 'on-bwd'}`, 'text-anchor': 'middle', text: String(row.microbatch[i] + 1) });
    }
    if (cursor < makespan - 1e-9) paths.idle.push(rect(left + cursor * sx, y, (makespan - cursor) * sx, rowH - 2));
  });
  return { paths: { fwd: paths.fwd.join(''), bwd: paths.bwd.join(''), idle: paths.idle.join('') }, labels };
}

/**
 * Draws the schedule for the plan into `container`.
 * @param {HTMLElement} container
 * @param {any} plan  valid plan response
 * @param {boolean} narrow
 */
export function drawGantt(container, plan, narrow) {
  const pl = plan.pipeline;
  const p = pl.stages;
  const m = pl.microbatches;
  const v = pl.schedule === 'interleaved' ? pl.virtual_stages : 1;
  const sched = pl.blocks ?? { omitted: true, note: 'The engine gave no schedule for this plan.' };
  const summary = h('p', { class: 'gantt-summary' },
    `${NAMES[pl.schedule] ?? pl.schedule}, ${p} stage${p > 1 ? 's' : ''}, ${m} micro-batch${m > 1 ? 'es' : ''}${v > 1 ? `, ${v} virtual stages per GPU` : ''}. `,
    h('strong', { text: `Bubble fraction ${formatPercent(pl.bubble_fraction)}` }),
    ` of the pipeline's busy time (engine: (p − 1)/(v·m)); idle time per step ${formatSeconds(plan.time.bubble)}.`);
  if (sched.omitted) {
    container.replaceChildren(summary, h('p', { class: 'notice', text: sched.note }));
    return;
  }
  const makespan = sched.makespan;
  const W = narrow ? 440 : 800;
  const left = 64;
  const rowH = p > 24 ? Math.max(6, Math.floor(480 / p)) : 24;
  const top = 8;
  // The blocks depend only on the schedule, p, m and v (the engine's schedule_blocks); their
  // geometry is kept and reused while those and the width stay the same.
  const key = `${pl.schedule}|${p}|${m}|${v}|${narrow}|${makespan}`;
  if (!geometry || geometry.key !== key) geometry = { key, ...blockGeometry(sched, { W, left, rowH, top }) };
  const { paths, labels } = geometry;
  const height = top + p * rowH + 30;
  const svg = s('svg', { class: 'gantt-svg', viewBox: `0 0 ${W} ${height}`, role: 'img', 'aria-label': `Pipeline schedule: ${summary.textContent}` });
  svg.append(s('path', { d: paths.idle, class: 'gantt-idle' }));
  svg.append(s('path', { d: paths.fwd, class: 'gantt-fwd' }));
  svg.append(s('path', { d: paths.bwd, class: 'gantt-bwd' }));
  for (const l of labels) svg.append(s('text', l));
  const every = p > 24 ? Math.ceil(p / 12) : 1;
  for (let st = 0; st < p; st += every) {
    svg.append(s('text', { x: left - 6, y: top + st * rowH + Math.min(rowH, 24) / 2 + 4, class: 'dg-small', 'text-anchor': 'end', text: `Stage ${st + 1}` }));
  }
  svg.append(s('text', { x: left, y: height - 8, class: 'dg-small', text: `time → (forward of one chunk = 1 unit = ${formatSeconds(sched.unit_seconds)}, backward = 2; one GPU of each stage per row)` }));
  const legend = h('ul', { class: 'gantt-legend' },
    h('li', {}, h('span', { class: 'swatch gantt-fwd' }), 'forward (number = micro-batch)'),
    h('li', {}, h('span', { class: 'swatch gantt-bwd' }), 'backward'),
    h('li', {}, h('span', { class: 'swatch gantt-idle' }), 'bubble: the GPU waits'));
  container.replaceChildren(summary, h('div', { class: 'gantt-scroll' }, svg), legend);
}
