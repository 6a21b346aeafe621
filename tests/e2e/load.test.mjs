// How the page loads (issue 15), checked by what is fetched, not by how fast: over http the real
// .wasm of each engine module (never the base64 engines); from file:// the one-file engines
// (never a .wasm), with no console errors; the planner and quiz modules and their parts' code
// only once their sections near the view or a link or embed opens them; an embedded part
// fetches its own script and one engine module, no other part's; the server compresses when asked, types the .wasm, and caches only
// content-hashed names for long.
// Code a first visit does not download, checked the same way: the lab's charts (uPlot and its
// styles) arrive when they near the window, over http and from file://, while their text
// equivalents are written at once; an embedded lab, whose charts are in view, fetches them and no
// other part's code; the nccl-tests log reader lives in the planner's engine module, which a
// first read of a pasted log fetches.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openPage, closeBrowser, siteUrl } from './harness.mjs';
import { distDir } from '../../scripts/lib/paths.mjs';

after(closeBrowser);

const PARTS = ['lab', 'planner', 'quiz'];
const fileName = (u) => new URL(u).pathname.split('/').pop();
const isWasm = (u) => /^atlas-engine\.[0-9a-f]{10}\.wasm$/.test(fileName(u));
const isOneFileEngine = (u) => /^atlas-engine-file\.[0-9a-f]{10}\.js$/.test(fileName(u));
const isPlannerWasm = (u) => /^atlas-planner\.[0-9a-f]{10}\.wasm$/.test(fileName(u));
const isOneFilePlanner = (u) => /^atlas-planner-file\.[0-9a-f]{10}\.js$/.test(fileName(u));
const isQuizWasm = (u) => /^atlas-quiz\.[0-9a-f]{10}\.wasm$/.test(fileName(u));
const isOneFileQuiz = (u) => /^atlas-quiz-file\.[0-9a-f]{10}\.js$/.test(fileName(u));
const plannerStarted = (page) =>
  page.waitForFunction(() => Boolean(window.atlas.views.get('planner')), null, { timeout: 20000 });
const isChartCode = (u) => /^lab-charts\.[0-9a-f]{10}\.(js|css)$/.test(fileName(u));
const chartsState = (page) => page.evaluate(() => document.getElementById('lab-app')?.dataset.charts);
const canvases = (page) => page.locator('#lab-app .lab-chart-box canvas').count();
const partsFetched = (requests) =>
  PARTS.filter((part) => requests.some((u) => new RegExp(`^${part}\\.[0-9a-f]{10}\\.js$`).test(fileName(u))));

test('over http the page compiles the real .wasm of each module and never fetches the base64 engines', async () => {
  const p = await openPage();
  assert.equal(p.record.requests.filter(isWasm).length, 1, p.record.requests.join('\n'));
  assert.equal(p.record.requests.filter(isPlannerWasm).length, 1, p.record.requests.join('\n'));
  assert.equal(p.record.requests.filter(isQuizWasm).length, 1, p.record.requests.join('\n'));
  assert.deepEqual(
    p.record.requests.filter((u) => isOneFileEngine(u) || isOneFilePlanner(u) || isOneFileQuiz(u)),
    [],
  );
  assert.ok(
    !(await p.page.evaluate(
      () =>
        window.atlas.engine.run('plan', {
          model: { preset: 'llama-3.1-8b' },
          hardware: { preset: 'h100-sxm', gpus: 8 },
        }).error,
    )),
  );
  assert.equal(
    await p.page.evaluate(() => window.atlas.engine.run('batch', { global: 8192, micro: 8, dp: 64 }).accumulation),
    16,
  );
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
});

test('from file:// the one-file engines start, with no .wasm request and no console error', async () => {
  const p = await openPage({ file: true });
  assert.equal(await p.page.evaluate(() => document.documentElement.dataset.engine), 'ready');
  assert.equal(p.record.requests.filter(isOneFileEngine).length, 1, p.record.requests.join('\n'));
  assert.equal(p.record.requests.filter(isOneFilePlanner).length, 1, p.record.requests.join('\n'));
  assert.equal(p.record.requests.filter(isOneFileQuiz).length, 1, p.record.requests.join('\n'));
  assert.deepEqual(
    p.record.requests.filter((u) => isWasm(u) || isPlannerWasm(u) || isQuizWasm(u)),
    [],
  );
  assert.ok(await p.page.evaluate(() => window.atlas.views.get('planner') !== undefined));
  assert.deepEqual(partsFetched(p.record.requests), PARTS, 'the whole page loads every part');
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
});

test('a first load over http leaves the explorer and the check, their code and their modules, until they near the view', async () => {
  const p = await openPage({ allParts: false, fresh: true }); // a first visit: nothing cached
  assert.equal(await p.page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(p.record.requests.filter(isPlannerWasm), [], 'no planner module at first');
  assert.deepEqual(p.record.requests.filter(isQuizWasm), [], 'no quiz module at first');
  assert.deepEqual(partsFetched(p.record.requests), ['lab']);
  assert.equal(await p.page.evaluate(() => window.atlas.views.get('planner')), undefined);
  // A command of a later module asked for meanwhile is an answer, not a throw.
  assert.equal(await p.page.evaluate(() => window.atlas.engine.run('presets', {}).error?.code), 'engine_loading');
  assert.equal(
    await p.page.evaluate(() => window.atlas.engine.run('practice', { seed: 1, index: 0 }).error?.code),
    'engine_loading',
  );
  await p.page.locator('#planner').scrollIntoViewIfNeeded();
  await plannerStarted(p.page);
  assert.equal(p.record.requests.filter(isPlannerWasm).length, 1, p.record.requests.join('\n'));
  await p.page.locator('#check').scrollIntoViewIfNeeded();
  await p.page.locator('#quiz-choices input[type=radio]').first().waitFor({ timeout: 20000 });
  assert.equal(p.record.requests.filter(isQuizWasm).length, 1, p.record.requests.join('\n'));
  assert.deepEqual(partsFetched(p.record.requests), PARTS);
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

for (const path of ['#planner', '#v=1&open=planner&planner.tp=4', '?embed=planner']) {
  test(`a page opened at the explorer (${path}) fetches the planner module at once`, async () => {
    const p = await openPage({ path, allParts: false });
    assert.ok(await p.page.evaluate(() => window.atlas.views.get('planner') !== undefined), 'started before ready');
    assert.equal(p.record.requests.filter(isPlannerWasm).length, 1, p.record.requests.join('\n'));
    assert.deepEqual(p.record.consoleErrors, []);
    await p.close();
  });
}

for (const part of [...PARTS, 'entry']) {
  test(`an embedded ${part} fetches only its own part's code`, async () => {
    const p = await openPage({ path: `?embed=${part}` });
    assert.deepEqual(partsFetched(p.record.requests), part === 'entry' ? [] : [part]);
    // The explorer and the check start with their own engine module and never fetch the core.
    const own = { planner: isPlannerWasm, quiz: isQuizWasm }[part] ?? isWasm;
    const modules = p.record.requests.filter((u) => isWasm(u) || isPlannerWasm(u) || isQuizWasm(u));
    assert.equal(modules.length, 1, modules.join('\n'));
    assert.ok(own(modules[0]), `${part}: ${modules[0]}`);
    const section = { lab: '#lab-app', planner: '#planner-app', quiz: '#quiz-app' }[part];
    if (section) assert.ok(await p.page.locator(section).isVisible(), `${part} is shown`);
    assert.deepEqual(p.record.consoleErrors, []);
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  });
}

test('an embedded part takes its own settings from a link and leaves the others without a note', async () => {
  const p = await openPage({ path: '?embed=lab#v=1&open=lab&lab.ranks=16&planner.tp=4' });
  assert.equal(await p.page.locator('#lab-app [data-param="ranks"] input:not([type="range"])').inputValue(), '16');
  assert.equal(await p.page.locator('[data-notes="link"]').count(), 0, 'no note about the planner settings');
  await p.close();
});

/** GET `path` from the test server with `headers`; resolves to {status, headers, body}. */
async function get(path, headers = {}) {
  const url = new URL(path, await siteUrl());
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('the server compresses by Accept-Encoding, types the .wasm and caches hashed names for a year', async () => {
  const wasm = readdirSync(distDir).find((f) => isWasm(`http://x/${f}`));
  const bytes = readFileSync(join(distDir, wasm));
  const br = await get(wasm, { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['content-type'], 'application/wasm');
  assert.match(br.headers['cache-control'], /max-age=31536000/);
  assert.match(br.headers.vary, /accept-encoding/i);
  assert.ok(brotliDecompressSync(br.body).equals(bytes), 'brotli body is the file');
  assert.ok(br.body.length < bytes.length / 2, `compressed ${br.body.length} of ${bytes.length} bytes`);

  const gz = await get(wasm, { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(gz.body).equals(bytes), 'gzip body is the file');

  const plain = await get(wasm, { 'accept-encoding': 'identity' });
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.equals(bytes));

  // The HTML names the current files, so it is revalidated every time (and 304 when unchanged).
  const html = await get('index.html', { 'accept-encoding': 'br' });
  assert.equal(html.headers['cache-control'], 'no-cache');
  assert.equal(html.headers['content-encoding'], 'br');
  assert.match(brotliDecompressSync(html.body).toString(), new RegExp(`data-wasm="${wasm.replace(/\./g, '\\.')}"`));
  const again = await get('index.html', { 'if-none-match': html.headers.etag });
  assert.equal(again.status, 304);
});

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
