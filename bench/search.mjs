// Search timings: the full split space of GPT-3 175B on 1024 A100s (global batch 1536), natively
// through the CLI (whole process: start, parse, search, JSON out) and in WASM through the node
// planner module (one call in a warm module). Target: ≤ 100 ms in WASM. Prints p50/min and the counts.
// Also the latency of one `plan` call (what every split-explorer control change costs the
// engine) and of `presets` (called once at page start), both in the warm WASM module.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { cli, plannerModule } from '../scripts/lib/paths.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 15);
const PLANS = {
  'plan 175B tp8 pp8 1F1B, page default (1024 GPUs, 1536 schedule blocks)': {
    model: { preset: 'gpt3-175b' },
    hardware: { preset: 'a100-80gb', gpus: 1024 },
    parallel: { tp: 8, pp: 8, zero: 1, sequence_parallel: true, recompute: 'selective' },
    batch: { global: 1536, micro: 1 },
  },
  'plan 175B tp8 pp8 interleaved v4 (1024 GPUs)': {
    model: { preset: 'gpt3-175b' },
    hardware: { preset: 'a100-80gb', gpus: 1024 },
    parallel: { tp: 8, pp: 8, zero: 1, sequence_parallel: true, recompute: 'selective', virtual_stages: 4 },
    batch: { global: 1536, micro: 1 },
  },
  'plan inference 70B tp8 (8 GPUs, curve and transfers: what an inference-mode control change costs)': {
    mode: 'inference',
    model: { preset: 'llama-3.1-70b' },
    hardware: { preset: 'h100-sxm', gpus: 8 },
    parallel: { tp: 8 },
    serving: { prompt: 2048, output: 256, concurrency: 32 },
  },
  'plan 175B ZeRO-3 pp1 (1024 GPUs)': {
    model: { preset: 'gpt3-175b' },
    hardware: { preset: 'a100-80gb', gpus: 1024 },
    parallel: { tp: 1, pp: 1, zero: 3, recompute: 'full' },
    batch: { global: 1024, micro: 1 },
  },
};
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

// BENCH_BASELINE=<another build's node engine module> times it in turn with this one (runs
// interleaved, so the machine's load weighs on both alike): the search before and after a change.
// (Before the engine was split in two, that was atlas_engine_node.js: every command in one module.)
const engines = [
  ['', plannerModule],
  ...(process.env.BENCH_BASELINE ? [[' (baseline)', process.env.BENCH_BASELINE]] : []),
];
if (existsSync(plannerModule)) {
  const require = createRequire(import.meta.url);
  const loaded = [];
  for (const [label, path] of engines) {
    const m = await require(path)();
    m.call('search', REQUEST); // warm up: first call compiles and grows memory
    loaded.push({ label, m, times: [], counts: null });
  }
  for (let i = 0; i < RUNS; i += 1) {
    for (const e of loaded) {
      const t0 = process.hrtime.bigint();
      const text = e.m.call('search', REQUEST);
      e.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      e.counts ??= JSON.parse(text).counts;
    }
  }
  for (const e of loaded) summary(`WASM search (node, warm module)${e.label}`, e.times, e.counts);
  const module = loaded[0].m;
  const CALLS = [['presets', {}], ...Object.entries(PLANS).map(([label, req]) => [label, req])];
  for (const [label, req] of CALLS) {
    const command = label === 'presets' ? 'presets' : 'plan';
    const text = JSON.stringify(req);
    module.call(command, text);
    const ms = [];
    for (let i = 0; i < RUNS * 4; i += 1) {
      const t0 = process.hrtime.bigint();
      module.call(command, text);
      ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    summary(`WASM ${label}`, ms);
  }
} else {
  console.log(`WASM planner module not built (${plannerModule})`);
}
