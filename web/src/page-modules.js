// The modules of the entry on this page. The build names their scripts on the boot script's
// tag (data-modules: {name: file}), so this is known in <head>, before the body arrives: an
// embed can start fetching its one script at once. Everything per page — which parts exist,
// what can be embedded, which hooks are on offer — is read from here, never from a fixed list.
import { MODULES } from './modules/registry.js';
import { moduleScripts } from './page-code.js';

export { moduleScripts };

/** @typedef {import('./modules/define.js').AtlasModule} AtlasModule */

/** This page's modules, in the registry's order. @returns {AtlasModule[]} */
export function pageModules() {
  const scripts = moduleScripts();
  return MODULES.filter((m) => typeof scripts[m.name] === 'string');
}

/**
 * The parts this page can show alone (?embed=…) and the section each one shows: the entry's
 * text, and each of its modules.
 * @returns {Record<string, string>}
 */
export function embedParts() {
  return { entry: 'entry', ...Object.fromEntries(pageModules().map((m) => [m.name, m.sectionId])) };
}

/**
 * A learner-facing name for an embed part.
 * @param {string} part
 */
export function partLabel(part) {
  return part === 'entry' ? 'Entry text (no labs)' : (pageModules().find((m) => m.name === part)?.label ?? part);
}

/**
 * The hooks called `hook` that this page's modules offer (e.g. "showMe"). A hook's shape is
 * agreed between the module offering it and those using it, so it is `any` here.
 * @param {string} hook
 * @returns {any[]}
 */
export function offers(hook) {
  return pageModules()
    .map((m) => m.offers?.[hook])
    .filter(Boolean);
}

/**
 * Link keys from before links were prefixed by module, with the module that owns each.
 * @returns {Map<string, string>}
 */
export function legacyParams() {
  return new Map(pageModules().flatMap((m) => (m.legacyParams ?? []).map((p) => [p, m.name])));
}
