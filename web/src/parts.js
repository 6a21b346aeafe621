// The page's interactive parts are its entry's modules (page-modules.js), each a separate
// classic script built from modules/<name>/index.js with its exports under
// atlasModules.<name>: an embed fetches and runs only the part it shows, and the whole page
// fetches them while the engine compiles. Each part starts in its own task (no start-up task
// holds the main thread for all of them): the ones in or near view first, the others when they
// come near or the browser is idle.
import { loadScript } from './engine-fetch.js';
import { moduleScripts, pageModules } from './page-modules.js';

/** The parts an embed of `embedPart` does not run (their link settings are not for it). */
export function partsLeftOut(embedPart) {
  return embedPart ? pageModules().map((m) => m.name).filter((id) => id !== embedPart) : [];
}

/**
 * Starts downloading the parts this page shows (one for an embed, none for embed=entry).
 * @returns {{id: string, section: string, loaded: Promise<Function>}[]}
 */
export function fetchParts(embedPart) {
  const scripts = moduleScripts();
  return pageModules().filter((m) => !embedPart || embedPart === m.name).map(({ name: id, sectionId: section }) => {
    const loaded = loadScript(scripts[id]).then(() => /** @type {any} */ (globalThis).atlasModules[id].start,
      () => { throw new Error('its code did not download'); });
    loaded.catch(() => {}); // reported when the part starts
    return { id, section, loaded };
  });
}

// A macrotask, so the browser can paint and handle input between two parts.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const whenIdle = (fn) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 50));

/**
 * Starts every part with `ctx`; resolves once all have started or failed (`onError(id, e)`).
 * @param {{id: string, section: string, loaded: Promise<Function>}[]} parts
 */
export function startParts(parts, ctx, onError) {
  return new Promise((resolve) => {
    const queue = [];
    const requested = new Set();
    let left = parts.length;
    let running = false;
    if (left === 0) resolve(undefined);

    async function startOne({ id, loaded }) {
      try {
        const init = await loaded;
        const t0 = performance.now();
        init(ctx);
        performance.measure(`atlas: ${id} started`, { start: t0 }); // bench/site.mjs prints these
      } catch (e) {
        onError(id, e);
      }
    }
    async function drain() {
      if (running) return;
      running = true;
      while (queue.length > 0) {
        const part = queue.shift();
        await nextTask();
        await startOne(part);
        left -= 1;
        if (left === 0) {
          observer.disconnect();
          resolve(undefined);
        }
      }
      running = false;
    }
    function request(part) {
      if (!part || requested.has(part)) return;
      requested.add(part);
      queue.push(part);
      drain();
    }

    const bySection = new Map();
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) request(bySection.get(e.target));
    }, { rootMargin: '50% 0px' });
    for (const part of parts) {
      const section = document.getElementById(part.section);
      if (!section) continue;
      bySection.set(section, part);
      observer.observe(section);
    }
    // Out of view: one part per idle period, so the page is complete soon without a long task.
    const idle = () => {
      request(parts.find((p) => !requested.has(p)));
      if (requested.size < parts.length) whenIdle(idle);
    };
    whenIdle(idle);
  });
}
