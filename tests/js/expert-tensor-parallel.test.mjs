// parallel.etp through the WASM planner module, as the split explorer sends it: absent or equal to
// tp it changes nothing; below tp each rank holds tp/etp times the expert weights, the expert
// layers' tp collectives go, and a bad value is a coded error at /parallel/etp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';

const mixtral = (parallel) => ({
  model: { preset: 'mixtral-8x7b', seq: 4096 },
  hardware: { preset: 'h100-sxm', gpus: 32 },
  parallel: { tp: 4, ep: 8, sequence_parallel: true, ...parallel },
  batch: { global: 64, micro: 1 },
});

test('etp: absent and equal to tp give the same plan; the answer echoes etp only when it differs', async () => {
  const engine = await loadEngine();
  const absent = engine.run('plan', mixtral({}));
  const same = engine.run('plan', mixtral({ etp: 4 }));
  assert.ok(!isError(absent));
  assert.deepEqual(same, absent);
  assert.equal(absent.parallel.etp, undefined);
  const one = engine.run('plan', mixtral({ etp: 1 }));
  assert.ok(!isError(one));
  assert.equal(one.parallel.etp, 1);
});

test('etp 1 at tp 4: expert weights per rank four times larger, no MoE tp collectives', async () => {
  const engine = await loadEngine();
  const at4 = engine.run('plan', mixtral({}));
  const at1 = engine.run('plan', mixtral({ etp: 1 }));
  // Mixtral: 8 experts × 3 × 4096 × 14336 weights a layer, 32 layers = 45,097,156,608; bf16 weights
  // per rank over ep × etp = 32 ranks, then 8: the bytes grow by 2 × 45,097,156,608 × (1/8 − 1/32).
  const grown = 2 * 45097156608 * (1 / 8 - 1 / 32);
  assert.ok(Math.abs(at1.memory.parameters - at4.memory.parameters - grown) < 1);
  const calls = (plan, id) => plan.communication.find((t) => t.id === id)?.count_per_step;
  // Sequence parallel: 2 all-gathers a layer (attention and MLP) × 32 layers × 8 micro-batches at
  // etp = tp; the expert MLP's go at etp 1.
  assert.equal(calls(at4, 'tp-fwd-allgather'), 512);
  assert.equal(calls(at1, 'tp-fwd-allgather'), 256);
  assert.equal(at1.flops_per_step, at4.flops_per_step);
});

test('etp: bad values are coded at /parallel/etp, and the explorer names the control', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', mixtral({ etp: 3 }));
  assert.ok(isError(r));
  const e = r.errors.find((x) => x.code === 'etp_tp');
  assert.equal(e.path, '/parallel/etp');
  assert.match(e.message, /etp = 3 must divide tp = 4/);
  const { paramForPath } = await import('../../web/src/modules/planner/state.js');
  assert.equal(paramForPath('/parallel/etp'), 'etp');
  const zero = engine.run('plan', mixtral({ etp: 0 }));
  assert.equal(zero.error.path, '/parallel/etp');
});
