// What the explorer and the lab draw on demand is readable: no rendered text below 11 px, at a
// phone's width and a laptop's, with every collapsible part opened (HTML text at its computed
// size, SVG text at its size on screen: the drawing's scale applied; text hidden for the eye but
// kept for screen readers, font-size 0 or a 1 px clip, is left out); and the tables drawn after
// a search, a scenario or a pasted log name every column and take focus where they scroll.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, closeBrowser } from './harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

after(closeBrowser);

/** Each distinct kind of text drawn below 11 px: "size element.class in #section "example"". */
function smallText(page) {
  return page.evaluate(() => {
    const found = new Map();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || node.textContent.trim() === '' || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue; // clipped to 1 px: for screen readers only
      let size = parseFloat(style.fontSize);
      if (el instanceof SVGElement) {
        const m = el.getScreenCTM();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      if (size === 0 || size >= 11 - 0.01) continue;
      const key = `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ')[0]} in #${el.closest('[id]')?.id}`;
      if (!found.has(key)) found.set(key, `${size.toFixed(1)} px ${key} "${node.textContent.trim().slice(0, 40)}"`);
    }
    return [...found.values()];
  });
}

for (const { width, path, what, drawn } of [
  { width: 1280, path: '', what: 'the page', drawn: '#planner-fidelity table' },
  { width: 375, path: '', what: 'the page', drawn: '#planner-fidelity table' },
  {
    width: 375,
    path: '#v=1&open=planner&planner.mode=inference',
    what: 'the explorer serving',
    drawn: '#planner-inference svg',
  },
]) {
  test(`${width} px, ${what}, every part opened: no text below 11 px`, async () => {
    const p = await openPage({ width, height: 800, path });
    const { page } = p;
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
    // The validation view draws its tables when opened; the serving chart when its mode is on.
    await page.locator(drawn).first().waitFor({ timeout: 30000 });
    assert.deepEqual(await smallText(page), []);
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  });
}

test('375 px: the search, scenario and pasted-log tables name every column and scroll by keyboard', async () => {
  const p = await openPage({ width: 375, height: 800 });
  const { page } = p;
  await page.locator('#planner-search-run').click();
  await page.locator('#planner-search-out table').waitFor({ timeout: 30000 });
  await page.locator('#planner-scenario-buttons button').first().click();
  await page.locator('.scenario-table').first().waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Paste an example' }).click();
  await page.locator('.lab-nccl-table tbody tr').first().waitFor({ timeout: 30000 });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'rule', values: ['empty-table-header', 'scrollable-region-focusable', 'th-has-data-cells'] },
    });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
  // The pasted log's table is wider than a phone: it scrolls, so it must take focus.
  const wrap = page.locator('.lab-nccl-table');
  assert.equal(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth), true);
  assert.equal(await wrap.getAttribute('tabindex'), '0');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
