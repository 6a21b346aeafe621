// The engine as three WASM modules through the page's own wrapper: each command goes to the
// module that answers it (the map `version` publishes), and a later module's commands wait for
// it as data (`engine_loading`), never as a throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Engine, isError } from '../../web/src/engine.js';
import { engineModule, plannerModule, quizModule } from '../../scripts/lib/paths.mjs';
import { askEngine } from '../../scripts/lib/native-cli.mjs';

const require = createRequire(import.meta.url);
const PLAN = { model: { preset: 'llama-3.1-8b' }, hardware: { preset: 'h100-sxm', gpus: 8 } };

test('each module answers only its own commands, and says which module it is', async () => {
  const modules = {
    core: await require(engineModule)(),
    quiz: await require(quizModule)(),
    planner: await require(plannerModule)(),
  };
  const versions = Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, JSON.parse(m.call('version', '{}'))]),
  );
  for (const [name, version] of Object.entries(versions)) {
    assert.equal(version.module, name);
    assert.deepEqual(version.modules, versions.core.modules, `${name} publishes the same map`);
    assert.deepEqual(version.commands, version.modules[name]);
  }
  assert.equal(JSON.parse(modules.core.call('plan', JSON.stringify(PLAN))).error.code, 'unknown_command');
  assert.equal(JSON.parse(modules.core.call('quiz', '{}')).error.code, 'unknown_command');
  assert.equal(JSON.parse(modules.quiz.call('allreduce', '{}')).error.code, 'unknown_command');
  assert.equal(JSON.parse(modules.planner.call('validate', '{}')).error.code, 'unknown_command');
  // The schema is the planner's (its import panel reads it), about its own commands.
  assert.equal(JSON.parse(modules.core.call('schema', '{}')).error.code, 'unknown_command');
  const plannerSchema = JSON.parse(modules.planner.call('schema', '{}')).commands;
  assert.deepEqual(Object.keys(plannerSchema).sort(), [...versions.planner.modules.planner].sort());
  // The same library: the CLI's schema (the page's types, the contract tests) says the same.
  const cli = askEngine('schema', {}).commands;
  for (const [command, schema] of Object.entries(plannerSchema)) assert.deepEqual(schema, cli[command], command);
});

test('the wrapper routes by the map: planner commands answer engine_loading until its module is loaded', async () => {
  let loads = 0;
  let quizLoads = 0;
  const engine = new Engine(await require(engineModule)(), {
    quiz: () => {
      quizLoads += 1;
      return require(quizModule)();
    },
    planner: () => {
      loads += 1;
      return require(plannerModule)();
    },
  });
  for (const c of ['plan', 'search', 'presets', 'validate', 'allreduce', 'quiz', 'practice', 'schema'])
    assert.ok(engine.version.commands.includes(c), c);
  assert.equal(engine.run('plan', PLAN).error.code, 'engine_loading');
  assert.equal(engine.run('practice', { seed: 1, index: 0 }).error.code, 'engine_loading');
  assert.equal(engine.run('schema', { command: 'import' }).error.code, 'engine_loading', "the schema is the planner's");
  assert.equal(engine.run('batch', { micro: 8, accumulation: 16, dp: 64 }).global, 8192, 'the core answers meanwhile');
  await Promise.all([engine.load('planner'), engine.load('plan'), engine.load('quiz'), engine.load('practice')]);
  assert.equal(loads, 1, 'loaded once');
  assert.equal(quizLoads, 1, 'loaded once');
  assert.equal(isError(engine.run('plan', PLAN)), false);
  assert.equal(isError(engine.run('practice', { seed: 1, index: 0 })), false);
  assert.ok(engine.run('schema', { command: 'import' }).commands.import);
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
