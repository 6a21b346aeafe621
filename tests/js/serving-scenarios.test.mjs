// The serving scenarios' prose quotes figures (parameters, weight bytes per format, KV cache per
// user, who is faster) that must be the engine's: each claim is checked against the plans the
// scenario table shows, built as the explorer builds them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError } from '../../web/src/engine.js';
import { SERVING_SCENARIOS } from '../../web/src/modules/planner/inference-scenarios.js';
import { inferenceRequest } from '../../web/src/modules/planner/inference.js';
import { planOf as explorerPlan } from './explorer-plans.mjs';

function planOf(patch) {
  const plan = explorerPlan(patch, inferenceRequest);
  assert.ok(!isError(plan), JSON.stringify(plan.error));
  return plan;
}
const scenario = (id) => {
  const sc = SERVING_SCENARIOS.find((s) => s.id === id);
  return { lesson: sc.lesson, plans: new Map(sc.variants.map((v) => [v.label, planOf(v.patch)])) };
};
// "about 141 GB": the quoted figure is the engine's rounded to the digits quoted.
const near = (value, quoted, digits) => Math.abs(value - quoted) <= 0.5 * 10 ** -digits;

test("70B on one GPU: the quoted parameters, weight bytes and KV cache per user are the engine's", () => {
  const { lesson, plans } = scenario('int4-70b');
  const bf16 = plans.get('bf16 weights'),
    fp8 = plans.get('fp8 weights');
  const int4 = plans.get('int4 weights, 8 users'),
    int4many = plans.get('int4 weights, 32 users');
  const params = Number(lesson.match(/has ([\d.]+) billion parameters/)[1]);
  assert.ok(
    near(bf16.model.parameters / 1e9, params, 1),
    `${bf16.model.parameters} parameters, prose says ${params} billion`,
  );
  const quoted = (format) => Number(lesson.match(new RegExp(`(\\d+) GB in ${format}`))[1]);
  assert.ok(near(bf16.memory.weights / 1e9, quoted('bf16'), 0), `bf16 ${bf16.memory.weights}`);
  assert.ok(near(fp8.memory.weights / 1e9, quoted('fp8'), 0), `fp8 ${fp8.memory.weights}`);
  assert.ok(near(int4.memory.weights / 1e9, quoted('int4'), 0), `int4 ${int4.memory.weights}`);
  const [, kvQuoted, tokens] = lesson.match(/about ([\d.]+) GB of key\/value cache for a (\d+)-token/).map(Number);
  assert.equal(tokens, bf16.serving.prompt + bf16.serving.output);
  assert.ok(
    near(int4.memory.kv_cache_per_sequence / 1e9, kvQuoted, 2),
    `KV per user ${int4.memory.kv_cache_per_sequence}`,
  );
  assert.equal(bf16.memory.fits, false, 'bf16 does not fit one 80 GB GPU');
  assert.ok(
    fp8.memory.max_concurrency >= 1 && fp8.memory.max_concurrency < 10,
    `fp8: a handful, ${fp8.memory.max_concurrency}`,
  );
  assert.ok(int4.memory.max_concurrency >= 24, `int4: dozens, ${int4.memory.max_concurrency}`);
  assert.equal(int4many.memory.fits, true);
});

test("gpt-oss-120b's MXFP4 experts: the quoted parameters, bytes and experts touched are the engine's", () => {
  const { lesson, plans } = scenario('mxfp4-experts');
  const bf16 = plans.get('everything in bf16, 1 user'),
    mixed = plans.get('experts in MXFP4, 1 user'),
    busy = plans.get('experts in MXFP4, 16 users'),
    all = plans.get('everything in MXFP4, 1 user');
  const params = Number(lesson.match(/has (\d+) billion parameters/)[1]);
  assert.ok(near(bf16.model.parameters / 1e9, params, 0), `${bf16.model.parameters} parameters`);
  const bf16GB = Number(lesson.match(/about (\d+) GB in bf16/)[1]);
  assert.ok(near(bf16.memory.weights / 1e9, bf16GB, 0), `bf16 ${bf16.memory.weights}`);
  assert.equal(bf16.memory.fits, false);
  const mixedGB = Number(lesson.match(/in bf16: about (\d+) GB/)[1]);
  assert.ok(near(mixed.memory.weights / 1e9, mixedGB, 0), `mixed ${mixed.memory.weights}`);
  assert.equal(mixed.memory.fits, true, 'fits one 80 GB GPU');
  assert.equal(mixed.serving.expert_weights, 'mxfp4');
  assert.equal(mixed.serving.weights, 'bf16');
  const saved = Number(lesson.match(/saves only about ([\d.]+) GB more/)[1]);
  assert.ok(near((mixed.memory.weights - all.memory.weights) / 1e9, saved, 1), `${all.memory.weights}`);
  // 16 users touch 1 − (1 − 4/128)^16 of the experts: each step reads several times the bytes.
  const touched = Number(lesson.match(/16 users about (\d+) %/)[1]) / 100;
  assert.ok(near(1 - (1 - 4 / 128) ** 16, touched, 1));
  assert.ok(busy.time.decode_step > 3 * mixed.time.decode_step, `${mixed.time.decode_step} → ${busy.time.decode_step}`);
});

test('tensor parallelism: faster for one user, fewer tokens per GPU under load', () => {
  const { plans } = scenario('tp-latency');
  const one = plans.get('8 copies (tp 1), 1 user'),
    split = plans.get('one 8-way split (tp 8), 1 user');
  assert.ok(split.time.per_output_token < one.time.per_output_token / 2, 'several times faster per token');
  const copies = plans.get('8 copies (tp 1), 512 users'),
    splitLoad = plans.get('one 8-way split (tp 8), 512 users');
  assert.ok(copies.throughput.tokens_per_second_per_gpu > splitLoad.throughput.tokens_per_second_per_gpu);
});

test('pipeline parallelism for serving: about the same wait per token, about twice the users', () => {
  const { plans } = scenario('pp-serving');
  const flat = plans.get('tp 4 on 4 GPUs, 1 user'),
    piped = plans.get('tp 4 × pp 2 on 8 GPUs, 1 user');
  assert.ok(piped.time.decode_step >= flat.time.decode_step, 'a decode step is no shorter');
  const wait = piped.time.per_output_token / flat.time.per_output_token;
  assert.ok(
    wait > 0.95 && wait < 1.05,
    `about as long per token: ${flat.time.per_output_token} s → ${piped.time.per_output_token} s`,
  );
  const ratio = piped.memory.max_concurrency / flat.memory.max_concurrency;
  assert.ok(ratio >= 1.8, `twice as many users fit: ${flat.memory.max_concurrency} → ${piped.memory.max_concurrency}`);
});

test("the explorer's attention kernel reaches serving plans: FlashAttention-2 slows an H100 prompt", () => {
  const base = {
    mode: 'inference',
    model: 'llama-3.1-8b',
    hardware: 'h100-sxm',
    gpus: 1,
    tp: 1,
    pp: 1,
    prompt: 8000,
    output: 16,
  };
  const native = planOf(base);
  const fa2 = planOf({ ...base, flash: 'flash-attention-2' });
  assert.equal(fa2.parallel.attention_kernel, 'flash-attention-2');
  assert.equal(native.parallel.attention_kernel, 'native');
  assert.ok(fa2.time.first_token > native.time.first_token, `${fa2.time.first_token} vs ${native.time.first_token}`);
});
