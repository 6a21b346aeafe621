// The SCORM 1.2 course package in Chromium: unpacked from its zip and launched in an iframe of a
// stub LMS page whose window.API records every call, the check question answered wrong and then
// right reports the engine's grading (score and status), commits, and finishes when the LMS
// unloads the SCO. The packaged page without an LMS (its own tab, file://) works as the site does.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browser, closeBrowser, openPage } from './harness.mjs';
import { serveFolder } from '../../scripts/lib/static-server.mjs';
import { distDir, root } from '../../scripts/lib/paths.mjs';
import { scormPackages } from '../../scripts/lib/scorm.mjs';
import { folderFiles, unzip, zip } from '../../scripts/lib/zip.mjs';

const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));
const RIGHT = entry.check.options[entry.check.answer];
const WRONG = entry.check.options[0];
const KEY = `parallelism-atlas:${entry.id}:quiz:v1`;
after(closeBrowser);

// The stub LMS: the SCORM 1.2 API on the page that frames the SCO, answering as an LMS does
// ("true"/"false" strings; nothing before LMSInitialize or after LMSFinish) and recording each
// call with its answer.
const LMS_PAGE = (launch) => `<!doctype html><meta charset="utf-8"><title>Stub LMS</title>
<script>
window.lmsCalls = [];
const data = { 'cmi.core.lesson_status': 'not attempted', 'cmi.core.score.raw': '' };
let state = 'new';
const call = (name, args, answer) => (window.lmsCalls.push({ name, args, answer }), answer);
const open = () => state === 'running';
window.API = {
  LMSInitialize: (a) => call('LMSInitialize', [a], state === 'new' && a === '' ? ((state = 'running'), 'true') : 'false'),
  LMSFinish: (a) => call('LMSFinish', [a], open() && a === '' ? ((state = 'finished'), 'true') : 'false'),
  LMSGetValue: (k) => call('LMSGetValue', [k], open() ? (data[k] ?? '') : ''),
  LMSSetValue: (k, v) => call('LMSSetValue', [k, v], open() && typeof v === 'string' ? ((data[k] = v), 'true') : 'false'),
  LMSCommit: (a) => call('LMSCommit', [a], open() && a === '' ? 'true' : 'false'),
  LMSGetLastError: () => '0',
  LMSGetErrorString: () => '',
  LMSGetDiagnostic: () => '',
};
</script>
<iframe id="sco" title="Course activity" src="${launch}" width="1000" height="800"></iframe>`;

/** The course package `key` as an LMS unpacks it: zipped, unzipped into a folder of its own. */
async function unpack(key) {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const course = (await scormPackages(folderFiles(distDir), version)).find((p) => p.key === key);
  assert.ok(course, `a package ${key}`);
  const dir = mkdtempSync(join(tmpdir(), 'atlas-sco-'));
  for (const { name, data } of unzip(zip(course.files))) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return { dir, launch: course.launch };
}

/**
 * Serves the unpacked package under /sco/ and the stub LMS at /lms/, one origin, as an LMS
 * serves both; opens the LMS page. The caller closes.
 */
async function launchInLms(key) {
  const { dir, launch } = await unpack(key);
  const { server, port } = await serveFolder(dir, {
    prefix: '/sco/',
    // The LMS's own page and icon (the browser asks for /favicon.ico).
    extra: {
      '/lms/index.html': LMS_PAGE(`/sco/${launch}`),
      '/favicon.ico': readFileSync(join(root, 'web/static/favicon.ico')),
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const b = await browser();
  const context = await b.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const record = { errors: [], offSite: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') record.errors.push(m.text());
  });
  page.on('pageerror', (e) => record.errors.push(String(e)));
  page.on('request', (r) => {
    if (!r.url().startsWith(`${origin}/`) && !/^(data|blob|about):/.test(r.url())) record.offSite.push(r.url());
  });
  await page.goto(`${origin}/lms/index.html`);
  const frame = page.frameLocator('#sco');
  await frame.locator('html[data-engine="ready"]').waitFor({ timeout: 20000 });
  const sco = await (await page.locator('#sco').elementHandle()).contentFrame();
  const close = async () => {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { page, frame, sco, record, close };
}

/** Waits until the LMS has recorded a call matching `test`; returns all calls so far. */
async function waitForCall(page, name, ...args) {
  await page.waitForFunction(
    ([n, a]) => window.lmsCalls.some((c) => c.name === n && a.every((v, i) => c.args[i] === v)),
    [name, args],
    { timeout: 10000 },
  );
  return page.evaluate(() => window.lmsCalls);
}

/** Answers `text` by clicking, as a learner does; returns the engine's own grading of it. */
async function answer(sco, text) {
  const labels = await sco.locator('#quiz-choices label').allTextContents();
  const k = labels.findIndex((l) => l.endsWith(text));
  assert.ok(k >= 0, `option ${text} among ${labels}`);
  await sco.locator(`label[for="quiz-choice-${k}"]`).click();
  await sco.locator('#quiz-submit').click();
  await sco.locator('.quiz-verdict').waitFor();
  // What the engine answers for this position in this learner's order, asked apart from the page.
  return sco.evaluate(
    ([key, check, position]) => {
      const { orderSeed } = JSON.parse(localStorage.getItem(key));
      return window.atlas.engine.run('quiz', { check, seed: orderSeed, answer: position });
    },
    [KEY, entry.check, k],
  );
}

const sets = (calls) => calls.filter((c) => c.name === 'LMSSetValue').map((c) => [c.args[0], c.args[1]]);

test('the check-question package in a stub LMS: initialize, the engine’s score and status per answer, commit, finish on unload', async () => {
  const lms = await launchInLms('parallelism-check');
  const { page, sco } = lms;
  let calls = await waitForCall(page, 'LMSInitialize', '');
  assert.equal(calls[0].name, 'LMSInitialize', 'the first call');
  calls = await waitForCall(page, 'LMSSetValue', 'cmi.core.lesson_status', 'incomplete');

  const wrong = await answer(sco, WRONG);
  assert.equal(wrong.correct, false);
  calls = await waitForCall(page, 'LMSSetValue', 'cmi.core.lesson_status', 'failed');
  await sco.locator('#quiz-retry').click();
  const right = await answer(sco, RIGHT);
  assert.equal(right.correct, true);
  calls = await waitForCall(page, 'LMSSetValue', 'cmi.core.lesson_status', 'passed');
  const percent = (graded) => String(graded.score.scaled * 100);
  assert.deepEqual(sets(calls), [
    ['cmi.core.lesson_status', 'incomplete'],
    ['cmi.core.score.min', '0'],
    ['cmi.core.score.max', '100'],
    ['cmi.core.score.raw', percent(wrong)],
    ['cmi.core.lesson_status', 'failed'],
    ['cmi.core.score.min', '0'],
    ['cmi.core.score.max', '100'],
    ['cmi.core.score.raw', percent(right)],
    ['cmi.core.lesson_status', 'passed'],
  ]);
  assert.deepEqual([percent(wrong), percent(right)], ['0', '100']);
  // Each answer is committed right after its status.
  const names = calls.map((c) => c.name);
  const statusAt = (v) => calls.findIndex((c) => c.args[0] === 'cmi.core.lesson_status' && c.args[1] === v);
  for (const v of ['failed', 'passed']) assert.equal(names[statusAt(v) + 1], 'LMSCommit', `commit after ${v}`);

  // The LMS closes the activity: the SCO's frame navigates away.
  await page.evaluate(() => {
    document.getElementById('sco').src = 'about:blank';
  });
  calls = await waitForCall(page, 'LMSFinish', '');
  assert.equal(calls.at(-1).name, 'LMSFinish', 'nothing after LMSFinish');
  assert.equal(calls.filter((c) => c.name === 'LMSFinish').length, 1);
  assert.match(sets(calls).find(([k]) => k === 'cmi.core.session_time')[1], /^\d{2,4}:\d{2}:\d{2}\.\d{2}$/);
  assert.equal(names.filter((n) => n === 'LMSInitialize').length, 1);
  assert.deepEqual(
    calls.filter((c) => c.name !== 'LMSGetValue' && c.answer !== 'true'),
    [],
    'the LMS accepted every call',
  );
  assert.deepEqual(lms.record.offSite, [], 'no request leaves the LMS’s origin');
  assert.deepEqual(lms.record.errors, []);
  await lms.close();
});

test('the whole-entry package in a stub LMS reports the check question further down the page', async () => {
  const lms = await launchInLms('parallelism');
  const { page, sco } = lms;
  await waitForCall(page, 'LMSSetValue', 'cmi.core.lesson_status', 'incomplete');
  await sco.locator('#check').scrollIntoViewIfNeeded();
  await sco.locator('#quiz-choices label').first().waitFor({ timeout: 20000 });
  const right = await answer(sco, RIGHT);
  const calls = await waitForCall(page, 'LMSSetValue', 'cmi.core.lesson_status', 'passed');
  assert.deepEqual(
    sets(calls).find(([k]) => k === 'cmi.core.score.raw'),
    ['cmi.core.score.raw', String(right.score.scaled * 100)],
  );
  assert.deepEqual(lms.record.offSite, []);
  assert.deepEqual(lms.record.errors, []);
  await lms.close();
});

test('without an LMS the packaged page works as the site does: in its own tab and from file://', async () => {
  const { dir, launch } = await unpack('parallelism-check');
  const { server, url } = await serveFolder(dir);
  for (const address of [url + launch, `${pathToFileURL(join(dir, 'parallelism.html')).href}?embed=quiz`]) {
    const p = await openPage({ url: address });
    await p.page.locator('#quiz-choices label').first().waitFor();
    const labels = await p.page.locator('#quiz-choices label').allTextContents();
    await p.page.locator(`label[for="quiz-choice-${labels.findIndex((l) => l.endsWith(RIGHT))}"]`).click();
    await p.page.locator('#quiz-submit').click();
    assert.equal(await p.page.locator('.quiz-verdict').textContent(), 'Right.', address);
    assert.equal(await p.page.locator('#atlas-scorm12').count(), 1, 'the adapter is on the page');
    assert.deepEqual(p.record.pageErrors, [], address);
    assert.deepEqual(p.record.consoleErrors, [], address);
    assert.deepEqual(await p.csp(), [], address);
    await p.close();
  }
  server.close();
  rmSync(dir, { recursive: true, force: true });
});
