// The held-out serving runs of the serving validation view: published runs the engine was never
// fitted to, sealed (no change has been judged on them yet: the honest figure) and informed (a
// change was judged on them since), with each source's own error, so one large source cannot
// decide what the reader takes away. The engine computes every figure; this file lays them out.
import { h } from '../../dom.js';
import { formatCount, formatPercent } from '../../format.js';
import { caseHead, errorCell } from './fidelity.js';
import { figure } from './inference-fidelity.js';

/** @typedef {import('../../atlas-engine').ServingHeldOut} HeldOut */
/** @typedef {HeldOut['cases'][number]} HeldCase */
/** @typedef {HeldOut['sources'][number]} HeldSource */
/** @typedef {import('../../atlas-engine').HeldOutSummary} Summary */

/**
 * Which way the engine is off, in words: its median speed error (engine speed ÷ measured − 1).
 * The median, not the mean: a first token ten times the engine's is +900 % of speed, and a few
 * such runs would outweigh every other.
 * @param {Summary} s
 */
export function direction(s) {
  const way = s.median_speed_error > 0 ? 'faster' : 'slower';
  return `engine ${formatPercent(Math.abs(s.median_speed_error))} ${way}`;
}

/**
 * A source's name up to its first colon: who published what (the rest, the runs it holds, is the
 * row's tooltip and the sources list's link).
 * @param {string} name
 */
export function shortSourceName(name) {
  return name.split(':')[0];
}

/**
 * @param {string} name
 * @param {Summary} s
 * @param {string} [full] the whole name, where the row shows a short one
 */
function summaryRow(name, s, full) {
  return h(
    'tr',
    {},
    h('th', { scope: 'row', text: name, title: full }),
    h('td', { class: 'num', dataset: { label: 'Runs' }, text: formatCount(s.cases) }),
    h('td', { class: 'num', dataset: { label: 'Mean |error|' }, text: formatPercent(s.mean_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'Median |error|' }, text: formatPercent(s.median_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'Max |error|' }, text: formatPercent(s.max_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'Median speed' }, text: direction(s) }),
  );
}

/**
 * The summary table: sealed, then informed, each followed by its sources.
 * @param {HeldOut} held
 */
function summary(held) {
  const rows = [];
  for (const [seal, s, title] of /** @type {const} */ ([
    ['sealed', held.sealed, 'Sealed (the honest figure)'],
    ['informed', held.informed, 'Informed (a change was judged on them)'],
    ['calibration', null, 'Calibration (since fitted a constant)'],
    ['set_aside', null, 'Set aside (measured something a request cannot state; counted in neither set)'],
  ])) {
    const members = held.sources.filter((src) => src.seal === seal && src.errors.cases);
    if (!members.length) continue;
    if (s) rows.push(summaryRow(title, s));
    else rows.push(h('tr', {}, h('th', { scope: 'row', colspan: '6', text: title })));
    for (const src of members) {
      rows.push(summaryRow(`· ${shortSourceName(src.name)}`, src.errors, src.name));
      // Why a source was set aside is part of the figure: it stays next to the source's row.
      if (src.set_aside) rows.push(h('tr', {}, h('td', { colspan: '6', class: 'set-aside-why', text: src.set_aside })));
    }
  }
  // In a wrap of its own, so it stacks by the width it has (fidelity.css).
  return h(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Held-out serving runs by set and source' },
    h(
      'table',
      { class: 'fidelity-summary serving-heldout-summary' },
      h('caption', { text: 'Held-out serving runs: error of the engine by set and source' }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Set', 'Runs', 'Mean |error|', 'Median |error|', 'Max |error|', 'Median speed'].map((x) =>
            h('th', { scope: 'col', text: x }),
          ),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
}

/**
 * The engine's figure, and where the run asked for more users than the engine serves at once (the
 * KV cache or the runtime's running limit: the row's `limit`), how many it serves (the rest wait);
 * with none served it has no throughput to give.
 * @param {HeldCase} c
 * @param {number} engine
 */
function engineText(c, engine) {
  if (c.served === undefined || c.limit === undefined || c.limit === 'none') return figure(engine, c.unit);
  if (c.served === 0) return 'none: not one sequence fits beside the weights';
  return `${figure(engine, c.unit)} (${formatCount(c.served)} at once, the rest wait)`;
}

/**
 * One row per held-out run. A run whose assumption was later corrected says so under "What was
 * assumed"; the engine planned the corrected request.
 * @param {HeldOut} held
 * @param {(c: HeldCase & {statement: string}, src: HeldSource | undefined) => void} open
 */
function caseRows(held, open) {
  const sources = new Map(held.sources.map((s) => [s.id, s]));
  return held.cases.flatMap((c) => {
    const { engine, error } = c;
    if (engine === undefined || error === undefined) return [];
    const src = sources.get(c.source);
    // The row names the run in plain words; where the figure sits in the source is a note.
    const where = c.label;
    const noted = {
      ...c,
      assumed: [`Where in the source: ${c.where}`, ...c.assumed],
      gap: c.corrected ? `Corrected since: ${c.corrected.join(' ')}` : undefined,
    };
    const head = caseHead(noted, src, where);
    const button = h('button', { type: 'button', class: 'secondary open-run', text: 'Open in the explorer' });
    button.setAttribute('aria-label', `Open in the explorer: ${where} (${src?.name ?? c.source})`);
    button.addEventListener('click', () => open({ ...c, statement: `${where}.` }, src));
    head.append(button);
    return [
      h(
        'tr',
        { dataset: { case: c.id, seal: c.seal } },
        head,
        h('td', { dataset: { label: 'Set' }, text: c.seal === 'set_aside' ? 'set aside' : c.seal }),
        h('td', { class: 'num', dataset: { label: 'Published' }, text: figure(c.measured, c.unit) }),
        h('td', { class: 'num', dataset: { label: 'Engine' }, text: engineText(c, engine) }),
        errorCell(error),
      ),
    ];
  });
}

/**
 * The held-out part of the serving validation view.
 * @param {HeldOut} held
 * @param {(c: HeldCase & {statement: string}, src: HeldSource | undefined) => void} open
 * @returns {HTMLElement[]}
 */
export function heldOutSection(held, open) {
  return [
    h('h4', { text: 'Held-out serving runs' }),
    h('p', {
      text:
        'Published runs from sources the engine was never fitted to. Sealed runs were recorded, with the engine’s ' +
        'prediction, before any change looked at them: their error is the one to trust. Informed runs have since been ' +
        'used to judge a change, so their error flatters the engine.',
    }),
    summary(held),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Held-out serving runs, one by one' },
      h(
        'table',
        { class: 'fidelity-table serving-heldout' },
        h('caption', { text: 'Held-out serving runs against the engine' }),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['Published run', 'Set', 'Published', 'Engine', 'Error'].map((t) => h('th', { scope: 'col', text: t })),
          ),
        ),
        h('tbody', {}, ...caseRows(held, open)),
      ),
    ),
    h(
      'ul',
      { class: 'fidelity-sources' },
      ...held.sources.map((s) => h('li', {}, h('a', { href: s.url, target: '_blank', rel: 'noopener', text: s.name }))),
    ),
  ];
}
