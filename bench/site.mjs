// Figures for the spine: dist/ size per file (raw and gzip -9), and in headless Chromium the
// time from navigation to the entry being visible (first contentful paint) and to the WASM
// engine being ready, over http and from file://. Prints figures; never fails on timing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { distDir } from '../scripts/lib/paths.mjs';
import { openPage, closeBrowser } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 10);

function sizes() {
  let raw = 0;
  let gz = 0;
  console.log('dist/ file                 raw bytes   gzip -9');
  for (const f of readdirSync(distDir).sort()) {
    const p = join(distDir, f);
    if (!statSync(p).isFile()) continue;
    const data = readFileSync(p);
    const z = gzipSync(data, { level: 9 }).length;
    raw += data.length;
    gz += z;
    console.log(`${f.padEnd(24)} ${String(data.length).padStart(11)} ${String(z).padStart(9)}`);
  }
  console.log(`${'total'.padEnd(24)} ${String(raw).padStart(11)} ${String(gz).padStart(9)}`);
}

function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

async function loads(label, options) {
  const visible = [];
  const ready = [];
  for (let i = 0; i < RUNS; i += 1) {
    const p = await openPage(options);
    const t = await p.page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: paint ? paint.startTime : NaN, ready: window.__atlasReadyAt ?? NaN };
    });
    visible.push(t.fcp);
    ready.push(t.ready);
    await p.close();
  }
  const fmt = (xs) => `median ${quantile(xs, 0.5).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms`;
  console.log(`${label}: entry visible (FCP) ${fmt(visible)}; engine ready ${fmt(ready)} (${RUNS} loads)`);
}

sizes();
await loads('http://127.0.0.1', {});
await loads('file://', { file: true });
await closeBrowser();
