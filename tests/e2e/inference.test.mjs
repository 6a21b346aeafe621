// The split explorer's inference mode in a real browser: the Training | Inference switch by
// keyboard, the serving readouts and the latency–throughput chart with its table, a permalink
// round trip that keeps the mode, the split's diagram with the KV cache on each GPU and a
// Prefill | Decode switch for what crosses devices, and axe in both themes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test('the mode switch works from the keyboard and shows the serving readouts, chart and table', async () => {
  const p = await openPage();
  const training = p.page.getByRole('radio', { name: 'Training' });
  assert.equal(await training.isChecked(), true);
  assert.equal(await p.page.locator('#planner-inference').isVisible(), false);
  await training.focus();
  await p.page.keyboard.press('ArrowDown'); // radios in one group move with the arrow keys
  await p.page.waitForFunction(() => document.querySelector('#planner-app')?.dataset.mode === 'inference');
  assert.equal(await p.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await p.page.locator('.inf-svg').waitFor();
  // Training-only controls and pictures are out of the way; the serving fields are in.
  assert.equal(await p.page.locator('#pl-zero').isVisible(), false);
  assert.equal(await p.page.locator('#planner-gantt').isVisible(), false);
  assert.equal(await p.page.locator('#pl-concurrency').isVisible(), true);
  for (const label of [
    'Weights',
    'KV cache',
    'Most users that fit',
    'Time to first token',
    'Time per output token',
    'Tokens/s per GPU',
    'Tokens/s per user',
  ])
    assert.equal(await p.page.locator('.inf-readout dt', { hasText: new RegExp(`^${label}$`) }).count(), 1, label);
  // Each readout's formula has the engine's numbers in the page's units (no "e+", no {0}).
  const formulas = await p.page.$$eval('#planner-inference details.formula', (ds) =>
    ds.map((d) => d.textContent ?? ''),
  );
  assert.ok(formulas.length >= 10, `${formulas.length} formulas`);
  for (const t of formulas) assert.doesNotMatch(t, /\d[eE][+-]?\d|\{\d+\}|undefined|NaN/, t);
  // The chart has a text equivalent with one row per point, the requested concurrency marked.
  const rows = p.page.locator('.inf-curve-table tbody tr');
  assert.ok((await rows.count()) >= 5);
  await p.page.locator('#pl-concurrency').fill('64');
  await p.page.locator('#pl-concurrency').press('Enter');
  await p.page.waitForFunction(() => document.querySelector('.inf-curve-table tr.is-current th')?.textContent === '64');
  // The serving search lists layouts of the same GPUs; applying one sets the split.
  await p.page.locator('#inf-search-run').click();
  await p.page.locator('.inf-search-table tbody tr').first().waitFor();
  const layout = await p.page.locator('.inf-search-table tbody tr th').first().textContent();
  await p.page.locator('.inf-search-table tbody tr button').first().click();
  const applied = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(layout.includes(`tp ${applied.tp}`) && layout.includes(`pp ${applied.pp}`), true, layout);
  // The published serving runs open on demand, each row linking its source.
  await p.page.getByText('Show the published runs and the engine\u2019s errors').click();
  await p.page.locator('#planner-inference .fidelity-table tbody tr').nth(8).waitFor();
  assert.match(
    await p.page.locator('#planner-inference .fidelity-table tbody tr a').first().getAttribute('href'),
    /^https:\/\//,
  );
  // A published serving run opens in the explorer: its workload at the controls, the measured
  // figure beside the engine's in a note above.
  const c = await p.page.evaluate(() => window.atlas.engine.run('fidelity', { mode: 'inference' }).cases[0]);
  await p.page.locator(`#planner-inference tr[data-case="${c.id}"] .open-run`).click();
  const note = p.page.locator('#planner-status .run-note');
  await note.waitFor();
  assert.match(await note.textContent(), /Measured: .*the engine's figure is/);
  assert.equal(await p.page.locator('#pl-prompt').inputValue(), String(c.request.serving.prompt));
  assert.equal(await p.page.locator('#pl-concurrency').inputValue(), String(c.request.serving.concurrency));
  assert.equal((await p.page.evaluate(() => window.atlas.views.get('planner').getState())).mode, 'inference');
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('the serving validation view leads with the sealed held-out runs, each source apart, corrections shown', async () => {
  const p = await openPage({ path: '#v=1&open=planner&planner.mode=inference' });
  await p.page.locator('.inf-svg').waitFor();
  await p.page.getByText('Show the published runs and the engine\u2019s errors').click();
  const held = await p.page.evaluate(() => window.atlas.engine.run('fidelity', { mode: 'inference' }).held_out);
  await p.page.locator('#planner-inference .serving-heldout tbody tr').first().waitFor();
  // The headline is the sealed figure, as the engine computed it.
  // With no sealed run left (each set has judged a change), it says so instead.
  const headline = await p.page.locator('#planner-inference .fidelity-headline').textContent();
  if (held.sealed.cases > 0) {
    assert.match(headline, new RegExp(`over ${held.sealed.cases} published runs`));
    assert.match(headline, new RegExp(`mean error ${(100 * held.sealed.mean_abs_error).toFixed(1)}`));
    // Beside it, each source counted once and the worst source: one document's many runs do not carry it.
    assert.match(
      headline,
      new RegExp(`${(100 * held.sealed.mean_of_sources).toFixed(1)} % over ${held.sealed.sources} sources`),
    );
  } else {
    assert.match(headline, /^No sealed serving runs remain/);
    // and gives each set's reading as frozen, the out-of-sample figure that stays true.
    for (const r of held.readings) {
      assert.ok(headline.includes((100 * r.mean_abs_error).toFixed(1)), `${r.frozen} in ${headline}`);
      assert.ok(headline.includes(`on ${r.cases} ${r.runs}`), r.runs);
    }
  }
  // One row per planned run, sealed and informed marked; every source has its own summary row.
  const rows = p.page.locator('#planner-inference .serving-heldout tbody tr');
  assert.equal(await rows.count(), held.cases.filter((c) => c.engine !== undefined).length);
  assert.equal(
    await p.page.locator('#planner-inference .serving-heldout tbody tr[data-seal="sealed"]').count(),
    held.sealed.cases,
  );
  const summary = await p.page.locator('#planner-inference .serving-heldout-summary tbody th').allTextContents();
  // Each source by who published what (its name up to the first colon); the whole name is the row's title.
  for (const s of held.sources) assert.ok(summary.includes(`· ${s.name.split(':')[0]}`), s.name);
  // A source set aside says why beside its row, and its runs are in neither the sealed nor the informed count.
  const whys = await p.page.locator('#planner-inference .serving-heldout-summary td.set-aside-why').allTextContents();
  const aside = held.sources.filter((s) => s.seal === 'set_aside');
  assert.ok(aside.length > 0, 'a source set aside');
  for (const s of aside) assert.ok(whys.includes(s.set_aside ?? ''), s.id);
  assert.equal(
    await p.page.locator('#planner-inference .serving-heldout tbody tr[data-seal="set_aside"]').count(),
    held.cases.filter((c) => c.seal === 'set_aside' && c.engine !== undefined).length,
  );
  // A run asking for more users than the cache holds says how many are served at once; with none
  // served there is no throughput, and the row says why in words.
  const none = held.cases.find((c) => c.fits === false && c.served === 0);
  assert.ok(none, 'a run where nothing fits');
  assert.equal(
    await p.page
      .locator(`#planner-inference .serving-heldout tr[data-case="${none.id}"] td[data-label="Engine"]`)
      .textContent(),
    'none: not one sequence fits beside the weights',
  );
  const some = held.cases.find((c) => c.fits === false && (c.served ?? 0) > 0 && c.engine !== undefined);
  assert.ok(some, 'a run with waiting users');
  assert.match(
    await p.page
      .locator(`#planner-inference .serving-heldout tr[data-case="${some.id}"] td[data-label="Engine"]`)
      .textContent(),
    / \([\d,  ]+ at once, the rest wait\)$/,
  );
  // A corrected run says why, and opens in the explorer as the engine planned it.
  const corrected = held.cases.find((c) => c.corrected);
  assert.ok(corrected, 'a corrected case');
  const row = p.page.locator(`#planner-inference .serving-heldout tr[data-case="${corrected.id}"]`);
  await row.locator('summary').click();
  assert.match(await row.locator('.gap-note').textContent(), /^Corrected since: /);
  await row.locator('.open-run').click();
  await p.page.locator('#planner-status .run-note').waitFor();
  assert.equal(await p.page.locator('#pl-prompt').inputValue(), String(corrected.request.serving.prompt));
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.kv, corrected.request.serving.kv);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('the serving runtime is a control: its host work per step is its own readout, with where it comes from', async () => {
  const p = await openPage({ path: '#v=1&open=planner&planner.mode=inference' });
  await p.page.locator('.inf-svg').waitFor();
  const hostReadout = p.page.locator('.inf-readout', { hasText: 'Host work, per step' });
  assert.match(await hostReadout.locator('dd strong').textContent(), /^0(\.0+)? ?s$|^0 /);
  await p.page.locator('#pl-runtime').selectOption('vllm');
  await p.page.waitForFunction(() => window.atlas.views.get('planner').getState().runtime === 'vllm');
  await hostReadout.locator('summary').click();
  assert.match(await hostReadout.locator('.formula p').textContent(), /measured for this runtime/);
  assert.match(
    await p.page.locator('.inf-readout', { hasText: 'Small kernels, per step' }).textContent(),
    /vLLM: norms, rotary.*vLLM’s custom kernel|vLLM: norms, rotary.*NCCL/,
  );
  // The link keeps the runtime.
  await p.page.waitForFunction(() => location.hash.includes('planner.runtime=vllm'));
  // vLLM's release is a control of vLLM's alone: its V0 engine waits far longer on the host.
  const release = p.page.locator('#pl-runtime_version');
  assert.ok(await release.isVisible(), 'the release is offered under vLLM');
  assert.equal(await p.page.getByLabel('vLLM release').count(), 1);
  const host = async () => (await hostReadout.locator('dd strong').textContent()).trim();
  const v1 = await host();
  await release.selectOption('0.7');
  await p.page.waitForFunction(() => location.hash.includes('planner.runtime_version=0.7'));
  await p.page.waitForFunction((b) => {
    const row = [...document.querySelectorAll('.inf-readout')].find((r) =>
      /Host work, per step/.test(r.textContent ?? ''),
    );
    return row && row.querySelector('dd strong')?.textContent?.trim() !== b;
  }, v1);
  // V0's 5.5 ms against V1's 0.33 ms, beside the same 0.20 ms per tensor rank.
  assert.ok(Number.parseFloat(await host()) - Number.parseFloat(v1) > 5, `${v1} → ${await host()}`);
  assert.match(await hostReadout.locator('.formula p').textContent(), /V0 engine/);
  await p.page.locator('#pl-runtime').selectOption('sglang');
  await p.page.waitForFunction(() => document.querySelector('[data-param="runtime_version"]')?.hidden === true);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('a mixture-of-experts model shows its routed experts as a readout, from the engine; a dense one does not', async () => {
  const p = await openPage({ path: '#v=1&open=planner&planner.mode=inference' });
  await p.page.locator('.inf-svg').waitFor();
  const experts = p.page.locator('.inf-readout', { hasText: 'Routed experts, per step' });
  const dense = await p.page.evaluate(() => window.atlas.views.get('planner').getState().model);
  assert.equal(await experts.count(), 0, `no experts readout for ${dense}`);
  await p.page.locator('#pl-model').selectOption('qwen3-235b-a22b');
  await p.page.locator('#pl-runtime').selectOption('sglang');
  await experts.waitFor();
  // The readout is the engine's figure: the same one the decode step's formula names.
  const shown = (await experts.locator('dd strong').textContent()).trim();
  assert.match(shown, /^[\d.,]+ ?(ns|µs|ms|s)$/);
  const step = p.page.locator('.inf-readout', { hasText: 'One decode step' });
  await step.locator('summary').click();
  assert.ok((await step.locator('.formula p').textContent()).includes(`the routed experts take ${shown}`), shown);
  assert.match(await experts.textContent(), /of the .* of GEMMs on the busiest GPU/);
  // Tokens per expert in a decode step: the step's rows, the experts they touch, the bytes read.
  const perExpert = p.page.locator('.serving-experts');
  await perExpert.waitFor();
  assert.match(await perExpert.innerText(), /each token goes to 8 of the 128 experts: [\d,]+ expert rows/);
  assert.match(await perExpert.innerText(), /only those are read: [\d.]+ \w+ of [\d.]+ \w+ of expert weights a step/);
  await p.page.locator('#pl-model').selectOption(dense);
  await p.page.waitForFunction(() => document.querySelector('.serving-experts') === null);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('serving under uneven routing: the busiest expert GPU sets the step, in words and in the link', async () => {
  const p = await openPage({
    path: '#v=2&open=planner&planner.mode=inference&planner.model=qwen3-30b-a3b&planner.hardware=h100-sxm&planner.gpus=8&planner.tp=1&planner.pp=1&planner.ep=8',
  });
  const perExpert = p.page.locator('.serving-experts');
  await perExpert.waitFor();
  assert.doesNotMatch(await perExpert.innerText(), /busiest/);
  const field = p.page.locator('[data-param="routing_imbalance"]');
  assert.ok(await field.isVisible(), 'the control is shown in inference mode for an MoE model');
  const step = async () =>
    (await p.page.locator('.inf-readout', { hasText: 'One decode step' }).locator('dd strong').textContent()).trim();
  const before = await step();
  await p.page.locator('#pl-routing_imbalance').fill('2');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await p.page.waitForFunction(() => location.hash.includes('planner.routing_imbalance=2'));
  await p.page.waitForFunction(() =>
    /busiest expert GPU/.test(document.querySelector('.serving-experts')?.textContent ?? ''),
  );
  assert.match(await perExpert.innerText(), /it receives 2 × the mean, [\d,]+ rows/);
  assert.notEqual(await step(), before, 'the busiest rank makes the step longer');
  // More than ep times the mean is impossible, and said at the control.
  await p.page.locator('#pl-routing_imbalance').fill('9');
  await p.page.locator('#pl-routing_imbalance').press('Enter');
  await p.page.waitForFunction(() =>
    /at most all the routed tokens/.test(
      document.querySelector('[data-param="routing_imbalance"] .field-message')?.textContent ?? '',
    ),
  );
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test("the experts' weight format is a control for a mixture-of-experts model only; MXFP4 experts shrink the weights and keep the link", async () => {
  const p = await openPage({ path: '#v=1&open=planner&planner.mode=inference' });
  await p.page.locator('.inf-svg').waitFor();
  const field = p.page.locator('#pl-expert_weights');
  assert.equal(await field.isVisible(), false, 'a dense model has no experts to format');
  await p.page.locator('#pl-model').selectOption('gpt-oss-120b');
  await field.waitFor();
  assert.equal(await p.page.getByLabel("Experts' weight format").count(), 1);
  const weights = p.page.locator('.inf-readout', { hasText: /^Weights/ }).locator('dd strong');
  const before = (await weights.textContent()).trim();
  await field.selectOption('mxfp4');
  await p.page.waitForFunction(() => /planner\.expert_weights=mxfp4/.test(location.hash));
  await p.page.waitForFunction((b) => {
    const dd = [...document.querySelectorAll('.inf-readout')].find((r) => /^Weights/.test(r.textContent ?? ''));
    return dd && dd.querySelector('dd strong')?.textContent?.trim() !== b;
  }, before);
  const parse = (/** @type {string} */ t) => Number.parseFloat(t.replace(/,/g, ''));
  const after = (await weights.textContent()).trim();
  // MXFP4 is 0.53 B a weight against bf16's 2: the experts, most of the model, shrink almost fourfold.
  assert.ok(parse(after) < 0.4 * parse(before), `${before} → ${after}`);
  const formula = p.page.locator('.inf-readout', { hasText: /^Weights/ });
  await formula.locator('summary').click();
  assert.match(await formula.locator('.formula p').textContent(), /routed experts ÷ tp·ep × .*mxfp4/);
  assert.match(await formula.textContent(), /in bf16, routed experts in mxfp4/);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('an impossible serving request names the field; a permalink keeps the inference mode', async () => {
  const p = await openPage();
  await p.page.evaluate(() =>
    window.atlas.views.apply('planner', {
      mode: 'inference',
      model: 'llama-3.1-8b',
      hardware: 'h100-sxm',
      gpus: 8,
      tp: 8,
      pp: 1,
      cp: 1,
      ep: 1,
      prompt: 8000,
      output: 1000,
    }),
  );
  await p.page.waitForFunction(() => document.querySelector('#pl-output')?.getAttribute('aria-invalid') === 'true');
  assert.match(await p.page.locator('#pl-output-msg').textContent(), /maximum context/);
  await p.page.evaluate(() =>
    window.atlas.views.apply('planner', { prompt: 2048, output: 256, concurrency: 32, weights: 'fp8' }),
  );
  await p.page.waitForFunction(
    () => /planner\.mode=inference/.test(location.hash) && /planner\.weights=fp8/.test(location.hash),
  );
  const link = await p.page.evaluate(() => location.href);
  const expected = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  await p.close();
  const q = await openPage({ url: link });
  await q.page.locator('.inf-svg').waitFor();
  assert.deepEqual(await q.page.evaluate(() => window.atlas.views.get('planner').getState()), expected);
  assert.equal(await q.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await q.close();
});

test('inference mode draws the split diagram: the KV cache on each GPU, and prefill or decode crossings', async () => {
  const p = await openPage({
    path: '#v=1&open=planner&planner.mode=inference&planner.model=llama-3.1-70b&planner.hardware=h100-sxm&planner.gpus=8&planner.tp=2&planner.pp=4&planner.concurrency=16&planner.prompt=2048&planner.output=256',
  });
  const diagram = p.page.locator('#inf-diagram');
  await diagram.locator('svg .stage-band').first().waitFor();
  assert.equal(await diagram.locator('.stage-band').count(), 4);
  // Each stage shows one KV block per GPU and its size; the bars below say what each GPU holds.
  assert.equal(await diagram.locator('.kv-blocks').count(), 4);
  assert.equal(await diagram.locator('.kv-blocks').first().locator('.kv-block').count(), 2);
  const kv = await p.page.evaluate(
    () =>
      window.atlas.engine.run('plan', {
        mode: 'inference',
        model: { preset: 'llama-3.1-70b' },
        hardware: { preset: 'h100-sxm', gpus: 8 },
        parallel: { tp: 2, pp: 4 },
        serving: { concurrency: 16 },
      }).stages[0].memory.kv_cache,
  );
  assert.equal(kv, 16 * 2304 * 40960);
  assert.match(await diagram.textContent(), /KV cache per GPU: 1\.51 GB/);
  assert.match(
    await diagram.locator('.dg-serving-memory').locator('xpath=..').textContent(),
    /serving 16 users per replica/,
  );
  assert.equal(await diagram.locator('.dg-serving-memory .mem-bar').count(), 4);
  // Decode is shown first; its table lists the decode step's tensors, the markers the same ids.
  const ids = () => p.page.$$eval('#inf-crossings tr[data-id]', (rows) => rows.map((r) => r.dataset.id));
  const markerIds = () => p.page.$$eval('#inf-diagram .crossing', (ms) => ms.flatMap((m) => m.dataset.ids.split(' ')));
  assert.equal(await p.page.getByRole('radio', { name: 'Decode (one token per user)' }).isChecked(), true);
  const decode = await ids();
  assert.ok(decode.includes('pp-send') && decode.includes('tp-attention-allreduce'), decode.join());
  assert.deepEqual((await markerIds()).sort(), [...decode].sort());
  assert.match(await p.page.locator('#inf-crossings-h').textContent(), /one decode step/);
  const decodeBytes = await p.page
    .locator('#inf-crossings tr[data-id="tp-attention-allreduce"] td')
    .nth(4)
    .textContent();
  // The switch by keyboard: arrow keys move within the radio group.
  await p.page.getByRole('radio', { name: 'Decode (one token per user)' }).focus();
  await p.page.keyboard.press('ArrowLeft');
  await p.page.waitForFunction(() => /one prompt/.test(document.querySelector('#inf-crossings-h')?.textContent ?? ''));
  assert.equal(await p.page.getByRole('radio', { name: 'Prefill (one prompt)' }).isChecked(), true);
  await p.page.waitForFunction(
    (before) =>
      document.querySelector('#inf-crossings tr[data-id="tp-attention-allreduce"] td:nth-of-type(5)')?.textContent !==
      before,
    decodeBytes,
  );
  assert.match(await diagram.textContent(), /Prefill: one prompt of 2,048 tokens/);
  // The phase shown is part of the link: a reader who opens it sees prefill too.
  await p.page.waitForFunction(() => /planner\.phase=prefill/.test(location.hash));
  const link = await p.page.evaluate(() => location.hash);
  const q = await openPage({ path: link });
  await q.page.locator('#inf-diagram svg .stage-band').first().waitFor();
  assert.equal(await q.page.getByRole('radio', { name: 'Prefill (one prompt)' }).isChecked(), true);
  assert.match(await q.page.locator('#inf-crossings-h').textContent(), /one prompt/);
  await q.close();
  // Focusing a marker highlights its rows: the diagram and the table stay linked.
  await diagram.locator('.crossing').first().focus();
  assert.ok((await p.page.locator('#inf-crossings tr.is-hot').count()) >= 1);
  // The text equivalent names each stage's KV cache and both phases.
  const words = await p.page.locator('#inf-description').textContent();
  assert.match(
    words,
    /Stage 1 holds 20 layers and the embedding on two GPUs\. Each GPU keeps [\d.]+ GB of weights and 1\.51 GB of KV cache/,
  );
  assert.match(words, /During prefill/);
  assert.match(words, /During decode/);
  // No place names of the engine's contract in what a learner reads.
  assert.doesNotMatch(await diagram.textContent(), /layer\.|stage-boundary|kv-cache|Elsewhere/);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`inference mode: axe finds no WCAG A/AA violations (${colorScheme})`, async () => {
    const p = await openPage({
      colorScheme,
      path: '#v=1&open=planner&planner.mode=inference&planner.model=llama-3.1-70b&planner.hardware=h100-sxm&planner.gpus=8&planner.tp=8&planner.pp=1',
    });
    await p.page.locator('.inf-svg').waitFor();
    await p.page.locator('[data-scenario="tp-latency"]').click();
    await p.page.locator('.planner-inference .scenario-card').waitFor();
    await p.page.getByText('Show the published runs and the engine\u2019s errors').click();
    await p.page.locator('#planner-inference .serving-heldout').waitFor();
    await p.page.locator('#inf-diagram .kv-blocks').first().waitFor();
    await p.page.getByRole('radio', { name: 'Prefill (one prompt)' }).check();
    await p.page.locator('#inf-crossings-h', { hasText: 'one prompt' }).waitFor();
    await p.page.locator('#inf-crossings details summary').first().click();
    await p.page.evaluate(axeSource);
    const violations = await p.page.evaluate(async () => {
      const r = await window.axe.run(document.querySelector('#planner'), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return r.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
    });
    assert.deepEqual(violations, []);
    await p.close();
  });
}

test('an embedded explorer (?embed=planner) opens in the mode its link names', async () => {
  const p = await openPage({ path: 'index.html?embed=planner#v=1&planner.mode=inference&planner.concurrency=64' });
  await p.page.waitForFunction(() => document.querySelector('#planner-app')?.dataset.mode === 'inference');
  assert.equal(await p.page.getByRole('radio', { name: 'Inference (serving)' }).isChecked(), true);
  await p.page.locator('.inf-svg').waitFor();
  assert.equal(await p.page.locator('#pl-concurrency').inputValue(), '64');
  assert.equal(await p.page.locator('#planner-gantt').isVisible(), false);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

/**
 * The serving explorer with Llama 3.1 8B under vLLM on one H100, 128 tokens in and out, at a
 * concurrency past vLLM's running limit of 1024.
 * @param {number} concurrency
 */
async function vllmOnOneH100(concurrency) {
  const p = await openPage({ path: '#v=1&open=planner&planner.mode=inference' });
  await p.page.locator('.inf-svg').waitFor();
  await p.page.evaluate(
    (c) =>
      window.atlas.views.apply('planner', {
        mode: 'inference',
        model: 'llama-3.1-8b',
        hardware: 'h100-sxm',
        gpus: 1,
        tp: 1,
        pp: 1,
        cp: 1,
        ep: 1,
        prompt: 128,
        output: 128,
        concurrency: c,
        runtime: 'vllm',
      }),
    concurrency,
  );
  return p;
}

test('past the runtime’s own running limit, the users served say so: vLLM runs at most 1024 at once on an H100', async () => {
  const p = await vllmOnOneH100(4000);
  const served = p.page.locator('.inf-readout', { hasText: 'Users served at once' });
  await p.page.waitForFunction(() =>
    /runs at most/.test(
      [...document.querySelectorAll('.inf-readout')].find((e) => e.textContent.includes('Users served'))?.textContent ??
        '',
    ),
  );
  assert.match(await served.locator('dd strong').textContent(), /^1,?024$/);
  assert.match(
    await served.textContent(),
    /2,?976 more wait for a slot \(the runtime runs at most 1,?024 at once per copy\)/,
  );
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('every request sent at once: the arrival control runs them in rounds, and the run has a length', async () => {
  const p = await vllmOnOneH100(3000);
  // Chosen by keyboard, as a user without a mouse would: the labelled select, then the next option.
  const arrival = p.page.getByLabel('How requests arrive');
  await arrival.focus();
  await arrival.press('ArrowDown');
  assert.equal(await arrival.inputValue(), 'all_at_once');
  const ran = p.page.locator('.inf-readout', { hasText: 'Requests run at once' });
  await ran.waitFor();
  assert.match(await ran.locator('dd strong').textContent(), /^1,?024$/);
  assert.match(
    await ran.textContent(),
    /3,?000 sent at once run in 3 rounds, the last of 952 \(the runtime runs at most 1,?024 at once per copy\); the whole run takes [\d.]+ (s|ms)/,
  );
  // The link keeps the choice.
  await p.page.waitForFunction(() => location.hash.includes('arrival=all_at_once'));
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('outputs of different lengths sent at once: the longest output is a control, the run waits for it, one shorter than the mean names the field', async () => {
  const p = await vllmOnOneH100(100);
  await p.page.evaluate(() => window.atlas.views.apply('planner', { arrival: 'all_at_once', output: 256 }));
  const longest = p.page.getByLabel('Longest output (tokens; 0: all as long)');
  await longest.waitFor();
  const ran = p.page.locator('.inf-readout', { hasText: 'Requests run at once' });
  await ran.waitFor();
  assert.doesNotMatch(await ran.textContent(), /alone/);
  await longest.fill('1024');
  await longest.press('Enter');
  await p.page.waitForFunction(() =>
    /of it the longest output's last tokens alone/.test(
      [...document.querySelectorAll('.inf-readout')].find((e) => e.textContent.includes('Requests run at once'))
        ?.textContent ?? '',
    ),
  );
  assert.match(await ran.textContent(), /the whole run takes [\d.]+ (s|ms), [\d.]+ (s|ms) of it the longest output/);
  await p.page.waitForFunction(() => location.hash.includes('output_max=1024'));
  // A longest output below the mean is the engine's coded error, shown at the field.
  await longest.fill('100');
  await longest.press('Enter');
  await p.page.waitForFunction(() => document.querySelector('#pl-output_max')?.getAttribute('aria-invalid') === 'true');
  assert.match(await p.page.locator('#pl-output_max-msg').textContent(), /cannot be shorter than the mean/);
  // In a loop of users the field steps aside: a steady state depends on the mean alone.
  await p.page.evaluate(() => window.atlas.views.apply('planner', { arrival: 'closed_loop', output_max: 0 }));
  await p.page.waitForFunction(() => document.querySelector('#pl-output_max')?.closest('.field')?.hidden === true);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a loop of a fixed number of requests: the count is a control, kept in the link, and the run has a length', async () => {
  const p = await vllmOnOneH100(64);
  const requests = p.page.getByLabel('Requests in all (0: endless)');
  await requests.fill('256');
  await requests.press('Enter');
  const served = p.page.locator('.inf-readout', { hasText: 'Users served at once' });
  await p.page.waitForFunction(() =>
    /a run of 256 requests/.test(
      [...document.querySelectorAll('.inf-readout')].find((e) => e.textContent.includes('Users served'))?.textContent ??
        '',
    ),
  );
  assert.match(await served.textContent(), /a run of 256 requests, the users' first together, takes [\d.]+ (s|ms)/);
  await p.page.waitForFunction(() => location.hash.includes('requests=256'));
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.consoleErrors, []);
  await p.close();
});

test('a prompt partly in the prefix cache: the cached tokens are a control, the first token says so, a cache longer than the prompt names the field', async () => {
  const p = await vllmOnOneH100(8);
  await p.page.evaluate(() => window.atlas.views.apply('planner', { prompt: 4096 }));
  const firstToken = p.page.locator('.inf-readout', { hasText: 'Time to first token' });
  const before = await firstToken.locator('dd strong').textContent();
  const cached = p.page.getByLabel('Of the prompt, already cached (tokens)');
  await cached.fill('3072');
  await cached.press('Enter');
  await p.page.waitForFunction(() => window.atlas.views.get('planner').getState().cached_prompt === 3072);
  await p.page.waitForFunction(
    (old) =>
      [...document.querySelectorAll('.inf-readout')]
        .find((e) => e.textContent.includes('Time to first token'))
        ?.querySelector('dd strong')?.textContent !== old,
    before,
  );
  await firstToken.locator('summary').click();
  assert.match(await firstToken.locator('.formula p').textContent(), /1,?024 tokens after its 3,?072 cached ones/);
  await p.page.waitForFunction(() => location.hash.includes('cached_prompt=3072'));
  await cached.fill('4096');
  await cached.press('Enter');
  await p.page.waitForFunction(
    () => document.querySelector('#pl-cached_prompt')?.getAttribute('aria-invalid') === 'true',
  );
  assert.match(await p.page.locator('#pl-cached_prompt-msg').textContent(), /shorter than the prompt/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('requests at random at a steady rate: the rate is a control, the requests in flight follow, too fast a rate names the field', async () => {
  const p = await vllmOnOneH100(16);
  const arrival = p.page.getByLabel('How requests arrive');
  await arrival.selectOption('poisson');
  // The rate replaces the users: how many run at once follows from it.
  const rate = p.page.getByLabel('Requests per second (all replicas)');
  await rate.waitFor();
  assert.equal(await p.page.locator('#pl-concurrency').isVisible(), false);
  // A stream's requests in all stay a control (vllm bench serve's --num-prompts).
  assert.equal(await p.page.locator('#pl-requests').isVisible(), true);
  await rate.fill('5');
  await rate.press('Enter');
  const flight = p.page.locator('.inf-readout', { has: p.page.locator('dt', { hasText: /^Requests in flight$/ }) });
  await flight.waitFor();
  assert.match(
    await flight.textContent(),
    /5 requests a second arriving at random keep [\d.]+ in flight on average \(rate × a request's time\); the deployment answers at most [\d.,]+ a second/,
  );
  // Below capacity the deployment answers what is offered: 5 requests × 128 tokens a second.
  const all = p.page.locator('.inf-readout', { hasText: 'Tokens/s, all GPUs' });
  assert.match(await all.locator('dd strong').textContent(), /^640$/);
  const first = p.page.locator('.inf-readout', { hasText: 'Time to first token' });
  assert.match(await first.textContent(), /waiting, on average, for prompts that arrived first/);
  await p.page.waitForFunction(
    () => location.hash.includes('arrival=poisson') && location.hash.includes('request_rate=5'),
  );
  // A rate beyond what one H100 answers: the error names the field and the capacity.
  await rate.fill('100000');
  await rate.press('Enter');
  await p.page.waitForFunction(
    () => document.querySelector('#pl-request_rate')?.getAttribute('aria-invalid') === 'true',
  );
  assert.match(
    await p.page.locator('#pl-request_rate-msg').textContent(),
    /more than this deployment answers: at most/,
  );
  // A finite stream at that rate ends: the deployment runs full until its queue drains.
  const requests = p.page.getByLabel('Requests in all (0: endless)');
  await requests.fill('500');
  await requests.press('Enter');
  await p.page.waitForFunction(
    () => document.querySelector('#pl-request_rate')?.getAttribute('aria-invalid') !== 'true',
  );
  await p.page.waitForFunction(() => /outrun/.test(document.querySelector('.inf-readouts')?.textContent ?? ''));
  // Whichever is slower sets the pace: the slots (the rest queue for one), or the prompts' prefill
  // one after another (every request is held, and each waits for the prompts before it).
  assert.match(
    await flight.textContent(),
    /500 requests offered at [\d,.]+ a second outrun the [\d.,]+ (a second the deployment answers: it runs [\d,]+ at once while the rest queue|prompts a second the deployment prefills, one after another: each waits for the prompts before it), and the whole run takes/,
  );
  assert.match(await first.textContent(), /waiting, on average, behind the requests that arrived first/);
  // Its KV cache is for the requests in flight, not for the concurrency control it does not send.
  assert.match(
    (await p.page.locator('.inf-readouts').first().textContent()) ?? '',
    /KV cache[\d.,]+ [kMGT]?i?B for [\d,]+ requests in flight/,
  );
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
