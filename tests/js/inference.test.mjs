// plan and search in inference mode through the WASM module, as the split explorer calls them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';

const SERVE_70B = {
  mode: 'inference',
  model: { preset: 'llama-3.1-70b' },
  hardware: { preset: 'h100-sxm', gpus: 8 },
  parallel: { tp: 8 },
  serving: { prompt: 2048, output: 256, concurrency: 32 },
};

test('inference plan: the named readouts, each with a formula, the curve and both phases of transfers', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', SERVE_70B);
  assert.ok(!isError(r));
  assert.equal(r.mode, 'inference');
  assert.equal(isError(r), false);
  for (const k of ['weights', 'kv_cache_per_token', 'kv_cache', 'max_concurrency']) assert.ok(r.memory[k] > 0, k);
  assert.equal(typeof r.memory.fits, 'boolean');
  assert.equal(r.memory.kv_cache_per_token, 2 * 80 * 8 * 128 * 2);
  for (const k of ['first_token', 'per_output_token']) assert.ok(r.time[k] > 0, k);
  assert.ok(r.time.decode_step >= r.time.hbm_bound);
  assert.ok(r.throughput.tokens_per_second_per_gpu > 0);
  assert.ok(Math.abs(r.throughput.tokens_per_second_per_user * r.time.per_output_token - 1) < 1e-9);
  for (const k of ['weights', 'kv_cache', 'max_concurrency']) assert.match(r.memory.formulas[k].text, /=/);
  for (const k of ['first_token', 'per_output_token']) assert.equal(r.time.formulas[k].values.at(-1).unit, 's');
  assert.equal(r.time.formulas.per_output_token.values.at(-1).value, r.time.per_output_token);
  assert.ok(r.scope.length >= 3);
  const points = r.curve.points;
  assert.ok(points.some((p) => p.concurrency === 32));
  assert.ok(points.some((p) => !p.fits));
  // Each step up in concurrency that fits decodes a larger batch, so each token comes later; past
  // what fits, the batch that fits is served and the rest wait: the decode step stays as it was.
  const fitting = points.filter((p) => p.fits);
  assert.ok(fitting.every((p, i) => i === 0 || p.per_output_token > fitting[i - 1].per_output_token));
  for (const p of points.filter((x) => !x.fits)) {
    assert.ok(p.served < p.concurrency, `${p.concurrency}: served ${p.served}`);
    assert.equal(p.per_output_token, fitting.at(-1).per_output_token);
  }
  assert.ok(r.communication.prefill.length > 0 && r.communication.decode.length > 0);
  const ar = r.communication.decode.find((t) => t.id === 'tp-attention-allreduce');
  assert.equal(ar.calls, 80);
  assert.equal(ar.bytes_per_call, 2 * 32 * 8192); // one bf16 hidden state for each of the 32 sequences
});

test('inference mode: coded errors with paths, training stays the default', async () => {
  const engine = await loadEngine();
  const badTp = engine.run('plan', { ...SERVE_70B, parallel: { tp: 3 }, hardware: { preset: 'h100-sxm', gpus: 3 } });
  assert.ok(isError(badTp));
  assert.ok(badTp.errors.some((e) => e.code === 'tp_heads' && e.path === '/parallel/tp'));
  const long = engine.run('plan', { ...SERVE_70B, serving: { prompt: 8000, output: 1000 } });
  assert.ok(isError(long));
  assert.equal(long.error.code, 'context_too_long');
  assert.equal(long.error.path, '/serving/output');
  const zero = engine.run('plan', { ...SERVE_70B, serving: { concurrency: 0 } });
  assert.equal(zero.error.path, '/serving/concurrency');
  const fmt = engine.run('plan', { ...SERVE_70B, serving: { weights: 'int2' } });
  assert.equal(fmt.error.code, 'unknown_value');
  assert.equal(fmt.error.path, '/serving/weights');
  const training = engine.run('plan', {
    model: { preset: 'llama-3.1-8b' },
    hardware: { preset: 'h100-sxm', gpus: 8 },
    parallel: { tp: 8 },
    batch: { global: 8 },
  });
  assert.ok(!isError(training));
  assert.equal(training.mode, undefined);
  assert.ok(training.memory.optimizer > 0);
});

test('inference search: ranked by latency, or by tokens/s per GPU under a latency limit', async () => {
  const engine = await loadEngine();
  const base = { mode: 'inference', model: { preset: 'llama-3.1-8b' }, hardware: { preset: 'h100-sxm', gpus: 8 } };
  const fast = engine.run('search', { ...base, serving: { concurrency: 1 } });
  assert.ok(!isError(fast));
  assert.equal(fast.top[0].parallel.tp, 8); // one user: every GPU reads its share of the weights
  const most = engine.run('search', {
    ...base,
    serving: { concurrency: 256 },
    objective: 'throughput',
    latency_limit: 0.1,
  });
  assert.ok(!isError(most));
  assert.ok(most.top.every((p) => p.time.per_output_token <= 0.1));
  const rates = most.top.map((p) => p.throughput.tokens_per_second_per_gpu);
  assert.ok(rates.every((x, i) => i === 0 || x <= rates[i - 1]));
  assert.notEqual(most.top[0].parallel.tp, 8); // under load, replicas beat one 8-way split
  const c = most.counts;
  assert.equal(c.evaluated, c.invalid + c.out_of_memory + c.fits);
});

test('fidelity in inference mode: published serving cases with sources, calibration and validation apart', async () => {
  const engine = await loadEngine();
  const f = engine.run('fidelity', { mode: 'inference' });
  assert.ok(!isError(f));
  assert.ok(f.cases.length >= 9);
  const urls = new Map(f.sources.map((s) => [s.id, s.url]));
  for (const c of f.cases) {
    assert.match(urls.get(c.source), /^https:\/\//);
    assert.ok(Math.abs(c.error) < c.tolerance, c.id);
  }
  assert.equal(f.calibration.cases + f.validation.cases, f.cases.length);
});

test('inference plan: stages with each GPU\u2019s KV cache and both phases tagged where they cross, as the diagram reads them', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', {
    ...SERVE_70B,
    parallel: { tp: 2, pp: 4 },
    serving: { prompt: 2048, output: 256, concurrency: 16 },
  });
  assert.ok(!isError(r));
  assert.equal(isError(r), false);
  assert.deepEqual(
    r.stages.map((st) => [st.index, st.first_layer, st.layers, st.devices]),
    [
      [0, 0, 20, 2],
      [1, 20, 20, 2],
      [2, 40, 20, 2],
      [3, 60, 20, 2],
    ],
  );
  for (const st of r.stages) {
    // 2 × 20 layers × 4 KV heads × 128 × 2 B per token; 2304 tokens (whole 16-token blocks) × 16 users.
    assert.equal(st.memory.kv_cache_per_token, 2 * 20 * 4 * 128 * 2);
    assert.equal(st.memory.kv_cache, 16 * 2304 * 40960);
    assert.deepEqual(st.formulas.kv_cache.values.at(-1), { value: 1509949440, unit: 'B' });
  }
  assert.equal(Math.max(...r.stages.map((st) => st.memory.total)), r.memory.total);
  const places = new Set(['embedding', 'layer.attention.out', 'layer.mlp.fc2', 'head', 'stage-boundary']);
  for (const phase of ['prefill', 'decode']) {
    const list = r.communication[phase];
    assert.ok(
      list.every((t) => places.has(t.where) && t.phase === phase),
      phase,
    );
    assert.equal(new Set(list.map((t) => t.id)).size, list.length, `${phase}: ids are unique`);
    for (const t of list) assert.ok(Math.abs((t.bytes_per_token * t.tokens) / t.bytes_per_step - 1) < 1e-12, t.id);
  }
  // Decode: 16 sequences in 4 pipeline passes of 4; the send carries hidden state and residual.
  const send = r.communication.decode.find((t) => t.id === 'pp-send');
  assert.equal(send.count_per_step, 4);
  assert.equal(send.bytes_per_step, 2 * 2 * 16 * 8192);
  const ar = r.communication.decode.filter(
    (t) => t.group === 'TP' && t.collective === 'all-reduce' && t.stage === 0 && t.where !== 'embedding',
  );
  assert.equal(
    ar.reduce((sum, t) => sum + t.bytes_per_step, 0),
    2 * 20 * 8192 * 2 * 16,
  ); // 2 per layer × h × 2 B × users
  assert.notDeepEqual(
    r.communication.prefill.map((t) => t.bytes_per_step),
    r.communication.decode.map((t) => t.bytes_per_step),
  );
});

test("vLLM's release through the WASM contract: V0 before 0.8, a bad release names the field, another runtime warns", async () => {
  const engine = await loadEngine();
  const ask = (/** @type {Record<string, unknown>} */ serving) =>
    engine.run('plan', { ...SERVE_70B, serving: { ...SERVE_70B.serving, runtime: 'vllm', ...serving } });
  const v0 = ask({ runtime_version: '0.7.3' }),
    v1 = ask({ runtime_version: '0.9.2' });
  assert.ok(!isError(v0) && !isError(v1));
  assert.equal(v0.serving.engine, 'v0');
  assert.equal(v1.serving.engine, 'current');
  // 5.5 ms + 0.20 ms per tensor rank against V1's 0.33 ms + 0.20 ms, at tp 8.
  assert.ok(Math.abs(v0.serving.host_overhead - (5.5e-3 + 8 * 0.2e-3)) < 1e-12);
  assert.ok(Math.abs(v1.serving.host_overhead - (0.33e-3 + 8 * 0.2e-3)) < 1e-12);
  assert.ok(v0.time.per_output_token > v1.time.per_output_token);
  const bad = ask({ runtime_version: 'latest' });
  assert.ok(isError(bad));
  assert.equal(bad.error.code, 'runtime_version_format');
  assert.equal(bad.error.path, '/serving/runtime_version');
  const sglang = ask({ runtime: 'sglang', runtime_version: '0.3.0' });
  assert.ok(!isError(sglang));
  assert.equal(sglang.warnings?.[0]?.code, 'runtime_version_unread');
});
