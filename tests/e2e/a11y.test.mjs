// Accessibility as a machine can check it (axe-core, WCAG 2.1 A/AA rules) in light and dark,
// plus what axe cannot: no horizontal scrolling from 320 px, and keyboard reachability.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { openPage, closeBrowser } from './harness.mjs';
import { root } from '../../scripts/lib/paths.mjs';

after(closeBrowser);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axe(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
}

const settle = (page) =>
  page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );

for (const colorScheme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    test(`axe finds no WCAG A/AA violations (${colorScheme}, ${width} px)`, async () => {
      const p = await openPage({ colorScheme, width });
      // The validation view open, with a published run opened in the explorer from it (its note).
      await p.page.evaluate(() => {
        /** @type {HTMLDetailsElement} */ (document.getElementById('planner-fidelity-details')).open = true;
      });
      // Found as a reader finds it: the validation runs filtered to its source.
      await p.page.locator('#planner-fidelity-filter-source').selectOption('opt2022');
      await p.page.locator('#planner-fidelity tr[data-case="opt-175b-992gpu"] .open-run').click();
      await p.page.locator('#planner-status .run-note').waitFor();
      await settle(p.page);
      const violations = await axe(p.page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
      await p.close();
    });
  }
  test(`each embed part: axe finds no violations and the part has one h1 (${colorScheme})`, async () => {
    for (const part of ['entry', 'lab', 'network', 'planner', 'quiz']) {
      const p = await openPage({ colorScheme, width: 700, path: `index.html?embed=${part}&theme=${colorScheme}` });
      await settle(p.page);
      const violations = await axe(p.page);
      assert.deepEqual(violations, [], `${part}: ${JSON.stringify(violations, null, 1)}`);
      // Rendered (a visually hidden heading still has a box; display: none has none).
      const h1 = await p.page.evaluate(() =>
        [...document.querySelectorAll('h1')].filter((h) => h.getClientRects().length > 0).map((h) => h.textContent),
      );
      assert.equal(h1.length, 1, `${part}: h1 ${JSON.stringify(h1)}`);
      await p.close();
    }
  });
}

test('no repository paths or internal names in what a learner reads (after a search and with the scope open)', async () => {
  const p = await openPage();
  await p.page.locator('#planner-search-run').click();
  await p.page.locator('#planner-search-out table').waitFor();
  const openAll = () =>
    p.page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
  await openAll();
  // The validation view is built when its details open (on the toggle event); then the
  // "What was assumed" details it adds are opened too.
  await p.page.waitForFunction(() => document.querySelector('.case-notes') !== null);
  // Opening a view may build more details (the validation view rebuilds on its toggle): open
  // until every one is open, so what is read is everything a learner can expand.
  await p.page.waitForFunction(() => {
    const all = [...document.querySelectorAll('details')];
    for (const d of all) d.open = true;
    return all.every((d) => d.open) && document.querySelectorAll('.case-notes[open]').length > 0;
  });
  await p.page.locator('#open-embed').click();
  // A case's "What was assumed" cites the files of the source it read (a benchmark's launch
  // script, a framework's argument parser): that is the citation an engineer checks, and stays.
  // Everything else a learner reads names no file, and no note names a file of this project.
  // The rest is the page's text with the notes taken out of it (not their text cut out of the
  // page's: a note's own innerText need not match its run in the page's, which laid-out-when-near
  // sections render differently depending on where the window is).
  const { rest, notes } = await p.page.evaluate(() => {
    const found = [...document.querySelectorAll('.case-notes li, .case-notes .gap-note')];
    const texts = found.map((n) => n.textContent ?? '');
    for (const n of found) n.remove();
    return { rest: document.body.innerText, notes: texts };
  });
  const developer =
    /\b(?:docs|bench|wasm|web|scripts|tests)\/[\w./-]+|\bsee README\b|\b(?:lab|network|planner|quiz)\.[a-z_]+\b|Lab ids/g;
  // ("the README" of a cited project, in a source's description, is a citation, not ours.)
  const found = rest.match(developer);
  assert.equal(found, null, `developer text on the page: ${found}`);
  const ours = notes
    .flatMap((n) => n.match(developer) ?? [])
    .filter((path) => path.includes('/') && existsSync(join(root, path.replace(/[.,;:)]+$/, ''))));
  assert.deepEqual(ours, [], `a case's notes name a file of this project: ${ours}`);
  await p.close();
});

test('no horizontal scrolling at 320 px, 375 px and 1280 px', async () => {
  for (const width of [320, 375, 1280]) {
    const p = await openPage({ width });
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${width}px: page is ${overflow}px wider than the viewport`);
    await p.close();
  }
});

test('every control is reachable by Tab and has an accessible name', async () => {
  const p = await openPage();
  const unnamed = await p.page.evaluate(() =>
    [...document.querySelectorAll('main input, main select, main textarea, main button')]
      .filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0)
      .filter((el) => {
        const name =
          (el.labels && [...el.labels].map((l) => l.textContent).join(' ')) ||
          el.getAttribute('aria-label') ||
          (el.getAttribute('aria-labelledby') || '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent || '')
            .join(' ') ||
          (el.tagName === 'BUTTON' ? el.textContent : '') ||
          el.getAttribute('title') ||
          '';
        return name.trim() === '';
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  assert.deepEqual(unnamed, []);
  // Tab from the top reaches the lab's first control and the explorer's first control.
  const targets = await p.page.evaluate(() =>
    ['#lab', '#planner'].map((s) => document.querySelector(`${s} input, ${s} select`)?.id),
  );
  const seen = new Set();
  for (let i = 0; i < 400 && targets.some((t) => t && !seen.has(t)); i += 1) {
    await p.page.keyboard.press('Tab');
    const id = await p.page.evaluate(() => document.activeElement?.id || '');
    if (id) seen.add(id);
  }
  for (const t of targets) assert.ok(t && seen.has(t), `Tab reaches #${t}`);
  await p.close();
});
