// The rank order and the placement answer through the WASM planner module, as the device map asks
// for them (every answer is also checked against the engine's schema by the loader), and the
// explorer's state and request for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { DEFAULTS, RANK_ORDERS, coerce, mergeState } from '../../web/src/modules/planner/state.js';
import { parallelRequest } from '../../web/src/modules/planner/requests.js';
import { rankList } from '../../web/src/modules/planner/device-map.js';

const H100_64 = (parallel) => ({
  model: { preset: 'gpt3-175b' },
  hardware: { preset: 'h100-sxm', gpus: 64 },
  parallel: { tp: 8, pp: 2, ...parallel },
  batch: { global: 64 },
  placement: true,
});

test('the WASM engine places 64 H100 at tp 8 as the native one does: TP on NVLink, DP and PP on the network', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', H100_64({}));
  assert.ok(!isError(r));
  const pl = r.placement;
  assert.equal(pl.order, 'tp-cp-ep-dp-pp');
  assert.equal(pl.kinds.TP.link, 'nvlink');
  assert.equal(pl.kinds.DP.link, 'network');
  assert.equal(pl.kinds.PP.link, 'network');
  assert.deepEqual(pl.groups.TP[3].ranks, [24, 25, 26, 27, 28, 29, 30, 31]);
  // Without placement the answer has none, and its numbers are the same.
  const plain = engine.run('plan', { ...H100_64({}), placement: false });
  assert.equal(plain.placement, undefined);
  assert.equal(plain.time.step, r.time.step);
  // Data-parallel innermost: TP leaves the host, the step grows, the warning names the order.
  const inner = engine.run('plan', H100_64({ order: 'dp-tp-cp-ep-pp' }));
  assert.equal(inner.placement.kinds.TP.link, 'network');
  assert.ok(inner.time.step > r.time.step);
  assert.ok(inner.warnings.some((w) => w.code === 'tp_across_nodes' && w.path === '/parallel/order'));
});

test('past the listing limit the answer is summarised by link with counts, and stays small', async () => {
  const engine = await loadEngine();
  const r = engine.run('plan', {
    ...H100_64({ tp: 16, pp: 4 }),
    hardware: { preset: 'h100-sxm', gpus: 16384 },
    batch: { global: 1024 },
  });
  assert.ok(!isError(r));
  const pl = r.placement;
  assert.equal(pl.listed, false);
  assert.equal(pl.ranks, undefined);
  assert.equal(pl.kinds.TP.count, 1024);
  assert.deepEqual(pl.kinds.TP.by_link, [{ link: 'network', count: 1024 }]);
  assert.equal(pl.kinds.DP.focus.hosts_total, 256);
  assert.ok(JSON.stringify(pl).length < 64 * 1024, 'a summary, not a listing');
});

test('bad orders are coded errors at /parallel/order; a focus GPU outside the cluster at /placement_rank', async () => {
  const engine = await loadEngine();
  for (const [order, code] of [
    ['tp-cp-dp-pp', 'order_missing_dimension'],
    ['tp-cp-ep-dp-pp-dp', 'order_repeated_dimension'],
    ['tp-cp-ep-dp-p', 'order_unknown_dimension'],
  ]) {
    const r = engine.run('plan', H100_64({ order }));
    assert.ok(isError(r), order);
    assert.equal(r.error.code, code);
    assert.equal(r.error.path, '/parallel/order');
  }
  const far = engine.run('plan', { ...H100_64({}), placement_rank: 64 });
  assert.equal(far.error.path, '/placement_rank');
});

test('the explorer keeps any of the 120 orders in a link, sends one only when it is not the default', () => {
  assert.equal(RANK_ORDERS.length, 120);
  assert.equal(new Set(RANK_ORDERS).size, 120);
  assert.equal(coerce('order', 'pp-dp-ep-cp-tp'), 'pp-dp-ep-cp-tp');
  assert.equal(coerce('order', 'tp-cp-dp-pp'), undefined);
  assert.equal(coerce('map_kind', 'EP'), 'EP');
  assert.equal(coerce('map_kind', 'XX'), undefined);
  assert.equal(coerce('map_rank', '-1'), undefined);
  const base = /** @type {any} */ ({ ...DEFAULTS, dp_auto: true });
  assert.equal(parallelRequest(base).order, undefined);
  const { state } = mergeState(base, { order: 'tp-cp-ep-pp-dp' });
  assert.equal(parallelRequest(state).order, 'tp-cp-ep-pp-dp');
});

test('ranks read as runs, or as a stride when they are evenly spaced', () => {
  assert.equal(rankList([8, 9, 10, 11, 12, 13, 14, 15]), '8–15');
  assert.equal(rankList([29, 1, 5, 9, 13, 17, 21, 25]), '1, 5, …, 29 (4 apart, 8 in all)');
  assert.equal(rankList([0, 1, 4, 5]), '0–1, 4–5');
  assert.equal(rankList([3]), '3');
});
