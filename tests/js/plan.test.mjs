// The plan, search and presets commands through the WASM module, as the split explorer calls them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';

const GPT3_SELENE = {
  model: { preset: 'megatron-175b' },
  hardware: { preset: 'a100-80gb', gpus: 64 },
  parallel: { tp: 8, pp: 8, sequence_parallel: true, recompute: 'selective' },
  batch: { global: 64, micro: 1 },
};

test('presets: models and hardware with citations; fidelity: every published run, calibration and validation apart', async () => {
  const engine = await loadEngine();
  const r = engine.run('presets', {});
  assert.ok(!isError(r));
  const models = r.models.map((m) => m.id);
  for (const id of ['gpt3-175b', 'megatron-1t', 'llama-3.1-8b', 'llama-3.1-405b', 'mixtral-8x7b'])
    assert.ok(models.includes(id), id);
  assert.deepEqual(
    r.hardware.map((h) => h.id),
    [
      'a100-80gb',
      'a100-40gb',
      'a100-80gb-jean-zay',
      'a800-80gb',
      'h100-sxm',
      'h100-sxm-96gb-500w',
      'h800-sxm',
      'h200',
      'b200',
      'gb200-nvl72',
    ],
  );
  for (const p of [...r.models, ...r.hardware]) assert.match(p.citation.url, /^https:\/\//);
  const f = engine.run('fidelity', {});
  assert.ok(!isError(f));
  assert.ok(f.cases.length >= 40);
  assert.equal(f.in_sample.cases + f.out_of_sample.cases + f.not_expressed, f.cases.length);
  assert.equal(f.sealed.cases + f.informed.cases, f.out_of_sample.cases);
  const roles = new Map(f.sources.map((s) => [s.id, s.role]));
  assert.equal(roles.get('narayanan2021'), 'validation');
  for (const c of f.cases) {
    assert.equal(c.set, roles.get(c.source), c.id);
    assert.ok(c.published_step > 0 && c.model_step > 0 && c.ideal_step <= c.model_step * (1 + 1e-9), c.id);
    assert.match(f.sources.find((s) => s.id === c.source).url, /^https:\/\//);
  }
  assert.ok(f.in_sample.mean_abs_error < 0.05);
  const bad = engine.run('fidelity', { refit: 'yes' });
  assert.equal(bad.error.path, '/refit');
});

test('plan: the ideal bound sits beside the step as run, and the scaling points follow the split', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', {
    ...GPT3_SELENE,
    hardware: { preset: 'a100-80gb', gpus: 256 },
    batch: { global: 256, micro: 1 },
    scaling: true,
  });
  assert.equal(isError(r), false);
  const ideal = r.time.ideal;
  assert.ok(ideal.step > 0 && ideal.step < r.time.step);
  assert.ok(Math.abs(ideal.gap - (r.time.step - ideal.step)) < 1e-9 * r.time.step);
  assert.ok(Math.abs(ideal.gap_share - ideal.gap / r.time.step) < 1e-12);
  assert.equal(r.scaling.summary.to_gpus, r.scaling.points.at(-1).gpus);
  // From the baseline (the smallest size that fits) on, never faster than perfect halving.
  for (const p of r.scaling.points.filter((q) => q.gpus >= r.scaling.summary.from_gpus))
    assert.ok(p.perfect_step <= p.step * (1 + 1e-9), 'never faster than perfect halving');
  assert.equal(r.scaling.points.filter((q) => q.baseline).length, 1);
  assert.ok(r.throughput.ideal.mfu > r.throughput.mfu);
  const pts = r.scaling.points;
  assert.ok(pts.length >= 3);
  assert.ok(pts.some((p) => p.current && p.gpus === 256));
  for (let i = 1; i < pts.length; i += 1) {
    assert.equal(pts[i].gpus, pts[i - 1].gpus * 2);
    assert.ok(pts[i].step < pts[i - 1].step, 'more replicas are faster here');
    assert.ok(pts[i].step >= (pts[i - 1].step / 2) * (1 - 1e-9), 'never better than halving');
  }
  for (const t of r.communication) {
    assert.ok(t.calls_per_step > 0 && t.latency_share >= 0 && t.latency_share <= 1, t.id);
    assert.ok(t.busbw > 0, t.id);
  }
});

test('plan: GPT-3 on 64 A100s, as Korthikanti et al. ran it', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', GPT3_SELENE);
  assert.equal(isError(r), false);
  assert.equal(r.errors, undefined);
  assert.equal(r.batch.equation, '64 = 1 × 64 × 1');
  assert.equal(r.pipeline.bubble_fraction, 7 / 64);
  assert.equal(r.stages.length, 8);
  assert.ok(r.memory.fits);
  const ids = r.communication.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes('tp-fwd-reducescatter'));
  assert.ok(ids.some((id) => id.startsWith('pp-')));
  const t = r.time;
  const sum = t.compute + t.bubble + t.optimizer + Object.values(t.communication).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - t.step) < 1e-9 * t.step);
  assert.ok(Math.abs(t.step - 13.75) / 13.75 < 0.0887); // Table 5
  assert.ok(r.scope.length > 3);
});

test('plan: an impossible split is an error answer with coded errors at the controls', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', { ...GPT3_SELENE, model: { preset: 'llama-3.1-8b' }, parallel: { tp: 3, pp: 8 } });
  assert.ok(isError(r));
  assert.equal(r.valid, undefined);
  const tp = r.errors.find((e) => e.code === 'tp_heads');
  assert.equal(tp.message, 'tp = 3 does not divide 32 heads.');
  assert.equal(tp.path, '/parallel/tp');
  assert.equal(r.memory, undefined);
});

test('plan: malformed numbers are error responses with their path', async () => {
  const engine = await loadEngine();
  for (const [tp, code] of [
    [0, 'out_of_range'],
    [-1, 'out_of_range'],
    [2.5, 'not_integer'],
    [1e300, 'out_of_range'],
    ['8', 'wrong_type'],
  ]) {
    const r = engine.run('plan', { ...GPT3_SELENE, parallel: { tp } });
    assert.ok(isError(r));
    assert.equal(r.error.code, code);
    assert.equal(r.error.path, '/parallel/tp');
  }
});

test('search: ranked plans that fit, with counts', async () => {
  const engine = await loadEngine();
  const r = engine.run('search', {
    model: { preset: 'megatron-175b' },
    hardware: { preset: 'a100-80gb', gpus: 64 },
    batch: { global: 64 },
    top: 3,
  });
  assert.equal(r.top.length, 3);
  assert.ok(r.top[0].time.step <= r.top[1].time.step);
  assert.ok(r.top.every((p) => p.memory.fits));
  assert.ok(r.counts.evaluated > 0 && r.counts.fits > 0 && r.counts.out_of_memory > 0);
});
