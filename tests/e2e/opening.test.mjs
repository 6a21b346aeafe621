// The explorer as a newcomer first meets it: a small model on one node, a dozen fields, the rest
// behind "More settings", which opens by itself when something other than the reader sets a
// value in it; and links made before the opening changed still show what they showed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const fixture = fileURLToPath(new URL('../fixtures/import/megatron-llama-8b.sh', import.meta.url));

/** The fields a reader can set that are on the page now (a closed details' are not). */
const visibleFields = (page) =>
  page.$$eval('#planner-app :is(input, select, textarea)', (els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true });
      })
      .map((e) => e.id || e.getAttribute('name') || e.tagName),
  );

const moreOpen = (page) => page.$eval('#planner-more', (d) => /** @type {HTMLDetailsElement} */ (d).open);
const value = (page, id) => page.$eval(`#${id}`, (e) => /** @type {HTMLInputElement} */ (e).value);

for (const width of [375, 1280]) {
  test(`opening at ${width} px: a small model on one node, at most 15 fields, the rest behind "More settings"`, async () => {
    const p = await openPage({ path: '#planner', width, height: width === 375 ? 812 : 800 });
    const { page } = p;
    const fields = await visibleFields(page);
    assert.ok(fields.length <= 15, `${fields.length} fields visible: ${fields.join(', ')}`);
    for (const id of ['pl-tp', 'pl-pp', 'pl-dp', 'pl-zero', 'pl-model', 'pl-hardware'])
      assert.ok(fields.includes(id), `${id} is up front`);
    assert.equal(await moreOpen(page), false);
    assert.equal(await page.$eval('#pl-model', (s) => s.selectedOptions[0].textContent), 'Llama 3.1 8B');
    assert.equal(await value(page, 'pl-gpus'), '8');
    // The summary of the closed settings names what they hold.
    assert.match(await page.locator('#planner-more-now').textContent(), /batch 16 × 8,192 tokens .* 1F1B/);
    assert.match(await page.locator('#planner-summary').textContent(), /^Fits /);
    // One node: every exchange stays on NVLink; the pipeline is short enough to draw.
    assert.doesNotMatch(await page.locator('#planner-description').textContent(), /across nodes|network/i);
    assert.equal(await page.locator('#planner-gantt svg').count(), 1);
    // Opening it shows the settings; the reader's own edit inside keeps it open.
    await page.locator('#planner-more > summary').click();
    await page.locator('#pl-global').fill('32');
    await page.locator('#pl-global').press('Tab');
    assert.equal(await moreOpen(page), true);
    await page.waitForFunction(() => location.hash.includes('planner.global=32'));
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  });
}

test('a link, a scenario or an import that sets a value inside "More settings" opens it; one that sets the split does not', async () => {
  const split = await openPage({ path: '#v=2&planner.tp=4&planner.dp_auto=false&planner.dp=1' });
  assert.equal(await value(split.page, 'pl-tp'), '4');
  assert.equal(await moreOpen(split.page), false);
  await split.close();

  const link = await openPage({ path: '#v=2&planner.recompute=full' });
  assert.equal(await moreOpen(link.page), true);
  assert.equal(await value(link.page, 'pl-recompute'), 'full');
  await link.close();

  // A preset's shape follows the preset: choosing another model keeps the settings closed.
  const p = await openPage({ path: '#planner' });
  await p.page.selectOption('#pl-model', 'qwen3-8b');
  assert.equal(await moreOpen(p.page), false);
  // A worked scenario sets its batch: the settings open to show it.
  await p.page.locator('#planner-scenario-buttons button').first().click();
  await p.page.waitForFunction(() => /** @type {HTMLDetailsElement} */ (document.getElementById('planner-more')).open);
  await p.close();

  const imp = await openPage({ path: '#planner' });
  await imp.page.locator('#planner-import-box > summary').click();
  await imp.page.locator('#planner-import-text').fill(readFileSync(fixture, 'utf8'));
  await imp.page.locator('#planner-import-run').click();
  await imp.page.waitForFunction(
    () => /** @type {HTMLDetailsElement} */ (document.getElementById('planner-more')).open,
  );
  assert.equal(await value(imp.page, 'pl-global'), '512');
  assert.deepEqual(imp.record.pageErrors, []);
  await imp.close();
});

test('a link of version 1 shows what it showed then: GPT-3 175B on 1,024 A100s, with its own values on top', async () => {
  const p = await openPage({ path: '#v=1&open=planner&planner.tp=4' });
  const { page } = p;
  assert.equal(await page.$eval('#pl-model', (s) => s.value), 'gpt3-175b');
  assert.equal(await page.$eval('#pl-hardware', (s) => s.value), 'a100-80gb');
  assert.equal(await value(page, 'pl-gpus'), '1024');
  assert.equal(await value(page, 'pl-tp'), '4');
  assert.equal(await value(page, 'pl-pp'), '8');
  assert.equal(await value(page, 'pl-global'), '1536');
  assert.equal(await value(page, 'pl-layers'), '96');
  // Its batch differs from today's opening, so the settings open to show it.
  assert.equal(await moreOpen(page), true);
  // After a change the link is written in today's version and names what v1 left out.
  await page.locator('#pl-tp').fill('2');
  await page.locator('#pl-tp').press('Tab');
  // tp 2 is today's opening value, so the v2 link leaves it out; GPT-3's own numbers come with its id.
  await page.waitForFunction(() => location.hash.startsWith('#v=2') && !location.hash.includes('planner.tp='));
  assert.match(page.url(), /planner\.model=gpt3-175b/);
  assert.match(page.url(), /planner\.gpus=1024/);
  assert.doesNotMatch(page.url(), /planner\.hidden=/);
  const reread = await openPage({ path: new URL(page.url()).hash });
  assert.equal(await value(reread.page, 'pl-tp'), '2');
  assert.equal(await value(reread.page, 'pl-hidden'), '12288');
  assert.equal(await value(reread.page, 'pl-gpus'), '1024');
  await reread.close();

  // A v1 link with a custom shape took its unwritten numbers from GPT-3's.
  const custom = await openPage({ path: '#v=1&planner.model=custom&planner.layers=48' });
  assert.equal(await value(custom.page, 'pl-layers'), '48');
  assert.equal(await value(custom.page, 'pl-hidden'), '12288');
  assert.deepEqual([...p.record.pageErrors, ...custom.record.pageErrors], []);
  await custom.close();
  await p.close();
});
