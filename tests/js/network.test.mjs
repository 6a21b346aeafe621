// The network lab's engine contract through the page's own wrapper, in WASM: the lab's requests
// are answered (and match the engine's schema), the WASM planner module prices a call as the
// native CLI does, the page's bounds sit inside the engine's, and `dp-network` answers for the
// explorer's opening split.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine } from './engine-loader.mjs';
import { isError } from '../../web/src/engine.js';
import { root } from '../../scripts/lib/paths.mjs';
import { askEngine } from '../../scripts/lib/native-cli.mjs';
import {
  COLLECTIVES,
  DEFAULTS,
  NUMBERS,
  collectiveRequest,
  mergeState,
  parseMessage,
  parseNumber,
  paramForPath,
} from '../../web/src/modules/network/state.js';
import { openingState, planRequest } from '../../web/src/modules/planner/requests.js';
import { DEFAULTS_V1 } from '../../web/src/modules/planner/state.js';

test('collective: every collective of the lab is answered, with nccl-tests’ bus factor, as the CLI answers it', async () => {
  const engine = await loadEngine();
  for (const collective of COLLECTIVES) {
    const state = { ...DEFAULTS, collective, ...(collective === 'send-recv' ? { group: 2, per_domain: 1 } : {}) };
    const request = collectiveRequest(state);
    const r = engine.run('collective', request);
    assert.equal(isError(r), false, `${collective}: ${JSON.stringify(r.error)}`);
    const n = r.ranks;
    const factor =
      collective === 'all-reduce'
        ? (2 * (n - 1)) / n
        : collective === 'broadcast' || collective === 'send-recv'
          ? 1
          : (n - 1) / n;
    assert.ok(Math.abs(r.bus_factor - factor) < 1e-12, collective);
    assert.ok(Math.abs(r.busbw - (r.bytes * factor) / r.time) <= 1e-9 * r.busbw, collective);
    assert.equal(r.curve.bytes.length, request.sweep.points);
    const native = askEngine('collective', request);
    assert.equal(r.time, native.time, `${collective}: WASM and native agree`);
    assert.equal(r.nccl_choice, native.nccl_choice);
  }
});

test('collective: the page’s bounds lie within the engine’s, and every error path has its control', async () => {
  const engine = await loadEngine();
  const request = engine.schema.commands.collective.request.properties;
  const topology = request.topology.properties;
  const bounds = {
    message: request.bytes,
    group: request.ranks,
    per_domain: request.ranks_per_domain,
    domain: topology.nvlink_domain,
    per_host: topology.gpus_per_host,
    nics: topology.nics_per_host,
    nic: topology.nic_bandwidth,
    oversubscription: topology.oversubscription,
    leaf_ports: topology.leaf_ports,
  };
  for (const [name, bound] of Object.entries(bounds)) {
    assert.ok(NUMBERS[name].min >= (bound.minimum ?? bound.exclusiveMinimum), name);
    assert.ok(NUMBERS[name].max <= bound.maximum, name);
  }
  const markup = readFileSync(join(root, 'web/src/modules/network/markup.html'), 'utf8');
  const group = /id="net-group"[^>]*min="(\d+)" max="(\d+)"/.exec(markup);
  assert.deepEqual([Number(group[1]), Number(group[2])], [NUMBERS.group.min, NUMBERS.group.max]);
  for (const [path, name] of [
    ['/topology/gpus_per_host', 'per_host'],
    ['/topology/oversubscription', 'oversubscription'],
    ['/bytes', 'message'],
    ['/algorithm', 'algorithm'],
  ])
    assert.equal(paramForPath(path), name);
  const bad = engine.run('collective', {
    ...collectiveRequest(DEFAULTS),
    topology: { preset: 'h100-sxm', nvlink_domain: 8, gpus_per_host: 3 },
  });
  assert.equal(bad.error.code, 'hosts_not_divisible');
  assert.equal(paramForPath(bad.error.path), 'per_host');
});

test('the lab reads typed values in their units and refuses what the engine would', () => {
  assert.equal(parseMessage('1 GiB').value, 1073741824);
  assert.equal(parseMessage('256MB').value, 256e6);
  assert.ok(parseMessage('0').error);
  assert.ok(parseMessage('2 parsec').error);
  assert.equal(parseNumber('nic', '400').value, 50e9); // 400 Gb/s
  assert.ok(parseNumber('oversubscription', '0.5').error);
  assert.ok(parseNumber('group', '2.5').error);
  const { state, rejected } = mergeState(DEFAULTS, { collective: 'broadcast', fabric: 'star', group: '16' });
  assert.equal(state.collective, 'broadcast');
  assert.equal(state.group, 16);
  assert.deepEqual(rejected, ['fabric']);
});

test('dp-network: GPT-3 175B on 1,024 A100s, as the lab sends it; the one-node opening needs no network', async () => {
  const engine = await loadEngine();
  const presets = engine.run('presets', {});
  const thousand = planRequest(openingState(presets, DEFAULTS_V1));
  const r = engine.run('dp-network', thousand);
  assert.equal(isError(r), false, JSON.stringify(r.error));
  const plan = engine.run('plan', thousand);
  assert.equal(r.current.exposed, plan.time.communication.DP);
  assert.equal(r.needed.found, true);
  assert.ok(r.needed.inter_bandwidth > r.current.inter_bandwidth, 'that split needs more than its 25 GB/s');
  assert.ok(
    r.curve.exposed.every((x, i, a) => i === 0 || x <= a[i - 1] * (1 + 1e-9)),
    'exposure falls as bandwidth grows',
  );
  // Eight GPUs in one node: the data-parallel exchange never leaves NVLink, so no network speed moves it.
  const node = engine.run('dp-network', planRequest(openingState(presets)));
  assert.equal(isError(node), false, JSON.stringify(node.error));
  assert.ok(
    node.curve.exposed.every((x) => x === node.curve.exposed[0]),
    'flat in the network bandwidth',
  );
});
