// The network lab as a person uses it in headless Chromium: the call's figures are the engine's,
// the algorithm table and the charts follow the collective, a GPU choice fills the cluster, bad
// input is caught at its field, the fabric slows what leaves a leaf, the permalink restores the
// lab, and the data-parallel question follows the split explorer.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage as open, closeBrowser } from './harness.mjs';

after(closeBrowser);

async function openPage(options) {
  const p = await open(options);
  await p.page.locator('#net-app[data-answer]').waitFor({ state: 'attached' });
  return p;
}

const tile = (page, label) =>
  page.locator('#net-readouts .net-readout', { has: page.locator('dt', { hasText: label }) }).locator('.net-value');

/** The engine's own answer to what the page asks, from inside the page. */
const engine = (page, command, request) => page.evaluate(([c, r]) => window.atlas.engine.run(c, r), [command, request]);

async function noBadNumbers(page) {
  assert.doesNotMatch(await page.locator('#network').textContent(), /NaN|Infinity|undefined|null/);
}

async function setField(page, id, value) {
  await page.locator(id).fill(value);
  await page.locator(id).dispatchEvent('change');
}

test('defaults: 1 GiB all-reduce on 64 H100s, the engine’s figures, three algorithms and charts', async () => {
  const p = await openPage({ path: '#network' });
  const { page } = p;
  const r = await engine(page, 'collective', {
    collective: 'all-reduce',
    bytes: 1073741824,
    ranks: 64,
    ranks_per_domain: 8,
    topology: { preset: 'h100-sxm', nvlink_domain: 8, gpus_per_host: 8, nics_per_host: 8, nic_bandwidth: 50e9 },
  });
  const ms = (r.time * 1e3).toFixed(3);
  assert.match(await tile(page, 'Time').textContent(), new RegExp(`^${ms.slice(0, 4)}`));
  assert.equal(await page.locator('#net-algorithms tbody tr').count(), 3);
  assert.match(await page.locator('#net-algorithms tbody').textContent(), /Ring.*Tree.*Hierarchical/s);
  assert.match(await page.locator('#net-formulas').textContent(), /bus bandwidth = bytes × bus factor ÷ time/);
  // Bus bandwidth as nccl-tests defines it: bytes × 2(n − 1)/n ÷ time.
  assert.match(await page.locator('#net-readouts').textContent(), /bytes × 1\.969 ÷ time/);
  await page.locator('#net-chart-time-fig').scrollIntoViewIfNeeded();
  await page.locator('#net-app[data-charts="ready"]').waitFor({ state: 'attached' });
  assert.equal(await page.locator('#net-chart-time canvas').count(), 1);
  assert.equal(await page.locator('#net-chart-busbw canvas').count(), 1);
  assert.match(await page.locator('#net-chart-time-text').textContent(), /Ring: .* Tree: .*NCCL (switches|picks)/);
  for (const label of ['Collective', 'Algorithm', 'Message size', 'GPUs per NVLink domain', 'Bandwidth of one NIC'])
    assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, label);
  await noBadNumbers(page);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('all-gather has only the ring; a tree is refused at the algorithm, NVLS is named as not modelled', async () => {
  const p = await openPage({ path: '#network' });
  const { page } = p;
  await page.locator('#net-collective').selectOption('all-gather');
  await page.waitForFunction(() => document.querySelector('#net-app').dataset.answer === 'all-gather');
  assert.equal(await page.locator('#net-algorithms tbody tr').count(), 1);
  // (n − 1)/n for all-gather, as nccl-tests.
  assert.match(await page.locator('#net-readouts').textContent(), /bytes × 0\.9844 ÷ time/);
  await page.locator('#net-algorithm').selectOption('tree');
  await page.locator('#net-algorithm-error', { hasText: 'no tree' }).waitFor();
  assert.equal(await page.locator('#net-algorithm').getAttribute('aria-invalid'), 'true');
  await page.locator('.net-unmodelled summary').click();
  assert.match(await page.locator('#net-unmodelled').textContent(), /NVLS: NVLink SHARP/);
  await p.close();
});

test('a GPU choice fills the cluster from the engine; hosts that do not divide the domain are refused', async () => {
  const p = await openPage({ path: '#network' });
  const { page } = p;
  await page.locator('#net-system').selectOption('gb200-nvl72');
  await page.waitForFunction(() => document.querySelector('#net-domain').value === '72');
  assert.equal(await page.locator('#net-per_host').inputValue(), '4');
  assert.equal(await page.locator('#net-nics').inputValue(), '4');
  assert.equal(await page.locator('#net-nic').inputValue(), '400');
  await setField(page, '#net-per_host', '5');
  await page.locator('#net-per_host-error', { hasText: 'not a whole number of hosts' }).waitFor();
  await setField(page, '#net-oversubscription', '0.5');
  assert.match(await page.locator('#net-oversubscription-error').textContent(), /From 1 to 64/);
  await setField(page, '#net-message', '-3');
  assert.notEqual(await page.locator('#net-message-error').textContent(), '');
  await p.close();
});

test('oversubscription slows a ring only where it leaves its leaf: rails keep it, one switch per host does not', async () => {
  const p = await openPage({
    path: '#v=1&open=network&network.per_domain=1&network.group=64&network.oversubscription=8',
  });
  const { page } = p;
  const fabric = () => tile(page, 'Fabric').textContent();
  await page.locator('#net-app[data-answer]').waitFor({ state: 'attached' });
  assert.equal(await fabric(), '100.0 %');
  const railTime = await tile(page, 'Time').textContent();
  await page.locator('input[name="net-fabric"][value="one-switch"]').check();
  await page.waitForFunction(() => /50\.0 %/.test(document.querySelector('#net-readouts').textContent));
  assert.notEqual(await tile(page, 'Time').textContent(), railTime);
  await p.close();
});

test('the permalink restores the lab, and an invalid value is named', async () => {
  const p = await openPage({
    path: '#v=1&open=network&network.collective=all-to-all&network.group=16&network.fabric=spiral',
  });
  const { page } = p;
  await page.waitForFunction(() => document.querySelector('#net-app').dataset.answer === 'all-to-all');
  assert.equal(await page.locator('#net-group').inputValue(), '16');
  assert.equal(await page.locator('input[name="net-fabric"][value="rail"]').isChecked(), true);
  const state = await page.evaluate(() => window.atlas.views.get('network').getState());
  assert.equal(state.collective, 'all-to-all');
  // The invalid fabric is named by its label, and the default kept.
  assert.match(await page.locator('[data-notes="link"]').textContent(), /“Leaf switches”/);
  assert.equal(state.fabric, 'rail');
  await p.close();
});

test('the data-parallel question follows the split explorer and answers with the engine’s bandwidth', async () => {
  const p = await openPage({ path: '#network' });
  const { page } = p;
  // The answer is asked for when its section nears the window.
  await page.locator('#net-dp-h').scrollIntoViewIfNeeded();
  await page.locator('#net-app[data-dp]').waitFor({ state: 'attached' });
  // A split whose data-parallel traffic crosses the NICs: Llama 3.1 8B on 64 H100s, dp 64.
  await page.evaluate(() =>
    window.atlas.views.apply('planner', {
      model: 'llama-3.1-8b',
      hardware: 'h100-sxm',
      gpus: 64,
      tp: 1,
      pp: 1,
      zero: 1,
      global: 64,
      micro: 1,
      inter_gbps: 2,
    }),
  );
  // Out of view the answer waits; near the window it follows the explorer.
  await page.locator('#net-dp-h').scrollIntoViewIfNeeded();
  await page.locator('#net-dp-split', { hasText: 'on 64 ×' }).waitFor();
  assert.equal(await page.locator('#net-app').getAttribute('data-dp'), 'found');
  const request = await page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(request.gpus, 64);
  const answer = await page.locator('#net-dp-answer').textContent();
  assert.match(answer, /reaches zero from .* per GPU/);
  assert.match(await page.locator('#net-dp-split').textContent(), /Llama 3\.1 8B on 64 ×/);
  assert.match(await page.locator('#net-chart-dp-text').textContent(), /Exposed data-parallel time as run falls/);
  // Inside one node the NICs carry none of it.
  await page.evaluate(() => window.atlas.views.apply('planner', { gpus: 8, global: 8 }));
  await page.locator('#net-dp-h').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#net-app').dataset.dp === 'inside_domain');
  assert.match(await page.locator('#net-dp-answer').textContent(), /No network is needed/);
  await noBadNumbers(page);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
