// The module mapping (content/atlas.json) and the module registry, without a browser: every
// mistake an author can make gets a code and the JSON pointer of the field, and the registry the
// page uses is the one the build reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkMapping, loadModules } from '../../scripts/lib/atlas.mjs';
import { root } from '../../scripts/lib/paths.mjs';

const entryIds = ['parallelism', 'nccl'];
const moduleNames = ['lab', 'planner', 'quiz'];
const check = (data, options = {}) => checkMapping(data, { entryIds, moduleNames, ...options });
const codes = (list) => list.map((p) => `${p.path} ${p.code}`);

test('the repository mapping names the seed entry as home with its four modules', async () => {
  const modules = await loadModules();
  const data = JSON.parse(readFileSync(join(root, 'content/atlas.json'), 'utf8'));
  const r = checkMapping(data, { entryIds: ['parallelism'], moduleNames: modules.map((m) => m.name) });
  assert.deepEqual(r.errors, []);
  assert.equal(r.home, 'parallelism');
  assert.deepEqual(r.modules.get('parallelism'), ['lab', 'planner', 'network', 'quiz']);
});

test('a good mapping: entries it leaves out get no modules', () => {
  const r = check({ home: 'nccl', modules: { nccl: ['quiz'] } });
  assert.deepEqual(r.errors, []);
  assert.equal(r.home, 'nccl');
  assert.equal(r.modules.get('parallelism'), undefined);
});

test('every broken field is named by its pointer and code', () => {
  assert.deepEqual(codes(check([]).errors), [' not_object']);
  assert.deepEqual(codes(check({ modules: {} }).errors), ['/home missing_field']);
  assert.deepEqual(codes(check({ home: 3 }).errors), ['/home wrong_type']);
  assert.deepEqual(codes(check({ home: 'rack' }).errors), ['/home unknown_entry']);
  assert.deepEqual(codes(check({ home: 'nccl', modules: ['quiz'] }).errors), ['/modules wrong_type']);
  assert.deepEqual(codes(check({ home: 'nccl', modules: { nccl: 'quiz' } }).errors), ['/modules/nccl wrong_type']);
  const r = check({ home: 'nccl', modules: { nccl: ['quiz', 'labb', 7, 'quiz'] } });
  assert.deepEqual(codes(r.errors), [
    '/modules/nccl/1 unknown_module',
    '/modules/nccl/2 wrong_type',
    '/modules/nccl/3 duplicate',
  ]);
  assert.match(r.errors[0].message, /“labb” is not a module \(modules: lab, planner, quiz\)/);
  assert.deepEqual(r.modules.get('nccl'), ['quiz'], 'the good names are kept');
});

test('unknown fields and entries not in this build are warnings, as in the engine', () => {
  const r = check({ home: 'nccl', modules: { rack: ['lab'] }, homepage: 'x' });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(codes(r.warnings).sort(), ['/homepage unknown_field', '/modules/rack unknown_entry']);
  // One entry built alone (ATLAS_ENTRY) is home whatever the mapping says, and others are not its concern.
  const alone = checkMapping(
    { home: 'parallelism', modules: { parallelism: ['lab'] } },
    { entryIds: ['nccl'], moduleNames, alone: true },
  );
  assert.deepEqual([alone.errors, alone.warnings, alone.home], [[], [], 'nccl']);
});

test('names give entries outside this build plain words; every broken name is pointed at', () => {
  const r = check({
    home: 'nccl',
    names: { rack: ' Rack ', 'Bad Id': 'x', mac: 3, scheduler: '  ', checkpoint: 'x'.repeat(301), nccl: 'NCCL' },
  });
  assert.deepEqual([...r.names], [['rack', 'Rack']], 'trimmed, and only the good ones');
  assert.deepEqual(codes(r.errors), [
    '/names/Bad Id bad_id',
    '/names/mac wrong_type',
    '/names/scheduler empty',
    '/names/checkpoint too_long',
  ]);
  assert.deepEqual(codes(r.warnings), ['/names/nccl unused_name'], 'a built entry keeps its own name');
  assert.deepEqual(codes(check({ home: 'nccl', names: ['rack'] }).errors), ['/names wrong_type']);
});

test('the repository mapping names every connection of the seed entry that this build does not carry', async () => {
  const data = JSON.parse(readFileSync(join(root, 'content/atlas.json'), 'utf8'));
  const seed = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));
  const registered = (await loadModules()).map((m) => m.name);
  const { names, errors } = checkMapping(data, { entryIds: ['parallelism'], moduleNames: registered });
  assert.deepEqual(errors, []);
  for (const id of [...seed.related, ...seed.prerequisites]) assert.ok(names.has(id), `${id} has a name`);
});

test('the registry: names, sections and old link keys are unique; "Show me" is offered by the explorer', async () => {
  const modules = await loadModules();
  assert.deepEqual(
    modules.map((m) => m.name),
    ['lab', 'planner', 'network', 'quiz'],
  );
  assert.equal(new Set(modules.map((m) => m.sectionId)).size, modules.length);
  assert.deepEqual(
    modules.filter((m) => m.offers?.showMe).map((m) => m.name),
    ['planner'],
  );
  const { defineModule } = await import('../../web/src/modules/define.js');
  assert.throws(() => defineModule({ name: 'Lab', label: 'x', into: 'check' }), /module “Lab”: name/);
  assert.throws(() => defineModule({ name: 'app', label: 'x', into: 'check' }), /“app” is taken by the page/);
  assert.throws(() => defineModule({ name: 'x', label: 'x', into: 'history' }), /into must be one of check/);
  assert.throws(() => defineModule({ name: 'x', label: 'x' }), /section or into/);
});
