// Input → readouts and charts updated, in headless Chromium: each sample sets a control's value,
// dispatches `input`, lets uPlot's microtask redraw run, and forces layout. Reports p50/p95/max
// in ms. Not a test: the figure is printed for the report (target p95 ≤ 8 ms).
import { openPage, closeBrowser } from '../tests/e2e/harness.mjs';

const SAMPLES = 60;
const { page, close } = await openPage({ path: '#lab' });
// The reader's view while moving a slider: the controls at the top, the readouts under them.
await page.evaluate(() => document.querySelector('.lab-controls').scrollIntoView());
const controls = [
  ['#lab-ranks-range', (i) => String(1 + (i % 80) / 8)],
  ['#lab-bytes-range', (i) => String((i % 220) / 20)],
  ['#lab-bandwidth-range', (i) => String(-1 + (i % 43) / 10)],
  ['#lab-latency-range', (i) => String(-1 + (i % 40) / 10)],
];
const results = {};
for (const compare of [false, true]) {
  if (compare) await page.locator('#lab-compare').check();
  const times = await page.evaluate(
    async ({ controls, samples }) => {
      const out = [];
      for (let i = 0; i < samples; i += 1) {
        for (const [selector, values] of controls) {
          const el = document.querySelector(selector);
          el.value = values[i];
          const t0 = performance.now();
          el.dispatchEvent(new Event('input', { bubbles: true }));
          await Promise.resolve(); // uPlot commits its redraw in a microtask queued by setData
          document.querySelector('#lab-readouts').getBoundingClientRect();
          document.body.offsetHeight; // force style and layout
          out.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 0));
        }
      }
      return out;
    },
    {
      controls: controls.map(([s, f]) => [s, Array.from({ length: SAMPLES }, (_, i) => f(i * 7 + 3))]),
      samples: SAMPLES,
    },
  );
  times.sort((a, b) => a - b);
  const q = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
  results[compare ? 'with comparison overlays' : 'ring only'] = {
    n: times.length,
    p50: q(0.5),
    p95: q(0.95),
    max: times.at(-1),
  };
}
const bytes = await page.evaluate(() => {
  const engine = window.atlas.engine;
  const t0 = performance.now();
  for (let i = 0; i < 50; i += 1)
    engine.run('allreduce', {
      ranks: 8,
      bytes: 1e9 + i,
      bandwidth: 1e11,
      latency: 5e-6,
      compare: true,
      scaling: { compute: 1, search_to: 4096 },
      sweep: { bytes: { from: 1, to: 1e11, points: 81 }, ranks: { from: 1, to: 4096, points: 56 } },
    });
  return (performance.now() - t0) / 50;
});
await close();
await closeBrowser();
for (const [k, v] of Object.entries(results))
  console.log(
    `lab input → update (${k}): n=${v.n} p50=${v.p50.toFixed(2)} ms p95=${v.p95.toFixed(2)} ms max=${v.max.toFixed(2)} ms`,
  );
console.log(
  `engine allreduce call with both curves and comparison (the heaviest request): ${bytes.toFixed(2)} ms mean`,
);
