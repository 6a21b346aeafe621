// A split that does not fit in memory would not run: its step and MFU are shown as what it would
// take, said in words beside the numbers (issue 42, item 6), and a split that fits says nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, openPage } from './harness.mjs';

after(closeBrowser);

test('a plan that does not fit says its speeds would not run', async () => {
  const p = await openPage({ path: '#planner', width: 1280 });
  const summary = p.page.locator('#planner-summary');
  await p.page.waitForFunction(() => /step/.test(document.querySelector('#planner-summary')?.textContent ?? ''));
  assert.doesNotMatch((await summary.textContent()) ?? '', /would not run/);
  assert.equal(await p.page.locator('#planner-figures .would-not-run-note').count(), 0);
  // GPT-3 175B on 8 GPUs: far beyond their memory.
  await p.page.evaluate(() => window.atlas.views.apply('planner', { gpus: 8, tp: 8, pp: 1, dp_auto: true, global: 8 }));
  await p.page.waitForFunction(() =>
    /Does not fit.*would not run/.test(document.querySelector('#planner-summary')?.textContent ?? ''),
  );
  await p.page.locator('#planner-figures .would-not-run-note').waitFor();
  const mfu = (await p.page.locator('#planner-figures [data-figure="MFU"] dd').textContent()) ?? '';
  assert.match(mfu, /% \(would not run\)/);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
