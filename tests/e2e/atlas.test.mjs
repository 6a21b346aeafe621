// An atlas of more than one entry: a fixture atlas (the seed entry, tests/fixtures/atlas/nccl.json
// with only the quiz module, mac.json with none) built into a folder of its own. Each entry has
// its page with only its modules' code; Connections link built entries and name the others;
// embeds offer the entry's own parts; progress is stored per entry; a broken module mapping
// stops the build with a message naming the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openPage, closeBrowser, browser } from './harness.mjs';
import { serveFolder } from '../../scripts/lib/static-server.mjs';
import { root } from '../../scripts/lib/paths.mjs';

const FIXTURES = join(root, 'tests/fixtures/atlas');
const dir = mkdtempSync(join(tmpdir(), 'atlas-fixture-'));
let site = null;

/** A content folder: the seed entry and the fixture's files, with `mapping` as atlas.json if given. */
function contentFolder(name, mapping) {
  const content = join(dir, name);
  rmSync(content, { recursive: true, force: true });
  mkdirSync(content, { recursive: true });
  copyFileSync(join(root, 'content/parallelism.json'), join(content, 'parallelism.json'));
  for (const f of readdirSync(FIXTURES).filter((x) => x.endsWith('.json')))
    copyFileSync(join(FIXTURES, f), join(content, f));
  if (mapping !== undefined)
    writeFileSync(join(content, 'atlas.json'), typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
  return content;
}

function build(content, dist) {
  return spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ATLAS_CONTENT: content, ATLAS_DIST: dist, ATLAS_ENTRY: '', ATLAS_SKIP_ENGINE: '1' },
  });
}

before(async () => {
  const out = join(dir, 'dist');
  const r = build(contentFolder('content'), out);
  assert.equal(r.status, 0, r.stderr);
  site = await serveFolder(out);
  site.server.unref();
});

after(async () => {
  site?.server.close();
  await closeBrowser();
  rmSync(dir, { recursive: true, force: true });
});

const scriptsFetched = (requests) =>
  ['lab', 'planner', 'quiz'].filter((m) =>
    requests.some((u) => new RegExp(`/${m}\\.[0-9a-f]{10}\\.js$`).test(new URL(u).pathname)),
  );

test('every entry has its own page; index.html stays the home entry', () => {
  const pages = readdirSync(join(dir, 'dist'))
    .filter((f) => f.endsWith('.html'))
    .sort();
  assert.deepEqual(pages, ['index.html', 'mac.html', 'nccl.html', 'parallelism.html']);
});

test('an entry with only the quiz: its page renders, loads only the quiz, and offers no "Show me"', async () => {
  const p = await openPage({ url: `${site.url}nccl.html` });
  const { page } = p;
  assert.match(await page.locator('h1').textContent(), /NCCL collectives/);
  assert.equal(await page.title(), 'NCCL collectives — Parallelism Atlas');
  assert.equal(await page.locator('#lab, #planner').count(), 0, 'no lab or explorer sections');
  assert.deepEqual(await page.locator('.toc a').allTextContents(), ['Overview', 'Mechanism', 'Check', 'Sources']);
  assert.deepEqual(scriptsFetched(p.record.requests), ['quiz']);
  assert.ok(await page.locator('#quiz-app').isVisible(), 'the graded question replaces the static one');
  // A wrong option about pipelines would get the explorer's "Show me" on the seed entry's page.
  await page.locator('#quiz-choices label', { hasText: 'Pipeline send and receive' }).click();
  await page.locator('#quiz-submit').click();
  await page.locator('.quiz-verdict').waitFor();
  assert.equal(await page.locator('.quiz-why, .quiz-show-me, .quiz-show-me-link').count(), 0);
  assert.deepEqual(p.record.consoleErrors, []);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
});

test('an entry with no modules gets the generic parts and no module code', async () => {
  const p = await openPage({ url: `${site.url}mac.html` });
  const { page } = p;
  assert.deepEqual(scriptsFetched(p.record.requests), []);
  assert.equal(await page.locator('#quiz-app, #lab-app, #planner-app').count(), 0);
  assert.ok(await page.locator('figure.equation math').first().isVisible(), 'the equation is typeset');
  await page.locator('#check summary').click();
  assert.match(await page.locator('#check .answer-reveal').textContent(), /A\. 24 — 2 × 4 outputs/);
  assert.deepEqual(await page.locator('.toc a').allTextContents(), [
    'Overview',
    'Mechanism',
    'Science',
    'Check',
    'Sources',
  ]);
  assert.equal(await page.locator('#open-embed').isEnabled(), true);
  await page.locator('#open-embed').click();
  assert.deepEqual(await page.locator('#embed-part option').allTextContents(), ['Entry text (no labs)']);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('Connections link the entries of this build and name the others as absent', async () => {
  const p = await openPage({ url: `${site.url}nccl.html` });
  const { page } = p;
  const related = page.locator('#connections a[data-entry="parallelism"]');
  assert.equal(await related.getAttribute('href'), 'index.html');
  assert.match(await related.textContent(), /parallelism/i);
  assert.deepEqual(await page.locator('#connections [data-missing="true"]').allTextContents(), ['rack']);
  assert.equal(await page.locator('#connections a[data-entry="mac"]').getAttribute('href'), 'mac.html');
  assert.equal(
    (await page.locator('#connections').textContent()).match(/part of this build/g).length,
    1,
    'one note, for the list with an absent entry',
  );
  await related.click();
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
  assert.match(new URL(page.url()).pathname, /\/index\.html$/);
  assert.ok(await page.locator('#planner-app').isVisible(), 'the seed entry keeps its modules');
  // On the seed entry's page the fixture's entries are links now, and an old route leads there.
  assert.equal(await page.locator('#connections a[data-entry="nccl"]').getAttribute('href'), 'nccl.html');
  assert.ok((await page.locator('#connections [data-missing="true"]').allTextContents()).includes('rack'));
  await page.evaluate(() => {
    location.hash = '#/entry/nccl';
  });
  await page.waitForURL(/\/nccl\.html$/);
  await page.evaluate(() => {
    location.hash = '#/entry/rack';
  });
  await page.locator('#atlas-status .notice').waitFor();
  assert.match(await page.locator('#atlas-status').textContent(), /“rack” is not part of this build/);
  await p.close();
});

test("embeds offer the entry's own parts; another entry's part is named as unknown", async () => {
  const q = await openPage({ url: `${site.url}nccl.html?embed=quiz` });
  assert.deepEqual(scriptsFetched(q.record.requests), ['quiz']);
  assert.ok(await q.page.locator('#quiz-app').isVisible());
  assert.equal(await q.page.locator('#planner').count(), 0);
  await q.close();
  const bad = await openPage({ url: `${site.url}nccl.html?embed=planner` });
  assert.match(
    await bad.page.locator('#atlas-status').textContent(),
    /Unknown embed part “planner”.*parts: entry, quiz/,
  );
  assert.deepEqual(scriptsFetched(bad.record.requests), ['quiz'], 'the whole page, with its one module');
  await bad.page.locator('#open-embed').click();
  assert.deepEqual(await bad.page.locator('#embed-part option').allTextContents(), [
    'Entry text (no labs)',
    'Check question and practice',
  ]);
  await bad.page.locator('#embed-part').selectOption('quiz');
  const snippet = await bad.page.locator('#embed-snippet').inputValue();
  assert.match(snippet, /nccl\.html\?embed=quiz"/);
  assert.match(snippet, /title="NCCL collectives — Check question and practice"/);
  await bad.close();
});

test("a link carries the settings of the page's own modules; another entry's are named as ignored", async () => {
  const p = await openPage({ url: `${site.url}nccl.html#v=1&open=quiz&quiz.seed=7&planner.tp=4` });
  assert.equal(await p.page.locator('#practice-meta').textContent(), 'Set 7, exercise 1');
  assert.match(
    await p.page.locator('[data-notes="link"]').textContent(),
    /settings for a part this page does not have/,
  );
  assert.equal(await p.page.evaluate(() => window.atlas.views.ids().join(',')), 'quiz');
  await p.close();
  // The seed entry's first links (#ranks=…, before links named their module) still open its lab.
  const old = await openPage({ url: `${site.url}index.html#ranks=32` });
  assert.equal(Number(await old.page.evaluate(() => window.atlas.views.get('lab').getState().ranks)), 32);
  await old.close();
});

test('progress is stored per entry: two entries, two keys, neither overwrites the other', async () => {
  const b = await browser();
  const context = await b.newContext();
  const page = await context.newPage();
  const answer = async (path, text) => {
    await page.goto(`${site.url}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
    await page.locator('#quiz-choices label', { hasText: text }).first().click();
    await page.locator('#quiz-submit').click();
    await page.locator('.quiz-verdict').waitFor();
  };
  await answer('nccl.html#check', 'All-reduce');
  await answer('index.html#check', 'Tensor parallelism');
  const stored = await page.evaluate(() =>
    Object.fromEntries(Object.keys(localStorage).map((k) => [k, JSON.parse(localStorage.getItem(k))])),
  );
  assert.deepEqual(Object.keys(stored).sort(), [
    'parallelism-atlas:nccl:quiz:v1',
    'parallelism-atlas:parallelism:quiz:v1',
  ]);
  assert.equal(stored['parallelism-atlas:nccl:quiz:v1'].entry, 'nccl');
  assert.equal(stored['parallelism-atlas:nccl:quiz:v1'].check.choice, 0);
  assert.equal(stored['parallelism-atlas:parallelism:quiz:v1'].entry, 'parallelism');
  // Back on the fixture entry, its own answer is restored.
  await page.goto(`${site.url}nccl.html#check`);
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
  assert.equal(await page.locator('.quiz-verdict').textContent(), 'Right.');
  await context.close();
});

test('a broken module mapping stops the build with a message naming the field', () => {
  const cases = [
    [
      { home: 'parallelism', modules: { nccl: ['quiz', 'labb'] } },
      /content-bad\/atlas\.json is invalid:\n\s+\/modules\/nccl\/1\s+unknown_module: “labb” is not a module \(modules: lab, planner, network, quiz\)/,
    ],
    [{ home: 'nope', modules: {} }, /\/home\s+unknown_entry: home names “nope”/],
    [{ modules: { nccl: 'quiz' } }, /\/home\s+missing_field[\s\S]*\/modules\/nccl\s+wrong_type/],
    ['{"home": ', /\/\s+invalid_json: The module mapping is not valid JSON/],
  ];
  for (const [mapping, message] of cases) {
    const r = build(contentFolder('content-bad', mapping), join(dir, 'dist-bad'));
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
  }
});
