// Embeds that fit their content both ways: a host page resized 1280 → 375 → 1280 px gets its
// frames back to their first height (the explorer's frame used to keep ~8,000 px of blank space,
// since a frame's root never measures shorter than the frame itself), and an explorer with its
// validation view open is shown whole, with no scrollbar inside the frame.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { browser, closeBrowser, serveHostPage, siteUrl } from './harness.mjs';

after(closeBrowser);

const PARTS = ['planner', 'lab', 'quiz'];

async function hostPage() {
  const site = await siteUrl();
  const frames = PARTS.map(
    (p) =>
      `<h2>${p}</h2><iframe data-atlas-embed id="f-${p}" title="${p}" src="${site}index.html?embed=${p}"></iframe>`,
  ).join('\n');
  return serveHostPage(`<!doctype html><meta charset="utf-8"><title>Course page</title><body style="margin:0">${frames}
<script src="${site}atlas-host.js"></script></body>`);
}

/**
 * Waits until the frame is as tall as its content: inside it, the body's extent equals the
 * frame's viewport (no blank space below, nothing hidden), then returns that height.
 * @param {import('playwright-core').Page} page
 * @param {string} part
 */
async function settledHeight(page, part) {
  const frame = await (await page.locator(`#f-${part}`).elementHandle()).contentFrame();
  const measure = () =>
    frame.evaluate(() => {
      const body = document.body.getBoundingClientRect();
      return `body ${body.top}+${body.height} (scroll ${document.body.scrollHeight}), frame viewport ${window.innerHeight}`;
    });
  await frame
    .waitForFunction(
      () => {
        const body = document.body.getBoundingClientRect();
        const content = body.top + window.scrollY + Math.max(body.height, document.body.scrollHeight);
        return Math.abs(content - window.innerHeight) <= 2 && window.innerHeight > 150;
      },
      null,
      // Polled, not per animation frame: a frame scrolled out of view gets no animation frames.
      { timeout: 30000, polling: 100 },
    )
    .catch(async (e) => {
      throw new Error(`${part}: ${await measure()}: ${e.message}`);
    });
  return page.locator(`#f-${part}`).evaluate((el) => el.getBoundingClientRect().height);
}

test('embedded frames shrink back after the host narrows and widens, and show an opened validation view whole', async (t) => {
  const host = await hostPage();
  t.after(() => {
    host.server.close();
    rmSync(host.dir, { recursive: true, force: true });
  });
  const b = await browser();
  const context = await b.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host.url);
  for (const part of PARTS)
    await page.frameLocator(`#f-${part}`).locator('html[data-engine="ready"]').waitFor({ timeout: 30000 });
  await page.frameLocator('#f-planner').locator('#planner-gantt svg, #planner-gantt .notice').first().waitFor();

  const first = {};
  for (const part of PARTS) first[part] = await settledHeight(page, part);
  await page.setViewportSize({ width: 375, height: 800 });
  const narrow = {};
  for (const part of PARTS) narrow[part] = await settledHeight(page, part);
  // Narrower content is taller: the frames did follow it up.
  assert.ok(narrow.planner > first.planner, `planner ${first.planner} → ${narrow.planner} px at 375`);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const part of PARTS) {
    const back = await settledHeight(page, part);
    assert.ok(Math.abs(back - first[part]) <= 0.05 * first[part], `${part}: ${first[part]} → ${back} px`);
  }

  // The validation view adds thousands of pixels: the frame takes them all, no inner scrollbar.
  const planner = page.frameLocator('#f-planner');
  await planner.locator('#planner-fidelity-details > summary').click();
  await planner.locator('#planner-fidelity table').first().waitFor({ timeout: 30000 });
  const open = await settledHeight(page, 'planner');
  assert.ok(open > first.planner + 1000, `validation view open: ${first.planner} → ${open} px`);
  assert.equal(
    await planner.locator('html').evaluate((el) => el.scrollHeight <= window.innerHeight + 2),
    true,
    'nothing scrolls inside the frame',
  );
  await context.close();
});
