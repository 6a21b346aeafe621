// Fetching and starting the engine's modules in a browser (core at start, quiz and planner when
// first needed). build.mjs names their files on the app's script tag (content-hashed names). The
// loader decides how to get each module's WebAssembly:
// - over http(s), the real .wasm, compiled while its bytes arrive (compileStreaming) and while
//   the glue script downloads beside it;
// - from file://, where browsers refuse to fetch a .wasm, one script holding the glue and the
//   WebAssembly as base64 (never fetched over http).

import { ENGINE_MODULES, dataKeys } from './engine-modules.js';

/** @typedef {{glue: string, wasm: string, single: string, factory: string, base64: string}} EngineFiles */

/**
 * @param {string} name
 * @returns {EngineFiles}
 */
function engineFiles(name) {
  const m = ENGINE_MODULES[name];
  const keys = dataKeys(m);
  const tag = document.getElementById('atlas-app');
  /** @type {DOMStringMap} */
  const d = tag ? tag.dataset : {};
  return {
    glue: d[keys.glue] || `${m.stem}.js`,
    wasm: d[keys.wasm] || `${m.stem}.wasm`,
    single: d[keys.single] || `${m.stem}-file.js`,
    factory: m.factory,
    base64: m.base64,
  };
}

/**
 * Adds a classic script; resolves when it has run.
 * @param {string} src
 */
export function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(undefined);
    script.onerror = () => reject(new Error('a file of this page did not download'));
    document.head.append(script);
  });
}

/**
 * Adds a style sheet; resolves when it applies (the page looks right before its code runs).
 * @param {string} href
 */
export function loadStyle(href) {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve(undefined);
    link.onerror = () => reject(new Error('a file of this page did not download'));
    document.head.append(link);
  });
}

// Hosts that send the .wasm without application/wasm make compileStreaming refuse it: compile
// from the whole buffer then (slower, still correct).
/** @param {string} url */
function compileWasm(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`the engine's code could not be downloaded (HTTP ${response.status})`);
    if (typeof WebAssembly.compileStreaming !== 'function')
      return response.arrayBuffer().then((b) => WebAssembly.compile(b));
    const copy = response.clone();
    return WebAssembly.compileStreaming(response).catch(() => copy.arrayBuffer().then((b) => WebAssembly.compile(b)));
  });
}

/** @param {string} text */
function decodeBase64(text) {
  const chars = atob(text);
  const bytes = new Uint8Array(chars.length);
  for (let i = 0; i < chars.length; i += 1) bytes[i] = chars.charCodeAt(i);
  return bytes;
}

/**
 * Starts fetching a module of the engine now; resolves once its glue has run to the factory and
 * a function giving its options (`fail` reports a WebAssembly that could not be compiled or
 * instantiated).
 * @param {string} [name] a key of ENGINE_MODULES
 * @returns {Promise<{create: Function, options: (fail: (e: unknown) => void) => object}>}
 */
export function fetchEngine(name = 'core') {
  if (!Object.hasOwn(ENGINE_MODULES, name)) return Promise.reject(new Error(`the engine has no module "${name}"`));
  const files = engineFiles(name);
  const g = /** @type {any} */ (globalThis);
  if (location.protocol === 'file:') {
    return loadScript(files.single).then(() => {
      const wasmBinary = decodeBase64(g[files.base64]);
      delete g[files.base64]; // the string is no longer needed
      return { create: g[files.factory], options: () => ({ wasmBinary }) };
    });
  }
  const compiled = compileWasm(files.wasm);
  compiled.catch(() => {}); // reported through `fail` once the glue asks for the module
  return loadScript(files.glue).then(() => ({
    create: g[files.factory],
    options: (fail) => ({
      // The glue hands over its imports; the module compiled meanwhile is instantiated with them
      // at once (synchronously: compiling is what browsers keep off the main thread, and an
      // asynchronous instantiate waits for a task of its own, queued behind the page's first
      // layouts — about 200 ms on this machine).
      /**
       * @param {WebAssembly.Imports} imports
       * @param {(instance: WebAssembly.Instance, module: WebAssembly.Module) => void} done
       */
      instantiateWasm(imports, done) {
        compiled
          .then((module) => {
            /** @type {WebAssembly.Instance} */
            let instance;
            try {
              instance = new WebAssembly.Instance(module, imports);
            } catch {
              // Browsers that refuse large synchronous instances on the main thread.
              return WebAssembly.instantiate(module, imports).then((later) => done(later, module));
            }
            return done(instance, module);
          })
          .catch((e) => fail(e));
        return {};
      },
    }),
  }));
}
