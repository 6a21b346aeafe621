// Types for the Emscripten module (atlas-engine.js). emcc 3.1.6 cannot emit these, so they are
// written by hand and checked by tsc in npm test (tests/types).

/** The embind module: one function, the engine's JSON contract as text. */
export interface AtlasEngineModule {
  /** Runs a command on a JSON request text; returns the JSON response text. Never throws. */
  call(command: EngineCommand, request: string): string;
}

export type EngineCommand =
  | 'version' | 'validate' | 'batch' | 'allreduce' | 'nccl-tests' | 'presets' | 'plan' | 'search' | 'quiz' | 'practice'
  | 'fidelity' | 'schema';

/**
 * MODULARIZE factory exported as createAtlasEngine: a global in the browser (the glue beside the
 * .wasm, or the one-file engine from file://); in node, atlas_engine_node.js (reads the .wasm).
 */
export type CreateAtlasEngine = (overrides?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  instantiateWasm?: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
}) => Promise<AtlasEngineModule>;

export interface EngineIssue {
  code: string;
  message: string;
  /** JSON pointer into the request ("" for the whole request). */
  path: string;
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
  commands: EngineCommand[];
  units: { bytes: 'B'; time: 's'; bandwidth: 'B/s'; compute: 'FLOP/s' };
}

export interface BatchResponse {
  global: number;
  micro: number;
  accumulation: number;
  data_parallel: number;
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

/** A JSON Schema (draft 2020-12) document; `x-unit` names a numeric field's SI unit. */
export type JsonSchema = Record<string, unknown>;

/** `schema`: the contract as JSON Schema, per command (request recorded from the engine's readers). */
export interface SchemaResponse {
  dialect: 'https://json-schema.org/draft/2020-12/schema';
  units: string;
  commands: Record<string, { description: string; request: JsonSchema; examples: Record<string, unknown>[]; response?: JsonSchema }>;
}

/** `fidelity`: the engine against every published run (docs/contract-plan.md). */
export interface FidelityResponse {
  cases: Array<{
    id: string;
    source: string;
    set: 'calibration' | 'validation';
    where: string;
    request: Record<string, unknown>;
    published: { kind: 'step_seconds' | 'tflops_eq3' | 'model_tflops_per_gpu' | 'tokens_per_second_per_gpu'; value: number };
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
  sources: Array<{ id: string; title: string; url: string; role: 'calibration' | 'validation'; fits?: string[]; tolerance?: number; errors?: ErrorSummary }>;
  in_sample: ErrorSummary;
  out_of_sample: ErrorSummary;
  fitted?: Record<string, { compute: number; memory_traffic: number; mean_abs_error: number }>;
  leave_one_source_out?: Array<ErrorSummary & { source: string; hardware: string; fitted_on: string; compute: number; memory_traffic: number }>;
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

declare global {
  // eslint-disable-next-line no-var
  var createAtlasEngine: CreateAtlasEngine | undefined;
}
