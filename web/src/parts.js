// The page's interactive parts are its entry's modules (page-modules.js), each a separate
// classic script built from modules/<name>/index.js with its exports under
// atlasModules.<name>: an embed fetches and runs only the part it shows. Each part starts in its
// own task (no start-up task holds the main thread for all of them): the ones in or near view
// first, the others when they come near or the browser is idle — except a module that waits
// until near (module.js `waitsUntilNear`: the split explorer), whose code and engine module (its
// `engine`, the planner module) are fetched only once its section or one of its `alsoNear`
// sections comes near, or at once when a link or an embed opens it.
import { loadScript } from './engine-fetch.js';
import { prefetchModule } from './engine.js';
import { moduleScripts, pageModules } from './page-modules.js';
import { nextTask } from './dom.js';

/** @typedef {import('./modules/define.js').ModuleContext} ModuleContext */
/** A module's start(ctx), once its script has run (a promise when it renders in several tasks). */
/** @typedef {(ctx: ModuleContext) => void | Promise<void>} Start */
/** @typedef {{id: string, section: string, load: () => Promise<Start>, engine?: string, waits: boolean, near: string[]}} Part */

/**
 * The parts an embed of `embedPart` does not run (their link settings are not for it).
 * @param {string | null} embedPart
 */
export function partsLeftOut(embedPart) {
  return embedPart
    ? pageModules()
        .map((m) => m.name)
        .filter((id) => id !== embedPart)
    : [];
}

/**
 * True when the address opens module `id`: its section (#planner), or a link with its settings.
 * @param {string} id
 * @param {string} section
 */
function linkOpens(id, section) {
  let hash = location.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch {
    /* a malformed link is read as it is */
  }
  return hash === section || hash.split('&').some((p) => p === `open=${id}` || p.startsWith(`${id}.`));
}

/**
 * The parts this page shows (one for an embed, none for embed=entry), downloading now unless
 * they wait to come near.
 * @param {string | null} embedPart
 * @returns {Part[]}
 */
export function fetchParts(embedPart) {
  const scripts = moduleScripts();
  return pageModules()
    .filter((m) => !embedPart || embedPart === m.name)
    .map((m) => {
      const id = m.name;
      /** @type {Promise<Start> | null} */
      let loaded = null;
      // pageModules() keeps the modules whose script the tag names as text.
      const load = () =>
        (loaded ??= loadScript(/** @type {string} */ (scripts[id])).then(
          () => /** @type {any} */ (globalThis).atlasModules[id].start,
          () => {
            throw new Error('its code did not download');
          },
        ));
      const waits = Boolean(m.waitsUntilNear) && embedPart !== id && !linkOpens(id, m.sectionId);
      if (!waits) {
        load().catch(() => {}); // reported when the part starts
        if (m.engine) prefetchModule(m.engine);
      }
      return { id, section: m.sectionId, load, engine: m.engine, waits, near: [m.sectionId, ...(m.alsoNear ?? [])] };
    });
}

const whenIdle = (/** @type {() => void} */ fn) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 50);

/**
 * Starts the parts with `ctx` (`onError(id, e)` for one that fails). `ready` resolves once every
 * part that does not wait to come near has started or failed; `start(id)` starts one now (and
 * resolves when it has), `startAll()` every part of this page.
 * @param {Part[]} parts
 * @param {ModuleContext} ctx
 * @param {(id: string, e: unknown) => void} onError
 * @returns {{ready: Promise<void>, start: (id: string) => Promise<void>, startAll: () => Promise<void>}}
 */
export function startParts(parts, ctx, onError) {
  /** @typedef {{promise: Promise<unknown>, resolve: (value?: unknown) => void, requested: boolean}} Started */
  /** @type {Map<string, Started>} */
  const done = new Map(
    parts.map((p) => {
      /** @type {(value?: unknown) => void} */
      let resolve = () => {}; // replaced at once: the executor runs inside the constructor
      const promise = new Promise((r) => {
        resolve = r;
      });
      return [p.id, { promise, resolve, requested: false }];
    }),
  );
  /** @typedef {{id: string, init?: Start, error?: unknown}} Ready */
  /** @type {Ready[]} */
  const queue = [];
  let running = false;
  let left = parts.length;
  // Every part has its entry in `done` (made above).
  const stateOf = (/** @type {string} */ id) => /** @type {Started} */ (done.get(id));

  // One part's init per task; each joins the queue once its code (and engine module) is there,
  // so a part still downloading holds up none that is ready.
  // A part whose start returns a promise renders in several tasks (the lab: what is in view
  // first); it has started when the promise settles.
  /** @param {Ready} ready */
  async function startOne({ id, init, error }) {
    try {
      if (error) throw error;
      const t0 = performance.now();
      await /** @type {Start} */ (init)(ctx); // a part without an error has its start
      // A part that starts after boot fixed the instructor's values (lock=, hide=) shows them too.
      if (ctx.views.fixed.size > 0) ctx.views.fix([]);
      performance.measure(`atlas: ${id} started`, { start: t0 }); // bench/site.mjs prints these
    } catch (e) {
      onError(id, e);
    }
  }
  async function drain() {
    if (running) return;
    running = true;
    while (queue.length > 0) {
      const part = /** @type {Ready} */ (queue.shift()); // the queue is not empty
      await nextTask();
      await startOne(part);
      stateOf(part.id).resolve(undefined);
      left -= 1;
      if (left === 0) observer.disconnect();
    }
    running = false;
  }
  /**
   * @param {Part | undefined} part
   * @returns {Promise<void>}
   */
  function request(part) {
    if (!part) return Promise.resolve();
    const state = stateOf(part.id);
    if (!state.requested) {
      state.requested = true;
      const enqueue = (/** @type {{init?: Start, error?: unknown}} */ ready) => {
        queue.push({ id: part.id, ...ready });
        drain();
      };
      Promise.all([part.load(), part.engine ? ctx.engine.load(part.engine) : undefined]).then(
        ([init]) => enqueue({ init }),
        (error) => enqueue({ error }),
      );
    }
    return /** @type {Promise<void>} */ (state.promise);
  }

  // Section → the parts it starts, its own part first.
  /** @type {Map<Element, Part[]>} */
  const bySection = new Map();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) for (const part of /** @type {Part[]} */ (bySection.get(e.target))) request(part); // observed sections are keys
    },
    { rootMargin: '50% 0px' },
  );
  for (const part of parts) {
    for (const id of part.near) {
      const section = document.getElementById(id);
      if (!section) continue;
      if (!bySection.has(section)) {
        bySection.set(section, []);
        observer.observe(section);
      }
      const list = /** @type {Part[]} */ (bySection.get(section));
      if (part.section === id) list.unshift(part);
      else list.push(part);
    }
  }
  // Out of view: one part per idle period, so the page is complete soon without a long task.
  const idle = () => {
    const next = parts.find((p) => !p.waits && !stateOf(p.id).requested);
    if (!next) return;
    request(next);
    whenIdle(idle);
  };
  whenIdle(idle);
  const settled = (/** @type {Part[]} */ list) =>
    Promise.all(list.map((p) => stateOf(p.id).promise)).then(() => undefined);
  return {
    ready: settled(parts.filter((p) => !p.waits)),
    start: (id) => request(parts.find((p) => p.id === id)),
    startAll: () => Promise.all(parts.map(request)).then(() => undefined),
  };
}
