// Messages at fields, as a learner types: half-typed numbers wait until the field is left,
// messages use the field's own units, an impossible split never reaches a link, and empty or
// out-of-range values in links and fields are named rather than silently replaced.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const message = (page, name) => page.locator(`[data-param="${name}"] .field-message`);

test('explorer: a number being typed shows no message until the field is left', async () => {
  const p = await openPage({ path: '#planner' });
  const { page } = p;
  await page.locator('#pl-tp').fill('');
  await page.locator('#pl-tp').pressSequentially('1e309');
  assert.equal(await message(page, 'tp').isVisible(), false, 'no message while typing 1e309');
  // "1" was a possible split; "1e3" and "1e30" were not and were never applied.
  assert.equal(
    (await page.evaluate(() => window.atlas.views.get('planner').getState())).tp,
    1,
    'the last possible split is kept',
  );
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('[data-param="tp"] .field-message').hidden);
  assert.match(await message(page, 'tp').textContent(), /whole number/);
  assert.doesNotMatch(await message(page, 'tp').textContent(), /'tp'|e\+30/);

  await page.locator('#planner-more > summary').click(); // the batch sits behind "More settings"
  await page.locator('#pl-global').fill('');
  await page.locator('#pl-global').pressSequentially('1');
  assert.equal(await message(page, 'global').isVisible(), false, 'no "not divisible" while typing 1.5');
  await page.locator('#pl-global').pressSequentially('.5');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('[data-param="global"] .field-message').hidden);
  assert.match(await message(page, 'global').textContent(), /whole number/);
  await p.close();
});

test("explorer: messages use the field's units, and an impossible split is not written into the link", async () => {
  const p = await openPage({ path: '#planner' });
  const { page } = p;
  await page.locator('#planner-more > summary').click(); // the hardware numbers sit behind "More settings"
  await page.locator('#pl-memory_gib').fill('1e30');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('[data-param="memory_gib"] .field-message').hidden);
  assert.match(
    await message(page, 'memory_gib').textContent(),
    /^Must be (more than|at least) [\d.,]+ GiB and at most [\d,]+ GiB\.$/,
  );
  await page.locator('#pl-latency_us').fill('5e9');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('[data-param="latency_us"] .field-message').hidden);
  assert.match(await message(page, 'latency_us').textContent(), /µs/);
  const state = await page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.memory_gib, 80, 'the link keeps the last possible split');
  await p.close();
});

test('lab: a too-large bandwidth names both limits; an empty value in a link is named, not read as 0', async () => {
  const p = await openPage({ path: '#v=1&lab.latency=' });
  const { page } = p;
  assert.match(await page.locator('[data-notes="link"]').textContent(), /“Startup latency”/);
  assert.equal((await page.evaluate(() => window.atlas.views.get('lab').getState())).latency, 5e-6);
  await page.locator('#lab-bandwidth-number').fill('99999999999');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.getElementById('lab-bandwidth-error').textContent !== '');
  assert.match(await page.locator('#lab-bandwidth-error').textContent(), /at most 1,000,000 GB\/s/);
  await p.close();
});

test('practice: an empty or fractional exercise set is named at the field, never read as set 0', async () => {
  const p = await openPage({ path: '#v=1&quiz.seed=7' });
  const { page } = p;
  for (const text of ['', '2.5']) {
    await page.locator('#practice-seed').fill(text);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.getElementById('practice-seed-error')?.textContent !== '');
    assert.match(await page.locator('#practice-seed-error').textContent(), /whole numbers/);
    assert.equal((await page.evaluate(() => window.atlas.views.get('quiz').getState())).seed, 7);
  }
  await page.locator('#practice-seed').fill('3');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.getElementById('practice-seed-error').textContent === '');
  assert.equal((await page.evaluate(() => window.atlas.views.get('quiz').getState())).seed, 3);
  await p.close();
});
