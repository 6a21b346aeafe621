// The page holds still: section links land on their heading (loaded directly and clicked in the
// nav, phone and desktop, http and file://), a cold load does not shift (CLS), embedded parts do
// not grow while the course page scrolls, and an instructor's fixed values hold against every
// preset, scenario, search result and fitted value. Waits are for conditions, never for times.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, closeBrowser, browser, siteUrl, serveHostPage } from './harness.mjs';

after(closeBrowser);

const SECTIONS = ['lab', 'planner', 'check', 'history'];

/** Two animation frames: whatever a change scheduled has been laid out and painted. */
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Where a section's heading sits relative to the bottom of the sticky section nav. */
function headingOffset(page, id) {
  return page.evaluate((sid) => {
    const heading = document.getElementById(`${sid}-h`);
    const nav = document.querySelector('.toc');
    return heading.getBoundingClientRect().top - nav.getBoundingClientRect().bottom;
  }, id);
}

/** In place: the heading is below the sticky bar and within 64 px of it. */
const IN_PLACE = (offset) => offset >= 0 && offset <= 64;

async function settled(page) {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await frames(page);
}

for (const file of [false, true]) {
  for (const width of [375, 1280]) {
    const where = `${file ? 'file://' : 'http'} at ${width} px`;
    test(`${where}: #lab, #planner, #check, #history loaded directly land on their heading`, async () => {
      for (const id of SECTIONS) {
        const p = await openPage({ file, width, height: width < 600 ? 740 : 900, path: `#${id}` });
        await settled(p.page);
        const offset = await headingOffset(p.page, id);
        assert.ok(IN_PLACE(offset), `${where} #${id}: heading ${offset.toFixed(0)} px from the bar`);
        await p.close();
      }
    });

    test(`${where}: clicking each section in the nav puts its heading at the top`, async () => {
      const p = await openPage({ file, width, height: width < 600 ? 740 : 900 });
      await settled(p.page);
      for (const id of [...SECTIONS, 'lab']) {
        await p.page.locator(`.toc a[href="#${id}"]`).click();
        await p.page.waitForFunction((h) => location.hash === h, `#${id}`);
        await frames(p.page);
        const offset = await headingOffset(p.page, id);
        assert.ok(IN_PLACE(offset), `${where} nav → #${id}: heading ${offset.toFixed(0)} px from the bar`);
      }
      await p.close();
    });
  }
}

// Dragging the scrollbar or a screen reader's reading cursor scrolls without a wheel, touch, key
// or pointer event on the page (headless Chromium draws no scrollbar, so a scroll with no input
// event stands for them). The landing must let go then, or the part that fills in as the reader
// nears it throws them back to the section they came in at.
test('a scroll with no input event lets the landed section go: the explorer filling in does not pull the reader back', async () => {
  const p = await openPage({ path: '#lab', width: 1280, height: 900, allParts: false });
  await settled(p.page);
  assert.ok(IN_PLACE(await headingOffset(p.page, 'lab')), 'landed on #lab');
  const y = await p.page.evaluate(() => {
    const to = document.getElementById('planner').getBoundingClientRect().top + scrollY + 200;
    window.scrollTo(0, to);
    return Math.round(scrollY);
  });
  // The explorer starts when it comes near and grows the page by thousands of pixels.
  await p.page.waitForFunction(() => document.querySelector('#planner-diagram svg'));
  await frames(p.page);
  const after = await p.page.evaluate(() => Math.round(scrollY));
  assert.ok(Math.abs(after - y) <= 4, `scrolled to ${y}, now at ${after}`);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a cold load at 1280×900 shifts the layout by at most 0.02 (CLS)', async () => {
  const b = await browser();
  const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__cls += e.value;
        window.__shifts.push({
          value: e.value,
          nodes: e.sources.map(
            (s) => s.node?.nodeName + (s.node?.id ? `#${s.node.id}` : s.node?.className ? `.${s.node.className}` : ''),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(await siteUrl());
  await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready', null, { timeout: 20000 });
  await settled(page);
  const { cls, shifts } = await page.evaluate(() => ({ cls: window.__cls, shifts: window.__shifts }));
  console.log(`CLS ${cls.toFixed(4)}`);
  assert.ok(cls <= 0.02, `CLS ${cls.toFixed(4)}: ${JSON.stringify(shifts)}`);
  await context.close();
});

async function hostPage(parts) {
  const site = await siteUrl();
  const filler =
    '<p>Course text. '.repeat(1) + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40) + '</p>';
  const frames = parts
    .map(
      (p) =>
        `${filler}<h2>${p}</h2><iframe data-atlas-embed id="f-${p}" title="${p}" src="${site}index.html?embed=${p}" width="100%" height="640"></iframe>`,
    )
    .join('\n');
  const html = `<!doctype html><meta charset="utf-8"><title>Course page</title><body style="max-width:60rem;margin:auto">${frames}${filler}${filler}
<script src="${site}atlas-host.js"></script></body>`;
  return serveHostPage(html);
}

test('embedded lab and planner keep their height (±4 px) while the course page scrolls end to end', async (t) => {
  const parts = ['lab', 'planner'];
  const host = await hostPage(parts);
  t.after(() => {
    host.server.close();
    rmSync(host.dir, { recursive: true, force: true });
  });
  const b = await browser();
  // One tab for both widths: each is a new load of the course page and its frames.
  const context = await b.newContext();
  const page = await context.newPage();
  for (const width of [1000, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(host.url);
    const height = (id) => page.locator(`#f-${id}`).evaluate((el) => el.getBoundingClientRect().height);
    for (const part of parts) {
      const frame = page.frameLocator(`#f-${part}`);
      await frame.locator('html[data-engine="ready"]').waitFor({ timeout: 20000 });
      // The host script sizes the frame to its content; wait until they agree.
      let inner = 0;
      let outer = -100;
      for (let i = 0; i < 100 && Math.abs(inner - outer) > 2; i += 1) {
        if (i) await frames(page);
        inner = await frame.locator('html').evaluate((el) => el.scrollHeight);
        outer = await height(part);
      }
      assert.ok(Math.abs(inner - outer) <= 2, `${part} at ${width}: frame ${outer} vs content ${inner}`);
    }
    const start = Object.fromEntries(await Promise.all(parts.map(async (p) => [p, await height(p)])));
    const range = Object.fromEntries(parts.map((p) => [p, [start[p], start[p]]]));
    const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    for (let y = 0; y <= end + 400; y += 400) {
      await page.mouse.wheel(0, 400);
      await frames(page);
      for (const p of parts) {
        const hgt = await height(p);
        range[p] = [Math.min(range[p][0], hgt), Math.max(range[p][1], hgt)];
      }
    }
    // Back to the top, and once more down: nothing drawn on the way may resize a frame.
    await page.evaluate(() => scrollTo(0, 0));
    await frames(page);
    for (const p of parts) {
      const change = range[p][1] - range[p][0];
      console.log(`${p} at ${width} px: height ${start[p]} px, change while scrolling ${change} px`);
      assert.ok(change <= 4, `${p} at ${width}: height moved ${change} px (${range[p].join('–')})`);
    }
  }
  await context.close();
});

const labState = (page) => page.evaluate(() => window.atlas.views.get('lab').getState());
const plannerState = (page) => page.evaluate(() => window.atlas.views.get('planner').getState());

test('lab: locked and hidden values hold against every preset, reset and the fitted values, and the learner sees them', async () => {
  const p = await openPage({ path: 'index.html?embed=lab&lock=ranks&hide=bandwidth,latency#v=1&lab.ranks=32' });
  const before = await labState(p.page);
  assert.equal(before.ranks, 32);
  const note = p.page.locator('#lab-app .fixed-note');
  assert.match(
    await note.textContent(),
    /Fixed for this exercise: Ranks: 32; also Effective bandwidth, Startup latency, not shown here\./,
  );
  // A hidden control's value is not the learner's to weigh: it is named, not given.
  assert.doesNotMatch(await note.textContent(), /100 GB\/s|5 µs/);
  assert.equal(await note.isVisible(), true);
  assert.match(await p.page.locator('#lab-app [data-param="ranks"] label').first().textContent(), /\(fixed\)/);
  const held = (s) => [s.ranks, s.bandwidth, s.latency];
  for (const button of await p.page.locator('#lab-preset-buttons button').all()) {
    await button.click();
    assert.deepEqual(held(await labState(p.page)), held(before), `preset ${await button.textContent()}`);
  }
  assert.match(await note.textContent(), /left .*as set/);
  await p.page.locator('#lab-reset').click();
  assert.deepEqual(held(await labState(p.page)), held(before), 'reset');
  await p.page.locator('#lab-nccl-example').click();
  await p.page.locator('#lab-nccl-read').click();
  await p.page.locator('#lab-nccl-use:not([disabled])').click();
  assert.deepEqual(held(await labState(p.page)), held(before), 'fitted values');
  await p.close();
});

test('planner: locked and hidden values hold against every scenario, every search result and a quiz "Show me"', async () => {
  const p = await openPage({ path: 'index.html?lock=tp,pp&hide=zero' });
  const before = await plannerState(p.page);
  const held = (s) => [s.tp, s.pp, s.zero];
  const note = p.page.locator('#planner-app .fixed-note');
  assert.match(
    await note.textContent(),
    /Fixed for this exercise: Tensor parallel tp: 2; Pipeline stages pp: 2; also ZeRO stage, not shown here\./,
  );
  let refused = 0;
  for (const button of await p.page.locator('#planner-scenario-buttons button').all()) {
    await button.click();
    assert.deepEqual(held(await plannerState(p.page)), held(before), `scenario ${await button.textContent()}`);
    // A variant that needs another tp or pp says so in words and offers no "Show".
    for (const cell of await p.page.locator('#planner-scenario-out .scenario-refused').allTextContents())
      if (/^Needs .*(Tensor parallel tp|Pipeline stages pp) \d+.*; this exercise fixes/.test(cell)) refused += 1;
    for (const show of await p.page.locator('#planner-scenario-out tbody button').all()) {
      await show.click();
      assert.deepEqual(
        held(await plannerState(p.page)),
        held(before),
        `scenario variant ${await show.getAttribute('aria-label')}`,
      );
    }
  }
  assert.ok(refused > 0, 'some variant needs a fixed value and says so');
  await p.page.locator('#planner-search-run').click();
  await p.page.locator('#planner-search-out table, #planner-search-out .notice').first().waitFor();
  const applies = await p.page.locator('#planner-search-out .apply-result').all();
  for (const button of applies) {
    await button.click();
    assert.deepEqual(
      held(await plannerState(p.page)),
      held(before),
      `search ${await button.getAttribute('aria-label')}`,
    );
  }
  for (const text of await p.page.locator('#planner-search-out tbody th').allTextContents())
    assert.match(text, /tp 2 · pp 2 .*ZeRO 1/);
  // The check question's "Show me" writes the explorer through the same gate.
  await p.page.evaluate(() => window.atlas.views.apply('planner', { tp: 2, pp: 4, zero: 3, micro: 2 }));
  const after = await plannerState(p.page);
  assert.deepEqual(held(after), held(before), 'views.apply');
  assert.equal(after.micro, 2);
  await p.close();
});
