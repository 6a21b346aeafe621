// Readouts, the stacked time bar and the formula with numbers substituted. Every value shown
// is a field of the engine's response; this file only chooses units and words.
// The tiles are built once per container and then only their text changes (and only when it
// differs), so a slider move re-lays out a few text runs instead of two rebuilt grids.
import { h } from '../../dom.js';
import { formatBytes, formatPercent, formatRate, formatSeconds } from '../../format.js';
import { formatCount } from '../../format.js';
import { LIMITS } from './state.js';

/** @typedef {import('../../answers').Answer<'allreduce'>} Allreduce */
/** A tile: label, value and an optional note; null hides the tile. */
/** @typedef {[string, string, string?] | null} Tile */

/**
 * Sets an element's text only when it differs (an equal write still invalidates layout), and
 * by changing the data of its one text node when it has one: assigning textContent would
 * remove that node and insert a new one, which costs a style recalc and a new layout object.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === Node.TEXT_NODE && text !== '') {
    if (/** @type {Text} */ (node).data !== text) /** @type {Text} */ (node).data = text;
  } else if (el.textContent !== text) el.textContent = text;
}

/** @type {WeakMap<HTMLElement, Map<string, {tile: HTMLElement, dt: HTMLElement, value: HTMLElement, note: HTMLElement}>>} */
const grids = new WeakMap();

/**
 * Writes the tiles [label, value, note, name] into `el`'s grid; a null item hides its tile.
 * The grid keeps the order of `names`, fixed per container.
 * @param {HTMLElement} el
 * @param {string[]} names
 * @param {Record<string, Tile>} items
 */
function fillGrid(el, names, items) {
  let tiles = grids.get(el);
  if (!tiles) {
    tiles = new Map();
    const grid = h('dl', { class: 'lab-readout-grid' });
    for (const name of names) {
      const dt = h('dt');
      const value = h('span', { class: 'lab-value' });
      const note = h('span', { class: 'lab-note' });
      const tile = h('div', { class: 'lab-readout', dataset: { readout: name } }, dt, h('dd', {}, value, note));
      tiles.set(name, { tile, dt, value, note });
      grid.append(tile);
    }
    el.replaceChildren(grid);
    grids.set(el, tiles);
  }
  for (const name of names) {
    const t = /** @type {{tile: HTMLElement, dt: HTMLElement, value: HTMLElement, note: HTMLElement}} */ (
      tiles.get(name)
    ); // a tile per name, made with the grid
    const item = items[name];
    if (t.tile.hidden !== !item) t.tile.hidden = !item;
    if (!item) continue;
    const [label, value, note] = item;
    setText(t.dt, label);
    setText(t.value, value);
    setText(t.note, note ?? '');
    if (t.note.hidden !== !note) t.note.hidden = !note;
  }
}

const POINT = [
  'time',
  'latency_term',
  'bandwidth_term',
  'algbw',
  'busbw',
  'bytes_per_rank',
  'steps',
  'bound_fraction',
  'crossover_bytes',
];

/**
 * Fills the readouts grid from an allreduce response.
 * @param {HTMLElement} el
 * @param {Allreduce} r
 */
export function drawReadouts(el, r) {
  fillGrid(el, POINT, {
    time: ['Total time', formatSeconds(r.time, 4), r.regime],
    latency_term: ['Latency term', formatSeconds(r.latency_term, 4), `${formatPercent(r.shares.latency)} of total`],
    bandwidth_term: [
      'Bandwidth term',
      formatSeconds(r.bandwidth_term, 4),
      `${formatPercent(r.shares.bandwidth)} of total`,
    ],
    algbw: ['algbw', formatRate(r.algbw, 4), 'payload ÷ time'],
    busbw: ['busbw', formatRate(r.busbw, 4), `algbw × 2(p−1)/p = × ${r.bus_factor.toPrecision(4)}`],
    bytes_per_rank: [
      'Bytes each rank sends',
      formatBytes(r.bytes_per_rank, 4),
      `chunks of ${formatBytes(r.chunk_bytes, 4)}`,
    ],
    steps: ['Steps', formatCount(r.steps), 'p−1 reduce-scatter + p−1 all-gather'],
    bound_fraction: [
      'Of the bandwidth bound',
      formatPercent(r.bound_fraction),
      `bound ${formatSeconds(r.bandwidth_bound, 4)}`,
    ],
    crossover_bytes: ['Terms equal at', formatBytes(r.crossover_bytes, 3), 'payload where latency = bandwidth term'],
  });
}

/** @type {WeakMap<HTMLElement, {lat: HTMLElement, bw: HTMLElement}>} */
const bars = new WeakMap();

/**
 * The stacked bar of latency and bandwidth terms with its text equivalent.
 * @param {HTMLElement} bar
 * @param {HTMLElement} text
 * @param {Allreduce} r
 */
export function drawBar(bar, text, r) {
  let b = bars.get(bar);
  if (!b) {
    b = { lat: h('span', { class: 'lab-bar-latency' }), bw: h('span', { class: 'lab-bar-bandwidth' }) };
    bar.replaceChildren(b.lat, b.bw);
    bars.set(bar, b);
  }
  // Widths via the CSSOM (allowed by the page's CSP, unlike style attributes).
  const lat = `${(r.shares.latency * 100).toFixed(3)}%`;
  const bw = `${(r.shares.bandwidth * 100).toFixed(3)}%`;
  if (b.lat.style.width !== lat) b.lat.style.width = lat;
  if (b.bw.style.width !== bw) b.bw.style.width = bw;
  setText(
    text,
    `Latency ${formatSeconds(r.latency_term, 3)} (${formatPercent(r.shares.latency)}) + bandwidth ` +
      `${formatSeconds(r.bandwidth_term, 3)} (${formatPercent(r.shares.bandwidth)}) = ${formatSeconds(r.time, 4)}.`,
  );
}

/**
 * The symbolic formula and the same formula with the engine's substituted numbers.
 * @param {HTMLElement} symbolic
 * @param {HTMLElement} numbers
 * @param {Allreduce} r
 */
export function drawFormula(symbolic, numbers, r) {
  const f = r.formula;
  setText(symbolic, `${f.symbolic}, with p = ${formatCount(r.ranks)}`);
  setText(
    numbers,
    `T = ${formatCount(f.steps)} × ${formatSeconds(f.latency, 4)} + ${Number(f.factor.toPrecision(6))} × ` +
      `${formatBytes(f.bytes, 4)} ÷ ${formatRate(f.bandwidth, 4)} = ${formatSeconds(f.latency_term, 4)} + ` +
      `${formatSeconds(f.bandwidth_term, 4)} = ${formatSeconds(f.time, 4)}`,
  );
}

const SCALING = ['step_time', 'speedup', 'efficiency', 'doubled', 'best'];

/**
 * Strong-scaling readouts at the current rank count, twice it, and the best count.
 * @param {HTMLElement} el
 * @param {HTMLElement} text
 * @param {Allreduce['scaling']} s
 */
export function drawScaling(el, text, s) {
  // The engine doubles up to its own limit; the lab's ranks stop at LIMITS.ranks.max.
  const d = s.doubled && s.doubled.ranks <= LIMITS.ranks.max ? s.doubled : null;
  fillGrid(el, SCALING, {
    step_time: [
      'Step time',
      formatSeconds(s.step_time, 4),
      `compute ${formatSeconds(s.compute, 3)} + exposed ${formatSeconds(s.exposed, 3)}`,
    ],
    speedup: ['Speedup', `${s.speedup.toPrecision(4)}×`, `ideal ${formatCount(s.ideal_speedup)}×`],
    efficiency: ['Efficiency', formatPercent(s.efficiency), 'speedup ÷ N'],
    doubled: d
      ? [
          `At ${formatCount(d.ranks)} ranks`,
          formatSeconds(d.step_time, 4),
          `${formatPercent(d.time_ratio)} of the time, not 50 %`,
        ]
      : null,
    best: [
      'Fastest rank count',
      formatCount(s.best.ranks),
      `${s.best.speedup.toPrecision(4)}× (searched to ${formatCount(s.best.searched_to)})`,
    ],
  });
  setText(
    text,
    d
      ? `Doubling from ${formatCount(s.ranks)} to ${formatCount(d.ranks)} ranks cuts compute from ${formatSeconds(s.compute, 3)} to ` +
          `${formatSeconds(d.compute, 3)}, but the all-reduce grows from ${formatSeconds(s.allreduce, 3)} to ${formatSeconds(d.allreduce, 3)}: ` +
          `the step takes ${formatPercent(d.time_ratio)} of the time, not half.`
      : '',
  );
}
