// The table of tensors that cross device boundaries, one row per entry of the engine's
// `communication` list, and the two-way highlight between rows and diagram markers. A serving
// plan's lists (one phase at a time) use the same table, counted per prompt or per decode step.
import { formatBytes, formatBytesDecimal, formatSeconds, learnerText } from '../../format.js';
import { formulaText } from './formula.js';
import { formatCount } from '../../format.js';
import { drawnFromSame, patch, vh as h } from './vnode.js';

/** @typedef {import('./diagram.js').ServingTransfer} ServingTransfer */
/**
 * One row: a training transfer or a serving one; only serving ones carry their formula, scope,
 * bytes per token and stage.
 * @typedef {Pick<ServingTransfer, 'id' | 'name' | 'tensor' | 'shape' | 'phase' | 'collective' | 'count_per_step' |
 *   'algorithm' | 'protocol' | 'latency_share' | 'group' | 'group_size' | 'link' | 'bytes_per_step' |
 *   'time_per_step' | 'exposed_time_per_step'> &
 *   Partial<Pick<ServingTransfer, 'formula' | 'scope' | 'bytes_per_token' | 'stage'>>} Row
 */

/** @type {Record<string, string>} */
const PHASE = {
  forward: 'forward',
  backward: 'backward',
  optimizer: 'optimizer step',
  prefill: 'prefill',
  decode: 'decode',
};
const TRAINING = {
  per: 'step',
  caption: 'Tensors that cross device boundaries in one training step, for one device',
  empty: 'Nothing crosses a device boundary: one GPU holds the whole model and the whole batch.',
};

/**
 * The training table's options: with a pipeline, the rows are one device of the stage the engine
 * times (the slowest), and the caption says which, since its neighbours send or receive what it does not.
 * @param {{stages: number, timed_stage: number}} pipeline
 */
export function trainingTable(pipeline) {
  if (pipeline.stages <= 1) return TRAINING;
  const which = pipeline.timed_stage === 0 ? 'first' : 'last';
  return {
    ...TRAINING,
    caption: `${TRAINING.caption} of the ${which} pipeline stage (stage ${pipeline.timed_stage + 1} of ${pipeline.stages}), the slowest, which sets the pace`,
  };
}

/**
 * b × s × h style shape text; parameter shapes are [count, 0, 0].
 * @param {{shape?: number[], tensor: string}} t
 */
export function shapeText(t) {
  const dims = (t.shape ?? []).filter((d) => d > 0);
  if (t.tensor === 'gradient' || t.tensor === 'parameter')
    return `${formatCount(dims[0] ?? 0, { compact: true })} values`;
  return dims.map((d) => formatCount(d)).join(' × ');
}

/**
 * How NCCL would run one call, and how much of the time is latency rather than bytes; where the
 * framework adds a time of its own per call (Megatron-DeepSpeed's tensor-parallel calls), how much
 * of the time that is.
 * @param {Row & {framework_share?: number}} t
 */
function how(t) {
  const algo = t.protocol ? `${t.algorithm}, ${t.protocol}` : t.algorithm;
  const share = Math.round(100 * (t.latency_share ?? 0));
  const own = Math.round(100 * (t.framework_share ?? 0));
  return `${algo}; ${share < 1 ? 'under 1' : share}\u00a0% latency${own >= 1 ? ` (${own}\u00a0% the framework's own)` : ''}`;
}

/**
 * Fills the table container. Rows carry data-id; focusing or hovering a row highlights its
 * marker in the diagram and the reverse.
 * @param {HTMLElement} container
 * @param {Row[]} communication
 * @param {{per: string, caption: string, empty: string, serving?: boolean}} [options]  what one row counts
 *   ("step", "prompt", "decode step"); a serving table adds bytes per token and each row's formula
 */
export function drawCrossings(container, communication, options = TRAINING) {
  // Schedule and some batch edits leave the list as it was: then the table is already right.
  if (drawnFromSame(container, [communication, options])) return;
  if (!communication.length) {
    patch(container, [h('p', { class: 'notice', text: options.empty })]);
    return;
  }
  const serving = Boolean(options.serving);
  // Serving sizes in decimal units, as the engine's formulas write them.
  const bytes = serving ? formatBytesDecimal : formatBytes;
  const COLS = [
    'Tensor',
    'Shape',
    'Phase',
    'Collective',
    'Group',
    `Bytes per ${options.per}`,
    `Time per ${options.per}`,
  ];
  // With context parallelism the data-parallel groups span dp × cp ranks (CP ranks hold the same
  // weights): say so, or "DP (64)" reads against "dp = 16" in the description.
  const cp = communication.find((t) => t.group === 'CP')?.group_size ?? 1;
  const groupText = (/** @type {Row} */ t) =>
    t.group === 'DP' && cp > 1 && t.group_size % cp === 0
      ? `DP × CP (${t.group_size / cp} × ${cp})`
      : `${t.group} (${t.group_size})`;
  const head = h('tr', {}, ...COLS.map((t, i) => h('th', { scope: 'col', class: i >= 5 ? 'num' : null, text: t })));
  // data-label: on phones each row reads as a small card of labelled values (planner.css).
  const L = (/** @type {number} */ i) => ({ 'data-label': COLS[i] });
  // A serving row opens to its formula and scope; per token is what a user's token costs.
  // Serving rows carry their formula and scope.
  const formula = (/** @type {Row} */ t) =>
    serving
      ? h(
          'details',
          { class: 'formula' },
          h('summary', { text: 'How it is counted' }),
          h('p', { text: learnerText(formulaText(t.formula, { decimalBytes: true })) }),
          h('p', { class: 'cell-note', text: learnerText(/** @type {string} */ (t.scope)) }),
        )
      : null;
  const perToken = (/** @type {Row} */ t) =>
    serving ? h('span', { class: 'cell-note', text: `${bytes(t.bytes_per_token)} per token` }) : null;
  // A serving pipeline lists its first and last stage: say which row is which.
  const staged = serving && communication.some((t) => /** @type {number} */ (t.stage) > 0);
  const rows = communication.map((t) =>
    h(
      'tr',
      { tabindex: 0, 'data-id': t.id, class: `group-${t.group}` },
      h(
        'th',
        { scope: 'row' },
        t.name,
        h('span', {
          class: 'cell-note',
          text: ` ${t.tensor}${staged ? `, stage ${/** @type {number} */ (t.stage) + 1}` : ''}`,
        }),
        formula(t),
      ),
      h('td', { ...L(1), text: shapeText(t) }),
      h('td', { ...L(2), text: PHASE[t.phase] ?? t.phase }),
      h(
        'td',
        L(3),
        t.collective,
        h('span', { class: 'cell-note', text: ` × ${formatCount(t.count_per_step)}/${options.per}` }),
        t.algorithm ? h('span', { class: 'cell-note nccl-note', text: ` ${how(t)}` }) : null,
      ),
      h(
        'td',
        L(4),
        groupText(t),
        h('span', { class: 'cell-note', text: t.link === 'inter' ? ' network' : ' in-node' }),
      ),
      h('td', { ...L(5), class: 'num' }, bytes(t.bytes_per_step), perToken(t)),
      // Serving collectives block (nothing hides them): "exposed" would only repeat the time.
      h(
        'td',
        { ...L(6), class: 'num' },
        formatSeconds(t.time_per_step),
        serving ? null : h('span', { class: 'cell-note', text: ` exposed ${formatSeconds(t.exposed_time_per_step)}` }),
      ),
    ),
  );
  // Patched into the table already shown: rows that stay the same are not touched.
  patch(container, [
    h(
      'table',
      { class: 'crossings stack-narrow' },
      h('caption', { class: 'visually-hidden', text: options.caption }),
      h('thead', {}, head),
      h('tbody', {}, ...rows),
    ),
  ]);
}

/**
 * Links rows and markers once; the listeners live on the containers, so redraws keep working.
 * @param {HTMLElement} diagram  container of the SVG
 * @param {HTMLElement} table    container of the table
 */
export function linkHighlights(diagram, table) {
  const clear = () => {
    for (const el of diagram.querySelectorAll('.is-hot')) el.classList.remove('is-hot');
    for (const el of table.querySelectorAll('.is-hot')) el.classList.remove('is-hot');
  };
  // Every marker carries data-ids and every row data-id (svg.js marker(), drawCrossings).
  const idsOf = (/** @type {HTMLElement} */ m) => /** @type {string} */ (m.dataset.ids).split(' ');
  const hotIds = (/** @type {string[]} */ ids) => {
    clear();
    for (const id of ids) {
      table.querySelector(`tr[data-id="${CSS.escape(id)}"]`)?.classList.add('is-hot');
      for (const m of /** @type {NodeListOf<HTMLElement>} */ (diagram.querySelectorAll('.crossing')))
        if (idsOf(m).includes(id)) m.classList.add('is-hot');
    }
  };
  const fromMarker = (/** @type {Event} */ e) => {
    const m = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest?.('.crossing'));
    if (m) hotIds(idsOf(m));
  };
  const fromRow = (/** @type {Event} */ e) => {
    const row = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest?.('tr[data-id]'));
    if (row) hotIds([/** @type {string} */ (row.dataset.id)]);
  };
  diagram.addEventListener('mouseover', fromMarker);
  diagram.addEventListener('focusin', fromMarker);
  diagram.addEventListener('mouseleave', clear);
  diagram.addEventListener('focusout', clear);
  // Enter or Space on a marker moves to its first row, so the table is reachable by keyboard.
  diagram.addEventListener('keydown', (e) => {
    const m = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest?.('.crossing'));
    if (!m || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    /** @type {HTMLElement | null} */ (table.querySelector(`tr[data-id="${CSS.escape(idsOf(m)[0])}"]`))?.focus();
  });
  diagram.addEventListener('click', (e) => {
    const m = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest?.('.crossing'));
    if (m) table.querySelector(`tr[data-id="${CSS.escape(idsOf(m)[0])}"]`)?.scrollIntoView({ block: 'nearest' });
  });
  table.addEventListener('mouseover', fromRow);
  table.addEventListener('focusin', fromRow);
  table.addEventListener('mouseleave', clear);
  table.addEventListener('focusout', clear);
}
