// The explorer's readouts of one split, each the engine's own figures (one file, one browser):
// - memory, as an engineer checks a layout before launch: what the device shows (allocated peak,
//   CUDA context, NCCL buffers) against the card, and with a pipeline one bar per kind of rank —
//   the first stage holding the most micro-batches, the last the loss's logits;
// - a split that does not fit in memory would not run: its step and MFU are shown as what it
//   would take, said in words beside the numbers (issue 42, item 6), and a split that fits says
//   nothing;
// - the precision control: FP8 on a GPU with FP8 tensor cores shortens the step the engine gives
//   (the split's summary and the text equivalent say so), a GPU without them is refused at the
//   control, and the choice travels in the permalink.
// Waits are for conditions, never for times.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

/** Sets a degree control as a reader does and waits for the summary to change. */
async function setDegree(page, id, value) {
  const before = await page.locator('#planner-summary').textContent();
  await page.locator(`#${id}`).fill(String(value));
  await page.locator(`#${id}`).press('Enter');
  await page.waitForFunction((s) => document.getElementById('planner-summary').textContent !== s, before);
}

test('memory names the CUDA context and NCCL buffers, and a pipeline gets a bar per stage kind', async () => {
  const p = await openPage({ width: 1280, height: 900, path: '#planner' });
  const { page } = p;
  await page.waitForSelector('#planner-memory .fit-verdict');
  const legend = await page.locator('#planner-memory .stack-legend').first().textContent();
  assert.match(legend, /CUDA context/);
  assert.match(legend, /NCCL buffers/);
  assert.match(legend, /Allocator cache/);
  const verdict = await page.locator('#planner-memory .fit-verdict').textContent();
  assert.match(verdict ?? '', /as nvidia-smi would show it/);
  assert.match(verdict ?? '', /held by PyTorch's caching allocator/);
  await setDegree(page, 'pl-pp', 1);
  assert.equal(await page.locator('#planner-memory .stage-bar').count(), 0, 'one stage: no per-stage bars');
  await setDegree(page, 'pl-pp', 4);
  await page.waitForSelector('#planner-memory .stage-bar');
  const captions = await page.locator('#planner-memory .stage-bar figcaption').allTextContents();
  assert.equal(captions.length, 3, captions.join(' | '));
  assert.match(captions[0], /^First stage \(stage 1,/);
  assert.match(captions[1], /^A middle stage/);
  assert.match(captions[2], /^Last stage \(stage 4,/);
  // Each bar is drawn with a text equivalent naming its parts.
  const labels = await page
    .locator('#planner-memory .stage-bar svg')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
  for (const l of labels) assert.match(l, /Activations .*; capacity /);
  // In 1F1B the first stage holds pp micro-batches in flight, the last one.
  assert.match(captions[0], /4 micro-batches in flight/);
  assert.match(captions[2], /, 1 micro-batch in flight\)/);
  await p.close();
});

test('a plan that does not fit says its speeds would not run', async () => {
  const p = await openPage({ path: '#planner', width: 1280 });
  const summary = p.page.locator('#planner-summary');
  await p.page.waitForFunction(() => /step/.test(document.querySelector('#planner-summary')?.textContent ?? ''));
  assert.doesNotMatch((await summary.textContent()) ?? '', /would not run/);
  assert.equal(await p.page.locator('#planner-figures .would-not-run-note').count(), 0);
  // GPT-3 175B on 8 GPUs: far beyond their memory.
  await p.page.evaluate(() =>
    window.atlas.views.apply('planner', { model: 'gpt3-175b', gpus: 8, tp: 8, pp: 1, dp_auto: true, global: 8 }),
  );
  await p.page.waitForFunction(() =>
    /Does not fit.*would not run/.test(document.querySelector('#planner-summary')?.textContent ?? ''),
  );
  await p.page.locator('#planner-figures .would-not-run-note').waitFor();
  const mfu = (await p.page.locator('#planner-figures [data-figure="MFU"] dd').textContent()) ?? '';
  assert.match(mfu, /% \(would not run\)/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

/** The step in seconds the split's summary shows ("… · step 6.05 s · MFU …"). */
async function summaryStep(page) {
  const text = (await page.locator('#planner-summary').textContent()) ?? '';
  const m = /step ([\d.,]+) (ms|s|min)/.exec(text);
  assert.ok(m, text);
  const value = Number(m[1].replace(/,/g, ''));
  return m[2] === 'ms' ? value / 1e3 : m[2] === 'min' ? value * 60 : value;
}

test('FP8 on H100 shortens the step; A100 has no FP8 and the control says so', async () => {
  const p = await openPage({ path: '#planner', width: 1280 });
  await p.page.waitForFunction(() => /step/.test(document.querySelector('#planner-summary')?.textContent ?? ''));
  const bf16 = await summaryStep(p.page);
  await p.page.locator('#planner-more > summary').click(); // precision sits behind "More settings"
  await p.page.locator('#pl-precision').selectOption('fp8-delayed');
  await p.page.waitForFunction(() => window.atlas.views.get('planner').getState().precision === 'fp8-delayed');
  await p.page.waitForFunction((before) => {
    const m = /step ([\d.,]+) s/.exec(document.querySelector('#planner-summary')?.textContent ?? '');
    return m && Number(m[1].replace(/,/g, '')) < before;
  }, bf16);
  const fp8 = await summaryStep(p.page);
  // Faster, but not by the peak's factor of two: the head, attention, casts and traffic stay.
  assert.ok(fp8 < bf16 && fp8 > bf16 / 2, `${fp8} s against ${bf16} s`);
  assert.match((await p.page.locator('#planner-description').textContent()) ?? '', /run in FP8 with delayed scaling/);
  // The link carries it once the page has written the state back.
  await p.page.waitForFunction(() => /precision=fp8-delayed/.test(location.hash + location.search));
  // A100: no FP8 tensor cores. The message sits at the precision control, in plain words, and
  // "More settings", closed again, opens by itself to show it.
  await p.page.locator('#planner-more > summary').click();
  assert.equal(await p.page.$eval('#planner-more', (d) => /** @type {HTMLDetailsElement} */ (d).open), false);
  await p.page.locator('#pl-hardware').selectOption('a100-80gb');
  const message = p.page.locator('[data-param="precision"] .field-message');
  await message.waitFor({ state: 'visible' });
  assert.match((await message.textContent()) ?? '', /needs FP8 tensor cores/);
  await p.page.locator('#pl-precision').selectOption('bf16');
  await message.waitFor({ state: 'hidden' });
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a permalink with FP8 opens with it', async () => {
  const p = await openPage({ path: '#planner', width: 1280 });
  await p.page.locator('#planner-more > summary').click();
  await p.page.locator('#pl-precision').selectOption('fp8-current');
  await p.page.waitForFunction(() => /precision=fp8-current/.test(location.hash + location.search));
  const link = p.page.url();
  await p.close();
  const q = await openPage({ path: link.slice(link.indexOf('#')), width: 1280 });
  await q.page.waitForFunction(() => window.atlas.views.get('planner')?.getState().precision === 'fp8-current');
  assert.equal(await q.page.locator('#pl-precision').inputValue(), 'fp8-current');
  await q.close();
});
