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
  for (const c of ['version', 'validate', 'batch', 'allreduce', 'nccl-tests', 'presets', 'plan', 'search', 'quiz', 'practice'])
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
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], { encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'parallelism-atlas');
});
