// The spine as a person meets it: the page over http and from file://, with JavaScript off,
// when the engine fails, with a broken entry, and from a sub-path.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openPage, closeBrowser, browser } from './harness.mjs';
import { root, distDir } from '../../scripts/lib/paths.mjs';
import { serveFolder } from '../../scripts/lib/static-server.mjs';

const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));
const atlasNames = JSON.parse(readFileSync(join(root, 'content/atlas.json'), 'utf8')).names;
after(closeBrowser);

/** Every text field of the entry, as it should appear on the page. */
function entryTexts(e) {
  const out = [
    e.name,
    e.shortName,
    e.level,
    e.kind,
    e.branch,
    e.subbranch,
    e.scale,
    e.visualFamily,
    e.role,
    e.description,
    e.tradeoff,
    e.whyAI,
    e.misconception,
    e.learningObjective,
    e.engineeringExample,
    e.evidenceNotes,
    e.labScope,
    e.scope,
    e.labId,
    e.deepLabId,
    e.investigationId,
    e.check.question,
    e.check.explanation,
    ...e.check.options,
    ...e.mechanism,
    ...e.related,
    ...e.prerequisites,
  ];
  for (const s of e.specs) out.push(s.label, s.value, s.context);
  for (const i of e.interfaces) out.push(i.name, i.signal);
  for (const s of e.science) out.push(s.title, s.equation, s.explanation, s.assumptions);
  for (const h of e.history) out.push(String(h.year), h.title, h.significance, h.source.title);
  for (const s of e.sources) out.push(s.title, s.url);
  return out;
}

const normalize = (s) => s.replace(/\s+/g, ' ');

test('over http: every entry field is on the page, no console errors, no off-site requests, no CSP violations', async () => {
  const p = await openPage();
  const text = normalize(await p.page.evaluate(() => document.body.textContent));
  for (const t of entryTexts(entry)) assert.ok(text.includes(normalize(t)), `missing on page: ${t}`);
  for (const t of [entry.name, entry.description, entry.misconception, entry.check.question, entry.history[0].title])
    assert.ok((await p.page.getByText(t, { exact: false }).filter({ visible: true }).count()) > 0, `not visible: ${t}`);
  // One equation shown per science item (a stacked copy waits, hidden, for narrow columns).
  assert.equal(await p.page.locator('figure.equation math').filter({ visible: true }).count(), entry.science.length);
  for (const s of entry.sources) assert.equal((await p.page.locator(`a[href="${s.url}"]`).count()) >= 1, true);
  assert.match(await p.page.locator('#engine-version').textContent(), /engine \d+\.\d+\.\d+/);
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.offSite, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
});

test('from file://dist/index.html the engine starts with zero errors and zero outside requests', async () => {
  const p = await openPage({ file: true });
  assert.equal(await p.page.evaluate(() => document.documentElement.dataset.engine), 'ready');
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.offSite, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
});

test('with JavaScript disabled the whole entry still reads', async () => {
  const p = await openPage({ javaScriptEnabled: false });
  for (const t of [
    entry.name,
    entry.role,
    entry.specs[2].context,
    entry.mechanism[1],
    entry.check.question,
    entry.history[0].significance,
    entry.science[0].explanation,
  ])
    assert.ok(await p.page.getByText(t, { exact: false }).first().isVisible(), `not visible without JS: ${t}`);
  await p.close();
});

test('when the engine cannot load, the entry stays and the page says why', async () => {
  const b = await browser();
  const context = await b.newContext();
  const page = await context.newPage();
  await page.route(/atlas-engine[^/]*\.(js|wasm)$/, (r) => r.abort());
  const { url } = await serveFolder(distDir).then((s) => (s.server.unref(), s));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('engine-state')?.dataset.state === 'failed');
  assert.match(await page.locator('#engine-state').textContent(), /unavailable/);
  assert.ok(await page.getByText(entry.description.slice(0, 60)).isVisible());
  await context.close();
});

test('related entries not in this build are named once in plain words, say so once, and their route explains it', async () => {
  const p = await openPage();
  const missing = p.page.locator('#connections [data-missing="true"]');
  const names = await missing.allTextContents();
  const ids = [...new Set([...entry.related, ...entry.prerequisites])];
  assert.deepEqual(names.sort(), ids.map((id) => atlasNames[id]).sort(), 'each entry once, by its name');
  assert.equal(await p.page.locator('#connections a[data-missing]').count(), 0, 'no links that lead nowhere');
  assert.equal(
    (await p.page.locator('#connections').textContent()).match(/part of this build/g).length,
    2,
    'one note per list',
  );
  // A route from elsewhere (an old link) still explains itself.
  await p.page.evaluate(() => {
    location.hash = '#/entry/nccl';
  });
  await p.page.waitForSelector('#atlas-status .notice');
  assert.match(
    await p.page.locator('#atlas-status').textContent(),
    new RegExp(`“${atlasNames.nccl}” is not part of this build`),
  );
  await p.close();
});

test('served from a sub-path it works the same', async () => {
  const { server, url } = await serveFolder(distDir, { prefix: '/courses/ml-systems/atlas/' });
  const p = await openPage({ url });
  assert.equal(await p.page.evaluate(() => document.documentElement.dataset.engine), 'ready');
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
  server.close();
});

test('a deliberately broken entry: the build stops with the engine message and the page shows it', async () => {
  const out = mkdtempSync(join(tmpdir(), 'atlas-broken-'));
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ENTRY: 'tests/fixtures/broken-entry.json', ATLAS_DIST: out, ATLAS_SKIP_ENGINE: '1' },
  });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /\/check\/answer\s+answer_out_of_range/);
  assert.match(r.stderr, /\/name\s+missing_field/);
  const { server, url } = await serveFolder(out);
  const p = await openPage({ url, waitReady: false });
  assert.ok(await p.page.getByText('This atlas entry is invalid').isVisible());
  const errors = await p.page.locator('.errors li').allTextContents();
  assert.ok(
    errors.some((t) => t.includes('/sources/0/url') && t.includes('bad_url')),
    errors.join('\n'),
  );
  assert.equal(errors.length, 3);
  await p.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
});
