// Boot: the static page already shows the whole entry; this enhances it. The engine loads
// once; each interactive view starts on its own so one failure cannot blank the others.
import { loadEngine, isError } from './engine.js';
import { Views } from './views.js';
import { channel } from './channel.js';
import { h, replaceChildren } from './dom.js';
import { initRoutes } from './routes.js';
import { initLab } from './lab/index.js';
import { initPlanner } from './planner/index.js';
import { initQuiz } from './quiz/index.js';

const FEATURES = [
  ['lab', initLab],
  ['planner', initPlanner],
  ['quiz', initQuiz],
];

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

async function boot() {
  document.documentElement.classList.add('js');
  const entry = readEntry();
  const views = new Views();
  window.atlas = { views, ready: false };
  initRoutes(entry);
  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    setEngineState(`Interactive parts unavailable: ${e.message}. The text above and below is complete.`, 'failed');
    document.documentElement.classList.add('engine-failed');
    return;
  }
  const versionEl = document.getElementById('engine-version');
  if (versionEl) versionEl.textContent = `engine ${engine.version.version}, WASM`;
  if (!entry || !checkEntry(engine, entry)) {
    setEngineState('Entry problems found (see above).', 'failed');
    return;
  }
  const ctx = { engine, entry, views, channel };
  for (const [id, init] of FEATURES) {
    try {
      init(ctx);
    } catch (e) {
      console.warn(`[atlas] ${id} did not start:`, e);
      showSectionError(id, `This part could not start: ${e && e.message ? e.message : e}`);
    }
  }
  setEngineState('Interactive · computed by the C++ engine in WebAssembly', 'ready');
  window.atlas = { views, engine, ready: true };
  document.documentElement.dataset.engine = 'ready';
  document.dispatchEvent(new CustomEvent('atlas:ready'));
}

boot();
