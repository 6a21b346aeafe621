// "Bring your own run" as a person uses it: paste a Megatron-LM launch script and see the
// explorer take its split; pick a config.json, a DeepSpeed config or a torchtitan TOML; export
// the split and read it back to the same state; bad text is refused as text, on its line.
// Screenshots at phone and desktop widths, light and dark, go to build/import-shots/.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, closeBrowser } from './harness.mjs';
import { buildDir } from '../../scripts/lib/paths.mjs';
import { planRequest } from '../../web/src/modules/planner/requests.js';
import { engine } from '../js/explorer-plans.mjs';

after(closeBrowser);

const fixturePath = (name) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));
const fixture = (name) => readFileSync(fixturePath(name), 'utf8');
const state = (page) => page.evaluate(() => window.atlas.views.get('planner').getState());

/** The page with the panel's boxes open, as a reader opens them (its summary, by click). */
async function openImport(options = {}) {
  const p = await openPage({ path: '#planner', ...options });
  await p.page.click('#planner-import-box > summary');
  return p;
}

/** Pastes text, presses the button, and waits until the panel reports the format it read. */
async function importText(page, text, format) {
  await page.fill('#planner-import-text', text);
  await page.click('#planner-import-run');
  await page.waitForSelector(`#planner-import[data-imported="${format}"]`);
}

test('a pasted Megatron-LM script becomes the explorer split, with read / assumed / left out listed', async () => {
  const p = await openImport();
  const { page } = p;
  await importText(page, fixture('megatron-llama-8b.sh'), 'megatron');
  const s = await state(page);
  assert.deepEqual(
    [s.tp, s.pp, s.gpus, s.virtual_stages, s.schedule, s.recompute],
    [2, 2, 32, 4, 'interleaved', 'full'],
  );
  assert.deepEqual(
    [s.layers, s.hidden, s.kv_heads, s.norm, s.bias, s.micro, s.global],
    [32, 4096, 8, 'rmsnorm', false, 1, 512],
  );
  const out = page.locator('#planner-import-out');
  assert.match(
    await out.textContent(),
    /Read as Megatron-LM arguments\. 8,030,261,248 parameters on 32 GPUs\. The explorer above now shows this run\./,
  );
  assert.match(await out.textContent(), /What was read \(\d+\)/);
  // The data path does not change the cost: left out, at its line. (The tokenizer is not needed:
  // --vocab-size sets the vocabulary.)
  assert.match(await out.textContent(), /--data-path \(line 35\) — not part of the engine's cost model/);
  // The explorer drew it: tensor-parallel transfers are in the table, the controls show the split.
  await page.waitForSelector('#planner-crossings tr[data-id="tp-fwd-reducescatter"]');
  assert.equal(await page.inputValue('#pl-tp'), '2');
  assert.equal(await page.inputValue('#pl-virtual_stages'), '4');
  // The permalink carries the imported state, the settings behind "More settings" included,
  // and those settings open to show what the script set there.
  await page.waitForFunction(
    () => location.hash.includes('planner.virtual_stages=4') && location.hash.includes('planner.gpus=32'),
  );
  assert.equal(await page.$eval('#planner-more', (d) => /** @type {HTMLDetailsElement} */ (d).open), true);
  assert.deepEqual(p.record.pageErrors, []);
  assert.deepEqual(p.record.offSite, []);
  await p.close();
});

test('export the split as each format, copy it, and read it back to the same state', async () => {
  const p = await openImport();
  const { page } = p;
  await importText(page, fixture('megatron-gpt3-175b.sh'), 'megatron');
  const before = await state(page);
  for (const [format, marker] of [
    ['megatron', '--tensor-model-parallel-size 8'],
    ['deepspeed', '"train_batch_size": 1536'],
    ['torchtitan', 'tensor_parallel_degree = 8'],
  ]) {
    await page.selectOption('#planner-export-format', format);
    await page.click('#planner-export-run');
    await page.waitForFunction((m) => document.querySelector('#planner-export-text').value.includes(m), marker);
  }
  await page.selectOption('#planner-export-format', 'megatron');
  await page.click('#planner-export-run');
  await page.waitForFunction(() => document.querySelector('#planner-export-text').value.startsWith('#!/bin/bash'));
  const text = await page.inputValue('#planner-export-text');
  await page.click('#planner-export-copy');
  await page.waitForFunction(() => /Copied|Selected/.test(document.querySelector('#planner-export-state').textContent));
  // Change the split, then read the exported script back.
  await page.evaluate(() => window.atlas.views.apply('planner', { tp: 4, pp: 4 }));
  await page.waitForFunction(() => window.atlas.views.get('planner').getState().tp === 4);
  await page.evaluate(() => {
    document.querySelector('#planner-import').dataset.imported = '';
  });
  await importText(page, text, 'megatron');
  const after = await state(page);
  for (const k of [
    'tp',
    'pp',
    'dp',
    'gpus',
    'zero',
    'sequence_parallel',
    'recompute',
    'micro',
    'global',
    'layers',
    'hidden',
    'heads',
    'vocab',
    'seq',
    'framework',
  ])
    assert.equal(after[k], before[k], k);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a config.json picked as a file, a DeepSpeed config and a torchtitan TOML each set the explorer', async () => {
  const p = await openImport();
  const { page } = p;
  await page.setInputFiles('#planner-import-file', fixturePath('qwen2-7b.config.json'));
  await page.waitForFunction(() => document.querySelector('#planner-import-text').value.includes('Qwen2ForCausalLM'));
  await page.click('#planner-import-run');
  await page.waitForSelector('#planner-import[data-imported="hf"]');
  let s = await state(page);
  assert.deepEqual([s.model, s.layers, s.hidden, s.kv_heads, s.qkv_bias, s.bias], ['custom', 28, 3584, 4, true, false]);
  assert.match(await page.locator('#planner-import-out').textContent(), /7,615,616,512 parameters/);
  await importText(page, fixture('deepspeed-zero3-offload.json'), 'deepspeed');
  s = await state(page);
  // A DeepSpeed config names no model: the explorer keeps the Qwen2 shape it had, and says so.
  assert.deepEqual([s.zero, s.framework, s.micro, s.global, s.layers, s.qkv_bias], [3, 'deepspeed', 4, 256, 28, true]);
  assert.match(
    await page.locator('#planner-import-out').textContent(),
    /no pasted text describes the model: the explorer's is kept/,
  );
  assert.match(
    await page.locator('#planner-import-out').textContent(),
    /zero_optimization\.offload_optimizer \(line 21\) — offloading to CPU or NVMe is not modelled/,
  );
  await importText(page, fixture('torchtitan-llama3-8b.toml'), 'torchtitan');
  s = await state(page);
  assert.deepEqual(
    [s.model, s.zero, s.framework, s.recompute, s.seq],
    ['llama-3.1-8b', 3, 'fsdp', 'selective-op', 8192],
  );
  await p.close();
});

test('keyboard: Ctrl+Enter reads the text; a bad line is reported as text on its line, never as markup', async () => {
  const p = await openPage({ path: '#planner' });
  const { page } = p;
  // The boxes sit behind their summary until opened: Enter on it opens them.
  await page.focus('#planner-import-box > summary');
  await page.keyboard.press('Enter');
  await page.focus('#planner-import-text');
  // Quoted, as a shell needs it (unquoted, < and > are redirections a shell would not pass on).
  await page.keyboard.insertText('pretrain_gpt.py \\\n  --num-layers 2 \\\n  --hidden-size "<b>big</b>"');
  await page.keyboard.press('Control+Enter');
  const alert = page.locator('#planner-import-out [role="alert"]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Line 3: --hidden-size is "<b>big<\/b>"/);
  assert.equal(await page.locator('#planner-import-out b').count(), 0);
  for (const id of ['planner-import-text', 'planner-import-file', 'planner-import-format', 'planner-export-format'])
    assert.equal(await page.locator(`label[for="${id}"]`).count(), 1, id);
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

for (const [width, scheme] of [
  [375, 'light'],
  [375, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
]) {
  test(`layout at ${width} px (${scheme}): the panel fits without sideways scrolling; screenshot saved`, async () => {
    const p = await openImport({ width, colorScheme: scheme });
    const { page } = p;
    await importText(page, fixture('megatron-llama-8b.sh'), 'megatron');
    await page.evaluate(() =>
      document.querySelectorAll('#planner-import details').forEach((d) => {
        d.open = true;
      }),
    );
    await page.click('#planner-export-run');
    await page.waitForFunction(() => document.querySelector('#planner-export-text').value.length > 0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow} px`);
    const dir = join(buildDir, 'import-shots');
    mkdirSync(dir, { recursive: true });
    await page.locator('#planner-import').screenshot({ path: join(dir, `import-${width}-${scheme}.png`) });
    await p.close();
  });
}

test("a script's --recompute-modules shows as the parts recomputed; a box changes the plan and the link", async () => {
  const p = await openImport();
  const { page } = p;
  const script = fixture('megatron-llama-8b.sh')
    .replace(/--recompute-granularity \S+/, '--recompute-granularity selective')
    .replace(/--recompute-method \S+/, '')
    .replace(/--recompute-num-layers \S+/, '');
  await importText(page, `${script}\n--recompute-modules core_attn mlp\n`, 'megatron');
  const s = await state(page);
  assert.deepEqual([s.recompute, s.recompute_modules], ['selective', 'core_attn,mlp']);
  await page.waitForFunction(() => location.hash.includes('planner.recompute_modules=core_attn%2Cmlp'));
  const group = page.getByRole('group', { name: 'Parts Megatron recomputes' });
  assert.equal(await group.isVisible(), true);
  assert.equal(await group.getByLabel('dense MLP').isChecked(), true);
  assert.equal(await group.getByLabel('norms kept apart').isChecked(), false);
  // A dense model without latent attention has no expert or latent parts to offer.
  assert.equal(await group.getByLabel('latent up-projections').isVisible(), false);
  assert.equal(await group.getByLabel('whole expert layer').isVisible(), false);
  // Unticked from the keyboard, the dense MLP is kept again: less compute, more memory.
  const planOfPage = async () => engine.run('plan', planRequest(await state(page)));
  const before = await planOfPage();
  await group.getByLabel('dense MLP').focus();
  await page.keyboard.press('Space');
  // The link carries a choice other than Megatron's default; back at the default it carries none.
  await page.waitForFunction(() => !location.hash.includes('recompute_modules'));
  const after = await planOfPage();
  assert.ok(after.time.compute < before.time.compute);
  assert.ok(after.memory.activations > before.memory.activations);
  // Under full recomputation the parts are not Megatron's choice: the group is not shown.
  await page.selectOption('#pl-recompute', 'full');
  await page.waitForFunction(() => !document.querySelector('[data-param="recompute_modules"]')?.checkVisibility());
  // There, which layers: all in groups, or the first of each stage, and how many.
  await page.getByLabel('Layers recomputed', { exact: true }).selectOption('block');
  const count = page.getByLabel('Layers recomputed per stage');
  await count.fill('3');
  await count.press('Enter');
  await page.waitForFunction(() => location.hash.includes('planner.recompute_num_layers=3'));
  const block = await state(page);
  assert.deepEqual([block.recompute_method, block.recompute_num_layers], ['block', 3]);
  const partial = await planOfPage();
  assert.equal(partial.parallel.recompute_method, 'block');
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});

test('a script with --fp8-param-gather keeps the weights in FP8 in the explorer, its link and its memory', async () => {
  const p = await openImport();
  const { page } = p;
  const script = fixture('megatron-llama-8b.sh').replace(
    /--bf16/,
    '--bf16 --fp8-format hybrid --fp8-recipe tensorwise --fp8-param-gather',
  );
  await importText(page, script, 'megatron');
  const s = await state(page);
  assert.equal(s.precision, 'fp8-current');
  assert.equal(s.fp8_param_gather, true);
  assert.equal(planRequest(s).parallel.fp8_param_gather, true);
  await page.waitForFunction(() => location.hash.includes('planner.fp8_param_gather=true'));
  // The memory panel's formula for the weights says where the bf16 copy went.
  await page.waitForFunction(() =>
    (document.getElementById('planner-memory')?.textContent ?? '').includes("Megatron's --fp8-param-gather"),
  );
  assert.deepEqual(p.record.pageErrors, []);
  await p.close();
});
