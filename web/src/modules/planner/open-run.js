// "Open in the explorer" on the validation views: a published run, training or serving, becomes
// the explorer's state, read from the engine's normalized plan of the case (so the engine's
// defaults, not guesses here, fill what the case left out), and a note above the explorer names
// the run. tests/js/published-runs.test.mjs opens every case and checks the explorer's request
// is that run again.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatPercent, formatSeconds } from '../../format.js';
import { patchFromPlan } from './import.js';
import { figure } from './inference-fidelity.js';
import { hardwareFromPreset, shapeFromPreset } from './requests.js';

/** @typedef {import('../../atlas-engine').ImportResponse} ImportResponse */
/** @typedef {import('./state.js').PlannerState} PlannerState */

/**
 * What a published run sets on its hardware that the explorer has no control for, in words.
 * @type {Record<string, (value: unknown) => string>}
 */
const NO_CONTROL = {
  efficiencies: (v) =>
    Object.entries(/** @type {Record<string, number>} */ (v))
      .map(
        ([link, e]) =>
          `${link === 'inter' ? 'a network' : `${link} links`} at ${formatPercent(e, 0)} of nominal bandwidth (measured)`,
      )
      .join(', '),
};

/**
 * The explorer's state for a published run: its split as an import reads it, and its hardware too
 * (an import keeps the explorer's). `missing` names what the run set that no control holds, so the
 * explorer shows it without that.
 * @param {ImportResponse['request']} request
 * @param {import('../../answers').Answer<'plan'>} plan
 * @returns {{patch: Partial<PlannerState>, missing: string[]}}
 */
export function patchFromRun(request, plan) {
  const preset = request.hardware.preset;
  const patch = {
    ...patchFromPlan(request, plan),
    mode: 'training',
    hardware: typeof preset === 'string' ? preset : 'custom',
    ...hardwareFromPreset(plan.hardware),
  };
  const missing = Object.entries(request.hardware).flatMap(([k, v]) => (NO_CONTROL[k] ? [NO_CONTROL[k](v)] : []));
  return { patch: /** @type {Partial<PlannerState>} */ (patch), missing };
}

/**
 * The explorer's state for a published serving run, in inference mode: the engine's normalized
 * model, hardware, split and workload of it.
 * @param {Record<string, any>} request  a serving `plan` request
 * @param {Record<string, any>} plan  the engine's serving plan of it
 * @returns {Partial<PlannerState>}
 */
export function patchFromServingRun(request, plan) {
  const model = request.model?.preset;
  const hardware = request.hardware?.preset;
  const p = plan.parallel;
  const w = plan.serving;
  return /** @type {Partial<PlannerState>} */ ({
    mode: 'inference',
    model: typeof model === 'string' ? model : 'custom',
    ...shapeFromPreset(plan.model),
    hardware: typeof hardware === 'string' ? hardware : 'custom',
    ...hardwareFromPreset(plan.hardware),
    gpus: plan.hardware.gpus,
    dp_auto: true,
    tp: p.tp,
    pp: p.pp,
    cp: p.cp,
    ep: p.ep,
    flash: p.attention_kernel === 'flash-attention-2' ? 'flash-attention-2' : 'auto',
    prompt: w.prompt,
    output: w.output,
    concurrency: w.concurrency,
    weights: w.weights,
    expert_weights: w.expert_weights && w.expert_weights !== w.weights ? w.expert_weights : 'same',
    kv: w.kv,
    runtime: w.runtime,
    // The engine says which vLLM engine the release runs, and whether it hands outputs out a step
    // late (V0 from 0.6); the page offers V1, V0, and V0 before 0.6.
    runtime_version: w.engine !== 'v0' ? 'current' : w.overlap_scheduler ? '0.7' : '0.5',
  });
}

/**
 * The note above the explorer that names an opened run. It lives in the status line, which the
 * next change clears; focus moves to it, so a keyboard or screen-reader user hears what changed.
 * @param {HTMLElement} status @param {string} title @param {string} text
 */
function showRunNote(status, title, text) {
  const note = h('p', { class: 'notice run-note', tabindex: '-1' }, h('strong', { text: title }), text);
  status.replaceChildren(note);
  // The note, not the output column: on a phone that column has no box of its own.
  note.scrollIntoView({ block: 'start' });
  note.focus({ preventScroll: true });
}

/**
 * What opening needs of the explorer: the engine, applying a patch, and its status line.
 * @typedef {{engine: import('../../engine.js').Engine, apply: (patch: Partial<PlannerState>) => void,
 *   status: HTMLElement}} Explorer
 */

/**
 * Shows a published training run: its model, hardware and split, so the reader sees where its
 * time goes and the step readout puts the measured step beside the engine's.
 * @param {Explorer} x
 * @param {import('./fidelity.js').Case} c
 * @param {import('./fidelity.js').Source | undefined} src
 */
export function openTrainingRun(x, c, src) {
  // A case's request is a `plan` request.
  const request = /** @type {ImportResponse['request']} */ (c.request);
  const plan = x.engine.run('plan', request);
  if (isError(plan)) return;
  const { patch, missing } = patchFromRun(request, plan);
  x.apply(patch);
  showRunNote(
    x.status,
    `${src?.name ?? c.source}, ${c.where}. `,
    missing.length
      ? `This run also had ${missing.join(' and ')}. The explorer has no control for these, so it shows the run with its hardware preset's values for them, and its step is not the table's ${formatSeconds(c.model_step)}.`
      : "The split, batch and hardware of this published run; the step readout puts its measured step beside the engine's.",
  );
}

/**
 * Shows a published serving run in inference mode, its measured figure beside the engine's.
 * @param {Explorer} x
 * @param {import('./inference-fidelity.js').Case} c
 * @param {import('./inference-fidelity.js').Source | undefined} src
 */
export function openServingRun(x, c, src) {
  const plan = x.engine.run('plan', c.request);
  if (isError(plan)) return;
  x.apply(patchFromServingRun(c.request, plan));
  showRunNote(
    x.status,
    `${src?.title ?? c.source}. `,
    `${c.statement} Measured: ${figure(c.measured, c.unit)}; the engine's figure is ${figure(c.engine, c.unit)}, below.`,
  );
}
