// Permalinks: the state of the lab, the split explorer and the quiz survives a link exactly;
// older links migrate; invalid values fall back to defaults with a note naming the parameter.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const STATES = [
  { lab: { ranks: 64, bytes: 1048576, bandwidth: 25e9, latency: 1e-5 } },
  { lab: { compare: true, overlap: 0.5, compute: 2, ranks: 4096 } },
  { planner: { tp: 4, pp: 2, zero: 3, recompute: 'full', schedule: 'gpipe', dp_auto: true } },
  { planner: { model: 'llama-3.1-70b', hardware: 'h100-sxm', gpus: 64, tp: 8, pp: 1, zero: 1, global: 512, micro: 2 } },
  { quiz: { seed: 7, index: 3 } },
  { lab: { ranks: 16, latency: 2e-6 }, planner: { sequence_parallel: false, micro: 2 }, quiz: { seed: 42 } },
];

async function statesOf(page) {
  return page.evaluate(() =>
    Object.fromEntries(window.atlas.views.ids().map((id) => [id, window.atlas.views.get(id).getState()])),
  );
}

for (const [i, state] of STATES.entries()) {
  test(`round trip ${i + 1}: ${Object.keys(state).join(' + ')}`, async () => {
    const first = await openPage();
    const rejected = await first.page.evaluate(
      (s) => Object.entries(s).flatMap(([id, st]) => window.atlas.views.apply(id, st)),
      state,
    );
    assert.deepEqual(rejected, []);
    // The hash follows the state after a short debounce: wait until it names every applied value.
    // (Values equal to a view's default are left out of the hash.)
    await first.page.waitForFunction(
      (s) =>
        location.hash.startsWith('#v=2') &&
        Object.entries(s).every(([id, st]) => {
          const view = window.atlas.views.get(id);
          const now = view.getState();
          return Object.keys(st).every(
            (k) =>
              String(view.defaults?.[k]) === String(now[k]) ||
              location.hash.includes(`${encodeURIComponent(`${id}.${k}`)}=`),
          );
        }),
      state,
    );
    const link = await first.page.evaluate(() => location.href);
    const expected = await statesOf(first.page);
    for (const [id, st] of Object.entries(state))
      for (const [k, v] of Object.entries(st)) assert.equal(String(expected[id][k]), String(v), `${id}.${k} applied`);
    await first.close();

    const second = await openPage({ url: link });
    assert.deepEqual(await statesOf(second.page), expected);
    assert.equal(await second.page.locator('[data-notes="link"]').count(), 0);
    assert.deepEqual(second.record.pageErrors, []);
    await second.close();
  });
}

test('a link from before versioning (v0, lab only) migrates', async () => {
  const p = await openPage({ path: '#ranks=32&bytes=1048576&latency=0.00001' });
  const s = await statesOf(p.page);
  assert.equal(Number(s.lab.ranks), 32);
  assert.equal(Number(s.lab.bytes), 1048576);
  assert.equal(Number(s.lab.latency), 1e-5);
  assert.equal(await p.page.locator('[data-notes="link"]').count(), 0);
  await p.close();
});

test('invalid values fall back to defaults with a visible note naming each control by its label', async () => {
  const p = await openPage({
    path: '#v=1&lab.ranks=abc&lab.bytes=-5&planner.tp=0&planner.schedule=zigzag&quiz.seed=x&ghost.a=1',
  });
  const notes = await p.page.locator('[data-notes="link"]').textContent();
  // Named as the reader sees them (the controls' labels), never by internal keys.
  for (const name of ['“Ranks”', '“Payload”', '“Tensor parallel tp”', '“Schedule”', '“Exercise set”'])
    assert.ok(notes.includes(name), `${name} in: ${notes}`);
  assert.doesNotMatch(notes, /lab\.|planner\.|quiz\.|ghost/);
  assert.match(notes, /settings for a part this page does not have/);
  const s = await statesOf(p.page);
  const defaults = await p.page.evaluate(() =>
    Object.fromEntries(window.atlas.views.ids().map((id) => [id, window.atlas.views.get(id).defaults])),
  );
  assert.equal(String(s.lab.ranks), String(defaults.lab.ranks));
  assert.equal(String(s.planner.tp), String(defaults.planner.tp));
  assert.equal(await p.page.evaluate(() => document.body.innerText.includes('NaN')), false);
  await p.close();
});

test('a link from a newer version says so and applies what it can', async () => {
  const p = await openPage({ path: '#v=9&lab.ranks=16' });
  assert.match(await p.page.locator('[data-notes="link"]').textContent(), /newer version \(v9\)/);
  assert.equal(Number((await statesOf(p.page)).lab.ranks), 16);
  await p.close();
});

test('Copy link gives the current state; the embed dialog writes a working snippet', async () => {
  const p = await openPage();
  await p.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await p.page.evaluate(() => window.atlas.views.apply('lab', { ranks: 128 }));
  await p.page.locator('#copy-link').click();
  await p.page.waitForFunction(() => document.querySelector('.share-bar .share-feedback')?.textContent !== '');
  const copied = await p.page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /#v=2.*lab\.ranks=128/);
  await p.page.locator('#open-embed').click();
  await p.page.locator('#embed-part').selectOption('lab');
  const flag = p.page.locator('.embed-dialog .flags select[data-name="ranks"]');
  await flag.selectOption('lock');
  const snippet = await p.page.locator('#embed-snippet').inputValue();
  assert.match(snippet, /<iframe src="[^"]+\?embed=lab&amp;lock=ranks#v=2[^"]*lab\.ranks=128/);
  assert.match(snippet, /atlas-host\.js/);
  await p.page.keyboard.press('Escape');
  await p.page.locator('dialog.embed-dialog').waitFor({ state: 'detached', timeout: 30000 }); // closes, then is removed
  const src = snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  await p.close();
  const embedded = await openPage({ url: src });
  assert.equal(Number((await statesOf(embedded.page)).lab.ranks), 128);
  const locked = embedded.page.locator('#lab [data-param="ranks"]').first();
  assert.equal(await locked.getAttribute('data-locked'), 'true');
  assert.equal(await embedded.page.locator('#lab [data-param="ranks"] input').first().isDisabled(), true);
  await embedded.close();
});
