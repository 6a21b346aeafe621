// "What network does the explorer's split need to hide its data-parallel traffic?": the split
// explorer's current split (or its opening one, before it has started or where it is not on the
// page) sent to the engine's `dp-network`, and its answer in words. The explorer's request
// builder is shared code, so the split sent is the one the explorer plans.
import { isError } from '../../engine.js';
import { formatBytes, formatCount, formatRate, formatSeconds } from '../../format.js';
import { openingState, planRequest } from '../planner/requests.js';
import { drawFormulas, drawList, drawTiles, formatGbps, setText } from './readouts.js';

/** @typedef {import('../../answers').Answer<'dp-network'>} DpNetwork */

/** The frameworks as the explorer names them. */
const FRAMEWORKS = /** @type {Record<string, string>} */ ({
  megatron: 'Megatron-LM',
  'megatron-2021': 'Megatron-LM of 2021',
  fsdp: 'PyTorch FSDP2',
  fsdp1: 'PyTorch FSDP1',
  deepspeed: 'DeepSpeed',
  'deepspeed-2021': 'DeepSpeed of 2021',
  ideal: 'an ideal framework',
});
/** @typedef {import('../planner/state.js').PlannerState} PlannerState */

/**
 * The explorer's split: its live state when it runs, else its opening state from the presets.
 * @param {import('../define.js').ModuleContext} ctx
 * @param {() => any} presets the engine's `presets` answer
 * @returns {{state: PlannerState, live: boolean}}
 */
export function explorerSplit(ctx, presets) {
  const view = ctx.views.get('planner');
  if (view) return { state: /** @type {PlannerState} */ (/** @type {unknown} */ (view.getState())), live: true };
  return { state: /** @type {PlannerState} */ (openingState(presets())), live: false };
}

/**
 * Asks the engine and writes the section; returns the answer (or null on an error).
 * @param {import('../define.js').ModuleContext} ctx
 * @param {HTMLElement} root
 * @param {{state: PlannerState, live: boolean}} split
 * @param {() => any} presets the engine's `presets` answer (the names of the model and GPU)
 * @returns {DpNetwork | null}
 */
export function drawDp(ctx, root, split, presets) {
  const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const s = split.state;
  const where = split.live ? 'The split explorer’s current split' : 'The split explorer’s opening split';
  const serving = s.mode === 'inference' ? ' (the explorer shows it serving; this is the same split training)' : '';
  const list = presets();
  const named = (/** @type {string} */ kind, /** @type {string} */ id, /** @type {string} */ custom) =>
    list?.[kind]?.find((/** @type {{id: string}} */ x) => x.id === id)?.name ?? custom;
  setText(
    el('net-dp-split'),
    `${where}${serving}: ${named('models', s.model, 'a custom model')} on ${formatCount(s.gpus)} × ${named('hardware', s.hardware, 'custom GPUs')}, ` +
      `tensor ${formatCount(s.tp)} × pipeline ${formatCount(s.pp)}${s.cp > 1 ? ` × context ${formatCount(s.cp)}` : ''}, ZeRO stage ${s.zero}, ${FRAMEWORKS[s.framework] ?? 'its framework'}.`,
  );
  const answer = ctx.engine.run('dp-network', planRequest(s));
  if (isError(answer)) {
    drawTiles(el('net-dp-readouts'), []);
    setText(el('net-dp-lead'), 'The engine cannot plan this split.');
    setText(el('net-dp-rest'), answer.error.message);
    drawFormulas(el('net-dp-formulas'), []);
    return null;
  }
  const r = /** @type {DpNetwork} */ (answer);
  const c = r.current;
  drawTiles(el('net-dp-readouts'), [
    [
      'Data-parallel traffic',
      formatBytes(r.dp.bytes_per_step, 3),
      `per GPU and step, ${formatCount(r.dp.calls_per_step)} calls in groups of ${formatCount(r.dp.group_size)}`,
    ],
    [
      'NICs now',
      formatRate(c.inter_bandwidth),
      `per GPU; ${formatCount(c.nics_per_node)} NICs of ${formatGbps(c.nic_bandwidth)} per ${formatCount(c.gpus_per_node)} GPUs`,
    ],
    [
      'Exposed now, as run',
      formatSeconds(c.exposed, 3),
      `of ${formatSeconds(c.time, 3)} in data-parallel calls per step`,
    ],
    ['Exposed now, bound', formatSeconds(c.exposed_bound, 3), 'nominal links, no latency, free overlap'],
  ]);
  const [lead, rest] = answerText(r);
  setText(el('net-dp-lead'), lead);
  setText(el('net-dp-rest'), rest);
  drawFormulas(el('net-dp-formulas'), [r.formulas.bound, r.formulas.as_run]);
  drawList(el('net-dp-scope'), r.scope);
  return r;
}

/**
 * The answer: a first sentence that answers, and what qualifies it.
 * @param {DpNetwork} r
 * @returns {[string, string]}
 */
function answerText(r) {
  const n = r.needed;
  const floor = `As run, ${formatSeconds(r.floor.exposed, 3)} stays exposed however fast the network: the first call of each series, NCCL’s latency and the slowdown of overlapped compute.`;
  const settles =
    r.settles.inter_bandwidth != null
      ? ` More bandwidth stops paying above about ${formatRate(r.settles.inter_bandwidth)} per GPU (${formatGbps(/** @type {number} */ (r.settles.nic_bandwidth))} per NIC), where the exposure is within 1 % of that floor.`
      : '';
  switch (n.reason) {
    case 'no_dp':
      return ['This split has no data-parallel traffic.', 'One replica holds the whole batch.'];
    case 'inside_domain':
      return [
        'No network is needed for it.',
        `Its data-parallel groups stay inside one NVLink domain, so the NICs carry none of that traffic. What is exposed (${formatSeconds(r.current.exposed, 3)} as run) is NVLink’s and NCCL’s.`,
      ];
    case 'compute_too_short':
      return [
        'No network hides it.',
        `Even at NVLink’s bandwidth the bound’s data-parallel calls outlast the compute they can hide behind. ${floor}`,
      ];
    case 'any':
      return [
        'Any network hides it at the bound.',
        `Even ${formatRate(/** @type {number} */ (n.inter_bandwidth))} per GPU does. ${floor}${settles}`,
      ];
    default:
      return [
        `At the bound, exposed data-parallel time reaches zero from ${formatRate(/** @type {number} */ (n.inter_bandwidth))} per GPU: ${formatGbps(/** @type {number} */ (n.nic_bandwidth))} per NIC with ${formatCount(r.current.nics_per_node)} NICs per ${formatCount(r.current.gpus_per_node)} GPUs.`,
        `This split has ${formatRate(r.current.inter_bandwidth)} per GPU. As run at that bandwidth ${formatSeconds(/** @type {number} */ (n.exposed), 3)} is exposed. ${floor}${settles}`,
      ];
  }
}

/**
 * The text equivalent of the exposure chart.
 * @param {DpNetwork} r
 */
export function dpChartText(r) {
  const c = r.curve;
  const last = c.inter_bandwidth.length - 1;
  return (
    `Exposed data-parallel time as run falls from ${formatSeconds(c.exposed[0], 3)} at ${formatRate(c.inter_bandwidth[0])} per GPU ` +
    `to ${formatSeconds(c.exposed[last], 3)} at ${formatRate(c.inter_bandwidth[last])}; at the bound from ${formatSeconds(c.exposed_bound[0], 3)} ` +
    `to ${formatSeconds(c.exposed_bound[last], 3)}.`
  );
}
