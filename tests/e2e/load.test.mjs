// How the page loads (issue 15), checked by what is fetched, not by how fast: over http the real
// .wasm of each engine module (never the base64 engines); from file:// the one-file engines
// (never a .wasm), with no console errors; the planner and quiz modules and their parts' code
// only once their sections near the view or a link or embed opens them; an embedded part
// fetches its own script and one engine module, no other part's; the server compresses when asked, types the .wasm, and caches only
// content-hashed names for long.
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
