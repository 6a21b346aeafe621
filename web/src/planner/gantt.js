// The pipeline schedule as a Gantt chart. The engine returns the schedule's name, stages,
// micro-batches, virtual stages and bubble fraction, not the block order, so the order is laid
// out here from the published schedules (GPipe; 1F1B as in PipeDream-Flush / Megatron; Megatron's
// interleaved 1F1B) and placed by a small dependency simulation. Block widths are schedule units
// (a forward = 1, a backward = 2, each divided by the virtual stages), not seconds.
import { h, s } from '../dom.js';
import { formatPercent, formatSeconds } from '../format.js';

/** Per-stage op order: [{f: bool, mb, chunk}] for each of p stages. */
export function scheduleOrder(kind, p, m, v) {
  const orders = [];
  for (let st = 0; st < p; st += 1) {
    const ops = [];
    if (kind === 'gpipe') {
      for (let j = 0; j < m; j += 1) ops.push({ f: true, mb: j, chunk: 0 });
      for (let j = 0; j < m; j += 1) ops.push({ f: false, mb: j, chunk: 0 });
    } else if (kind === 'interleaved' && v > 1) {
      // Megatron: chunks advance every p micro-batches; backward visits chunks in reverse.
      const total = m * v;
      const fwd = (k) => ({ f: true, chunk: Math.floor(k / p) % v, mb: Math.floor(k / (p * v)) * p + (k % p) });
      const bwd = (k) => ({ f: false, chunk: v - 1 - (Math.floor(k / p) % v), mb: Math.floor(k / (p * v)) * p + (k % p) });
      const warm = Math.min((p - st - 1) * 2 + (v - 1) * p, total);
      for (let k = 0; k < warm; k += 1) ops.push(fwd(k));
      for (let k = 0; k < total - warm; k += 1) ops.push(fwd(warm + k), bwd(k));
      for (let k = total - warm; k < total; k += 1) ops.push(bwd(k));
    } else {
      const warm = Math.min(p - st - 1, m);
      for (let j = 0; j < warm; j += 1) ops.push({ f: true, mb: j, chunk: 0 });
      for (let j = 0; j < m - warm; j += 1) ops.push({ f: true, mb: warm + j, chunk: 0 }, { f: false, mb: j, chunk: 0 });
      for (let j = m - warm; j < m; j += 1) ops.push({ f: false, mb: j, chunk: 0 });
    }
    orders.push(ops);
  }
  return orders;
}

/**
 * Places every op at the earliest time its stage is free and its input has arrived.
 * Returns {blocks: [{stage, start, end, f, mb, chunk}], makespan} or null if the order stalls.
 */
export function simulate(orders, p, v) {
  const fDur = 1 / v;
  const bDur = 2 / v;
  const done = new Map();
  const key = (f, st, mb, c) => (((f ? 1 : 0) * p + st) * 1e6 + mb) * 64 + c;
  const next = new Array(p).fill(0);
  const free = new Array(p).fill(0);
  const blocks = [];
  let remaining = orders.reduce((a, o) => a + o.length, 0);
  let guard = remaining * p + 10;
  while (remaining > 0 && guard-- > 0) {
    let progressed = false;
    for (let st = 0; st < p; st += 1) {
      while (next[st] < orders[st].length) {
        const op = orders[st][next[st]];
        let dep = 0;
        if (op.f) {
          if (st > 0) dep = done.get(key(true, st - 1, op.mb, op.chunk));
          else if (op.chunk > 0) dep = done.get(key(true, p - 1, op.mb, op.chunk - 1));
        } else if (st < p - 1) dep = done.get(key(false, st + 1, op.mb, op.chunk));
        else if (op.chunk < v - 1) dep = done.get(key(false, 0, op.mb, op.chunk + 1));
        else dep = done.get(key(true, st, op.mb, op.chunk));
        if (dep === undefined) break;
        const start = Math.max(free[st], dep);
        const end = start + (op.f ? fDur : bDur);
        free[st] = end;
        done.set(key(op.f, st, op.mb, op.chunk), end);
        blocks.push({ stage: st, start, end, f: op.f, mb: op.mb, chunk: op.chunk });
        next[st] += 1;
        remaining -= 1;
        progressed = true;
      }
    }
    if (!progressed) return null;
  }
  return remaining === 0 ? { blocks, makespan: Math.max(...free) } : null;
}

const NAMES = { gpipe: 'GPipe', '1f1b': '1F1B', interleaved: 'interleaved 1F1B' };

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
  const sim = simulate(scheduleOrder(pl.schedule, p, m, v), p, v);
  const summary = h('p', { class: 'gantt-summary' },
    `${NAMES[pl.schedule] ?? pl.schedule}, ${p} stage${p > 1 ? 's' : ''}, ${m} micro-batch${m > 1 ? 'es' : ''}${v > 1 ? `, ${v} virtual stages per GPU` : ''}. `,
    h('strong', { text: `Bubble fraction ${formatPercent(pl.bubble_fraction)}` }),
    ` of the pipeline's busy time (engine: (p − 1)/(v·m)); idle time per step ${formatSeconds(plan.time.bubble)}.`);
  if (!sim) {
    container.replaceChildren(summary, h('p', { class: 'notice', text: 'This schedule could not be laid out for these numbers.' }));
    return;
  }
  const W = narrow ? 440 : 800;
  const left = 64;
  const rowH = p > 24 ? Math.max(6, Math.floor(480 / p)) : 24;
  const top = 8;
  const plotW = W - left - 8;
  const sx = plotW / sim.makespan;
  const paths = { fwd: [], bwd: [], idle: [] };
  const labels = [];
  const labelRoom = (sim.blocks.length < 600) && rowH >= 14;
  const cursor = new Array(p).fill(0);
  const sorted = sim.blocks.slice().sort((a, b) => a.stage - b.stage || a.start - b.start);
  const rect = (x, y, w, hh) => `M${x.toFixed(2)} ${y}h${w.toFixed(2)}v${hh}h${(-w).toFixed(2)}z`;
  for (const b of sorted) {
    const y = top + b.stage * rowH + 1;
    if (b.start > cursor[b.stage] + 1e-9) paths.idle.push(rect(left + cursor[b.stage] * sx, y, (b.start - cursor[b.stage]) * sx, rowH - 2));
    cursor[b.stage] = b.end;
    const x = left + b.start * sx;
    const w = (b.end - b.start) * sx;
    paths[b.f ? 'fwd' : 'bwd'].push(rect(x + 0.3, y, Math.max(w - 0.6, 0.3), rowH - 2));
    if (labelRoom && w >= 13) labels.push(s('text', { x: x + w / 2, y: y + rowH / 2 + 3, class: `gantt-mb ${b.f ? 'on-fwd' : 'on-bwd'}`, 'text-anchor': 'middle', text: String(b.mb + 1) }));
  }
  for (let st = 0; st < p; st += 1) {
    if (cursor[st] < sim.makespan - 1e-9) paths.idle.push(rect(left + cursor[st] * sx, top + st * rowH + 1, (sim.makespan - cursor[st]) * sx, rowH - 2));
  }
  const height = top + p * rowH + 30;
  const svg = s('svg', { class: 'gantt-svg', viewBox: `0 0 ${W} ${height}`, role: 'img', 'aria-label': `Pipeline schedule: ${summary.textContent}` });
  svg.append(s('path', { d: paths.idle.join(''), class: 'gantt-idle' }));
  svg.append(s('path', { d: paths.fwd.join(''), class: 'gantt-fwd' }));
  svg.append(s('path', { d: paths.bwd.join(''), class: 'gantt-bwd' }));
  for (const l of labels) svg.append(l);
  const every = p > 24 ? Math.ceil(p / 12) : 1;
  for (let st = 0; st < p; st += every) {
    svg.append(s('text', { x: left - 6, y: top + st * rowH + Math.min(rowH, 24) / 2 + 4, class: 'dg-small', 'text-anchor': 'end', text: `Stage ${st + 1}` }));
  }
  svg.append(s('text', { x: left, y: height - 8, class: 'dg-small', text: 'time → (forward = 1 unit, backward = 2; one GPU of each stage per row)' }));
  const legend = h('ul', { class: 'gantt-legend' },
    h('li', {}, h('span', { class: 'swatch gantt-fwd' }), 'forward (number = micro-batch)'),
    h('li', {}, h('span', { class: 'swatch gantt-bwd' }), 'backward'),
    h('li', {}, h('span', { class: 'swatch gantt-idle' }), 'bubble: the GPU waits'));
  container.replaceChildren(summary, h('div', { class: 'gantt-scroll' }, svg), legend);
}
