// Readouts, the stacked time bar and the formula with numbers substituted. Every value shown
// is a field of the engine's response; this file only chooses units and words.
import { h, replaceChildren } from '../dom.js';
import { formatBytes, formatCount, formatPercent, formatRate, formatSeconds } from '../format.js';

function readout(label, value, note, name) {
  return h('div', { class: 'lab-readout', dataset: { readout: name } },
    h('dt', { text: label }),
    h('dd', {}, h('span', { class: 'lab-value', text: value }), note ? h('span', { class: 'lab-note', text: note }) : null));
}

/** Fills the readouts grid from an allreduce response. */
export function drawReadouts(el, r) {
  replaceChildren(el, h('dl', { class: 'lab-readout-grid' },
    readout('Total time', formatSeconds(r.time, 4), r.regime, 'time'),
    readout('Latency term', formatSeconds(r.latency_term, 4), `${formatPercent(r.shares.latency)} of total`, 'latency_term'),
    readout('Bandwidth term', formatSeconds(r.bandwidth_term, 4), `${formatPercent(r.shares.bandwidth)} of total`, 'bandwidth_term'),
    readout('algbw', formatRate(r.algbw, 4), 'payload ÷ time', 'algbw'),
    readout('busbw', formatRate(r.busbw, 4), `algbw × 2(p−1)/p = × ${r.bus_factor.toPrecision(4)}`, 'busbw'),
    readout('Bytes each rank sends', formatBytes(r.bytes_per_rank, 4), `chunks of ${formatBytes(r.chunk_bytes, 4)}`, 'bytes_per_rank'),
    readout('Steps', formatCount(r.steps), 'p−1 reduce-scatter + p−1 all-gather', 'steps'),
    readout('Of the bandwidth bound', formatPercent(r.bound_fraction), `bound ${formatSeconds(r.bandwidth_bound, 4)}`, 'bound_fraction'),
    readout('Terms equal at', formatBytes(r.crossover_bytes, 3), 'payload where latency = bandwidth term', 'crossover_bytes'),
  ));
}

/** The stacked bar of latency and bandwidth terms with its text equivalent. */
export function drawBar(bar, text, r) {
  const lat = h('span', { class: 'lab-bar-latency' });
  const bw = h('span', { class: 'lab-bar-bandwidth' });
  // Widths via the CSSOM (allowed by the page's CSP, unlike style attributes).
  lat.style.width = `${(r.shares.latency * 100).toFixed(3)}%`;
  bw.style.width = `${(r.shares.bandwidth * 100).toFixed(3)}%`;
  replaceChildren(bar, lat, bw);
  text.textContent = `Latency ${formatSeconds(r.latency_term, 3)} (${formatPercent(r.shares.latency)}) + bandwidth `
    + `${formatSeconds(r.bandwidth_term, 3)} (${formatPercent(r.shares.bandwidth)}) = ${formatSeconds(r.time, 4)}.`;
}

/** The symbolic formula and the same formula with the engine's substituted numbers. */
export function drawFormula(symbolic, numbers, r) {
  const f = r.formula;
  symbolic.textContent = `${f.symbolic}, with p = ${formatCount(r.ranks)}`;
  numbers.textContent = `T = ${formatCount(f.steps)} × ${formatSeconds(f.latency, 4)} + ${Number(f.factor.toPrecision(6))} × `
    + `${formatBytes(f.bytes, 4)} ÷ ${formatRate(f.bandwidth, 4)} = ${formatSeconds(f.latency_term, 4)} + `
    + `${formatSeconds(f.bandwidth_term, 4)} = ${formatSeconds(f.time, 4)}`;
}

/** Strong-scaling readouts at the current rank count, twice it, and the best count. */
export function drawScaling(el, text, s) {
  replaceChildren(el, h('dl', { class: 'lab-readout-grid' },
    readout('Step time', formatSeconds(s.step_time, 4), `compute ${formatSeconds(s.compute, 3)} + exposed ${formatSeconds(s.exposed, 3)}`, 'step_time'),
    readout('Speedup', `${s.speedup.toPrecision(4)}×`, `ideal ${formatCount(s.ideal_speedup)}×`, 'speedup'),
    readout('Efficiency', formatPercent(s.efficiency), 'speedup ÷ N', 'efficiency'),
    s.doubled ? readout(`At ${formatCount(s.doubled.ranks)} ranks`, formatSeconds(s.doubled.step_time, 4),
      `${formatPercent(s.doubled.time_ratio)} of the time, not 50 %`, 'doubled') : null,
    readout('Fastest rank count', formatCount(s.best.ranks), `${s.best.speedup.toPrecision(4)}× (searched to ${formatCount(s.best.searched_to)})`, 'best'),
  ));
  const d = s.doubled;
  text.textContent = d
    ? `Doubling from ${formatCount(s.ranks)} to ${formatCount(d.ranks)} ranks cuts compute from ${formatSeconds(s.compute, 3)} to `
      + `${formatSeconds(d.compute, 3)}, but the all-reduce grows from ${formatSeconds(s.allreduce, 3)} to ${formatSeconds(d.allreduce, 3)}: `
      + `the step takes ${formatPercent(d.time_ratio)} of the time, not half.`
    : '';
}
