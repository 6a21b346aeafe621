// The validation view: every published run the engine is checked against (engine command
// `fidelity`), calibration and validation apart, with the source, the inputs, the published
// figure as a step time, the engine's step and the error. Built when the reader opens it.
import { h } from '../../dom.js';
import { formatCount, formatPercent, formatSeconds, formatSecondsAs, learnerText } from '../../format.js';

/** @typedef {import('../../atlas-engine').FidelityResponse} FidelityResponse */
/** @typedef {FidelityResponse['cases'][number]} Case */
/** @typedef {FidelityResponse['sources'][number]} Source */
/** @typedef {import('../../atlas-contract').PlanRequest} PlanRequest */

/**
 * The published figure in its own unit.
 * @param {Case['published']} p
 */
function published(p) {
  if (p.kind === 'step_seconds') return formatSeconds(p.value);
  return `${Number(p.value.toPrecision(4)).toLocaleString('en-US')} ${KIND[p.kind] ?? ''}`;
}
import { isError } from '../../engine.js';
import { memoryFidelity } from './memory-fidelity.js';
import { filterableRuns } from './fidelity-filter.js';

/** @type {Record<string, string>} */
const KIND = {
  step_seconds: 'step time',
  tflops_eq3: 'TFLOP/s per GPU (with recomputation)',
  model_tflops_per_gpu: 'model TFLOP/s per GPU',
  tokens_per_second_per_gpu: 'tokens/s per GPU',
};

/**
 * A run's configuration in words: model, GPUs, split and batch.
 * @param {Partial<PlanRequest>} req
 */
export function inputs(req) {
  /** @type {NonNullable<PlanRequest['parallel']>} */
  const p = req.parallel ?? {};
  /** @type {Partial<PlanRequest['model']>} */
  const m = req.model ?? {};
  const model = m.preset ? m.preset.replace(/-/g, ' ') : `${m.layers} layers × ${formatCount(m.hidden)}`;
  const split = /** @type {const} */ (['tp', 'pp', 'cp']).filter((k) => (p[k] ?? 1) > 1).map((k) => `${k} ${p[k]}`);
  if (p.zero) split.push(`ZeRO-${p.zero}`);
  if (p.precision && p.precision !== 'bf16') split.push(p.precision.toUpperCase().replace('FP8-', 'FP8 '));
  return `${model}; ${formatCount(req.hardware?.gpus)} ${req.hardware?.preset?.split('-')[0].toUpperCase() ?? 'GPUs'}; ${split.join(', ') || 'data parallel only'}; batch ${formatCount(req.batch?.global)}`;
}

/**
 * @param {string} label
 * @param {import('../../atlas-engine').SignedErrorSummary} s
 */
function summaryRow(label, s) {
  return h(
    'tr',
    {},
    h('th', { scope: 'row', text: label }),
    h('td', { class: 'num', dataset: { label: 'Cases' }, text: formatCount(s.cases) }),
    h('td', { class: 'num', dataset: { label: 'Mean |error|' }, text: formatPercent(s.mean_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'Max |error|' }, text: formatPercent(s.max_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'On average' }, text: direction(s) }),
  );
}

/**
 * An error summary table: one row per set, with cases, mean and max |error| and the direction.
 * @param {string} caption
 * @param {string} first the first column's heading
 * @param {HTMLElement[]} rows
 */
export function summaryTable(caption, first, rows) {
  return h(
    'table',
    { class: 'fidelity-summary' },
    h('caption', { text: caption }),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...[first, 'Cases', 'Mean |error|', 'Max |error|', 'On average'].map((x) => h('th', { scope: 'col', text: x })),
      ),
    ),
    h('tbody', {}, ...rows),
  );
}

/**
 * One row per validation source of a seal state, each with its own errors, so no single large
 * source decides what the reader takes away.
 * @param {FidelityResponse} t
 * @param {'sealed' | 'informed'} seal
 */
function sourceRows(t, seal) {
  const sealed = (/** @type {Source} */ s) => (s.informed_by ?? []).length === 0;
  return t.sources.flatMap((s) =>
    s.role === 'validation' && s.errors && sealed(s) === (seal === 'sealed')
      ? [summaryRow(`· ${s.name ?? s.title}`, s.errors)]
      : [],
  );
}

/**
 * Which way the engine is off on a set: its signed mean error in words, and on how many runs it
 * is the faster one.
 * @param {import('../../atlas-engine').SignedErrorSummary} s
 */
function direction(s) {
  const way = s.mean_error < 0 ? 'faster' : 'slower';
  return `${formatPercent(Math.abs(s.mean_error))} ${way} (${formatCount(s.engine_faster)} of ${formatCount(s.cases)})`;
}

/**
 * A published case's row head: its source link (named by `text`) and what it had to assume,
 * with the gap the model leaves when one is stated. Shared by the training and serving views.
 * @param {{assumed: string[], gap?: string}} c
 * @param {{url: string} | undefined} src
 * @param {string} text
 */
export function caseHead(c, src, text) {
  return h(
    'th',
    { scope: 'row' },
    h('a', { href: src?.url ?? '#', target: '_blank', rel: 'noopener', text }),
    h(
      'details',
      { class: 'case-notes' },
      h('summary', { text: 'What was assumed' }),
      h('ul', {}, ...c.assumed.map((a) => h('li', { text: learnerText(a) }))),
      c.gap ? h('p', { class: 'gap-note', text: learnerText(c.gap) }) : null,
    ),
  );
}

/**
 * A citation as a learner reads it: the source's repository files (docs/…, scripts/…) and the
 * commit they were read at stay in the link's address and its title, not in the words. A leading
 * "owner/repository path at commit …," goes whole.
 * @param {string} text
 */
export function plainCitation(text) {
  return String(text)
    .replace(
      /^(?:[\w.-]+\/[\w.-]+\s+)?(?:docs|bench|scripts|tests|web|wasm)\/[\w./-]+(?:\s+at commit [0-9a-f]+)?,\s*(?:section\s+)?/,
      '',
    )
    .replace(/,?\s*\b(?:docs|bench|scripts|tests|web|wasm)\/[\w./-]+/g, '')
    .replace(/^\s*[,;:]\s*/, '');
}

/**
 * The engine's error on a case (engine ÷ published − 1), marked when beyond 15 %.
 * @param {number} error
 */
export function errorCell(error) {
  return h('td', {
    class: `num fidelity-error ${Math.abs(error) > 0.15 ? 'err-large' : ''}`,
    dataset: { label: 'Error' },
    // Signed, and one unit: no line break before the %.
    text: `${error > 0 ? '+' : ''}${formatPercent(error).replace(' ', '\u00a0')}`,
  });
}

/**
 * A case's row head (named by `text`) with a button that shows the run in the explorer above.
 * Shared by the training and serving views.
 * @template {{assumed: string[], gap?: string, source: string}} C
 * @param {C} c
 * @param {{url: string, name?: string, title?: string} | undefined} src
 * @param {string} text
 * @param {(c: C) => void} open
 */
export function openableHead(c, src, text, open) {
  const head = caseHead(c, src, text);
  const button = h('button', { type: 'button', class: 'secondary open-run', text: 'Open in the explorer' });
  // The visible words first (WCAG 2.5.3, label in name), then which run.
  button.setAttribute('aria-label', `Open in the explorer: ${text} (${src?.name ?? src?.title ?? c.source})`);
  button.addEventListener('click', () => open(c));
  head.append(button);
  return head;
}

/**
 * @param {Case[]} cases
 * @param {Map<string, Source>} sources
 * @param {Case['set']} set
 * @param {(c: Case) => void} open
 */
function caseTable(cases, sources, set, open) {
  // A case's locator may open with the file its table sits in (for whoever checks the number);
  // the row names the table and row, the source link the publication.
  const rowName = (/** @type {Case} */ c) => {
    const where = plainCitation(c.where.replace(/^[\w.-]+(?:\/[\w.-]+)*\.md,\s*/, ''));
    return c.seal === 'sealed' ? `${where} (sealed)` : where;
  };
  const rows = cases
    .filter((c) => c.set === set)
    .map((c) => {
      const src = sources.get(c.source);
      // A case's request is a `plan` request.
      const request = /** @type {Partial<PlanRequest>} */ (c.request);
      return h(
        'tr',
        // The keys the validation view's filters read (fidelity-filter.js), in the words of `inputs`.
        {
          dataset: {
            case: c.id,
            seal: c.seal,
            source: c.source,
            hardware: request.hardware?.preset?.split('-')[0].toUpperCase() ?? 'custom',
            model: request.model?.preset?.replace(/-/g, ' ') ?? 'custom',
          },
        },
        // A run the engine cannot express would open as another plan: no button for it.
        c.expressed ? openableHead(c, src, rowName(c), open) : caseHead(c, src, rowName(c)),
        // A case's request is a `plan` request.
        h('td', { dataset: { label: 'Inputs' }, text: inputs(/** @type {Partial<PlanRequest>} */ (c.request)) }),
        h('td', {
          class: 'num',
          dataset: { label: 'Published' },
          text:
            c.published.kind === 'step_seconds'
              ? published(c.published)
              : `${published(c.published)} = ${formatSeconds(c.published_step)}`,
        }),
        h('td', {
          class: 'num',
          dataset: { label: 'Engine step' },
          // In the published step's unit, so the two read side by side.
          text: formatSecondsAs(c.model_step, c.published_step),
        }),
        c.expressed
          ? errorCell(c.error)
          : h('td', {
              class: 'num not-expressed',
              dataset: { label: 'Error' },
              text: c.refused?.length
                ? `not expressed: ${c.refused[0]}`
                : `not expressed (the engine cannot yet model its ${(c.ignored ?? []).map((p) => p.split('/').pop()?.replace(/_/g, ' ')).join(', ')})`,
            }),
      );
    });
  const wrap = h(
    'div',
    {
      class: 'table-wrap',
      tabindex: '0',
      role: 'region',
      'aria-label': set === 'calibration' ? 'Calibration runs' : 'Validation runs',
    },
    h(
      'table',
      { class: 'fidelity-table', dataset: { set } },
      h('caption', {
        text:
          set === 'calibration'
            ? 'Calibration runs (fitted the constants)'
            : 'Validation runs (never used for fitting)',
      }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Source', 'Inputs', 'Published (as a step)', 'Engine step', 'Error'].map((t) =>
            h('th', { scope: 'col', text: t }),
          ),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
  if (set === 'calibration') return wrap;
  return filterableRuns(wrap, (id) => {
    const src = sources.get(id);
    return src?.name ?? src?.title ?? id;
  });
}

/**
 * Fills `container` once, the first time `details` opens.
 * @param {import('../../engine.js').Engine} engine
 * @param {HTMLDetailsElement} details
 * @param {HTMLElement} container
 * @param {(c: Case, source: Source | undefined) => void} open  shows a case's run in the explorer
 */
export function initFidelity(engine, details, container, open) {
  let built = false;
  const build = () => {
    if (built || !details.open) return;
    built = true;
    const answer = engine.run('fidelity', {});
    if (isError(answer)) {
      container.replaceChildren(
        h('p', {
          class: 'notice notice-error',
          text: `The engine could not list its published runs: ${answer.error.message}`,
        }),
      );
      return;
    }
    /** @type {FidelityResponse} */
    const t = answer;
    const sources = new Map(t.sources.map((s) => [s.id, s]));
    const openCase = (/** @type {Case} */ c) => open(c, sources.get(c.source));
    const refit = h('button', {
      type: 'button',
      class: 'secondary',
      text: 'Refit without each calibration source (a few seconds)',
    });
    const loso = h('div', { class: 'loso' }, refit);
    refit.addEventListener('click', () => {
      /** @type {FidelityResponse} */
      const r = engine.run('fidelity', { refit: true });
      if (isError(r)) return;
      loso.replaceChildren(
        h(
          'table',
          { class: 'fidelity-summary' },
          h('caption', {
            text: 'Leave one source out: constants refitted without the source, then used to predict it',
          }),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Source left out', 'Fitted instead on', 'Cases', 'Mean |error|', 'Max |error|'].map((x) =>
                h('th', { scope: 'col', text: x }),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            // A refit answer carries the leave-one-out table.
            .../** @type {NonNullable<FidelityResponse['leave_one_source_out']>} */ (r.leave_one_source_out).map((l) =>
              h(
                'tr',
                {},
                h('th', { scope: 'row', text: sources.get(l.source)?.title ?? l.source }),
                h('td', { dataset: { label: 'Fitted instead on' }, text: l.fitted_on }),
                h('td', { class: 'num', dataset: { label: 'Cases' }, text: formatCount(l.cases) }),
                h('td', { class: 'num', dataset: { label: 'Mean |error|' }, text: formatPercent(l.mean_abs_error) }),
                h('td', { class: 'num', dataset: { label: 'Max |error|' }, text: formatPercent(l.max_abs_error) }),
              ),
            ),
          ),
        ),
      );
    });
    container.replaceChildren(
      summaryTable('Step-time error, engine against published', 'Set', [
        // The headline is the sealed set: runs no change to the engine was ever judged on.
        // Informed sources once were, so their figure flatters the engine.
        summaryRow('Sealed validation (never used to judge a change)', t.sealed),
        ...sourceRows(t, 'sealed'),
        summaryRow('Informed validation (judged changes before)', t.informed),
        ...sourceRows(t, 'informed'),
        summaryRow('Out of sample, all validation', t.out_of_sample),
        summaryRow('In sample (calibration)', t.in_sample),
      ]),
      ...(t.not_expressed > 0
        ? [
            h('p', {
              text: `${formatCount(t.not_expressed)} published ${t.not_expressed === 1 ? 'run is' : 'runs are'} listed below but counted in no figure: the engine cannot yet express ${t.not_expressed === 1 ? 'its' : 'their'} setting (marked "not expressed").`,
            }),
          ]
        : []),
      h('p', {
        text: 'A sealed source is one whose runs were added together with the engine\'s predictions and never used to judge a change since: its error is what to expect on a run the engine has not seen. Once a change is judged by a source\'s error, it becomes informed. Sources differ in size: one benchmark table holds over half of the validation runs, so compare the sources as well as the total. "On average" is the signed mean error: how much faster or slower than published the engine is across the set, and (in brackets) on how many of its runs the engine is the faster.',
      }),
      loso,
      h('p', {
        text: 'Where the engine is far off, the case says what it is missing. A published figure in TFLOP/s or tokens/s is turned into a step time with the run\'s own FLOP count or batch. "Open in the explorer" sets the explorer above to a run, to see where its time goes.',
      }),
      caseTable(t.cases, sources, 'calibration', openCase),
      caseTable(t.cases, sources, 'validation', openCase),
      ...[memoryFidelity(t.memory)].filter((x) => x !== null),
      h('h4', { text: 'Sources' }),
      h(
        'ul',
        { class: 'fidelity-sources' },
        ...t.sources.map((s) =>
          h(
            'li',
            {},
            h('a', {
              href: s.url,
              target: '_blank',
              rel: 'noopener',
              title: s.title,
              text: s.name ?? plainCitation(s.title),
            }),
            ` — ${s.role}`,
            s.fits ? `; fits ${s.fits.join('; ')}` : '',
          ),
        ),
      ),
    );
  };
  details.addEventListener('toggle', build);
  build();
}
