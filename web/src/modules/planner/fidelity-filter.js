// Filters and pages for the validation view's table of runs: close to two hundred runs read at
// once made the view tens of thousands of pixels long. The reader narrows them by set, source,
// GPU and model and pages through what is left; the rows are the engine's, only shown or hidden.
import { h } from '../../dom.js';
import { formatCount } from '../../format.js';

const PAGE = 25;

/** @typedef {'seal' | 'source' | 'hardware' | 'model' | 'quantity'} FilterKey */

/** @type {[FilterKey, string][]} */
export const RUN_FILTERS = [
  ['seal', 'Set'],
  ['source', 'Source'],
  ['hardware', 'GPU'],
  ['model', 'Model'],
];

/** @type {Record<string, string>} */
const SETS = {
  sealed: 'sealed (never used to judge a change)',
  informed: 'informed (judged changes before)',
  calibration: 'calibration',
};

/**
 * Wraps the validation table `wrap` (its rows carry a data- attribute per filter key) with one
 * select per key and page buttons. `id` prefixes the selects' ids; `noun` names the rows.
 * @param {HTMLElement} wrap
 * @param {(id: string) => string} sourceName  a source id in words
 * @param {{id?: string, filters?: [FilterKey, string][], noun?: string, words?: Record<string, string>}} [options]
 * @returns {HTMLElement}
 */
export function filterableRuns(wrap, sourceName, options = {}) {
  const { id = 'planner-fidelity', filters: FILTERS = RUN_FILTERS, noun = 'Runs', words = {} } = options;
  const rows = /** @type {HTMLTableRowElement[]} */ ([...wrap.querySelectorAll('tbody tr')]);
  /** @type {Partial<Record<FilterKey, string>>} */
  const chosen = {};
  let page = 0;
  /** @param {FilterKey} key @param {string} value */
  const label = (key, value) =>
    key === 'seal' ? (SETS[value] ?? value) : key === 'source' ? sourceName(value) : (words[value] ?? value);
  const valuesOf = (/** @type {FilterKey} */ key) =>
    [...new Set(rows.map((r) => r.dataset[key] ?? ''))].filter(Boolean).sort();
  // A filter with one value would choose nothing.
  const selects = FILTERS.filter(([key]) => valuesOf(key).length > 1).map(([key, name]) => {
    const values = valuesOf(key);
    const select = h(
      'select',
      { id: `${id}-filter-${key}` },
      h('option', { value: '', text: 'all' }),
      ...values.map((v) => h('option', { value: v, text: label(key, v) })),
    );
    select.addEventListener('change', () => {
      chosen[key] = select.value;
      page = 0;
      show();
    });
    return h('div', { class: 'field' }, h('label', { for: select.id, text: name }), select);
  });
  const status = h('p', { class: 'fidelity-page-status', 'aria-live': 'polite' });
  const previous = h('button', { type: 'button', class: 'secondary', text: `Previous ${PAGE}` });
  const next = h('button', { type: 'button', class: 'secondary', text: `Next ${PAGE}` });
  previous.addEventListener('click', () => {
    page -= 1;
    show();
  });
  next.addEventListener('click', () => {
    page += 1;
    show();
  });

  function show() {
    const matching = rows.filter((r) => FILTERS.every(([key]) => !chosen[key] || r.dataset[key] === chosen[key]));
    const pages = Math.max(1, Math.ceil(matching.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    const shown = new Set(matching.slice(page * PAGE, (page + 1) * PAGE));
    for (const r of rows) r.hidden = !shown.has(r);
    status.textContent =
      matching.length === 0
        ? `No ${noun.toLowerCase().replace(/s$/, '')} matches these filters.`
        : `${noun} ${formatCount(page * PAGE + 1)}–${formatCount(page * PAGE + shown.size)} of ${formatCount(matching.length)}${matching.length < rows.length ? ` matching (${formatCount(rows.length)} in all)` : ''}.`;
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }
  show();
  return h(
    'div',
    { class: 'fidelity-runs' },
    h(
      'div',
      { class: 'fidelity-filters', role: 'group', 'aria-label': `Filter the validation ${noun.toLowerCase()}` },
      ...selects,
    ),
    status,
    wrap,
    h('div', { class: 'fidelity-pages' }, previous, next),
  );
}
