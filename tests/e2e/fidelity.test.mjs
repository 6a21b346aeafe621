// The explorer's answer to "does doubling the GPUs halve the step?": the step as run beside its
// ideal bound, the strong-scaling view of the current split, and the validation view of every
// published run. Waits for conditions, never for times.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

const apply = (page, patch) => page.evaluate((s) => window.atlas.views.apply('planner', s), patch);
const seconds = (text) => {
  const m = /([\d.]+)\s*(ms|s|µs)/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'ms' ? 1e-3 : m[2] === 'µs' ? 1e-6 : 1);
};

test('the step as run sits beside its ideal bound, and both follow the split', async () => {
  const p = await openPage({ path: '#planner' });
  const run = p.page.locator('#planner-time [data-pair="as-run"] .pair-label');
  const ideal = p.page.locator('#planner-time [data-pair="ideal"] .pair-label');
  await run.waitFor();
  const before = [seconds(await run.textContent()), seconds(await ideal.textContent())];
  assert.ok(before[1] > 0 && before[1] < before[0], `ideal ${before[1]} below as run ${before[0]}`);
  assert.match(await p.page.locator('#planner-time .gap-note').textContent(), /Gap .* of the step/);
  // Each crossing says how NCCL would run it and how much of its time is latency.
  assert.match(
    await p.page.locator('#planner-crossings').textContent(),
    /(ring|tree|point-to-point), (LL|LL128|Simple); (under 1|\d+)\s% latency/,
  );
  const old = await run.textContent();
  await apply(p.page, { gpus: 16 }); // two nodes: dp crosses the network
  await p.page.waitForFunction(
    (o) => document.querySelector('#planner-time [data-pair="as-run"] .pair-label')?.textContent !== o,
    old,
  );
  const after = [seconds(await run.textContent()), seconds(await ideal.textContent())];
  assert.notDeepEqual(after, before);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the strong-scaling view: more replicas never beat halving, and it redraws with the split', async () => {
  const p = await openPage({ path: '#planner' });
  await apply(p.page, {
    model: 'gpt3-175b',
    hardware: 'a100-80gb',
    gpus: 384,
    dp_auto: true,
    tp: 1,
    pp: 1,
    cp: 1,
    zero: 3,
    recompute: 'full',
    micro: 1,
    global: 1536,
    framework: 'deepspeed',
  });
  const view = p.page.locator('#planner-scaling');
  await view.scrollIntoViewIfNeeded();
  const rows = view.locator('table.scaling-table tbody tr');
  await p.page.waitForFunction(() =>
    [...document.querySelectorAll('#planner-scaling tbody th')].some(
      (th) => th.textContent === '384 GPUs (this split)',
    ),
  );
  const table = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      fits: tr.querySelector('[data-label="fits"]')?.textContent ?? '',
      speedup: tr.querySelector('[data-label="speed-up"]')?.textContent ?? '',
    })),
  );
  assert.ok(table.length >= 3);
  // Sizes below the smallest that fits have no speed-up ("—"); from there on, never better than halving.
  const first = table.findIndex((r) => r.fits === 'yes');
  assert.ok(first >= 0, 'some size fits');
  for (const r of table.slice(0, first)) assert.equal(r.speedup, '—');
  assert.equal(table[first].speedup, '1.00×');
  const speedups = table.slice(first).map((r) => Number.parseFloat(r.speedup));
  for (let i = 1; i < speedups.length; i += 1)
    assert.ok(speedups[i] <= 2 * speedups[i - 1] + 1e-6, `row ${i}: ${speedups}`);
  assert.match(await view.locator('.scaling-verdict').textContent(), /perfect scaling would give/);
  const svgLabel = await view.locator('svg.scaling-svg').getAttribute('aria-label');
  assert.match(svgLabel, /Step time against GPU count/);
  await apply(p.page, {
    tp: 8,
    pp: 8,
    zero: 1,
    framework: 'megatron',
    gpus: 1024,
    recompute: 'selective',
    sequence_parallel: true,
  });
  await view.scrollIntoViewIfNeeded(); // applying a split shows the diagram; the view redraws when it is back in sight
  await p.page.waitForFunction(() =>
    [...document.querySelectorAll('#planner-scaling tbody th')].some(
      (th) => th.textContent === '1,024 GPUs (this split)',
    ),
  );
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the ZeRO-3 scenario and the strong-scaling view agree, and the view can keep either batch factor', async () => {
  const p = await openPage({ path: '#planner' });
  await p.page.locator('button[data-scenario="misconception"]').click();
  const card = p.page.locator('.scenario-card[data-scenario="misconception"]');
  await card.locator('tbody tr').first().waitFor();
  // The scenario's ZeRO-3 rows: one micro-batch of 1536 ÷ GPUs sequences per GPU and step.
  const scenario = await card
    .locator('tbody tr')
    .evaluateAll((trs) =>
      Object.fromEntries(
        trs
          .map((tr) => [/ZeRO-3.*?(\d+) GPUs/.exec(tr.textContent ?? '')?.[1], tr.children[1]?.textContent?.trim()])
          .filter(([gpus, step]) => gpus && step && /\d\s*s$/.test(step)),
      ),
    );
  assert.deepEqual(Object.keys(scenario).sort(), ['1536', '384', '768']);
  const view = p.page.locator('#planner-scaling');
  await view.scrollIntoViewIfNeeded();
  assert.equal(await p.page.locator('#planner-scaling-hold input[value="accumulation"]').isChecked(), true);
  const rowsOf = () =>
    view.locator('table.scaling-table tbody tr').evaluateAll((trs) =>
      Object.fromEntries(
        trs.map((tr) => [
          (tr.querySelector('th')?.textContent ?? '').replace(/[^\d]/g, ''),
          {
            step: tr.querySelector('[data-label="step as run"]')?.textContent?.trim(),
            batch: tr.querySelector('[data-label="micro-batches × sequences per GPU"]')?.textContent,
          },
        ]),
      ),
    );
  await p.page.waitForFunction(() =>
    [...document.querySelectorAll('#planner-scaling tbody th')].some(
      (th) => th.textContent === '1,536 GPUs (this split)',
    ),
  );
  const held = await rowsOf();
  // These are Narayanan et al.'s runs: the chart marks their measured steps, the text lists them,
  // and the step readout of the applied split (1536 GPUs) gives its own.
  assert.equal(await view.locator('rect.sc-measured').count(), 3);
  assert.match(await view.locator('.scaling-measured').textContent(), /Narayanan et al\. 2021.*384 GPUs 81\.6 s/);
  assert.match(
    await p.page.locator('#planner-time [data-readout="measured-run"]').textContent(),
    /Measured for exactly this configuration: 66\.7 s per step .*slower than measured/,
  );
  for (const gpus of ['384', '768', '1536']) {
    assert.equal(held[gpus]?.step, scenario[gpus], `${gpus} GPUs`);
    assert.equal(held[gpus]?.batch, `1 × ${1536 / Number(gpus)}`);
  }
  // Keeping the micro-batch instead: 384 GPUs run four micro-batches of one, each gathering again.
  const before = held['384'].step;
  await p.page.locator('#planner-scaling-hold label:has(input[value="micro"])').click();
  await p.page.waitForFunction(
    (b) =>
      [...document.querySelectorAll('#planner-scaling tbody tr')].some(
        (tr) =>
          tr.querySelector('th')?.textContent === '384 GPUs' &&
          tr.querySelector('[data-label="step as run"]')?.textContent?.trim() !== b,
      ),
    before,
  );
  const byMicro = await rowsOf();
  assert.equal(await view.locator('rect.sc-measured').count(), 1, 'only 1536 GPUs ran one micro-batch of one');
  assert.equal(byMicro['384'].batch, '4 × 1');
  assert.ok(seconds(byMicro['384'].step) > 60 || /min/.test(byMicro['384'].step), byMicro['384'].step);
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.equal(state.scaling_hold, 'micro', 'the choice is part of the state links carry');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a split that is a calibration run says its measured step does not test the engine', async () => {
  const p = await openPage({ path: '#planner' });
  // Korthikanti et al. 2022, Table 5: 175B, full recomputation, 64 A100s (a calibration case).
  await apply(p.page, {
    model: 'megatron-175b',
    hardware: 'a100-80gb',
    gpus: 64,
    dp_auto: true,
    tp: 8,
    pp: 8,
    cp: 1,
    ep: 1,
    zero: 0,
    framework: 'megatron',
    recompute: 'full',
    sequence_parallel: false,
    schedule: '1f1b',
    virtual_stages: 1,
    micro: 1,
    global: 64,
  });
  const line = p.page.locator('#planner-time [data-readout="measured-run"]');
  await line.waitFor();
  assert.match(await line.textContent(), /18\.1 s per step .*Korthikanti.*fitted on this source/);
  await apply(p.page, { global: 128 });
  await line.waitFor({ state: 'detached' });
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the validation view lists every published run with its source, set and error', async () => {
  const p = await openPage({ path: '#planner' });
  const details = p.page.locator('#planner-fidelity-details');
  await details.scrollIntoViewIfNeeded();
  await details.locator('summary').click();
  const calibration = p.page.locator('#planner-fidelity table.fidelity-table[data-set="calibration"] tbody tr');
  const validation = p.page.locator('#planner-fidelity table.fidelity-table[data-set="validation"] tbody tr');
  await validation.first().waitFor();
  const expected = await p.page.evaluate(() => {
    const t = window.atlas.engine.run('fidelity', {});
    return {
      calibration: t.cases.filter((c) => c.set === 'calibration').length,
      validation: t.cases.filter((c) => c.set === 'validation').length,
      expressed: t.cases.filter((c) => c.set === 'validation' && c.expressed).length,
      sealed: t.sealed,
    };
  });
  assert.equal(await calibration.count(), expected.calibration);
  assert.equal(await validation.count(), expected.validation);
  // A row's published step and engine step read in one unit (not "2.02 min" beside "110 s").
  const units = await p.page.locator('#planner-fidelity table.fidelity-table tbody tr').evaluateAll((rows) =>
    rows.map((r) => {
      const unit = (/** @type {Element | null} */ cell) => (cell?.textContent ?? '').trim().split(' ').pop();
      return [unit(r.querySelector('[data-label="Published"]')), unit(r.querySelector('[data-label="Engine step"]'))];
    }),
  );
  assert.equal(units.length, expected.calibration + expected.validation);
  for (const [published, engine] of units) assert.equal(engine, published, units.join(' | '));
  const links = await p.page
    .locator('#planner-fidelity tbody th a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(
    links.every((h) => /^https:\/\//.test(h)),
    'every case links to its source',
  );
  // An error reads as one unit (no break between the number and its %), and what each
  // source fitted is said in words, not preset ids or constant keys.
  const errors = await p.page.locator('#planner-fidelity .fidelity-error').allTextContents();
  assert.ok(errors.length >= expected.expressed, String(errors.length));
  assert.ok(
    errors.every((e) => /^[+-]?\d+\.\d\u00a0%$/.test(e)),
    errors.find((e) => !/^[+-]?\d+\.\d\u00a0%$/.test(e)),
  );
  const fitted = await p.page.locator('#planner-fidelity .fidelity-sources').textContent();
  assert.doesNotMatch(fitted, /\b(?:a100|h100|h200|b200)-[\w-]+|memory_traffic|\bintra\b|\binter\b/);
  const summary = p.page.locator('#planner-fidelity .fidelity-summary').first();
  assert.match(await summary.textContent(), /Out of sample/);
  // The headline row is the sealed set's: runs no change was judged on, counted apart.
  const headline = summary.locator('tbody tr').first();
  assert.match((await headline.locator('th').textContent()) ?? '', /^Sealed validation/);
  assert.equal(
    Number(((await headline.locator('td').first().textContent()) ?? '').replace(/,/g, '')),
    expected.sealed.cases,
  );
  // Each validation source's own errors, named in plain words (sources differ in size).
  const names = await p.page.evaluate(() =>
    window.atlas.engine
      .run('fidelity', {})
      .sources.filter((s) => s.role === 'validation' && s.errors)
      .map((s) => s.name),
  );
  assert.ok(names.length >= 8 && names.every((n) => typeof n === 'string' && n.length > 0), names.join());
  const heads = await summary.locator('tbody th').allTextContents();
  for (const n of names)
    assert.ok(
      heads.some((t) => t.endsWith(n)),
      `${n} in ${heads.join(' | ')}`,
    );
  // A case's opened notes get a readable measure (at 1280 px) without the table scrolling sideways.
  const first = validation.first();
  await first.locator('details.case-notes summary').click();
  const fit = await first.evaluate((tr) => {
    const table = /** @type {HTMLElement} */ (tr.closest('table'));
    return {
      head: tr.querySelector('th').getBoundingClientRect().width,
      overflow: table.scrollWidth - /** @type {HTMLElement} */ (table.parentElement).clientWidth,
    };
  });
  assert.ok(fit.head >= 250 && fit.overflow <= 1, JSON.stringify(fit));
  // Which way the engine is off, per set: the signed mean in words and the runs it is faster on.
  const out = await p.page.evaluate(() => window.atlas.engine.run('fidelity', {}).out_of_sample);
  const row = summary.locator('tbody tr', { hasText: 'Out of sample' });
  const way = (await row.locator('td').last().textContent()) ?? '';
  const m = /^(\d+\.\d) % (faster|slower) \((\d+) of (\d+)\)$/.exec(way.trim());
  assert.ok(m, way);
  assert.equal(m[2], out.mean_error < 0 ? 'faster' : 'slower');
  assert.equal(m[1], (Math.abs(out.mean_error) * 100).toFixed(1));
  assert.deepEqual([Number(m[3]), Number(m[4])], [out.engine_faster, out.cases]);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('"Open in the explorer" shows a published run there with its measured step, by keyboard too', async () => {
  const p = await openPage({ path: '#planner', width: 375 });
  const details = p.page.locator('#planner-fidelity-details');
  await details.scrollIntoViewIfNeeded();
  await details.locator('summary').click();
  const note = p.page.locator('#planner-status .run-note');
  const line = p.page.locator('#planner-time [data-readout="measured-run"]');
  // Keyboard: the row's button, then Enter.
  await p.page.locator('tr[data-case="narayanan-t2-zero3-174b-768gpu"] .open-run').focus();
  await p.page.keyboard.press('Enter');
  await note.waitFor();
  assert.match(await note.textContent(), /Narayanan et al\. 2021.*Table 2/);
  assert.equal(await p.page.evaluate(() => document.activeElement?.classList.contains('run-note')), true);
  assert.ok((await note.boundingBox()).y >= 0, 'the note is in view');
  assert.equal(await p.page.locator('#pl-framework').inputValue(), 'deepspeed-2021');
  assert.equal(await p.page.locator('#pl-gpus').inputValue(), '768');
  await line.waitFor();
  assert.match(await line.textContent(), /66\.7 s per step/);
  // A BLOOM run: Jean Zay's node is a hardware preset of its own (4 network cards per 8 GPUs).
  await p.page.locator('tr[data-case="bloom-176b"] .open-run').click();
  await p.page.waitForFunction(() => /BLOOM/.test(document.querySelector('.run-note')?.textContent ?? ''));
  assert.equal(await p.page.locator('#pl-hardware').inputValue(), 'a100-80gb-jean-zay');
  assert.equal(await p.page.locator('#pl-nics_per_node').inputValue(), '4');
  await p.page.waitForFunction(() =>
    /105 s per step.*BLOOM 176B/.test(
      document.querySelector('#planner-time [data-readout="measured-run"]')?.textContent ?? '',
    ),
  );
  // Megatron-DeepSpeed's tensor-parallel calls: the table says how much of their time is its own.
  assert.match(
    await p.page.locator('#planner-crossings tr[data-id="tp-fwd-attn-allreduce"]').textContent(),
    /\d+\u00a0% latency \(\d+\u00a0% the framework's own\)/,
  );
  // BigScience benchmarked the same shape and split a month before: that run is named too.
  assert.match(
    await line.textContent(),
    /also measured at 10\d s per step \(BLOOM pre-training benchmarks.*\): the engine is [\d.]+ % faster/,
  );
  // The note belongs to the run: the next change takes it away.
  await apply(p.page, { global: 4096 });
  await note.waitFor({ state: 'detached' });
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a pasted nccl-tests log recalibrates the explorer: per-call overhead and in-node link from the engine', async () => {
  const p = await openPage({ path: '#lab' });
  await p.page.locator('#lab-nccl-example').click();
  const block = p.page.locator('[data-readout="planner-network"]');
  await block.waitFor();
  assert.match(await block.textContent(), /bus bandwidth .* per call/);
  const expected = await p.page.evaluate(() => {
    const log = document.querySelector('#lab-nccl-log').value;
    const r = window.atlas.engine.run('nccl-tests', { log });
    const hw = window.atlas.views.get('planner').getState().hardware;
    return {
      overhead: r.planner_network.call_overhead,
      link: r.planner_network.intra_bandwidth_by_preset[hw].intra_bandwidth,
    };
  });
  await block.locator('button').click();
  await p.page.waitForFunction(() =>
    /now uses/.test(document.querySelector('[data-readout="planner-network-state"]')?.textContent ?? ''),
  );
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.ok(Math.abs(state.latency_us - expected.overhead * 1e6) < 0.01 * expected.overhead * 1e6 + 1e-3);
  assert.ok(Math.abs(state.intra_gbps - expected.link / 1e9) < (0.01 * expected.link) / 1e9);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the log reaches the explorer even before the explorer has come near (it starts on demand)', async () => {
  const p = await openPage({ path: '#lab', allParts: false });
  assert.equal(await p.page.evaluate(() => window.atlas.views.get('planner')), undefined, 'the explorer waits');
  await p.page.locator('#lab-nccl-example').click();
  const block = p.page.locator('[data-readout="planner-network"]');
  await block.waitFor();
  await block.locator('button').click();
  await p.page.waitForFunction(() =>
    /now uses/.test(document.querySelector('[data-readout="planner-network-state"]')?.textContent ?? ''),
  );
  const overhead = await p.page.evaluate(
    () =>
      window.atlas.engine.run('nccl-tests', { log: document.querySelector('#lab-nccl-log').value }).planner_network
        .call_overhead,
  );
  const state = await p.page.evaluate(() => window.atlas.views.get('planner').getState());
  assert.ok(Math.abs(state.latency_us - overhead * 1e6) < 0.01 * overhead * 1e6 + 1e-3);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the validation runs are filtered by set, source, GPU and model and shown a page of 25 at a time', async () => {
  const p = await openPage({ path: '#planner' });
  const { page } = p;
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.getElementById('planner-fidelity-details')).open = true;
  });
  const rows = page.locator('#planner-fidelity table.fidelity-table[data-set="validation"] tbody tr');
  await rows.first().waitFor();
  const shown = () => rows.evaluateAll((trs) => trs.filter((tr) => !tr.hidden).map((tr) => ({ ...tr.dataset })));
  const total = await rows.count();
  const status = page.locator('#planner-fidelity .fidelity-runs:has(.fidelity-table) .fidelity-page-status');
  assert.equal((await shown()).length, Math.min(25, total));
  assert.equal(await status.textContent(), `Runs 1–25 of ${total}.`);
  const firstPage = (await shown()).map((r) => r.case);
  await page.getByRole('button', { name: 'Next 25' }).click();
  assert.equal(await status.textContent(), `Runs 26–50 of ${total}.`);
  assert.equal((await shown()).filter((r) => firstPage.includes(r.case)).length, 0, 'another page of runs');

  // Narrowing returns to the first page and keeps only matching runs.
  await page.locator('#planner-fidelity-filter-seal').selectOption('sealed');
  const sealed = await shown();
  assert.ok(sealed.length > 0 && sealed.every((r) => r.seal === 'sealed'));
  assert.match(await status.textContent(), /^Runs 1–\d+ of \d+ matching \(\d+ in all\)\.$/);
  await page.locator('#planner-fidelity-filter-hardware').selectOption('GB200');
  const gb200 = await shown();
  assert.ok(gb200.length > 0 && gb200.every((r) => r.seal === 'sealed' && r.hardware === 'GB200'));
  await page.locator('#planner-fidelity-filter-seal').selectOption('');
  await page.locator('#planner-fidelity-filter-hardware').selectOption('');
  await page.locator('#planner-fidelity-filter-source').selectOption('opt2022');
  assert.deepEqual(
    (await shown()).map((r) => r.case),
    ['opt-175b-992gpu'],
  );
  assert.equal(await page.getByRole('button', { name: 'Next 25' }).isDisabled(), true);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('the memory measurements are filtered by set, source, GPU and what was measured, a page of 25 at a time', async () => {
  const p = await openPage({ path: '#planner' });
  const { page } = p;
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.getElementById('planner-fidelity-details')).open = true;
  });
  await page.locator('.memory-cases > summary').click();
  const rows = page.locator('.memory-cases table.memory-table tbody tr');
  await rows.first().waitFor();
  const total = await rows.count();
  const shown = () => rows.evaluateAll((trs) => trs.filter((tr) => !tr.hidden).map((tr) => ({ ...tr.dataset })));
  const status = page.locator('.memory-cases .fidelity-page-status');
  assert.equal((await shown()).length, Math.min(25, total));
  assert.match(await status.textContent(), new RegExp(`^Measurements 1–${Math.min(25, total)} of ${total}\\.$`));
  const gpus = await page.locator('#planner-memory-filter-hardware option').allTextContents();
  assert.ok(gpus.length > 2, `GPUs to choose: ${gpus}`);
  await page.locator('#planner-memory-filter-hardware').selectOption(gpus[1]);
  const one = await shown();
  assert.ok(one.length > 0 && one.every((r) => r.hardware === gpus[1]));
  assert.match(await status.textContent(), /matching \(\d+ in all\)/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
