// The current split in plain language: the diagram's text equivalent for screen readers and a
// copyable note. Built from the engine's plan only; counts and bytes are the engine's.
import { formatBytes, formatBytesDecimal, formatPercent, formatSeconds } from '../../format.js';
import { countOf, formatCount, ordinal } from '../../format.js';
import { patch, vh } from './vnode.js';
import { backwardPrefetchApplies } from './requests.js';

/** Megatron's recompute modules in the words of the explorer's checkboxes. */
const RECOMPUTED_PART = /** @type {Record<string, string>} */ ({
  core_attn: 'attention core',
  moe_act: "experts' activation",
  layernorm: 'norms kept apart',
  mla_up_proj: 'latent up-projections',
  mlp: 'dense MLP',
  moe: 'whole expert layer',
  shared_experts: 'shared experts',
});

/**
 * Which layers full recomputation redoes, where it is not each layer on its own.
 * @param {{recompute_method?: string, recompute_num_layers?: number}} p the plan's split
 */
function recomputedLayers(p) {
  if (p.recompute_method === undefined || p.recompute_num_layers === undefined) return '';
  const n = p.recompute_num_layers;
  return p.recompute_method === 'block'
    ? ` (the first ${n} layer${n === 1 ? '' : 's'} of each stage; the others keep their activations)`
    : ` (every layer, in groups of ${n} that keep one input each)`;
}

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {import('./diagram.js').ServingPlan} ServingPlan */
/** @typedef {import('./diagram.js').TrainingTransfer} TrainingTransfer */
/** @typedef {import('./diagram.js').ServingTransfer} ServingTransfer */

const word = (/** @type {number} */ n) =>
  Number.isInteger(n) && n >= 0 && n < WORDS.length ? WORDS[n] : formatCount(n);
const plural = (/** @type {number} */ n, /** @type {string} */ one, many = `${one}s`) =>
  `${word(n)} ${n === 1 ? one : many}`;
/** @type {Record<string, string>} */
const LINK = { intra: 'inside a node (NVLink)', inter: 'over the network between nodes' };

/**
 * "of the norm output…", but "of each weight…", not "of the the same weights…": the engine's names
 * that open with their own determiner keep it.
 * @param {string} name
 */
const ofThe = (name) => (/^(the|each|one|a|an) /i.test(name) ? `of ${name}` : `of the ${name}`);

/**
 * One clause per transfer: how often, what, how big, where it runs.
 * @param {TrainingTransfer} t
 */
function transferClause(t) {
  const often =
    t.count_per_microbatch > 0
      ? `${plural(t.count_per_microbatch, t.collective)} per micro-batch`
      : `${plural(t.count_per_step, t.collective)} per step`;
  return `${often} ${ofThe(t.name)} (${formatBytes(t.bytes_per_call)} each, ${t.phase}) ${LINK[t.link] ?? ''}`.trim();
}

/** @param {TrainingTransfer[]} list */
function groupSentence(list) {
  return list.map(transferClause).join('; ');
}

/**
 * The shape's parts a plain transformer does not have, in words (empty when it has none).
 * @param {TrainingPlan['model']} m
 */
function shapeSentence(m) {
  /** @type {string[]} */
  const parts = [];
  if (m.kv_lora_rank > 0)
    parts.push(
      `latent attention: keys and values are expanded from a shared latent of ${m.kv_lora_rank} per token, which is what a serving cache keeps`,
    );
  if (m.shared_experts > 0)
    parts.push(
      `${m.shared_experts === 1 ? 'one shared expert' : `${m.shared_experts} shared experts`} beside the routed ones, used by every token`,
    );
  if (m.dense_layers > 0) parts.push(`the first ${m.dense_layers} layers have a dense MLP instead of experts`);
  if (m.moe_every > 1) parts.push(`experts sit in every ${ordinal(m.moe_every)} layer only`);
  if (m.window > 0)
    parts.push(
      `sliding-window attention over the last ${m.window} tokens${m.full_every > 0 ? `, with every ${ordinal(m.full_every)} layer attending to the whole sequence` : ''}`,
    );
  if (m.mtp_layers > 0)
    parts.push(`${m.mtp_layers} multi-token-prediction module${m.mtp_layers === 1 ? '' : 's'} on the last stage`);
  return parts.length ? `The model has ${parts.join('; ')}.` : '';
}

/**
 * Sentences describing the plan, in reading order.
 * @param {TrainingPlan & {warnings?: {message: string}[]}} plan  valid plan response (with any
 *   warnings the engine gives beside it, which the contract's answer schema does not list)
 * @param {string} modelName
 * @returns {string[]}
 */
export function describePlan(plan, modelName) {
  const p = plan.parallel;
  const hw = plan.hardware;
  const by = (/** @type {string} */ g) => (plan.communication ?? []).filter((t) => t.group === g);
  /** @type {string[]} */
  const out = [];
  out.push(
    `${modelName} (${formatCount(plan.parameters, { compact: true })} parameters, ${plan.model.layers} layers) on ${formatCount(hw.gpus)} GPUs in nodes of ${hw.gpus_per_node}: ` +
      `dp = ${p.dp}, tp = ${p.tp}, pp = ${p.pp}, cp = ${p.cp}${p.ep > 1 ? `, ep = ${p.ep}` : ''}${p.etp !== undefined ? `, etp = ${p.etp}` : ''}, ZeRO stage ${p.zero}${p.sequence_parallel ? ', sequence parallel' : ''}, recompute ${p.recompute}${p.recompute_modules ? ` (${p.recompute_modules.length ? p.recompute_modules.map((n) => RECOMPUTED_PART[n] ?? n).join(', ') : 'no part'})` : ''}${recomputedLayers(p)}.`,
  );
  const shape = shapeSentence(plan.model);
  if (shape) out.push(shape);
  if (p.tp > 1) {
    out.push(
      `TP = ${p.tp}: each layer's QKV, attention output and ${p.etp !== undefined ? 'dense MLP' : 'MLP'} weights are split ${word(p.tp)} ways (column-parallel then row-parallel), so the partial results must be combined: ${groupSentence(by('TP'))}.`,
    );
  } else out.push('TP = 1: every layer is whole on one GPU; nothing is exchanged inside a layer.');
  if (p.pp > 1) {
    out.push(
      `PP = ${p.pp}: the ${plan.model.layers} layers are grouped into ${word(p.pp)} stages on different GPUs; at each stage boundary the activation goes forward and its gradient comes back. ` +
        `The ${plan.pipeline.timed_stage === 0 ? 'first' : 'last'} stage is the slowest and sets the pace; one of its GPUs has ${groupSentence(by('PP'))}. ` +
        `With the ${p.schedule === 'gpipe' ? 'GPipe' : p.schedule === 'interleaved' ? 'interleaved 1F1B' : '1F1B'} schedule and ${plan.pipeline.microbatches} micro-batches the pipeline idles ${formatPercent(plan.pipeline.bubble_fraction)} of the time (the bubble).`,
    );
  }
  if (p.cp > 1)
    out.push(
      `CP = ${p.cp}: the sequence is cut into ${word(p.cp)} pieces; attention needs every key and value, ${p.cp_attention === 'all-gather' ? 'so they are gathered whole before attention starts, and it waits for them' : 'so blocks are passed round the ring while attention runs'}: ${groupSentence(by('CP'))}.`,
    );
  if (p.ep > 1)
    out.push(
      `EP = ${p.ep}: the experts are spread over ${word(p.ep)} GPUs; tokens travel to their experts and back: ${groupSentence(by('EP'))}.`,
    );
  if (p.etp !== undefined)
    out.push(
      `ETP = ${p.etp}: each expert is split ${p.etp > 1 ? `${word(p.etp)} ways` : 'no further'} instead of over the ${word(p.tp)} tensor-parallel ranks; the expert layers run on a grid of their own (etp × ep × expert-data-parallel ranks per stage), so each rank holds 1/(ep × etp) of the stage's expert weights and, with sequence parallelism, dispatches only its own tokens.`,
    );
  if (p.routing_imbalance !== undefined)
    out.push(
      `Routing imbalance ${p.routing_imbalance}×: the busiest expert-parallel rank receives ${p.routing_imbalance} times the mean number of tokens, so its expert GEMMs and its share of the all-to-all set the pace, and every other rank waits for it.`,
    );
  const dp = by('DP');
  if (dp.length) {
    const zero =
      [
        'each replica keeps full weights, gradients and optimizer state',
        'the optimizer state is sharded over the replicas',
        'gradients and optimizer state are sharded over the replicas',
        'weights, gradients and optimizer state are all sharded; weights are gathered just before use',
      ][p.zero] ?? '';
    // The engine's normalized split says when PyTorch's FSDP gathers the next block in backward.
    const late =
      backwardPrefetchApplies(p) && p.backward_prefetch === 'post'
        ? "; backward prefetch comes after each block's gradients, so the next block waits for its weights"
        : '';
    // HSDP: the engine's split gives the shard group's size (dp when the state is sharded over all).
    const hsdp =
      p.zero > 0 && p.dp_shard < p.dp
        ? `; the state is sharded within groups of ${p.dp_shard} replicas and copied across the groups, whose gradient shards are then all-reduced`
        : '';
    out.push(
      `DP = ${p.dp}: ${word(p.dp)} replicas see different examples; ${zero}${hsdp}${late}: ${groupSentence(dp)}.`,
    );
  } else if (p.dp === 1) out.push('DP = 1: one replica; no gradients are exchanged between replicas.');
  /** @type {Record<string, string>} */
  const formats = {
    'fp8-delayed': 'FP8 with delayed scaling',
    'fp8-current': 'FP8 with current (per-tensor) scaling',
    'fp8-blockwise': 'FP8 with 1×128 and 128×128 block scales',
    mxfp8: 'MXFP8 (a scale per 32 elements)',
    nvfp4: 'NVFP4',
  };
  if (formats[p.precision])
    out.push(
      `Precision: each layer's linear layers run in ${formats[p.precision]}, at that format's tensor-core rate, with casts before each of them; the output layer, attention and the router stay in BF16.`,
    );
  const mem = plan.memory;
  out.push(
    `Memory on the most loaded GPU: ${formatBytes(mem.device)} of ${formatBytes(mem.capacity)}, so it ${mem.fits ? 'fits' : 'does not fit'}. ` +
      `One step of ${formatCount(plan.batch.global)} sequences (${plan.batch.equation}) takes ${formatSeconds(plan.time.step)}: ${formatCount(plan.throughput.tokens_per_second)} tokens/s at ${formatPercent(plan.throughput.mfu)} MFU.`,
  );
  for (const w of plan.warnings ?? []) out.push(`Note: ${w.message}`);
  return out;
}

/**
 * Writes the description into `container` as paragraphs, changing only the text that differs.
 * @param {HTMLElement} container
 * @param {TrainingPlan} plan  valid plan response
 * @param {string} modelName
 */
export function drawDescription(container, plan, modelName) {
  patch(
    container,
    describePlan(plan, modelName).map((t) => vh('p', { text: t })),
  );
}

// Serving sizes in decimal units, as the engine's formulas and the diagram write them.
const GB = (/** @type {number} */ b) => formatBytesDecimal(b);

/**
 * One clause per serving transfer: how many calls, what, how big each and in all.
 * @param {ServingTransfer} t
 */
function servingClause(t) {
  const per = t.phase === 'prefill' ? 'per prompt' : 'per decode step';
  const where = t.stage > 0 ? ' on the last stage' : '';
  return (
    `${plural(t.count_per_step, t.collective)} ${ofThe(t.name)}${where} (${GB(t.bytes_per_call)} each, ` +
    `${GB(t.bytes_per_step)} ${per}, ${t.group} group of ${t.group_size}) ${LINK[t.link] ?? ''}`.trim()
  );
}

/**
 * Consecutive stages that hold the same, as [first, last] index pairs with the first stage's figures.
 * @param {ServingPlan['stages']} stages
 */
function stageRuns(stages) {
  /** @type {{st: ServingPlan['stages'][number], last: number}[]} */
  const runs = [];
  for (const st of stages) {
    const prev = runs[runs.length - 1];
    const same =
      prev && !st.embedding && !st.head && !prev.st.embedding && !prev.st.head && st.layers === prev.st.layers;
    if (same) prev.last = st.index;
    else runs.push({ st, last: st.index });
  }
  return runs;
}

/**
 * The serving plan in sentences: the split, what each GPU of each stage holds (KV cache
 * included), and what crosses devices during prefill and during decode.
 * @param {ServingPlan} plan  valid inference plan response
 * @param {string} modelName
 * @returns {string[]}
 */
export function describeServing(plan, modelName) {
  const p = plan.parallel;
  const sv = plan.serving;
  /** @type {string[]} */
  const out = [];
  // Each replica's GPUs serve their own share of the users.
  const perReplica = p.dp > 1 ? ' per replica' : '';
  out.push(
    `${modelName} (${formatCount(plan.model.parameters, { compact: true })} parameters, ${plan.model.layers} layers) served on ${formatCount(plan.hardware.gpus)} GPUs: ` +
      `${plural(p.dp, 'replica')} of tp = ${p.tp}, pp = ${p.pp}${p.ep > 1 ? `, ep = ${p.ep}` : ''}; ${countOf(sv.concurrency, 'user')} at once, ` +
      `prompts of ${formatCount(sv.prompt)} tokens and ${formatCount(sv.output)} output tokens; weights in ${sv.weights}${sv.expert_weights && sv.expert_weights !== sv.weights ? ` (routed experts in ${sv.expert_weights})` : ''}, KV cache in ${sv.kv}.`,
  );
  for (const { st, last } of stageRuns(plan.stages)) {
    const m = st.memory;
    const which =
      last > st.index
        ? `Stages ${st.index + 1}–${last + 1} each hold`
        : `${p.pp > 1 ? `Stage ${st.index + 1}` : 'The model'} holds`;
    const ends = [st.embedding ? 'the embedding' : '', st.head ? 'the output head' : ''].filter(Boolean).join(' and ');
    out.push(
      `${which} ${plural(st.layers, 'layer')}${ends ? ` and ${ends}` : ''} on ${plural(st.devices, 'GPU')}. ` +
        `Each GPU keeps ${GB(m.weights)} of weights and ${GB(m.kv_cache)} of KV cache ` +
        `(${countOf(m.sequences, 'user')}${perReplica}, ${GB(m.kv_cache_per_token)} per token, ${st.kv_heads_per_device} KV head${st.kv_heads_per_device === 1 ? '' : 's'} per GPU): ` +
        `${GB(m.total)} of ${GB(m.capacity)} with the working set and reserve, so it ${m.fits ? `fits, with room for ${countOf(m.max_sequences, 'user')}${perReplica}` : 'does not fit'}.`,
    );
  }
  for (const phase of /** @type {const} */ (['prefill', 'decode'])) {
    const list = plan.communication[phase];
    const what =
      phase === 'prefill'
        ? `During prefill (one prompt of ${formatCount(sv.prompt)} tokens)`
        : `During decode (one new token for each of ${countOf(plan.memory.sequences_per_device, 'user')} per step)`;
    out.push(
      list.length
        ? `${what}, these cross devices: ${list.map(servingClause).join('; ')}.`
        : `${what}, nothing crosses a device boundary: each GPU holds a whole copy of the model.`,
    );
  }
  return out;
}

/**
 * Writes the serving description into `container` as paragraphs.
 * @param {HTMLElement} container @param {ServingPlan} plan @param {string} modelName
 */
export function drawServingDescription(container, plan, modelName) {
  patch(
    container,
    describeServing(plan, modelName).map((t) => vh('p', { text: t })),
  );
}
