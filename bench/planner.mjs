// Split explorer timings in headless Chromium: a control change → plan call, diagram, table,
// readouts and Gantt redrawn, measured (a) to the end of style and layout (the handler plus a
// forced layout: the work the browser must finish before it can paint the new picture; the
// target, p95 ≤ 16 ms, is on this figure), (b) the handler alone, and (c) to the next frame's
// paint (requestAnimationFrame, then a task after that frame; includes the wait for the
// frame). Also "Find the best split" for GPT-3 175B on 1024 GPUs. Prints p50/p95.
import { openPage, closeBrowser } from '../tests/e2e/harness.mjs';
// The explorer's own opening choices; the preset numbers follow from its model and hardware ids.
import { DEFAULTS } from '../web/src/modules/planner/state.js';

const RUNS = Number(process.env.BENCH_RUNS || 200);

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function report(label, samples) {
  const sorted = samples.slice().sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${quantile(sorted, 0.95).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (n = ${sorted.length})`,
  );
}

const p = await openPage({ path: '#planner', width: 1280, height: 900 });
try {
  await p.page.evaluate((s) => window.atlas.views.apply('planner', s), DEFAULTS);
  // The reader's view while editing: the diagram at the top of the window, the sticky controls
  // beside it. Panels further down skip layout until they scroll in (content-visibility).
  await p.page.evaluate(() => document.getElementById('planner-output').scrollIntoView());
  // Edits cycle through the controls a reader moves most, each one a full valid redraw.
  const { handler, layout, frame, engine, draw } = await p.page.evaluate(async (runs) => {
    const edits = [
      ['pl-tp', ['4', '8']],
      ['pl-pp', ['16', '8']],
      ['pl-zero', ['3', '1']],
      ['pl-micro', ['2', '1']],
      ['pl-schedule', ['gpipe', '1f1b']],
      ['pl-recompute', ['full', 'selective']],
      ['pl-global', ['3072', '1536']],
    ];
    const handlerMs = [];
    const layoutMs = [];
    const frameMs = [];
    const engineMs = [];
    const drawMs = [];
    // The engine's calls are timed from outside the page's code: its public engine object's
    // run() is wrapped, and the drawing is what the handler took besides.
    const engineCalls = [];
    const { engine } = window.atlas;
    const run = engine.run.bind(engine);
    engine.run = (command, request) => {
      const t = performance.now();
      try {
        return run(command, request);
      } finally {
        engineCalls.push({ command, ms: performance.now() - t });
      }
    };
    window.__benchEngineCalls = engineCalls;
    // rAF runs before the frame's style, layout and paint; a task queued from it runs after.
    const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));
    for (let i = 0; i < runs; i += 1) {
      const [id, values] = edits[i % edits.length];
      const el = document.getElementById(id);
      el.value = values[Math.floor(i / edits.length) % 2];
      const event = el.tagName === 'SELECT' ? 'change' : 'input';
      engineCalls.length = 0;
      const t0 = performance.now();
      el.dispatchEvent(new Event(event, { bubbles: true }));
      const handler = performance.now() - t0;
      const planMs = engineCalls.filter((c) => c.command === 'plan').reduce((a, c) => a + c.ms, 0);
      handlerMs.push(handler);
      engineMs.push(planMs);
      drawMs.push(handler - engineCalls.reduce((a, c) => a + c.ms, 0));
      if (i % 2 === 0) {
        document.body.offsetHeight; // force style and layout
        layoutMs.push(performance.now() - t0);
      } else {
        await painted();
        frameMs.push(performance.now() - t0);
      }
      await settle();
    }
    return { handler: handlerMs, layout: layoutMs, frame: frameMs, engine: engineMs, draw: drawMs };
  }, RUNS);
  report('control change → everything redrawn, style and layout done (even edits)', layout);
  report('control change → handler done (all edits)', handler);
  report('  of which the engine `plan` call', engine);
  report('  of which the page (drawing and state, everything but engine calls)', draw);
  report('control change → next frame painted (odd edits; includes the wait for the frame)', frame);
  const stale = await p.page.locator('#planner-output.is-stale').count();
  if (stale) console.log('warning: the last edit left an invalid split; timings include invalid redraws');

  await p.page.evaluate((s) => window.atlas.views.apply('planner', s), DEFAULTS);
  const search = [];
  const total = [];
  let note = '';
  for (let i = 0; i < 10; i += 1) {
    const r = await p.page.evaluate(() => {
      const calls = window.__benchEngineCalls;
      calls.length = 0;
      const t0 = performance.now();
      document.getElementById('planner-search-run').click();
      const out = document.getElementById('planner-search-out');
      const engine = calls.filter((c) => c.command === 'search').reduce((a, c) => a + c.ms, 0);
      return { total: performance.now() - t0, engine, text: out.textContent.slice(0, 160) };
    });
    search.push(r.engine);
    total.push(r.total);
    note = r.text;
  }
  report('search 175B on 1024 GPUs (engine call in the page)', search);
  report('search 175B on 1024 GPUs (click → list rendered)', total);
  console.log(`search says: ${note}`);
} finally {
  await p.close();
  await closeBrowser();
}
