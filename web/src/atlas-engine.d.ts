// Types for the Emscripten module (atlas-engine.js). emcc 3.1.6 cannot emit these, so they are
// written by hand and checked by tsc in npm test (tests/types).

/** The embind module: one function, the engine's JSON contract as text. */
export interface AtlasEngineModule {
  /** Runs a command on a JSON request text; returns the JSON response text. Never throws. */
  call(command: EngineCommand, request: string): string;
}

export type EngineCommand =
  | 'version' | 'validate' | 'batch' | 'allreduce' | 'nccl-tests' | 'presets' | 'plan' | 'search' | 'quiz' | 'practice';

/** MODULARIZE factory exported as createAtlasEngine (a global in the browser, module.exports in node). */
export type CreateAtlasEngine = (overrides?: { wasmBinary?: ArrayBuffer | Uint8Array }) => Promise<AtlasEngineModule>;

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

declare global {
  // eslint-disable-next-line no-var
  var createAtlasEngine: CreateAtlasEngine | undefined;
}
