// The quiz and practice commands as the page calls them, through the WASM module: grading,
// shuffles, errors at their paths, and exercises identical to the native build's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { cli, root } from '../../scripts/lib/paths.mjs';

const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));

function native(command, request) {
  const r = spawnSync(cli, [command, '-'], { input: JSON.stringify(request), encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 2, r.stderr);
  return { status: r.status, response: JSON.parse(r.stdout) };
}

test('quiz grades the entry question: right, wrong, with explanation and xAPI-ready score', async () => {
  const engine = await loadEngine();
  const right = engine.run('quiz', { check: entry.check, answer: 2 });
  assert.equal(right.correct, true);
  assert.equal(right.correct_answer, 2);
  assert.equal(right.explanation, entry.check.explanation);
  assert.deepEqual(right.score, { raw: 1, min: 0, max: 1, scaled: 1 });
  const wrong = engine.run('quiz', { check: entry.check, answer: 0 });
  assert.equal(wrong.correct, false);
  assert.equal(wrong.chosen, 'Pipeline parallelism only');
  assert.equal(wrong.score.scaled, 0);
});

test('quiz rejects bad answers at /answer, exactly as the CLI does (exit 2)', async () => {
  const engine = await loadEngine();
  for (const answer of [3, -1, 1.5, '2', null, true]) {
    const r = engine.run('quiz', { check: entry.check, answer });
    assert.equal(isError(r), true, JSON.stringify(answer));
    assert.equal(r.error.path, '/answer');
    const n = native('quiz', { check: entry.check, answer });
    assert.equal(n.status, 2);
    assert.deepEqual(n.response, r);
  }
});

test('a seeded shuffle is stable, moves the right answer, and grades by position', async () => {
  const engine = await loadEngine();
  const a = engine.run('quiz', { check: entry.check, seed: 7 });
  assert.deepEqual(a.order, [1, 2, 0]); // pinned, same as the doctest natively
  assert.deepEqual(engine.run('quiz', { check: entry.check, seed: 7 }), a);
  const positions = new Set();
  for (let seed = 0; seed < 40; seed += 1) {
    const layout = engine.run('quiz', { check: entry.check, seed });
    const k = layout.options.indexOf('Tensor parallelism');
    positions.add(k);
    const graded = engine.run('quiz', { check: entry.check, seed, answer: k });
    assert.equal(graded.correct, true);
    assert.equal(graded.original_answer, 2);
  }
  assert.deepEqual([...positions].sort(), [0, 1, 2]);
});

test('practice: the WASM build generates byte-identical exercises to the native build', async () => {
  const engine = await loadEngine();
  for (const seed of [0, 7, 2 ** 32 - 1, 2 ** 53 - 1]) {
    const request = { seed, count: 60 };
    const wasm = engine.run('practice', request);
    assert.equal(isError(wasm), false);
    assert.deepEqual(native('practice', request).response, wasm, `seed ${seed}`);
  }
  const pinned = engine.run('practice', { seed: 7, count: 2 }).exercises;
  assert.equal(pinned[0].kind, 'packing');
  assert.equal(pinned[0].answer, 9216);
  assert.equal(pinned[1].kind, 'not_divisible');
  assert.equal(pinned[1].answer, 2016);
});

test('practice grading through the engine: exact integers, tolerance for tokens, typed text', async () => {
  const engine = await loadEngine();
  const target = engine.run('practice', { seed: 7, index: 1, response: 2000 });
  assert.equal(target.correct, false);
  assert.match(target.feedback, /not a multiple/);
  assert.equal(engine.run('practice', { seed: 7, index: 1, response: '2,016' }).correct, true);
  assert.equal(engine.run('practice', { seed: 7, index: 1, response: 2017 }).correct, false);
  // Find a tokens exercise and answer it 0.4 % high (accepted) and 0.6 % high (not).
  const list = engine.run('practice', { seed: 11, count: 200 }).exercises;
  const tokens = list.find((e) => e.kind === 'tokens_per_step');
  assert.ok(tokens, 'a tokens exercise among 200');
  assert.equal(tokens.tolerance_text, 'within 0.5 %');
  const grade = (response) => engine.run('practice', { seed: 11, index: tokens.index, response });
  assert.equal(grade(tokens.answer * 1.004).correct, true);
  assert.equal(grade(tokens.answer * 1.006).correct, false);
  assert.equal(grade(`${(tokens.answer / 1e6).toFixed(3)}M`).correct, true);
  const bad = engine.run('practice', { seed: 7, index: 1, response: 'four' });
  assert.equal(bad.error.code, 'not_a_number');
  assert.equal(bad.error.path, '/response');
});

test('practice exercises carry what the page shows: question, givens, unknown, solution, accepted range', async () => {
  const engine = await loadEngine();
  for (const e of engine.run('practice', { seed: 3, count: 30 }).exercises) {
    assert.ok(e.question.length > 20);
    assert.ok(e.givens.length >= 2);
    for (const g of e.givens) assert.ok(Number.isFinite(g.value) && g.label && g.unit);
    assert.ok(e.unknown.label && e.unknown.unit);
    assert.ok(e.solution.length >= 2);
    assert.ok(e.accepted.min <= e.answer && e.answer <= e.accepted.max);
  }
});
