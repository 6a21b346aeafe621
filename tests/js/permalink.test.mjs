// Links across schema versions: an older link is read against the defaults it was written with,
// which only the view knows (its upgradeLink); a current link passes through untouched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEMA_VERSION, applyLink, parseStateHash } from '../../web/src/permalink.js';

/** A view that records what it was given; its upgrade fills the one default that changed. */
function recordingView() {
  /** @type {{version: number, state: Record<string, unknown>}[]} */
  const upgrades = [];
  /** @type {Record<string, unknown>[]} */
  const applied = [];
  const view = {
    id: 'planner',
    defaults: { gpus: 8 },
    getState: () => ({ gpus: 8 }),
    setState: (/** @type {Record<string, unknown>} */ s) => {
      applied.push(s);
      return [];
    },
    upgradeLink: (/** @type {number} */ version, /** @type {Record<string, unknown>} */ state) => {
      upgrades.push({ version, state });
      return { gpus: 1024, ...state };
    },
  };
  const views = { get: (/** @type {string} */ id) => (id === 'planner' ? view : undefined) };
  return { views: /** @type {any} */ (views), upgrades, applied };
}

test('a version-1 link gets the view’s old defaults under its own values', () => {
  const { views, upgrades, applied } = recordingView();
  const notes = applyLink(views, parseStateHash('#v=1&planner.tp=4'));
  assert.deepEqual(notes, []);
  assert.deepEqual(upgrades, [{ version: 1, state: { tp: '4' } }]);
  assert.deepEqual(applied, [{ gpus: 1024, tp: '4' }]);
  // The link's own value wins over an old default.
  const second = recordingView();
  applyLink(second.views, parseStateHash('#v=1&planner.gpus=64'));
  assert.deepEqual(second.applied, [{ gpus: '64' }]);
});

test('a link of the current version is applied as written', () => {
  const { views, upgrades, applied } = recordingView();
  applyLink(views, parseStateHash(`#v=${SCHEMA_VERSION}&planner.tp=4`));
  assert.deepEqual(upgrades, []);
  assert.deepEqual(applied, [{ tp: '4' }]);
});

test('a link without a version (the first format) is upgraded too', () => {
  const { views, upgrades } = recordingView();
  applyLink(views, parseStateHash('#planner.tp=2'));
  assert.equal(upgrades.length, 1);
  assert.equal(upgrades[0].version, 0);
});
