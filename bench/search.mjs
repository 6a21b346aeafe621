// Search timings: the full split space of GPT-3 175B on 1024 A100s (global batch 1536), natively
// through the CLI (whole process: start, parse, search, JSON out) and in WASM through the node
// module (one call in a warm module). Target: ≤ 100 ms in WASM. Prints p50/min and the counts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { cli, engineModule } from '../scripts/lib/paths.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 15);
const REQUEST = JSON.stringify({
  model: { preset: 'gpt3-175b' },
  hardware: { preset: 'a100-80gb', gpus: 1024 },
  batch: { global: 1536 },
  top: 10,
});

function summary(label, ms, counts) {
  const sorted = ms.slice().sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)];
  console.log(`${label}: p50 ${p50.toFixed(1)} ms, min ${sorted[0].toFixed(1)} ms (n = ${sorted.length})`);
  if (counts) console.log(`  counts: ${JSON.stringify(counts)}`);
}

if (existsSync(cli)) {
  const times = [];
  let counts = null;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cli, ['search', '-'], { input: REQUEST, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`native search failed: ${r.stdout}${r.stderr}`);
    counts ??= JSON.parse(r.stdout).counts;
  }
  summary('native CLI search (whole process)', times, counts);
} else {
  console.log(`native CLI not built (${cli})`);
}

if (existsSync(engineModule)) {
  const require = createRequire(import.meta.url);
  const module = await require(engineModule)();
  module.call('search', REQUEST);  // warm up: first call compiles and grows memory
  const times = [];
  let counts = null;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = process.hrtime.bigint();
    const text = module.call('search', REQUEST);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    counts ??= JSON.parse(text).counts;
  }
  summary('WASM search (node, warm module)', times, counts);
} else {
  console.log(`WASM module not built (${engineModule})`);
}
