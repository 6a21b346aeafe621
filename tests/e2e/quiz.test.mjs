// The check question and practice panel as a learner meets them in Chromium: keyboard only,
// progress across reloads, bad or blocked storage, "Show me", and the xAPI-shaped message an
// embedding course page receives. Screenshots of the quiz area go to build/quiz-shots/.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, closeBrowser, browser, siteUrl } from './harness.mjs';
import { serveFolder } from '../../scripts/lib/static-server.mjs';
import { root } from '../../scripts/lib/paths.mjs';

const entry = JSON.parse(readFileSync(join(root, 'content/parallelism.json'), 'utf8'));
const KEY = 'parallelism-atlas:parallelism:quiz:v1';
// The one key of the atlas before entries had pages of their own.
const LEGACY_KEY = 'parallelism-atlas:quiz:v1';
const RIGHT = entry.check.options[entry.check.answer];
const WRONG = entry.check.options[0];
after(closeBrowser);

/** Position of an option in the (learner-specific, shuffled) radio group. */
async function positionOf(page, text) {
  const labels = await page.locator('#quiz-choices label').allTextContents();
  const k = labels.findIndex((l) => l.endsWith(text));
  assert.ok(k >= 0, `option ${text} among ${labels}`);
  return k;
}

/** Selects option `text` with the keyboard only: focus lands on the group, arrows move, Tab, Enter. */
async function answerByKeyboard(page, text) {
  const target = await positionOf(page, text);
  await page.locator('#quiz-choice-0').focus(); // where Tab enters an unselected radio group
  await page.keyboard.press('Space');
  for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator(`#quiz-choice-${target}`).isChecked(), true);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'quiz-submit');
  await page.keyboard.press('Enter');
}

// The explorer is started only where a test uses it ("Show me"): the others read the check alone.
test('keyboard only: a wrong answer, the explanation, Try again, then the right answer', async () => {
  const p = await openPage({ path: '#check', allParts: false });
  const { page } = p;
  assert.equal(await page.locator('.check-static').isVisible(), false, 'the static list gives way');
  assert.equal(await page.locator('#quiz-choices input[type=radio]').count(), entry.check.options.length);
  assert.equal(await page.locator('#quiz-legend').textContent(), entry.check.question);

  await answerByKeyboard(page, WRONG);
  assert.match(await page.locator('.quiz-verdict').textContent(), /Not quite/);
  // A first wrong answer leaves the right one to find: no mark on it, no explanation yet.
  assert.equal(await page.locator('.quiz-choice[data-state="correct"]').count(), 0);
  assert.equal(await page.locator('.quiz-explanation').count(), 0);
  assert.doesNotMatch(await page.locator('#quiz-feedback').textContent(), new RegExp(RIGHT));
  assert.equal(
    await page
      .locator('.quiz-choice[data-state="wrong"] label')
      .textContent()
      .then((t) => t.endsWith(WRONG)),
    true,
  );
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'quiz-retry');
  // The focused row shows a visible ring (keyboard focus on a radio styles the whole row).
  await page.keyboard.press('Enter'); // Try again
  assert.equal(await page.locator('.quiz-verdict').count(), 0);
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement.closest('.quiz-choice')).outlineStyle);
  assert.equal(ring, 'solid');

  await answerByKeyboard(page, RIGHT);
  assert.equal(await page.locator('.quiz-verdict').textContent(), 'Right.');
  assert.equal(await page.locator('.quiz-choice[data-state="correct"]').count(), 1);
  assert.equal(await page.locator('.quiz-explanation').textContent(), entry.check.explanation);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('a link picks the practice exercise (quiz.seed, quiz.index); a bad value falls back with a note', async () => {
  const p = await openPage({ path: '#v=1&quiz.seed=7&quiz.index=1', allParts: false });
  const { page } = p;
  assert.equal(await page.locator('#practice-meta').textContent(), 'Set 7, exercise 2');
  const expected = await page.evaluate(
    () => window.atlas.engine.run('practice', { seed: 7, index: 1 }).exercise.question,
  );
  assert.equal(await page.locator('#practice-question').textContent(), expected);
  await p.close();
  const bad = await openPage({ path: '#v=1&quiz.seed=-3', allParts: false });
  assert.match(await bad.page.locator('#atlas-status').textContent(), /“Exercise set”/);
  await bad.close();
});

test('"Show me" on a wrong option sets the split explorer, or links to it when it is absent', async () => {
  const p = await openPage({ path: '#check' });
  const { page } = p;
  await answerByKeyboard(page, WRONG);
  const hasPlanner = await page.evaluate(() => Boolean(window.atlas.views.get('planner')));
  if (hasPlanner) {
    await page.locator('button.quiz-show-me[data-demo="pipeline"]').click();
    const state = await page.evaluate(() => window.atlas.views.get('planner').getState());
    assert.equal(Number(state.pp), 4);
    assert.equal(Number(state.tp), 1);
    assert.match(await page.locator('.quiz-demo-note').textContent(), /pipeline stages|not accept/);
    // The pipeline it shows is drawn block by block: a few micro-batches, not the explorer's 1,536.
    await page.locator('#planner-gantt svg.gantt-svg').waitFor();
    assert.match(await page.locator('#planner-gantt .gantt-summary').textContent(), /4 stages, 8 micro-batches/);
    assert.ok((await page.locator('#planner-gantt text.gantt-mb').count()) >= 8);
    // Only the chosen option is explained until the answer is asked for; then every wrong one.
    assert.equal(await page.locator('button.quiz-show-me[data-demo="data"]').count(), 0);
    await page.locator('#check button.quiz-reveal').click();
    assert.match(await page.locator('.quiz-verdict').textContent(), /the answer is/);
    assert.equal(await page.locator('.quiz-choice[data-state="correct"]').count(), 1);
    await page.locator('button.quiz-show-me[data-demo="data"]').click();
    assert.equal(Number(await page.evaluate(() => window.atlas.views.get('planner').getState().dp)), 4);
    // The explorer says what it now shows and leads back to the question (one note, not two).
    assert.equal(await page.locator('#planner .quiz-way-back').count(), 1);
    assert.match(await page.locator('#planner .quiz-way-back').textContent(), /data-parallel replicas/);
    await page.locator('#planner .quiz-way-back a').click();
    assert.equal(await page.evaluate(() => document.activeElement?.closest('#check') !== null), true);
    assert.equal(await page.locator('#planner .quiz-way-back').count(), 0);
  } else {
    assert.equal(await page.locator('a.quiz-show-me-link[data-demo="pipeline"]').getAttribute('href'), '#planner');
  }
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('progress survives a reload: the check answer, the practice exercise, its feedback and the score', async () => {
  const p = await openPage({ path: '#check', allParts: false });
  const { page } = p;
  await answerByKeyboard(page, RIGHT);
  const order = await page.locator('#quiz-choices label').allTextContents();
  const question = await page.locator('#practice-question').textContent();
  const answer = await page.evaluate(() => {
    const s = window.atlas.views.get('quiz').getState();
    return window.atlas.engine.run('practice', { seed: s.seed, index: s.index }).exercise.answer;
  });
  await page.locator('#practice-answer').focus();
  await page.keyboard.type(String(answer));
  await page.keyboard.press('Enter');
  assert.match(await page.locator('.practice-verdict').textContent(), /Correct/);
  assert.match(await page.locator('#practice-score').textContent(), /1 of 1/);
  assert.ok((await page.locator('.practice-solution li').count()) >= 2);

  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
  assert.deepEqual(await page.locator('#quiz-choices label').allTextContents(), order, 'same shuffle');
  assert.equal(await page.locator('.quiz-verdict').textContent(), 'Right.');
  assert.equal(await page.locator('#practice-question').textContent(), question);
  assert.match(await page.locator('.practice-verdict').textContent(), /Correct/);
  assert.match(await page.locator('#practice-score').textContent(), /1 of 1/);

  // New exercise by keyboard; a wrong typed answer gets feedback and the worked solution.
  await page.locator('#practice-next').focus();
  await page.keyboard.press('Enter');
  assert.notEqual(await page.locator('#practice-question').textContent(), question);
  await page.keyboard.type('0.5'); // every answer is at least 1, so this is always wrong
  await page.keyboard.press('Enter');
  assert.match(await page.locator('.practice-verdict').textContent(), /✗/);
  assert.match(await page.locator('#practice-score').textContent(), /1 of 2/);
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
  assert.equal(stored.version, 1);
  assert.equal(Object.keys(stored.practice.answers).length, 2);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('corrupt, foreign and future-version progress is dropped silently; blocked storage still works', async () => {
  for (const bad of [
    '{not json',
    '"text"',
    JSON.stringify({ version: 2, entry: 'parallelism' }),
    JSON.stringify({
      version: 1,
      entry: 'nccl',
      orderSeed: 1,
      check: null,
      practice: { seed: 1, index: 0, answers: {} },
    }),
    JSON.stringify({ version: 1, entry: 'parallelism', orderSeed: -5, check: { choice: 'x' }, practice: null }),
  ]) {
    const p = await openPage({ path: '#check', allParts: false, storage: { [KEY]: bad } });
    const { page } = p;
    assert.equal(await page.locator('.quiz-verdict').count(), 0, bad);
    assert.match(await page.locator('#practice-score').textContent(), /no exercises/);
    assert.equal(await page.locator('#check .notice-error').count(), 0, 'nothing is shown about it');
    await answerByKeyboard(page, RIGHT);
    assert.equal(
      JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)).version,
      1,
      'replaced with good data',
    );
    assert.deepEqual([...p.record.pageErrors, ...p.record.consoleErrors], []);
    await p.close();
  }

  // Progress from before entries had their own keys is still the learner's: it is restored and
  // kept under the entry's key from then on.
  const legacy = {
    version: 1,
    entry: 'parallelism',
    orderSeed: 11,
    check: { choice: entry.check.answer, correct: true },
    practice: { seed: 11, index: 0, answers: {} },
  };
  const old = await openPage({ path: '#check', allParts: false, storage: { [LEGACY_KEY]: JSON.stringify(legacy) } });
  const oldPage = old.page;
  assert.equal(await oldPage.locator('.quiz-verdict').textContent(), 'Right.');
  await oldPage.locator('#practice-next').click();
  const kept = JSON.parse(await oldPage.evaluate((k) => localStorage.getItem(k), KEY));
  assert.equal(kept.orderSeed, 11);
  assert.equal(kept.practice.index, 1);
  await old.close();

  // Blocked storage: a context of its own, whose pages all see a throwing localStorage.
  const b = await browser();
  const site = await siteUrl();
  const context = await b.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site}#check`);
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready');
  await answerByKeyboard(page, WRONG);
  assert.match(await page.locator('.quiz-verdict').textContent(), /Not quite/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('embedded: each graded answer reaches the parent page as an xAPI-shaped "answered" message', async () => {
  const site = await siteUrl();
  const dir = mkdtempSync(join(tmpdir(), 'atlas-quiz-host-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Course</title>
<iframe id="atlas" title="Check" width="900" height="1400" src="${site}index.html?embed=quiz"></iframe>
<script>window.messages=[];addEventListener('message',e=>{if(e.data&&e.data.type==='atlas:answered')messages.push({origin:e.origin,data:e.data})});</script>`,
  );
  const host = await serveFolder(dir); // another port: another origin, as on a real course site
  host.server.unref(); // a failed assertion must not leave the process waiting on the server
  const b = await browser();
  const context = await b.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.url);
  const frame = page.frameLocator('#atlas');
  await frame.locator('html[data-engine="ready"]').waitFor({ timeout: 20000 });
  const labels = await frame.locator('#quiz-choices label').allTextContents();
  await frame.locator(`#quiz-choice-${labels.findIndex((l) => l.endsWith(WRONG))}`).check();
  await frame.locator('#quiz-submit').click();
  await page.waitForFunction(() => window.messages.length >= 1);
  const [first] = await page.evaluate(() => window.messages);
  assert.equal(first.origin, new URL(site).origin);
  const s = first.data;
  assert.equal(s.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(s.object.id, 'urn:parallelism-atlas:parallelism:check');
  assert.equal(s.object.definition.interactionType, 'choice');
  assert.deepEqual(s.object.definition.correctResponsesPattern, ['tensor-parallelism']);
  assert.equal(s.result.response, 'pipeline-parallelism-only');
  assert.equal(s.result.success, false);
  assert.deepEqual(s.result.score, { raw: 0, min: 0, max: 1, scaled: 0 });
  assert.match(s.result.duration, /^PT(\d+H)?(\d+M)?\d+(\.\d+)?S$/);

  const answer = await frame.locator('#practice-question').evaluate(() => {
    const st = window.atlas.views.get('quiz').getState();
    return window.atlas.engine.run('practice', { seed: st.seed, index: st.index }).exercise.answer;
  });
  await frame.locator('#practice-answer').fill(String(answer));
  await frame.locator('#practice-submit').click();
  await page.waitForFunction(() => window.messages.length >= 2);
  const second = (await page.evaluate(() => window.messages))[1].data;
  assert.equal(second.object.definition.interactionType, 'numeric');
  assert.match(second.object.id, /^urn:parallelism-atlas:parallelism:practice:\d+-0$/);
  assert.equal(second.result.success, true);
  assert.equal(second.result.score.scaled, 1);
  assert.equal(Number(second.result.response), answer);
  await context.close();
  await new Promise((resolve) => host.server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test('screenshots of the quiz area at 375 px and 1280 px; nothing overflows sideways', async () => {
  const out = join(root, 'build', 'quiz-shots');
  mkdirSync(out, { recursive: true });
  for (const width of [375, 1280]) {
    const p = await openPage({ path: '#check', width, height: 900, allParts: false });
    await answerByKeyboard(p.page, WRONG);
    await p.page.locator('#practice-answer').fill('0.5');
    await p.page.locator('#practice-submit').click();
    const box = await p.page.locator('#check').boundingBox();
    assert.ok(box.width <= width, `#check is ${box.width}px wide at ${width}px`);
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, `page scrolls sideways by ${overflow}px at ${width}px`);
    // The sticky contents bar would be stitched into a tall element shot; hide it for the picture.
    await p.page.evaluate(() => {
      const toc = document.querySelector('.toc');
      if (toc) toc.style.visibility = 'hidden';
    });
    await p.page.locator('#check').screenshot({ path: join(out, `quiz-${width}.png`) });
    await p.close();
  }
});

test('in a quiz embed, "Show me" links to the whole page\'s split explorer, in a new tab', async () => {
  const p = await openPage({ path: 'index.html?embed=quiz#check', allParts: false });
  const { page } = p;
  await answerByKeyboard(page, WRONG);
  const link = page.locator('a.quiz-show-me-link[data-demo="pipeline"]');
  const href = await link.getAttribute('href');
  // The same page without the embed query, at the explorer.
  assert.equal(new URL(href).search, '');
  assert.equal(new URL(href).hash, '#planner');
  assert.match(new URL(href).pathname, /index\.html$/);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
