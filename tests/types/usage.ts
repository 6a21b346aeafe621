// Compile-time checks of the typed wrapper: tsc fails on a wrong command or a misuse of types.
import type {
  AtlasEngineModule,
  BatchResponse,
  EngineErrorResponse,
  ExportRequest,
  ExportResponse,
  FidelityResponse,
  IdealTime,
  ImportRequest,
  ImportResponse,
  InferenceFidelityResponse,
  InferencePlan,
  SchemaResponse,
  VersionResponse,
} from '../../web/src/atlas-engine';
import { Engine, isError, loadEngine } from '../../web/src/engine.js';
import { formatBytes, formatSeconds } from '../../web/src/format.js';

declare const module: AtlasEngineModule;
const text: string = module.call('batch', '{"micro":8,"accumulation":16,"dp":64}');
// @ts-expect-error — not a command of the engine
module.call('frobnicate', '{}');
// @ts-expect-error — the request is text, not an object
module.call('batch', { micro: 8 });

async function use(): Promise<string> {
  const engine: Engine = await loadEngine();
  const v = engine.version as VersionResponse;
  const r = engine.run('batch', { micro: 8, accumulation: 16, dp: 64 }) as BatchResponse | EngineErrorResponse;
  if (isError(r)) return (r as EngineErrorResponse).error.path;
  const seconds: string = formatSeconds((r as BatchResponse).global);
  return `${v.version} ${text} ${seconds} ${formatBytes(1024)}`;
}
void use;

function worstValidation(f: FidelityResponse): number {
  return Math.max(
    ...f.cases.filter((c) => c.set === 'validation').map((c) => Math.abs(c.error)),
    f.out_of_sample.max_abs_error,
  );
}
const gapShare = (t: { step: number; ideal: IdealTime }): number => t.ideal.gap_share;
void worstValidation;
void gapShare;
const planBounds = (s: SchemaResponse) => s.commands.plan?.request;
void planBounds;
module.call('fidelity', '{"refit":true}');
module.call('schema', '{"command":"plan","responses":false}');
const knee = (p: InferencePlan): number =>
  p.curve.points.filter((x) => x.bound === 'memory' && x.fits).length + p.throughput.compute_bound_from;
void knee;
// The diagram's inputs: each stage's KV cache per GPU, and one phase's crossings with their places.
const kvPerGpu = (p: InferencePlan): number[] => p.stages.map((st) => st.memory.kv_cache);
void kvPerGpu;
const decodePlaces = (p: InferencePlan): string[] =>
  p.communication.decode.filter((t) => t.where !== 'kv-cache').map((t) => `${t.where} ${t.bytes_per_step}`);
void decodePlaces;
const worstServing = (f: InferenceFidelityResponse): number =>
  Math.max(...f.cases.filter((c) => c.role === 'validation').map((c) => Math.abs(c.error)));
void worstServing;

const importRequest: ImportRequest = { texts: ['{"hidden_size": 4096}', '--num-layers 32'], format: 'auto' };
// @ts-expect-error — yaml is not a format the engine reads
const badFormat: ImportRequest = { text: 'a: 1', format: 'yaml' };
const exportRequest: ExportRequest = { request: { model: { preset: 'llama-3.1-8b' } }, format: 'torchtitan' };
// @ts-expect-error — config.json describes a model, not a launch: it is not an export format
const badExport: ExportRequest = { request: {}, format: 'hf' };
function firstRead(r: ImportResponse, e: ExportResponse): string {
  const line: number | undefined = r.read[0]?.line;
  return `${r.format} ${r.parameters} ${line ?? 0} ${r.request.batch.global} ${e.filename}`;
}
void importRequest;
void badFormat;
void exportRequest;
void badExport;
void firstRead;
module.call('import', JSON.stringify(importRequest));

// The hand-written response types must agree with the engine's generated contract: each is
// assignable to the command's answer, so a field typed differently in the two fails here.
import type { Answers, Requests } from '../../web/src/atlas-contract';
const agreeBatch = (r: BatchResponse): Answers['batch'] => r;
const agreeFidelity = (r: FidelityResponse): Answers['fidelity'] => r;
const agreeImport = (r: ImportResponse): Answers['import'] => r;
const agreeExport = (r: ExportResponse): Answers['export'] => r;
const agreeVersion = (r: VersionResponse): Answers['version'] => r;
const agreeError = (r: EngineErrorResponse): Answers['plan'] => r;
(void agreeBatch, agreeFidelity, agreeImport, agreeExport, agreeVersion, agreeError);
const planRequest: Requests['plan'] = {
  model: { preset: 'llama-3.1-8b' },
  hardware: { preset: 'h100-sxm', gpus: 8 },
  parallel: { tp: 8 },
  batch: { global: 8, micro: 1 },
};
// @ts-expect-error — the engine's tensor-parallel degree is a number
const badPlan: Requests['plan'] = { ...planRequest, parallel: { tp: '8' } };
void badPlan;
