// No rendered text below 11 px, at a phone's width and a laptop's, with every collapsible part
// opened: HTML text at its computed size, SVG text at its size on screen (the drawing's scale
// applied). Text hidden for the eye but kept for screen readers (font-size 0, a 1 px clip) is
// not rendered and is left out.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

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
