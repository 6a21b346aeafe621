// The committed declarations (web/src/atlas-contract.d.ts) are the built engine's contract: this
// regenerates them from the WebAssembly engine's `schema` answer and fails on any difference, so a
// field added, renamed or re-bounded in C++ cannot leave the page's types behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';
import { contractBounds, contractDeclarations, typeOf } from '../../scripts/lib/schema-types.mjs';
import { DEFAULTS, FIELDS, coerce, rangeText } from '../../web/src/modules/planner/state.js';
import {
  hardwareFromPreset,
  openingState,
  planRequest,
  shapeFromPreset,
} from '../../web/src/modules/planner/requests.js';
import { isError } from '../../web/src/engine.js';
import { loadEngine } from './engine-loader.mjs';
import { LIMITS as LAB_LIMITS } from '../../web/src/modules/lab/state.js';

test('the committed contract declarations match the engine (run `npm run types` after changing the schema)', async () => {
  const engine = await loadEngine();
  const committed = readFileSync(join(root, 'web/src/atlas-contract.d.ts'), 'utf8');
  const fresh = contractDeclarations(engine.schema);
  if (committed !== fresh) {
    const a = committed.split('\n'),
      b = fresh.split('\n');
    const i = a.findIndex((line, k) => line !== b[k]);
    assert.fail(
      `web/src/atlas-contract.d.ts is stale from line ${i + 1}: committed ${JSON.stringify(a[i])}, engine ${JSON.stringify(b[i])}`,
    );
  }
  assert.equal(
    readFileSync(join(root, 'web/src/contract-bounds.js'), 'utf8'),
    contractBounds(engine.schema),
    'web/src/contract-bounds.js is stale: run `npm run types`',
  );
  for (const command of engine.version.commands)
    assert.match(
      fresh,
      new RegExp(`^  ${JSON.stringify(command).replace(/"/g, '"?')}: `, 'm'),
      `${command} has a request type`,
    );
});

test('schema nodes map to the TypeScript a reader expects', () => {
  assert.equal(typeOf({ type: 'integer', minimum: 1 }), 'number');
  assert.equal(typeOf({ type: ['string', 'null'] }), 'string | null');
  assert.equal(typeOf({ type: 'string', enum: ['ring', 'tree'] }), '"ring" | "tree"');
  assert.equal(typeOf({ type: 'array', items: { type: 'boolean' } }), 'Array<boolean>');
  assert.equal(typeOf({}), 'unknown');
  assert.equal(typeOf({ type: 'object' }), 'Record<string, unknown>');
  const object = typeOf({
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'number', 'x-unit': 's' }, 'b-c': { type: 'string' } },
  });
  assert.match(object, /\/\*\* unit: s \*\/\n {2}a: number;/);
  assert.match(object, /"b-c"\?: string;/);
  const preset = typeOf({
    type: 'object',
    properties: { preset: { type: 'string' }, layers: { type: 'integer' } },
    anyOf: [{ required: ['preset'] }, { required: ['layers'] }],
  });
  assert.match(
    preset,
    /^\{\n {2}preset: string;\n {2}layers\?: number;\n\} \| \{\n {2}preset\?: string;\n {2}layers: number;\n\}$/,
  );
  assert.throws(() => typeOf({ type: 'decimal' }), /unknown JSON Schema type decimal/);
});

test("the explorer's controls take their ranges and choices from the engine", async () => {
  const engine = await loadEngine();
  const plan = engine.schema.commands.plan.request;
  const at = (path) =>
    path
      .split('/')
      .slice(1)
      .reduce((node, key) => node.properties[key], plan);
  let checked = 0;
  for (const [name, f] of Object.entries(FIELDS)) {
    if (!f.path || name === 'flash' || f.path.endsWith('/preset')) continue;
    const s = at(f.path);
    // The page's "auto" leaves the framework's own, its "same" the experts' format as the other
    // weights'; the rest are the engine's choices.
    if (name === 'reduce' || name === 'loss' || name === 'expert_weights') {
      assert.deepEqual(
        f.options.filter((o) => o !== 'auto' && o !== 'same'),
        s.enum,
        name,
      );
      checked++;
      continue;
    }
    const scale = f.scale ?? 1;
    if (s.enum) assert.deepEqual(f.options, s.enum, name);
    if (s.maximum !== undefined) {
      assert.equal(f.max * scale, s.maximum, name);
      // The largest value the engine takes is taken, one step past it is refused with the range.
      assert.notEqual(coerce(name, f.max), undefined, name);
      assert.equal(coerce(name, f.max * 1.5 + 1), undefined, name);
    }
    if (s.minimum !== undefined) assert.equal(coerce(name, f.min), f.min, name);
    if (s.exclusiveMinimum !== undefined) assert.equal(coerce(name, f.min), undefined, name);
    checked++;
  }
  assert.ok(checked >= 40, `${checked} controls checked`);
  assert.equal(rangeText('zero'), 'Enter a whole number from 0 to 3.');
  assert.equal(rangeText('tp'), 'Enter a whole number from 1 to 1,000,000.');
  assert.match(rangeText('memory_gib'), /^Must be at least 0\.000931 GiB and at most [\d,]+ GiB\.$/);
});

test("the explorer opens on the engine's own presets, with no copy of their numbers", async () => {
  const engine = await loadEngine();
  await engine.load?.('planner');
  const presets = engine.run('presets', {});
  const opening = openingState(presets);
  const model = presets.models.find((m) => m.id === DEFAULTS.model);
  const hardware = presets.hardware.find((h) => h.id === DEFAULTS.hardware);
  for (const [k, v] of Object.entries({ ...shapeFromPreset(model.model), ...hardwareFromPreset(hardware.hardware) })) {
    assert.equal(opening[k], v, `the opening ${k} is the preset's`);
    assert.equal(k in DEFAULTS, false, `${k} is not written in the page's defaults`);
  }
  // A plan of the opening state is valid: the defaults and the presets belong together.
  assert.equal(isError(engine.run('plan', planRequest(opening))), false);
});

test("every lab preset is a request the engine accepts within the lab's own limits, with its basis stated", async () => {
  const engine = await loadEngine();
  await engine.load?.('planner');
  const ring = engine.run('presets', {}).ring;
  assert.ok(ring.length >= 4, 'the lab has its starting points');
  for (const p of ring) {
    for (const [k, v] of Object.entries(p.ring))
      assert.ok(v >= LAB_LIMITS[k].min && v <= LAB_LIMITS[k].max, `${p.id}: ${k} = ${v} is within the lab's controls`);
    const r = engine.run('allreduce', { ...p.ring, bytes: 1 << 20 });
    assert.equal(r.error, undefined, `${p.id}: ${r.error?.message}`);
    assert.ok(p.basis.length > 40, `${p.id} states its basis`);
    for (const s of p.sources) assert.match(s.url, /^https:\/\//, `${p.id} cites a source`);
  }
});
