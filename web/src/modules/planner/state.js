// The planner's flat state (what permalinks carry): its fields, their ranges and units, defaults,
// and the messages that name them. Values are kept in the units the controls show (GiB, TFLOP/s,
// GB/s, µs); requests.js converts them into the engine's SI request.

import { PLAN_REQUEST } from '../../contract-bounds.js';

const GIB = 1024 ** 3;

/** The engine's rank dimensions; an order names each once, innermost first. */
const RANK_DIMS = ['tp', 'cp', 'ep', 'dp', 'pp'];
/** @param {string[]} dims @returns {string[][]} */
const permutations = (dims) =>
  dims.length <= 1
    ? [dims]
    : dims.flatMap((d, i) => permutations(dims.filter((_, j) => j !== i)).map((p) => [d, ...p]));
/** Every rank order the engine takes ("tp-cp-ep-dp-pp", …): what a link may carry. */
export const RANK_ORDERS = permutations(RANK_DIMS).map((p) => p.join('-'));

/**
 * A control whose type, range and choices are the engine's own (its `plan` request schema, in
 * contract-bounds.js), with the range in the unit the control shows (SI ÷ scale).
 * @param {string} path @param {{scale?: number, section?: string, key?: string}} [extra]
 */
function engine(path, extra = {}) {
  const b = /** @type {{type: string, min?: number, exclusiveMin?: number, max?: number, options?: string[]}} */ (
    /** @type {Record<string, object>} */ (PLAN_REQUEST)[path]
  );
  if (!b) throw new Error(`The engine's plan request has no field ${path}.`);
  const scale = extra.scale ?? 1;
  /** @type {Field} */
  const f = {
    type: b.options ? 'choice' : b.type === 'integer' ? 'int' : b.type === 'boolean' ? 'bool' : 'number',
    path,
    ...extra,
  };
  if (b.options) f.options = [...b.options];
  if (b.min !== undefined) f.min = b.min / scale;
  if (b.exclusiveMin !== undefined) ((f.min = b.exclusiveMin / scale), (f.exclusive = true));
  if (b.max !== undefined) f.max = b.max / scale;
  return f;
}

/**
 * One entry per control. type: int | number | bool | choice | set (several of the options, comma-separated). path: where the engine reports a
 * problem with it (JSON pointer), so an error can be shown at the control that caused it.
 * Ranges and choices come from the engine (engine()); only the page's own choices are listed.
 * @typedef {{type: string, path?: string, min?: number, exclusive?: boolean, max?: number, options?: string[], scale?: number, section?: string, key?: string, aliases?: Record<string, string>}} Field
 * @type {Record<string, Field>}
 */
export const FIELDS = {
  model: { type: 'choice', path: '/model/preset', options: ['custom'] },
  layers: engine('/model/layers', { section: 'model' }),
  hidden: engine('/model/hidden', { section: 'model' }),
  heads: engine('/model/heads', { section: 'model' }),
  kv_heads: engine('/model/kv_heads', { section: 'model' }),
  ffn: engine('/model/ffn', { section: 'model' }),
  vocab: engine('/model/vocab', { section: 'model' }),
  seq: engine('/model/seq', { section: 'model' }),
  mlp: engine('/model/mlp', { section: 'model' }),
  position: engine('/model/position', { section: 'model' }),
  tied_embeddings: engine('/model/tied_embeddings', { section: 'model' }),
  experts: engine('/model/experts', { section: 'model' }),
  top_k: engine('/model/top_k', { section: 'model' }),
  expert_ffn: engine('/model/expert_ffn', { section: 'model' }),
  // No control of their own: set by presets and imported runs (import.js), carried by permalinks.
  norm: engine('/model/norm', { section: 'model' }),
  bias: engine('/model/bias', { section: 'model' }),
  qkv_bias: engine('/model/qkv_bias', { section: 'model' }),
  // 0: hidden ÷ heads (the engine's default); Qwen3 and Gemma set their own.
  head_dim: engine('/model/head_dim', { section: 'model' }),
  qk_norm: engine('/model/qk_norm', { section: 'model' }),
  dropout: engine('/model/dropout', { section: 'model' }),
  // Latent attention, shared experts, the expert-layer pattern, sliding windows and multi-token
  // prediction: set by presets and imported runs, carried by permalinks.
  q_lora_rank: engine('/model/q_lora_rank', { section: 'model' }),
  kv_lora_rank: engine('/model/kv_lora_rank', { section: 'model' }),
  qk_nope_head_dim: engine('/model/qk_nope_head_dim', { section: 'model' }),
  qk_rope_head_dim: engine('/model/qk_rope_head_dim', { section: 'model' }),
  v_head_dim: engine('/model/v_head_dim', { section: 'model' }),
  shared_experts: engine('/model/shared_experts', { section: 'model' }),
  shared_expert_ffn: engine('/model/shared_expert_ffn', { section: 'model' }),
  dense_layers: engine('/model/dense_layers', { section: 'model' }),
  moe_every: engine('/model/moe_every', { section: 'model' }),
  window: engine('/model/window', { section: 'model' }),
  full_every: engine('/model/full_every', { section: 'model' }),
  attention_sinks: engine('/model/attention_sinks', { section: 'model' }),
  router_bias: engine('/model/router_bias', { section: 'model' }),
  mtp_layers: engine('/model/mtp_layers', { section: 'model' }),
  // "auto" leaves the framework's own (on, except for Megatron-LM of 2021); links written before
  // it was a choice carry true and false.
  overlap: {
    type: 'choice',
    options: ['auto', 'on', 'off'],
    path: '/parallel/overlap',
    aliases: { true: 'on', false: 'off' },
  },
  tp_overlap: engine('/parallel/tp_overlap'),
  fp8_param_gather: engine('/parallel/fp8_param_gather'),
  // "auto" leaves the engine's per-GPU default; "flash-attention-2" is on, with Ampere's kernels.
  flash: { type: 'choice', options: ['auto', 'on', 'off', 'flash-attention-2'], path: '/parallel/flash_attention' },
  hardware: { type: 'choice', path: '/hardware/preset', options: ['custom'] },
  gpus: engine('/hardware/gpus'),
  gpus_per_node: engine('/hardware/gpus_per_node'),
  memory_gib: engine('/hardware/memory', { scale: GIB, key: 'memory' }),
  tflops: engine('/hardware/flops', { scale: 1e12, key: 'flops' }),
  hbm_gbps: engine('/hardware/memory_bandwidth', { scale: 1e9, key: 'memory_bandwidth' }),
  intra_gbps: engine('/hardware/intra_bandwidth', { scale: 1e9, key: 'intra_bandwidth' }),
  inter_gbps: engine('/hardware/inter_bandwidth', { scale: 1e9, key: 'inter_bandwidth' }),
  // 0 is the engine's "one per GPU"; the presets name their own count.
  nics_per_node: engine('/hardware/nics_per_node', { scale: 1, key: 'nics_per_node' }),
  latency_us: engine('/hardware/latency', { scale: 1e-6, key: 'latency' }),
  dp_auto: { type: 'bool' },
  dp: engine('/parallel/dp'),
  tp: engine('/parallel/tp'),
  pp: engine('/parallel/pp'),
  cp: engine('/parallel/cp'),
  ep: engine('/parallel/ep'),
  // Expert tensor parallelism: the engine's range, and 0 for "as tp" (the field left out).
  etp: { ...engine('/parallel/etp'), min: 0 },
  // 1: tokens spread evenly over the expert-parallel ranks (the engine's default).
  routing_imbalance: engine('/parallel/routing_imbalance'),
  zero: engine('/parallel/zero'),
  framework: engine('/parallel/framework'),
  kernels: engine('/parallel/kernels'),
  cp_attention: engine('/parallel/cp_attention'),
  backward_prefetch: engine('/parallel/backward_prefetch'),
  precision: engine('/parallel/precision'),
  // 0: model state sharded over every data-parallel rank (the engine's default).
  dp_shard: engine('/parallel/dp_shard'),
  // No control of their own: where Megatron's layout flags put the layers, set by imported runs.
  embedding_as_layer: engine('/parallel/embedding_as_layer'),
  loss_as_layer: engine('/parallel/loss_as_layer'),
  first_stage_layers: engine('/parallel/first_stage_layers'),
  last_stage_layers: engine('/parallel/last_stage_layers'),
  // "auto" leaves the framework's own (fp32 for Megatron, bf16 for the others).
  reduce: { type: 'choice', options: ['auto', 'bf16', 'fp32', 'fp16'], path: '/parallel/reduce_dtype' },
  // The loss kernel: left out, the framework's own (Megatron's fused vocabulary-parallel loss, the
  // PyTorch frameworks' eager fp32 upcast).
  loss: { type: 'choice', options: ['auto', 'fused', 'eager', 'chunked'], path: '/parallel/loss' },
  sequence_parallel: engine('/parallel/sequence_parallel'),
  recompute: engine('/parallel/recompute'),
  // Megatron-Core's --recompute-modules under selective recomputation: its module names, comma
  // separated in Megatron's order ('' is none; its default is the attention core alone).
  recompute_modules: {
    type: 'set',
    path: '/parallel/recompute_modules',
    options: ['core_attn', 'moe_act', 'layernorm', 'mla_up_proj', 'mlp', 'moe', 'shared_experts'],
  },
  // "auto" leaves the framework's own Adam (foreach for the PyTorch frameworks, fused elsewhere).
  optimizer_kernel: engine('/parallel/optimizer_kernel'),
  // Megatron's --recompute-method and --recompute-num-layers under full recomputation.
  recompute_method: engine('/parallel/recompute_method'),
  recompute_num_layers: engine('/parallel/recompute_num_layers'),
  schedule: engine('/parallel/schedule'),
  virtual_stages: engine('/parallel/virtual_stages'),
  micro: engine('/batch/micro'),
  global: engine('/batch/global'),
  // Serving (inference mode): inference.js builds the request.
  mode: engine('/mode'),
  // Which serving phase's crossings the diagram shows (the page's own choice, kept in links).
  phase: { type: 'choice', options: ['decode', 'prefill'] },
  // What the strong-scaling view keeps as GPUs change: the micro-batch or the micro-batches per step.
  scaling_hold: engine('/scaling_hold'),
  // Which dimension varies fastest over the ranks (Megatron's tp-cp-ep-dp-pp by default).
  order: { type: 'choice', path: '/parallel/order', options: RANK_ORDERS },
  // The device map's own choices: which kind of group colours it, and whose groups it outlines.
  map_kind: { type: 'choice', options: ['TP', 'CP', 'EP', 'DP', 'PP'] },
  map_rank: engine('/placement_rank'),
  prompt: engine('/serving/prompt'),
  cached_prompt: engine('/serving/cached_prompt'),
  output: engine('/serving/output'),
  concurrency: engine('/serving/concurrency'),
  arrival: engine('/serving/arrival'),
  requests: engine('/serving/requests'),
  output_max: engine('/serving/output_max'),
  lengths: engine('/serving/lengths'),
  request_rate: engine('/serving/request_rate'),
  weights: engine('/serving/weights'),
  // The routed experts' own format (gpt-oss: MXFP4 experts beside bf16 attention); 'same' sends none.
  expert_weights: (() => {
    const f = engine('/serving/expert_weights');
    return { ...f, options: ['same', ...(f.options ?? [])] };
  })(),
  kv: engine('/serving/kv'),
  runtime: engine('/serving/runtime'),
  // vLLM's release, as the page offers it: its V1 engine, V0 from 0.6, or V0 before 0.6 ('current' sends none).
  runtime_version: { type: 'choice', path: '/serving/runtime_version', options: ['current', '0.7', '0.5'] },
};

/**
 * Engine paths that do not name a control directly, and the control that answers for them.
 * @type {Record<string, string>}
 */
const EXTRA_PATHS = { '/batch/accumulation': 'global', '/batch': 'global', '/hardware': 'gpus', '/model': 'model' };

/**
 * The planner's state: one value per control, in the control's units (what links carry).
 * @typedef {{model: string, layers: number, hidden: number, heads: number, kv_heads: number, ffn: number,
 *   vocab: number, seq: number, mlp: string, position: string, tied_embeddings: boolean, experts: number,
 *   top_k: number, expert_ffn: number, norm: string, bias: boolean, qkv_bias: boolean, dropout: boolean, head_dim: number, qk_norm: boolean,
 *   q_lora_rank: number, kv_lora_rank: number, qk_nope_head_dim: number, qk_rope_head_dim: number, v_head_dim: number,
 *   shared_experts: number, shared_expert_ffn: number, dense_layers: number, moe_every: number, window: number,
 *   full_every: number, attention_sinks: boolean, router_bias: boolean, mtp_layers: number,
 *   overlap: string, tp_overlap: boolean, fp8_param_gather: boolean, flash: string, hardware: string, gpus: number, gpus_per_node: number,
 *   memory_gib: number, tflops: number, hbm_gbps: number, intra_gbps: number, inter_gbps: number, nics_per_node: number,
 *   latency_us: number, dp_auto: boolean, dp: number, tp: number, pp: number, cp: number, ep: number, etp: number, routing_imbalance: number,
 *   zero: number, framework: string, kernels: string, cp_attention: string, backward_prefetch: string, precision: string, dp_shard: number, embedding_as_layer: boolean, loss_as_layer: boolean, first_stage_layers: number, last_stage_layers: number, reduce: string, loss: string, sequence_parallel: boolean, recompute: string, recompute_modules: string, recompute_method: string, recompute_num_layers: number, optimizer_kernel: string, schedule: string,
 *   virtual_stages: number, micro: number, global: number, mode: string, phase: string, scaling_hold: string,
 *   order: string, map_kind: string, map_rank: number, prompt: number, cached_prompt: number,
 *   output: number, concurrency: number, arrival: string, requests: number, output_max: number, lengths: string, request_rate: number, weights: string, expert_weights: string, kv: string, runtime: string, runtime_version: string}} PlannerState
 * @typedef {'gpus_per_node' | 'memory_gib' | 'tflops' | 'hbm_gbps' | 'intra_gbps' | 'inter_gbps' | 'nics_per_node' | 'latency_us'} HardwareKey
 * @typedef {'layers' | 'hidden' | 'heads' | 'kv_heads' | 'ffn' | 'vocab' | 'seq' | 'mlp' | 'position' |
 *   'tied_embeddings' | 'experts' | 'top_k' | 'expert_ffn' | 'norm' | 'bias' | 'qkv_bias' | 'dropout' | 'head_dim' | 'qk_norm' |
 *   'q_lora_rank' | 'kv_lora_rank' | 'qk_nope_head_dim' | 'qk_rope_head_dim' | 'v_head_dim' | 'shared_experts' |
 *   'shared_expert_ffn' | 'dense_layers' | 'moe_every' | 'window' | 'full_every' | 'attention_sinks' | 'router_bias' |
 *   'mtp_layers'} ShapeKey
 */

/** @type {ShapeKey[]} */
export const SHAPE_KEYS = [
  'layers',
  'hidden',
  'heads',
  'kv_heads',
  'ffn',
  'vocab',
  'seq',
  'mlp',
  'position',
  'tied_embeddings',
  'experts',
  'top_k',
  'expert_ffn',
  'norm',
  'bias',
  'qkv_bias',
  'dropout',
  'head_dim',
  'qk_norm',
  'q_lora_rank',
  'kv_lora_rank',
  'qk_nope_head_dim',
  'qk_rope_head_dim',
  'v_head_dim',
  'shared_experts',
  'shared_expert_ffn',
  'dense_layers',
  'moe_every',
  'window',
  'full_every',
  'attention_sinks',
  'router_bias',
  'mtp_layers',
];
/** @type {HardwareKey[]} */
export const HARDWARE_KEYS = [
  'gpus_per_node',
  'memory_gib',
  'tflops',
  'hbm_gbps',
  'intra_gbps',
  'inter_gbps',
  'nics_per_node',
  'latency_us',
];

/**
 * Llama 3.1 8B on one node of eight H100s, split two ways in each of tp, pp and dp: the page's
 * opening picture, small enough to read (every split is visible, no group leaves the node) and a
 * pipeline short enough to draw. The model's shape and the hardware's numbers are not written
 * here: they are the engine's presets of these ids (openingState), so the picture cannot drift
 * from them.
 * @type {Readonly<Omit<PlannerState, ShapeKey | HardwareKey>>}
 */
export const DEFAULTS = Object.freeze({
  model: 'llama-3.1-8b',
  overlap: 'auto',
  tp_overlap: false,
  fp8_param_gather: false,
  flash: 'auto',
  hardware: 'h100-sxm',
  gpus: 8,
  dp_auto: true,
  dp: 2,
  tp: 2,
  pp: 2,
  cp: 1,
  ep: 1,
  etp: 0,
  routing_imbalance: 1,
  zero: 1,
  framework: 'megatron',
  kernels: 'fused',
  cp_attention: 'ring',
  backward_prefetch: 'pre',
  precision: 'bf16',
  dp_shard: 0,
  embedding_as_layer: false,
  loss_as_layer: false,
  first_stage_layers: 0,
  last_stage_layers: 0,
  reduce: 'auto',
  loss: 'auto',
  sequence_parallel: true,
  recompute: 'selective',
  recompute_modules: 'core_attn',
  recompute_method: 'uniform',
  optimizer_kernel: 'auto',
  recompute_num_layers: 1,
  schedule: '1f1b',
  virtual_stages: 1,
  micro: 1,
  global: 16,
  mode: 'training',
  phase: 'decode',
  scaling_hold: 'micro',
  order: 'tp-cp-ep-dp-pp',
  map_kind: 'TP',
  map_rank: 0,
  prompt: 1024,
  cached_prompt: 0,
  output: 256,
  concurrency: 16,
  arrival: 'closed_loop',
  requests: 0,
  output_max: 0,
  lengths: 'fixed',
  request_rate: 2,
  weights: 'bf16',
  expert_weights: 'same',
  kv: 'bf16',
  runtime: 'ideal',
  runtime_version: 'current',
});

/**
 * The defaults links of version 1 were written against (GPT-3 175B on 1024 A100s): a v1 link
 * leaves out every value equal to these, so it is read with them filled in (linkUpgrade).
 * Only the values that have changed since are listed; the shape and hardware numbers follow
 * the presets named here.
 */
export const DEFAULTS_V1 = Object.freeze({
  model: 'gpt3-175b',
  hardware: 'a100-80gb',
  gpus: 1024,
  dp: 16,
  tp: 8,
  pp: 8,
  global: 1536,
});

/**
 * Maps an engine JSON pointer to the control that should show the message (or null).
 * @param {string} path
 */
export function paramForPath(path) {
  if (!path) return null;
  for (const [name, f] of Object.entries(FIELDS))
    if (f.path && (path === f.path || path.startsWith(`${f.path}/`))) return name;
  for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) if (EXTRA_PATHS[p]) return EXTRA_PATHS[p];
  return null;
}

/**
 * Checks one value against its field: returns the normalised value or undefined when it is not
 * acceptable (wrong type, not whole, below the minimum, unknown choice).
 * @param {string} name
 * @param {unknown} value
 */
export function coerce(name, value) {
  const f = FIELDS[name];
  if (!f) return undefined;
  if (f.type === 'bool') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return undefined;
  }
  if (f.type === 'choice') {
    const v = f.aliases?.[String(value)] ?? String(value);
    return f.options?.includes(v) ? v : undefined;
  }
  if (f.type === 'set') {
    // A list or its comma-separated text; every name known, each once, in the options' order.
    const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : null;
    if (!items) return undefined;
    const names = items.map((v) => v.trim()).filter((v) => v !== '');
    if (!names.every((v) => f.options?.includes(v))) return undefined;
    return (f.options ?? []).filter((o) => names.includes(o)).join(',');
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (f.type === 'int' && !Number.isInteger(n)) return undefined;
  if (f.min !== undefined && (f.exclusive ? n <= f.min : n < f.min)) return undefined;
  if (f.max !== undefined && n > f.max) return undefined;
  return n;
}

/**
 * What a control accepts, in its own units: the engine's range (FIELDS), as the engine words it.
 * @param {string} name
 */
export function rangeText(name) {
  const f = FIELDS[name];
  const unit = UNITS[name] ? ` ${UNITS[name]}` : '';
  if (f.type === 'int') {
    if (f.min === undefined) return 'Enter a whole number.';
    return f.max === undefined
      ? `Enter a whole number of ${shown(f.min)}${unit} or more.`
      : `Enter a whole number from ${shown(f.min)} to ${shown(f.max)}${unit}.`;
  }
  return f.min === undefined ? 'Enter a number.' : rangePhrase(name, f.min, Boolean(f.exclusive), f.max);
}

/**
 * "Must be at least 1 GiB and at most 2 GiB." in the control's units: its range and the engine's.
 * @param {string} name
 * @param {number} low
 * @param {boolean} exclusive
 * @param {number | undefined} high
 */
function rangePhrase(name, low, exclusive, high) {
  const unit = UNITS[name] ? ` ${UNITS[name]}` : '';
  const lower = `${exclusive ? 'more than' : 'at least'} ${shown(low)}${unit}`;
  return high === undefined ? `Must be ${lower}.` : `Must be ${lower} and at most ${shown(high)}${unit}.`;
}

/**
 * A bound as a learner reads it: four significant digits, grouped.
 * @param {number} v
 */
function shown(v) {
  return Number(v.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/**
 * Applies a partial state; returns {state, rejected} without touching the input.
 * @param {PlannerState} current
 * @param {Record<string, unknown> | null | undefined} partial values of any kind (a link's are text)
 */
export function mergeState(current, partial) {
  const state = { ...current };
  /** @type {string[]} */
  const rejected = [];
  for (const [name, value] of Object.entries(partial ?? {})) {
    const v = coerce(name, value);
    if (v === undefined) rejected.push(name);
    // coerce gave the field's own kind of value (a known field's).
    else /** @type {Record<string, unknown>} */ (state)[name] = v;
  }
  return { state, rejected };
}

/** @type {Record<string, string>} */
const UNITS = {
  memory_gib: 'GiB',
  tflops: 'TFLOP/s',
  hbm_gbps: 'GB/s',
  intra_gbps: 'GB/s',
  inter_gbps: 'GB/s',
  latency_us: 'µs',
};

/**
 * An engine message for the control `name`, in the control's own units: the engine checks
 * SI values ("'memory' is 1e+30 B; it must be at least 1000000 B and at most 1e+18 B."), the field
 * shows GiB, µs, GB/s. Messages of other shapes pass through unchanged.
 * @param {string} name
 * @param {string} message
 */
export function fieldMessage(name, message) {
  // The engine may name its SI unit after each number ("… at least 1000000 B and at most …").
  const m =
    /^'[^']+' is [^;]+; it must be (greater than|at least) ([-+\d.e]+)(?: [^\s.]+)? and at most ([-+\d.e]+)(?: [^\s.]+)?\.$/.exec(
      message,
    );
  const f = FIELDS[name];
  if (!m || !f) return message;
  const scale = f.scale ?? 1;
  return rangePhrase(name, Number(m[2]) / scale, m[1] === 'greater than', Number(m[3]) / scale);
}
