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
// quiz and planner modules; the page loads the glue of each.
export const engineModule = join(wasmDir, 'wasm', 'atlas_engine_node.js');
export const engineGlue = join(wasmDir, 'wasm', 'atlas_engine.js');
export const engineWasm = join(wasmDir, 'wasm', 'atlas_engine.wasm');
export const quizModule = join(wasmDir, 'wasm', 'atlas_quiz_node.js');
export const quizGlue = join(wasmDir, 'wasm', 'atlas_quiz.js');
export const quizWasm = join(wasmDir, 'wasm', 'atlas_quiz.wasm');
export const plannerModule = join(wasmDir, 'wasm', 'atlas_planner_node.js');
export const plannerGlue = join(wasmDir, 'wasm', 'atlas_planner.js');
export const plannerWasm = join(wasmDir, 'wasm', 'atlas_planner.wasm');
// The atlas's content: every *.json here is an entry, beside the module mapping (atlas.json).
// ATLAS_CONTENT points at another folder (a fixture atlas); ATLAS_ENTRY builds one entry file
// alone as the home page, with the modules the mapping gives its id (tests of bad content).
export const contentDir = resolve(root, process.env.ATLAS_CONTENT || 'content');
export const entryFile = process.env.ATLAS_ENTRY ? resolve(root, process.env.ATLAS_ENTRY) : null;
// One folder per interactive module (web/src/modules/registry.js lists them).
export const modulesDir = join(root, 'web', 'src', 'modules');
