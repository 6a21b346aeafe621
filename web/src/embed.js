// Embed mode for course sites: ?embed=entry or ?embed=<module> (one of the entry's modules)
// shows one part without page chrome; theme=light|dark|auto; hide=a,b and lock=a,b hide or
// freeze controls by their data-param name. The page reports its height to the host
// (atlas:resize) and answers the atlas:hello handshake. Protocol: README "Embedding".
import { post, isEmbedded, setHostOrigin } from './channel.js';
import { h } from './dom.js';
import { embedParts } from './page-modules.js';
const THEMES = ['light', 'dark', 'auto'];
const PARAM_NAME = /^[a-z][a-z0-9_-]{0,40}$/i;

/** @typedef {{part: string|null, theme: string, hide: string[], lock: string[], notes: string[]}} EmbedOptions */

/**
 * Reads embed options from the query string. Invalid values are reported, not obeyed.
 * @returns {EmbedOptions}
 */
export function readEmbedOptions(search = location.search) {
  const q = new URLSearchParams(search);
  /** @type {string[]} */
  const notes = [];
  const parts = embedParts();
  let part = q.get('embed');
  if (part !== null && !Object.hasOwn(parts, part)) {
    // A part is also named by its section, as its link names it (#check: ?embed=check).
    const bySection = Object.keys(parts).find((name) => parts[name] === part);
    if (bySection) part = bySection;
    else {
      notes.push(
        `Unknown embed part “${part.slice(0, 40)}”; showing the whole page (parts: ${Object.keys(parts).join(', ')}).`,
      );
      part = null;
    }
  }
  let theme = q.get('theme') ?? 'auto';
  if (!THEMES.includes(theme)) {
    notes.push(`Unknown theme “${theme.slice(0, 40)}”; using auto (themes: ${THEMES.join(', ')}).`);
    theme = 'auto';
  }
  const list = (/** @type {string} */ name) =>
    (q.get(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .filter((s) => {
        if (PARAM_NAME.test(s)) return true;
        notes.push(`Ignored ${name} entry “${s.slice(0, 40)}”: not a control name.`);
        return false;
      });
  return { part, theme, hide: list('hide'), lock: list('lock'), notes };
}

/**
 * Theme and embed marks on <html>: the boot script runs in <head>, so they apply before the
 * first paint (no flash of the full page or of the other theme).
 * @param {Pick<EmbedOptions, 'part' | 'theme'>} options
 */
export function applyEmbedRoot(options) {
  const root = document.documentElement;
  if (options.theme !== 'auto') root.dataset.theme = options.theme;
  if (!options.part) return;
  root.classList.add('embed');
  root.dataset.embed = options.part;
}

/**
 * Applies theme and embed layout once the document is parsed.
 * @param {Pick<EmbedOptions, 'part' | 'theme'>} options
 */
export function applyEmbedLayout(options) {
  applyEmbedRoot(options);
  if (!options.part) return;
  // The entry's own h1 is hidden with the rest of the page: the part gets one of its own (for
  // screen-reader navigation; the part's visible heading stays its h2).
  const section = options.part !== 'entry' ? document.getElementById(embedParts()[options.part]) : null;
  if (section) {
    const name = document.querySelector('.entry-head h1')?.lastChild?.textContent?.trim() ?? document.title;
    const heading = section.querySelector('h2')?.textContent ?? '';
    section.prepend(h('h1', { class: 'visually-hidden', text: `${heading} — ${name}` }));
  }
  // A source link inside a course page's frame opens in a new tab rather than replacing the
  // frame's content (the learner would lose the exercise).
  document.addEventListener(
    'click',
    (e) => {
      const a = /** @type {Element} */ (e.target).closest?.('a[href]');
      if (a instanceof HTMLAnchorElement && /^https?:$/.test(a.protocol) && a.origin !== location.origin) {
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
      }
    },
    { capture: true },
  );
}

/**
 * Hides or locks controls by data-param within the embedded part (or the page). Both fix the
 * control's value: the views keep it against presets, scenarios and search results. Returns the
 * names fixed, and notes for names that match no control, so an instructor sees a typo.
 * @param {Pick<EmbedOptions, 'part' | 'hide' | 'lock'>} options
 * @returns {{notes: string[], fixed: string[]}}
 */
export function applyControlFlags(options) {
  /** @type {string[]} */
  const notes = [];
  /** @type {string[]} */
  const fixed = [];
  const scopeId = options.part && options.part !== 'entry' ? embedParts()[options.part] : null;
  const scope = (scopeId && document.getElementById(scopeId)) || document;
  const find = (/** @type {string | undefined} */ name) =>
    [.../** @type {NodeListOf<HTMLElement>} */ (scope.querySelectorAll('[data-param]'))].filter(
      (el) => el.dataset.param === name,
    );
  for (const name of options.hide) {
    const found = find(name);
    if (found.length === 0) notes.push(`Hidden control “${name}”: there is no control with that name here.`);
    else fixed.push(name);
    for (const el of found) el.hidden = true;
  }
  for (const name of options.lock) {
    const found = find(name);
    if (found.length === 0) notes.push(`Fixed control “${name}”: there is no control with that name here.`);
    else fixed.push(name);
    for (const el of found) {
      el.dataset.locked = 'true';
      const label = el.querySelector('label, legend');
      if (label && !label.querySelector('.fixed-mark'))
        label.append(h('span', { class: 'fixed-mark', text: ' (fixed)' }));
      for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (
        el.querySelectorAll('input, select, textarea, button')
      )) {
        input.disabled = true;
        input.setAttribute('aria-disabled', 'true');
      }
    }
  }
  return { notes, fixed: [...new Set(fixed)] };
}

/**
 * The content's height in CSS pixels, measured from the body rather than the root: inside a frame
 * the root's scrollHeight never falls below the frame's own height, so a frame sized to it could
 * grow but never shrink back (1280 → 375 → 1280 px left the explorer's frame 8,000 px too tall).
 */
function documentHeight() {
  const body = document.body;
  if (!body) return Math.ceil(document.documentElement.scrollHeight);
  const rect = body.getBoundingClientRect();
  const below = parseFloat(getComputedStyle(body).marginBottom) || 0;
  // scrollHeight covers content that overflows the body's box (positioned popups).
  return Math.ceil(rect.top + window.scrollY + Math.max(rect.height, body.scrollHeight) + below);
}

/** @type {string | null} */
let engineVersion = null;
let reportHeight = () => {};

/**
 * Answers the host's atlas:hello from the first moment (the host may greet before the engine
 * is ready) and starts resize reporting. Call once at boot; setEmbedVersion when known.
 */
export function startEmbedChannel() {
  if (!isEmbedded()) return;
  let last = -1;
  reportHeight = () => {
    const height = documentHeight();
    if (height === last) return;
    last = height;
    post('resize', { height });
  };
  const schedule = () => requestAnimationFrame(() => reportHeight());
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  // Overflow from positioned content changes scrollHeight without resizing any observed box;
  // a light poll catches it (stops when the tab is hidden).
  setInterval(() => {
    if (!document.hidden) reportHeight();
  }, 1000);
  window.addEventListener('load', schedule);
  document.fonts?.ready.then(schedule);
  document.addEventListener('atlas:ready', schedule);
  window.addEventListener('message', (event) => {
    // Only the frame's parent may talk to us, and only with the one message we understand.
    if (event.source !== window.parent) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'atlas:hello') return;
    if (typeof event.origin === 'string' && event.origin !== 'null') setHostOrigin(event.origin);
    post('welcome', { version: engineVersion, height: documentHeight() });
    last = -1;
    reportHeight();
  });
  reportHeight();
}

/**
 * Records the engine version for later welcome replies.
 * @param {string} version
 */
export function setEmbedVersion(version) {
  engineVersion = version;
}
