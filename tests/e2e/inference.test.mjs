// The split explorer's inference mode in a real browser: the Training | Inference switch by
// keyboard, the serving readouts and the latency–throughput chart with its table, a permalink
// round trip that keeps the mode, and axe in both themes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test('the mode switch works from the keyboard and shows the serving readouts, chart and table', async () => {
  const p = await openPage();
  const training = p.page.getByRole('radio', { name: 'Training' });
  assert.equal(await training.isChecked(), true);
  assert.equal(await p.page.locator('#planner-inference').isVisible(), false);
  await training.focus();
  await p.page.keyboard.press('ArrowDown');  // radios in one group move with the arrow keys
  await p.page.waitForFunction(() => document.querySelector('#planner-app')?.dataset.mode === 'inference');
  assert.equal(await p.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await p.page.locator('.inf-svg').waitFor();
  // Training-only controls and pictures are out of the way; the serving fields are in.
  assert.equal(await p.page.locator('#pl-zero').isVisible(), false);
  assert.equal(await p.page.locator('#planner-gantt').isVisible(), false);
  assert.equal(await p.page.locator('#pl-concurrency').isVisible(), true);
  for (const label of ['Weights', 'KV cache', 'Most users that fit', 'Time to first token', 'Time per output token', 'Tokens/s per GPU', 'Tokens/s per user'])
    assert.equal(await p.page.locator('.inf-readout dt', { hasText: new RegExp(`^${label}$`) }).count(), 1, label);
  // The chart has a text equivalent with one row per point, the requested concurrency marked.
  const rows = p.page.locator('.inf-curve-table tbody tr');
  assert.ok((await rows.count()) >= 5);
  await p.page.locator('#pl-concurrency').fill('64');
  await p.page.locator('#pl-concurrency').press('Enter');
  await p.page.waitForFunction(() => document.querySelector('.inf-curve-table tr.is-current th')?.textContent === '64');
  // The serving search lists layouts of the same GPUs; applying one sets the split.
  await p.page.locator('#inf-search-run').click();
  await p.page.locator('.inf-search-table tbody tr').first().waitFor();
  const layout = await p.page.locator('.inf-search-table tbody tr th').first().textContent();
  await p.page.locator('.inf-search-table tbody tr button').first().click();
  const applied = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(layout.includes(`tp ${applied.tp}`) && layout.includes(`pp ${applied.pp}`), true, layout);
  // The published serving runs open on demand, each row linking its source.
  await p.page.getByText('Show the published runs and the engine\u2019s errors').click();
  await p.page.locator('#planner-inference .fidelity-table tbody tr').nth(8).waitFor();
  assert.match(await p.page.locator('#planner-inference .fidelity-table tbody tr a').first().getAttribute('href'), /^https:\/\//);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('an impossible serving request names the field; a permalink keeps the inference mode', async () => {
  const p = await openPage();
  await p.page.evaluate(() => window.atlas.views.apply('planner', { mode: 'inference', model: 'llama-3.1-8b', hardware: 'h100-sxm', gpus: 8, tp: 8, pp: 1, cp: 1, ep: 1, prompt: 8000, output: 1000 }));
  await p.page.waitForFunction(() => document.querySelector('#pl-output')?.getAttribute('aria-invalid') === 'true');
  assert.match(await p.page.locator('#pl-output-msg').textContent(), /maximum context/);
  await p.page.evaluate(() => window.atlas.views.apply('planner', { prompt: 2048, output: 256, concurrency: 32, weights: 'fp8' }));
  await p.page.waitForFunction(() => /planner\.mode=inference/.test(location.hash) && /planner\.weights=fp8/.test(location.hash));
  const link = await p.page.evaluate(() => location.href);
  const expected = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  await p.close();
  const q = await openPage({ url: link });
  await q.page.locator('.inf-svg').waitFor();
  assert.deepEqual(await q.page.evaluate(() => window.atlas.views.get('planner').getState()), expected);
  assert.equal(await q.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await q.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`inference mode: axe finds no WCAG A/AA violations (${colorScheme})`, async () => {
    const p = await openPage({ colorScheme, path: '#v=1&open=planner&planner.mode=inference&planner.model=llama-3.1-70b&planner.hardware=h100-sxm&planner.gpus=8&planner.tp=8&planner.pp=1' });
    await p.page.locator('.inf-svg').waitFor();
    await p.page.locator('[data-scenario="tp-latency"]').click();
    await p.page.locator('.planner-inference .scenario-card').waitFor();
    await p.page.getByText('Show the published runs and the engine\u2019s errors').click();
    await p.page.locator('#planner-inference .fidelity-table').waitFor();
    await p.page.evaluate(axeSource);
    const violations = await p.page.evaluate(async () => {
      const r = await window.axe.run(document.querySelector('#planner'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    });
    assert.deepEqual(violations, []);
    await p.close();
  });
}

test('an embedded explorer (?embed=planner) opens in the mode its link names', async () => {
  const p = await openPage({ path: 'index.html?embed=planner#v=1&planner.mode=inference&planner.concurrency=64' });
  await p.page.waitForFunction(() => document.querySelector('#planner-app')?.dataset.mode === 'inference');
  assert.equal(await p.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await p.page.locator('.inf-svg').waitFor();
  assert.equal(await p.page.locator('#pl-concurrency').inputValue(), '64');
  assert.equal(await p.page.locator('#planner-gantt').isVisible(), false);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
