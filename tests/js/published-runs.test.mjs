// "Open in the explorer" on the validation view: each published training run becomes the
// explorer's state (patchFromRun), and the request the explorer then sends is that run again,
// so the engine names it and gives the table's step. Where the run set hardware no control
// holds, the note must say what; nothing else may be lost on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError } from '../../web/src/engine.js';
import { mergeState } from '../../web/src/modules/planner/state.js';
import { openingState, planRequest } from '../../web/src/modules/planner/requests.js';
import { patchFromRun, patchFromServingRun } from '../../web/src/modules/planner/open-run.js';
import { inferenceRequest } from '../../web/src/modules/planner/inference.js';
import { engine } from './explorer-plans.mjs';

const presets = engine.run('presets', {});
const fidelity = engine.run('fidelity', {});

test('every published training run opens in the explorer as itself', () => {
  for (const c of fidelity.cases) {
    const plan = engine.run('plan', c.request);
    assert.ok(!isError(plan), c.id);
    const { patch, missing } = patchFromRun(c.request, plan);
    assert.deepEqual(missing, [], c.id);
    const { state, rejected } = mergeState(openingState(presets), patch);
    assert.deepEqual(rejected, [], `${c.id}: the explorer refuses ${rejected.join()}`);
    const shown = engine.run('plan', planRequest(state));
    assert.ok(!isError(shown), c.id);
    assert.ok(
      Math.abs(shown.time.step / c.model_step - 1) < 1e-9,
      `${c.id}: ${shown.time.step} s vs ${c.model_step} s`,
    );
    // The engine names the run; where two published runs had one configuration (BLOOM's final
    // split was also benchmarked beforehand) it names the first and lists the others with it.
    const named = [shown.published, ...(shown.published?.also ?? [])].map((r) => r?.id);
    assert.ok(named.includes(c.id), `${c.id} opened as ${named.join(', ') || 'no published run'}`);
  }
});

test('a run whose hardware sets what no control holds is opened without it, and the note says what', () => {
  // A content author's case with a measured network efficiency of its own, not a preset's.
  const request = structuredClone(fidelity.cases.find((c) => c.id === 'opt-175b-992gpu').request);
  request.hardware.efficiencies = { inter: 0.5 };
  const plan = engine.run('plan', request);
  assert.ok(!isError(plan));
  const { patch, missing } = patchFromRun(request, plan);
  assert.deepEqual(missing, ['a network at 50 % of nominal bandwidth (measured)']);
  const { state } = mergeState(openingState(presets), patch);
  const shown = engine.run('plan', planRequest(state));
  assert.ok(shown.time.step < plan.time.step, 'the preset network (96 %) is faster than the run’s 50 %');
});

test('every published serving run opens in the explorer (inference mode) as itself', () => {
  const serving = engine.run('fidelity', { mode: 'inference' });
  assert.ok(!isError(serving));
  assert.ok(serving.cases.length > 0);
  for (const c of serving.cases) {
    const plan = engine.run('plan', c.request);
    assert.ok(!isError(plan), c.id);
    const { state, rejected } = mergeState(openingState(presets), patchFromServingRun(c.request, plan));
    assert.deepEqual(rejected, [], `${c.id}: the explorer refuses ${rejected.join()}`);
    assert.equal(state.mode, 'inference');
    const shown = engine.run('plan', inferenceRequest(state));
    assert.ok(!isError(shown), c.id);
    // The same serving plan: every time and throughput figure the readouts show.
    for (const part of ['time', 'throughput'])
      for (const [k, v] of Object.entries(plan[part]))
        if (typeof v === 'number')
          assert.ok(
            Math.abs(shown[part][k] - v) <= 1e-9 * Math.abs(v),
            `${c.id} ${part}.${k}: ${shown[part][k]} vs ${v}`,
          );
  }
});

test("every held-out serving run that names vLLM's release opens in the explorer on that engine", () => {
  const held = engine.run('fidelity', { mode: 'inference' }).held_out;
  const versioned = held.cases.filter((c) => c.request.serving.runtime_version);
  assert.ok(versioned.length > 0, 'the corrections name pre-0.8 releases');
  for (const c of versioned) {
    const plan = engine.run('plan', c.request);
    assert.ok(!isError(plan), c.id);
    const { state, rejected } = mergeState(openingState(presets), patchFromServingRun(c.request, plan));
    assert.deepEqual(rejected, [], c.id);
    const shown = engine.run('plan', inferenceRequest(state));
    assert.ok(!isError(shown), c.id);
    // The release control carries the engine, and with it the host time each step waits for.
    assert.equal(shown.serving.engine, plan.serving.engine, c.id);
    assert.equal(shown.serving.host_overhead, plan.serving.host_overhead, c.id);
  }
});
