// The diagram's right-hand panel: the inside of one layer, its matmuls cut by tensor
// parallelism (column- then row-parallel), the norms split along the sequence under sequence
// parallelism, the attention core under context parallelism, and the experts over ep ranks.
// Each transfer's marker goes where its `where` points (the mark callback of diagram.js).
import { deviceRect, fitText, fitting, plainBox, slices } from './svg.js';
import { s } from './vnode.js';
import { ordinal } from '../../format.js';

/** @typedef {import('./diagram.js').Plan} Plan */
/** @typedef {import('./vnode.js').VNode} VNode */
/** @typedef {import('./diagram.js').Mark} Mark */

/** The places this panel's markers go (diagram.js keeps room beside the boxes for them). */
export const LAYER_PLACES = [
  'layer.attention.in',
  'layer.attention.core',
  'layer.attention.out',
  'layer.mlp.in',
  'layer.mlp.fc2',
  'layer.moe',
];

/**
 * One labelled row: the longest of the label's wordings that fits the panel, the boxes under it.
 * @param {VNode} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {string[]} label wordings, longest first
 * @param {(y: number) => void} draw
 */
function row(g, x, y, w, label, draw) {
  g.append(fitText(x, y + 10, w, label));
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
 * @param {number} [keep] the phone drawing: the room its boxes leave for the markers beside them
 */
export function layerDetail(g, plan, mark, x, y, w, keep) {
  const par = plan.parallel;
  const model = plan.model;
  const tp = par.tp;
  const boxW = keep === undefined ? w - (w >= 400 ? 190 : 175) : Math.max(60, w - keep);
  const sp = par.sequence_parallel && tp > 1;
  let cy = y;
  g.append(
    fitText(
      x,
      cy + 14,
      w,
      tp > 1
        ? [`Inside one layer, split over tp = ${tp} GPUs`, `One layer, split over tp = ${tp}`, `One layer, tp = ${tp}`]
        : ['Inside one layer (one GPU holds it all)', 'Inside one layer (one GPU)', 'One layer, one GPU'],
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
      sp
        ? [`${label}: split along the sequence (SP)`, `${label}: sequence split (SP)`, `${label} (SP)`]
        : tp > 1
          ? [`${label}: copied on every tp rank`, `${label}: on every tp rank`, label]
          : [label],
      (yy) => g.append(sp ? slices(x, yy, boxW, 16, tp) : plainBox(x, yy, boxW, 16, '')),
    );
    mark(g, where, x + boxW + 8, cy - 18);
  };
  norm('layer.attention.in', 'Norm (attention)');
  const perRank = model.heads % tp === 0 ? `${model.heads / tp} heads per rank` : `${model.heads} heads over ${tp}`;
  if (model.kv_lora_rank > 0) {
    // Latent attention: K and V come from one small latent every head shares.
    const latent =
      model.q_lora_rank > 0
        ? `Q and K-V latents (ranks ${model.q_lora_rank} and ${model.kv_lora_rank})`
        : `K-V latent (rank ${model.kv_lora_rank})`;
    cy += row(
      g,
      x,
      cy,
      w,
      tp > 1
        ? [`Down projections to the ${latent}: on every tp rank`, 'Latent down projections: on every rank', 'Latents']
        : [`Down projections to the ${latent}`, 'Latent down projections', 'Latents'],
      (yy) => g.append(plainBox(x, yy, boxW, 12, '')),
    );
  }
  cy += row(
    g,
    x,
    cy,
    w,
    model.kv_lora_rank > 0
      ? tp > 1
        ? ['Q, K, V up projections from the latents: column-parallel', 'Q, K, V up: column-parallel', 'Q, K, V up']
        : ['Q, K, V up projections from the latents', 'Q, K, V up projections', 'Q, K, V up']
      : tp > 1
        ? ['Q, K, V projections: column-parallel', 'Q, K, V: column-parallel']
        : ['Q, K, V projections'],
    (yy) =>
      g.append(
        slices(x, yy, boxW, 20, tp, {
          label:
            tp === 1
              ? `${model.heads} heads`
              : fitting(
                  boxW - 6,
                  'box-label',
                  `${model.heads} heads, split over ${tp} ranks`,
                  perRank,
                  perRank.replace(' heads', ''),
                ),
        }),
      ),
  );
  const kvHeads = plan.stages?.[0]?.kv_heads_per_device;
  const verb = par.cp_attention === 'all-gather' ? 'gathered from' : 'passed round';
  const core =
    plan.mode === 'inference'
      ? [
          `Attention core: reads the KV cache (${kvHeads} KV head${kvHeads === 1 ? '' : 's'} per GPU)`,
          'Attention core: reads the KV cache',
          'Attention: reads the KV cache',
        ]
      : par.cp > 1
        ? [
            `Attention core: K, V ${verb} cp = ${par.cp}`,
            `Attention: K, V ${verb} cp = ${par.cp}`,
            `Attention, cp = ${par.cp}`,
          ]
        : tp > 1
          ? ['Attention core: heads split over tp', 'Attention: heads split over tp']
          : ['Attention core'];
  cy += row(g, x, cy, w, core, (yy) => g.append(slices(x, yy, boxW, 20, tp)));
  mark(g, 'layer.attention.core', x + boxW + 8, cy - 16);
  if (model.window > 0) {
    const full = model.full_every > 0 ? `; every ${ordinal(model.full_every)} layer sees all` : '';
    g.append(
      fitText(x, cy + 2, w, [
        `Sliding layers attend to the last ${model.window} tokens${full}`,
        `Sliding window: ${model.window} tokens`,
        `Window ${model.window}`,
      ]),
    );
    cy += 14;
  }
  cy +=
    row(
      g,
      x,
      cy,
      w,
      tp > 1
        ? ['Output projection: row-parallel (partial sums)', 'Output projection: row-parallel', 'Output projection']
        : ['Output projection'],
      (yy) => g.append(slices(x, yy, boxW, 32, tp, { direction: 'rows', cap: 8 })),
    ) + 8;
  mark(g, 'layer.attention.out', x + boxW + 8, cy - 16);
  norm('layer.mlp.in', 'Norm (MLP)');
  if (model.experts > 1) {
    cy += row(g, x, cy, w, ['Router: copied on every rank', 'Router (on every rank)'], (yy) =>
      g.append(plainBox(x, yy, boxW, 16, '')),
    );
    const shown = Math.min(model.experts, 16);
    const per = model.experts / par.ep;
    // Under expert tensor parallelism each expert is split over etp ranks, not tp.
    const split = par.etp !== undefined ? `, each split over etp = ${par.etp}` : '';
    const short = par.etp !== undefined ? `, etp = ${par.etp}` : '';
    const label =
      par.ep > 1
        ? [
            `${model.experts} experts on ep = ${par.ep} ranks${split} (colour = EP rank)`,
            `${model.experts} experts on ep = ${par.ep} ranks${split}`,
            `${model.experts} experts, ep = ${par.ep}${short}`,
          ]
        : [`${model.experts} experts, all on every rank`, `${model.experts} experts on every rank`];
    g.append(fitText(x, cy + 10, w, label));
    const ew = boxW / shown;
    for (let e = 0; e < shown; e += 1) {
      const idx = model.experts > shown && e === shown - 1 ? model.experts - 1 : e;
      g.append(deviceRect(x + e * ew + 1, cy + 14, ew - 2, 24, par.ep > 1 ? Math.floor(idx / per) : 0));
      g.append(s('rect', { x: x + e * ew + 1, y: cy + 14, width: ew - 2, height: 24, class: 'box-outline' }));
    }
    mark(g, 'layer.moe', x + boxW + 8, cy + 26);
    cy += 46;
    if (model.shared_experts > 0) {
      const n = model.shared_experts;
      cy += row(
        g,
        x,
        cy,
        w,
        tp > 1
          ? [
              `${n} shared expert${n === 1 ? '' : 's'}: every token, split over tp like a dense MLP`,
              `Shared expert${n === 1 ? '' : 's'}: every token, over tp`,
              'Shared expert',
            ]
          : [`${n} shared expert${n === 1 ? '' : 's'}: every token passes through`, 'Shared expert', 'Shared'],
        (yy) => g.append(slices(x, yy, boxW, 16, tp)),
      );
    }
    cy += row(
      g,
      x,
      cy,
      w,
      ['Combine: weighted sum of the chosen experts', 'Combine: weighted sum of experts', 'Combine'],
      (yy) => g.append(plainBox(x, yy, boxW, 16, '')),
    );
    const dense = model.dense_layers > 0 ? `the first ${model.dense_layers} layers have a dense MLP` : '';
    const every =
      model.moe_every > 1 ? `experts in every ${ordinal(model.moe_every)} layer, a dense MLP in the rest` : '';
    const mix = [dense, every].filter(Boolean).join('; ');
    if (mix) {
      g.append(fitText(x, cy + 2, w, [`Not every layer: ${mix}`, mix, 'Some layers dense']));
      cy += 14;
    }
  } else {
    const gated = model.mlp === 'swiglu';
    const [up, upShort] = gated ? ['Gate and up projections', 'Gate, up'] : ['FC1', 'FC1'];
    const act = gated ? 'SwiGLU' : 'GeLU';
    const [down, downShort] = gated ? ['Down projection', 'Down'] : ['FC2', 'FC2'];
    cy += row(g, x, cy, w, tp > 1 ? [`${up}: column-parallel`, `${upShort}: column-parallel`, upShort] : [up], (yy) =>
      g.append(slices(x, yy, boxW, 20, tp)),
    );
    cy += row(
      g,
      x,
      cy,
      w,
      tp > 1 ? [`${act} activation: local, no exchange`, `${act}: local, no exchange`, act] : [`${act} activation`],
      (yy) => g.append(slices(x, yy, boxW, 12, tp)),
    );
    cy +=
      row(
        g,
        x,
        cy,
        w,
        tp > 1 ? [`${down}: row-parallel (partial sums)`, `${down}: row-parallel`, downShort] : [down],
        (yy) => g.append(slices(x, yy, boxW, 32, tp, { direction: 'rows', cap: 8 })),
      ) + 8;
  }
  mark(g, 'layer.mlp.fc2', x + boxW + 8, cy - 16);
  return cy - y;
}
