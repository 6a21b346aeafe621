// Code a first visit does not download (issue 15), checked by what is fetched and shown, not by
// how fast: the lab's charts (uPlot and its styles) arrive when they near the window, over http
// and from file://, while their text equivalents are written at once; an embedded lab, whose
// charts are in view, fetches them and no other part's code; the nccl-tests log reader lives in
// the planner's engine module, which a first read of a pasted log fetches.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const fileName = (u) => new URL(u).pathname.split('/').pop();
const isChartCode = (u) => /^lab-charts\.[0-9a-f]{10}\.(js|css)$/.test(fileName(u));
const isPlannerWasm = (u) => /^atlas-planner\.[0-9a-f]{10}\.wasm$/.test(fileName(u));
const chartsState = (page) => page.evaluate(() => document.getElementById('lab-app')?.dataset.charts);
const canvases = (page) => page.locator('#lab-app .lab-chart-box canvas').count();

for (const file of [false, true]) {
  const how = file ? 'from file://' : 'over http';
  test(`${how} the lab's charts are fetched once they near the window, their text at once`, async () => {
    const p = await openPage({ file, allParts: false, fresh: true }); // a first visit: nothing cached
    const { page } = p;
    assert.equal(await page.evaluate(() => document.documentElement.dataset.engine), 'ready');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(await chartsState(page), 'waiting', 'the charts are far below the first screen');
    assert.deepEqual(p.record.requests.filter(isChartCode), [], 'no chart code at first');
    assert.equal(await canvases(page), 0);
    // The text equivalents do not wait for the charts.
    assert.match(await page.locator('#lab-chart-bytes-text').textContent(), /At 8 ranks the ideal ring takes/);
    assert.match(await page.locator('#lab-chart-speedup-text').textContent(), /Speedup at 8 ranks/);
    // The box keeps the chart's height, so nothing below moves when the chart is drawn.
    const before = await page.locator('#lab-chart-bytes').boundingBox();
    assert.ok(before && before.height >= 200, `reserved ${before?.height} px`);

    await page.locator('#lab-chart-bytes-fig').scrollIntoViewIfNeeded();
    await page.locator('#lab-app[data-charts="ready"]').waitFor({ state: 'attached' });
    assert.equal(await canvases(page), 3);
    assert.equal(
      p.record.requests.filter((u) => /^lab-charts\.[0-9a-f]{10}\.js$/.test(fileName(u))).length,
      1,
      p.record.requests.join('\n'),
    );
    assert.equal((await page.locator('#lab-chart-bytes').boundingBox())?.height, before.height);
    assert.ok((await page.locator('#lab-legend-bytes li').count()) >= 3, 'the legend is drawn with the chart');
    assert.deepEqual(p.record.consoleErrors, []);
    assert.deepEqual(p.record.pageErrors, []);
    assert.deepEqual(await p.csp(), []);
    await p.close();
  });
}

test('an embedded lab fetches its charts (in view) and no other part of the page', async () => {
  const p = await openPage({ path: '?embed=lab' });
  await p.page.locator('#lab-app[data-charts="ready"]').waitFor({ state: 'attached' });
  assert.equal(await canvases(p.page), 3);
  const scripts = p.record.requests.map(fileName).filter((f) => /\.[0-9a-f]{10}\.js$/.test(f));
  assert.deepEqual(
    scripts.filter((f) => !/^(app|lab|lab-charts|atlas-engine)\./.test(f)),
    [],
    `only the boot script, the lab, its charts and the core engine: ${scripts.join(', ')}`,
  );
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test("a first pasted log fetches the engine's log reader (the planner module) and then reads and fits", async () => {
  const p = await openPage({ path: '#lab', allParts: false });
  const { page } = p;
  assert.deepEqual(p.record.requests.filter(isPlannerWasm), [], 'not part of a first load');
  assert.equal(
    await page.evaluate(() => window.atlas.engine.run('nccl-tests', { log: '' }).error?.code),
    'engine_loading',
  );
  await page.getByRole('button', { name: 'Paste an example' }).click();
  await page.locator('[data-readout="fit-bandwidth"]').waitFor();
  assert.match(await page.locator('[data-readout="fit-bandwidth"] dd').textContent(), /GB\/s/);
  assert.ok((await page.locator('.lab-nccl-table tbody tr').count()) >= 5);
  assert.equal(p.record.requests.filter(isPlannerWasm).length, 1, p.record.requests.join('\n'));
  // A second read answers at once, from the module now there.
  await page.locator('#lab-nccl-log').fill('not a log\n1024 banana');
  await page.getByRole('button', { name: 'Read and fit' }).click();
  await page.locator('#lab-nccl-result .notice-error, #lab-nccl-result p').first().waitFor();
  assert.match(await page.locator('#lab-nccl-result').textContent(), /line 2/);
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
