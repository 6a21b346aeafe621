// How close the serving figures are to published measurements (engine command `fidelity` with
// "mode": "inference"): each case with its source, what was measured, the engine's figure and the
// error, calibration and validation apart, and what each case had to assume. Built when opened.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatCount, formatPercent, formatSeconds } from '../../format.js';
import { errorCell, openableHead, plainCitation } from './fidelity.js';
import { direction, heldOutSection } from './serving-heldout.js';

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
    const sealed = f.held_out?.sealed;
    out.replaceChildren(
      ...(sealed?.cases
        ? [
            h('p', {
              class: 'fidelity-headline',
              text: `Sealed held-out runs (the honest figure): mean error ${formatPercent(sealed.mean_abs_error)} over ${formatCount(sealed.cases)} published runs, the ${direction(sealed)} than measured at the median. ${sealed.sources ? `Each source counted once, since one document can hold hundreds of runs: ${formatPercent(sealed.mean_of_sources)} over ${formatCount(sealed.sources)} sources, the worst ${formatPercent(sealed.worst_source_error)} off. ` : ''}They are listed after the runs below.`,
            }),
          ]
        : f.held_out
          ? [
              h('p', {
                class: 'fidelity-headline',
                text: `No sealed serving runs remain: every held-out set below has judged a change to the engine since it was frozen, so its figures flatter the engine. As frozen, with the engine's predictions then: ${f.held_out.readings
                  .map((r) => `${formatPercent(r.mean_abs_error)} on ${formatCount(r.cases)} ${r.runs}`)
                  .join('; ')}.`,
              }),
            ]
          : []),
      h('p', {
        text: `The engine's own validation cases (they have judged changes to the model, so they flatter it): mean error ${formatPercent(f.validation.mean_abs_error)}, largest ${formatPercent(f.validation.max_abs_error)} over ${formatCount(f.validation.cases)} cases. One calibration case sets the share of memory bandwidth decoding reaches.`,
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
        ...f.sources.map((s) =>
          h(
            'li',
            {},
            h('a', { href: s.url, target: '_blank', rel: 'noopener', title: s.title, text: plainCitation(s.title) }),
          ),
        ),
      ),
      // A held-out run opens as a published run does: its request, its figures, where it is from.
      ...(f.held_out
        ? heldOutSection(f.held_out, (c, src) =>
            open(
              /** @type {Case} */ (/** @type {unknown} */ (c)),
              src && { id: src.id, title: src.name, url: src.url },
            ),
          )
        : []),
    );
  });
}
