// The lab's engine contract through the page's own wrapper: allreduce and nccl-tests in WASM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { root } from '../../scripts/lib/paths.mjs';
import { labRequest, DEFAULTS, LIMITS, SWEEPS, parseBytes } from '../../web/src/modules/lab/state.js';
import { EXAMPLE_LOG } from '../../web/src/modules/lab/example-log.js';

const base = { ranks: 8, bytes: 1073741824, bandwidth: 1e11, latency: 5e-6 };

test('allreduce: the worked example is 18.860 ms with nccl-tests algbw/busbw', async () => {
  const engine = await loadEngine();
  const r = engine.run('allreduce', base);
  assert.equal(isError(r), false);
  assert.equal((r.time * 1e3).toFixed(3), '18.860');
  assert.equal(r.steps, 14);
  assert.ok(Math.abs(r.algbw - base.bytes / r.time) < 1e-3);
  assert.ok(Math.abs(r.busbw - r.algbw * 1.75) < 1e-3);
  assert.equal(r.crossover_bytes, 4e6);
  assert.equal(r.formula.steps, 14);
  assert.equal(r.formula.factor, 1.75);
});

test('allreduce: the page request returns point, curves, scaling and schedule in one call', async () => {
  const engine = await loadEngine();
  const request = labRequest({ ...DEFAULTS, compare: true }, { schedule: true });
  const r = engine.run('allreduce', request);
  assert.equal(isError(r), false);
  const points = request.sweep.bytes.points;
  assert.equal(r.curves.bytes.x.length, points);
  // Rank counts are whole numbers, so nearby grid points merge; every power of two stays.
  assert.ok(r.curves.ranks.x.length <= request.sweep.ranks.points);
  for (let p = 1; p <= 4096; p *= 2) assert.ok(r.curves.ranks.x.includes(p), String(p));
  // Whole decades of payload stay exact points of the curve (4 per decade from 1 B to 100 GB).
  for (const decade of [1e3, 1e6, 1e9])
    assert.ok(
      r.curves.bytes.x.some((x) => Math.abs(x / decade - 1) < 1e-12),
      String(decade),
    );
  assert.equal(r.step_time * r.steps, r.time);
  assert.equal(r.curves.bytes.x[0], 1);
  assert.equal(r.curves.bytes.x.at(-1), 1e11);
  assert.equal(r.curves.ranks.x[0], 1);
  assert.equal(r.curves.ranks.x.at(-1), 4096);
  assert.equal(r.curves.ranks.busbw[0], null);
  for (const k of ['reduce_scatter', 'all_gather', 'recursive_doubling', 'rabenseifner', 'binomial_tree'])
    assert.equal(r.curves.bytes.compare[k].length, points, k);
  // Only what the page reads: the drawn curve columns, no point-level comparison block.
  assert.equal(r.comparison, undefined);
  assert.deepEqual(Object.keys(r.curves.bytes).sort(), [
    'bandwidth_term',
    'compare',
    'key',
    'latency_term',
    'time',
    'x',
  ]);
  assert.deepEqual(Object.keys(r.curves.ranks).sort(), ['busbw', 'compare', 'key', 'speedup', 'time', 'x']);
  const off = engine.run('allreduce', labRequest(DEFAULTS, { schedule: false, curves: ['ranks'] }));
  assert.deepEqual(Object.keys(off.curves), ['ranks']);
  assert.deepEqual(Object.keys(off.curves.ranks).sort(), ['busbw', 'key', 'speedup', 'time', 'x']);
  // Handing back the keys it holds, the page gets only the curves whose inputs moved: a new
  // payload moves the rank curve (drawn at that payload), not the payload curve.
  const known = { bytes: r.curves.bytes.key, ranks: r.curves.ranks.key };
  const moved = engine.run(
    'allreduce',
    labRequest({ ...DEFAULTS, compare: true, bytes: DEFAULTS.bytes * 2 }, { schedule: false, known }),
  );
  assert.deepEqual(moved.curves.bytes, { key: known.bytes, unchanged: true });
  assert.notEqual(moved.curves.ranks.key, known.ranks);
  assert.equal(moved.curves.ranks.time.length, r.curves.ranks.time.length);
  // The columns match what a request without `columns` returns for them.
  const full = engine.run('allreduce', {
    ...request,
    compare: true,
    sweep: { bytes: SWEEPS.bytes, ranks: SWEEPS.ranks },
  });
  for (const c of ['bytes', 'ranks'])
    for (const k of Object.keys(r.curves[c]).filter((k) => k !== 'key'))
      assert.deepEqual(r.curves[c][k], full.curves[c][k], `${c}.${k}`);
  assert.match(full.comparison.note, /comparison only/);
  assert.equal(r.schedule.steps.length, 14);
  assert.ok(r.scaling.doubled.time_ratio > 0.5, 'doubling GPUs does not halve the step time');
  // Nothing non-finite anywhere: JSON has no NaN, so look for nulls where numbers belong.
  for (const [k, v] of Object.entries(r)) if (typeof v === 'number') assert.ok(Number.isFinite(v), k);
});

test('allreduce: bad input is an error at the field, never NaN', async () => {
  const engine = await loadEngine();
  const cases = [
    [{ ranks: 0 }, '/ranks', 'out_of_range'],
    [{ ranks: 1 }, '/ranks', 'out_of_range'],
    [{ ranks: -8 }, '/ranks', 'out_of_range'],
    [{ ranks: 2.5 }, '/ranks', 'not_integer'],
    [{ ranks: 1e9 }, '/ranks', 'out_of_range'],
    [{ bytes: 0 }, '/bytes', 'out_of_range'],
    [{ bytes: -5 }, '/bytes', 'out_of_range'],
    [{ bytes: NaN }, '/bytes', 'wrong_type'],
    [{ bandwidth: 0 }, '/bandwidth', 'out_of_range'],
    [{ latency: -1 }, '/latency', 'out_of_range'],
    [{ latency: '5' }, '/latency', 'wrong_type'],
    [{ bandwidth: Infinity }, '/bandwidth', 'wrong_type'],
    [
      { sweep: { bytes: { ...SWEEPS.bytes, columns: ['time', 'speedup'] } } },
      '/sweep/bytes/columns/1',
      'unknown_value',
    ],
  ];
  for (const [patch, path, code] of cases) {
    const r = engine.run('allreduce', { ...base, ...patch });
    assert.equal(isError(r), true, JSON.stringify(patch));
    assert.equal(r.error.path, path, JSON.stringify(patch));
    assert.equal(r.error.code, code, JSON.stringify(patch));
  }
});

test('nccl-tests: the fixtures and the page example parse and fit in WASM', async () => {
  const engine = await loadEngine();
  const log = readFileSync(join(root, 'tests/fixtures/nccl/allreduce_8gpu_current.log'), 'utf8');
  const r = engine.run('nccl-tests', { log });
  assert.equal(r.ranks, 8);
  assert.equal(r.rows.length, 31);
  assert.ok(r.fit.r2 > 0.99);
  assert.ok(Math.abs(r.fit.bandwidth / 4.6e11 - 1) < 0.05);
  const ex = engine.run('nccl-tests', { log: EXAMPLE_LOG });
  assert.equal(ex.ranks, 8);
  assert.ok(ex.fit && ex.fit.r2 > 0.98);
  assert.ok(Math.abs(ex.fit.bandwidth / 3.6e11 - 1) < 0.1);
});

test('nccl-tests: garbage never crashes and unreadable lines carry line numbers', async () => {
  const engine = await loadEngine();
  const r = engine.run('nccl-tests', { log: 'hello\n1024 x\n\u0000\u00ff junk' });
  assert.equal(isError(r), false);
  assert.deepEqual(
    r.unreadable.map((l) => l.line),
    [2],
  );
  assert.equal(r.fit, null);
  assert.equal(engine.run('nccl-tests', { log: 42 }).error.path, '/log');
  assert.equal(engine.run('nccl-tests', { log: '', ranks: 1 }).error.path, '/ranks');
});

test('page payload parser: units and separators', () => {
  assert.equal(parseBytes('1 GiB').value, 1073741824);
  assert.equal(parseBytes('256MB').value, 256e6);
  assert.equal(parseBytes('1_048_576').value, 1048576);
  assert.equal(parseBytes('4 KiB').value, 4096);
  assert.ok(parseBytes('0').error);
  assert.ok(parseBytes('1 parsec').error);
  assert.ok(parseBytes('200 GB').error);
  assert.ok(parseBytes('abc').error);
});

test('the lab states its limits once, within the engine bounds, and its markup agrees', async () => {
  const engine = await loadEngine();
  const request = engine.schema.commands.allreduce.request.properties;
  for (const name of ['ranks', 'bytes', 'bandwidth', 'latency']) {
    const bound = request[name];
    assert.ok(LIMITS[name].min >= (bound.minimum ?? bound.exclusiveMinimum), name);
    assert.ok(LIMITS[name].max <= bound.maximum, name);
  }
  const markup = readFileSync(join(root, 'web/src/modules/lab/markup.html'), 'utf8');
  const ranks = /id="lab-ranks-number"[^>]*min="(\d+)" max="(\d+)"/.exec(markup);
  assert.deepEqual([Number(ranks[1]), Number(ranks[2])], [LIMITS.ranks.min, LIMITS.ranks.max]);
  assert.match(markup, new RegExp(`${LIMITS.ranks.min} to ${LIMITS.ranks.max} GPUs`));
  assert.ok(
    Math.abs(Number(/id="lab-ranks-range"[^>]*max="([\d.]+)"/.exec(markup)[1]) - Math.log2(LIMITS.ranks.max)) < 1e-9,
  );
});
