// "Find the best serving layout": the engine's `search` in inference mode for the current model,
// hardware and workload — every tp × pp × replicas (× ep) layout of the GPUs, ranked by time per
// output token, or by tokens/s per GPU among those within a time-per-token limit. Applying one
// sets the split.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatCount, formatSeconds } from '../../format.js';
import { searchFailed } from './search.js';

/** @typedef {import('./search.js').SearchAnswer} SearchAnswer */
/** @typedef {import('./search.js').SearchResult} SearchResult */

/** @param {SearchResult['parallel']} p */
function layoutText(p) {
  const parts = [`${p.dp} ${p.dp === 1 ? 'copy' : 'copies'}`, `tp ${p.tp}`, `pp ${p.pp}`];
  if (p.ep > 1) parts.push(`ep ${p.ep}`);
  return parts.join(' · ');
}

/**
 * Builds the search form and its output into `container`. `search(extra)` runs the engine's
 * search with `extra` ({objective, latency_limit}); `apply(patch)` applies a layout.
 * @param {HTMLElement} container
 * @param {(extra: {objective: string, top: number, latency_limit?: number}) =>
 *   SearchAnswer | import('../../atlas-engine').EngineErrorResponse} search
 * @param {(patch: import('./scenarios.js').Patch) => void} apply
 */
export function initServingSearch(container, search, apply) {
  const objective = h(
    'select',
    { id: 'inf-objective' },
    h('option', { value: 'latency', text: 'fastest tokens for each user' }),
    h('option', { value: 'throughput', text: 'most tokens/s per GPU within a limit' }),
  );
  const limit = h('input', {
    id: 'inf-limit',
    type: 'number',
    min: '0',
    step: 'any',
    inputmode: 'decimal',
    value: '50',
  });
  const limitField = h(
    'div',
    { class: 'field' },
    h('label', { for: 'inf-limit', text: 'Time per token at most (ms)' }),
    limit,
  );
  const out = h('div', { 'aria-live': 'polite' });
  const sync = () => {
    limitField.hidden = objective.value !== 'throughput';
  };
  objective.addEventListener('change', sync);
  sync();
  const button = h('button', {
    type: 'button',
    id: 'inf-search-run',
    text: 'Find the best serving layout',
    on: { click: run },
  });
  container.replaceChildren(
    h('p', {
      text: 'Tries every way to split these GPUs into copies of the model, tensor-parallel groups and pipeline stages for this workload, and lists the best that fit.',
    }),
    h(
      'div',
      { class: 'pl-grid inf-search-form' },
      h('div', { class: 'field' }, h('label', { for: 'inf-objective', text: 'Rank by' }), objective),
      limitField,
    ),
    button,
    out,
  );

  function run() {
    /** @type {{objective: string, top: number, latency_limit?: number}} */
    const extra = { objective: objective.value, top: 10 };
    if (objective.value === 'throughput') {
      const ms = Number(limit.value);
      if (!(ms > 0)) {
        out.replaceChildren(
          h('p', { class: 'notice notice-error', role: 'alert', text: 'Enter a time per token above 0 ms.' }),
        );
        return;
      }
      extra.latency_limit = ms / 1000;
    }
    const answer = search(extra);
    if (isError(answer)) {
      out.replaceChildren(searchFailed(answer));
      return;
    }
    const res = answer;
    const c = res.counts;
    const summary = h('p', {
      class: 'search-summary',
      text:
        `${formatCount(c.evaluated)} layouts: ${formatCount(c.invalid)} impossible, ${formatCount(c.out_of_memory)} out of memory, ${formatCount(c.fits)} fit` +
        (res.objective === 'throughput' ? `, ${formatCount(c.too_slow)} of them slower than the limit.` : '.'),
    });
    if (!res.top.length) {
      out.replaceChildren(
        summary,
        h('p', { class: 'notice notice-warn', text: 'No layout fits this workload on these GPUs within the limit.' }),
      );
      return;
    }
    const rows = res.top.map((r, i) =>
      h(
        'tr',
        {},
        h('td', { class: 'num', text: String(i + 1) }),
        h('th', { scope: 'row', text: layoutText(r.parallel) }),
        h('td', { 'data-label': 'Per output token', class: 'num', text: formatSeconds(r.time.per_output_token) }),
        h('td', { 'data-label': 'First token', class: 'num', text: formatSeconds(r.time.first_token) }),
        h('td', {
          'data-label': 'Tokens/s per GPU',
          class: 'num',
          text: formatCount(r.throughput.tokens_per_second_per_gpu),
        }),
        h('td', { 'data-label': 'Most users that fit', class: 'num', text: formatCount(r.memory.max_concurrency) }),
        h(
          'td',
          {},
          h('button', {
            type: 'button',
            class: 'secondary',
            'aria-label': `Apply layout ${i + 1}: ${layoutText(r.parallel)}`,
            text: 'Apply',
            on: {
              click: () =>
                apply({
                  dp_auto: false,
                  dp: r.parallel.dp,
                  tp: r.parallel.tp,
                  pp: r.parallel.pp,
                  ep: r.parallel.ep,
                  cp: 1,
                }),
            },
          }),
        ),
      ),
    );
    out.replaceChildren(
      summary,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'search-table stack-narrow inf-search-table' },
          h('caption', { class: 'visually-hidden', text: 'Best serving layouts, best first' }),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['#', 'Layout', 'Per output token', 'First token', 'Tokens/s per GPU', 'Most users that fit'].map(
                (t) => h('th', { scope: 'col', text: t }),
              ),
              h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Apply' })),
            ),
          ),
          h('tbody', {}, ...rows),
        ),
      ),
    );
  }
}
