// "Compare with a measured run": a pasted training log excerpt (Megatron-LM or torchtitan) set
// beside the explorer's current plan. The engine's `reconcile` reads the log, plans the same
// request and answers every residual and the parts of its step that could close the gap; this
// file only draws the answer.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatBytes, formatCount, formatPercent, formatSeconds } from '../../format.js';
import { planRequest } from './requests.js';

/** @typedef {import('./state.js').PlannerState} PlannerState */
/** @typedef {import('../../answers').Answer<'reconcile'>} Reconciled */

/**
 * A measured or engine value in its unit.
 * @param {number} v
 * @param {string} unit
 */
function valueText(v, unit) {
  if (unit === 's') return formatSeconds(v);
  if (unit === 'B') return formatBytes(v);
  return `${formatCount(v)} ${unit}`;
}

/** @param {number} r the engine's residual (engine ÷ measured − 1) */
function residualText(r) {
  if (Math.abs(r) < 0.0005) return 'as measured';
  return `${r > 0 ? '+' : '−'}${formatPercent(Math.abs(r))} (${r > 0 ? 'engine higher' : 'engine lower'})`;
}

/**
 * @param {Reconciled} answer the engine's `reconcile` answer
 * @returns {HTMLElement[]}
 */
function drawAnswer(answer) {
  const rows = answer.compare.map((c) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row', text: c.quantity }),
      h('td', { 'data-label': 'Measured', class: 'num', text: valueText(c.measured, c.unit) }),
      h('td', { 'data-label': 'Engine', class: 'num', text: valueText(c.engine, c.unit) }),
      h('td', { 'data-label': 'Engine against measured', class: 'num', text: residualText(c.residual) }),
      h('td', { 'data-label': 'Measured from', text: c.measured_from }),
    ),
  );
  const framework = answer.log.format === 'megatron' ? 'Megatron-LM' : 'torchtitan';
  const lines = answer.log.lines.map((l) => l.line).join(', ');
  /** @type {HTMLElement[]} */
  const parts = [
    h('p', {
      text: `Read as a ${framework} log: ${answer.log.intervals} logged interval${answer.log.intervals === 1 ? '' : 's'} (lines ${lines}). ${answer.log.note}`,
    }),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'The run as logged against the engine' },
      h(
        'table',
        { class: 'log-table stack-narrow' },
        h('caption', {
          class: 'visually-hidden',
          text: 'The run as logged against the engine’s plan of the split above',
        }),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['Quantity', 'Measured', 'Engine', 'Engine against measured', 'Measured from'].map((t) =>
              h('th', { scope: 'col', text: t }),
            ),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
  ];
  if (answer.terms.length > 0) {
    const gap = answer.gap_seconds;
    parts.push(
      h('p', {
        text: `The measured step is ${formatSeconds(Math.abs(gap))} ${gap > 0 ? 'longer' : 'shorter'} than the engine’s. Each of these parts of the engine’s step could close that gap alone, the smallest change first:`,
      }),
      h(
        'ul',
        { class: 'log-terms' },
        ...answer.terms.map((t) =>
          h(
            'li',
            {},
            `${t.term}: ${formatSeconds(t.engine_seconds)} in the engine; it would have to be ×${t.factor < 10 ? t.factor.toFixed(2) : formatCount(t.factor)}.`,
          ),
        ),
      ),
    );
  }
  parts.push(h('p', { class: 'note', text: answer.scope }));
  return parts;
}

/**
 * Adds the panel to `mount` (after what is there) and wires it to the explorer's state.
 * @param {import('../../engine.js').Engine} engine
 * @param {HTMLElement} mount
 * @param {{state: () => PlannerState}} explorer
 */
export function initReconcile(engine, mount, explorer) {
  const text = h('textarea', {
    id: 'planner-log-text',
    rows: '6',
    spellcheck: 'false',
    autocomplete: 'off',
    wrap: 'off',
    'aria-describedby': 'planner-log-help',
  });
  const run = h('button', {
    type: 'button',
    id: 'planner-log-run',
    class: 'secondary',
    text: 'Compare with this plan',
  });
  const out = h('div', { id: 'planner-log-out', class: 'log-out', 'aria-live': 'polite' });
  run.addEventListener('click', () => {
    const answer = engine.run('reconcile', { ...planRequest(explorer.state()), log: text.value });
    if (isError(answer)) {
      out.replaceChildren(h('p', { class: 'notice', role: 'alert', text: answer.error.message }));
      return;
    }
    const warnings = (answer.warnings ?? []).map((/** @type {{message: string}} */ w) =>
      h('p', { class: 'notice', text: w.message }),
    );
    out.replaceChildren(...warnings, ...drawAnswer(answer));
  });
  mount.append(
    h(
      'details',
      { class: 'planner-log', id: 'planner-log' },
      h('summary', { text: 'Compare with a measured run: paste its training log' }),
      h('p', {
        id: 'planner-log-help',
        text: 'Paste lines from a Megatron-LM log (“elapsed time per iteration (ms)”, “throughput per GPU”, the “memory (MB)” line) or a torchtitan log (“step: … tps: … tflops: …”), with the split above set as the run ran. The engine reads the log here; nothing leaves this page.',
      }),
      h(
        'div',
        { class: 'field field-wide' },
        h('label', { for: 'planner-log-text', text: 'Training log excerpt' }),
        text,
      ),
      run,
      out,
    ),
  );
}
