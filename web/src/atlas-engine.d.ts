// Types for the Emscripten module (atlas-engine.js). emcc 3.1.6 cannot emit these, so they are
// written by hand and checked by tsc in npm test (tests/types).

/** The embind module: one function, the engine's JSON contract as text. */
export interface AtlasEngineModule {
  /** Runs a command on a JSON request text; returns the JSON response text. Never throws. */
  call(command: EngineCommand, request: string): string;
}

/** Every command the engine answers: the contract's own list (generated from its schema). */
export type EngineCommand = import('./atlas-contract').ContractCommand;

/**
 * MODULARIZE factory exported as createAtlasEngine (the core module) and createAtlasPlanner (the
 * planner module): a global in the browser (the glue beside the .wasm, or the one-file engine
 * from file://); in node, atlas_engine_node.js and atlas_planner_node.js (read the .wasm).
 */
export type CreateAtlasEngine = (overrides?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}) => Promise<AtlasEngineModule>;

export interface EngineIssue {
  code: string;
  message: string;
  /** JSON pointer into the request ("" for the whole request). */
  path: string;
  /** `import`: the 1-based line of the pasted text the issue is about (absent for the whole text). */
  line?: number;
}

export interface EngineErrorResponse {
  error: EngineIssue;
  errors: EngineIssue[];
  warnings?: EngineIssue[];
}

export interface VersionResponse {
  engine: 'parallelism-atlas';
  version: string;
  contract: number;
  /** From a module, the commands it answers; from Engine.version, every module's. */
  commands: EngineCommand[];
  /** Which module answered: "core" or "planner" in the page's WASM build, "all" natively. */
  module: 'core' | 'planner' | 'all';
  /** Each module's commands by name (both answer version and schema). */
  modules: { core: EngineCommand[]; planner: EngineCommand[] };
  units: { bytes: 'B'; time: 's'; bandwidth: 'B/s'; compute: 'FLOP/s' };
}

export interface BatchResponse {
  global: number;
  micro: number;
  accumulation: number;
  dp: number;
  solved_for: '' | 'global' | 'micro' | 'accumulation' | 'dp';
  equation: string;
  seq?: number;
  tokens_per_step?: number;
  warnings?: EngineIssue[];
}

/** One error summary: step-time errors as fractions (0.146 = 14.6 %). */
export interface ErrorSummary {
  cases: number;
  mean_abs_error: number;
  max_abs_error: number;
}

/** The training `fidelity` summaries also say which way the engine is off. */
export interface SignedErrorSummary extends ErrorSummary {
  /** Signed mean (engine ÷ published − 1): negative when the engine is faster on average. */
  mean_error: number;
  /** How many of the cases the engine is faster on. */
  engine_faster: number;
}

/** A JSON Schema (draft 2020-12) document; `x-unit` names a numeric field's SI unit. */
export type JsonSchema = Record<string, unknown>;

/** `schema`: the contract as JSON Schema, per command (request recorded from the engine's readers). */
export interface SchemaResponse {
  dialect: 'https://json-schema.org/draft/2020-12/schema';
  units: string;
  commands: Record<
    string,
    { description: string; request: JsonSchema; examples: Record<string, unknown>[]; response?: JsonSchema }
  >;
}

/** `fidelity`: the engine against every published run (docs/contract-plan.md). */
export interface FidelityResponse {
  cases: Array<{
    id: string;
    source: string;
    set: 'calibration' | 'validation';
    /** calibration, or for validation whether any change has yet been judged by its source */
    seal: 'calibration' | 'sealed' | 'informed';
    /** false when the engine ignored a field of the run (a setting it cannot express) */
    expressed: boolean;
    /** the fields it ignored, as JSON pointers */
    ignored?: string[];
    /** why the engine refuses the run's split, when it does */
    refused?: string[];
    where: string;
    request: Record<string, unknown>;
    published: {
      kind: 'step_seconds' | 'tflops_eq3' | 'model_tflops_per_gpu' | 'tokens_per_second_per_gpu';
      value: number;
    };
    assumed: string[];
    published_step: number;
    model_step: number;
    ideal_step: number;
    error: number;
    mfu: number;
    hfu: number;
    fits: boolean;
    tolerance?: number;
    gap?: string;
  }>;
  sources: Array<{
    id: string;
    /** a short plain name for the source (the title is the full citation) */
    name?: string;
    title: string;
    url: string;
    /** how its rows were chosen, and what its tolerance records */
    note?: string;
    role: 'calibration' | 'validation';
    fits?: string[];
    tolerance?: number;
    /** the date the source was added */
    added?: string;
    /** every later change judged by this validation source's error; empty: sealed */
    informed_by?: Array<{ commit: string; date: string; change: string }>;
    errors?: SignedErrorSummary;
  }>;
  in_sample: SignedErrorSummary;
  out_of_sample: SignedErrorSummary;
  /** validation sources no change has been judged on: the engine's accuracy on unseen runs */
  sealed: SignedErrorSummary;
  /** validation sources that have informed a change */
  informed: SignedErrorSummary;
  /** cases listed but counted in no summary: the engine cannot express their run */
  not_expressed: number;
  /** peak memory against published measurements */
  memory: MemoryFidelity;
  fitted?: Record<string, { compute: number; memory_traffic: number; mean_abs_error: number }>;
  leave_one_source_out?: Array<
    ErrorSummary & { source: string; hardware: string; fitted_on: string; compute: number; memory_traffic: number }
  >;
}

/** Memory errors (engine ÷ measured − 1) of one set and quantity. */
export interface MemoryErrorSummary extends ErrorSummary {
  mean_signed_error: number;
}

/** `fidelity` → `memory`: peak memory against published measurements (content/presets/memory-cases.json). */
export interface MemoryFidelity {
  note?: string;
  cases: Array<{
    id: string;
    source: string;
    published: { kind: string; value: number; unit: string; tool: string; rank: string };
    /** what was measured: the framework's allocated peak, the allocator's reserved peak, or nvidia-smi's */
    quantity: 'allocated' | 'reserved' | 'device';
    set: 'sealed' | 'informed' | 'calibration';
    stage: 'last' | 'most_loaded';
    request: Record<string, unknown>;
    /** bytes */
    measured: number;
    engine: number;
    error: number;
    /** Why a later finding replaced what the run assumed (the engine planned the corrected request). */
    corrected?: string[];
    parts: Record<
      | 'parameters'
      | 'gradients'
      | 'optimizer'
      | 'activations'
      | 'buffers'
      | 'reserve'
      | 'context'
      | 'nccl'
      | 'userbuffers',
      number
    >;
  }>;
  sources: Array<{ id: string; name?: string; title: string; url: string; role: string; errors?: MemoryErrorSummary }>;
  summaries: Partial<
    Record<
      'sealed' | 'informed' | 'calibration',
      Partial<Record<'allocated' | 'reserved' | 'device', MemoryErrorSummary>>
    >
  >;
  not_expressed: Array<{ id: string; source: string; refused: string }>;
}

/** `plan` → `time.ideal`: the bound beside the step as run. */
export interface IdealTime {
  step: number;
  compute: number;
  communication: number;
  bubble: number;
  optimizer: number;
  tokens_per_second: number;
  mfu: number;
  gap: number;
  gap_share: number;
  gap_parts: { compute: number; communication: number; bubble: number; optimizer: number };
  meaning: string;
}

/** One tensor crossing a device boundary while serving (docs/contract-inference.md), per prompt or per decode step. */
export interface ServingTransfer {
  /** Unique in its phase's list; the last stage's entries end in "-last-stage". */
  id: string;
  tensor: 'activation' | 'logits' | 'tokens' | 'kv';
  name: string;
  phase: 'prefill' | 'decode';
  /** The place in the model, with the training plan's tags, so one diagram draws both. */
  where: 'embedding' | 'layer.attention.out' | 'layer.mlp.fc2' | 'layer.moe' | 'head' | 'stage-boundary' | 'kv-cache';
  /** Tokens of one step: the prompt's, or one per sequence of the replica in a decode step. */
  tokens: number;
  count_per_step: number;
  calls_per_step: number;
  bytes_per_step: number;
  bytes_per_token: number;
  time_per_step: number;
  latency_per_step: number;
  /** Equal to time_per_step: serving collectives block. */
  exposed_time_per_step: number;
  formula: string;
  scope: string;
  collective: 'all-reduce' | 'all-gather' | 'all-to-all' | 'send-recv';
  group: 'TP' | 'PP' | 'EP' | 'DP';
  group_size: number;
  stage: number;
  shape: [number, number, number];
  bytes_per_call: number;
  calls: number;
  bytes: number;
  time: number;
  latency_share: number;
  algorithm: string;
  protocol: string;
  link: 'intra' | 'inter';
}

/** One concurrency of `plan` → `curve` in inference mode. */
export interface ServingPoint {
  concurrency: number;
  /** Sequences decoded at once: the concurrency, or past what fits the most that fit. */
  served: number;
  per_output_token: number;
  tokens_per_second: number;
  tokens_per_second_per_gpu: number;
  tokens_per_second_per_user: number;
  bound: 'memory' | 'compute';
  fits: boolean;
}

/** `plan` with `"mode": "inference"` for a valid layout (bytes B, times s, rates tokens/s). */
export interface InferencePlan {
  mode: 'inference';
  serving: {
    prompt: number;
    output: number;
    concurrency: number;
    /** Users in a loop, or every request sent at once and answered once (an offline benchmark). */
    arrival: 'closed_loop' | 'all_at_once';
    /** A closed loop's requests in all (0: endless, a steady state). */
    requests: number;
    weights: 'bf16' | 'fp8' | 'int8' | 'int4' | 'mxfp4' | 'nvfp4';
    /** The routed experts' format (as `weights` unless the request names it). */
    expert_weights: 'bf16' | 'fp8' | 'int8' | 'int4' | 'mxfp4' | 'nvfp4';
    kv: 'bf16' | 'fp8';
    block: number;
    group_size: number;
    runtime: 'ideal' | 'vllm' | 'sglang' | 'trtllm' | 'lmdeploy' | 'gpt-fast';
    /** The runtime in words ("TensorRT-LLM"). */
    runtime_label: string;
    disaggregated: boolean;
    bandwidth_fraction: number;
    weight_bandwidth_fraction: number;
    expert_weight_bandwidth_fraction: number;
    host_overhead: number;
  };
  /** Who is served and who waits when more users are asked for than the KV cache holds. */
  queue: {
    requested: number;
    served: number;
    waiting: number;
    /** What keeps the waiting ones out: the KV cache, or the runtime's own running limit. */
    limit: 'none' | 'kv_cache' | 'scheduler';
    /** The runtime's cap on sequences one copy runs at once (0: only the KV cache limits them). */
    running_limit: number;
    wait: number;
    /** Sent all at once: rounds of `served`, the last of `last_wave`, over `makespan` s (0 in a loop). */
    waves: number;
    last_wave: number;
    makespan: number;
    /** A finite closed loop's requests in all (0: endless). */
    requests: number;
    /** s the first round's prompts take until the last of them has its first token. */
    round_prefill: number;
    /** Prompts one prefill pass carries under the runtime's token budget. */
    prompts_per_pass: number;
    held: boolean;
  };
  parallel: {
    dp: number;
    tp: number;
    pp: number;
    ep: number;
    cp: number;
    decode_replicas: number;
    gpus_per_replica: number;
  };
  memory: {
    weights: number;
    weights_per_instance: number;
    kv_cache_per_token: number;
    kv_cache_per_token_device: number;
    kv_cache_per_sequence: number;
    tokens_per_sequence: number;
    sequences_per_device: number;
    kv_cache: number;
    activations: number;
    /** Which working set `activations` is: one prompt's, or the runtime's start-up profile peak (vLLM). */
    activations_from: 'prompt' | 'startup_profile';
    reserve: number;
    total: number;
    capacity: number;
    fits: boolean;
    max_concurrency: number;
    formulas: Record<string, string>;
  };
  time: {
    first_token: number;
    /** The parts of `first_token` (s); they add up to it. */
    first_token_parts: {
      queue: number;
      kernel_floor: number;
      /** The time an eagerly issued prompt pass (SGLang) waits for the host's launches beyond the GPU's. */
      launch_bound: number;
      host_overhead: number;
      prefill: number;
      communication: number;
      kv_handoff: number;
      first_step: number;
      /** The step in flight when the prompt arrives, and the running decode sharing its step. */
      under_load: number;
    };
    prefill: number;
    kv_handoff: number;
    per_output_token: number;
    decode_step: number;
    request: number;
    hbm_bound: number;
    prefill_communication: number;
    decode: {
      weight_bytes: number;
      kv_bytes: number;
      memory_time: number;
      /** The GEMMs' arithmetic alone (what decides "compute-bound"). */
      compute_time: number;
      /** The GEMMs as run: each the larger of its weight reads and its arithmetic, plus a small kernel. */
      gemm_time: number;
      /** The routed experts' share of gemm_time (0 for a dense model). */
      experts_time: number;
      communication: number;
      kernel_floor: number;
      host_overhead: number;
      allreduce: 'nccl' | 'vllm-custom' | 'trtllm-custom';
      /** The all-reduce kernels in words. */
      allreduce_label: string;
      bound: 'memory' | 'compute';
    };
    formulas: Record<string, string>;
  };
  throughput: {
    tokens_per_second: number;
    tokens_per_second_per_gpu: number;
    tokens_per_second_per_replica: number;
    tokens_per_second_per_user: number;
    prefill_limited: boolean;
    compute_bound_from: number;
    formulas: Record<string, string>;
  };
  curve: {
    points: ServingPoint[];
    max_concurrency: number;
    requested: number;
    /** Each point a loop of that many users, or a run of that many requests sent at once. */
    arrival: 'closed_loop' | 'all_at_once';
    compute_bound_from: number;
    axis: string;
  };
  /** Per pipeline stage: its layers and what one of its GPUs holds (bytes). */
  stages: ServingStage[];
  communication: { prefill: ServingTransfer[]; decode: ServingTransfer[] };
  scope: string[];
}

/** One pipeline stage of a serving plan; every GPU of a stage holds the same. */
export interface ServingStage {
  index: number;
  first_layer: number;
  layers: number;
  embedding: boolean;
  head: boolean;
  /** GPUs of the stage in one replica (tp). */
  devices: number;
  kv_heads_per_device: number;
  memory: {
    weights: number;
    kv_cache_per_token: number;
    kv_cache_per_sequence: number;
    sequences: number;
    kv_cache: number;
    activations: number;
    reserve: number;
    total: number;
    capacity: number;
    free: number;
    max_sequences: number;
    fits: boolean;
  };
  formulas: { weights: string; kv_cache: string; total: string };
}

/** `fidelity` with `"mode": "inference"`: published serving runs against the engine. */
export interface InferenceFidelityResponse {
  mode: 'inference';
  note: string;
  sources: Array<{ id: string; title: string; url: string }>;
  cases: Array<{
    id: string;
    source: string;
    role: 'calibration' | 'validation';
    statement: string;
    metric: 'tokens_per_second' | 'first_token';
    measured: number;
    engine: number;
    error: number;
    unit: 's' | 'tokens/s';
    tolerance: number;
    assumed: string[];
    gap?: string;
    request: Record<string, unknown>;
  }>;
  calibration: ErrorSummary;
  validation: ErrorSummary;
  /** The sealed serving sets: published runs never fitted, sealed and informed apart. */
  held_out?: ServingHeldOut;
}

/** Errors over held-out serving runs; a speed error > 0 means the engine predicts more speed. */
export interface HeldOutSummary {
  cases: number;
  mean_abs_error: number;
  median_abs_error: number;
  max_abs_error: number;
  mean_speed_error: number;
  /** The median speed error: which way the runs typically lean (a few far-off times move the mean). */
  median_speed_error: number;
  /** On the sealed and informed summaries: how many sources, the mean of their own mean errors (each source once), and the worst. */
  sources?: number;
  mean_of_sources?: number;
  worst_source?: string;
  worst_source_error?: number;
}

/** The held-out part of `fidelity` in inference mode. */
export interface ServingHeldOut {
  note: string;
  sealed_on: string;
  frozen: string;
  refused: number;
  sealed: HeldOutSummary;
  informed: HeldOutSummary;
  /** Each set's mean error as frozen, with the engine's predictions then. */
  readings: Array<{ frozen: string; engine_commit: string; cases: number; mean_abs_error: number; runs: string }>;
  sources: Array<{
    id: string;
    name: string;
    title: string;
    url: string;
    runtime: string;
    role: string;
    added: string;
    /** Commits of the changes judged on this source; empty while it is sealed. */
    informed_by: string[];
    seal: 'sealed' | 'informed' | 'calibration' | 'set_aside';
    /** Why the source's runs count with neither set: what it measured that no request states. */
    set_aside?: string;
    errors: HeldOutSummary;
  }>;
  cases: Array<{
    id: string;
    source: string;
    /** The run in plain words: model, GPUs, runtime, workload and the figure measured. */
    label: string;
    where: string;
    metric: string;
    measured: number;
    unit: 's' | 'tokens/s';
    assumed: string[];
    /** The request the engine planned (a documented correction applied). */
    request: Record<string, unknown>;
    /** calibration: a held-out source that later fitted a constant; set_aside: one that measured what no request states; in neither summary. */
    seal: 'sealed' | 'informed' | 'calibration' | 'set_aside';
    engine?: number;
    error?: number;
    speed_error?: number;
    fits?: boolean;
    served?: number;
    /** What keeps the rest of the run's users waiting, as the plan's queue says. */
    limit?: 'none' | 'kv_cache' | 'scheduler';
    refused?: string;
    /** Why a later finding replaced what the case assumed. */
    corrected?: string[];
  }>;
}

/** The pasted-config formats `import` reads; `export` writes all but `hf`. */
export type ConfigFormat = 'hf' | 'megatron' | 'deepspeed' | 'torchtitan';

/** `import` request: one pasted text, or several describing one run (a config.json plus a launch script). */
export type ImportRequest = ({ text: string } | { texts: string[] }) & {
  format?: 'auto' | ConfigFormat;
  /** The explorer's hardware section (preset, gpus, …): kept, since configs do not name the GPU. */
  hardware?: Record<string, unknown>;
  /** The explorer's model section: kept when no pasted text describes a model (a DeepSpeed config alone). */
  model?: Record<string, unknown>;
};

/** `import` response: a complete `plan` request and how each part of it was found. */
export interface ImportResponse {
  /** Formats joined with "+" in the order given ("hf+megatron"). */
  format: string;
  formats: ConfigFormat[];
  request: {
    model: Record<string, unknown>;
    hardware: Record<string, unknown>;
    parallel: Record<string, unknown>;
    batch: { micro: number; global: number };
  };
  /** Exact parameter count of the imported model. */
  parameters: number;
  read: Array<{ field: string; value: unknown; from: string; line?: number }>;
  assumed: Array<{ field: string; value: unknown; why: string }>;
  ignored: Array<{ from: string; value: unknown; why: string; line?: number }>;
  warnings?: EngineIssue[];
}

export interface ExportRequest {
  request: Record<string, unknown>;
  format: Exclude<ConfigFormat, 'hf'>;
}

/** `export` response: the launch configuration as text (comments say what the target cannot express). */
export interface ExportResponse {
  format: Exclude<ConfigFormat, 'hf'>;
  text: string;
  /** A file name for downloading it (launch_megatron.sh, ds_config.json, torchtitan_job.toml). */
  filename: string;
}

declare global {
  // eslint-disable-next-line no-var
  var createAtlasEngine: CreateAtlasEngine | undefined;
  // eslint-disable-next-line no-var
  var createAtlasPlanner: CreateAtlasEngine | undefined;
}
