// Tokens per expert while serving a mixture-of-experts model: how many expert rows a decode step's
// tokens make on a device, the share of its experts they touch (only those are read) and the rows
// each multiplies. The engine's numbers (plan.experts); this file words them.
import { h } from '../../dom.js';
import { formatBytes, formatCount, formatPercent, learnerText } from '../../format.js';
import { formulaText } from './formula.js';
import { num } from './readout-parts.js';

/** @typedef {import('./inference.js').ServingPlan} ServingPlan */

/**
 * The paragraph and its formula, or null for a dense model.
 * @param {ServingPlan} plan
 */
export function servingExperts(plan) {
  const x = plan.experts;
  if (!x) return null;
  const each = num(x.rows_per_touched_expert);
  return h(
    'div',
    { class: 'serving-experts' },
    h('h4', { text: 'Tokens per expert in a decode step' }),
    h(
      'p',
      {},
      `A decode step gives each of a device's ${formatCount(x.tokens)} users one token, and each token goes to ${x.top_k} of the ${formatCount(
        x.experts,
      )} experts: ${formatCount(x.rows)} expert rows. They touch about ${formatPercent(x.touched_fraction, 0)} of the ` +
        `device's ${formatCount(x.local_experts)} experts (${formatCount(Math.round(num(x.touched_experts)))}), ` +
        `${each < 10 ? each.toFixed(1) : formatCount(Math.round(each))} rows each, and only those are read: ` +
        `${formatBytes(x.expert_bytes_read)} of ${formatBytes(x.expert_bytes)} of expert weights a step. ` +
        (num(x.routing_imbalance) > 1
          ? `These are the busiest expert GPU's figures: it receives ${num(x.routing_imbalance)} × the mean, ${formatCount(
              x.busiest_rows,
            )} rows, and the others wait for it. `
          : '') +
        'More users touch more experts, so the step grows until every expert is read.',
    ),
    h(
      'details',
      { class: 'formula' },
      h('summary', { text: 'Formula and scope' }),
      h('p', {}, h('strong', { text: 'Formula. ' }), learnerText(formulaText(x.formula))),
      h(
        'p',
        {},
        h('strong', { text: 'Scope. ' }),
        'Routing taken as random: each token picks its experts independently, balanced unless a routing imbalance is ' +
          'set. Real routers favour some experts, so fewer distinct experts are touched than counted here.',
      ),
    ),
  );
}
