// The memory panel as an engineer checks a layout before launch: what the device shows
// (allocated peak, CUDA context, NCCL buffers) against the card, and with a pipeline one bar per
// kind of rank — the first stage holding the most micro-batches, the last the loss's logits —
// each the engine's own figures. Waits are for conditions, never for times.
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
  assert.match(await page.locator('#planner-memory .fit-verdict').textContent(), /as nvidia-smi would show it/);
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
