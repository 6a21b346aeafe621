// The engine's WebAssembly modules as the page and the build name them, listed once: the build
// writes each module's files under its stem and names them on the boot script's tag (data
// attributes from `key`), the loader fetches them by those names, and module.js files may ask
// for any but the core. Which commands each answers is the engine's own map (`version`).

/**
 * @typedef {{stem: string, factory: string, base64: string, key: string}} EngineModule
 * stem: the files' name stem (<stem>.<hash>.js / .wasm, <stem>-file.<hash>.js for file://);
 * factory: the glue's global (emcc's EXPORT_NAME in wasm/CMakeLists.txt); base64: the one-file
 * engine's global holding the WebAssembly; key: the prefix of its data attributes.
 */

/** @type {Readonly<Record<string, EngineModule>>} the core first: it is fetched at start */
export const ENGINE_MODULES = Object.freeze({
  core: { stem: 'atlas-engine', factory: 'createAtlasEngine', base64: 'atlasEngineWasm', key: '' },
  quiz: { stem: 'atlas-quiz', factory: 'createAtlasQuiz', base64: 'atlasQuizWasm', key: 'quiz' },
  planner: { stem: 'atlas-planner', factory: 'createAtlasPlanner', base64: 'atlasPlannerWasm', key: 'planner' },
});

/**
 * The boot script tag's dataset keys naming a module's glue, .wasm and one-file engine
 * (the core's are the first ones the page had: engine, wasm, engineFile).
 * @param {EngineModule} m
 */
export function dataKeys(m) {
  return m.key
    ? { glue: `${m.key}Engine`, wasm: `${m.key}Wasm`, single: `${m.key}EngineFile` }
    : { glue: 'engine', wasm: 'wasm', single: 'engineFile' };
}
