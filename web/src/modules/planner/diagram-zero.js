// The diagram's lower panel when training: which share of the weights, gradients and optimizer
// state each data-parallel rank keeps under its ZeRO stage, with the gradient and parameter
// transfers' markers beside (or, narrow, under) the bars.
import { deviceRect, fitText, fitting, text, textWidth } from './svg.js';
import { s } from './vnode.js';

/** @typedef {import('./diagram.js').Plan} Plan */
/** @typedef {import('./vnode.js').VNode} VNode */
/** @typedef {import('./diagram.js').Mark} Mark */

/**
 * ZeRO state bars: which share of weights, gradients and optimizer state each DP rank keeps.
 * @param {VNode} g
 * @param {Plan} plan
 * @param {Mark} mark places a transfer marker (diagram.js); true when one was drawn
 * @param {number} x
 * @param {number} y
 * @param {number} w
 */
export function zeroState(g, plan, mark, x, y, w) {
  const par = plan.parallel;
  const dpT = plan.communication.find((t) => t.group === 'DP');
  const replicas = dpT ? dpT.group_size : par.dp;
  const zero = par.zero;
  // Narrow drawings put the markers under the bars instead of beside them, and say things shorter:
  // their text is drawn at its reading size, so a long line would run off the phone's edge.
  const below = w < 600;
  let cy = y;
  g.append(
    fitText(
      x,
      cy + 14,
      w,
      replicas > 1
        ? [
            `What each of ${replicas} DP ranks stores (ZeRO-${zero})`,
            `Each of ${replicas} DP ranks stores (ZeRO-${zero})`,
            `Each of ${replicas} DP ranks (ZeRO-${zero})`,
            `${replicas} DP ranks, ZeRO-${zero}`,
          ]
        : ['What the one replica stores (no DP)', 'One replica stores (no DP)'],
      'dg-title',
    ),
  );
  // With cp > 1 the state is shared over dp × cp ranks: say why the count is not dp.
  if (replicas > par.dp && par.cp > 1) {
    const head = `dp ${par.dp} × cp ${par.cp}`;
    const why = [
      `${head}: context-parallel ranks hold the same weights`,
      `${head}: CP ranks hold the same weights`,
      `${head}: same weights`,
    ];
    g.append(fitText(x, cy + 30, w, why));
    cy += 14;
  } else g.append(s('g')); // keeps the slot, so the elements after it are not shifted
  cy += 24;
  // Which of weights, gradients and optimizer state this stage shards.
  const shards = [zero >= 3, zero >= 2, zero >= 1];
  // Three columns of bars after the 70-unit rank labels, 8 apart; the wide drawing keeps room on
  // the right for the markers.
  const colW = (w - (below ? 86 : 250)) / 3;
  const segs = Math.min(replicas, 8);
  const ranks = replicas <= 4 ? [...Array(replicas).keys()] : [0, 1, null, replicas - 1];
  // On a phone the last heading can be wider than its column: it ends with the column instead,
  // in the room the heading before it leaves, or says less.
  const grads = fitting(colW + 6, 'dg-small', 'gradients', 'grads');
  const optRoom = below ? 2 * colW + 2 - textWidth(grads, 'dg-small') : colW + 6;
  const names = ['weights', grads, fitting(optRoom, 'dg-small', 'optimizer state', 'optimizer', 'optim.')];
  names.forEach((name, c) => {
    const end = below && c === names.length - 1;
    g.append(text(x + 70 + c * (colW + 8) + (end ? colW : 0), cy + 10, name, 'dg-small', end ? 'end' : 'start'));
  });
  cy += 16;
  for (const r of ranks) {
    if (r === null) {
      g.append(text(x, cy + 11, '⋮', 'dg-small'));
      cy += 16;
      continue;
    }
    g.append(fitText(x, cy + 12, 68, [`DP rank ${r}`, `rank ${r}`, `${r}`]));
    shards.forEach((sharded, c) => {
      const bx = x + 70 + c * (colW + 8);
      const sw = colW / segs;
      const own = Math.min(r, segs - 1);
      // A full copy is one bar in the rank's colour; a shard is its own segment on an empty bar.
      // One path draws the segment lines of either.
      // Four children whatever the stage (empty groups hold the places), so a new ZeRO stage
      // changes attributes rather than the elements' order.
      g.append(
        sharded
          ? s('rect', { x: bx, y: cy, width: colW, height: 16, class: 'empty-shard' })
          : deviceRect(bx, cy, colW, 16, r),
      );
      g.append(sharded ? deviceRect(bx + own * sw, cy, sw, 16, r) : s('g'));
      let d = '';
      for (let k = 1; k < segs; k += 1) d += `M${(bx + k * sw).toFixed(1)} ${cy}v16`;
      g.append(d ? s('path', { d, class: sharded ? 'shard-line empty' : 'shard-line' }) : s('g'));
      g.append(s('rect', { x: bx, y: cy, width: colW, height: 16, class: 'box-outline' }));
    });
    cy += 22;
  }
  if (below) {
    const hasGrad = mark(g, 'gradients', x, cy + 14);
    mark(g, 'parameters', x, cy + (hasGrad ? 46 : 14));
    return cy - y + 64;
  }
  const mx = x + 70 + 3 * (colW + 8);
  mark(g, 'gradients', mx, y + 48);
  mark(g, 'parameters', mx, y + 76);
  return Math.max(cy - y, 96);
}
