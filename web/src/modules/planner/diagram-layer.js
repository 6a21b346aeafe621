// The diagram's right-hand panel: the inside of one layer, its matmuls cut by tensor
// parallelism (column- then row-parallel), the norms split along the sequence under sequence
// parallelism, the attention core under context parallelism, and the experts over ep ranks.
// Each transfer's marker goes where its `where` points (the mark callback of diagram.js).
import { deviceRect, plainBox, s, slices, text } from './svg.js';

/** @typedef {import('./diagram.js').Plan} Plan */
/** @typedef {import('./svg.js').VNode} VNode */
/** @typedef {import('./diagram.js').Mark} Mark */

/**
 * @param {VNode} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {string} label
 * @param {(y: number) => void} draw
 */
function row(g, x, y, w, label, draw) {
  g.append(text(x, y + 10, label, 'dg-small'));
  draw(y + 14);
  return 40;
}

/**
 * @param {VNode} g
 * @param {Plan} plan
 * @param {Mark} mark places a transfer marker (diagram.js)
 * @param {number} x
 * @param {number} y
 * @param {number} w
 */
export function layerDetail(g, plan, mark, x, y, w) {
  const par = plan.parallel;
  const model = plan.model;
  const tp = par.tp;
  // Room right of the boxes for a marker with two collectives ("AG+RS", "CP reduce-scatter"); the
  // narrow drawing's right margin takes the last few pixels.
  const boxW = w - (w >= 400 ? 190 : 175);
  const sp = par.sequence_parallel && tp > 1;
  let cy = y;
  g.append(
    text(
      x,
      cy + 14,
      tp > 1 ? `Inside one layer, split over tp = ${tp} GPUs` : 'Inside one layer (one GPU holds it all)',
      'dg-title',
    ),
  );
  cy += 28;
  const norm = (/** @type {string} */ where, /** @type {string} */ label) => {
    cy += row(
      g,
      x,
      cy,
      w,
      sp ? `${label}: split along the sequence (SP)` : tp > 1 ? `${label}: copied on every tp rank` : label,
      (yy) => g.append(sp ? slices(x, yy, boxW, 16, tp) : plainBox(x, yy, boxW, 16, '')),
    );
    mark(g, where, x + boxW + 8, cy - 18);
  };
  norm('layer.attention.in', 'Norm (attention)');
  cy += row(g, x, cy, w, tp > 1 ? 'Q, K, V projections: column-parallel' : 'Q, K, V projections', (yy) =>
    g.append(
      slices(x, yy, boxW, 20, tp, {
        label:
          tp === 1
            ? `${model.heads} heads`
            : boxW >= 260
              ? `${model.heads} heads, split over ${tp} ranks` // the narrow box holds a shorter label
              : model.heads % tp === 0
                ? `${model.heads / tp} heads per rank`
                : `${model.heads} heads over ${tp}`,
      }),
    ),
  );
  const kvHeads = plan.stages?.[0]?.kv_heads_per_device;
  // The narrow drawing has room for the first half only.
  const core =
    plan.mode === 'inference'
      ? `Attention core: reads the KV cache${w >= 400 ? ` (${kvHeads} KV head${kvHeads === 1 ? '' : 's'} per GPU)` : ''}`
      : par.cp > 1
        ? `Attention core: K, V ${par.cp_attention === 'all-gather' ? 'gathered from' : 'passed round'} cp = ${par.cp}`
        : tp > 1
          ? 'Attention core: heads split over tp'
          : 'Attention core';
  cy += row(g, x, cy, w, core, (yy) => g.append(slices(x, yy, boxW, 20, tp)));
  mark(g, 'layer.attention.core', x + boxW + 8, cy - 16);
  cy +=
    row(g, x, cy, w, tp > 1 ? 'Output projection: row-parallel (partial sums)' : 'Output projection', (yy) =>
      g.append(slices(x, yy, boxW, 32, tp, { direction: 'rows', cap: 8 })),
    ) + 8;
  mark(g, 'layer.attention.out', x + boxW + 8, cy - 16);
  norm('layer.mlp.in', 'Norm (MLP)');
  if (model.experts > 1) {
    cy += row(g, x, cy, w, 'Router: copied on every rank', (yy) => g.append(plainBox(x, yy, boxW, 16, '')));
    const shown = Math.min(model.experts, 16);
    const per = model.experts / par.ep;
    const label =
      par.ep > 1
        ? `${model.experts} experts on ep = ${par.ep} ranks (colour = EP rank)`
        : `${model.experts} experts, all on every rank`;
    g.append(text(x, cy + 10, label, 'dg-small'));
    const ew = boxW / shown;
    for (let e = 0; e < shown; e += 1) {
      const idx = model.experts > shown && e === shown - 1 ? model.experts - 1 : e;
      g.append(deviceRect(x + e * ew + 1, cy + 14, ew - 2, 24, par.ep > 1 ? Math.floor(idx / per) : 0));
      g.append(s('rect', { x: x + e * ew + 1, y: cy + 14, width: ew - 2, height: 24, class: 'box-outline' }));
    }
    mark(g, 'layer.moe', x + boxW + 8, cy + 26);
    cy += 46;
    cy += row(g, x, cy, w, 'Combine: weighted sum of the chosen experts', (yy) =>
      g.append(plainBox(x, yy, boxW, 16, '')),
    );
  } else {
    const gated = model.mlp === 'swiglu';
    cy += row(g, x, cy, w, `${gated ? 'Gate and up projections' : 'FC1'}${tp > 1 ? ': column-parallel' : ''}`, (yy) =>
      g.append(slices(x, yy, boxW, 20, tp)),
    );
    cy += row(g, x, cy, w, `${gated ? 'SwiGLU' : 'GeLU'} activation${tp > 1 ? ': local, no exchange' : ''}`, (yy) =>
      g.append(slices(x, yy, boxW, 12, tp)),
    );
    cy +=
      row(g, x, cy, w, `${gated ? 'Down projection' : 'FC2'}${tp > 1 ? ': row-parallel (partial sums)' : ''}`, (yy) =>
        g.append(slices(x, yy, boxW, 32, tp, { direction: 'rows', cap: 8 })),
      ) + 8;
  }
  mark(g, 'layer.mlp.fc2', x + boxW + 8, cy - 16);
  return cy - y;
}
