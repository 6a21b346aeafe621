// Embedding and offline hosting: iframes on a host page resize to their content, the handshake
// answers, instructor flags hide and lock controls, bad embed parameters are named, and an XSS
// corpus in the content and in the URL renders inert.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openPage, closeBrowser, browser, siteUrl, serveHostPage } from './harness.mjs';
import { serveFolder } from '../../scripts/lib/static-server.mjs';
import { unzip as readZip } from '../../scripts/lib/zip.mjs';
import { root } from '../../scripts/lib/paths.mjs';

after(closeBrowser);

const XSS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload="window.__pwned=1">',
  'javascript:window.__pwned=1',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '$& $` $\' </textarea><iframe srcdoc="<script>parent.__pwned=1</script>">',
];

async function hostPage(parts) {
  const site = await siteUrl();
  const frames = parts
    .map(
      (p) =>
        `<h2>${p}</h2><iframe data-atlas-embed id="f-${p}" title="${p}" src="${site}index.html?embed=${p}"></iframe>`,
    )
    .join('\n');
  const html = `<!doctype html><meta charset="utf-8"><title>Course page</title><body>${frames}
<script>window.messages=[];addEventListener('message',e=>messages.push(e.data));</script>
<script src="${site}atlas-host.js"></script></body>`;
  return serveHostPage(html);
}

test('each embed part in an iframe on a host page resizes to its content and answers the handshake', async (t) => {
  const parts = ['entry', 'lab', 'network', 'planner', 'quiz'];
  const host = await hostPage(parts);
  t.after(() => {
    host.server.close();
    rmSync(host.dir, { recursive: true, force: true });
  });
  const b = await browser();
  const context = await b.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(host.url);
  for (const part of parts) {
    const frame = page.frameLocator(`#f-${part}`);
    await frame.locator('html[data-engine="ready"]').waitFor({ timeout: 20000 });
    // The host script sets the height from atlas:resize; wait until it matches the content.
    await page
      .waitForFunction(
        (id) => {
          const f = document.getElementById(id);
          const doc = f.contentDocument;
          const content = doc ? doc.documentElement.scrollHeight : null;
          return content !== null
            ? Math.abs(f.getBoundingClientRect().height - content) <= 2 && content > 150
            : parseFloat(f.style.height) > 150;
        },
        `f-${part}`,
        { timeout: 30000 },
      )
      .catch(async () => {
        // Cross-origin frames hide contentDocument; compare with the height the frame reported.
        const reported = await page.evaluate((id) => parseFloat(document.getElementById(id).style.height), `f-${part}`);
        assert.ok(reported > 150, `${part}: frame height ${reported}`);
      });
    // Content may still grow (charts, fonts); the frame must follow it. Inside the frame its own
    // viewport height is the iframe's height, so the condition is waited for there (cross-origin).
    const inside = await (await page.locator(`#f-${part}`).elementHandle()).contentFrame();
    await inside
      .waitForFunction(() => Math.abs(document.documentElement.scrollHeight - window.innerHeight) <= 2, null, {
        timeout: 30000,
      })
      .catch(() => {});
    const inner = await frame.locator('html').evaluate((el) => el.scrollHeight);
    const outer = await page.locator(`#f-${part}`).evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(Math.abs(inner - outer) <= 2, `${part}: iframe ${outer}px vs content ${inner}px`);
    assert.equal(await frame.locator('.site-bar').isVisible(), false, `${part}: chrome hidden`);
  }
  const types = await page.evaluate(() => window.messages.map((m) => m && m.type));
  assert.ok(types.includes('atlas:welcome'), `handshake answered: ${types.join(',')}`);
  assert.ok(types.includes('atlas:resize'));
  assert.equal(await page.frameLocator('#f-lab').locator('#planner').isVisible(), false);
  assert.equal(await page.frameLocator('#f-entry').locator('#overview').isVisible(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad embed, theme and flag values are named on the page and ignored', async () => {
  const p = await openPage({ path: 'index.html?embed=sidebar&theme=neon&hide=ranks,%3Cb%3E' });
  const notes = await p.page.locator('[data-notes="link"]').textContent();
  assert.match(notes, /Unknown embed part “sidebar”/);
  assert.match(notes, /Unknown theme “neon”/);
  assert.match(notes, /Ignored hide entry “<b>”/);
  assert.equal(await p.page.locator('.site-bar').isVisible(), true);
  await p.close();
});

test('a part is also named by its section: ?embed=check shows the check question alone, with no note', async () => {
  const p = await openPage({ path: 'index.html?embed=check' });
  assert.equal(await p.page.locator('#check').isVisible(), true);
  for (const other of ['#overview', '#lab', '#planner', '#history'])
    assert.equal(await p.page.locator(other).isVisible(), false, other);
  assert.equal(await p.page.locator('[data-notes="link"]').isVisible(), false);
  assert.equal(await p.page.evaluate(() => document.documentElement.dataset.embed), 'quiz');
  await p.close();
});

test('theme=dark applies the dark palette regardless of the system setting', async () => {
  const p = await openPage({ path: 'index.html?embed=entry&theme=dark', colorScheme: 'light' });
  const bg = await p.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(17, 20, 23)');
  await p.close();
});

test('XSS in the URL renders inert', async () => {
  for (const payload of XSS) {
    const q = encodeURIComponent(payload);
    const p = await openPage({ path: `index.html?embed=${q}&theme=${q}&hide=${q}#v=1&lab.ranks=${q}&${q}=${q}` });
    assert.equal(await p.page.evaluate(() => window.__pwned), undefined, payload);
    assert.equal(
      await p.page.locator('#atlas-status script, #atlas-status img, #atlas-status svg, #atlas-status iframe').count(),
      0,
    );
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  }
});

test('XSS in the content renders inert and as text', async () => {
  const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));
  let i = 0;
  const poison = (s) => `${s} ${XSS[i++ % XSS.length]}`;
  for (const key of [
    'name',
    'shortName',
    'role',
    'description',
    'tradeoff',
    'whyAI',
    'misconception',
    'branch',
    'scale',
    'learningObjective',
    'engineeringExample',
    'labScope',
  ])
    entry[key] = poison(entry[key]);
  entry.specs = entry.specs.map((s) => ({ ...s, label: poison(s.label), context: poison(s.context) }));
  entry.mechanism = entry.mechanism.map(poison);
  entry.check.options = entry.check.options.map(poison);
  entry.check.question = poison(entry.check.question);
  entry.science[0].equation = `${entry.science[0].equation} <script>window.__pwned=1</script>`;
  entry.history[0].title = poison(entry.history[0].title);
  entry.sources[0].title = poison(entry.sources[0].title);
  const dir = mkdtempSync(join(tmpdir(), 'atlas-xss-'));
  writeFileSync(join(dir, 'entry.json'), JSON.stringify(entry));
  const out = join(dir, 'dist');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ATLAS_ENTRY: join(dir, 'entry.json'), ATLAS_DIST: out, ATLAS_SKIP_ENGINE: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
  const { server, url } = await serveFolder(out);
  const p = await openPage({ url });
  assert.equal(await p.page.evaluate(() => window.__pwned), undefined);
  assert.equal(await p.page.locator('main script, main img, main svg[onload], main iframe').count(), 0);
  assert.ok(await p.page.getByText('<script>window.__pwned=1</script>').first().isVisible());
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(await p.csp(), []);
  await p.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('npm run package writes a zip whose manifest matches dist/', () => {
  const r = spawnSync(process.execPath, ['scripts/package.mjs', '--no-build'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const manifest = readFileSync(join(root, 'artifacts', `parallelism-atlas-${version}.SHA256SUMS`), 'utf8');
  assert.match(manifest, /^[0-9a-f]{64} {2}index\.html$/m);
  assert.match(manifest, /^[0-9a-f]{64} {2}atlas-engine\.[0-9a-f]{10}\.wasm$/m);
  assert.match(manifest, /^[0-9a-f]{64} {2}atlas-engine-file\.[0-9a-f]{10}\.js$/m);
  // The SCORM 1.2 course packages beside it (tests/js/scorm-package.test.mjs checks their content).
  for (const key of ['parallelism', 'parallelism-check']) {
    const course = readZip(readFileSync(join(root, 'artifacts', `parallelism-atlas-${version}-scorm12-${key}.zip`)));
    assert.equal(course[0].name, 'imsmanifest.xml', key);
    assert.match(r.stdout, new RegExp(`scorm12-${key}\\.zip \\(SCORM 1\\.2`));
  }
  const unzip = spawnSync(
    'python3',
    [
      '-c',
      `import zipfile,sys;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(len(z.namelist()))`,
      join(root, 'artifacts', `parallelism-atlas-${version}.zip`),
    ],
    { encoding: 'utf8' },
  );
  if (unzip.error) return; // python3 absent: the manifest checks above still ran
  assert.equal(unzip.status, 0, unzip.stderr);
  assert.equal(Number(unzip.stdout.trim()), manifest.trim().split('\n').length + 1);
});

test('inside an embed a link to another site opens a new tab; from file:// the Embed dialog says the snippet works only here', async () => {
  const p = await openPage({ path: 'index.html?embed=lab', fresh: true }); // routes and a popup: a context of its own
  await p.context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
  await p.page.locator('button[data-preset="nvlink"]').click();
  const link = p.page.locator('#lab-preset-basis a').first();
  const [popup] = await Promise.all([p.context.waitForEvent('page'), link.click()]);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(p.page.url(), /embed=lab/, 'the frame stays on the exercise');
  await popup.close();
  await p.close();
  const f = await openPage({ file: true });
  await f.page.locator('#open-embed').click();
  assert.match(await f.page.locator('.embed-dialog .notice-warn').textContent(), /open from a file on this computer/);
  await f.close();
});
