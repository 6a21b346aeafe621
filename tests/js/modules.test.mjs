// The engine as two WASM modules through the page's own wrapper: each command goes to the module
// that answers it (the map `version` publishes), the planner's commands wait for its module as
// data (`engine_loading`), never as a throw, and `schema` joins what the loaded modules answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Engine, isError } from '../../web/src/engine.js';
import { engineModule, plannerModule } from '../../scripts/lib/paths.mjs';

const require = createRequire(import.meta.url);
const PLAN = { model: { preset: 'llama-3.1-8b' }, hardware: { preset: 'h100-sxm', gpus: 8 } };

test('each module answers only its own commands, and says which module it is', async () => {
  const core = await require(engineModule)();
  const planner = await require(plannerModule)();
  const coreVersion = JSON.parse(core.call('version', '{}'));
  const plannerVersion = JSON.parse(planner.call('version', '{}'));
  assert.equal(coreVersion.module, 'core');
  assert.equal(plannerVersion.module, 'planner');
  assert.deepEqual(coreVersion.modules, plannerVersion.modules, 'both publish the same map');
  assert.deepEqual(coreVersion.commands, coreVersion.modules.core);
  assert.equal(JSON.parse(core.call('plan', JSON.stringify(PLAN))).error.code, 'unknown_command');
  assert.equal(JSON.parse(planner.call('validate', '{}')).error.code, 'unknown_command');
  assert.deepEqual(
    Object.keys(JSON.parse(core.call('schema', '{}')).commands).sort(),
    [...coreVersion.modules.core].sort(),
  );
  assert.deepEqual(
    Object.keys(JSON.parse(planner.call('schema', '{}')).commands).sort(),
    [...plannerVersion.modules.planner].sort(),
  );
});

test('the wrapper routes by the map: planner commands answer engine_loading until its module is loaded', async () => {
  let loads = 0;
  const engine = new Engine(await require(engineModule)(), {
    planner: () => {
      loads += 1;
      return require(plannerModule)();
    },
  });
  for (const c of ['plan', 'search', 'presets', 'validate', 'allreduce', 'quiz'])
    assert.ok(engine.version.commands.includes(c), c);
  const early = engine.run('plan', PLAN);
  assert.equal(early.error.code, 'engine_loading');
  assert.equal(
    engine.run('schema', { command: 'import' }).error.code,
    'engine_loading',
    "schema of a planner command is the planner's",
  );
  assert.equal(engine.run('batch', { micro: 8, accumulation: 16, dp: 64 }).global, 8192, 'the core answers meanwhile');
  await Promise.all([engine.load('planner'), engine.load('plan')]);
  assert.equal(loads, 1, 'loaded once');
  assert.equal(isError(engine.run('plan', PLAN)), false);
  assert.ok(engine.run('schema', { command: 'import' }).commands.import);
  const all = engine.run('schema', {});
  for (const c of engine.version.commands) assert.ok(all.commands[c], `schema of ${c}`);
  assert.equal(engine.run('nope', {}).error.code, 'unknown_command');
});

test('a module that cannot load is reported to whoever waits for it, and a later call tries again', async () => {
  let attempts = 0;
  const engine = new Engine(await require(engineModule)(), {
    planner: () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : require(plannerModule)();
    },
  });
  await assert.rejects(engine.load('planner'), /offline/);
  assert.equal(engine.run('presets', {}).error.code, 'engine_loading');
  await engine.load('planner');
  assert.equal(attempts, 2);
  assert.ok(Array.isArray(engine.run('presets', {}).models));
});
