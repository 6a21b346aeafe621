// The split explorer on a phone (375 px): the picture within one screen of the controls, its
// text at a readable size, no table or equation that scrolls sideways, a Gantt whose legend matches what it
// draws; and on a desktop the wheel scrolls the page over the controls.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Effective sizes (CSS px on screen) of the diagram's text: font size × the SVG's scale. */
function diagramTextSizes(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#planner-diagram svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')]
      .filter((t) => t.textContent.trim() !== '')
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)
      .sort((a, b) => a - b);
  });
}

/** Everything wider than its box: the page itself and each table against its wrapper. */
function sidewaysScrollers(page) {
  return page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth + 1)
      out.push(`page ${document.documentElement.scrollWidth} > ${innerWidth}`);
    for (const f of document.querySelectorAll('main figure.equation')) {
      if (f.scrollWidth > f.clientWidth + 1) out.push(`equation ${f.scrollWidth} > ${f.clientWidth}`);
    }
    for (const t of document.querySelectorAll('main table')) {
      if (!t.getClientRects().length) continue;
      const box = t.parentElement;
      if (t.scrollWidth > box.clientWidth + 1)
        out.push(
          `${t.className || t.querySelector('caption')?.textContent || 'table'} ${t.scrollWidth} > ${box.clientWidth}`,
        );
    }
    return out;
  });
}

/**
 * Texts of the drawings matching `selector` whose ink runs past their drawing's edge (the SVG
 * clips them) or, with `card`, across the border of the front replica's card, which everything
 * of one replica is drawn inside.
 * @param {string} selector
 */
function clippedText(page, selector = '#planner-diagram svg', { card = true } = {}) {
  return page.evaluate(
    ([sel, withCard]) =>
      [...document.querySelectorAll(sel)].flatMap((svg) => {
        const edge = svg.getBoundingClientRect();
        if (edge.width === 0) return [];
        const box = withCard ? svg.querySelector('.replica-front')?.getBoundingClientRect() : undefined;
        return [...svg.querySelectorAll('text')]
          .filter((t) => t.textContent.trim() !== '' && t.getBoundingClientRect().width > 0)
          .filter((t) => {
            const r = t.getBoundingClientRect();
            if (r.right > edge.right + 0.5 || r.left < edge.left - 0.5) return true;
            // The "× dp replicas" lines and anything listed under the card may use the whole width.
            return box !== undefined && r.top < box.bottom && (r.right > box.right - 1 || r.left < box.left + 1);
          })
          .map(
            (t) =>
              `${svg.getAttribute('class')}: ${t.textContent} (${t.getBoundingClientRect().right.toFixed(0)} of ${(box ?? edge).right.toFixed(0)})`,
          );
      }),
    [selector, card],
  );
}

// Each split with what its drawing shows once it is drawn: a long title, two collectives at one
// marker with cp > 1, a thousand DP ranks under ZeRO-3, experts over ep ranks.
const LABEL_SPLITS = [
  [
    { model: 'llama-3.1-70b', gpus: 1024, tp: 8, pp: 4, cp: 4, cp_attention: 'all-gather', seq: 32768, global: 1536 },
    'cp-bwd-kv-grad',
  ],
  [{ model: 'gpt3-175b', gpus: 512, tp: 1, pp: 1, cp: 1, zero: 3, seq: 2048, global: 1536 }, 'dp-param-allgather'],
  [
    { model: 'mixtral-8x7b', gpus: 64, tp: 2, pp: 1, cp: 1, ep: 8, zero: 1, seq: 4096, global: 1536 },
    'ep-fwd-dispatch',
  ],
];

for (const width of [320, 375]) {
  test(`${width} px: no label of the drawing runs off its edge or across its card, for four splits`, async () => {
    const p = await openPage({ path: '#planner', width, height: 740 });
    assert.deepEqual(await clippedText(p.page), [], 'the first split');
    for (const [split, id] of LABEL_SPLITS) {
      await p.page.evaluate((v) => window.atlas.views.apply('planner', v), split);
      await p.page.waitForFunction((i) => document.querySelector(`#planner-diagram .crossing[data-ids*="${i}"]`), id);
      await frames(p.page);
      assert.deepEqual(await clippedText(p.page), [], JSON.stringify(split));
    }
    assert.deepEqual(p.record.pageErrors, []);
    await p.close();
  });
}

test("320 px: no text of the explorer's drawings runs past its drawing's edge, training and serving", async () => {
  const p = await openPage({ path: '#planner', width: 320, height: 740 });
  const clipped = () => clippedText(p.page, '#planner svg', { card: false });
  await p.page.waitForFunction(() => document.querySelector('#planner-gantt svg'));
  assert.deepEqual(await clipped(), [], 'training');
  await p.page.getByRole('radio', { name: 'Inference (serving)' }).check();
  await p.page.locator('#inf-diagram .dg-serving-memory text').first().waitFor();
  await p.page.locator('.inf-svg').waitFor();
  await frames(p.page);
  assert.deepEqual(await clipped(), [], 'serving');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

for (const path of ['', 'index.html?embed=planner']) {
  test(`375 px${path ? ' embed' : ''}: the diagram is within one screen of the first control and its text is ≥ 11 px (p10)`, async () => {
    const p = await openPage({ path, width: 375, height: 740 });
    const sizes = await diagramTextSizes(p.page);
    const p10 = sizes[Math.floor(sizes.length * 0.1)];
    console.log(
      `diagram text at 375 px: p10 ${p10.toFixed(1)} px, min ${sizes[0].toFixed(1)} px over ${sizes.length} labels`,
    );
    assert.ok(p10 >= 11, `p10 ${p10}`);
    const gap = await p.page.evaluate(() => {
      const first = document.querySelector('#planner-controls input, #planner-controls select');
      return document.getElementById('planner-diagram').getBoundingClientRect().top - first.getBoundingClientRect().top;
    });
    console.log(`first control → diagram: ${gap.toFixed(0)} px`);
    assert.ok(gap >= 0 && gap <= 740 - 120, `diagram starts ${gap} px below the first control`);
    assert.deepEqual(await sidewaysScrollers(p.page), []);
    await p.close();
  });
}

// A phone, and a tablet in landscape, where the explorer's two columns leave its tables about 610 px.
for (const width of [375, 1024, 1280]) {
  test(`${width} px: no table scrolls sideways, with a scenario, search results and the validation view shown`, async () => {
    const p = await openPage({ width, height: 740 });
    await p.page.locator('#planner-scenario-buttons button').first().click();
    // The strong-scaling table of the scenario's split, drawn when it comes into view.
    await p.page.locator('#planner-scaling').scrollIntoViewIfNeeded();
    await p.page.waitForFunction(() =>
      [...document.querySelectorAll('#planner-scaling tbody th')].some(
        (th) => th.textContent === '1,536 GPUs (this split)',
      ),
    );
    await p.page.locator('#planner-search-run').click();
    await p.page.locator('#planner-search-out table').waitFor();
    const validation = p.page.locator('#planner-fidelity-details');
    await validation.locator('summary').click();
    await validation.getByRole('button', { name: /Refit without each calibration source/ }).click();
    await validation.locator('.loso table').waitFor();
    await frames(p.page);
    assert.deepEqual(await sidewaysScrollers(p.page), []);
    if (width > 1024) return p.close(); // the crossings table keeps its columns on a desktop
    // Stacked, each crossing still reads with its bytes and time, labelled.
    const labels = await p.page.evaluate(() =>
      [...document.querySelectorAll('table.crossings tbody tr:first-child td')].map(
        (td) => `${getComputedStyle(td, '::before').content} ${td.textContent}`,
      ),
    );
    assert.ok(
      labels.some((t) => /"Bytes per step: " \S+/.test(t)) && labels.some((t) => /"Time per step: " \S+/.test(t)),
      labels.join(' | '),
    );
    await p.close();
  });
}

for (const width of [375, 1280]) {
  test(`${width} px: the Gantt's legend names only what it draws, and many micro-batches aggregate on a phone`, async () => {
    const p = await openPage({ width, height: 800 });
    const read = () =>
      p.page.evaluate(() => {
        const g = document.getElementById('planner-gantt');
        return {
          numbers: g.querySelectorAll('text.gantt-mb').length,
          busy: (g.querySelector('path.gantt-busy')?.getAttribute('d') ?? '') !== '',
          fwd: (g.querySelector('path.gantt-fwd')?.getAttribute('d') ?? '') !== '',
          legend: g.querySelector('.gantt-legend').textContent,
          micro: /(\d+) micro-batch/.exec(g.querySelector('.gantt-summary').textContent)?.[1],
        };
      });
    for (const patch of [{}, { global: 64 }, { global: 16 }]) {
      if (Object.keys(patch).length) await p.page.evaluate((s) => window.atlas.views.apply('planner', s), patch);
      const g = await read();
      assert.equal(
        g.numbers > 0,
        /number = micro-batch/.test(g.legend),
        `${JSON.stringify(patch)}: ${g.numbers} numbers, legend “${g.legend}”`,
      );
      assert.equal(g.busy, /working/.test(g.legend), `busy bars vs legend: ${g.legend}`);
      assert.equal(g.fwd, /forward(?! and backward)/.test(g.legend), `forward blocks vs legend: ${g.legend}`);
      if (width === 375 && Number(g.micro) >= 96) assert.ok(g.busy, `${g.micro} micro-batches at 375 px aggregate`);
    }
    await p.close();
  });
}

test('1280 px: the wheel scrolls the page over the explorer controls (first and last)', async () => {
  const p = await openPage({ width: 1280, height: 900, path: '#planner' });
  for (const id of ['pl-tp', 'pl-latency_us']) {
    await p.page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
    await frames(p.page);
    const box = await p.page.locator(`#${id}`).boundingBox();
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await p.page.evaluate(() => scrollY);
    await p.page.mouse.wheel(0, 300);
    await p.page.waitForFunction((y) => scrollY !== y, before, { timeout: 30000 }).catch(() => {});
    const afterY = await p.page.evaluate(() => scrollY);
    assert.ok(afterY - before >= 250, `${id}: page scrolled ${afterY - before} px for a 300 px wheel`);
  }
  await p.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`graphics that carry meaning reach 3:1 against their background (${colorScheme})`, async () => {
    const p = await openPage({ colorScheme });
    // The lab's charts (and their legends) arrive when they near the window.
    await p.page.locator('.lab-charts').scrollIntoViewIfNeeded();
    await p.page.locator('#lab-app[data-charts="ready"]').waitFor({ state: 'attached' });
    await p.page.getByLabel('Show other algorithms (for comparison only)').check();
    const { low, checked } = await p.page.evaluate(() => {
      /** WCAG contrast of two computed CSS colours (alpha ignored). */
      const contrast = (a, b) => {
        const lum = (c) => {
          const [r, g, bl] = c
            .match(/[\d.]+/g)
            .slice(0, 3)
            .map((v) => {
              const x = Number(v) / 255;
              return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            });
          return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        };
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      let checked = 0;
      const bg = getComputedStyle(document.querySelector('.lab-chart')).backgroundColor;
      const out = [];
      for (const sw of document.querySelectorAll('.lab-legend .lab-swatch, [id^="lab-legend"] .lab-swatch')) {
        const c = contrast(getComputedStyle(sw).borderTopColor, bg);
        checked += 1;
        if (c < 3) out.push(`chart line “${sw.parentElement.textContent.trim()}” ${c.toFixed(2)}:1`);
      }
      const surface = getComputedStyle(
        document.getElementById('planner-gantt').querySelector('.gantt-scroll'),
      ).backgroundColor;
      for (const cls of ['gantt-fwd', 'gantt-bwd', 'gantt-busy']) {
        const path = document.querySelector(`#planner-gantt path.${cls}`);
        if (!path || !path.getAttribute('d')) continue;
        const c = contrast(getComputedStyle(path).fill, surface);
        checked += 1;
        if (c < 3) out.push(`Gantt ${cls} ${c.toFixed(2)}:1`);
      }
      const cell = document.querySelector('.lab-ring-cell');
      if (cell) {
        const c = contrast(
          getComputedStyle(cell).stroke,
          getComputedStyle(document.querySelector('.lab-ring')).backgroundColor === 'rgba(0, 0, 0, 0)'
            ? getComputedStyle(document.body).backgroundColor
            : getComputedStyle(document.querySelector('.lab-ring')).backgroundColor,
        );
        if (c < 3) out.push(`ring chunk outline ${c.toFixed(2)}:1`);
      }
      return { low: out, checked };
    });
    assert.ok(checked >= 8, `${checked} graphics checked`);
    assert.deepEqual(low, []);
    await p.close();
  });
}

test('with context parallelism the data-parallel group reads as dp × cp, matching the description', async () => {
  const p = await openPage();
  await p.page.evaluate(() =>
    window.atlas.views.apply('planner', {
      model: 'gpt3-175b',
      gpus: 1024,
      tp: 8,
      pp: 2,
      cp: 4,
      dp_auto: true,
      global: 1536,
      micro: 1,
    }),
  );
  const groups = await p.page.locator('table.crossings td[data-label="Group"]').allTextContents();
  assert.ok(
    groups.some((g) => /DP × CP \(16 × 4\)/.test(g)),
    groups.join(' | '),
  );
  assert.ok(!groups.some((g) => /^DP \(64\)/.test(g)), groups.join(' | '));
  assert.match(
    await p.page.locator('#planner-diagram').textContent(),
    /dp 16 × cp 4: context-parallel ranks hold the same weights/,
  );
  await p.close();
});
