// The planner's state turned into the engine's `plan` request, and engine presets turned back
// into state: unit conversion (GiB, TFLOP/s, GB/s, µs into SI) and defaults, no model arithmetic.

import { DEFAULTS, FIELDS, HARDWARE_KEYS, SHAPE_KEYS } from './state.js';

/** Shape fields of latent attention, shared experts, layer patterns, windows and prediction
 * modules: the shape keys from q_lora_rank on (moe_every, whose default is 1, is sent apart). */
const MODERN_SHAPE_KEYS = SHAPE_KEYS.slice(SHAPE_KEYS.indexOf('q_lora_rank')).filter((k) => k !== 'moe_every');

/** @typedef {import('./state.js').PlannerState} PlannerState */
/** @typedef {import('./state.js').HardwareKey} HardwareKey */

/**
 * The model section of a request: the preset with the shape laid over it, or the bare shape.
 * @param {PlannerState} s
 */
export function modelRequest(s) {
  /** @type {{layers: number, hidden: number, heads: number, kv_heads: number, ffn: number, vocab: number,
   *   seq: number, mlp: string, position: string, tied_embeddings: boolean, experts: number, top_k?: number,
   *   expert_ffn?: number, norm?: string, bias?: boolean, dropout?: boolean, qkv_bias?: boolean, head_dim?: number,
   *   qk_norm?: boolean} & Record<string, number | boolean | string>} */
  const m = {
    layers: s.layers,
    hidden: s.hidden,
    heads: s.heads,
    kv_heads: s.kv_heads,
    ffn: s.ffn,
    vocab: s.vocab,
    seq: s.seq,
    mlp: s.mlp,
    position: s.position,
    tied_embeddings: s.tied_embeddings,
    experts: s.experts,
  };
  if (s.experts > 1) Object.assign(m, { top_k: s.top_k, expert_ffn: s.expert_ffn });
  if (s.norm !== undefined) Object.assign(m, { norm: s.norm, bias: s.bias, dropout: s.dropout });
  if (s.qkv_bias) m.qkv_bias = true;
  if (s.head_dim > 0) m.head_dim = s.head_dim;
  if (s.qk_norm) m.qk_norm = true;
  // The 2025-26 shape fields travel only when set (their zero or false is the engine's default).
  /** @type {Record<string, unknown>} */
  const extra = m;
  for (const k of MODERN_SHAPE_KEYS) if (s[k] && (k !== 'shared_expert_ffn' || s.shared_experts)) extra[k] = s[k];
  if (s.moe_every > 1) m.moe_every = s.moe_every;
  return s.model !== 'custom' ? { preset: s.model, ...m } : m;
}

/**
 * The hardware section: display units converted to SI.
 * @param {PlannerState} s
 */
export function hardwareRequest(s) {
  /** @type {Record<string, number>} */
  const hw = { gpus: s.gpus, gpus_per_node: s.gpus_per_node };
  for (const name of HARDWARE_KEYS) {
    const f = FIELDS[name];
    // A field with a key has its scale (engine() is given both).
    if (f.key) hw[f.key] = s[name] * /** @type {number} */ (f.scale);
  }
  return s.hardware !== 'custom' ? { preset: s.hardware, ...hw } : hw;
}

/**
 * The attention kernel a state names for the engine (training and serving alike): "on" asks for
 * the GPU's own fused kernels whatever the framework; undefined leaves the framework's default.
 * @param {PlannerState} s
 */
export function attentionKernel(s) {
  if (s.flash === 'flash-attention-2') return s.flash;
  return s.flash === 'on' ? 'native' : undefined;
}

/**
 * Backward prefetch is an order PyTorch's FSDP keeps only when it gathers weights per block
 * (FSDP1 at ZeRO-3); the engine warns when it is sent anywhere else. Takes the state or the
 * engine's normalized split (the same names).
 * @param {{framework: string, zero: number}} p
 */
export const backwardPrefetchApplies = (p) => p.framework === 'fsdp1' && p.zero === 3;

/**
 * Which of Megatron's recompute modules a model has parts for: the latent up projections need
 * latent attention, the expert modules experts, the shared experts' module shared experts.
 * @param {PlannerState} s @param {string} name
 */
export function recomputeModuleApplies(s, name) {
  if (name === 'mla_up_proj') return s.kv_lora_rank > 0;
  if (name === 'moe' || name === 'moe_act') return s.experts > 1;
  if (name === 'shared_experts') return s.experts > 1 && s.shared_experts > 0;
  return true;
}

/**
 * The recompute modules to send: only under Megatron's selective recomputation, only when they
 * differ from its default (the attention core), and only those the model has parts for.
 * @param {PlannerState} s
 * @returns {string[] | undefined}
 */
function recomputeModules(s) {
  if (s.recompute !== 'selective' || s.framework !== 'megatron' || s.recompute_modules === 'core_attn')
    return undefined;
  return s.recompute_modules.split(',').filter((n) => n !== '' && recomputeModuleApplies(s, n));
}

/** @param {PlannerState} s */
export function parallelRequest(s) {
  /** @type {{tp: number, pp: number, cp: number, ep: number, etp?: number, routing_imbalance?: number, zero: number, framework: string,
   *   sequence_parallel: boolean, recompute: string, schedule: string, virtual_stages: number, dp?: number,
   *   overlap?: boolean, tp_overlap?: boolean, fp8_param_gather?: boolean, flash_attention?: boolean, attention_kernel?: string, kernels?: string,
   *   reduce_dtype?: string, loss?: string, cp_attention?: string, backward_prefetch?: string, precision?: string, dp_shard?: number,
   *   embedding_as_layer?: boolean, loss_as_layer?: boolean, first_stage_layers?: number, last_stage_layers?: number,
   *   order?: string, recompute_modules?: string[], recompute_method?: string, recompute_num_layers?: number, optimizer_kernel?: string}} */
  const p = {
    tp: s.tp,
    pp: s.pp,
    cp: s.cp,
    ep: s.ep,
    zero: s.zero,
    framework: s.framework,
    sequence_parallel: s.sequence_parallel,
    recompute: s.recompute,
    schedule: s.schedule,
    virtual_stages: s.virtual_stages,
  };
  if (!s.dp_auto) p.dp = s.dp;
  // Only a mixture-of-experts model has experts to split; 0 is "as tp" (left out).
  if (s.etp > 0 && s.experts > 1) p.etp = s.etp;
  if (s.routing_imbalance > 1 && s.experts > 1) p.routing_imbalance = s.routing_imbalance;
  const modules = recomputeModules(s);
  if (modules) p.recompute_modules = modules;
  if (s.optimizer_kernel !== 'auto') p.optimizer_kernel = s.optimizer_kernel;
  // Which layers full recomputation redoes, where it is not every layer on its own.
  if (s.recompute === 'full' && (s.recompute_method !== 'uniform' || s.recompute_num_layers !== 1)) {
    p.recompute_method = s.recompute_method;
    p.recompute_num_layers = s.recompute_num_layers;
  }
  if (s.overlap !== 'auto') p.overlap = s.overlap === 'on';
  if (s.tp_overlap) p.tp_overlap = true;
  if (s.fp8_param_gather) p.fp8_param_gather = true;
  if (s.flash !== 'auto') p.flash_attention = s.flash !== 'off';
  const kernel = attentionKernel(s);
  if (kernel) p.attention_kernel = kernel;
  if (s.kernels !== 'fused') p.kernels = s.kernels;
  if (s.reduce !== 'auto') p.reduce_dtype = s.reduce;
  if (s.loss !== 'auto') p.loss = s.loss;
  if (s.cp_attention !== 'ring') p.cp_attention = s.cp_attention;
  if (s.backward_prefetch !== 'pre' && backwardPrefetchApplies(s)) p.backward_prefetch = s.backward_prefetch;
  if (s.precision !== 'bf16') p.precision = s.precision;
  if (s.dp_shard > 0) p.dp_shard = s.dp_shard;
  if (s.embedding_as_layer) p.embedding_as_layer = true;
  if (s.loss_as_layer) p.loss_as_layer = true;
  if (s.first_stage_layers > 0) p.first_stage_layers = s.first_stage_layers;
  if (s.last_stage_layers > 0) p.last_stage_layers = s.last_stage_layers;
  if (s.order !== DEFAULTS.order) p.order = s.order;
  return p;
}

/**
 * The full `plan` request for a state.
 * @param {PlannerState} s
 */
export function planRequest(s) {
  return {
    model: modelRequest(s),
    hardware: hardwareRequest(s),
    parallel: parallelRequest(s),
    batch: { micro: s.micro, global: s.global },
  };
}

/**
 * Display-unit values of a hardware preset (from the engine's `presets`).
 * @param {Record<string, unknown>} hw
 */
export function hardwareFromPreset(hw) {
  /** @type {Partial<Pick<PlannerState, HardwareKey>>} */
  const out = { gpus_per_node: /** @type {number} */ (hw.gpus_per_node) };
  for (const name of HARDWARE_KEYS) {
    const f = FIELDS[name];
    const value = f.key ? hw[f.key] : undefined;
    if (typeof value === 'number') out[name] = Number((value / /** @type {number} */ (f.scale)).toPrecision(6));
  }
  return out;
}

/**
 * The explorer's opening state: DEFAULTS with the shape and hardware numbers of its preset ids,
 * from the engine's `presets` answer. `defaults` gives an older version's defaults (a v1 link's).
 * @param {{models: {id: string, model: Record<string, unknown>}[], hardware: {id: string, hardware: Record<string, unknown>}[]}} presets
 * @param {Readonly<Partial<PlannerState>>} [changed] defaults that differ from DEFAULTS
 * @returns {Readonly<PlannerState>}
 */
export function openingState(presets, changed = {}) {
  const defaults = { ...DEFAULTS, ...changed };
  const model = presets.models.find((p) => p.id === defaults.model);
  const hardware = presets.hardware.find((p) => p.id === defaults.hardware);
  if (!model || !hardware) throw new Error(`the engine has no preset ${model ? defaults.hardware : defaults.model}`);
  // The presets give the shape and hardware numbers DEFAULTS leaves out.
  return /** @type {Readonly<PlannerState>} */ (
    Object.freeze({ ...shapeFromPreset(model.model), ...hardwareFromPreset(hardware.hardware), ...defaults })
  );
}

/**
 * Shape values of a model preset, filling the fields a dense preset leaves out.
 * @param {Record<string, unknown>} m
 */
export function shapeFromPreset(m) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const k of SHAPE_KEYS) if (m[k] !== undefined) out[k] = m[k];
  out.kv_heads ??= m.heads;
  out.experts ??= 1;
  out.top_k ??= 1;
  out.expert_ffn ??= m.ffn;
  out.mlp ??= 'gelu';
  out.position ??= 'learned';
  out.tied_embeddings ??= true;
  out.norm ??= 'layernorm';
  out.bias ??= true;
  out.qkv_bias ??= false;
  out.head_dim ??= 0;
  out.qk_norm ??= false;
  for (const k of MODERN_SHAPE_KEYS) out[k] ??= k === 'attention_sinks' || k === 'router_bias' ? false : 0;
  out.shared_expert_ffn ||= out.expert_ffn;
  out.moe_every ||= 1;
  out.dropout ??= true;
  return out;
}
