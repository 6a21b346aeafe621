// The split explorer's inference mode: the same model, hardware and split, served instead of
// trained. A Training | Inference switch in the form; in inference mode the readouts (weights,
// KV cache, how many users fit, time to first token, time per output token, tokens/s per GPU and
// per user), the split explorer's diagram drawn for serving (the KV cache on each GPU, and a
// Prefill | Decode switch for which tensors cross devices, with the table and the description
// as its text equivalents) and the latency–throughput chart. Every number is the engine's.
import { servingExperts } from './serving-experts.js';
import { h } from '../../dom.js';
import {
  formatBytes,
  formatBytesDecimal,
  formatCount,
  formatNumber,
  formatSeconds,
  learnerText,
} from '../../format.js';
import { drawCurve } from './inference-chart.js';
import { formulaText } from './formula.js';
import { linkHighlights, drawCrossings } from './crossings.js';
import { drawServingDescription } from './describe.js';
import { narrowWidth, renderDiagram } from './diagram.js';
import { MEMORY_PARTS } from './diagram-serving.js';
import { drawnFromSame, patch, vh } from './vnode.js';
import { initServingFidelity } from './inference-fidelity.js';
import { initServingScenarios } from './inference-scenarios.js';
import { initServingSearch } from './inference-search.js';
import { attentionKernel, hardwareRequest, modelRequest } from './requests.js';

/** @typedef {import('./state.js').PlannerState} PlannerState */
/** @typedef {import('./diagram.js').ServingPlan} ServingPlan */
/** @typedef {import('../../atlas-engine').EngineErrorResponse} EngineErrorResponse */
/** @typedef {import('./scenarios.js').Patch} Patch */

/**
 * The `plan` request of a state in inference mode (the serving fields, no batch terms).
 * @param {PlannerState} st
 */
export function inferenceRequest(st) {
  /** @type {{tp: number, pp: number, cp: number, ep: number, dp?: number, attention_kernel?: string, routing_imbalance?: number}} */
  const parallel = { tp: st.tp, pp: st.pp, cp: st.cp, ep: st.ep };
  if (!st.dp_auto) parallel.dp = st.dp;
  // The busiest expert rank's share of the routed tokens, as the training plan takes it.
  if (st.routing_imbalance > 1 && st.experts > 1) parallel.routing_imbalance = st.routing_imbalance;
  // Serving always runs fused attention; the explorer's kernel choice sets its rate.
  const kernel = attentionKernel(st);
  if (kernel) parallel.attention_kernel = kernel;
  return {
    mode: 'inference',
    model: modelRequest(st),
    hardware: hardwareRequest(st),
    parallel,
    serving: {
      prompt: st.prompt,
      // Tokens a prefix cache already holds (a shared system prompt): prefill computes the rest.
      ...(st.cached_prompt > 0 ? { cached_prompt: st.cached_prompt } : {}),
      output: st.output,
      // A Poisson stream's requests in flight follow from its rate: the page sets no client cap.
      ...(st.arrival === 'poisson' ? { request_rate: st.request_rate } : { concurrency: st.concurrency }),
      arrival: st.arrival,
      // A loop's count of requests; sent all at once, the concurrency is the count.
      ...(st.arrival !== 'all_at_once' && st.requests > 0 ? { requests: st.requests } : {}),
      // Outputs of different lengths sent at once: the run lasts until the longest is answered.
      ...(st.arrival === 'all_at_once' && st.output_max > 0 ? { output_max: st.output_max } : {}),
      // A loop whose requests differ in length: its users do not keep in step.
      ...(st.arrival === 'closed_loop' && st.lengths === 'dataset' ? { lengths: 'dataset' } : {}),
      weights: st.weights,
      ...(st.expert_weights !== 'same' && st.experts > 1 ? { expert_weights: st.expert_weights } : {}),
      kv: st.kv,
      runtime: st.runtime,
      // Only vLLM's release changes the cost (its V0 engine before 0.8).
      ...(st.runtime === 'vllm' && st.runtime_version !== 'current' ? { runtime_version: st.runtime_version } : {}),
    },
  };
}

/**
 * @param {string} label
 * @param {string} value
 * @param {import('./formula.js').Formula | string | null} formula the engine's, or the page's own text
 * @param {string | null} [note]
 */
function readout(label, value, formula, note) {
  return h(
    'div',
    { class: 'inf-readout' },
    h('dt', { text: label }),
    h(
      'dd',
      {},
      h('strong', { text: value }),
      note ? h('span', { class: 'inf-note', text: ` ${note}` }) : null,
      formula
        ? h(
            'details',
            { class: 'formula' },
            h('summary', { text: 'How it is computed' }),
            h('p', { text: learnerText(formulaText(formula)) }),
          )
        : null,
    ),
  );
}

/** @param {ServingPlan} plan */
function readouts(plan) {
  const m = plan.memory,
    t = plan.time,
    r = plan.throughput;
  // A Poisson stream no client cap holds, kept up with or outrun (the engine's queue.uncapped_stream):
  // its memory is for the requests in flight, not for a set number of users.
  const stream = plan.queue.uncapped_stream;
  const users = stream ? plan.queue.requested : plan.serving.concurrency;
  return h(
    'div',
    { class: 'inf-readouts' },
    h(
      'section',
      { 'aria-labelledby': 'inf-mem-h' },
      h('h4', { id: 'inf-mem-h', text: 'Memory per GPU' }),
      h(
        'dl',
        {},
        readout(
          'Weights',
          formatBytes(m.weights),
          m.formulas.weights,
          plan.serving.expert_weights === plan.serving.weights
            ? `in ${plan.serving.weights}`
            : `in ${plan.serving.weights}, routed experts in ${plan.serving.expert_weights}`,
        ),
        readout(
          'KV cache per token',
          formatBytesDecimal(m.kv_cache_per_token),
          m.formulas.kv_cache_per_token,
          'whole model',
        ),
        readout(
          'KV cache',
          formatBytes(m.kv_cache),
          m.formulas.kv_cache,
          stream
            ? `for ${formatCount(users)} ${users === 1 ? 'request' : 'requests'} in flight`
            : `for ${formatCount(users)} ${users === 1 ? 'user' : 'users'}`,
        ),
        readout(
          m.activations_from === 'startup_profile'
            ? `Working set (${plan.serving.runtime_label}’s start-up measure)`
            : 'Prefill working set',
          formatBytes(m.activations),
          m.formulas.activations,
        ),
        readout('Kept free for the runtime', formatBytes(m.reserve), m.formulas.reserve),
        readout(
          'Total',
          `${formatBytes(m.total)} of ${formatBytes(m.capacity)}`,
          null,
          m.fits ? '— fits' : '— does not fit',
        ),
        readout('Most users that fit', formatCount(m.max_concurrency), m.formulas.max_concurrency),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'inf-time-h' },
      h('h4', { id: 'inf-time-h', text: 'Latency' }),
      h(
        'dl',
        {},
        readout('Time to first token', formatSeconds(t.first_token), t.formulas.first_token, firstTokenNote(plan)),
        readout('Time per output token', formatSeconds(t.per_output_token), t.formulas.per_output_token),
        readout(
          'One decode step',
          formatSeconds(t.decode_step),
          t.formulas.decode_step,
          `bound by ${t.decode.bound === 'compute' ? 'arithmetic' : 'memory bandwidth'}; memory floor ${formatSeconds(t.hbm_bound)}`,
        ),
        t.decode.experts_time > 0
          ? readout(
              'Routed experts, per step',
              formatSeconds(t.decode.experts_time),
              null,
              `of the ${formatSeconds(t.decode.gemm_time)} of GEMMs on the busiest GPU`,
            )
          : null,
        readout(
          'Small kernels, per step',
          formatSeconds(t.decode.kernel_floor),
          null,
          `${plan.serving.runtime_label}: norms, rotary, KV writes, sampling; all-reduce by ${t.decode.allreduce_label}`,
        ),
        readout('Host work, per step', formatSeconds(t.decode.host_overhead), t.formulas.host_overhead),
        readout('Whole request', formatSeconds(t.request), t.formulas.request),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'inf-rate-h' },
      h('h4', { id: 'inf-rate-h', text: 'Throughput' }),
      h(
        'dl',
        {},
        readout(
          plan.queue.waves > 0
            ? 'Requests run at once'
            : stream || plan.queue.saturated
              ? 'Requests in flight'
              : 'Users served at once',
          stream ? formatNumber(plan.queue.in_flight) : formatCount(plan.queue.served),
          null,
          servedNote(plan.queue),
        ),
        readout('Tokens/s per GPU', formatCount(r.tokens_per_second_per_gpu), r.formulas.tokens_per_second_per_gpu),
        readout('Tokens/s per user', formatCount(r.tokens_per_second_per_user), r.formulas.tokens_per_second_per_user),
        readout(
          'Tokens/s, all GPUs',
          formatCount(r.tokens_per_second),
          null,
          r.prefill_limited ? 'limited by the prefill GPUs' : null,
        ),
      ),
    ),
  );
}

/**
 * What a first token waits for, in words: a slot or the other users' steps in a loop; the
 * earlier rounds and the round's other prompts when every request is sent at once.
 * @param {ServingPlan} plan
 */
function firstTokenNote(plan) {
  const parts = plan.time.first_token_parts;
  const atOnce = plan.queue.waves > 0;
  if (plan.queue.open_stream)
    return `with ${formatSeconds(parts.queue)} waiting, on average, for prompts that arrived first`;
  if (plan.queue.saturated)
    return `with ${formatSeconds(parts.queue)} waiting, on average, behind the requests that arrived first${
      plan.queue.prefill_paced ? ' for their prompts to be prefilled' : ''
    }`;
  if (parts.queue > 0) return `with ${formatSeconds(parts.queue)} waiting for ${atOnce ? 'earlier rounds' : 'a slot'}`;
  if (parts.under_load > 0 && plan.queue.cohorts > 0)
    return `with ${formatSeconds(parts.under_load)} in step with the other users: prompts arrive in cohorts of up to ${formatCount(
      plan.queue.cohort_size,
    )}, prefilled together`;
  if (parts.under_load > 0)
    return `with ${formatSeconds(parts.under_load)} ${atOnce ? 'behind the other prompts of its round' : "for the other users' steps"}`;
  return 'one prompt, no wait';
}

/**
 * Who runs and who waits, in words: the queue of a loop of users, or the rounds of a run whose
 * requests were all sent at once.
 * @param {ServingPlan['queue']} q
 */
function servedNote(q) {
  if (q.open_stream)
    return `${formatNumber(q.arrival_rate)} requests a second arriving at random keep ${formatNumber(
      q.in_flight,
    )} in flight on average (rate × a request's time); the deployment answers at most ${formatNumber(
      q.capacity,
    )} a second`;
  if (q.saturated && q.prefill_paced)
    return `${formatCount(q.requests)} requests offered at ${formatNumber(
      q.arrival_rate,
    )} a second outrun the ${formatNumber(q.capacity)} prompts a second the deployment prefills, one after another: each waits for the prompts before it, and the whole run takes ${formatSeconds(q.makespan)}`;
  if (q.saturated)
    return `${formatCount(q.requests)} requests offered at ${formatNumber(
      q.arrival_rate,
    )} a second outrun the ${formatNumber(q.capacity)} a second the deployment answers: it runs ${formatCount(
      q.served,
    )} at once while the rest queue, and the whole run takes ${formatSeconds(q.makespan)}`;
  const why =
    q.limit === 'scheduler'
      ? `the runtime runs at most ${formatCount(q.running_limit)} at once per copy`
      : 'the KV cache is full';
  // With outputs of different lengths the longest decodes alone at the end of the run.
  const alone = q.longest > 0 ? `, ${formatSeconds(q.longest)} of it the longest output's last tokens alone` : '';
  if (q.waves > 1)
    return `${formatCount(q.requested)} sent at once run in ${formatCount(q.waves)} rounds, the last of ${formatCount(
      q.last_wave,
    )} (${why}); the whole run takes ${formatSeconds(q.makespan)}${alone}`;
  if (q.waves === 1) return `every request, sent at once; the whole run takes ${formatSeconds(q.makespan)}${alone}`;
  const users = q.waiting > 0 ? `${formatCount(q.waiting)} more wait for a slot (${why})` : 'every user';
  return q.requests > 0
    ? `${users}; a run of ${formatCount(q.requests)} requests, the users' first together, takes ${formatSeconds(q.makespan)}`
    : users;
}

const PHASES = [
  { value: 'prefill', label: 'Prefill (one prompt)', per: 'prompt' },
  { value: 'decode', label: 'Decode (one token per user)', per: 'decode step' },
];

/**
 * The diagram's key: device colours as in training, the memory parts of the bars, the badges.
 * @param {ServingPlan} plan
 */
function legend(plan) {
  const n = Math.min(Math.max(plan.parallel.tp, plan.parallel.ep), 8);
  const ranks = [];
  for (let k = 0; k < n; k += 1)
    ranks.push(vh('li', {}, vh('span', { class: `swatch dev-swatch dev-${k} pat-${k}` }), `rank ${k}`));
  const parts = MEMORY_PARTS.map((p) => vh('li', {}, vh('span', { class: `swatch ${p.cls}` }), p.label));
  return vh(
    'div',
    {},
    vh('p', { class: 'legend-note', id: 'inf-legend-gpus', text: 'GPUs of a stage:' }),
    vh('ul', { class: 'device-legend', 'aria-labelledby': 'inf-legend-gpus' }, ...ranks),
    vh('p', { class: 'legend-note', id: 'inf-legend-memory', text: 'Parts of a GPU\u2019s memory:' }),
    vh('ul', { class: 'device-legend', 'aria-labelledby': 'inf-legend-memory' }, ...parts),
    vh('p', {
      class: 'legend-note',
      text: 'Colour and pattern = tensor-parallel rank inside each stage (EP rank for experts); each pipeline stage is its own set of GPUs. The bars are each GPU\u2019s memory to scale; the line marks its capacity. Badges: AR all-reduce, AG all-gather, SR send/receive, A2A all-to-all; focus or hover one to find its row.',
    }),
  );
}

/**
 * Sets up the mode switch and the inference section. `onMode(mode)` applies a mode change and
 * `onPhase(phase)` a change of the serving phase shown (both kept in links);
 * `run(patch)` plans a patch without applying it; `apply(patch)` applies it (scenarios);
 * `search(extra)` runs the serving search for the current state; `fidelity()` returns the
 * engine's published serving cases; `openServing(case, source)` shows one in the explorer;
 * `blocked(patch)` says why a scenario cannot be shown under an instructor's fixed values.
 * @param {HTMLElement} root
 * @param {{onMode: (mode: string) => void, onPhase: (phase: string) => void,
 *   run: (patch: Patch) => import('../../answers').Answer<'plan'> | EngineErrorResponse | null,
 *   apply: (patch: Patch) => void,
 *   search: (extra: {objective: string, top: number, latency_limit?: number}) =>
 *     import('./search.js').SearchAnswer | EngineErrorResponse,
 *   fidelity: () => import('../../atlas-engine').InferenceFidelityResponse | EngineErrorResponse,
 *   openServing: (c: import('./inference-fidelity.js').Case, src: import('./inference-fidelity.js').Source | undefined) => void,
 *   blocked: (patch: Patch) => string | null}} hooks
 */
export function initInference(root, { onMode, onPhase, run, apply, search, fidelity, openServing, blocked }) {
  const radios = /** @type {HTMLInputElement[]} */ ([...root.querySelectorAll('input[name="pl-mode"]')]);
  for (const r of radios)
    r.addEventListener('change', () => {
      if (r.checked) onMode(r.value);
    });
  const section = /** @type {HTMLElement} */ (root.querySelector('#planner-inference'));
  const scenarioButtons = h('div', { class: 'scenario-buttons' });
  const scenarioOut = h('div', { class: 'scenario-out', 'aria-live': 'polite' });
  const parts = { readouts: h('div'), experts: h('div'), curve: h('div'), scope: h('div') };
  const curveHeading = h('h4', { text: 'More users: faster GPUs, slower answers' });
  const diagram = h('div', { class: 'planner-diagram', id: 'inf-diagram' });
  const key = h('div', { class: 'planner-legend' });
  const description = h('div', { id: 'inf-description', class: 'planner-description' });
  const crossings = h('div', { class: 'table-wrap', id: 'inf-crossings' });
  const crossingsHeading = h('h4', { id: 'inf-crossings-h' });
  let phase = 'decode';
  const phaseRadios = PHASES.map((ph) =>
    h('input', {
      type: 'radio',
      name: 'inf-phase',
      id: `inf-phase-${ph.value}`,
      value: ph.value,
      checked: ph.value === phase,
    }),
  );
  const phaseSwitch = h(
    'fieldset',
    { class: 'planner-mode inf-phase' },
    h('legend', { text: 'Show the tensors that cross devices during' }),
    h('div', { class: 'mode-switch' }, ...PHASES.map((ph, i) => h('label', {}, phaseRadios[i], ` ${ph.label}`))),
  );
  const figure = h(
    'figure',
    { class: 'planner-figure inf-figure' },
    h('figcaption', {
      id: 'inf-diagram-caption',
      text: 'The same transformer, served. Colours and patterns mark devices; each stage shows the KV cache on each of its GPUs, the bars below what each GPU holds, and markers where a tensor crosses between devices in the chosen phase.',
    }),
    phaseSwitch,
    diagram,
    key,
  );
  /**
   * The last plan drawn and the drawing width, so a phase or width change can redraw it.
   * @type {ServingPlan | null}
   */
  let last = null;
  let lastName = '';
  let narrowW = 0;
  const draw = () => {
    if (!last) return;
    // The phase is one of the control's two (FIELDS.phase), as is each of PHASES.
    const shownPhase = /** @type {'prefill' | 'decode'} */ (phase);
    const view = { ...last, phase, communication: last.communication[shownPhase] };
    renderDiagram(diagram, view, narrowW, 'inf-diagram-caption inf-describe-h');
    if (!drawnFromSame(key, [last.parallel.tp, last.parallel.ep])) patch(key, [legend(last)]);
    const ph = /** @type {(typeof PHASES)[number]} */ (PHASES.find((x) => x.value === phase));
    crossingsHeading.textContent =
      phase === 'prefill'
        ? 'Tensors that cross devices for one prompt (prefill)'
        : 'Tensors that cross devices in one decode step';
    drawCrossings(crossings, view.communication, {
      per: ph.per,
      serving: true,
      caption: `Tensors that cross device boundaries ${phase === 'prefill' ? 'for one prompt' : 'in one decode step'}, for one device of the first pipeline stage (and the last)`,
      empty: 'Nothing crosses a device boundary: each GPU holds a whole copy of the model.',
    });
    drawServingDescription(description, last, lastName);
  };
  for (const r of phaseRadios)
    r.addEventListener('change', () => {
      if (r.checked) onPhase(r.value);
    });
  linkHighlights(diagram, crossings);
  new ResizeObserver((entries) => {
    const narrow = narrowWidth(entries[entries.length - 1].contentRect.width);
    if (narrow === narrowW) return;
    narrowW = narrow;
    draw();
  }).observe(diagram);
  const finder = h('div');
  const checked = h('div');
  const checks = h(
    'details',
    {},
    h('summary', { text: 'Show the published runs and the engine\u2019s errors' }),
    checked,
  );
  section.replaceChildren(
    h('h3', { id: 'planner-inference-h', text: 'Serving this model' }),
    h('p', {
      text: 'The same split, serving requests instead of training: each GPU holds its share of the weights and the key/value cache of the users it serves. A prompt is read all at once (prefill); then every user gets one token per decode step, and a step must read all the weights from memory however few users share it.',
    }),
    h('h4', { text: 'Worked scenarios' }),
    scenarioButtons,
    scenarioOut,
    parts.readouts,
    figure,
    h(
      'div',
      { class: 'planner-describe' },
      h('h4', { id: 'inf-describe-h', text: 'This serving split in words' }),
      description,
    ),
    crossingsHeading,
    crossings,
    parts.experts,
    curveHeading,
    parts.curve,
    parts.scope,
    h('h4', { text: 'Find the best serving layout' }),
    finder,
    h('h4', { text: 'How close is this to published serving runs?' }),
    checks,
  );
  initServingScenarios(scenarioButtons, scenarioOut, run, apply, blocked);
  initServingSearch(finder, search, apply);
  initServingFidelity(checks, checked, fidelity, openServing);
  return {
    /**
     * Mirrors the state's mode and serving phase into the switches and the page.
     * @param {PlannerState} st
     */
    write(st) {
      for (const r of radios) if (r.checked !== (r.value === st.mode)) r.checked = r.value === st.mode;
      if (root.dataset.mode !== st.mode) root.dataset.mode = st.mode;
      const shown = st.phase ?? 'decode';
      for (const r of phaseRadios) if (r.checked !== (r.value === shown)) r.checked = r.value === shown;
      if (shown !== phase) {
        phase = shown;
        draw();
      }
    },
    /**
     * Draws a valid inference plan of the model called `modelName`.
     * @param {ServingPlan} plan
     * @param {string} modelName
     */
    render(plan, modelName) {
      parts.readouts.replaceChildren(readouts(plan));
      parts.experts.replaceChildren(...[servingExperts(plan)].filter((n) => n !== null));
      last = plan;
      lastName = modelName;
      draw();
      curveHeading.textContent =
        plan.curve.arrival === 'all_at_once'
          ? 'More requests at once: faster GPUs, slower answers'
          : 'More users: faster GPUs, slower answers';
      drawCurve(parts.curve, plan.curve);
      parts.scope.replaceChildren(
        h(
          'details',
          { class: 'formula scope-list' },
          h('summary', { text: 'What this model leaves out' }),
          h('ul', {}, ...plan.scope.map((t) => h('li', { text: learnerText(t) }))),
        ),
      );
    },
  };
}
