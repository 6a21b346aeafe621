// "Open in the explorer" on the validation view: each published training run becomes the
// explorer's state (patchFromRun), and the request the explorer then sends is that run again,
// so the engine names it and gives the table's step. Where the run set hardware no control
// holds, the note must say what; nothing else may be lost on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isError } from '../../web/src/engine.js';
import { mergeState } from '../../web/src/modules/planner/state.js';
import { openingState, planRequest } from '../../web/src/modules/planner/requests.js';
import { patchFromRun } from '../../web/src/modules/planner/import.js';
import { engine } from './explorer-plans.mjs';

const presets = engine.run('presets', {});
const fidelity = engine.run('fidelity', {});

test('every published training run opens in the explorer as itself, or the note names what it cannot set', () => {
  let exact = 0;
  for (const c of fidelity.cases) {
    const plan = engine.run('plan', c.request);
    assert.ok(!isError(plan), c.id);
    const { patch, missing } = patchFromRun(c.request, plan);
    const { state, rejected } = mergeState(openingState(presets), patch);
    assert.deepEqual(rejected, [], `${c.id}: the explorer refuses ${rejected.join()}`);
    const shown = engine.run('plan', planRequest(state));
    assert.ok(!isError(shown), c.id);
    const unset = ['nics_per_node', 'efficiencies'].filter((k) => k in c.request.hardware);
    assert.equal(missing.length, unset.length, `${c.id}: ${missing.join('; ')}`);
    if (unset.length) {
      // The run's own network cards and efficiencies are not the preset's: no match is claimed.
      assert.equal(shown.published, undefined, c.id);
      if ('nics_per_node' in c.request.hardware)
        assert.ok(
          missing.some((m) => m.startsWith(`${c.request.hardware.nics_per_node} network cards`)),
          c.id,
        );
      continue;
    }
    assert.equal(shown.published?.id, c.id, `${c.id} opened as ${shown.published?.id ?? 'no published run'}`);
    assert.ok(
      Math.abs(shown.time.step / c.model_step - 1) < 1e-9,
      `${c.id}: ${shown.time.step} s vs ${c.model_step} s`,
    );
    exact += 1;
  }
  assert.ok(exact > 0);
});
