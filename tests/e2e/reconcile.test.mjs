// "Compare with a measured run": a Megatron-LM log excerpt pasted under the explorer is set
// beside the plan of the split shown above it; a text that is no training log is named as such.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, closeBrowser } from './harness.mjs';

after(closeBrowser);

// The explorer's opening split is GPT-3 175B with a global batch of 1,536: a log of that batch.
const LOG = [
  ' [2025-03-01 09:00:00] iteration       10/   1000 | consumed samples:        15360 | elapsed time per iteration (ms): 31000.0 | throughput per GPU (TFLOP/s/GPU): 150.1 | global batch size:  1536 |',
  '[Rank 0] (after 10 iterations) memory (MB) | allocated: 30000.0 | max allocated: 52000.0 | reserved: 60000.0 | max reserved: 60000.0',
  ' [2025-03-01 09:05:10] iteration       20/   1000 | consumed samples:        30720 | elapsed time per iteration (ms): 25000.0 | throughput per GPU (TFLOP/s/GPU): 180.4 | global batch size:  1536 |',
  ' [2025-03-01 09:09:20] iteration       30/   1000 | consumed samples:        46080 | elapsed time per iteration (ms): 25400.0 | throughput per GPU (TFLOP/s/GPU): 178.0 | global batch size:  1536 |',
].join('\n');

test('a pasted Megatron-LM log is compared with the plan: every quantity, its residual and the terms that could close the gap', async () => {
  const p = await openPage({ path: '#planner-import' });
  const { page } = p;
  await page.locator('#planner-log > summary').click();
  await page.locator('#planner-log-text').fill('no training loop printed this');
  await page.locator('#planner-log-run').click();
  assert.match(await page.locator('#planner-log-out .notice').textContent(), /No Megatron-LM iteration line/);

  await page.locator('#planner-log-text').fill(LOG);
  await page.locator('#planner-log-run').click();
  const table = page.locator('#planner-log-out table');
  await table.waitFor();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const byName = Object.fromEntries(rows.map((r) => [r[0], r.slice(1)]));
  // The median of the intervals after the first (25.0 and 25.4 s).
  assert.match(byName['step time'][0], /^25\.2 s$/);
  assert.match(byName['model TFLOP/s per GPU'][0], /^179 TFLOP\/s$/);
  assert.match(byName['peak memory (allocated)'][0], /GiB/);
  for (const r of rows) assert.match(r[3], /engine (higher|lower)|as measured/);
  assert.match(await page.locator('#planner-log-out').textContent(), /Read as a Megatron-LM log: 3 logged intervals/);
  assert.ok((await page.locator('#planner-log-out .log-terms li').count()) >= 1);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
