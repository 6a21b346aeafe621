// Formulas as data: every formula of a training and a serving plan (through the WASM engine, as
// the page calls it) is text with {i} placeholders and finite values with units, and the page's
// rendering of it (formula.js) holds only the page's own formatting: no "e+", no placeholder left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { formulaText } from '../../web/src/modules/planner/formula.js';
import { root } from '../../scripts/lib/paths.mjs';

const UNITS = new Set(['1', 's', 'B', 'B/s', 'FLOP', 'FLOP/s', 'fraction', 'tokens/s']);

/** Every formula in an answer: the entries of each `formulas` map and each `formula` field. */
function formulas(node, at = '', out = []) {
  if (Array.isArray(node)) node.forEach((x, i) => formulas(x, `${at}/${i}`, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === 'formulas') for (const [name, f] of Object.entries(v)) out.push([`${at}/${k}/${name}`, f]);
      else if (k === 'formula') out.push([`${at}/${k}`, v]);
      else formulas(v, `${at}/${k}`, out);
    }
  return out;
}

function checkAll(plan) {
  const list = formulas(plan);
  for (const [at, f] of list) {
    assert.equal(typeof f.text, 'string', at);
    for (const v of f.values) {
      assert.ok(Number.isFinite(v.value), at);
      assert.ok(UNITS.has(v.unit), `${at}: ${v.unit}`);
    }
    const used = [...f.text.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1]));
    assert.deepEqual(
      used,
      f.values.map((_, i) => i),
      at,
    );
    for (const decimalBytes of [false, true]) {
      const shown = formulaText(f, { decimalBytes });
      assert.doesNotMatch(shown, /\d[eE][+-]?\d|\{\d+\}|NaN|undefined/, `${at}: ${shown}`);
    }
  }
  return list;
}

const goldenRequest = (name) => JSON.parse(readFileSync(join(root, 'tests/golden', `${name}.json`), 'utf8')).request;

test('training plan formulas: numbers as values with units, rendered in the page units', async () => {
  const engine = await loadEngine();
  for (const name of ['gpt3-tp8-pp8', 'llama70b-zero3-fsdp', 'mixtral-ep8']) {
    const plan = engine.run('plan', goldenRequest(name));
    assert.ok(!isError(plan), name);
    assert.ok(checkAll(plan).length >= 14, name);
  }
  const plan = engine.run('plan', goldenRequest('gpt3-tp8-pp8'));
  const optimizer = plan.time.formulas.optimizer;
  assert.deepEqual(
    optimizer.values.map((v) => v.unit),
    ['B', '1', 'B/s', 's'],
  );
  assert.equal(optimizer.values.at(-1).value, plan.time.optimizer);
  // The optimizer step reads in milliseconds, like the time bar beside it.
  assert.match(formulaText(optimizer), /= 28(\.0)? B × [\d,]+ ÷ [\d.]+ TB\/s = [\d.]+ ms$/);
  assert.equal(optimizer.values[0].value, 28);
  assert.match(formulaText(plan.throughput.formulas.mfu), /TFLOP\/s ÷ [\d.]+ TFLOP\/s = [\d.]+ %/);
});

test('serving plan formulas, stages and transfers included, render without engine-formatted numbers', async () => {
  const engine = await loadEngine();
  const plan = engine.run('plan', {
    mode: 'inference',
    model: { preset: 'llama-3.1-70b' },
    hardware: { preset: 'h100-sxm', gpus: 16 },
    parallel: { tp: 4, pp: 2 },
    serving: { prompt: 2048, output: 256, concurrency: 16, weights: 'int4', kv: 'fp8', disaggregated: true },
  });
  assert.ok(!isError(plan));
  const list = checkAll(plan);
  assert.ok(list.some(([at]) => at.startsWith('/stages/')));
  assert.ok(list.some(([at]) => at.startsWith('/communication/decode/')));
  assert.match(formulaText(plan.time.formulas.request), /= [\d.]+ (ms|s)$/);
});

test('formulaText leaves plain strings alone and formats each unit as the page does', () => {
  assert.equal(formulaText('global batch × sequence length'), 'global batch × sequence length');
  const shown = formulaText({
    text: '{0} {1} {2} {3} {4} {5} {6} {7}',
    values: [
      { value: 176300000, unit: '1' },
      { value: 0.002421, unit: 's' },
      { value: 2, unit: 'B' },
      { value: 2.039e12, unit: 'B/s' },
      { value: 3.15e21, unit: 'FLOP' },
      { value: 3.12e14, unit: 'FLOP/s' },
      { value: 0.452, unit: 'fraction' },
      { value: 1234.5, unit: 'tokens/s' },
    ],
  });
  assert.equal(shown, '176,300,000 2.42 ms 2 B 2.04 TB/s 3.15 × 10²¹ FLOP 312 TFLOP/s 45.2 % 1,235 tokens/s');
});
