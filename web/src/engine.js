// The page's only door to the C++ engine. Layer one is the embind modules (each a glue script
// with a global factory and one function call(command, text) → text): "core" (the entry, the
// lab) at start, "quiz" and "planner" when a part first needs them. This wrapper routes
// each command to the module that answers it, parses, types and caches. Load once: every caller
// awaits the same promise.
import { fetchEngine } from './engine-fetch.js';
import { ENGINE_MODULES } from './engine-modules.js';

/** @typedef {{code: string, message: string, path: string}} EngineIssue */
/** @typedef {{error: EngineIssue, errors: EngineIssue[], warnings?: EngineIssue[]}} EngineError */

/** @type {Promise<Engine> | null} */
let loading = null;

export class EngineLoadError extends Error {}

export class Engine {
  /**
   * @param {{call: (command: string, request: string) => string}} module the module loaded first
   * @param {Record<string, () => Promise<{call: (command: string, request: string) => string}>>} [loaders]
   *   how to get each other module of the engine, by the name `version` gives it (browser: fetch it; node: require it)
   * @param {string} [first] the first module's name: the core, or an embedded part's own module
   */
  constructor(module, loaders = {}, first = 'core') {
    this.module = module;
    this.first = first;
    /** @type {Map<string, {call: (command: string, request: string) => string}>} modules other than the first, once loaded */
    this.loaded = new Map();
    /** @type {Map<string, Promise<void>>} */
    this.loading = new Map();
    this.loaders = loaders;
    // Which module answers which command (every module names them all, code or not); the first
    // module keeps the command every module answers (version, about itself).
    /** @type {Map<string, string>} */
    this.owners = new Map([['version', first]]);
    const version = this.run('version', {});
    for (const [name, commands] of Object.entries(version.modules ?? {}))
      for (const command of commands) if (!this.owners.has(command)) this.owners.set(command, name);
    /** @type {{engine: string, version: string, contract: number, commands: string[]}} the engine's, every module's commands */
    this.version = { ...version, commands: version.modules ? [...this.owners.keys()] : version.commands };
  }

  /**
   * The module that answers `command` ('core' unless `version` names another).
   * @param {string} command
   */
  moduleOf(command) {
    return this.owners.get(command) ?? 'core';
  }

  /**
   * Loads a module of the engine once (every caller awaits the same promise); resolves when
   * run() answers its commands.
   * @param {string} name a module name from `version.modules`, or a command it answers
   * @returns {Promise<void>}
   */
  load(name) {
    const module = this.owners.has(name) ? this.moduleOf(name) : name;
    if (module === this.first || this.loaded.has(module)) return Promise.resolve();
    let pending = this.loading.get(module);
    if (!pending) {
      const loader = this.loaders[module];
      pending = loader
        ? loader().then((m) => {
            this.loaded.set(module, m);
          })
        : Promise.reject(new EngineLoadError(`this page has no way to load the engine's ${module} module`));
      pending.catch(() => this.loading.delete(module)); // a later call may try again
      this.loading.set(module, pending);
    }
    return pending;
  }

  /**
   * Runs an engine command. Never throws: errors come back as data, and so does anything the
   * module itself throws (a RangeError from a deep stack, a RuntimeError trap, an abort) —
   * as `engine_failure`, after which the module keeps answering. A command whose module is not
   * loaded yet answers `engine_loading` and starts loading it (load() says when it is there).
   * @param {string} command
   * @param {unknown} request
   * @returns {any}
   */
  run(command, request) {
    let text;
    try {
      text = JSON.stringify(request);
    } catch (e) {
      return engineError('invalid_request', `The request could not be serialised: ${describe(e)}`);
    }
    if (text === undefined) return engineError('invalid_request', 'The request is empty.');
    const name = this.moduleOf(command);
    const module = name === this.first ? this.module : this.loaded.get(name);
    if (!module) {
      this.load(name).catch(() => {}); // reported to whoever awaits load()
      return engineError('engine_loading', `The engine's ${name} module is still loading; ask again once it is there.`);
    }
    return call(module, command, text);
  }
}

/**
 * One call into a module, its answer parsed; a throw or a non-JSON answer is an error answer.
 * @param {{call: (command: string, request: string) => string}} module
 * @param {string} command
 * @param {string} text
 * @returns {any} parsed JSON: the command's answer (run() hands it on untyped)
 */
function call(module, command, text) {
  let answer;
  try {
    answer = module.call(command, text);
  } catch (e) {
    return engineError('engine_failure', `The engine failed on this request (${describe(e)}); it is still usable.`);
  }
  try {
    return JSON.parse(answer);
  } catch (e) {
    return engineError('engine_failure', `The engine's answer was not JSON (${describe(e)}).`);
  }
}

// A short description of anything thrown (WASM traps and aborts may throw non-Error values).
/** @param {unknown} e */
function describe(e) {
  if (e && typeof e === 'object' && 'message' in e)
    return `${'name' in e ? (e.name ?? 'Error') : 'Error'}: ${String(e.message).slice(0, 200)}`;
  return String(e).slice(0, 200);
}

/**
 * True when a response is an engine error.
 * @param {unknown} response
 * @returns {response is EngineError}
 */
export function isError(response) {
  return response !== null && typeof response === 'object' && 'error' in response;
}

/**
 * @param {string} code
 * @param {string} message
 * @returns {EngineError}
 */
function engineError(code, message) {
  const issue = { code, message, path: '' };
  return { error: issue, errors: [issue] };
}

/** @type {Map<string, Promise<{create: Function, options: (fail: (e: unknown) => void) => object}>>} modules whose download has started */
const prefetched = new Map();

/**
 * Starts downloading a module of the engine (browser) before a part asks for it, so it arrives
 * beside the part's own code rather than after the core module has started.
 * @param {string} name
 */
export function prefetchModule(name) {
  if (prefetched.has(name) || typeof document === 'undefined') return;
  const fetched = fetchEngine(/** @type {any} */ (name));
  fetched.catch(() => {}); // reported when the module is loaded
  prefetched.set(name, fetched);
}

/**
 * Loads the engine once: its `first` module now (the core; an embed of a part with its own
 * module starts with that one and never fetches the core), the others when first needed
 * (Engine.load). In a browser the loader fetches them (engine-fetch.js); tests and node pass
 * their own `factory` (a createAtlasEngine) and `loaders` (module name → a promise of that module).
 * @param {{factory?: Function, loaders?: Record<string, () => Promise<any>>, timeoutMs?: number, first?: string}} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine({ factory, loaders, timeoutMs = 15000, first = 'core' } = {}) {
  if (loading) return loading;
  const fetched = factory
    ? Promise.resolve({ create: factory, options: () => ({}) })
    : (prefetched.get(first) ?? fetchEngine(/** @type {any} */ (first)));
  // Kept: a part that asks for the first module later (an embed's own) finds it downloading.
  if (!factory) prefetched.set(first, fetched);
  // Every other module, fetched when first needed (prefetched if a part asked early).
  const later = (/** @type {string} */ name) => () => {
    const download = prefetched.get(name) ?? fetchEngine(/** @type {any} */ (name));
    prefetched.delete(name); // after a failure, a later attempt downloads again
    return download.then(
      ({ create, options }) => start(create, options, timeoutMs),
      (e) => {
        throw new EngineLoadError(`the engine's ${name} module did not load (${e && e.message ? e.message : e})`);
      },
    );
  };
  const others = loaders ?? Object.fromEntries(Object.keys(ENGINE_MODULES).map((name) => [name, later(name)]));
  loading = fetched.then(
    ({ create, options }) =>
      start(create, options, timeoutMs).then((module) => {
        const engine = new Engine(module, others, first);
        // On the browser's performance timeline (the bench splits start-up here).
        globalThis.performance?.mark?.('atlas: engine started');
        return engine;
      }),
    (e) => {
      throw new EngineLoadError(`the engine did not load (${e && e.message ? e.message : e})`);
    },
  );
  return loading;
}

/**
 * @param {Function} create the module's factory (a createAtlasEngine)
 * @param {(fail: (e: unknown) => void) => object} options
 * @param {number} timeoutMs
 * @returns {Promise<{call: (command: string, request: string) => string}>}
 */
function start(create, options, timeoutMs) {
  return new Promise((resolve, reject) => {
    if (typeof create !== 'function') {
      reject(new EngineLoadError('the engine script did not define the engine'));
      return;
    }
    // Anything the glue throws or reports (a trap or an abort need not be an Error): any.
    const fail = (/** @type {any} */ e) => {
      clearTimeout(timer);
      reject(new EngineLoadError(`the engine failed to start: ${e && e.message ? e.message : e}`));
    };
    const timer = setTimeout(() => reject(new EngineLoadError('the engine took too long to start')), timeoutMs);
    Promise.resolve()
      .then(() => create(options(fail)))
      .then((module) => {
        clearTimeout(timer);
        resolve(module);
      })
      .catch(fail);
  });
}
