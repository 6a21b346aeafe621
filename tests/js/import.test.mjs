// The import and export commands through the WASM module, as the split explorer calls them:
// pasted text in, a plan request with what was read / assumed / ignored out; a plan request in,
// a launch configuration out that reads back to the same plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';

const fixture = (name) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

test('import: a config.json gives the released parameter count, and each list entry names its source', async () => {
  const engine = await loadEngine();
  const r = engine.run('import', {
    text: fixture('mixtral-8x7b.config.json'),
    hardware: { preset: 'a100-80gb', gpus: 64 },
  });
  assert.ok(!isError(r), JSON.stringify(r.error));
  assert.equal(r.format, 'hf');
  assert.equal(r.parameters, 46702792704);
  assert.equal(r.request.hardware.preset, 'a100-80gb');
  assert.equal(r.request.hardware.gpus, 64);
  for (const e of r.read)
    assert.ok(typeof e.field === 'string' && 'value' in e && typeof e.from === 'string', JSON.stringify(e));
  for (const e of r.assumed) assert.ok(typeof e.field === 'string' && typeof e.why === 'string', JSON.stringify(e));
  for (const e of r.ignored) assert.ok(typeof e.from === 'string' && typeof e.why === 'string', JSON.stringify(e));
  const plan = engine.run('plan', r.request);
  assert.ok(!isError(plan));
  assert.equal(plan.parameters, 46702792704);
});

test('import: a Megatron script pasted whole gives its split; a bad flag is refused on its line', async () => {
  const engine = await loadEngine();
  const r = engine.run('import', { text: fixture('megatron-llama-8b.sh'), format: 'auto' });
  assert.ok(!isError(r));
  assert.equal(r.format, 'megatron');
  assert.deepEqual(
    [r.request.parallel.tp, r.request.parallel.pp, r.request.parallel.dp, r.request.hardware.gpus],
    [2, 2, 8, 32],
  );
  const bad = engine.run('import', { text: 'pretrain_gpt.py \\\n  --num-layers 2 \\\n  --hidden-size lots' });
  assert.ok(isError(bad));
  assert.equal(bad.error.code, 'not_integer');
  assert.equal(bad.error.line, 3);
  assert.equal(bad.error.path, '/text');
  assert.match(bad.error.message, /^Line 3: --hidden-size/);
});

test('import: DeepSeek-V3 reads its latent attention and plans it; a latent wider than hidden is refused at its path', async () => {
  const engine = await loadEngine();
  const r = engine.run('import', { text: fixture('deepseek-v3.config.json') });
  assert.ok(!isError(r), JSON.stringify(r));
  assert.equal(r.request.model.kv_lora_rank, 512);
  assert.equal(r.parameters, 684489845504);
  const plan = engine.run('plan', {
    ...r.request,
    hardware: { preset: 'h100-sxm', gpus: 256 },
    parallel: { ep: 64, pp: 4 },
    batch: { global: 256, micro: 1 },
  });
  assert.ok(!isError(plan), JSON.stringify(plan).slice(0, 300));
  const bad = engine.run('plan', {
    model: { preset: 'deepseek-v3', kv_lora_rank: 8192 },
    hardware: { preset: 'h100-sxm', gpus: 8 },
  });
  assert.equal(bad.error.code, 'latent_rank');
  assert.equal(bad.error.path, '/model/kv_lora_rank');
});

test('export: each format reads back to the same plan', async () => {
  const engine = await loadEngine();
  const cases = [
    ['megatron', { tp: 4, pp: 2, zero: 1, sequence_parallel: true, recompute: 'selective' }],
    ['deepspeed', { tp: 1, pp: 1, zero: 3, framework: 'deepspeed' }],
    // torchtitan's FSDP2 reduces gradients only in fp32 (its one mixed_precision_reduce).
    ['torchtitan', { tp: 2, pp: 1, zero: 3, sequence_parallel: true, framework: 'fsdp', reduce_dtype: 'fp32' }],
  ];
  for (const [format, parallel] of cases) {
    const request = {
      model: { preset: 'llama-3.1-8b' },
      hardware: { preset: 'h100-sxm', gpus: 32 },
      parallel,
      batch: { micro: 1, global: 128 },
    };
    const out = engine.run('export', { request, format });
    assert.ok(!isError(out), format);
    assert.equal(typeof out.text, 'string');
    assert.equal(typeof out.filename, 'string');
    const back = engine.run('import', { text: out.text, hardware: request.hardware });
    assert.ok(!isError(back), `${format}: ${JSON.stringify(back.error)}`);
    assert.equal(back.format, format);
    const a = engine.run('plan', request);
    const b = engine.run('plan', back.request);
    assert.deepEqual(b.parallel, a.parallel, format);
    assert.deepEqual(b.batch, a.batch, format);
    assert.equal(b.time.step, a.time.step, format);
  }
  const bad = engine.run('export', {
    request: { model: { preset: 'llama-3.1-8b' }, hardware: { preset: 'h100-sxm' } },
    format: 'yaml',
  });
  assert.equal(bad.error.path, '/format');
});
