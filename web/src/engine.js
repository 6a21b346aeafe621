// The page's only door to the C++ engine. Layer one is the embind module (the engine's glue,
// global createAtlasEngine, one function call(command, text) → text); this wrapper parses,
// types and caches. Load once: every caller awaits the same promise.
import { fetchEngine } from './engine-fetch.js';

/** @typedef {{code: string, message: string, path: string}} EngineIssue */
/** @typedef {{error: EngineIssue, errors: EngineIssue[], warnings?: EngineIssue[]}} EngineError */

/** @type {Promise<Engine> | null} */
let loading = null;

export class EngineLoadError extends Error {}

export class Engine {
  /** @param {{call: (command: string, request: string) => string}} module */
  constructor(module) {
    this.module = module;
    /** @type {{engine: string, version: string, contract: number, commands: string[]}} */
    this.version = this.run('version', {});
  }

  /**
   * Runs an engine command. Never throws: errors come back as data, and so does anything the
   * module itself throws (a RangeError from a deep stack, a RuntimeError trap, an abort) —
   * as `engine_failure`, after which the module keeps answering.
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
    let answer;
    try {
      answer = this.module.call(command, text);
    } catch (e) {
      return engineError('engine_failure', `The engine failed on this request (${describe(e)}); it is still usable.`);
    }
    try {
      return JSON.parse(answer);
    } catch (e) {
      return engineError('engine_failure', `The engine's answer was not JSON (${describe(e)}).`);
    }
  }
}

// A short description of anything thrown (WASM traps and aborts may throw non-Error values).
function describe(e) {
  if (e && typeof e === 'object' && 'message' in e) return `${e.name ?? 'Error'}: ${String(e.message).slice(0, 200)}`;
  return String(e).slice(0, 200);
}

/** True when a response is an engine error. */
export function isError(response) {
  return response !== null && typeof response === 'object' && 'error' in response;
}

function engineError(code, message) {
  const issue = { code, message, path: '' };
  return { error: issue, errors: [issue] };
}

/**
 * Loads the engine once. In a browser the loader fetches it (engine-fetch.js); tests and node
 * pass their own `factory` (a createAtlasEngine).
 * @param {{factory?: Function, timeoutMs?: number}} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine({ factory, timeoutMs = 15000 } = {}) {
  if (loading) return loading;
  const fetched = factory ? Promise.resolve({ create: factory, options: () => ({}) }) : fetchEngine();
  loading = fetched.then(
    ({ create, options }) => start(create, options, timeoutMs),
    (e) => { throw new EngineLoadError(`the engine did not load (${e && e.message ? e.message : e})`); });
  return loading;
}

/** @returns {Promise<Engine>} */
function start(create, options, timeoutMs) {
  return new Promise((resolve, reject) => {
    if (typeof create !== 'function') {
      reject(new EngineLoadError('the engine script did not define the engine'));
      return;
    }
    const fail = (e) => {
      clearTimeout(timer);
      reject(new EngineLoadError(`the engine failed to start: ${e && e.message ? e.message : e}`));
    };
    const timer = setTimeout(() => reject(new EngineLoadError('the engine took too long to start')), timeoutMs);
    Promise.resolve()
      .then(() => create(options(fail)))
      .then((module) => {
        clearTimeout(timer);
        resolve(new Engine(module));
      })
      .catch(fail);
  });
}
