// The page's state in the URL hash, so a link restores the exact view:
//   #v=1&open=lab&lab.ranks=16&lab.bytes=1073741824&planner.tp=8
// Only values that differ from a view's defaults are written. Links from older schema
// versions are migrated; invalid values fall back to defaults with a visible note. Keys are
// per page: a page has the views of its entry's modules, and a link's settings for a module
// the entry does not have are named as ignored.

// 2: the explorer opens on a small model (a v1 link is read against v1's defaults).
export const SCHEMA_VERSION = 2;

/** @typedef {import('./views.js').Views} Views */
/** @typedef {import('./views.js').View} View */
/**
 * A link as parsed: values are still strings (each view converts and validates its own).
 * @typedef {{version: number, open: string | null, states: Record<string, Record<string, string>>,
 *   notes: string[]}} ParsedLink
 */

/**
 * Migrations from older link formats to the current one, keyed by the version they upgrade.
 * Version 0 is the pre-versioned link of one module (#ranks=8&bytes=…): `legacy` maps each
 * such key to the module that declared it (module.js legacyParams).
 * @type {Record<number, (params: Map<string, string>, legacy: Map<string, string>) => Map<string, string>>}
 */
const MIGRATIONS = {
  0: (params, legacy) => {
    /** @type {Map<string, string>} */
    const out = new Map();
    for (const [k, v] of params) {
      if (k === 'v' || k === 'open') continue;
      if (k.includes('.')) out.set(k, v);
      else if (legacy.has(k)) {
        out.set(`${legacy.get(k)}.${k}`, v);
        if (!out.has('open')) out.set('open', /** @type {string} */ (legacy.get(k)));
      }
    }
    const open = params.get('open');
    if (open !== undefined) out.set('open', open);
    return out;
  },
};

/**
 * True when the hash holds view state (not a section anchor or an entry route).
 * @param {string} hash
 * @param {Map<string, string>} legacy old unprefixed link keys → their module
 */
export function isStateHash(hash, legacy = new Map()) {
  if (/^#v=\d+(&|$)/.test(hash)) return true;
  const first = /^#([a-z_]{1,40})=/.exec(hash);
  return Boolean(first && legacy.has(first[1]));
}

/**
 * Parses a state hash into {version, open, states: {viewId: {param: string}}}.
 * @param {string} hash
 * @param {Map<string, string>} legacy old unprefixed link keys → their module
 * @returns {ParsedLink}
 */
export function parseStateHash(hash, legacy = new Map()) {
  /** @type {Map<string, string>} */
  let params = new Map();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeSafe(eq < 0 ? part : part.slice(0, eq));
    const value = decodeSafe(eq < 0 ? '' : part.slice(eq + 1));
    if (key !== null && value !== null && key.length <= 64 && value.length <= 256) params.set(key, value);
  }
  let version = params.has('v') ? Number(params.get('v')) : 0;
  /** @type {string[]} */
  const notes = [];
  if (!Number.isInteger(version) || version < 0) version = 0;
  if (version > SCHEMA_VERSION)
    notes.push(`This link was made by a newer version (v${version}); some settings may not apply.`);
  for (let v = version; v < SCHEMA_VERSION; v += 1) if (MIGRATIONS[v]) params = MIGRATIONS[v](params, legacy);
  /** @type {Record<string, Record<string, string>>} */
  const states = {};
  for (const [key, value] of params) {
    const dot = key.indexOf('.');
    if (dot <= 0) continue;
    const view = key.slice(0, dot);
    (states[view] ??= {})[key.slice(dot + 1)] = value;
  }
  return { version, open: params.get('open') || null, states, notes };
}

/**
 * @param {string} s
 */
function decodeSafe(s) {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Serialises the views' states (only non-default values) into a hash.
 * @param {Views} views
 * @param {string | null} open the open module, if any
 */
export function stateHash(views, open) {
  const parts = [`v=${SCHEMA_VERSION}`];
  if (open) parts.push(`open=${encodeURIComponent(open)}`);
  for (const id of views.ids()) {
    const view = /** @type {View} */ (views.get(id));
    const state = view.linkState ? view.linkState() : view.getState();
    for (const [key, value] of Object.entries(state)) {
      if (view.defaults && String(view.defaults[key]) === String(value)) continue;
      parts.push(`${encodeURIComponent(`${id}.${key}`)}=${encodeURIComponent(String(value))}`);
    }
  }
  return `#${parts.join('&')}`;
}

/**
 * Applies a parsed link to the views. Values arrive as strings; each view's setState converts
 * and validates them and returns the names it rejected. Returns human-readable notes.
 * @param {Views} views
 * @param {ParsedLink} parsed
 * @param {string[]} notStarted views the page does not run (an embed's other parts)
 */
export function applyLink(views, parsed, notStarted = []) {
  const notes = [...parsed.notes];
  for (const [id, state] of Object.entries(parsed.states)) {
    if (notStarted.includes(id)) continue; // an embed runs only its own part
    const view = views.get(id);
    if (!view) {
      notes.push('The link has settings for a part this page does not have; they were ignored.');
      continue;
    }
    let rejected;
    try {
      // An older link left out its own defaults, not today's: the view fills those in.
      const upgraded =
        parsed.version < SCHEMA_VERSION && view.upgradeLink ? view.upgradeLink(parsed.version, state) : state;
      rejected = view.setState(upgraded) ?? [];
    } catch (e) {
      // A view that fails on a link must not stop the page: report it and keep its defaults.
      console.warn(`[atlas] ${id} could not apply the link:`, e);
      notes.push(`The link's settings for “${id}” could not be applied; showing the defaults.`);
      try {
        view.setState(view.defaults ?? {});
      } catch {
        /* the view keeps whatever it had */
      }
      continue;
    }
    for (const name of rejected)
      notes.push(
        `The link's value for “${controlLabel(view, name)}” (“${String(state[name]).slice(0, 40)}”) is not valid here; using the default.`,
      );
  }
  return notes;
}

/**
 * A control's label as the reader sees it (a link names values by their internal keys).
 * @param {View} view
 * @param {string} name
 */
function controlLabel(view, name) {
  const el = [...(view.root?.querySelectorAll('[data-param]') ?? [])].find(
    (e) => e instanceof HTMLElement && e.dataset.param === name,
  );
  const label = el
    ?.querySelector('label, legend')
    ?.textContent?.replace(/\s*\(fixed\)$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return label || name.replace(/_/g, ' ');
}

/**
 * Keeps the hash in step with the views; returns a function giving the current link.
 * @param {Views} views
 * @param {{getOpen: () => string | null, onNotes: (notes: string[]) => void, notStarted?: string[],
 *   legacy?: Map<string, string>}} options
 */
export function trackState(views, { getOpen, onNotes, notStarted = [], legacy = new Map() }) {
  let timer = 0;
  views.onChange(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const hash = stateHash(views, getOpen());
      if (hash !== location.hash) history.replaceState(null, '', hash);
    }, 150);
  });
  if (isStateHash(location.hash, legacy)) {
    const parsed = parseStateHash(location.hash, legacy);
    const notes = applyLink(views, parsed, notStarted);
    if (notes.length) onNotes(notes);
    return parsed.open;
  }
  return null;
}

/**
 * The full link to the current state (page URL without query parts except embed flags).
 * @param {Views} views
 * @param {string | null} open
 */
export function currentLink(views, open) {
  const url = new URL(location.href);
  url.hash = stateHash(views, open);
  return url.href;
}
