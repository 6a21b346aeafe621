// Plans built the way the split explorer builds them, for tests of what its scenarios claim:
// the chosen presets' fields first, the scenario's patch over them, through the explorer's own
// state rules and request builders.
import assert from 'node:assert/strict';
import { loadEngine } from './engine-loader.mjs';
import { FIELDS, mergeState } from '../../web/src/modules/planner/state.js';
import { hardwareFromPreset, openingState, shapeFromPreset } from '../../web/src/modules/planner/requests.js';

export const engine = await loadEngine();
const presets = engine.run('presets', {});
// The explorer fills these choices from the engine's presets when it starts (controls.js).
FIELDS.model.options = [...presets.models.map((p) => p.id), 'custom'];
FIELDS.hardware.options = [...presets.hardware.map((p) => p.id), 'custom'];

/** The engine's answer to `toRequest(state)` for the explorer state a scenario patch gives. */
export function planOf(patch, toRequest) {
  const model = presets.models.find((m) => m.id === patch.model);
  const hardware = presets.hardware.find((h) => h.id === patch.hardware);
  const { state, rejected } = mergeState(openingState(presets), {
    ...shapeFromPreset(model.model),
    ...hardwareFromPreset(hardware.hardware),
    ...patch,
  });
  assert.deepEqual(rejected, []);
  return engine.run('plan', toRequest(state));
}
