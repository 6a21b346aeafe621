// What the lab's three charts draw, line by line (label, colour, dash), and their legends. The
// legends are plain lists beside the charts; the lab writes them before the charts' code has
// arrived (chart-loader.js), so a chart appearing later changes nothing around it.
import { h, replaceChildren } from '../../dom.js';

// Ring reduce-scatter and ring all-gather alone take the same time (the same p − 1 steps of one
// chunk each), so they are one line with one legend entry. Line colours (--ink-*) reach 3:1
// against the chart background in both themes.
/** @typedef {import('../../answers').Answer<'allreduce'>['curves']['bytes']['compare']} Compare */
/** @type {[keyof Compare, string, string][]} */
export const COMPARE = [
  ['reduce_scatter', 'Ring reduce-scatter or all-gather alone (equal times)', '--dev-3'],
  ['recursive_doubling', 'Recursive doubling', '--dev-5'],
  ['rabenseifner', 'Rabenseifner', '--dev-7'],
  ['binomial_tree', 'Binomial tree', '--ink-6'],
];

/** @param {string} name */
export function cssVar(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/** @typedef {{label: string, stroke: string, width: number, dash?: number[], scale?: string}} Series */

/**
 * The lines of each chart, with the comparison toggle on or off and with or without a fit.
 * @param {boolean} compare
 * @param {boolean} fitted
 * @returns {{bytes: Series[], ranks: Series[], speedup: Series[]}}
 */
export function chartSeries(compare, fitted) {
  const accent = cssVar('--accent');
  const others = compare ? COMPARE.map(([, label, v]) => ({ label, stroke: cssVar(v), width: 1.5, dash: [6, 4] })) : [];
  return {
    bytes: [
      { label: 'Ideal ring', stroke: accent, width: 2.5 },
      { label: 'Latency term', stroke: cssVar('--ink-1'), width: 1.5, dash: [3, 3] },
      { label: 'Bandwidth term', stroke: cssVar('--dev-2'), width: 1.5, dash: [3, 3] },
      ...(fitted ? [{ label: 'Ring with fitted α, B', stroke: cssVar('--dev-5'), width: 2, dash: [8, 3] }] : []),
      ...others,
    ],
    ranks: [
      { label: 'Ideal ring time', stroke: accent, width: 2.5, scale: 'y' },
      { label: 'busbw', stroke: cssVar('--dev-2'), width: 2, scale: 'bw' },
      ...others.map((s) => ({ ...s, scale: 'y' })),
    ],
    speedup: [
      { label: 'Speedup', stroke: accent, width: 2.5 },
      { label: 'Ideal (N×)', stroke: cssVar('--muted'), width: 1.5, dash: [4, 4] },
    ],
  };
}

/**
 * @param {HTMLElement} el
 * @param {[string, string, boolean][]} items label, colour, dashed
 */
function legend(el, items) {
  replaceChildren(
    el,
    ...items.map(([label, colour, dashed]) => {
      const sw = h('span', { class: `lab-swatch${dashed ? ' dashed' : ''}`, 'aria-hidden': 'true' });
      sw.style.borderColor = colour;
      return h('li', {}, sw, label);
    }),
  );
}

/**
 * Writes the three legends for `series` (chartSeries), with the measured points when a log was read.
 * @param {(id: string) => HTMLElement} el
 * @param {{bytes: Series[], ranks: Series[], speedup: Series[]}} series
 * @param {boolean} measured
 */
export function drawLegends(el, series, measured) {
  /** @type {(list: Series[]) => [string, string, boolean][]} */
  const entries = (list) => list.map((s) => [s.label, s.stroke, !!s.dash]);
  legend(el('lab-legend-bytes'), [
    ...entries(series.bytes),
    ...(measured
      ? [/** @type {[string, string, boolean]} */ (['Measured (nccl-tests)', cssVar('--error'), false])]
      : []),
  ]);
  legend(el('lab-legend-ranks'), entries(series.ranks));
  legend(el('lab-legend-speedup'), [
    ...entries(series.speedup),
    ['Current ranks', cssVar('--accent'), false],
    ['Fastest rank count', cssVar('--ok'), false],
  ]);
}
