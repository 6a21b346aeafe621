// The planner's flat state (what permalinks carry) and its translation into a `plan` request.
// Values are kept in the units the controls show (GiB, TFLOP/s, GB/s, µs); the only arithmetic
// here is unit conversion into the engine's SI request. Every model quantity is the engine's.

const GIB = 1024 ** 3;

/**
 * One entry per control. type: int | number | bool | choice. path: where the engine reports a
 * problem with it (JSON pointer), so an error can be shown at the control that caused it.
 * @type {Record<string, {type: string, path?: string, min?: number, options?: string[], scale?: number, section?: string, key?: string}>}
 */
export const FIELDS = {
  model: { type: 'choice', path: '/model/preset', options: ['custom'] },
  layers: { type: 'int', min: 1, path: '/model/layers', section: 'model' },
  hidden: { type: 'int', min: 1, path: '/model/hidden', section: 'model' },
  heads: { type: 'int', min: 1, path: '/model/heads', section: 'model' },
  kv_heads: { type: 'int', min: 1, path: '/model/kv_heads', section: 'model' },
  ffn: { type: 'int', min: 1, path: '/model/ffn', section: 'model' },
  vocab: { type: 'int', min: 1, path: '/model/vocab', section: 'model' },
  seq: { type: 'int', min: 1, path: '/model/seq', section: 'model' },
  mlp: { type: 'choice', options: ['gelu', 'swiglu'], path: '/model/mlp', section: 'model' },
  position: { type: 'choice', options: ['learned', 'rotary'], path: '/model/position', section: 'model' },
  tied_embeddings: { type: 'bool', path: '/model/tied_embeddings', section: 'model' },
  experts: { type: 'int', min: 1, path: '/model/experts', section: 'model' },
  top_k: { type: 'int', min: 1, path: '/model/top_k', section: 'model' },
  expert_ffn: { type: 'int', min: 1, path: '/model/expert_ffn', section: 'model' },
  // No control of their own: set by presets and imported runs (import.js), carried by permalinks.
  norm: { type: 'choice', options: ['layernorm', 'rmsnorm'], path: '/model/norm', section: 'model' },
  bias: { type: 'bool', path: '/model/bias', section: 'model' },
  qkv_bias: { type: 'bool', path: '/model/qkv_bias', section: 'model' },
  dropout: { type: 'bool', path: '/model/dropout', section: 'model' },
  overlap: { type: 'bool', path: '/parallel/overlap' },
  tp_overlap: { type: 'bool', path: '/parallel/tp_overlap' },
  flash: { type: 'choice', options: ['auto', 'on', 'off'], path: '/parallel/flash_attention' },
  hardware: { type: 'choice', path: '/hardware/preset', options: ['custom'] },
  gpus: { type: 'int', min: 1, path: '/hardware/gpus' },
  gpus_per_node: { type: 'int', min: 1, path: '/hardware/gpus_per_node' },
  memory_gib: { type: 'number', min: 0, path: '/hardware/memory', scale: GIB, key: 'memory' },
  tflops: { type: 'number', min: 0, path: '/hardware/flops', scale: 1e12, key: 'flops' },
  hbm_gbps: { type: 'number', min: 0, path: '/hardware/memory_bandwidth', scale: 1e9, key: 'memory_bandwidth' },
  intra_gbps: { type: 'number', min: 0, path: '/hardware/intra_bandwidth', scale: 1e9, key: 'intra_bandwidth' },
  inter_gbps: { type: 'number', min: 0, path: '/hardware/inter_bandwidth', scale: 1e9, key: 'inter_bandwidth' },
  latency_us: { type: 'number', min: 0, path: '/hardware/latency', scale: 1e-6, key: 'latency' },
  dp_auto: { type: 'bool' },
  dp: { type: 'int', min: 1, path: '/parallel/dp' },
  tp: { type: 'int', min: 1, path: '/parallel/tp' },
  pp: { type: 'int', min: 1, path: '/parallel/pp' },
  cp: { type: 'int', min: 1, path: '/parallel/cp' },
  ep: { type: 'int', min: 1, path: '/parallel/ep' },
  zero: { type: 'int', min: 0, max: 3, path: '/parallel/zero' },
  framework: { type: 'choice', options: ['megatron', 'fsdp', 'deepspeed', 'deepspeed-2021', 'ideal'], path: '/parallel/framework' },
  sequence_parallel: { type: 'bool', path: '/parallel/sequence_parallel' },
  recompute: { type: 'choice', options: ['none', 'selective', 'selective-op', 'full'], path: '/parallel/recompute' },
  schedule: { type: 'choice', options: ['gpipe', '1f1b', 'interleaved'], path: '/parallel/schedule' },
  virtual_stages: { type: 'int', min: 1, path: '/parallel/virtual_stages' },
  micro: { type: 'int', min: 1, path: '/batch/micro' },
  global: { type: 'int', min: 1, path: '/batch/global' },
  // Serving (inference mode): inference.js builds the request.
  mode: { type: 'choice', options: ['training', 'inference'], path: '/mode' },
  prompt: { type: 'int', min: 1, path: '/serving/prompt' },
  output: { type: 'int', min: 1, path: '/serving/output' },
  concurrency: { type: 'int', min: 1, path: '/serving/concurrency' },
  weights: { type: 'choice', options: ['bf16', 'fp8', 'int8', 'int4'], path: '/serving/weights' },
  kv: { type: 'choice', options: ['bf16', 'fp8'], path: '/serving/kv' },
};

/** Engine paths that do not name a control directly, and the control that answers for them. */
const EXTRA_PATHS = { '/batch/accumulation': 'global', '/batch': 'global', '/hardware': 'gpus', '/model': 'model' };

export const SHAPE_KEYS = ['layers', 'hidden', 'heads', 'kv_heads', 'ffn', 'vocab', 'seq', 'mlp', 'position',
  'tied_embeddings', 'experts', 'top_k', 'expert_ffn', 'norm', 'bias', 'qkv_bias', 'dropout'];
export const HARDWARE_KEYS = ['gpus_per_node', 'memory_gib', 'tflops', 'hbm_gbps', 'intra_gbps', 'inter_gbps', 'latency_us'];

/** GPT-3 175B on 1024 A100s with Megatron's tensor × pipeline layout: the page's opening picture. */
export const DEFAULTS = Object.freeze({
  model: 'gpt3-175b', layers: 96, hidden: 12288, heads: 96, kv_heads: 96, ffn: 49152, vocab: 50257, seq: 2048,
  mlp: 'gelu', position: 'learned', tied_embeddings: true, experts: 1, top_k: 1, expert_ffn: 49152,
  norm: 'layernorm', bias: true, qkv_bias: false, dropout: true, overlap: true, tp_overlap: false, flash: 'auto',
  hardware: 'a100-80gb', gpus: 1024, gpus_per_node: 8, memory_gib: 80, tflops: 312, hbm_gbps: 2039,
  intra_gbps: 300, inter_gbps: 25, latency_us: 2.3,
  dp_auto: true, dp: 16, tp: 8, pp: 8, cp: 1, ep: 1, zero: 1, framework: 'megatron', sequence_parallel: true, recompute: 'selective',
  schedule: '1f1b', virtual_stages: 1, micro: 1, global: 1536,
  mode: 'training', prompt: 1024, output: 256, concurrency: 16, weights: 'bf16', kv: 'bf16',
});

/** Maps an engine JSON pointer to the control that should show the message (or null). */
export function paramForPath(path) {
  if (!path) return null;
  for (const [name, f] of Object.entries(FIELDS)) if (f.path && (path === f.path || path.startsWith(`${f.path}/`))) return name;
  for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) if (EXTRA_PATHS[p]) return EXTRA_PATHS[p];
  return null;
}

/**
 * Checks one value against its field: returns the normalised value or undefined when it is not
 * acceptable (wrong type, not whole, below the minimum, unknown choice).
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
    const v = String(value);
    return f.options.includes(v) ? v : undefined;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (f.type === 'int' && !Number.isInteger(n)) return undefined;
  if (f.min !== undefined && (f.type === 'int' ? n < f.min : n <= f.min)) return undefined;
  if (f.max !== undefined && n > f.max) return undefined;
  return n;
}

/** Applies a partial state; returns {state, rejected} without touching the input. */
export function mergeState(current, partial) {
  const state = { ...current };
  const rejected = [];
  for (const [name, value] of Object.entries(partial ?? {})) {
    const v = coerce(name, value);
    if (v === undefined) rejected.push(name);
    else state[name] = v;
  }
  return { state, rejected };
}

/** The model section of a request: the preset with the shape laid over it, or the bare shape. */
export function modelRequest(s) {
  const m = { layers: s.layers, hidden: s.hidden, heads: s.heads, kv_heads: s.kv_heads, ffn: s.ffn, vocab: s.vocab,
    seq: s.seq, mlp: s.mlp, position: s.position, tied_embeddings: s.tied_embeddings, experts: s.experts };
  if (s.experts > 1) Object.assign(m, { top_k: s.top_k, expert_ffn: s.expert_ffn });
  if (s.norm !== undefined) Object.assign(m, { norm: s.norm, bias: s.bias, dropout: s.dropout });
  if (s.qkv_bias) m.qkv_bias = true;
  return s.model !== 'custom' ? { preset: s.model, ...m } : m;
}

/** The hardware section: display units converted to SI. */
export function hardwareRequest(s) {
  const hw = { gpus: s.gpus, gpus_per_node: s.gpus_per_node };
  for (const name of HARDWARE_KEYS) {
    const f = FIELDS[name];
    if (f.key) hw[f.key] = s[name] * f.scale;
  }
  return s.hardware !== 'custom' ? { preset: s.hardware, ...hw } : hw;
}

export function parallelRequest(s) {
  const p = { tp: s.tp, pp: s.pp, cp: s.cp, ep: s.ep, zero: s.zero, framework: s.framework, sequence_parallel: s.sequence_parallel,
    recompute: s.recompute, schedule: s.schedule, virtual_stages: s.virtual_stages };
  if (!s.dp_auto) p.dp = s.dp;
  if (s.overlap === false) p.overlap = false;
  if (s.tp_overlap) p.tp_overlap = true;
  if (s.flash === 'on' || s.flash === 'off') p.flash_attention = s.flash === 'on';
  return p;
}

/** The full `plan` request for a state. */
export function planRequest(s) {
  return { model: modelRequest(s), hardware: hardwareRequest(s), parallel: parallelRequest(s),
    batch: { micro: s.micro, global: s.global } };
}

/** Display-unit values of a hardware preset (from the engine's `presets`). */
export function hardwareFromPreset(hw) {
  const out = { gpus_per_node: hw.gpus_per_node };
  for (const name of HARDWARE_KEYS) {
    const f = FIELDS[name];
    if (f.key && typeof hw[f.key] === 'number') out[name] = Number((hw[f.key] / f.scale).toPrecision(6));
  }
  return out;
}

/** Shape values of a model preset, filling the fields a dense preset leaves out. */
export function shapeFromPreset(m) {
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
  out.dropout ??= true;
  return out;
}

const UNITS = { memory_gib: 'GiB', tflops: 'TFLOP/s', hbm_gbps: 'GB/s', intra_gbps: 'GB/s', inter_gbps: 'GB/s', latency_us: 'µs' };

/**
 * An engine message for the control `name`, in the control's own units: the engine checks
 * SI values ("'memory' is 1e+30 B; it must be at least 1000000 B and at most 1e+18 B."), the field
 * shows GiB, µs, GB/s. Messages of other shapes pass through unchanged.
 */
export function fieldMessage(name, message) {
  // The engine may name its SI unit after each number ("… at least 1000000 B and at most …").
  const m = /^'[^']+' is [^;]+; it must be (greater than|at least) ([-+\d.e]+)(?: [^\s.]+)? and at most ([-+\d.e]+)(?: [^\s.]+)?\.$/.exec(message);
  const f = FIELDS[name];
  if (!m || !f) return message;
  const scale = f.scale ?? 1;
  const unit = UNITS[name] ? ` ${UNITS[name]}` : '';
  const show = (v) => Number((Number(v) / scale).toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 6 });
  return `Must be ${m[1] === 'greater than' ? 'more than' : 'at least'} ${show(m[2])}${unit} and at most ${show(m[3])}${unit}.`;
}
