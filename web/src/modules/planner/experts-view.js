// Tokens per expert: for a mixture-of-experts split, how one micro-batch's tokens spread over the
// experts on a GPU of the expert group, what the busiest GPU receives under uneven routing, and the
// bytes of each all-to-all with the link it crosses. Every number is the engine's (plan.experts);
// this file only words and draws them.
import { s, vh as h } from './vnode.js';
import { explain, num } from './readout-parts.js';
import { formatBytesDecimal, formatCount, formatPercent } from '../../format.js';

/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {NonNullable<TrainingPlan['experts']>} ExpertRouting */

const LINK_WORDS = /** @type {Record<string, string>} */ ({
  nvlink: 'over NVLink, inside the NVLink domain',
  network: 'over the network, between hosts',
});

/**
 * Rows each GPU receives in one expert layer: a GPU at the mean and the busiest one, on one scale.
 * @param {ExpertRouting} x
 */
function rowsChart(x) {
  const W = 400,
    row = 26;
  const bars = [
    { label: 'A GPU at the mean', value: num(x.rows), cls: 'seg-mean' },
    { label: 'The busiest GPU', value: num(x.busiest_rows), cls: 'seg-busiest' },
  ];
  const scale = Math.max(...bars.map((b) => b.value)) || 1;
  const svg = s('svg', {
    class: 'experts-svg',
    viewBox: `0 0 ${W} ${bars.length * row + 4}`,
    role: 'img',
    'aria-label': `Expert rows a GPU receives per micro-batch and expert layer: ${bars
      .map((b) => `${b.label.toLowerCase()}, ${formatCount(b.value)}`)
      .join('; ')}.`,
  });
  bars.forEach((b, i) => {
    svg.append(
      s(
        'rect',
        { x: 0, y: i * row + 4, width: Math.max(1, (b.value / scale) * W * 0.55), height: row - 8, class: b.cls },
        s('title', { text: `${b.label}: ${formatCount(b.value)} rows` }),
      ),
      s('text', {
        x: (b.value / scale) * W * 0.55 + 6,
        y: i * row + row / 2 + 6,
        class: 'experts-bar-label',
        text: `${b.label}: ${formatCount(b.value)}`,
      }),
    );
  });
  return svg;
}

/**
 * @param {import('./vnode.js').VNode} container
 * @param {TrainingPlan} plan
 */
export function drawExperts(container, plan) {
  const x = plan.experts;
  if (!x) {
    container.replaceChildren();
    return;
  }
  const tokens = formatCount(x.tokens);
  const uneven = num(x.routing_imbalance) > 1;
  const lead = h(
    'p',
    {},
    `Each micro-batch, a GPU of the expert group routes ${tokens} tokens, each to ${x.top_k} of the ${formatCount(
      x.experts,
    )} experts: ${formatCount(x.rows)} expert rows. ` +
      (x.ep > 1
        ? `With the experts spread over ${x.ep} GPUs it holds ${formatCount(x.local_experts)} of them, `
        : 'It holds every expert, ') +
      `so each expert multiplies about ${formatCount(x.rows_per_expert)} rows in every expert layer (${uneven ? 'on a GPU at the mean' : 'balanced routing'})` +
      (x.shared_experts > 0
        ? `, beside the shared expert${x.shared_experts === 1 ? '' : 's'} every token passes through.`
        : '.'),
  );
  const traffic =
    x.ep > 1
      ? h(
          'p',
          {},
          `${uneven ? `The busiest GPU receives ${num(x.routing_imbalance)} × the mean, ${formatCount(x.busiest_rows)} rows, and every other GPU waits for it. ` : ''}` +
            `Each all-to-all, dispatching the rows to their experts or combining the outputs back, moves ${formatBytesDecimal(
              x.all_to_all_bytes,
            )} on ${uneven ? 'that' : 'a'} GPU ${LINK_WORDS[x.link] ?? ''}, ${formatPercent(x.leaving_fraction, 0)} of it to other GPUs: ` +
            `four per expert layer and micro-batch (forward and backward), in each of this stage's ${formatCount(
              x.moe_layers,
            )} expert layers.`,
        )
      : h('p', { text: 'With expert parallelism 1, no token leaves its GPU: there is no all-to-all.' });
  container.replaceChildren(
    h('h3', { id: 'planner-experts-h', text: 'Tokens per expert' }),
    lead,
    uneven ? rowsChart(x) : null,
    traffic,
    explain(
      'Formula and scope',
      x.formula,
      'One GPU of the expert group and one micro-batch. Routing is taken as balanced unless a routing imbalance is set; ' +
        'real routers send more tokens to some experts than others, and the busiest GPU sets the pace. Token dropping ' +
        '(a capacity factor) is not modelled.',
    ),
  );
}
