// How close the serving figures are to published measurements (engine command `fidelity` with
// "mode": "inference"): each case with its source, what was measured, the engine's figure and the
// error, calibration and validation apart, and what each case had to assume. Built when opened.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatCount, formatPercent, formatSeconds } from '../../format.js';
import { errorCell, openableHead } from './fidelity.js';

/** @typedef {import('../../atlas-engine').InferenceFidelityResponse} InferenceFidelityResponse */
/** @typedef {InferenceFidelityResponse['cases'][number]} Case */
/** @typedef {InferenceFidelityResponse['sources'][number]} Source */

/**
 * @param {number} value
 * @param {Case['unit']} unit
 */
export function figure(value, unit) {
  return unit === 's' ? formatSeconds(value) : `${formatCount(value)} tokens/s`;
}

/**
 * @param {Case[]} cases
 * @param {Map<string, Source>} sources
 * @param {(c: Case, src: Source | undefined) => void} open
 */
function rows(cases, sources, open) {
  return cases.map((c) => {
    const src = sources.get(c.source);
    return h(
      'tr',
      { dataset: { case: c.id } },
      openableHead(c, src, c.statement, (k) => open(k, src)),
      h('td', { dataset: { label: 'Role' }, text: c.role === 'calibration' ? 'calibration (fitted)' : 'validation' }),
      h('td', { class: 'num', dataset: { label: 'Published' }, text: figure(c.measured, c.unit) }),
      h('td', { class: 'num', dataset: { label: 'Engine' }, text: figure(c.engine, c.unit) }),
      errorCell(c.error),
    );
  });
}

/**
 * Fills `out` from `load()` (the fidelity answer) the first time `details` opens; `open` shows a
 * case's run in the explorer.
 * @param {HTMLDetailsElement} details
 * @param {HTMLElement} out
 * @param {() => InferenceFidelityResponse | import('../../atlas-engine').EngineErrorResponse} load
 * @param {(c: Case, src: Source | undefined) => void} open
 */
export function initServingFidelity(details, out, load, open) {
  details.addEventListener('toggle', () => {
    if (!details.open || out.childElementCount) return;
    const answer = load();
    if (isError(answer)) {
      out.replaceChildren(
        h('p', {
          class: 'notice notice-error',
          text: answer.error.message,
        }),
      );
      return;
    }
    const f = answer;
    const sources = new Map(f.sources.map((s) => [s.id, s]));
    out.replaceChildren(
      h('p', {
        text: `Validation cases (never used for fitting): mean error ${formatPercent(f.validation.mean_abs_error)}, largest ${formatPercent(f.validation.max_abs_error)} over ${formatCount(f.validation.cases)} cases. One calibration case sets the share of memory bandwidth decoding reaches.`,
      }),
      h(
        'div',
        { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Published serving runs' },
        h(
          'table',
          { class: 'fidelity-table' },
          h('caption', { text: 'Published serving runs against the engine' }),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Published run', 'Role', 'Published', 'Engine', 'Error'].map((t) =>
                h('th', { scope: 'col', text: t }),
              ),
            ),
          ),
          h('tbody', {}, ...rows(f.cases, sources, open)),
        ),
      ),
      h(
        'ul',
        { class: 'fidelity-sources' },
        ...f.sources.map((s) => h('li', {}, h('a', { href: s.url, target: '_blank', rel: 'noopener', text: s.title }))),
      ),
    );
  });
}
