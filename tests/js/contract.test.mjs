// The WASM module's contract as JS sees it, through the page's own wrapper (web/src/engine.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { root, engineModule, cli as nativeCli } from '../../scripts/lib/paths.mjs';

const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));

test('version lists every command and SI units', async () => {
  const engine = await loadEngine();
  assert.equal(engine.version.engine, 'parallelism-atlas');
  for (const c of [
    'version',
    'validate',
    'batch',
    'allreduce',
    'nccl-tests',
    'presets',
    'plan',
    'search',
    'quiz',
    'practice',
  ])
    assert.ok(engine.version.commands.includes(c), c);
  assert.equal(engine.version.units.bandwidth, 'B/s');
});

test('validate: the seed entry passes in WASM exactly as natively', async () => {
  const engine = await loadEngine();
  const r = engine.run('validate', entry);
  assert.equal(isError(r), false);
  assert.equal(r.entry.check.answer, 2);
  const native = spawnSync(nativeCli, ['validate', '-'], { input: JSON.stringify(entry), encoding: 'utf8' });
  assert.equal(native.status, 0);
  assert.deepEqual(JSON.parse(native.stdout), r);
});

test('errors are data with code, message and JSON pointer — never a throw', async () => {
  const engine = await loadEngine();
  const bad = { ...entry, check: { ...entry.check, answer: 5 } };
  const r = engine.run('validate', bad);
  assert.equal(r.error.code, 'answer_out_of_range');
  assert.equal(r.error.path, '/check/answer');
  assert.equal(engine.run('nope', {}).error.code, 'unknown_command');
  assert.equal(engine.run('validate', undefined).error.code, 'invalid_request');
  const cyclic = {};
  cyclic.self = cyclic;
  assert.equal(engine.run('validate', cyclic).error.code, 'invalid_request');
  assert.equal(JSON.parse(engine.module.call('validate', '{"id":')).error.code, 'invalid_json');
  assert.equal(JSON.parse(engine.module.call('batch', '\u0000')).error.code, 'invalid_json');
});

test('anything the module throws comes back as engine_failure, and the module keeps answering', async () => {
  const engine = await loadEngine();
  // A real throw from the module: embind refuses a command that is not a string.
  const refused = engine.run(/** @type {any} */ (42), {});
  assert.equal(refused.error.code, 'engine_failure');
  assert.match(refused.error.message, /still usable/);
  assert.equal(engine.run('batch', { micro: 8, accumulation: 16, dp: 64 }).global, 8192);
  // What a trap or an exhausted stack throws (RuntimeError, RangeError), and a non-Error abort.
  const real = engine.module.call;
  for (const thrown of [
    new RangeError('Maximum call stack size exceeded'),
    new WebAssembly.RuntimeError('divide by zero'),
    'abort(1)',
  ]) {
    engine.module.call = () => {
      throw thrown;
    };
    const r = engine.run('batch', {});
    assert.equal(r.error.code, 'engine_failure');
    assert.deepEqual(r.errors, [r.error]);
    engine.module.call = real;
    assert.equal(engine.run('batch', { micro: 2, accumulation: 3, dp: 4 }).global, 24);
  }
  // The reproducers, through the page's own wrapper: coded errors, no throw.
  assert.equal(engine.run('batch', { global: 1, micro: 4294967296, dp: 4294967296 }).error.code, 'not_divisible');
  // (A 10,000-deep object is too deep for JSON.stringify itself: the engine gets the text.)
  const deep = `{"model":${'{"a":'.repeat(10000)}1${'}'.repeat(10000)},"hardware":{"preset":"a100-80gb"}}`;
  const nested = JSON.parse(engine.module.call('plan', deep));
  assert.equal(nested.error.code, 'too_deep');
  assert.equal(nested.error.path, `/model${'/a'.repeat(63)}`);
  assert.equal(JSON.parse(engine.module.call('validate', '1e999')).error.code, 'out_of_range');
  const search = engine.run('search', {
    model: { preset: 'llama-3.1-8b', layers: 7560, heads: 55440, kv_heads: 55440, hidden: 55440, ffn: 221760 },
    hardware: { preset: 'h100-sxm', gpus: 8648640 },
    batch: { global: 8648640 },
  });
  assert.equal(search.error.code, 'search_too_large');
  assert.equal(search.error.path, '/limits');
});

test('the CLI exits 0 on success, 2 on a request error (error JSON still printed), 1 on usage', () => {
  const cli = nativeCli;
  const ok = spawnSync(cli, ['batch', '-'], { input: '{"micro":8,"accumulation":16,"dp":64}', encoding: 'utf8' });
  assert.equal(ok.status, 0);
  assert.equal(JSON.parse(ok.stdout).global, 8192);
  const bad = spawnSync(cli, ['batch', '-'], { input: '{"global":1000,"micro":8,"dp":64}', encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.equal(JSON.parse(bad.stdout).error.code, 'not_divisible');
  assert.equal(spawnSync(cli, [], { encoding: 'utf8' }).status, 1);
  const file = spawnSync(cli, ['validate', join(root, 'content/parallelism.json')], { encoding: 'utf8' });
  assert.equal(file.status, 0);
});

test('the module runs with code generation from strings disallowed (CSP without unsafe-eval)', () => {
  const script = `require(${JSON.stringify(engineModule)})().then(m => { const r = JSON.parse(m.call('version','{}')); process.stdout.write(r.engine); })`;
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'parallelism-atlas');
});
