// "Find the best split": runs the engine's `search` for the current model, hardware and global
// batch and lists the fastest layouts that fit; choosing one applies it to the explorer.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatBytes, formatCount, formatPercent, formatSeconds } from '../../format.js';
import { hardwareRequest, modelRequest } from './requests.js';

/** @typedef {import('../../answers').Answer<'search'>} SearchAnswer */
/** @typedef {SearchAnswer['top'][number]} SearchResult */
/** @typedef {import('./state.js').PlannerState} PlannerState */

/** The split a search result carries in its `parallel` object, by the state's names. */
const SPLIT = ['dp', 'tp', 'pp', 'cp', 'ep', 'zero', 'sequence_parallel', 'recompute', 'schedule', 'virtual_stages'];
/** Controls a search result sets (a fixed one filters the list). */
const KEPT = [...SPLIT, 'micro', 'global'];

/**
 * State changes that apply a search result.
 * @param {SearchResult} r
 * @returns {Partial<PlannerState>}
 */
export function resultToState(r) {
  /** @type {Record<string, unknown>} */
  const p = r.parallel ?? {};
  /** @type {Record<string, unknown>} */
  const out = { dp_auto: false };
  for (const k of SPLIT) if (p[k] !== undefined) out[k] = p[k];
  if (r.batch?.micro !== undefined) out.micro = r.batch.micro;
  if (r.batch?.global !== undefined) out.global = r.batch.global;
  // The search keeps each expert split over tp (etp = tp): a result brings that back.
  out.etp = 0;
  // The keys above are the state's, with the engine's values for them.
  return /** @type {Partial<PlannerState>} */ (out);
}

/** @param {SearchResult['parallel']} p */
function layoutText(p) {
  const parts = [`dp ${p.dp}`, `tp ${p.tp}`, `pp ${p.pp}`];
  if (p.cp > 1) parts.push(`cp ${p.cp}`);
  if (p.ep > 1) parts.push(`ep ${p.ep}`);
  parts.push(`ZeRO ${p.zero}`);
  if (p.sequence_parallel) parts.push('SP');
  if (p.recompute && p.recompute !== 'none') parts.push(`recompute ${p.recompute}`);
  if (p.schedule === 'interleaved') parts.push(`interleaved ×${p.virtual_stages}`);
  return parts.join(' · ');
}

/**
 * Runs the search and renders the list into `out`.
 * @param {{engine: import('../../engine.js').Engine}} ctx
 * @param {PlannerState} state
 * @param {Set<string>} fixed  control names an instructor fixed: only layouts that keep them are listed
 * @param {HTMLElement} out
 * @param {(patch: Partial<PlannerState>) => void} apply
 */
export function runSearch(ctx, state, fixed, out, apply) {
  const keep = [...fixed].filter((k) => KEPT.includes(k));
  // With fixed values, the engine's 100 fastest are filtered to those that keep them.
  const request = {
    model: modelRequest(state),
    hardware: { ...hardwareRequest(state), gpus: state.gpus },
    batch: { global: state.global },
    top: keep.length ? 100 : 10,
  };
  const answer = ctx.engine.run('search', request);
  if (isError(answer)) {
    out.replaceChildren(searchFailed(answer));
    return;
  }
  /** @type {SearchAnswer} */
  const res = answer;
  // Only the state's own names are kept (KEPT).
  const valueIn = (/** @type {Partial<PlannerState>} */ s, /** @type {string} */ k) =>
    /** @type {Record<string, unknown>} */ (s)[k];
  const matches = (/** @type {SearchResult} */ r) =>
    keep.every((k) => String(valueIn(resultToState(r), k) ?? valueIn(state, k)) === String(valueIn(state, k)));
  const top = (res.top ?? []).filter(matches).slice(0, 10);
  const fixedText = keep
    .map((k) => `${k === 'sequence_parallel' ? 'sequence parallel' : k} = ${valueIn(state, k)}`)
    .join(', ');
  const c = res.counts ?? {};
  const summary = h('p', {
    class: 'search-summary',
    text: `${formatCount(c.evaluated)} layouts evaluated: ${formatCount(c.invalid)} impossible, ${formatCount(c.out_of_memory)} out of memory, ${formatCount(c.fits)} fit.`,
  }); // the engine's elapsed_note is for developers
  if (top.length === 0) {
    out.replaceChildren(
      summary,
      h('p', {
        class: 'notice notice-warn',
        text:
          keep.length && (res.top ?? []).length
            ? `None of the ${formatCount(res.top.length)} fastest layouts that fit keeps the fixed values (${fixedText}).`
            : 'No layout fits this model on this hardware with this global batch.',
      }),
    );
    return;
  }
  const rows = top.map((r, i) =>
    h(
      'tr',
      {},
      h('td', { class: 'num', text: String(i + 1) }),
      h('th', { scope: 'row', text: layoutText(r.parallel) }),
      h('td', {
        'data-label': 'Micro × accumulation',
        class: 'num',
        text: `${r.batch?.micro ?? '—'} × ${r.batch?.accumulation ?? '—'}`,
      }),
      h('td', { 'data-label': 'Step time', class: 'num', text: formatSeconds(r.time?.step) }),
      h('td', { 'data-label': 'Memory per GPU', class: 'num', text: formatBytes(r.memory?.device) }),
      h('td', { 'data-label': 'MFU', class: 'num', text: formatPercent(r.throughput?.mfu) }),
      h(
        'td',
        {},
        h('button', {
          type: 'button',
          class: 'secondary apply-result',
          'data-rank': i + 1,
          'aria-label': `Apply layout ${i + 1}: ${layoutText(r.parallel)}`,
          text: 'Apply',
          on: { click: () => apply(resultToState(r)) },
        }),
      ),
    ),
  );
  if (keep.length) summary.append(` Listed: the fastest that keep the fixed values (${fixedText}).`);
  out.replaceChildren(
    summary,
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'search-table stack-narrow' },
        h('caption', { class: 'visually-hidden', text: 'Fastest layouts that fit, best first' }),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['#', 'Layout', 'Micro × accumulation', 'Step time', 'Memory per GPU', 'MFU'].map((t, i) =>
              h('th', { scope: 'col', class: i === 0 || (i >= 2 && i <= 5) ? 'num' : null, text: t }),
            ),
            // The buttons' column is named for screen readers; its buttons say the rest.
            h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Apply' })),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
  );
}

/**
 * The notice shown when the engine refuses a search (its message names the field).
 * @param {import('../../atlas-engine').EngineErrorResponse} res
 */
export function searchFailed(res) {
  return h(
    'p',
    { class: 'notice notice-error', role: 'alert' },
    h('strong', { text: 'The search could not run. ' }),
    res.error.message,
  );
}
