// The split beside its picture (issue 42): on a phone the split's controls come before the
// results, the picture within one screen of them, and a compact bar with the split and its result
// stays on screen while the results are read; focus takes the controls in the order they are
// shown; at 1280 the tp, pp and dp controls stay on screen while the diagram or the memory readout
// is; in a 700–900 px embed the diagram answers a change within one screen. Everything is measured
// with getBoundingClientRect; waits are for conditions, never for times.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, closeBrowser, browser, siteUrl, serveHostPage } from './harness.mjs';

after(closeBrowser);

/** Two animation frames: what a scroll or a change scheduled is laid out and painted. */
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const DEGREES = ['pl-tp', 'pl-pp', 'pl-dp'];

/**
 * Viewport boxes of the elements by id, and whether each one's centre hits it (nothing, such
 * as the section nav or the split's bar, covers it).
 * @param {import('playwright-core').Page | import('playwright-core').Frame} page
 * @param {string[]} ids
 */
function boxes(page, ids) {
  return page.evaluate((list) => {
    /** @type {Record<string, {top: number, bottom: number, shown: boolean}>} */
    const out = {};
    for (const id of list) {
      const el = document.getElementById(id);
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      out[id] = {
        top: r.top,
        bottom: r.bottom,
        shown: r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && hit !== null && el.contains(hit),
      };
    }
    return out;
  }, ids);
}

/** The diagram's drawing as text: it names the tensor-parallel degree ("split over tp = 8"). */
const diagramSays = (page, text) =>
  page.waitForFunction((t) => document.querySelector('#planner-diagram svg')?.textContent.includes(t), text);

test('375 × 812: from the moment tp is on screen the diagram is within one screen of it, and a change of tp is seen within one screen', async () => {
  const p = await openPage({ width: 375, height: 812 });
  const { page } = p;
  await page.waitForSelector('#planner-diagram svg');
  await page.mouse.move(180, 400);
  // Scroll down as a reader does until the tp control first comes on screen.
  let first = null;
  for (let i = 0; i < 400 && !first; i += 1) {
    const b = await boxes(page, ['pl-tp', 'planner-diagram']);
    if (b['pl-tp'].top < 812 && b['pl-tp'].bottom > 0) first = b;
    else {
      await page.mouse.wheel(0, 300);
      await frames(page);
    }
  }
  assert.ok(first, 'the tp control came on screen');
  const gap = first['planner-diagram'].top - first['pl-tp'].top;
  console.log(
    `375 px: tp first on screen at y ${first['pl-tp'].top.toFixed(0)}; diagram ${gap.toFixed(0)} px below it`,
  );
  assert.ok(gap >= 0 && gap <= 812, `diagram ${gap} px below tp`);

  // The split's controls come before the results in the page as on screen.
  const order = await page.evaluate(() => {
    const tp = document.getElementById('pl-tp');
    return ['planner-diagram', 'planner-crossings', 'planner-memory', 'planner-time'].map((id) =>
      Boolean(tp.compareDocumentPosition(document.getElementById(id)) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
  });
  assert.deepEqual(order, [true, true, true, true], 'tp precedes the diagram and the readouts');

  // Bring tp fully into view, change it, and scroll until the diagram's top is seen below the bar.
  await page.mouse.wheel(0, Math.max(0, first['pl-tp'].bottom - 700));
  await frames(page);
  await page.locator('#pl-tp').fill('4');
  await page.locator('#pl-tp').press('Enter');
  await diagramSays(page, 'tp = 4');
  let scrolled = 0;
  const seen = async () =>
    page.evaluate(() => {
      const d = document.getElementById('planner-diagram').getBoundingClientRect();
      const bar = document.getElementById('planner-split').getBoundingClientRect();
      return d.top >= bar.bottom - 1 && d.top <= innerHeight - 120;
    });
  while (!(await seen()) && scrolled < 3 * 812) {
    await page.mouse.wheel(0, 100);
    await frames(page);
    scrolled += 100;
  }
  console.log(`375 px: after tp 8 → 4 the diagram's top is in view after ${scrolled} px of scrolling`);
  assert.ok(await seen(), 'the diagram came into view');
  assert.ok(scrolled <= 812, `${scrolled} px scrolled to see the diagram`);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('375 × 812: the split and its result stay on screen while the results are read, and answer a change there', async () => {
  const p = await openPage({ width: 375, height: 812, path: '#planner' });
  const { page } = p;
  await page.waitForSelector('#planner-diagram svg');
  const bar = ['pl-tp', 'pl-pp', 'pl-dp', 'pl-gpus', 'pl-zero', 'planner-summary'];
  // From the diagram to the end of the results (the search), a screen at a time.
  const span = await page.evaluate(() => ({
    from: document.getElementById('planner-diagram').getBoundingClientRect().top + scrollY,
    to: document.getElementById('planner-search-run').getBoundingClientRect().bottom + scrollY,
  }));
  let checked = 0;
  for (let y = span.from; y <= span.to; y += 700) {
    await page.evaluate((v) => scrollTo(0, v), y);
    await frames(page);
    const b = await boxes(page, bar);
    for (const id of bar) assert.ok(b[id].shown, `#${id} at scroll ${y.toFixed(0)}: ${JSON.stringify(b[id])}`);
    checked += 1;
  }
  assert.ok(checked >= 5, `${checked} positions`);
  // The bar's result is the panels' own figures.
  const read = () =>
    page.evaluate(() => ({
      summary: document.getElementById('planner-summary').textContent,
      mfu: document.querySelector('#planner-figures [data-figure="MFU"] dd').firstChild.textContent,
      step: document.querySelector('#planner-time .step-total strong').textContent,
      fits: document.querySelector('#planner-memory .fit-verdict strong').textContent.trim().replace(/\.$/, ''),
    }));
  const before = await read();
  assert.ok(before.summary.startsWith(before.fits), `${before.summary} / ${before.fits}`);
  assert.ok(before.summary.includes(`MFU ${before.mfu}`), `${before.summary} / MFU ${before.mfu}`);
  assert.ok(before.summary.includes(before.step.replace('Step', 'step')), `${before.summary} / ${before.step}`);
  // At the memory readout, a change of pp in the bar changes the result shown there.
  await page.locator('#planner-memory').scrollIntoViewIfNeeded();
  await page.locator('#pl-pp').fill('4');
  await page.locator('#pl-pp').press('Enter');
  await page.waitForFunction((s) => document.getElementById('planner-summary').textContent !== s, before.summary);
  const after = await read();
  assert.ok(after.summary.includes(`MFU ${after.mfu}`), after.summary);
  const b = await boxes(page, ['planner-summary', 'pl-pp', 'planner-memory']);
  assert.ok(b['planner-summary'].shown && b['pl-pp'].shown, JSON.stringify(b));
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

for (const width of [375, 1280]) {
  test(`${width} px: focus takes the split first, then follows the page down (a column at a time), each control in view and uncovered`, async () => {
    const height = width < 600 ? 812 : 800;
    const p = await openPage({ width, height, path: '#planner' });
    const { page } = p;
    await page.waitForSelector('#planner-diagram svg');
    // From the last worked scenario, the control before the explorer's form.
    await page.locator('#planner-scenario-buttons button').last().focus();
    /** @type {{id: string, y: number, scroll: number, shown: boolean, inOutput: boolean, inDiagram: boolean, copy: boolean}[]} */
    const stops = [];
    for (let i = 0; i < 120; i += 1) {
      await page.keyboard.press('Tab');
      await frames(page);
      const stop = await page.evaluate(() => {
        const el = /** @type {HTMLElement} */ (document.activeElement);
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + Math.min(r.height / 2, 10));
        const bar = document.getElementById('planner-split');
        return {
          id: el.id || el.getAttribute('data-ids') || el.tagName,
          // Where it is in the page (the split's own controls measured where they stand in it).
          y: Math.round(r.top + scrollY),
          scroll: Math.round(scrollY),
          shown:
            r.top >= 0 &&
            r.bottom <= innerHeight + 1 &&
            hit !== null &&
            el.contains(hit) &&
            (bar.contains(el) || r.top >= 0),
          inOutput: Boolean(el.closest('#planner-output')),
          inDiagram: Boolean(el.closest('#planner-diagram')),
          copy: el.id === 'planner-copy',
        };
      });
      stops.push(stop);
      if (stop.copy) break;
    }
    const ids = stops.map((s) => s.id);
    assert.ok(stops.at(-1).copy, `Tab reached the copy button: ${ids.join(' ')}`);
    assert.deepEqual(ids.slice(0, 5), ['pl-tp', 'pl-pp', 'pl-dp', 'pl-gpus', 'pl-zero'], ids.slice(0, 8).join(' '));
    const firstOutput = stops.findIndex((s) => s.inOutput);
    assert.ok(
      stops.slice(firstOutput).every((s) => s.inOutput),
      'the controls, then the results',
    );
    // Down the page within each column; in one column, down the page throughout (a row's
    // controls share a line; a checkbox sits a little lower than the boxes beside it).
    const backwards = (list) =>
      list.slice(1).flatMap((s, i) => (s.y < list[i].y - 24 ? [`${list[i].id} ${list[i].y} → ${s.id} ${s.y}`] : []));
    const controls = stops.slice(0, firstOutput);
    // (The diagram's markers follow its own columns: stages, then the inside of one layer.)
    const results = stops.slice(firstOutput).filter((s, i) => i === 0 || !s.inDiagram);
    assert.deepEqual(backwards(controls), [], 'the controls in page order');
    assert.deepEqual(backwards(results), [], 'the results in page order');
    const step = results[0].y - controls.at(-1).y;
    console.log(
      `${width} px: ${stops.length} focus stops; last control → first stop in the results ${step} px (${controls.at(-1).id} → ${results[0].id})`,
    );
    if (width < 600) {
      assert.ok(step >= -24 && step <= height, `one column: ${step} px from the last control to the results`);
    }
    assert.deepEqual(
      stops.filter((s) => !s.shown).map((s) => s.id),
      [],
      'every focused control is in view and not covered',
    );
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  });
}

test('1280 × 800: while the diagram or the memory readout is on screen, the tp, pp and dp controls are on screen', async () => {
  const p = await openPage({ width: 1280, height: 800, path: '#planner' });
  const { page } = p;
  await page.waitForSelector('#planner-diagram svg');
  const span = await page.evaluate(() => ({
    from: document.getElementById('planner').getBoundingClientRect().top + scrollY - 800,
    to: document.getElementById('planner-memory').getBoundingClientRect().bottom + scrollY + 800,
  }));
  // Where they stand before the split sticks: dp's box ends above the diagram's top.
  await page.evaluate(() =>
    scrollTo(0, document.querySelector('.planner-layout').getBoundingClientRect().top + scrollY - 120),
  );
  await frames(page);
  const place = await page.evaluate(() => {
    const top = (id) => document.getElementById(id).getBoundingClientRect().top;
    return {
      tp: top('planner-diagram') - top('pl-tp'),
      dp: top('planner-diagram') - document.getElementById('pl-dp').getBoundingClientRect().bottom,
    };
  });
  console.log(
    `1280 px: the diagram starts ${place.tp.toFixed(0)} px below tp's top, ${place.dp.toFixed(0)} px below dp's bottom`,
  );
  assert.ok(place.dp >= 0, `dp ends ${-place.dp} px below the diagram's top`);
  const nav = await page.evaluate(() => document.querySelector('.toc').getBoundingClientRect().height);
  let checked = 0;
  let lowest = 0;
  for (let y = Math.max(0, span.from); y <= span.to; y += 100) {
    await page.evaluate((v) => scrollTo(0, v), y);
    await frames(page);
    const b = await boxes(page, [...DEGREES, 'planner-diagram', 'planner-memory']);
    const visible = (id) => b[id].bottom > nav && b[id].top < 800; // any of it, below the section nav
    if (!visible('planner-diagram') && !visible('planner-memory')) continue;
    checked += 1;
    for (const id of DEGREES) {
      assert.ok(b[id].shown, `#${id} at scroll ${y}: ${JSON.stringify(b[id])}`);
      lowest = Math.max(lowest, b[id].bottom);
    }
  }
  console.log(
    `1280 px: tp, pp, dp on screen at all ${checked} positions with the diagram or memory shown (lowest edge ${lowest.toFixed(0)} px of 800)`,
  );
  assert.ok(checked >= 20, `${checked} positions checked`);
  // The column keeps the split, not model and hardware: with the memory readout in view, the
  // model preset is scrolled away (under the split or above the window) while tp is shown.
  await page.locator('#planner-memory').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await frames(page);
  const b = await boxes(page, ['pl-tp', 'pl-model']);
  assert.ok(b['pl-tp'].shown && !b['pl-model'].shown, JSON.stringify(b));
  await p.close();
});

async function hostPage() {
  const site = await siteUrl();
  const filler = `<p>${'Course text before the exercise. '.repeat(30)}</p>`;
  const html = `<!doctype html><meta charset="utf-8"><title>Course page</title><body style="margin:0 auto;padding:0 8px">${filler}
<iframe data-atlas-embed id="f-planner" title="Split explorer" src="${site}index.html?embed=planner" width="100%" height="640" style="border:0;display:block"></iframe>${filler}
<script src="${site}atlas-host.js"></script></body>`;
  return serveHostPage(html);
}

test('embedded at 700, 800 and 900 px: the diagram answers a change of tp within one screen of it', async (t) => {
  const host = await hostPage();
  t.after(() => {
    host.server.close();
    rmSync(host.dir, { recursive: true, force: true });
  });
  const b = await browser();
  // One tab for the three widths: each is a new load of the course page and its frame.
  const context = await b.newContext();
  const page = await context.newPage();
  for (const width of [700, 800, 900]) {
    const height = 800;
    await page.setViewportSize({ width, height });
    await page.goto(host.url);
    const handle = await page.locator('#f-planner').elementHandle();
    const frame = await handle.contentFrame();
    await frame.waitForSelector('#planner-diagram svg', { timeout: 20000 });
    // The host sizes the frame to its content (the frame does not scroll; the course page does).
    await page.waitForFunction(() => document.getElementById('f-planner').getBoundingClientRect().height > 2000);
    const inside = await boxes(frame, ['pl-tp', 'planner-diagram']);
    const gap = inside['planner-diagram'].top - inside['pl-tp'].top;
    // The course page scrolled so that tp is near its top; then tp changes.
    const frameTop = await page.evaluate(
      () => document.getElementById('f-planner').getBoundingClientRect().top + scrollY,
    );
    await page.evaluate((y) => scrollTo(0, y), frameTop + inside['pl-tp'].top - 60);
    await frames(page);
    await frame.locator('#pl-tp').fill('4');
    await frame.locator('#pl-tp').press('Enter');
    await diagramSays(frame, 'tp = 4');
    const seen = await page.evaluate(
      ([tpTop, diagramTop]) => {
        const f = document.getElementById('f-planner').getBoundingClientRect();
        return { tp: f.top + tpTop, diagram: f.top + diagramTop };
      },
      [inside['pl-tp'].top, inside['planner-diagram'].top],
    );
    console.log(
      `embed ${width} px: diagram ${gap.toFixed(0)} px below tp; with tp at ${seen.tp.toFixed(0)} px the diagram starts at ${seen.diagram.toFixed(0)} px of ${height}`,
    );
    assert.ok(gap >= 0 && gap <= height, `embed ${width}: diagram ${gap} px below tp`);
    assert.ok(seen.diagram < height - 100, `embed ${width}: the diagram starts at ${seen.diagram} of ${height}`);
  }
  await context.close();
});
