// Readouts: memory of the most loaded device as a stacked bar against its capacity, the step
// time broken into compute, exposed communication per group and bubble, and the headline
// figures. Each figure opens to its formula (the engine's text where it gives one) and scope.
// The panels are built as element descriptions (svg.js) that redrawInPlace() patches in.
import { s, vh as h } from './svg.js';
import { formatBytes, formatCount, formatFlops, formatPercent, formatSeconds } from '../format.js';

const MEMORY_PARTS = [
  ['parameters', 'Weights'], ['gradients', 'Gradients'], ['optimizer', 'Optimizer state'],
  ['activations', 'Activations'], ['buffers', 'Buffers'],
];

const TIME_PARTS = [
  ['compute', 'Compute'], ['TP', 'TP communication'], ['PP', 'PP communication'], ['DP', 'DP communication'],
  ['CP', 'CP communication'], ['EP', 'EP communication'], ['bubble', 'Pipeline bubble'], ['optimizer', 'Optimizer step', 'optstep'],
];

const TIME_FORMULAS = [
  ['step', 'Step'], ['compute', 'Compute'], ['communication', 'Exposed communication'], ['bubble', 'Pipeline bubble'],
  ['optimizer', 'Optimizer step'],
];

const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** Very large counts as a × 10ⁿ (display only). */
function scientific(x) {
  if (!(typeof x === 'number' && Number.isFinite(x)) || x === 0) return formatCount(x);
  const [m, e] = x.toExponential(2).split('e');
  return `${m} × 10${String(Number(e)).replace(/./g, (c) => SUPERSCRIPT[c] ?? c)}`;
}

function num(x) {
  return typeof x === 'number' && Number.isFinite(x) ? x : 0;
}

/** A horizontal stacked bar; `limit` draws a capacity line. Returns an SVG. */
function stackedBar(parts, total, limit, label) {
  const W = 400;
  const scale = Math.max(total, limit ?? 0) || 1;
  const svg = s('svg', { class: 'stack-svg', viewBox: `0 0 ${W} 34`, role: 'img', 'aria-label': label });
  let x = 0;
  for (const p of parts) {
    const w = (num(p.value) / scale) * W;
    if (w <= 0) continue;
    svg.append(s('rect', { x, y: 4, width: w, height: 22, class: `seg seg-${p.key}` }, s('title', { text: `${p.label}: ${p.text}` })));
    x += w;
  }
  if (limit) {
    const lx = Math.min((limit / scale) * W, W - 1);
    svg.append(s('line', { x1: lx, x2: lx, y1: 0, y2: 30, class: 'limit-line' }));
  }
  return svg;
}

function legendList(parts) {
  return h('ul', { class: 'stack-legend' }, ...parts.map((p) => h('li', {},
    h('span', { class: `swatch seg-${p.key}` }), h('span', { class: 'stack-name', text: p.label }), h('span', { class: 'stack-value', text: p.text }))));
}

function explain(summary, formula, scope) {
  return h('details', { class: 'formula' }, h('summary', { text: summary }),
    formula ? h('p', {}, h('strong', { text: 'Formula. ' }), formula) : null,
    scope ? h('p', {}, h('strong', { text: 'Scope. ' }), scope) : null);
}

/** Memory panel. */
export function drawMemory(container, plan) {
  const mem = plan.memory;
  const parts = MEMORY_PARTS.map(([key, label]) => ({ key, label, value: mem[key], text: formatBytes(mem[key]) }));
  const fits = mem.fits;
  const verdict = h('p', { class: `fit-verdict ${fits ? 'fits' : 'no-fit'}` },
    h('strong', { text: fits ? 'Fits. ' : 'Does not fit. ' }),
    `${formatBytes(mem.total)} of ${formatBytes(mem.capacity)} on the most loaded GPU.`);
  const f = mem.formulas ?? {};
  const formulas = h('details', { class: 'formula' }, h('summary', { text: 'Formulas and scope' }),
    h('ul', {}, ...MEMORY_PARTS.filter(([k]) => f[k]).map(([k, label]) => h('li', {}, h('strong', { text: `${label}: ` }), f[k]))),
    h('p', { text: 'Scope: one device of the most loaded pipeline stage; no allocator fragmentation, no CUDA context, no framework workspace.' }));
  container.replaceChildren(verdict,
    stackedBar(parts, mem.total, mem.capacity, `Memory per device: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}; capacity ${formatBytes(mem.capacity)}`),
    h('p', { class: 'bar-caption', text: 'The line marks the device memory.' }), legendList(parts), formulas);
}

/** Step-time panel. */
export function drawTime(container, plan) {
  const t = plan.time;
  const f = t.formulas ?? {};
  const comm = t.communication ?? {};
  const value = (k) => (k in comm ? comm[k] : t[k]);
  // `cls` keeps the optimizer-step colour apart from the optimizer-state colour of the memory bar.
  const parts = TIME_PARTS.filter(([k]) => value(k) !== undefined && (k === 'compute' || num(value(k)) > 0))
    .map(([k, label, cls]) => ({ key: cls ?? k, label, value: value(k), text: formatSeconds(value(k)) }));
  container.replaceChildren(
    h('p', { class: 'step-total' }, h('strong', { text: `Step ${formatSeconds(t.step)}` }), ' per optimizer step (slowest stage sets the pace).'),
    stackedBar(parts, t.step, null, `Step time ${formatSeconds(t.step)}: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}`),
    legendList(parts),
    h('details', { class: 'formula' }, h('summary', { text: 'Formulas and scope' }),
      h('ul', {}, ...TIME_FORMULAS.filter(([k]) => f[k]).map(([k, label]) => h('li', {}, h('strong', { text: `${label}: ` }), f[k]))),
      h('p', { text: 'Scope: one device of the slowest pipeline stage. Only communication that cannot overlap with compute is counted as exposed; the table lists the full time of each transfer.' })));
}

/** Headline figures, each with its formula and scope. */
export function drawFigures(container, plan) {
  const b = plan.batch;
  const tp = plan.throughput;
  const tf = tp.formulas ?? {};
  const items = [
    ['Tokens per second', formatCount(tp.tokens_per_second), tf.tokens_per_second, 'the whole cluster'],
    ['MFU', formatPercent(tp.mfu), tf.mfu, 'average over all GPUs'],
    ['HFU', formatPercent(tp.hfu), tf.hfu, 'average over all GPUs'],
    ['Model FLOP/s per GPU', formatFlops(tp.model_flops_per_gpu), tf.model_flops_per_gpu, 'one GPU, averaged'],
    ['Global batch', formatCount(b.global), b.equation, 'sequences per optimizer step'],
    ['Tokens per step', formatCount(b.tokens_per_step), 'global batch × sequence length', 'whole cluster, per optimizer step'],
    ['Parameters', formatCount(plan.parameters, { compact: true }), 'exact count from the shape (embeddings, layers, head)', 'the whole model'],
    ['FLOPs per step', scientific(plan.flops_per_step), 'forward + backward matmul FLOPs (3 × forward) for the global batch', 'the whole cluster'],
  ];
  container.replaceChildren(h('dl', { class: 'figures' }, ...items.map(([name, value, formula, scope]) =>
    h('div', { class: 'figure', dataset: { figure: name } }, h('dt', { text: name }), h('dd', {}, value, explain('How', formula, `Scope: ${scope}.`))))));
}
