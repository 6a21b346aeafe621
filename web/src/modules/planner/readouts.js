// Readouts: the step time broken into compute, exposed communication per group and bubble, and
// the headline figures (the memory panel is memory-readout.js). Each figure opens to its formula
// (the engine's, its numbers formatted here) and scope.
// The panels are built as element descriptions (vnode.js) that redrawInPlace() patches in.
import { vh as h } from './vnode.js';
import { formatBytes, formatCount, formatFlops, formatPercent, formatSeconds } from '../../format.js';
import { scientific } from './formula.js';
import { explain, formulaList, legendList, num, stackedBar } from './readout-parts.js';

/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {import('./vnode.js').VNode} VNode */
/** @typedef {import('./readout-parts.js').Part} Part */

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
