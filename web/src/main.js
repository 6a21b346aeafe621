// Boot: the static page already shows the whole entry; this enhances it. The engine and the
// scripts of the entry's modules start downloading first, from <head>, while the text arrives
// and paints; embed layout and theme apply; each module starts on its own (parts.js) so one
// failure cannot blank the others; then links, embeds and sharing attach to the views' state.
import { loadEngine, isError } from './engine.js';
import { fetchParts, partsLeftOut, startParts } from './parts.js';
import { Views } from './views.js';
import { channel } from './channel.js';
import { h, nextTask, readPageJson, replaceChildren } from './dom.js';
import { initRoutes } from './routes.js';
import {
  readEmbedOptions,
  applyEmbedRoot,
  applyEmbedLayout,
  applyControlFlags,
  startEmbedChannel,
  setEmbedVersion,
} from './embed.js';
import { embedParts, legacyParams, offers, pageModules } from './page-modules.js';
import { trackState } from './permalink.js';
import { initShare } from './share.js';
import { holdInView, initLanding } from './landing.js';

/** @typedef {import('./modules/define.js').Entry} Entry */

/**
 * @param {string} text
 * @param {string} kind
 */
function setEngineState(text, kind) {
  const el = document.getElementById('engine-state');
  if (!el) return;
  el.textContent = text;
  el.dataset.state = kind;
}

/**
 * Shows notes (bad link values, bad embed flags) where the reader looks first.
 * @param {string[]} notes
 */
function showNotes(notes) {
  if (notes.length === 0) return;
  const status = document.getElementById('atlas-status');
  if (!status) return;
  status.append(
    h(
      'div',
      { class: 'notice notice-warn', dataset: { notes: 'link' } },
      h('ul', {}, ...notes.map((n) => h('li', { text: n }))),
    ),
  );
}

/**
 * Shows a message in the section of the module that failed, instead of leaving it empty.
 * @param {string} part
 * @param {string} message
 */
function showSectionError(part, message) {
  const section = document.getElementById(embedParts()[part] ?? part);
  if (!section) return;
  section.append(h('p', { class: 'notice notice-error', role: 'alert', text: message }));
}

/**
 * The engine re-checks the embedded entry; a failure is shown, never a blank page.
 * @param {import('./engine.js').Engine} engine
 * @param {Entry} entry
 */
function checkEntry(engine, entry) {
  const response = engine.run('validate', entry);
  if (!isError(response)) return true;
  const status = document.getElementById('atlas-status');
  if (status) {
    replaceChildren(
      status,
      h(
        'div',
        { class: 'notice notice-error', role: 'alert' },
        h('p', { text: 'The engine found problems in this entry:' }),
        h(
          'ul',
          {},
          ...response.errors.map((e) => h('li', {}, h('code', { text: e.path || '/' }), ` ${e.code}: ${e.message}`)),
        ),
      ),
    );
  }
  return false;
}

/**
 * Tracks which interactive part the reader used last, for links and the embed dialog.
 * @param {string | null} initial
 */
function trackOpenSection(initial) {
  let open = initial;
  const sectionToPart = Object.fromEntries(Object.entries(embedParts()).map(([part, id]) => [id, part]));
  document.addEventListener('focusin', (e) => {
    const section = /** @type {Element} */ (e.target).closest?.('main > section');
    if (section && sectionToPart[section.id] && section.id !== 'entry') open = sectionToPart[section.id];
  });
  return () => open;
}

async function boot() {
  const root = document.documentElement;
  root.classList.add('js');
  const embed = readEmbedOptions();
  // An embedded part with its own engine module (the quiz, the explorer) needs no other: the
  // entry's re-check is the core's, and the embed does not show the entry.
  const first = pageModules().find((m) => m.name === embed.part)?.engine ?? 'core';
  const engineLoading = loadEngine({ first }); // first: its download starts before the parts'
  engineLoading.catch(() => {}); // handled below
  const parts = fetchParts(embed.part);
  applyEmbedRoot(embed);
  // This script runs in <head> (so the downloads above start at once); the rest needs the body.
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  applyEmbedLayout(embed);
  /** @type {Entry | null} */
  const entry = readPageJson('atlas-entry');
  const views = new Views();
  /** @type {any} */ (window).atlas = { views, ready: false };
  initRoutes(entry, readPageJson('atlas-entries') ?? []);
  if (!embed.part) initLanding();
  startEmbedChannel();
  let engine;
  try {
    engine = await engineLoading;
  } catch (e) {
    // loadEngine rejects with an EngineLoadError.
    const message = /** @type {Error} */ (e).message;
    setEngineState(`Interactive parts unavailable: ${message}. The text above and below is complete.`, 'failed');
    root.classList.add('engine-failed');
    showNotes(embed.notes);
    return;
  }
  // The module's start and the entry's check are two tasks (each runs engine code for the first time).
  await nextTask();
  const versionEl = document.getElementById('engine-version');
  if (versionEl) versionEl.textContent = `engine ${engine.version.version}, WASM`;
  if (!entry || (first === 'core' && !checkEntry(engine, entry))) {
    setEngineState('Entry problems found (see above).', 'failed');
    return;
  }
  // Marks on the browser's performance timeline: developer tools show them, and the bench
  // reads them from outside the page.
  performance.mark('atlas: engine answering');
  /** @type {import('./modules/define.js').ModuleContext} */
  const ctx = { engine, entry, views, channel, holdInView, offers };
  const started = startParts(parts, ctx, (id, /** @type {any} */ e) => {
    // Anything a part throws (not always an Error): any.
    console.warn(`[atlas] ${id} did not start:`, e);
    showSectionError(id, `This part could not start: ${e && e.message ? e.message : e}`);
  });
  // A part may need another that waits until near (the lab hands its network to the explorer).
  ctx.startPart = started.start;
  await started.ready; // the parts that wait to come near (the split explorer) start later
  let openPart = embed.part;
  const linkOpen = trackState(views, {
    getOpen: () => getOpen(),
    onNotes: showNotes,
    notStarted: partsLeftOut(embed.part),
    legacy: legacyParams(),
  });
  openPart = linkOpen || openPart;
  const getOpen = trackOpenSection(openPart);
  const flags = applyControlFlags(embed);
  views.fix(flags.fixed); // after the link: the values it set are the ones kept
  showNotes([...embed.notes, ...flags.notes]);
  initShare(views, getOpen, entry.name);
  setEmbedVersion(engine.version.version);
  setEngineState('Interactive · computed by the C++ engine in WebAssembly', 'ready');
  /** @type {any} */ (window).atlas = {
    views,
    engine,
    ready: true,
    startPart: started.start,
    startParts: started.startAll,
  };
  root.dataset.engine = 'ready';
  performance.mark('atlas: ready');
  document.dispatchEvent(new CustomEvent('atlas:ready'));
  const linkSection = linkOpen ? embedParts()[linkOpen] : null;
  if (linkSection && !embed.part) holdInView(document.getElementById(linkSection));
}

boot();
