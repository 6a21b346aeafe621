// What one `collective` or `dp-network` answer shows as text: tiles, formulas, the algorithm
// table, what is not modelled and the assumptions. Every value is a field of the engine's answer;
// this file only chooses units and words.
import { h, replaceChildren } from '../../dom.js';
import { formatBytes, formatCount, formatPercent, formatRate, formatSeconds } from '../../format.js';
import { formulaText } from '../planner/formula.js';

/** @typedef {import('../../answers').Answer<'collective'>} Collective */
/** @typedef {import('../../answers').Answer<'dp-network'>} DpNetwork */
/** @typedef {[string, string, string?]} Tile label, value, note */

/** Names people read for the engine's algorithm names. */
export const ALGORITHM_LABELS = /** @type {Record<string, string>} */ ({
  ring: 'Ring',
  tree: 'Tree',
  hierarchical: 'Hierarchical',
  'point-to-point': 'Point-to-point',
  auto: 'NCCL’s choice',
});

/** Gigabits per second, as NICs are sold (the engine's B/s × 8). */
export function formatGbps(/** @type {number} */ bytesPerSecond) {
  const gbps = Number(((bytesPerSecond * 8) / 1e9).toPrecision(3));
  return `${gbps >= 1000 ? formatCount(gbps) : gbps} Gb/s`;
}

/**
 * Sets the text of an element only when it differs.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Writes tiles into a container: a definition list, rebuilt only when the labels change.
 * @param {HTMLElement} el
 * @param {Tile[]} tiles
 */
export function drawTiles(el, tiles) {
  const key = tiles.map((t) => t[0]).join('|');
  if (el.dataset.tiles !== key) {
    el.dataset.tiles = key;
    replaceChildren(
      el,
      h(
        'dl',
        { class: 'net-readout-grid' },
        ...tiles.map(([label]) =>
          h(
            'div',
            { class: 'net-readout' },
            h('dt', { text: label }),
            h('dd', {}, h('span', { class: 'net-value' }), h('span', { class: 'net-note' })),
          ),
        ),
      ),
    );
  }
  const boxes = el.querySelectorAll('.net-readout');
  tiles.forEach(([, value, note], i) => {
    setText(/** @type {Element} */ (boxes[i].querySelector('.net-value')), value);
    setText(/** @type {Element} */ (boxes[i].querySelector('.net-note')), note ?? '');
  });
}

/**
 * The call's tiles.
 * @param {HTMLElement} el
 * @param {Collective} r
 */
export function drawCallReadouts(el, r) {
  const asked = r.requested === 'auto' ? 'NCCL’s choice' : 'as asked';
  const nccl = r.nccl_choice === r.algorithm ? 'NCCL picks it too' : `NCCL would pick ${label(r.nccl_choice)}`;
  const p = r.placement;
  drawTiles(el, [
    ['Time', formatSeconds(r.time, 4), `${label(r.algorithm)}, ${r.protocol} protocol (${asked})`],
    ['NCCL’s pick', label(r.nccl_choice), r.requested === 'auto' ? 'the fastest it has here' : nccl],
    ['Bus bandwidth', formatRate(r.busbw), `bytes × ${r.bus_factor.toPrecision(4)} ÷ time, as nccl-tests`],
    ['Algorithm bandwidth', formatRate(r.algbw), 'bytes ÷ time'],
    ['Latency share', formatPercent(r.latency_share), `${formatSeconds(r.latency, 3)} that no bandwidth removes`],
    [
      'Placement',
      `${countOf(p.domains, 'domain')} × ${formatCount(p.ranks_per_domain)}`,
      `${formatCount(p.hosts_per_domain)} host${p.hosts_per_domain === 1 ? '' : 's'} per domain; ${formatCount(p.nics_used_per_domain)} NICs carry the group in each`,
    ],
    [
      'Fabric',
      formatPercent(r.fabric.factor),
      `of a NIC left; ${formatPercent(r.fabric.crossing)} of the traffic goes above the leaf`,
    ],
  ]);
}

/**
 * @param {number} n
 * @param {string} noun
 */
function countOf(n, noun) {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** @param {string} name */
export function label(name) {
  return ALGORITHM_LABELS[name] ?? name;
}

/**
 * Formula lines (engine formulas, numbers put in with the page's formatters).
 * @param {HTMLElement} el
 * @param {import('../planner/formula.js').Formula[]} formulas
 */
export function drawFormulas(el, formulas) {
  const lines = formulas.map((f) => formulaText(f));
  if (el.dataset.text === lines.join('\n')) return;
  el.dataset.text = lines.join('\n');
  replaceChildren(el, ...lines.map((text) => h('li', { text })));
}

/**
 * The algorithm table.
 * @param {HTMLTableSectionElement} body
 * @param {Collective} r
 */
export function drawAlgorithms(body, r) {
  replaceChildren(
    body,
    ...r.algorithms.map((a) => {
      const name = `${label(a.name)}${a.name === r.nccl_choice ? ' (NCCL’s pick)' : ''}`;
      if (!a.available)
        return h('tr', {}, h('th', { scope: 'row', text: name }), h('td', { colspan: '3', text: a.why ?? '' }));
      return h(
        'tr',
        { class: a.name === r.algorithm ? 'net-shown' : '' },
        h('th', { scope: 'row' }, name, h('span', { class: 'net-protocol', text: `${a.protocol} protocol` })),
        h('td', { text: formatSeconds(/** @type {number} */ (a.time), 4) }),
        h('td', { text: formatRate(/** @type {number} */ (a.busbw)) }),
        h('td', { text: formatPercent(/** @type {number} */ (a.fabric_factor)) }),
      );
    }),
  );
}

/**
 * A list of strings, written once (what is not modelled, the assumptions).
 * @param {HTMLElement} el
 * @param {string[]} items
 */
export function drawList(el, items) {
  const key = items.join('\n');
  if (el.dataset.text === key) return;
  el.dataset.text = key;
  replaceChildren(el, ...items.map((text) => h('li', { text })));
}

/**
 * The text equivalent of the time chart: each algorithm at the ends of the sweep, where NCCL
 * switches, and the current size.
 * @param {Collective} r
 */
export function timeChartText(r) {
  const c = r.curve;
  const last = c.bytes.length - 1;
  const lines = Object.entries(/** @type {Record<string, number[]>} */ (c.time)).map(
    ([name, t]) =>
      `${label(name)}: ${formatSeconds(t[0], 3)} at ${formatBytes(c.bytes[0])}, ${formatSeconds(t[last], 3)} at ${formatBytes(c.bytes[last])}.`,
  );
  /** @type {string[]} */
  const switches = [];
  for (let i = 1; i <= last; i += 1)
    if (c.nccl_choice[i] !== c.nccl_choice[i - 1])
      switches.push(
        `from ${label(c.nccl_choice[i - 1])} to ${label(c.nccl_choice[i])} near ${formatBytes(c.bytes[i])}`,
      );
  const pick = switches.length
    ? `NCCL switches ${switches.join(', then ')}.`
    : `NCCL picks ${label(c.nccl_choice[0])} at every size.`;
  return `${lines.join(' ')} ${pick} At ${formatBytes(r.bytes, 3)} the call takes ${formatSeconds(r.time, 4)}.`;
}

/**
 * The text equivalent of the bus-bandwidth chart.
 * @param {Collective} r
 */
export function busbwChartText(r) {
  const c = r.curve;
  const last = c.bytes.length - 1;
  return (
    `Bus bandwidth grows from ${formatRate(c.busbw[0])} at ${formatBytes(c.bytes[0])} to ` +
    `${formatRate(c.busbw[last])} at ${formatBytes(c.bytes[last])}; at ${formatBytes(r.bytes, 3)} it is ${formatRate(r.busbw)}.`
  );
}
