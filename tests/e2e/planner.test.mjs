// The split explorer as a person meets it: set a split, see which tensors cross and where,
// see impossible splits explained at the control, drive it by keyboard, and check the layout
// at phone and desktop widths (screenshots written to build/planner-shots/ for a human look).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, closeBrowser } from './harness.mjs';
import { buildDir } from '../../scripts/lib/paths.mjs';

after(closeBrowser);

/** One small model on one H100: nothing is split, nothing crosses. */
const ONE_GPU = {
  model: 'llama-3.1-8b',
  hardware: 'h100-sxm',
  gpus: 1,
  dp_auto: true,
  tp: 1,
  pp: 1,
  cp: 1,
  ep: 1,
  zero: 0,
  sequence_parallel: false,
  recompute: 'full',
  schedule: '1f1b',
  virtual_stages: 1,
  micro: 1,
  global: 8,
};

async function planner(options = {}) {
  const p = await openPage({ path: '#planner', ...options });
  await apply(p.page, ONE_GPU);
  return p;
}

/** Applies a split the way another view would (the registry), returning rejected names. */
function apply(page, patch) {
  return page.evaluate((s) => window.atlas.views.apply('planner', s), patch);
}

const crossingIds = (page) => page.$$eval('#planner-crossings tr[data-id]', (rows) => rows.map((r) => r.dataset.id));
const markerPlaces = (page) => page.$$eval('#planner-diagram .crossing', (ms) => ms.map((m) => m.dataset.where));
const plannerText = (page) => page.locator('#planner').textContent();

test('one GPU: nothing crosses a device boundary, and the page says so', async () => {
  const p = await planner();
  assert.deepEqual(await crossingIds(p.page), []);
  assert.deepEqual(await markerPlaces(p.page), []);
  assert.match(await p.page.locator('#planner-crossings').textContent(), /Nothing crosses a device boundary/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('TP adds per-layer all-reduces inside the layer, and the matmuls are cut tp ways', async () => {
  const p = await planner();
  const before = await p.page.locator('#planner-diagram .slices').first().locator('.dev').count();
  await apply(p.page, { gpus: 8, tp: 8 });
  const ids = await crossingIds(p.page);
  for (const id of ['tp-fwd-attn-allreduce', 'tp-fwd-mlp-allreduce', 'tp-bwd-attn-allreduce', 'tp-bwd-mlp-allreduce'])
    assert.ok(ids.includes(id), `${id} in ${ids}`);
  const places = await markerPlaces(p.page);
  assert.ok(places.includes('layer.attention.out') && places.includes('layer.mlp.fc2'), places.join());
  const after = await p.page.locator('#planner-diagram .slices').first().locator('.dev').count();
  assert.equal(before, 1);
  assert.equal(after, 8);
  assert.match(await p.page.locator('#planner-description').textContent(), /TP = 8: each layer's QKV/);
  // With sequence parallelism the same traffic becomes reduce-scatter + all-gather.
  await apply(p.page, { sequence_parallel: true });
  const sp = await crossingIds(p.page);
  assert.ok(sp.includes('tp-fwd-reducescatter') && !sp.includes('tp-fwd-attn-allreduce'), sp.join());
  await p.close();
});

test('PP adds send/recv between stages and groups the layers into stage bands', async () => {
  const p = await planner();
  assert.equal(await p.page.locator('#planner-diagram .stage-band').count(), 1);
  await apply(p.page, { gpus: 4, pp: 4, global: 16 });
  const ids = await crossingIds(p.page);
  assert.ok(
    ids.some((id) => id.startsWith('pp-') && id !== 'pp-embedding-grad-allreduce'),
    ids.join(),
  );
  assert.ok((await markerPlaces(p.page)).includes('stage-boundary'));
  assert.equal(await p.page.locator('#planner-diagram .stage-band').count(), 4);
  assert.match(await p.page.locator('#planner-gantt').textContent(), /4 stages, 16 micro-batches/);
  assert.equal(await p.page.locator('#planner-gantt path.gantt-idle').count(), 1);
  // The table and the words name the stage they count: its neighbours send what it does not.
  const caption = () => p.page.locator('#planner-crossings caption').textContent();
  assert.match(await caption(), /(first|last) pipeline stage \(stage [14] of 4\)/);
  assert.match(await p.page.locator('#planner-description').textContent(), /The (first|last) stage is the slowest/);
  await apply(p.page, { pp: 1 }); // four data-parallel replicas: no stage to name
  assert.match(await caption(), /for one device$/);
  await p.close();
});

test('the Gantt is the same when its schedule comes back from the page cache', async () => {
  const p = await planner();
  const blocks = () =>
    p.page.evaluate(
      () =>
        [...document.querySelectorAll('#planner-gantt path')].map((e) => e.getAttribute('d')).join('|') +
        [...document.querySelectorAll('#planner-gantt text.gantt-mb')].map((e) => e.textContent).join(','),
    );
  await apply(p.page, { gpus: 4, pp: 4, global: 16, schedule: '1f1b' });
  const oneF = await blocks();
  await apply(p.page, { schedule: 'gpipe' });
  const gpipe = await blocks();
  assert.notEqual(gpipe, oneF);
  await apply(p.page, { schedule: '1f1b', zero: 1 }); // the engine answers "known": the page fills the blocks in
  assert.equal(await blocks(), oneF);
  await apply(p.page, { global: 32 }); // a new micro-batch count is a new schedule
  assert.match(await p.page.locator('#planner-gantt').textContent(), /4 stages, 32 micro-batches/);
  assert.notEqual(await blocks(), oneF);
  await p.close();
});

test('DP adds the gradient all-reduce; ZeRO-3 turns it into parameter all-gathers', async () => {
  const p = await planner();
  await apply(p.page, { gpus: 8, zero: 0 });
  let ids = await crossingIds(p.page);
  assert.ok(ids.includes('dp-grad-allreduce'), ids.join());
  assert.ok((await markerPlaces(p.page)).includes('gradients'));
  assert.ok((await p.page.locator('#planner-diagram .replica-shadow').count()) >= 1);
  await apply(p.page, { zero: 3 });
  ids = await crossingIds(p.page);
  assert.ok(ids.includes('dp-param-allgather-fwd') && ids.includes('dp-param-allgather-bwd'), ids.join());
  assert.ok(!ids.includes('dp-grad-allreduce'));
  assert.ok(
    (await p.page.locator('#planner-diagram .empty-shard').count()) > 0,
    "ZeRO-3 state bars show other ranks' shards as empty",
  );
  await p.close();
});

test('EP adds all-to-all token exchange at the experts', async () => {
  const p = await planner();
  await apply(p.page, { model: 'mixtral-8x7b', gpus: 8, ep: 8, zero: 3, seq: 4096 });
  const ids = await crossingIds(p.page);
  assert.ok(ids.includes('ep-fwd-dispatch') && ids.includes('ep-fwd-combine'), ids.join());
  assert.ok((await markerPlaces(p.page)).includes('layer.moe'));
  assert.match(await p.page.locator('#planner-diagram').textContent(), /8 experts on ep = 8 ranks/);
  await p.close();
});

test("tokens per expert: the engine's counts for an MoE split, the busiest GPU drawn under uneven routing, gone for a dense model", async () => {
  const p = await planner();
  const view = p.page.locator('#planner-experts');
  assert.equal(await view.isVisible(), false, 'a dense model has no experts to route to');
  await apply(p.page, { model: 'mixtral-8x7b', gpus: 8, ep: 8, zero: 3, seq: 4096, micro: 1 });
  await view.locator('h3').waitFor();
  // Mixtral: 4,096 tokens a micro-batch, 2 of 8 experts each, one expert on each of the 8 GPUs.
  const text = await view.innerText();
  assert.match(text, /routes 4,096 tokens, each to 2 of the 8 experts: 8,192 expert rows/);
  assert.match(text, /holds 1 of them, so each expert multiplies about 8,192 rows/);
  assert.match(text, /over NVLink/);
  assert.equal(await view.locator('svg').count(), 0, 'balanced: no busiest GPU to draw');
  await p.page.locator('#pl-routing_imbalance').fill('1.5');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await view.locator('svg[role="img"]').waitFor();
  assert.match(await view.locator('svg').getAttribute('aria-label'), /the busiest gpu, 12,288/);
  assert.match(await view.innerText(), /The busiest GPU receives 1\.5 × the mean, 12,288 rows/);
  // The formula opens with the same numbers, in words and units.
  await view.locator('details summary').click();
  assert.match(await view.locator('details').innerText(), /= 4,096 tokens; × top_k 2 = 8,192 expert rows/);
  await apply(p.page, { model: 'llama-3.1-8b', ep: 1, zero: 1 });
  await p.page.waitForFunction(() => document.getElementById('planner-experts')?.hidden === true);
  await p.close();
});

test('expert tensor parallel: shown for an MoE model only, kept in the permalink, its bad values named', async () => {
  const p = await planner();
  const field = p.page.locator('[data-param="etp"]');
  assert.equal(await field.isVisible(), false, 'a dense model has no experts to split');
  await apply(p.page, {
    model: 'mixtral-8x7b',
    gpus: 32,
    tp: 4,
    ep: 8,
    sequence_parallel: true,
    seq: 4096,
    global: 64,
  });
  assert.equal(await field.isVisible(), true);
  assert.equal(await p.page.locator('#pl-etp').inputValue(), '0');
  const before = await crossingIds(p.page);
  assert.ok(before.includes('tp-fwd-allgather') && !before.some((id) => id.startsWith('etp-')), before.join());
  await p.page.locator('#pl-etp').fill('2');
  await p.page.locator('#pl-etp').press('Enter');
  await p.page.waitForFunction(() =>
    [...document.querySelectorAll('#planner-crossings tr[data-id]')].some((r) => r.dataset.id === 'etp-fwd-allgather'),
  );
  assert.match(await p.page.locator('#planner-diagram').textContent(), /etp = 2/);
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.etp, 2);
  // The hash follows the state after a short debounce.
  await p.page.waitForFunction(() => location.hash.includes('planner.etp=2'));
  // A value the engine refuses is explained at the control, with its numbers.
  await p.page.locator('#pl-etp').fill('3');
  await p.page.locator('#pl-etp').press('Enter');
  await p.page.waitForFunction(() => document.querySelector('[data-param="etp"] .field-message')?.textContent);
  assert.match(await p.page.locator('[data-param="etp"] .field-message').textContent(), /etp = 3 must divide tp = 4/);
  await p.close();
  // From a link: the value is restored; a value that is not a whole number is named by its label.
  const linked = await openPage({
    path: '#v=1&planner.model=mixtral-8x7b&planner.tp=4&planner.etp=1',
  });
  await linked.page.waitForFunction(() => window.atlas.views.get('planner')?.getState().etp === 1, null, {
    timeout: 10000,
  });
  await linked.close();
  const bad = await openPage({ path: '#v=1&planner.etp=two' });
  assert.match(await bad.page.locator('[data-notes="link"]').textContent(), /Expert tensor parallel etp/);
  await bad.close();
});

test('routing imbalance: shown for an MoE model only, the busiest rank sets the all-to-all, kept in the permalink', async () => {
  const p = await planner();
  const field = p.page.locator('[data-param="routing_imbalance"]');
  assert.equal(await field.isVisible(), false, 'a dense model routes no tokens to experts');
  await apply(p.page, { model: 'mixtral-8x7b', gpus: 8, ep: 8, zero: 3, seq: 4096 });
  assert.equal(await field.isVisible(), true);
  assert.equal(await p.page.locator('#pl-routing_imbalance').inputValue(), '1');
  const row = p.page.locator('#planner-crossings tr[data-id="ep-fwd-dispatch"]');
  const balanced = await row.textContent();
  await p.page.locator('#pl-routing_imbalance').fill('1.5');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  // The busiest rank's tokens go out and come back: the dispatch row's bytes change with them.
  await p.page.waitForFunction((before) => {
    const r = document.querySelector('#planner-crossings tr[data-id="ep-fwd-dispatch"]');
    return r !== null && r.textContent !== before;
  }, balanced);
  assert.match(await p.page.locator('#planner-description').textContent(), /Routing imbalance 1\.5×: the busiest/);
  await p.page.waitForFunction(() => location.hash.includes('planner.routing_imbalance=1.5'));
  // Below even is not a routing: the engine's bound, named at the control.
  await p.page.locator('#pl-routing_imbalance').fill('0.5');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await p.page.waitForFunction(
    () => document.querySelector('[data-param="routing_imbalance"] .field-message')?.textContent,
  );
  await p.close();
});

test('routing imbalance: the memory panel sets the busiest expert rank beside one at the mean load', async () => {
  const p = await planner();
  await apply(p.page, { model: 'mixtral-8x7b', gpus: 8, ep: 8, zero: 3, seq: 4096, recompute: 'selective' });
  assert.equal(await p.page.locator('#planner-memory .expert-memory').count(), 0, 'balanced: every rank alike');
  await p.page.locator('#pl-routing_imbalance').fill('3');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await p.page.waitForSelector('#planner-memory .expert-memory');
  const captions = await p.page.locator('#planner-memory .expert-memory figcaption').allTextContents();
  assert.equal(captions.length, 2);
  assert.match(captions[0], /^Busiest expert rank \(3 × the mean routed tokens\)/);
  assert.match(captions[1], /^A rank at the mean expert load/);
  // Each bar has its parts in words; the busiest rank holds more (its routed tensors) than the mean one.
  const labels = await p.page
    .locator('#planner-memory .expert-memory svg')
    .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label') ?? ''));
  for (const l of labels) assert.match(l, /Activations [\d.]+ \w+, Buffers/);
  const held = captions.map((c) => {
    const m = /: ([\d.]+) (B|KiB|MiB|GiB|TiB)/.exec(c);
    assert.ok(m, c);
    return Number(m[1]) * 1024 ** ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(m[2]);
  });
  assert.ok(held[0] > held[1], captions.join(' | '));
  // Back to balanced routing: one bar for every expert rank again.
  await p.page.locator('#pl-routing_imbalance').fill('1');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await p.page.waitForFunction(() => document.querySelector('#planner-memory .expert-memory') === null);
  await p.close();
});

test('CP adds the key/value exchange in attention', async () => {
  const p = await planner();
  await apply(p.page, { gpus: 2, cp: 2 });
  const ids = await crossingIds(p.page);
  assert.ok(ids.includes('cp-fwd-kv') && ids.includes('cp-bwd-kv'), ids.join());
  assert.ok((await markerPlaces(p.page)).includes('layer.attention.core'));
  // Llama 3's way: K and V gathered whole before attention, which waits; chosen at its control.
  await p.page.locator('#pl-cp_attention').selectOption('all-gather');
  await p.page.waitForFunction(() => document.querySelector('#planner-crossings tr[data-id="cp-fwd-kv-gather"]'));
  const gathered = await crossingIds(p.page);
  assert.ok(!gathered.includes('cp-fwd-kv'), gathered.join());
  for (const id of ['cp-fwd-kv-gather', 'cp-bwd-kv-gather', 'cp-bwd-kv-grad']) assert.ok(gathered.includes(id), id);
  assert.match(await plannerText(p.page), /gathered whole before attention starts, and it waits for them/);
  assert.equal(await p.page.evaluate(() => window.atlas.views.get('planner').getState().cp_attention), 'all-gather');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test("FSDP's backward prefetch: after the gradients, each backward gather waits in the open", async () => {
  const p = await planner();
  const control = p.page.locator('#pl-backward_prefetch');
  assert.equal(await control.isDisabled(), true, 'Megatron gathers no weights per block');
  await apply(p.page, { gpus: 8, framework: 'fsdp1', zero: 3 });
  await p.page.waitForFunction(() => !document.querySelector('#pl-backward_prefetch').disabled);
  const row = '#planner-crossings tr[data-id="dp-param-allgather-bwd"] td:last-child';
  // "<time> exposed <time>": hidden behind the gradients first, then all of it once prefetch is late.
  const times = async () => (await p.page.locator(row).textContent()).split('exposed').map((t) => t.trim());
  const [before, hiddenPart] = await times();
  assert.notEqual(before, hiddenPart);
  await control.selectOption('post');
  await p.page.waitForFunction((sel) => {
    const [all, open] = document
      .querySelector(sel)
      .textContent.split('exposed')
      .map((t) => t.trim());
    return all === open;
  }, row);
  assert.equal(await p.page.evaluate(() => window.atlas.views.get('planner').getState().backward_prefetch), 'post');
  assert.match(await plannerText(p.page), /each block's backward gather waits in the open/);
  const words = await p.page.locator('#planner-description').textContent();
  assert.match(words, /the next block waits for its weights/);
  // Transfer names that carry their own determiner keep it ("of the same weights…").
  assert.match(words, /of the same weights gathered again for backward/);
  assert.doesNotMatch(words, /\bthe (the|each|one) /);
  await apply(p.page, { zero: 2 });
  await p.page.waitForFunction(() => document.querySelector('#pl-backward_prefetch').disabled);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('an impossible split is explained at its control and the last picture is greyed', async () => {
  const p = await planner();
  await apply(p.page, { gpus: 3, tp: 3 });
  const message = await p.page.locator('[data-param="tp"] .field-message').textContent();
  assert.match(message, /tp = 3 does not divide 32 heads/);
  assert.equal(await p.page.locator('#pl-tp').getAttribute('aria-invalid'), 'true');
  assert.ok((await p.page.locator('#planner-output.is-stale').count()) === 1);
  assert.match(await p.page.locator('#planner-status').textContent(), /not possible/);
  // A product that does not match the GPUs names dp; fixing it clears both.
  await apply(p.page, { gpus: 8, tp: 8, dp_auto: false, dp: 2 });
  assert.match(await p.page.locator('[data-param="dp"] .field-message').textContent(), /not the 8 GPUs/);
  await apply(p.page, { dp: 1 });
  assert.equal(await p.page.locator('#planner-output.is-stale').count(), 0);
  assert.equal(await p.page.locator('[data-param="tp"] .field-message').isVisible(), false);
  const text = await plannerText(p.page);
  assert.ok(!/NaN|undefined/.test(text), 'no NaN or undefined on the page');
  await p.close();
});

test('keyboard only: type a degree, pick a schedule, reach a marker and jump to its row', async () => {
  const p = await planner();
  const { page } = p;
  await apply(page, { gpus: 16, global: 16 });
  await page.locator('#pl-pp').focus();
  await page.keyboard.press('ArrowUp'); // pp 1 → 2
  assert.equal(await page.locator('#pl-pp').inputValue(), '2');
  assert.ok((await crossingIds(page)).some((id) => id.startsWith('pp-')));
  await page.keyboard.press('Tab'); // cp
  await page.keyboard.press('Tab'); // ep
  await page.locator('#pl-schedule').focus();
  await page.keyboard.press('ArrowDown'); // 1f1b → interleaved
  await page.locator('#pl-virtual_stages').focus();
  await page.keyboard.press('ArrowUp'); // v 1 → 2
  const state = await page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.pp, 2);
  assert.equal(state.virtual_stages, 2);
  assert.equal(state.schedule, 'interleaved');
  // Tab from the diagram's caption region reaches a crossing marker.
  await page.locator('#planner-diagram .crossing').first().focus();
  assert.equal((await page.locator('#planner-crossings tr.is-hot').count()) >= 1, true);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TR');
  assert.equal((await page.locator('#planner-diagram .crossing.is-hot').count()) >= 1, true);
  await p.close();
});

test('views.apply from another view restores a split, rejects bad names and brings the explorer into view', async () => {
  const p = await openPage({ path: '#top' });
  const rejected = await apply(p.page, {
    tp: 8,
    pp: 1,
    gpus: 8,
    model: 'llama-3.1-8b',
    hardware: 'h100-sxm',
    tp_bogus: 1,
    zero: 9,
  });
  assert.deepEqual(rejected.sort(), ['tp_bogus', 'zero']);
  const inView = await p.page.evaluate(() => {
    const r = document.getElementById('planner').getBoundingClientRect();
    return r.top < innerHeight && r.bottom > 0;
  });
  assert.ok(inView);
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.layers, 32, 'choosing a preset fills its shape');
  assert.equal(state.tp, 8);
  await p.close();
});

test('scenarios apply in one click and compare their variants', async () => {
  const p = await planner();
  await p.page.locator('button[data-scenario="fit-70b"]').click();
  const rows = p.page.locator('.scenario-card tbody tr');
  assert.ok((await rows.count()) >= 3);
  // No row here is a published run, so there is no Measured column; the ZeRO-3 scenario's rows are.
  const headers = () => p.page.locator('.scenario-card thead th').allTextContents();
  assert.ok(!(await headers()).includes('Measured'));
  assert.match(await p.page.locator('#planner-memory').textContent(), /Does not fit/);
  await p.page.locator('button[data-scenario="misconception"]').click();
  await p.page.locator('.scenario-card[data-scenario="misconception"]').waitFor();
  assert.ok((await headers()).includes('Measured'));
  await p.page.locator('button[data-scenario="batch-8192"]').click();
  assert.match(await p.page.locator('#planner-batch-equation').textContent(), /8192 = 8 × 16 × 64/);
  await p.close();
});

for (const width of [375, 1280]) {
  test(`layout at ${width} px: no sideways scrolling of the page; screenshot saved`, async () => {
    const p = await openPage({ width, height: 900, path: '#planner' });
    const overflow = await p.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    if (width >= 1280) {
      // On a desktop the crossings table shows every column (bytes and time included) without
      // scrolling inside its wrapper; narrower windows may scroll there.
      await apply(p.page, {
        model: 'gpt3-175b',
        hardware: 'a100-80gb',
        gpus: 1024,
        tp: 8,
        pp: 8,
        zero: 1,
        global: 1536,
        micro: 1,
        sequence_parallel: true,
      });
      await p.page.locator('#planner-crossings').scrollIntoViewIfNeeded();
      const inner = await p.page.locator('#planner-crossings').evaluate((w) => w.scrollWidth - w.clientWidth);
      assert.ok(inner <= 1, `the crossings table scrolls sideways by ${inner}px at ${width}px`);
    }
    const dir = join(buildDir, 'planner-shots');
    mkdirSync(dir, { recursive: true });
    await p.page.locator('#planner').screenshot({ path: join(dir, `planner-${width}.png`) });
    assert.deepEqual(p.record.consoleErrors, []);
    assert.deepEqual(await p.csp(), []);
    await p.close();
  });
}

test('formulas read in the page units: the engine sends numbers, the page formats them (no "e+", no {0})', async () => {
  const p = await planner();
  await apply(p.page, { model: 'gpt3-175b', hardware: 'a100-80gb', gpus: 1024, tp: 8, pp: 8, global: 1536 });
  await p.page.waitForFunction(() => /TB\/s/.test(document.querySelector('#planner-time')?.textContent ?? ''));
  const texts = await p.page.$$eval('#planner details.formula', (ds) => ds.map((d) => d.textContent ?? ''));
  assert.ok(texts.length >= 3, `${texts.length} formula blocks`);
  for (const t of texts) assert.doesNotMatch(t, /\d[eE][+-]?\d|\{\d+\}|undefined|NaN/, t);
  const time = texts.find((t) => t.includes('Optimizer step:')) ?? '';
  assert.match(
    time,
    /Optimizer step: Adam's HBM bytes per updated weight × parameters updated per GPU ÷ HBM bandwidth = 28(\.0)? B × [\d,]+ ÷ [\d.]+ TB\/s = [\d.]+ (ms|µs)/,
  );
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('kernels, attention kernels, gradient precision and FSDP1 are set at their controls, and each moves the step time', async () => {
  const p = await planner();
  const { page } = p;
  await apply(page, { gpus: 8, zero: 3, framework: 'fsdp' });
  const stepLabel = () => page.locator('#planner-time svg[role=img]').first().getAttribute('aria-label');
  const changed = async (before) => {
    await page.waitForFunction(
      (b) => document.querySelector('#planner-time svg[role=img]')?.getAttribute('aria-label') !== b,
      before,
    );
    return stepLabel();
  };
  const seconds = (/** @type {string | null} */ label) => {
    const [, value, unit] = /step ([\d.]+) (m?s)/.exec(label ?? '') ?? [];
    return Number(value) * (unit === 'ms' ? 1e-3 : 1);
  };
  const fused = await stepLabel();
  assert.match(fused, /step [\d.]+ m?s/);
  await page.locator('#pl-kernels').selectOption('eager');
  const eager = await changed(fused);
  await page.locator('#pl-reduce').selectOption('fp32');
  const fp32 = await changed(eager);
  await page.locator('#pl-framework').selectOption('fsdp1');
  const fsdp1 = await changed(fp32);
  // PyTorch's frameworks attend with FlashAttention-2 unless told; the GPU's own kernels (cuDNN)
  // run faster on H100 (this page's), and FlashAttention-2's measured third of peak is slower.
  assert.equal(await page.evaluate(() => window.atlas.views.get('planner').getState().hardware), 'h100-sxm');
  await page.locator('#pl-flash').selectOption('on');
  const h100 = await changed(fsdp1);
  assert.ok(seconds(h100) < seconds(fsdp1), `${h100} after ${fsdp1}`);
  await page.locator('#pl-flash').selectOption('flash-attention-2');
  const fa2 = await changed(h100);
  assert.ok(seconds(fa2) > seconds(h100), `${fa2} after ${h100}`);
  const state = await page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.kernels, 'eager');
  assert.equal(state.reduce, 'fp32');
  assert.equal(state.framework, 'fsdp1');
  assert.equal(state.flash, 'flash-attention-2');
  // The scope says what eager kernels cost, in plain words.
  assert.match(await page.locator('#planner').textContent(), /unfused|eager/i);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});
