// Boot: the static page already shows the whole entry; this enhances it. The engine and the
// parts' scripts start downloading first, from <head>, while the text arrives and paints; embed layout and theme apply;
// each interactive part starts on its own (parts.js) so one failure cannot blank the others;
// then links, embeds and sharing attach to the views' state.
import { loadEngine, isError } from './engine.js';
import { fetchParts, partsLeftOut, startParts } from './parts.js';
import { Views } from './views.js';
import { channel } from './channel.js';
import { h, replaceChildren } from './dom.js';
import { initRoutes } from './routes.js';
import { readEmbedOptions, applyEmbedRoot, applyEmbedLayout, applyControlFlags, startEmbedChannel, setEmbedVersion, EMBED_PARTS } from './embed.js';
import { trackState } from './permalink.js';
import { initShare } from './share.js';
import { holdInView, initLanding } from './landing.js';

function readEntry() {
  const node = document.getElementById('atlas-entry');
  return node ? JSON.parse(node.textContent || 'null') : null;
}

function setEngineState(text, kind) {
  const el = document.getElementById('engine-state');
  if (!el) return;
  el.textContent = text;
  el.dataset.state = kind;
}

/** Shows notes (bad link values, bad embed flags) where the reader looks first. */
function showNotes(notes) {
  if (notes.length === 0) return;
  const status = document.getElementById('atlas-status');
  if (!status) return;
  status.append(h('div', { class: 'notice notice-warn', dataset: { notes: 'link' } },
    h('ul', {}, ...notes.map((n) => h('li', { text: n })))));
}

/** Shows a message in the section that failed, instead of leaving it empty. */
function showSectionError(sectionId, message) {
  const section = document.getElementById(sectionId === 'quiz' ? 'check' : sectionId);
  if (!section) return;
  section.append(h('p', { class: 'notice notice-error', role: 'alert', text: message }));
}

/** The engine re-checks the embedded entry; a failure is shown, never a blank page. */
function checkEntry(engine, entry) {
  const response = engine.run('validate', entry);
  if (!isError(response)) return true;
  const status = document.getElementById('atlas-status');
  if (status) {
    replaceChildren(status, h('div', { class: 'notice notice-error', role: 'alert' },
      h('p', { text: 'The engine found problems in this entry:' }),
      h('ul', {}, ...response.errors.map((e) => h('li', {}, h('code', { text: e.path || '/' }), ` ${e.code}: ${e.message}`)))));
  }
  return false;
}

/** Tracks which interactive part the reader used last, for links and the embed dialog. */
function trackOpenSection(initial) {
  let open = initial;
  const sectionToPart = Object.fromEntries(Object.entries(EMBED_PARTS).map(([part, id]) => [id, part]));
  document.addEventListener('focusin', (e) => {
    const section = /** @type {Element} */ (e.target).closest?.('main > section');
    if (section && sectionToPart[section.id] && section.id !== 'entry') open = sectionToPart[section.id];
  });
  return () => open;
}

async function boot() {
  const root = document.documentElement;
  root.classList.add('js');
  const engineLoading = loadEngine();
  engineLoading.catch(() => {}); // handled below
  const embed = readEmbedOptions();
  const parts = fetchParts(embed.part);
  applyEmbedRoot(embed);
  // This script runs in <head> (so the downloads above start at once); the rest needs the body.
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  applyEmbedLayout(embed);
  const entry = readEntry();
  const views = new Views();
  window.atlas = { views, ready: false };
  initRoutes(entry);
  if (!embed.part) initLanding();
  startEmbedChannel();
  let engine;
  try {
    engine = await engineLoading;
  } catch (e) {
    setEngineState(`Interactive parts unavailable: ${e.message}. The text above and below is complete.`, 'failed');
    root.classList.add('engine-failed');
    showNotes(embed.notes);
    return;
  }
  const versionEl = document.getElementById('engine-version');
  if (versionEl) versionEl.textContent = `engine ${engine.version.version}, WASM`;
  if (!entry || !checkEntry(engine, entry)) {
    setEngineState('Entry problems found (see above).', 'failed');
    return;
  }
  window.__atlasEngineAt = performance.now(); // read by bench/site.mjs
  const ctx = { engine, entry, views, channel, holdInView };
  const started = startParts(parts, ctx, (id, e) => {
    console.warn(`[atlas] ${id} did not start:`, e);
    showSectionError(id, `This part could not start: ${e && e.message ? e.message : e}`);
  });
  await started.ready; // the parts that wait to come near (the split explorer) start later
  let openPart = embed.part;
  const linkOpen = trackState(views, { getOpen: () => getOpen(), onNotes: showNotes, notStarted: partsLeftOut(embed.part) });
  openPart = linkOpen || openPart;
  const getOpen = trackOpenSection(openPart);
  const flags = applyControlFlags(embed);
  views.fix(flags.fixed); // after the link: the values it set are the ones kept
  showNotes([...embed.notes, ...flags.notes]);
  initShare(views, getOpen);
  setEmbedVersion(engine.version.version);
  setEngineState('Interactive · computed by the C++ engine in WebAssembly', 'ready');
  window.atlas = { views, engine, ready: true, startPart: started.start, startParts: started.startAll };
  root.dataset.engine = 'ready';
  window.__atlasReadyAt = performance.now(); // read by bench/site.mjs
  document.dispatchEvent(new CustomEvent('atlas:ready'));
  if (linkOpen && !embed.part && EMBED_PARTS[linkOpen]) holdInView(document.getElementById(EMBED_PARTS[linkOpen]));
}

boot();
