// The committed declarations (web/src/atlas-contract.d.ts) are the built engine's contract: this
// regenerates them from the WebAssembly engine's `schema` answer and fails on any difference, so a
// field added, renamed or re-bounded in C++ cannot leave the page's types behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';
import { contractDeclarations, typeOf } from '../../scripts/lib/schema-types.mjs';
import { loadEngine } from './engine-loader.mjs';

test('the committed contract declarations match the engine (run `npm run types` after changing the schema)', async () => {
  const engine = await loadEngine();
  const committed = readFileSync(join(root, 'web/src/atlas-contract.d.ts'), 'utf8');
  const fresh = contractDeclarations(engine.schema);
  if (committed !== fresh) {
    const a = committed.split('\n'), b = fresh.split('\n');
    const i = a.findIndex((line, k) => line !== b[k]);
    assert.fail(`web/src/atlas-contract.d.ts is stale from line ${i + 1}: committed ${JSON.stringify(a[i])}, engine ${JSON.stringify(b[i])}`);
  }
  for (const command of engine.version.commands) assert.match(fresh, new RegExp(`^  ${JSON.stringify(command).replace(/"/g, '"?')}: `, 'm'), `${command} has a request type`);
});

test('schema nodes map to the TypeScript a reader expects', () => {
  assert.equal(typeOf({ type: 'integer', minimum: 1 }), 'number');
  assert.equal(typeOf({ type: ['string', 'null'] }), 'string | null');
  assert.equal(typeOf({ type: 'string', enum: ['ring', 'tree'] }), '"ring" | "tree"');
  assert.equal(typeOf({ type: 'array', items: { type: 'boolean' } }), 'Array<boolean>');
  assert.equal(typeOf({}), 'unknown');
  assert.equal(typeOf({ type: 'object' }), 'Record<string, unknown>');
  const object = typeOf({ type: 'object', required: ['a'], properties: { a: { type: 'number', 'x-unit': 's' }, 'b-c': { type: 'string' } } });
  assert.match(object, /\/\*\* unit: s \*\/\n {2}a: number;/);
  assert.match(object, /"b-c"\?: string;/);
  const preset = typeOf({ type: 'object', properties: { preset: { type: 'string' }, layers: { type: 'integer' } }, anyOf: [{ required: ['preset'] }, { required: ['layers'] }] });
  assert.match(preset, /^\{\n {2}preset: string;\n {2}layers\?: number;\n\} \| \{\n {2}preset\?: string;\n {2}layers: number;\n\}$/);
  assert.throws(() => typeOf({ type: 'decimal' }), /unknown JSON Schema type decimal/);
});
