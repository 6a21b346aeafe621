// The memory panel: the most loaded device as a stacked bar against the card's capacity, the
// kinds of rank a pipeline or uneven expert routing makes (first, middle and last stage; the
// busiest and a mean expert rank) on one scale, and each part's formula and scope.
import { vh as h } from './vnode.js';
import { formatBytes, formatCount } from '../../format.js';
import { formulaList, legendList, num, stackedBar } from './readout-parts.js';

/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {import('./vnode.js').VNode} VNode */

/** @type {[keyof TrainingPlan['memory'] & keyof TrainingPlan['memory']['formulas'], string][]} */
const MEMORY_PARTS = [
  ['parameters', 'Weights'],
  ['gradients', 'Gradients'],
  ['optimizer', 'Optimizer state'],
  ['activations', 'Activations'],
  ['buffers', 'Buffers'],
  ['workspaces', 'GEMM workspaces'],
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
  // Where the allocated peak falls, when PyTorch's loop moves it: the engine's sentence.
  /** @type {string | undefined} */
  const note = /** @type {any} */ (mem).peak_note;
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
    'Scope: one device of the most loaded pipeline stage (under uneven expert routing, its busiest expert-parallel rank). ' +
      (plan.scope?.find((line) => line.startsWith('Memory:')) ?? ''),
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
    note ? h('p', { class: 'peak-moment', text: note }) : null,
    legendList(parts),
    stageBars(plan),
    expertRankBars(plan),
    formulas,
  );
}
