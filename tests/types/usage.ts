// Compile-time checks of the typed wrapper: tsc fails on a wrong command or a misuse of types.
import type { AtlasEngineModule, BatchResponse, EngineErrorResponse, FidelityResponse, IdealTime, SchemaResponse, VersionResponse } from '../../web/src/atlas-engine';
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
  return Math.max(...f.cases.filter((c) => c.set === 'validation').map((c) => Math.abs(c.error)), f.out_of_sample.max_abs_error);
}
const gapShare = (t: { step: number; ideal: IdealTime }): number => t.ideal.gap_share;
void worstValidation;
void gapShare;
const planBounds = (s: SchemaResponse) => s.commands.plan?.request;
void planBounds;
module.call('fidelity', '{"refit":true}');
module.call('schema', '{"command":"plan","responses":false}');
