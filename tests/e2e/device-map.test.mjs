// The device map as a reader meets it: closed until opened, then hosts of GPUs with NVLink
// domains outlined, GPUs coloured by their group, the focus GPU's group outlined and its
// collectives named with link, algorithm and bytes; a warning when an order moves TP off its
// host; GB200's trays inside one NVLink domain; thousands of GPUs drawn by host; all of it by
// keyboard, in a link, and at 375 px. Screenshots go to build/map-shots/ for a human look.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { openPage, closeBrowser } from './harness.mjs';
import { buildDir } from '../../scripts/lib/paths.mjs';

after(closeBrowser);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A/AA violations inside the map. */
async function axeOnMap(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document.getElementById('planner-map-details'), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('; ')}`,
    );
  });
}

/** GPT-3 175B on 64 H100s of 8 per host: tp 8, pp 2, dp 4. */
const H100_64 = {
  model: 'gpt3-175b',
  hardware: 'h100-sxm',
  gpus: 64,
  dp_auto: true,
  tp: 8,
  pp: 2,
  cp: 1,
  ep: 1,
  zero: 1,
  micro: 1,
  global: 64,
  schedule: '1f1b',
  virtual_stages: 1,
};

const apply = (page, patch) => page.evaluate((s) => window.atlas.views.apply('planner', s), patch);
const stateOf = (page) => page.evaluate(() => window.atlas.views.get('planner').getState());
const stepText = (page) => page.locator('#planner-summary').textContent();

/** Opens the map with its summary (a click, as a reader would) and waits for its picture. */
async function openMap(page) {
  await page.locator('#planner-map-details > summary').click();
  await page.waitForSelector('#planner-map .map-svg');
}

test('closed by default: the plan carries no placement until the map is opened', async () => {
  const p = await openPage({ path: '#planner' });
  await apply(p.page, H100_64);
  assert.equal(await p.page.locator('#planner-map-details').getAttribute('open'), null);
  assert.equal(await p.page.locator('#planner-map .map-svg').count(), 0);
  assert.match(await p.page.locator('#planner-map-now').textContent(), /tp-cp-ep-dp-pp/);
  await openMap(p.page);
  assert.equal(await p.page.locator('#planner-map .map-gpu').count(), 64);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('64 H100 at tp 8: one host per TP group on NVLink; dp innermost moves it onto the network, warns and costs', async () => {
  const p = await openPage({ path: '#planner' });
  await apply(p.page, H100_64);
  await openMap(p.page);
  const page = p.page;
  // GPU 9's TP group: the eight GPUs of host 1, all outlined, and named in words.
  await apply(page, { map_rank: 9 });
  await page.waitForFunction(() => document.querySelector('.map-focus')?.textContent.includes('GPU 9'));
  const outlined = await page.$$eval('#planner-map .map-gpu.is-focus', (els) => els.map((e) => Number(e.dataset.rank)));
  assert.deepEqual(outlined, [8, 9, 10, 11, 12, 13, 14, 15]);
  assert.match(await page.locator('.map-focus').textContent(), /8–15.*1 host.*NVLink/);
  assert.equal(await page.locator('.map-warning').count(), 0);
  const links = await page.$$eval('.map-collectives li', (li) => li.map((l) => l.dataset.link));
  assert.ok(links.length > 0 && links.every((l) => l === 'nvlink'), links.join());
  assert.match(await page.locator('.map-collectives li').first().textContent(), /ring|tree/);
  assert.match(await page.locator('.map-collectives').textContent(), /per step/);
  assert.match(await page.locator('.map-kinds tr[data-kind="DP"]').textContent(), /the network/);
  const before = await stepText(page);

  // By keyboard: the order select, then data-parallel innermost.
  const order = page.locator('#pl-map-order');
  await order.focus();
  await order.selectOption('dp-tp-cp-ep-pp');
  await page.waitForSelector('.map-warning[data-kind="TP"]');
  assert.equal((await stateOf(page)).order, 'dp-tp-cp-ep-pp');
  assert.match(await page.locator('.map-focus').textContent(), /4 hosts.*the network/);
  const after = await stepText(page);
  assert.notEqual(after, before, 'the step changes with the order');
  assert.match(await page.locator('#planner-map-now').textContent(), /dp-tp-cp-ep-pp/);
  // The order travels in the link, with the map's own choices.
  await page.locator('#pl-map-kind').selectOption('DP');
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('planner.map_kind=DP'));
  const hash = await page.evaluate(() => location.hash);
  assert.match(decodeURIComponent(hash), /planner\.order=dp-tp-cp-ep-pp/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();

  const again = await openPage({ path: hash });
  await openMap(again.page);
  const s = await stateOf(again.page);
  assert.equal(s.order, 'dp-tp-cp-ep-pp');
  assert.equal(s.map_kind, 'DP');
  assert.equal(await again.page.locator('#pl-map-order').inputValue(), 'dp-tp-cp-ep-pp');
  await again.close();
});

test('GB200 NVL72: trays of four inside one outlined NVLink domain, tp 4 × ep 16 on NVLink', async () => {
  const p = await openPage({ path: '#planner' });
  await apply(p.page, {
    ...H100_64,
    model: 'mixtral-8x7b',
    hardware: 'gb200-nvl72',
    experts: 16,
    tp: 4,
    pp: 1,
    ep: 16,
  });
  await openMap(p.page);
  await p.page.locator('#pl-map-kind').selectOption('EP');
  await p.page.waitForFunction(() => document.querySelector('.map-focus')?.textContent.includes('expert-parallel'));
  assert.equal(await p.page.locator('#planner-map rect.map-domain').count(), 1, 'one NVLink domain');
  assert.equal(await p.page.locator('#planner-map rect.map-host').count(), 16, 'sixteen trays of four');
  assert.match(await p.page.locator('.map-focus').textContent(), /16 hosts.*NVLink/);
  assert.equal(await p.page.locator('.map-warning').count(), 0);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('thousands of GPUs are drawn by host, the focus group filled, with the picture in words', async () => {
  const p = await openPage({ path: '#planner' });
  await apply(p.page, { ...H100_64, gpus: 4096, tp: 16, pp: 4, global: 1024 });
  await openMap(p.page);
  assert.equal(await p.page.locator('#planner-map .map-gpu').count(), 0);
  assert.equal(await p.page.locator('#planner-map rect.map-host').count(), 512);
  assert.equal(await p.page.locator('#planner-map rect.map-host.is-focus').count(), 2);
  assert.equal(await p.page.locator('.map-warning[data-kind="TP"]').count(), 1, 'tp 16 leaves its 8-GPU domain');
  const label = await p.page.locator('#planner-map .map-svg').getAttribute('aria-label');
  assert.match(label, /4,096 GPUs in 512 hosts/);
  await p.page.locator('.map-words > summary').click();
  assert.match(await p.page.locator('.map-words').textContent(), /Host 1 \(NVLink domain 1\): 8 of GPU 0's group/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('at 375 px the map fits without sideways scroll, axe finds nothing in it; screenshots in light and dark at 375 and 1280 px', async () => {
  const dir = join(buildDir, 'map-shots');
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280])
    for (const colorScheme of ['light', 'dark']) {
      const p = await openPage({ path: '#planner', width, height: 900, colorScheme });
      await apply(p.page, { ...H100_64, order: 'dp-tp-cp-ep-pp', map_rank: 9 });
      await openMap(p.page);
      const wide = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${width} px ${colorScheme}: ${wide} px of sideways scroll`);
      const box = await p.page.locator('#planner-map .map-svg').boundingBox();
      const panel = await p.page.locator('#planner-map').boundingBox();
      assert.ok(box && panel && box.x + box.width <= panel.x + panel.width + 1, 'the picture stays inside its panel');
      assert.deepEqual(await axeOnMap(p.page), [], `${width} px ${colorScheme}`);
      await p.page.locator('#planner-map-details').scrollIntoViewIfNeeded();
      await p.page.locator('#planner-map-details').screenshot({ path: join(dir, `map-${width}-${colorScheme}.png`) });
      assert.deepEqual(p.record.pageErrors, []);
      await p.close();
    }
});
