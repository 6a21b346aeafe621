// Figures for loading the page (issue 15): dist/ size per file (raw, gzip -9, brotli 11), what
// a first visit over http fetches until the views in or near the first screen have started
// (files, bytes on the wire as the server sent them; the split explorer and its planner module
// wait for the reader to come near), each WASM module; then in headless Chromium, from
// navigation: first contentful paint, the engine answering, the first view's parts started
// (data-engine="ready"), and the longest main-thread task — over http and from file://, and over
// http with the CPU slowed 4× (Lighthouse's mobile profile). Prints figures; never fails on timing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir } from '../scripts/lib/paths.mjs';
import { browser, closeBrowser, siteUrl } from '../tests/e2e/harness.mjs';
import { serveFolder } from '../scripts/lib/static-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 10);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

function compressedSizes(data) {
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const files = new Map(
  readdirSync(distDir)
    .filter((f) => statSync(join(distDir, f)).isFile())
    .sort()
    .map((f) => [f, compressedSizes(readFileSync(join(distDir, f)))]),
);

function printSizes() {
  console.log('dist/ file                          raw bytes    gzip -9  brotli 11');
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const [f, s] of files) {
    for (const k of Object.keys(total)) total[k] += s[k];
    console.log(
      `${f.padEnd(34)} ${String(s.raw).padStart(10)} ${String(s.gzip).padStart(10)} ${String(s.br).padStart(10)}`,
    );
  }
  console.log(
    `${'total (every file; file:// needs the one-file engine, http the .wasm)'.padEnd(34)} ${total.raw} ${total.gzip} ${total.br}`,
  );
  for (const [f, s] of files)
    if (f.endsWith('.wasm')) console.log(`WASM ${f}: ${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.br)} brotli`);
}

function quantile(values, q) {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
}

// Long tasks are observed from before the page's first script runs.
function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** One load: timings from navigation, and every file fetched with its bytes on the wire. */
async function load(url, cpuSlowdown) {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (cpuSlowdown > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(recordLongTasks);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready', null, { timeout: 60000 });
  const t = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    // The page's own marks on the performance timeline.
    engine: performance.getEntriesByName('atlas: engine answering')[0]?.startTime ?? NaN,
    // The module instantiated, before the entry's re-check (builds before this mark: NaN).
    started: performance.getEntriesByName('atlas: engine started')[0]?.startTime ?? NaN,
    // When the core .wasm had arrived (file:// reads the one-file engine instead: NaN).
    wasm: performance
      .getEntriesByType('resource')
      .filter((e) => /atlas-engine[^/]*\.wasm$/.test(e.name))
      .reduce((end, e) => (Number.isNaN(end) ? e.responseEnd : Math.max(end, e.responseEnd)), NaN),
    ready: performance.getEntriesByName('atlas: ready')[0]?.startTime ?? NaN,
    longest: Math.max(0, ...window.__longTasks),
    blocking: window.__longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    parts: performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('atlas: '))
      .map((m) => `${m.name.slice(7)} in ${m.duration.toFixed(0)} ms`)
      .join(', '),
    fetched: [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map((e) => ({
      name: decodeURIComponent(new URL(e.name).pathname.split('/').pop()) || 'index.html',
      wire: e.transferSize,
    })),
  }));
  // The reader scrolls to the split explorer (its code and planner module arrive, it starts),
  // then to the check question (its code and quiz module).
  const scrollTo = (section, view) =>
    page.evaluate(
      ([section, view]) =>
        new Promise((resolve) => {
          const before = window.__longTasks.length;
          const t0 = performance.now();
          document.getElementById(section)?.scrollIntoView();
          // Long-task entries arrive after their task: read them a moment after the part started.
          const done = (ms) =>
            setTimeout(() => resolve({ ms, longest: Math.max(0, ...window.__longTasks.slice(before)) }), 300);
          const check = () => (window.atlas.views.get(view) ? done(performance.now() - t0) : setTimeout(check, 5));
          check();
        }),
      [section, view],
    );
  t.explorer = await scrollTo('planner', 'planner');
  t.check = await scrollTo('check', 'quiz');
  await context.close();
  return t;
}

async function loads(label, url, cpuSlowdown = 1) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await load(url, cpuSlowdown));
  return summarise(label, runs);
}

function summarise(label, runs) {
  const fmt = (key) => {
    const at = (q) =>
      quantile(
        runs.map((r) => r[key]),
        q,
      );
    return Number.isNaN(at(0.5)) ? '—' : `${at(0.5).toFixed(0)} ms (p95 ${at(0.95).toFixed(0)})`;
  };
  console.log(
    `${label}, median of ${RUNS}: FCP ${fmt('fcp')}; core .wasm downloaded ${fmt('wasm')}; engine instantiated ${fmt('started')}; ` +
      `engine answering ${fmt('engine')}; first view's parts started ${fmt('ready')}; ` +
      `longest task ${fmt('longest')}; blocking time ${fmt('blocking')}; last run: ${runs[runs.length - 1].parts}`,
  );
  const later = (part, key) =>
    quantile(
      runs.map((r) => r[part][key]),
      0.5,
    ).toFixed(0);
  for (const [part, what] of [
    ['explorer', 'the split explorer'],
    ['check', 'the check question'],
  ])
    console.log(
      `  then scrolled to ${what}: started after ${later(part, 'ms')} ms (median), longest task meanwhile ${later(part, 'longest')} ms`,
    );
  return runs[runs.length - 1];
}

function printFirstLoad(fetched, sizes = files, label = '') {
  const sum = { raw: 0, gzip: 0, br: 0, wire: 0 };
  const names = [];
  for (const { name, wire } of fetched) {
    const s = sizes.get(name);
    if (!s) continue;
    names.push(name);
    for (const k of ['raw', 'gzip', 'br']) sum[k] += s[k];
    sum.wire += wire;
  }
  console.log(`${label}first load over http (${names.length} files: ${names.join(', ')}):`);
  console.log(
    `  ${kb(sum.raw)} raw, ${kb(sum.gzip)} gzip -9, ${kb(sum.br)} brotli 11; on the wire from npm start's server ${kb(sum.wire)} (brotli, headers included)`,
  );
}

// How much of the style sheet a first view uses (Chromium's CSS coverage). The rest styles what
// appears later or elsewhere: dialogs, notices, dark theme, print, narrow screens, embeds.
async function cssCoverage(url) {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.coverage.startCSSCoverage();
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
  const sheets = await page.coverage.stopCSSCoverage();
  await context.close();
  for (const { url: sheet, text, ranges } of sheets) {
    const used = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
    console.log(
      `CSS ${sheet.split('/').pop()}: ${used} of ${text.length} bytes used by the first view (${((100 * used) / text.length).toFixed(0)} %)`,
    );
  }
}

printSizes();
const http = await siteUrl();
// BENCH_BASELINE_DIST=<another build's dist/> loads it in turn with this one over http (runs
// interleaved, so the machine's load weighs on both alike): the page before and after a change.
const baselineDist = process.env.BENCH_BASELINE_DIST;
const baseline = baselineDist ? (await serveFolder(baselineDist)).url : null;
for (const url of [http, baseline].filter(Boolean)) await load(url, 1); // warms the server's brotli cache
await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_WARM_MS || 15000)));
let last;
if (baseline) {
  const runs = { now: [], before: [] };
  for (let i = 0; i < RUNS; i += 1) {
    runs.now.push(await load(http, 1));
    runs.before.push(await load(baseline, 1));
  }
  last = summarise('http://127.0.0.1', runs.now);
  const before = summarise(`http://127.0.0.1, baseline ${baselineDist} (interleaved)`, runs.before);
  const baseFiles = new Map(
    readdirSync(baselineDist)
      .filter((f) => statSync(join(baselineDist, f)).isFile())
      .map((f) => [f, compressedSizes(readFileSync(join(baselineDist, f)))]),
  );
  printFirstLoad(before.fetched, baseFiles, 'baseline ');
} else {
  last = await loads('http://127.0.0.1', http);
}
printFirstLoad(last.fetched);
await loads('file://', pathToFileURL(join(distDir, 'index.html')).href);
if (baseline) {
  const runs = { now: [], before: [] };
  for (let i = 0; i < RUNS; i += 1) {
    runs.now.push(await load(http, 4));
    runs.before.push(await load(baseline, 4));
  }
  summarise('http, CPU 4× slower (mobile profile)', runs.now);
  summarise(`http, CPU 4× slower, baseline ${baselineDist} (interleaved)`, runs.before);
} else await loads('http, CPU 4× slower (mobile profile)', http, 4);
await cssCoverage(http);
await closeBrowser();
