// The files of this page's code, named by the build on the boot script's tag (data-modules:
// {name: file}, content-hashed): each module's script, and the code a module fetches later
// ("<module>/<part>", with "<module>/<part>.css" when it has styles). Kept apart from
// page-modules.js so a module's own script can fetch its later code without the registry.
import { loadScript, loadStyle } from './engine-fetch.js';

/** @type {Record<string, string> | null} */
let cached = null;

/**
 * The scripts of this page's modules by name (empty when the tag names none).
 * @returns {Record<string, string>}
 */
export function moduleScripts() {
  if (cached) return cached;
  const raw = document.getElementById('atlas-app')?.dataset.modules;
  /** @type {any} */
  let scripts = {};
  try {
    scripts = raw ? JSON.parse(raw) : {};
  } catch {
    scripts = {}; // a tag edited by hand: the page stays text-only rather than failing
  }
  /** @type {Record<string, string>} */
  const found = scripts && typeof scripts === 'object' ? scripts : {};
  cached = found;
  return found;
}

/** @type {Map<string, Promise<any>>} */
const later = new Map();

/**
 * The exports of a module's code that waits for its moment (modules/<module>/later/<part>.js,
 * its own script and style sheet): fetched once, on the first call.
 * @param {string} module
 * @param {string} part
 * @returns {Promise<any>}
 */
export function loadLater(module, part) {
  const key = `${module}/${part}`;
  let pending = later.get(key);
  if (!pending) {
    const scripts = moduleScripts();
    if (typeof scripts[key] !== 'string') return Promise.reject(new Error('this page does not name that code'));
    const css = scripts[`${key}.css`];
    pending = Promise.all([loadScript(scripts[key]), css ? loadStyle(css) : undefined]).then(
      () => /** @type {any} */ (globalThis).atlasLater[`${module}_${part}`],
    );
    pending.catch(() => later.delete(key)); // a later call may try again
    later.set(key, pending);
  }
  return pending;
}
