// Where things live. ATLAS_BUILD_DIR and ATLAS_DIST let several builds coexist (parallel work, tests).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const buildDir = resolve(root, process.env.ATLAS_BUILD_DIR || 'build');
export const distDir = resolve(root, process.env.ATLAS_DIST || 'dist');
export const nativeDir = join(buildDir, 'native');
export const wasmDir = join(buildDir, 'wasm');
export const cli = join(nativeDir, 'wasm', 'atlas');
// Node's entry to the WASM engine's core module (reads atlas_engine.wasm beside it) and to its
// planner module; the page loads the glue of each.
export const engineModule = join(wasmDir, 'wasm', 'atlas_engine_node.js');
export const engineGlue = join(wasmDir, 'wasm', 'atlas_engine.js');
export const engineWasm = join(wasmDir, 'wasm', 'atlas_engine.wasm');
export const plannerModule = join(wasmDir, 'wasm', 'atlas_planner_node.js');
export const plannerGlue = join(wasmDir, 'wasm', 'atlas_planner.js');
export const plannerWasm = join(wasmDir, 'wasm', 'atlas_planner.wasm');
export const entryFile = resolve(root, process.env.ATLAS_ENTRY || 'content/parallelism.json');
