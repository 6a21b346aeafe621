// The precision control: FP8 on a GPU with FP8 tensor cores shortens the step the engine gives
// (the split's summary and the text equivalent say so), a GPU without them is refused at the
// control, and the choice travels in the permalink.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, openPage } from './harness.mjs';

after(closeBrowser);

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
  await p.page.locator('#pl-hardware').selectOption('h100-sxm');
  await p.page.waitForFunction(() => /step/.test(document.querySelector('#planner-summary')?.textContent ?? ''));
  const bf16 = await summaryStep(p.page);
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
  // A100: no FP8 tensor cores. The message sits at the precision control, in plain words.
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
  await p.page.locator('#pl-hardware').selectOption('h100-sxm');
  await p.page.locator('#pl-precision').selectOption('fp8-current');
  await p.page.waitForFunction(() => /precision=fp8-current/.test(location.hash + location.search));
  const link = p.page.url();
  await p.close();
  const q = await openPage({ path: link.slice(link.indexOf('#')), width: 1280 });
  await q.page.waitForFunction(() => window.atlas.views.get('planner')?.getState().precision === 'fp8-current');
  assert.equal(await q.page.locator('#pl-precision').inputValue(), 'fp8-current');
  await q.close();
});
