// The pieces every readout panel is built from: a stacked bar against a capacity, its legend, and
// a figure's formula and scope opened on demand (the engine's formula, its numbers formatted here).
import { s, vh as h } from './vnode.js';
import { formulaText } from './formula.js';

/** @typedef {import('./vnode.js').VNode} VNode */
/** One segment of a stacked bar and its legend entry. */
/** @typedef {{key: string, label: string, value: number | undefined, text: string}} Part */

/** @param {unknown} x */
export function num(x) {
  return typeof x === 'number' && Number.isFinite(x) ? x : 0;
}

/**
 * A horizontal stacked bar; `limit` draws a capacity line. Returns an SVG.
 * @param {Part[]} parts
 * @param {number} total
 * @param {number | null} limit
 * @param {string} label
 */
export function stackedBar(parts, total, limit, label) {
  const W = 400;
  const scale = Math.max(total, limit ?? 0) || 1;
  const svg = s('svg', { class: 'stack-svg', viewBox: `0 0 ${W} 34`, role: 'img', 'aria-label': label });
  let x = 0;
  for (const p of parts) {
    const w = (num(p.value) / scale) * W;
    if (w <= 0) continue;
    svg.append(
      s(
        'rect',
        { x, y: 4, width: w, height: 22, class: `seg seg-${p.key}` },
        s('title', { text: `${p.label}: ${p.text}` }),
      ),
    );
    x += w;
  }
  if (limit) {
    const lx = Math.min((limit / scale) * W, W - 1);
    svg.append(s('line', { x1: lx, x2: lx, y1: 0, y2: 30, class: 'limit-line' }));
  }
  return svg;
}

/** @param {Part[]} parts */
export function legendList(parts) {
  return h(
    'ul',
    { class: 'stack-legend' },
    ...parts.map((p) =>
      h(
        'li',
        {},
        h('span', { class: `swatch seg-${p.key}` }),
        h('span', { class: 'stack-name', text: p.label }),
        h('span', { class: 'stack-value', text: p.text }),
      ),
    ),
  );
}

/**
 * @param {string} summary
 * @param {import('./formula.js').Formula | string | undefined} formula the engine's, or the page's own text
 * @param {string} scope
 */
export function explain(summary, formula, scope) {
  return h(
    'details',
    { class: 'formula' },
    h('summary', { text: summary }),
    formula ? h('p', {}, h('strong', { text: 'Formula. ' }), formulaText(formula)) : null,
    scope ? h('p', {}, h('strong', { text: 'Scope. ' }), scope) : null,
  );
}

/**
 * A panel's "Formulas and scope": each named formula the engine gave, then what is not modelled.
 * @param {[string, string][]} names the formulas' keys and labels, in order
 * @param {Record<string, any>} formulas the engine's formulas by key
 * @param {string} scope
 */
export function formulaList(names, formulas, scope) {
  return h(
    'details',
    { class: 'formula' },
    h('summary', { text: 'Formulas and scope' }),
    h(
      'ul',
      {},
      ...names
        .filter(([k]) => formulas[k])
        .map(([k, label]) => h('li', {}, h('strong', { text: `${label}: ` }), formulaText(formulas[k]))),
    ),
    h('p', { text: scope }),
  );
}
