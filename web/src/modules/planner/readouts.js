// Readouts: memory of the most loaded device as a stacked bar against its capacity, the step
// time broken into compute, exposed communication per group and bubble, and the headline
// figures. Each figure opens to its formula (the engine's, its numbers formatted here) and scope.
// The panels are built as element descriptions (vnode.js) that redrawInPlace() patches in.
import { s, vh as h } from './vnode.js';
import { formatBytes, formatCount, formatFlops, formatPercent, formatSeconds } from '../../format.js';
import { formulaText, scientific } from './formula.js';

/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {import('./vnode.js').VNode} VNode */
/** One segment of a stacked bar and its legend entry. */
/** @typedef {{key: string, label: string, value: number | undefined, text: string}} Part */

/** @type {[keyof TrainingPlan['memory'] & keyof TrainingPlan['memory']['formulas'], string][]} */
const MEMORY_PARTS = [
  ['parameters', 'Weights'],
  ['gradients', 'Gradients'],
  ['optimizer', 'Optimizer state'],
  ['activations', 'Activations'],
  ['buffers', 'Buffers'],
  ['reserve', 'Allocator cache'],
  ['context', 'CUDA context'],
  ['nccl', 'NCCL buffers'],
  ['userbuffers', 'Userbuffers (overlapped TP)'],
];

/**
 * The memory parts a device holds: every part always, but Transformer Engine's userbuffers only
 * when the split has them (overlapped tensor parallelism under Megatron).
 * @param {Record<string, any>} m  a plan's memory, or a stage's
 */
function memoryParts(m) {
  return MEMORY_PARTS.filter(([key]) => key !== 'userbuffers' || num(m[key]) > 0).map(([key, label]) => ({
    key,
    label,
    value: m[key],
    text: formatBytes(m[key]),
  }));
}

/** @type {[string, string, string?][]} */
const TIME_PARTS = [
  ['compute', 'Compute'],
  ['TP', 'TP communication'],
  ['PP', 'PP communication'],
  ['DP', 'DP communication'],
  ['CP', 'CP communication'],
  ['EP', 'EP communication'],
  ['bubble', 'Pipeline bubble'],
  ['optimizer', 'Optimizer step', 'optstep'],
];

/** @type {[keyof TrainingPlan['time']['formulas'], string][]} */
const TIME_FORMULAS = [
  ['step', 'Step'],
  ['compute', 'Compute'],
  ['communication', 'Exposed communication'],
  ['bubble', 'Pipeline bubble'],
  ['optimizer', 'Optimizer step'],
];

/** @param {unknown} x */
function num(x) {
  return typeof x === 'number' && Number.isFinite(x) ? x : 0;
}

/**
 * A horizontal stacked bar; `limit` draws a capacity line. Returns an SVG.
 * @param {Part[]} parts
 * @param {number} total
 * @param {number | null} limit
 * @param {string} label
 */
export function stackedBar(parts, total, limit, label) {
  const W = 400;
  const scale = Math.max(total, limit ?? 0) || 1;
  const svg = s('svg', { class: 'stack-svg', viewBox: `0 0 ${W} 34`, role: 'img', 'aria-label': label });
  let x = 0;
  for (const p of parts) {
    const w = (num(p.value) / scale) * W;
    if (w <= 0) continue;
    svg.append(
      s(
        'rect',
        { x, y: 4, width: w, height: 22, class: `seg seg-${p.key}` },
        s('title', { text: `${p.label}: ${p.text}` }),
      ),
    );
    x += w;
  }
  if (limit) {
    const lx = Math.min((limit / scale) * W, W - 1);
    svg.append(s('line', { x1: lx, x2: lx, y1: 0, y2: 30, class: 'limit-line' }));
  }
  return svg;
}

/** @param {Part[]} parts */
export function legendList(parts) {
  return h(
    'ul',
    { class: 'stack-legend' },
    ...parts.map((p) =>
      h(
        'li',
        {},
        h('span', { class: `swatch seg-${p.key}` }),
        h('span', { class: 'stack-name', text: p.label }),
        h('span', { class: 'stack-value', text: p.text }),
      ),
    ),
  );
}

/**
 * @param {string} summary
 * @param {import('./formula.js').Formula | string | undefined} formula the engine's, or the page's own text
 * @param {string} scope
 */
function explain(summary, formula, scope) {
  return h(
    'details',
    { class: 'formula' },
    h('summary', { text: summary }),
    formula ? h('p', {}, h('strong', { text: 'Formula. ' }), formulaText(formula)) : null,
    scope ? h('p', {}, h('strong', { text: 'Scope. ' }), scope) : null,
  );
}

/**
 * A panel's "Formulas and scope": each named formula the engine gave, then what is not modelled.
 * @param {[string, string][]} names the formulas' keys and labels, in order
 * @param {Record<string, any>} formulas the engine's formulas by key
 * @param {string} scope
 */
function formulaList(names, formulas, scope) {
  return h(
    'details',
    { class: 'formula' },
    h('summary', { text: 'Formulas and scope' }),
    h(
      'ul',
      {},
      ...names
        .filter(([k]) => formulas[k])
        .map(([k, label]) => h('li', {}, h('strong', { text: `${label}: ` }), formulaText(formulas[k]))),
    ),
    h('p', { text: scope }),
  );
}

/**
 * Bars for kinds of rank, on one scale with the card's capacity: each pick a caption's lead
 * (the rest of it the rank's device memory) and that rank's memory.
 * @param {string} title
 * @param {string} extraClass
 * @param {[string, any][]} picks
 * @param {number} capacity
 */
function rankBars(title, extraClass, picks, capacity) {
  const scale = Math.max(capacity, ...picks.map(([, m]) => num(m?.device)));
  return h(
    'div',
    { class: `stage-memory${extraClass ? ` ${extraClass}` : ''}` },
    h('h4', { text: title }),
    ...picks.map(([lead, m]) => {
      const parts = memoryParts(m);
      return h(
        'figure',
        { class: 'stage-bar' },
        h('figcaption', { text: `${lead}: ${formatBytes(m.device)}${m.fits ? '' : ', does not fit'}` }),
        stackedBar(
          parts,
          scale,
          capacity,
          `${lead}: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}; capacity ${formatBytes(capacity)}`,
        ),
      );
    }),
  );
}

/**
 * One bar per kind of rank a pipeline has (first stage, a middle one, last stage): the first
 * stage holds pp micro-batches of activations, the last the head and the loss's logits. Null for
 * a single stage (the panel's own bar is that rank).
 * @param {TrainingPlan} plan
 */
function stageBars(plan) {
  /** @type {any[]} */
  const list = plan.stages ?? [];
  if (list.length < 2) return null;
  const picks = [list[0]];
  if (list.length > 2) picks.push(list[Math.floor((list.length - 1) / 2)]);
  picks.push(list[list.length - 1]);
  const names = ['First stage', ...(list.length > 2 ? ['A middle stage'] : []), 'Last stage'];
  return rankBars(
    'Per pipeline stage',
    '',
    picks.map((st, k) => [
      `${names[k]} (stage ${st.index + 1}, ${formatCount(st.layers)} layers, ${formatCount(st.inflight_microbatches)} micro-batch${st.inflight_microbatches === 1 ? '' : 'es'} in flight)`,
      st.memory,
    ]),
    plan.memory.capacity,
  );
}

/**
 * Under uneven routing, the busiest expert-parallel rank (the panel's headline, what must fit)
 * beside a rank of the same stage at the mean load. Null when routing is balanced (every expert
 * rank then holds the same).
 * @param {TrainingPlan} plan
 */
function expertRankBars(plan) {
  const mem = plan.memory;
  if (!mem.mean_expert_rank) return null;
  return rankBars(
    'Per expert-parallel rank',
    'expert-memory',
    [
      [`Busiest expert rank (${plan.parallel.routing_imbalance} × the mean routed tokens)`, mem],
      ['A rank at the mean expert load', mem.mean_expert_rank],
    ],
    mem.capacity,
  );
}

/**
 * Memory panel.
 * @param {VNode} container
 * @param {TrainingPlan} plan
 */
export function drawMemory(container, plan) {
  const mem = plan.memory;
  const parts = memoryParts(mem);
  const fits = mem.fits;
  const verdict = h(
    'p',
    { class: `fit-verdict ${fits ? 'fits' : 'no-fit'}` },
    h('strong', { text: fits ? 'Fits. ' : 'Does not fit. ' }),
    `${formatBytes(mem.device)} of ${formatBytes(mem.capacity)} on the most loaded GPU, as nvidia-smi would show it ` +
      `(${formatBytes(mem.total)} allocated by the framework at its peak, ${formatBytes(mem.reserved)} held by ` +
      `PyTorch's caching allocator` +
      (fits
        ? `; ${formatBytes(mem.headroom)} more could be allocated, since the allocator gives its cache back before it runs out).`
        : ').'),
  );
  const f = mem.formulas ?? {};
  const formulas = formulaList(
    MEMORY_PARTS,
    f,
    'Scope: one device of the most loaded pipeline stage (under uneven expert routing, its busiest expert-parallel rank). The allocator cache is a share of the allocated peak measured in training logs, not a simulation of its blocks. Not modelled: library workspaces (cuBLAS, Transformer Engine), communication buffers of pipeline send and receive.',
  );
  container.replaceChildren(
    verdict,
    stackedBar(
      parts,
      mem.device,
      mem.capacity,
      `Memory per device: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}; capacity ${formatBytes(mem.capacity)}`,
    ),
    h('p', { class: 'bar-caption', text: 'The line marks the device memory.' }),
    legendList(parts),
    stageBars(plan),
    expertRankBars(plan),
    formulas,
  );
}

/** @type {[keyof TrainingPlan['time']['ideal']['gap_parts'], string][]} */
const GAP_PARTS = [
  ['compute', 'compute (GEMM shapes, attention)'],
  ['communication', 'communication (latency, real bandwidth, calls that wait)'],
  ['bubble', 'pipeline bubble'],
  ['optimizer', 'optimizer step'],
];

/**
 * The ideal bound as a second bar on the same scale, and what the gap is made of.
 * @param {TrainingPlan['time']} t
 * @param {Part[]} parts
 */
function idealPair(t, parts) {
  const ideal = t.ideal;
  if (!ideal) return [];
  const idealParts = [
    { key: 'compute', label: 'Compute', value: ideal.compute, text: formatSeconds(ideal.compute) },
    { key: 'DP', label: 'Exposed communication', value: ideal.communication, text: formatSeconds(ideal.communication) },
    { key: 'bubble', label: 'Pipeline bubble', value: ideal.bubble, text: formatSeconds(ideal.bubble) },
    { key: 'optstep', label: 'Optimizer step', value: ideal.optimizer, text: formatSeconds(ideal.optimizer) },
  ].filter((p) => num(p.value) > 0);
  const gaps = GAP_PARTS.map(([k, label]) => /** @type {[string, number]} */ ([label, num(ideal.gap_parts?.[k])]))
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1]);
  return [
    h(
      'div',
      { class: 'time-pair', dataset: { pair: 'as-run' } },
      h('span', { class: 'pair-label', text: `As run ${formatSeconds(t.step)}` }),
      stackedBar(parts, t.step, null, `As run: step ${formatSeconds(t.step)}`),
    ),
    h(
      'div',
      { class: 'time-pair', dataset: { pair: 'ideal' } },
      h('span', { class: 'pair-label', text: `Ideal bound ${formatSeconds(ideal.step)}` }),
      stackedBar(
        idealParts,
        t.step,
        null,
        `Ideal bound: step ${formatSeconds(ideal.step)}: ${idealParts.map((p) => `${p.label} ${p.text}`).join(', ')}`,
      ),
    ),
    h(
      'p',
      { class: 'gap-note' },
      h('strong', { text: `Gap ${formatSeconds(ideal.gap)} (${formatPercent(ideal.gap_share)} of the step). ` }),
      gaps.length
        ? `Most of it: ${gaps
            .slice(0, 3)
            .map(([label, v]) => `${label} ${formatSeconds(v)}`)
            .join('; ')}.`
        : 'The run reaches the bound.',
      ' The bound has every GEMM at its best rate, links at their nominal bandwidth with no latency, one collective per step, and free overlap.',
    ),
  ];
}

/**
 * Step-time panel: the step as run, the ideal bound beside it on the same scale.
 * @param {VNode} container
 * @param {TrainingPlan} plan
 */
export function drawTime(container, plan) {
  const t = plan.time;
  const f = t.formulas ?? {};
  const comm = t.communication ?? {};
  // A group's exposed communication, or a term of the step (TIME_PARTS names both kinds).
  const value = (/** @type {string} */ k) =>
    /** @type {number | undefined} */ (
      k in comm ? /** @type {Record<string, unknown>} */ (comm)[k] : /** @type {Record<string, unknown>} */ (t)[k]
    );
  // `cls` keeps the optimizer-step colour apart from the optimizer-state colour of the memory bar.
  const parts = TIME_PARTS.filter(([k]) => value(k) !== undefined && (k === 'compute' || num(value(k)) > 0)).map(
    ([k, label, cls]) => ({ key: cls ?? k, label, value: value(k), text: formatSeconds(value(k)) }),
  );
  const pair = idealPair(t, parts);
  container.replaceChildren(
    h(
      'p',
      { class: 'step-total' },
      h('strong', { text: `Step ${formatSeconds(t.step)}` }),
      ' per optimizer step as run (slowest stage sets the pace).',
    ),
    measuredRun(plan),
    ...(pair.length
      ? pair
      : [
          stackedBar(
            parts,
            t.step,
            null,
            `Step time ${formatSeconds(t.step)}: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}`,
          ),
        ]),
    legendList(parts),
    formulaList(
      TIME_FORMULAS,
      f,
      'Scope: one device of the slowest pipeline stage. Only communication that cannot overlap with compute is counted as exposed; the table lists the full time of each transfer.',
    ),
  );
}

/**
 * The engine's error against a published step (step ÷ published − 1, the engine's) in words.
 * @param {number} error
 */
export function offBy(error) {
  return `${formatPercent(Math.abs(error))} ${error > 0 ? 'slower' : 'faster'}`;
}

/**
 * When a published run had exactly this configuration (the engine's `published`), its measured
 * step beside the engine's, so the reader sees how far this model is off here.
 * @param {TrainingPlan} plan
 */
function measuredRun(plan) {
  const run = /** @type {TrainingPlan['published'] | undefined} */ (plan.published);
  if (!run) return null;
  /** @param {{name: string, url: string}} r */
  const source = (r) =>
    /^https:\/\//.test(r.url) ? h('a', { href: r.url, target: '_blank', rel: 'noopener', text: r.name }) : r.name;
  /** @param {number} error */
  const off = (error) => (Math.abs(error) < 0.005 ? 'within 0.5 % of it' : `${offBy(error)} than measured`);
  // Another source that measured the same configuration is named too, its own error beside it.
  const others = (run.also ?? []).flatMap((r) => [
    ` The same configuration was also measured at ${formatSeconds(r.step)} per step (`,
    source(r),
    `, ${r.where}): the engine is ${off(r.error)} there.`,
  ]);
  return h(
    'p',
    { class: 'measured-run', dataset: { readout: 'measured-run' } },
    `Measured for exactly this configuration: ${formatSeconds(run.step)} per step (`,
    source(run),
    `, ${run.where}). The engine is ${off(run.error)}${run.set === 'calibration' ? ' (its constants were fitted on this source, so this is not a test of it)' : ''}.`,
    ...others,
    ' The validation view below lists what each run assumed.',
  );
}

/**
 * Headline figures, each with its formula and scope.
 * @param {VNode} container
 * @param {TrainingPlan} plan
 */
export function drawFigures(container, plan) {
  const b = plan.batch;
  const tp = plan.throughput;
  const tf = tp.formulas ?? {};
  /** @type {[string, string, import('./formula.js').Formula | string | undefined, string][]} name, value, formula, scope */
  const items = [
    ['Tokens per second', formatCount(tp.tokens_per_second), tf.tokens_per_second, 'the whole cluster'],
    ['MFU', formatPercent(tp.mfu), tf.mfu, 'average over all GPUs'],
    [
      'MFU at the ideal bound',
      formatPercent(tp.ideal?.mfu),
      'the same FLOPs over the ideal step',
      'what the split could reach with perfect kernels, links and overlap',
    ],
    ['HFU', formatPercent(tp.hfu), tf.hfu, 'average over all GPUs'],
    ['Model FLOP/s per GPU', formatFlops(tp.model_flops_per_gpu), tf.model_flops_per_gpu, 'one GPU, averaged'],
    ['Global batch', formatCount(b.global), b.equation, 'sequences per optimizer step'],
    [
      'Tokens per step',
      formatCount(b.tokens_per_step),
      'global batch × sequence length',
      'whole cluster, per optimizer step',
    ],
    [
      'Parameters',
      formatCount(plan.parameters, { compact: true }),
      'exact count from the shape (embeddings, layers, head)',
      'the whole model',
    ],
    [
      'FLOPs per step',
      scientific(plan.flops_per_step),
      'forward + backward matmul FLOPs (3 × forward) for the global batch',
      'the whole cluster',
    ],
  ];
  // Throughput of a plan that does not fit is what it would reach if it ran: each says so.
  const runs = plan.memory.fits;
  const speed = new Set(['Tokens per second', 'MFU', 'MFU at the ideal bound', 'HFU', 'Model FLOP/s per GPU']);
  container.replaceChildren(
    runs
      ? null
      : h('p', {
          class: 'would-not-run-note',
          text: 'This split does not fit in memory, so it would not run: the speeds below are what it would reach if it did.',
        }),
    h(
      'dl',
      { class: 'figures' },
      ...items.map(([name, value, formula, scope]) =>
        h(
          'div',
          { class: 'figure', dataset: { figure: name } },
          h('dt', { text: name }),
          h(
            'dd',
            {},
            value,
            !runs && speed.has(name) ? h('span', { class: 'would-not-run', text: ' (would not run)' }) : null,
            explain('How', formula, `Scope: ${scope}.`),
          ),
        ),
      ),
    ),
  );
}

/**
 * The split's one-line result beside its controls: fits or not, the step and MFU, each the
 * figure the panels below show (the engine's numbers, formatted the same way).
 * @param {VNode} container
 * @param {TrainingPlan} plan
 */
export function drawSummary(container, plan) {
  const mem = plan.memory;
  const sep = () => h('span', { class: 'sep', text: ' · ' });
  // A plan that does not fit would not run: its step and MFU are what it would take, said so.
  container.replaceChildren(
    h('strong', { class: mem.fits ? 'fits' : 'no-fit', text: mem.fits ? 'Fits' : 'Does not fit' }),
    ` ${formatBytes(mem.device)}`,
    h('span', { class: 'summary-capacity', text: ` of ${formatBytes(mem.capacity)}` }),
    sep(),
    `step ${formatSeconds(plan.time.step)}`,
    sep(),
    `MFU ${formatPercent(plan.throughput.mfu)}`,
    mem.fits ? null : h('span', { class: 'would-not-run', text: ' (would not run)' }),
  );
}
