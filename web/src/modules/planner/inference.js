// The split explorer's inference mode: the same model, hardware and split, served instead of
// trained. A Training | Inference switch in the form; in inference mode the readouts (weights,
// KV cache, how many users fit, time to first token, time per output token, tokens/s per GPU and
// per user), what one device holds, the latency–throughput chart and the tensors that cross
// devices in one prefill and one decode step. Every number is the engine's, with its formula.
import { h } from '../../dom.js';
import { formatBytes, formatBytesDecimal, formatCount, formatPercent, formatSeconds, learnerText } from '../../format.js';
import { drawCurve } from './inference-chart.js';
import { legendList, stackedBar } from './readouts.js';
import { patch, vh } from './svg.js';
import { initServingFidelity } from './inference-fidelity.js';
import { initServingScenarios } from './inference-scenarios.js';
import { initServingSearch } from './inference-search.js';
import { hardwareRequest, modelRequest } from './state.js';

/** The `plan` request of a state in inference mode (the serving fields, no batch terms). */
export function inferenceRequest(st) {
  const parallel = { tp: st.tp, pp: st.pp, cp: st.cp, ep: st.ep };
  if (!st.dp_auto) parallel.dp = st.dp;
  return { mode: 'inference', model: modelRequest(st), hardware: hardwareRequest(st), parallel,
    serving: { prompt: st.prompt, output: st.output, concurrency: st.concurrency, weights: st.weights, kv: st.kv } };
}

function readout(label, value, formula, note) {
  return h('div', { class: 'inf-readout' },
    h('dt', { text: label }),
    h('dd', {}, h('strong', { text: value }), note ? h('span', { class: 'inf-note', text: ` ${note}` }) : null,
      formula ? h('details', { class: 'formula' }, h('summary', { text: 'How it is computed' }), h('p', { text: learnerText(formula) })) : null));
}

function readouts(plan) {
  const m = plan.memory, t = plan.time, r = plan.throughput;
  const users = plan.serving.concurrency;
  return h('div', { class: 'inf-readouts' },
    h('section', { 'aria-labelledby': 'inf-mem-h' }, h('h4', { id: 'inf-mem-h', text: 'Memory per GPU' }), h('dl', {},
      readout('Weights', formatBytes(m.weights), m.formulas.weights, `in ${plan.serving.weights}`),
      readout('KV cache per token', formatBytesDecimal(m.kv_cache_per_token), m.formulas.kv_cache_per_token, 'whole model'),
      readout('KV cache', formatBytes(m.kv_cache), m.formulas.kv_cache, `for ${formatCount(users)} users`),
      readout('Prefill working set', formatBytes(m.activations), m.formulas.activations),
      readout('Kept free for the runtime', formatBytes(m.reserve), m.formulas.reserve),
      readout('Total', `${formatBytes(m.total)} of ${formatBytes(m.capacity)}`, null, m.fits ? '— fits' : '— does not fit'),
      readout('Most users that fit', formatCount(m.max_concurrency), m.formulas.max_concurrency))),
    h('section', { 'aria-labelledby': 'inf-time-h' }, h('h4', { id: 'inf-time-h', text: 'Latency' }), h('dl', {},
      readout('Time to first token', formatSeconds(t.first_token), t.formulas.first_token, 'one prompt, no queue'),
      readout('Time per output token', formatSeconds(t.per_output_token), t.formulas.per_output_token),
      readout('One decode step', formatSeconds(t.decode_step), t.formulas.decode_step,
        `bound by ${t.decode.bound === 'compute' ? 'arithmetic' : 'memory bandwidth'}; memory floor ${formatSeconds(t.hbm_bound)}`),
      readout('Whole request', formatSeconds(t.request), t.formulas.request))),
    h('section', { 'aria-labelledby': 'inf-rate-h' }, h('h4', { id: 'inf-rate-h', text: 'Throughput' }), h('dl', {},
      readout('Tokens/s per GPU', formatCount(r.tokens_per_second_per_gpu), r.formulas.tokens_per_second_per_gpu),
      readout('Tokens/s per user', formatCount(r.tokens_per_second_per_user), r.formulas.tokens_per_second_per_user),
      readout('Tokens/s, all GPUs', formatCount(r.tokens_per_second), null, r.prefill_limited ? 'limited by the prefill GPUs' : null))));
}

// What one GPU holds, as a bar of its memory: weights, KV cache, prefill working set, reserve, free.
function deviceBar(plan) {
  const m = plan.memory;
  const parts = [['inf-weights', 'weights', m.weights], ['inf-kv', 'KV cache', m.kv_cache], ['inf-act', 'prefill working set', m.activations],
    ['inf-reserve', 'runtime reserve', m.reserve]].map(([key, label, value]) => ({ key, label, value, text: formatBytes(value) }));
  // The training memory panel's bar and legend are element descriptions: patch writes them.
  const figure = h('figure', { class: 'inf-device' });
  patch(figure, [vh('figcaption', { text: `What one GPU of the busiest stage holds: ${formatBytes(m.total)} of ${formatBytes(m.capacity)} (the line marks the capacity)` }),
    stackedBar(parts, m.total, m.capacity, `One GPU's memory: ${parts.map((p) => `${p.label} ${p.text}`).join(', ')}, of ${formatBytes(m.capacity)}.`),
    legendList(parts)]);
  return figure;
}

function transfers(plan) {
  const cols = ['step', 'what crosses', 'collective', 'group', 'bytes per call', 'calls', 'time', 'share that is latency'];
  const rows = [];
  for (const phase of ['prefill', 'decode'])
    for (const t of plan.communication[phase])
      rows.push(h('tr', {},
        h('th', { scope: 'row', text: phase === 'prefill' ? 'prefill (one prompt)' : 'decode (one token each)' }),
        h('td', { text: t.name }), h('td', { text: t.collective }), h('td', { text: `${t.group} × ${t.group_size}` }),
        h('td', { class: 'num', text: formatBytesDecimal(t.bytes_per_call) }), h('td', { class: 'num', text: formatCount(t.calls) }),
        h('td', { class: 'num', text: formatSeconds(t.time) }), h('td', { class: 'num', text: formatPercent(t.latency_share, 0) })));
  if (!rows.length) return h('p', { text: 'Nothing crosses a device boundary: the whole model is on each GPU.' });
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Tensors that cross devices while serving' },
    h('table', { class: 'crossings-table' }, h('thead', {}, h('tr', {}, ...cols.map((c) => h('th', { scope: 'col', text: c })))), h('tbody', {}, ...rows)));
}

/**
 * Sets up the mode switch and the inference section. `onMode(mode)` applies a mode change;
 * `run(patch)` plans a patch without applying it; `apply(patch)` applies it (scenarios);
 * `search(extra)` runs the serving search for the current state; `fidelity()` returns the
 * engine's published serving cases.
 * @param {HTMLElement} root
 */
export function initInference(root, { onMode, run, apply, search, fidelity }) {
  const radios = /** @type {HTMLInputElement[]} */ ([...root.querySelectorAll('input[name="pl-mode"]')]);
  for (const r of radios) r.addEventListener('change', () => { if (r.checked) onMode(r.value); });
  const section = /** @type {HTMLElement} */ (root.querySelector('#planner-inference'));
  const scenarioButtons = h('div', { class: 'scenario-buttons' });
  const scenarioOut = h('div', { class: 'scenario-out', 'aria-live': 'polite' });
  const parts = { readouts: h('div'), device: h('div'), curve: h('div'), transfers: h('div'), scope: h('div') };
  const finder = h('div');
  const checked = h('div');
  const checks = h('details', {}, h('summary', { text: 'Show the published runs and the engine\u2019s errors' }), checked);
  section.replaceChildren(
    h('h3', { id: 'planner-inference-h', text: 'Serving this model' }),
    h('p', { text: 'The same split, serving requests instead of training: each GPU holds its share of the weights and the key/value cache of the users it serves. A prompt is read all at once (prefill); then every user gets one token per decode step, and a step must read all the weights from memory however few users share it.' }),
    h('h4', { text: 'Worked scenarios' }), scenarioButtons, scenarioOut,
    parts.readouts, parts.device,
    h('h4', { text: 'More users: faster GPUs, slower answers' }), parts.curve,
    h('h4', { text: 'Tensors that cross devices for one prompt and one token' }), parts.transfers, parts.scope,
    h('h4', { text: 'Find the best serving layout' }), finder,
    h('h4', { text: 'How close is this to published serving runs?' }), checks);
  initServingScenarios(scenarioButtons, scenarioOut, run, apply);
  initServingSearch(finder, search, apply);
  initServingFidelity(checks, checked, fidelity);
  return {
    /** Mirrors the state's mode into the switch and the page. */
    write(st) {
      for (const r of radios) if (r.checked !== (r.value === st.mode)) r.checked = r.value === st.mode;
      if (root.dataset.mode !== st.mode) root.dataset.mode = st.mode;
    },
    /** Draws a valid inference plan. */
    render(plan) {
      parts.readouts.replaceChildren(readouts(plan));
      parts.device.replaceChildren(deviceBar(plan));
      drawCurve(parts.curve, plan.curve);
      parts.transfers.replaceChildren(transfers(plan));
      parts.scope.replaceChildren(h('details', { class: 'formula scope-list' }, h('summary', { text: 'What this model leaves out' }),
        h('ul', {}, ...plan.scope.map((t) => h('li', { text: learnerText(t) })))));
    },
  };
}
