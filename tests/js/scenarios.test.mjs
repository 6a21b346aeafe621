// The worked scenarios' prose makes claims the engine must bear out: each claim is checked here
// against the plans the scenario table shows, built the way the explorer builds them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError } from '../../web/src/engine.js';
import { SCENARIOS } from '../../web/src/modules/planner/scenarios.js';
import { planRequest } from '../../web/src/modules/planner/requests.js';
import { planOf as explorerPlan } from './explorer-plans.mjs';

const planOf = (patch) => explorerPlan(patch, planRequest);

const plans = (id) => {
  const sc = SCENARIOS.find((s) => s.id === id);
  return new Map(sc.variants.map((v) => [v.label, planOf(v.patch)]));
};
const step = (p) => {
  assert.ok(!isError(p), JSON.stringify(p.errors));
  return p.time.step;
};

test('misconception: ZeRO-3 alone stops speeding up past 768 GPUs, tensor + pipeline keeps scaling, 3072 does not divide', () => {
  const p = plans('misconception');
  const z = [384, 768, 1536].map((g) => step(p.get(`ZeRO-3 only (DeepSpeed 2021), ${g} GPUs`)));
  const m = [384, 768, 1536, 3072].map((g) => step(p.get(`TP 8 × PP 12 (Megatron-LM 2021), ${g} GPUs`)));
  // Up to 1536 GPUs every row is a run of Narayanan et al.'s Table 2, and says so.
  for (const g of [384, 768, 1536]) {
    assert.equal(p.get(`ZeRO-3 only (DeepSpeed 2021), ${g} GPUs`).published?.id, `narayanan-t2-zero3-174b-${g}gpu`);
    assert.equal(p.get(`TP 8 × PP 12 (Megatron-LM 2021), ${g} GPUs`).published?.id, `narayanan-t2-ptdp-174b-${g}gpu`);
  }
  assert.ok(z[1] < z[0], 'ZeRO-3 gains something from 384 to 768');
  assert.ok(z[2] > 0.9 * z[1], `ZeRO-3 from 768 to 1536: ${z[1]} s → ${z[2]} s should not shrink`);
  for (let i = 1; i < m.length; i++)
    assert.ok(m[i] < 0.6 * m[i - 1] && m[i] >= 0.5 * m[i - 1] * (1 - 1e-9), `TP × PP step ${i}`);
  const no = p.get('ZeRO-3 only (DeepSpeed 2021), 3072 GPUs');
  assert.ok(isError(no), 'a batch of 1536 cannot split over 3072 replicas');
});

test('tp-node: tensor parallelism spanning nodes is slower than inside one', () => {
  const p = plans('tp-node');
  const [inside, two, four] = [...p.values()].map(step);
  assert.ok(inside < two && two < four);
});

test('fit-70b: 16 bytes per parameter exceed one node, so nothing fits on 8 GPUs; more GPUs and sharding do', () => {
  const p = [...plans('fit-70b').values()];
  const params = p[0].parameters;
  assert.ok(16 * params > 8 * 80e9, 'weights, gradients and Adam state exceed eight 80 GB GPUs');
  assert.equal(p[0].memory.fits, false);
  assert.equal(p[1].memory.fits, false);
  assert.ok(p.slice(2).some((x) => x.memory.fits));
});

test('batch-8192: micro 8 × accumulation 16 × dp 64 is a global batch of 8192; tp multiplies GPUs, not the batch', () => {
  const [a, b] = [...plans('batch-8192').values()];
  assert.deepEqual([a.batch.micro, a.batch.accumulation, a.batch.dp, a.batch.global], [8, 16, 64, 8192]);
  assert.deepEqual([b.batch.micro, b.batch.accumulation, b.batch.dp, b.batch.global], [4, 32, 64, 8192]);
  assert.equal(a.parallel.tp * a.batch.dp, 512);
});
