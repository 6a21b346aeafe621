// The lab as a person uses it in headless Chromium: every control moves the readouts, the
// charts and the ring are there and step, the paste flow overlays and fits, bad typing is
// caught at the field, and the permalink state round-trips.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage as open, closeBrowser } from './harness.mjs';

// The lab's charts arrive when they near the window (#lab puts them there): the tests here that
// read them wait for them, as a reader would. The split explorer is left waiting, as on a first
// load, except where a test needs its engine module.
async function openPage(options) {
  const p = await open({ allParts: false, ...options });
  await p.page.locator('#lab-app[data-charts="ready"]').waitFor({ state: 'attached' });
  return p;
}

after(closeBrowser);

const readout = (page, name) => page.locator(`#lab-readouts [data-readout="${name}"] .lab-value`).textContent();

async function noBadNumbers(page) {
  const text = await page.locator('#lab').textContent();
  assert.doesNotMatch(text, /NaN|Infinity|undefined/);
}

test('defaults show the worked example: 18.86 ms, 14 steps, substituted formula', async () => {
  const p = await openPage({ path: '#lab' });
  const { page } = p;
  assert.equal(await readout(page, 'time'), '18.86 ms');
  assert.equal(await readout(page, 'steps'), '14');
  assert.equal(await readout(page, 'latency_term'), '70.00 µs');
  assert.match(
    await page.locator('#lab-formula-numbers').textContent(),
    /14 × 5\.000 µs \+ 1\.75 × 1\.000 GiB ÷ 100 GB\/s = 70\.00 µs \+ 18\.79 ms = 18\.86 ms/,
  );
  assert.match(
    await page.locator('section#lab p.scope').textContent(),
    /ideal ring all-reduce; this is not a topology-specific/,
  );
  assert.equal(await page.locator('section#lab p.scope').isVisible(), true);
  for (const label of ['Ranks', 'Payload', 'Effective bandwidth', 'Startup latency'])
    assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, label);
  assert.equal(await page.locator('#lab-chart-bytes canvas').count(), 1);
  assert.equal(await page.locator('#lab-chart-ranks canvas').count(), 1);
  assert.equal(await page.locator('#lab-chart-speedup canvas').count(), 1);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await noBadNumbers(page);
  await p.close();
});

test('a chart out of view is redrawn with the latest values when it scrolls into view', async () => {
  const p = await open({ path: '#lab', height: 600, allParts: false }); // charts out of reach: fetched when scrolled to
  const { page } = p;
  const pixels = () =>
    page.locator('#lab-chart-speedup canvas').evaluate((c) => /** @type {HTMLCanvasElement} */ (c).toDataURL());
  // A reader's own scroll ends the page's hold on the #lab heading (landing.js); otherwise the
  // charts' legends arriving would put the heading back at the top.
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 100);
  // In view: the chart has been drawn (its canvas is no longer blank) before the pixels are read.
  await page.locator('#lab-chart-speedup-fig').scrollIntoViewIfNeeded();
  await page.locator('#lab-chart-speedup-fig[data-near="true"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => {
    const c = document.querySelector('#lab-chart-speedup canvas');
    const blank = document.createElement('canvas');
    ((blank.width = c.width), (blank.height = c.height));
    return c.width > 0 && c.toDataURL() !== blank.toDataURL();
  });
  const before = await pixels();
  // Out of view again (the chart is more than 100 px away), before the change is made.
  await page.evaluate(() =>
    window.scrollTo(0, document.querySelector('.lab-controls').getBoundingClientRect().top + scrollY),
  );
  await page.locator('#lab-chart-speedup-fig[data-near="false"]').waitFor({ state: 'attached' });
  await page.locator('#lab-bytes-text').fill('1 MiB'); // the speedup curve depends on the payload
  await page.locator('#lab-bytes-text').dispatchEvent('change');
  assert.match(await page.locator('#lab-chart-speedup-text').textContent(), /Speedup at 8 ranks/); // the text equivalent is current at once
  await page.locator('#lab-chart-speedup-fig').scrollIntoViewIfNeeded();
  await page.waitForFunction((old) => document.querySelector('#lab-chart-speedup canvas').toDataURL() !== old, before);
  assert.notEqual(await pixels(), before);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('each control moves the readouts; slider and field stay in sync', async () => {
  const p = await openPage({ path: '#lab' });
  const { page } = p;
  await page.locator('#lab-ranks-number').fill('16');
  await page.locator('#lab-ranks-number').dispatchEvent('change');
  assert.equal(await readout(page, 'steps'), '30');
  assert.equal(await page.locator('#lab-ranks-range').inputValue(), '4');
  await page.locator('#lab-ranks-range').fill('3'); // log2 → 8 ranks
  assert.equal(await page.locator('#lab-ranks-number').inputValue(), '8');
  assert.equal(await readout(page, 'steps'), '14');

  await page.locator('#lab-bytes-text').fill('256 MiB');
  await page.locator('#lab-bytes-text').dispatchEvent('change');
  assert.equal(await readout(page, 'bytes_per_rank'), '448 MiB');
  await page.locator('#lab-bytes-range').fill('3'); // 1000 B: latency-bound
  assert.match(await page.locator('#lab-readouts [data-readout="time"] .lab-note').textContent(), /latency-bound/);

  const before = await readout(page, 'time');
  await page.locator('#lab-bandwidth-number').fill('10');
  await page.locator('#lab-bandwidth-number').dispatchEvent('change');
  await page.locator('#lab-latency-number').fill('50');
  await page.locator('#lab-latency-number').dispatchEvent('change');
  assert.equal(await readout(page, 'latency_term'), '700 µs');
  assert.notEqual(await readout(page, 'time'), before);
  await page.locator('#lab-latency-range').fill('0'); // 10^0 µs
  assert.equal(await page.locator('#lab-latency-number').inputValue(), '1');
  assert.equal(await readout(page, 'latency_term'), '14.00 µs');

  await page.locator('#lab-compute-number').fill('100');
  await page.locator('#lab-compute-number').dispatchEvent('change');
  assert.match(await page.locator('#lab-scaling-readouts [data-readout="step_time"] .lab-value').textContent(), /ms/);
  await page.locator('#lab-overlap-range').fill('100');
  assert.equal(await page.locator('#lab-overlap-number').inputValue(), '100');
  await noBadNumbers(page);
  await p.close();
});

test('presets, reset and comparison overlays', async () => {
  const p = await openPage({ path: '#lab' });
  const { page } = p;
  await page.getByRole('button', { name: '8 GPUs over NVLink' }).click();
  assert.equal(await page.locator('#lab-bandwidth-number').inputValue(), '450');
  assert.match(await page.locator('#lab-preset-basis').textContent(), /900 GB\/s/);
  assert.equal(await page.locator('#lab-preset-basis a').count(), 1);
  await page.getByRole('button', { name: 'Reset' }).click();
  assert.equal(await readout(page, 'time'), '18.86 ms');
  const legend = () => page.locator('#lab-legend-bytes li').count();
  const without = await legend();
  await page.getByLabel('Show other algorithms (for comparison only)').check();
  // Four lines: ring reduce-scatter and ring all-gather alone take equal times and share one.
  assert.equal(await legend(), without + 4);
  assert.match(
    await page.locator('#lab-legend-bytes').textContent(),
    /reduce-scatter or all-gather alone \(equal times\)/,
  );
  await p.close();
});

test('invalid typed values show a message at the field and keep the last good results', async () => {
  const p = await openPage({ path: '#lab' });
  const { page } = p;
  for (const [id, text, message] of [
    ['lab-ranks-number', '1', /2 to 4096/],
    ['lab-ranks-number', '2.5', /whole number/],
    ['lab-bytes-text', '12 parsecs', /Unknown unit/],
    ['lab-bytes-text', '0', /1 B to 100 GB/],
    ['lab-bandwidth-number', '0', /Bandwidth/],
    ['lab-latency-number', '-3', /Latency/],
  ]) {
    await page.locator(`#${id}`).fill(text);
    await page.locator(`#${id}`).dispatchEvent('change');
    const param = id.split('-')[1];
    assert.match(await page.locator(`#lab-${param}-error`).textContent(), message, `${id}=${text}`);
    assert.equal(await page.locator(`#${id}`).getAttribute('aria-invalid'), 'true');
    assert.equal(await readout(page, 'time'), '18.86 ms');
    await page.getByRole('button', { name: 'Reset' }).click();
  }
  await noBadNumbers(page);
  await p.close();
});

test('the ring animation steps, names the phase and narrates', async () => {
  const p = await openPage({ path: '#lab', reducedMotion: 'reduce' });
  const { page } = p;
  assert.equal(await page.locator('#lab-ring-stage svg .lab-ring-rank').count(), 8);
  await page.getByRole('button', { name: 'Next step' }).click();
  assert.match(await page.locator('#lab-ring-phase').textContent(), /Step 1 of 14 · Reduce-scatter 1 of 7/);
  assert.match(
    await page.locator('#lab-ring-narration').textContent(),
    /Rank 0 sends chunk 0 to rank 1, whose copy now sums 2 of 8/,
  );
  for (let i = 0; i < 7; i += 1) await page.getByRole('button', { name: 'Next step' }).click();
  assert.match(await page.locator('#lab-ring-phase').textContent(), /All-gather 1 of 7/);
  await page.getByRole('button', { name: 'Previous step' }).click();
  assert.match(await page.locator('#lab-ring-phase').textContent(), /Step 7 of 14/);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => /Step 14 of 14/.test(document.querySelector('#lab-ring-phase').textContent), null, {
    timeout: 30000,
  });
  assert.equal(await page.locator('#lab-ring-stage .lab-ring-cell.complete').count(), 64);
  await page.locator('#lab-ranks-number').fill('64');
  await page.locator('#lab-ranks-number').dispatchEvent('change');
  assert.match(await page.locator('#lab-ring-phase').textContent(), /up to 16 ranks/);
  await p.close();
});

test('paste flow: measured points overlay, fit shown, use fitted values', async () => {
  // The log reader is the planner's engine module: here it is there already (load-later covers
  // a first paste that fetches it).
  const p = await openPage({ path: '#lab', allParts: true });
  const { page } = p;
  const legend = () => page.locator('#lab-legend-bytes').textContent();
  assert.doesNotMatch(await legend(), /Measured/);
  await page.getByRole('button', { name: 'Paste an example' }).click();
  assert.match(await legend(), /Measured \(nccl-tests\)/);
  assert.match(await legend(), /fitted α, B/);
  assert.match(await page.locator('[data-readout="fit-bandwidth"] dd').textContent(), /GB\/s/);
  assert.match(await page.locator('[data-readout="fit-r2"] dd').textContent(), /^0\.9\d{3}$/);
  assert.ok((await page.locator('.lab-nccl-table tbody tr').count()) >= 5);
  await page.getByRole('button', { name: 'Use fitted values' }).click();
  assert.equal(await page.locator('#lab-ranks-number').inputValue(), '8');
  assert.notEqual(await page.locator('#lab-bandwidth-number').inputValue(), '100');

  await page.locator('#lab-nccl-log').fill('not a log\n1024 banana');
  await page.getByRole('button', { name: 'Read and fit' }).click();
  assert.match(await page.locator('#lab-nccl-result').textContent(), /line 2/);
  assert.equal(await page.getByRole('button', { name: 'Use fitted values' }).isDisabled(), true);
  await noBadNumbers(page);
  await p.close();
});

test('permalink state: the view registers and restores ranks, bytes, bandwidth, latency', async () => {
  const p = await openPage({ path: '#lab' });
  const { page } = p;
  const state = await page.evaluate(() => window.atlas.views.get('lab').getState());
  for (const k of ['ranks', 'bytes', 'bandwidth', 'latency', 'compute', 'overlap', 'compare', 'step'])
    assert.ok(k in state, k);
  const rejected = await page.evaluate(() =>
    window.atlas.views.apply('lab', { ranks: 4, bytes: 1e6, latency: 'x', nonsense: 1 }),
  );
  assert.deepEqual(rejected.sort(), ['latency', 'nonsense']);
  assert.equal(await page.locator('#lab-ranks-number').inputValue(), '4');
  assert.equal(await readout(page, 'steps'), '6');
  for (const name of ['ranks', 'bytes', 'bandwidth', 'latency', 'compute', 'overlap', 'compare', 'step'])
    assert.equal(await page.locator(`#lab [data-param="${name}"]`).count(), 1, name);
  await p.close();
});
