// The model diagram: one transformer drawn once, re-coloured by the split. Left, one replica
// through its pipeline stages (embedding, layers, head); right, the inside of one layer with
// its matmuls cut by tensor parallelism; below, what each data-parallel rank stores under ZeRO.
// Every entry of the engine's `communication` list gets a marker where its `where` points.
// A serving plan (`mode: "inference"`, one phase's transfers) is drawn the same way, with the KV
// cache on each GPU and what each GPU holds in place of the ZeRO state (diagram-serving.js).
import { arrow, arrowDefs, fitText, marker, markerWidth, patternDefs, plainBox, slices, text } from './svg.js';
import { drawnFromSame, patch, s } from './vnode.js';
import { kvRow, servingMemory, servingTokens } from './diagram-serving.js';
import { LAYER_PLACES, layerDetail } from './diagram-layer.js';
import { zeroState } from './diagram-zero.js';

/** @typedef {import('../../answers').Answer<'plan'>} PlanAnswer */
/** @typedef {PlanAnswer['communication']} Communication */
/** @typedef {Extract<Communication, unknown[]>[number]} TrainingTransfer */
/** @typedef {Exclude<Communication, unknown[]>['decode'][number]} ServingTransfer */
/** A transfer: a training plan's list, or a serving plan's list for one phase. */
/** @typedef {TrainingTransfer | ServingTransfer} Transfer */
/** @typedef {Omit<PlanAnswer, 'communication'> & {communication: TrainingTransfer[]}} TrainingPlan */
/** A serving plan: its transfers by phase. */
/** @typedef {Omit<PlanAnswer, 'communication'> & {communication: Exclude<Communication, unknown[]>}} ServingPlan */
/**
 * The plan as the diagram draws it: a training plan, or a serving plan with one phase's
 * transfers in `communication` and that phase named (inference.js prepares it).
 * @typedef {Omit<PlanAnswer, 'communication'> & {communication: Transfer[], phase?: string}} Plan
 */
/** @typedef {Plan['stages'][number]} Stage */
/** @typedef {import('./vnode.js').VNode} VNode */
/** The transfers not yet drawn, by the place they happen (place() takes each once). */
/** @typedef {Map<string, Transfer[]>} Places */
/** Draws the marker of the transfers at `where` into g, if any are left; true when it did. */
/** @typedef {(g: VNode, where: string, x: number, y: number) => boolean} Mark */

const MAX_STAGES_DRAWN = 6;
const NARROW_PX = 620;

/**
 * The drawing width for a container this wide (content box, px): the wide drawing (0) from
 * NARROW_PX up; below, the container's own width in 8 px steps, so the diagram's text is drawn
 * at its CSS size rather than scaled down.
 * @param {number} width
 */
export function narrowWidth(width) {
  return width > 0 && width < NARROW_PX ? Math.max(272, Math.floor((width - 12) / 8) * 8) : 0;
}

/**
 * Groups the engine's transfers by the place they happen.
 * @param {Transfer[]} communication
 */
function byWhere(communication) {
  /** @type {Places} */
  const map = new Map();
  for (const t of communication) {
    const list = map.get(t.where) ?? [];
    list.push(t);
    map.set(t.where, list);
  }
  return map;
}

/** Places a marker for `where` if the plan has transfers there; remembers it as placed. */
// Every place keeps a slot (an empty group when nothing crosses there), so a marker that comes
// or goes does not shift the elements after it: patch() matches children by position.
/**
 * @param {VNode} g
 * @param {Places} at
 * @param {string} where
 * @param {number} x
 * @param {number} y
 */
function place(g, at, where, x, y) {
  const list = at.get(where);
  if (!list) {
    g.append(s('g'));
    return false;
  }
  g.append(marker(x, y, list, where));
  at.delete(where);
  return true;
}

/** @param {Stage} st */
function stageRange(st) {
  return st.layers === 1 ? `layer ${st.first_layer + 1}` : `layers ${st.first_layer + 1}–${st.first_layer + st.layers}`;
}

/**
 * Which stages to draw: all when few; otherwise the first two, a gap, the last two.
 * @param {Stage[]} stages
 * @returns {(Stage | null)[]}
 */
function drawnStages(stages) {
  if (stages.length <= MAX_STAGES_DRAWN) return stages;
  return [stages[0], stages[1], null, stages[stages.length - 2], stages[stages.length - 1]];
}

/** The places the spine's markers go; the phone drawing keeps room beside its boxes for them. */
const SPINE_PLACES = ['embedding', 'stage-boundary', 'head'];

/**
 * @param {VNode} g
 * @param {Plan} plan
 * @param {Places} at
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} [keep] the phone drawing: the room its boxes leave for the markers beside them
 */
function spine(g, plan, at, x, y, w, keep) {
  const par = plan.parallel;
  const tp = par.tp;
  const serving = plan.mode === 'inference';
  const narrow = keep !== undefined;
  const boxW = narrow ? Math.max(60, w - keep) : w - 150;
  const stageWord = `stage${par.pp > 1 ? 's' : ''}`;
  let cy = y;
  g.append(
    fitText(
      x,
      cy + 14,
      w,
      [
        `One replica across ${par.pp} pipeline ${stageWord}`,
        `One replica, ${par.pp} pipeline ${stageWord}`,
        `${par.pp} pipeline ${stageWord}`,
      ],
      'dg-title',
    ),
  );
  cy += 28;
  // Input sequence: context parallelism cuts it into cp pieces, one per rank.
  g.append(
    fitText(
      x,
      cy + 10,
      w,
      serving
        ? servingTokens(plan)
        : par.cp > 1
          ? [
              `Tokens b × s, sequence split over cp = ${par.cp} (CP ranks)`,
              `Tokens b × s, sequence split over cp = ${par.cp}`,
              `Tokens, split over cp = ${par.cp}`,
            ]
          : ['Tokens b × s (whole sequence on every rank)', 'Tokens b × s (whole sequence)'],
    ),
  );
  cy += 16;
  g.append(par.cp > 1 ? slices(x, cy, boxW, 14, par.cp) : plainBox(x, cy, boxW, 14, ''));
  cy += 22;
  g.append(
    fitText(
      x,
      cy + 10,
      w,
      tp > 1
        ? [
            `Embedding, vocabulary split over tp = ${tp}`,
            `Embedding, vocabulary over tp = ${tp}`,
            `Embedding over tp = ${tp}`,
          ]
        : ['Embedding'],
    ),
  );
  cy += 14;
  g.append(slices(x, cy, boxW, 20, tp));
  place(g, at, 'embedding', x + boxW + 8, cy + 10);
  cy += 30;

  const stages = drawnStages(plan.stages ?? []);
  // The stages in one group, each in its own: more or fewer stages leave what follows alone.
  const list = s('g', { class: 'dg-stages' });
  g.append(list);
  stages.forEach((st, i) => {
    const sg = s('g');
    list.append(sg);
    if (st === null) {
      const more = plan.stages.length - 4;
      sg.append(
        fitText(x + boxW / 2, cy + 14, boxW + 8, [`⋮ ${more} more stages ⋮`, `⋮ ${more} more ⋮`], 'dg-small', 'middle'),
      );
      cy += 24;
      return;
    }
    const bandH = serving ? 96 : 62;
    sg.append(s('rect', { x: x - 4, y: cy, width: boxW + 8, height: bandH, rx: 6, class: 'stage-band' }));
    const range = stageRange(st);
    sg.append(
      fitText(
        x + 4,
        cy + 15,
        boxW - 4,
        [`Stage ${st.index + 1}: ${range}`, `Stage ${st.index + 1}: ${range.replace(/^layers? /, '')}`],
        'dg-label',
      ),
    );
    // A few layer bars stand for the stage's layers; "× n" says how many.
    const bars = Math.min(st.layers, 3);
    // The bars end clear of the "× n" count; the phone drawing, short of width, keeps just that.
    const barW = boxW - (narrow ? 64 : 70);
    // The bars behind are plain edges of the stack; the front one shows the tp split.
    const backs = s('g');
    for (let b = 0; b < bars - 1; b += 1)
      backs.append(s('rect', { x: x + 4 + b * 4, y: cy + 22 + b * 6, width: barW, height: 14, class: 'layer-back' }));
    sg.append(backs, slices(x + 4 + (bars - 1) * 4, cy + 22 + (bars - 1) * 6, barW, 14, tp, { cap: 8 }));
    sg.append(text(x + boxW - 8, cy + 42, `× ${st.layers}`, 'dg-count', 'end'));
    if (serving) kvRow(sg, st, x + 4, cy + 58, boxW - 8);
    cy += bandH;
    const next = stages[i + 1];
    if (i < stages.length - 1 && next !== undefined) {
      // Stage boundary: activations go down in the forward pass, gradients come back up.
      // Serving has no backward pass: only the hidden state goes on.
      sg.append(arrow(x + boxW / 2 - 10, cy + 2, x + boxW / 2 - 10, cy + 16, 'flow flow-fwd'));
      sg.append(serving ? s('g') : arrow(x + boxW / 2 + 10, cy + 16, x + boxW / 2 + 10, cy + 2, 'flow flow-bwd'));
      if (i === 0) place(sg, at, 'stage-boundary', x + boxW + 8, cy + 9);
      cy += 18;
    } else cy += 8;
  });
  g.append(
    fitText(
      x,
      cy + 10,
      w,
      tp > 1
        ? [
            `Final norm and LM head, vocabulary split over tp = ${tp}`,
            `Final norm and LM head over tp = ${tp}`,
            `LM head over tp = ${tp}`,
          ]
        : ['Final norm and LM head'],
    ),
  );
  cy += 14;
  g.append(slices(x, cy, boxW, 20, tp));
  place(g, at, 'head', x + boxW + 8, cy + 10);
  cy += 28;
  return cy - y;
}

/**
 * Draws the diagram for a valid plan into `container`, reusing the elements of the last
 * drawing where they still fit.
 * @param {HTMLElement} container
 * @param {Plan} plan  the engine's plan response (valid)
 * @param {number} narrow  0 for the wide drawing; else the narrow drawing's width (stacked panels)
 */
export function renderDiagram(container, plan, narrow, labelledBy = 'planner-diagram-caption planner-describe-h') {
  // The drawing reads only these parts of the plan: when none changed (a new batch size,
  // schedule or recomputation), the picture on the page is already right.
  const { dp, tp, pp, cp, ep, zero, sequence_parallel: sp } = plan.parallel; // not the schedule or recomputation
  // A serving drawing also shows each stage's memory and the phase's tokens.
  const serving =
    plan.mode === 'inference'
      ? [
          plan.phase,
          plan.memory.sequences_per_device,
          plan.serving.prompt,
          plan.stages.map((st) => [st.memory, st.devices, st.kv_heads_per_device]),
        ]
      : null;
  const same = drawnFromSame(container, [
    narrow,
    dp,
    tp,
    pp,
    cp,
    ep,
    zero,
    sp,
    plan.model,
    serving,
    labelledBy,
    (plan.stages ?? []).map((st) => [st.index, st.first_layer, st.layers]),
    (plan.communication ?? []).map((t) => [t.id, t.where, t.group, t.group_size, t.collective, t.phase]),
  ]);
  if (same && container.firstChild) return;
  patch(container, [drawDiagram(plan, narrow, labelledBy)]);
}

/**
 * Describes the diagram for a valid plan. Returns the SVG's VNode; markers carry data-ids for the table.
 * @param {Plan} plan  the engine's plan response (valid)
 * @param {number} narrow  0 for the wide drawing; else the narrow drawing's width (stacked panels)
 * @param {string} labelledBy  ids of the caption and the text equivalent
 */
export function drawDiagram(plan, narrow, labelledBy = 'planner-diagram-caption planner-describe-h') {
  const at = byWhere(plan.communication ?? []);
  const W = narrow || 800;
  const svg = s('svg', { class: 'planner-svg', role: 'group', 'aria-labelledby': labelledBy, viewBox: `0 0 ${W} 100` });
  const defs = patternDefs();
  defs.append(arrowDefs());
  svg.append(defs);
  const g = s('g');
  svg.append(g);
  // Replicas: data parallelism copies the whole picture; shadows behind say how many copies.
  // Each part is its own group (the shadows' slot is there even without DP), so a change in one
  // part does not shift the elements of the next (patch() matches children by position).
  const dp = plan.parallel.dp;
  const serving = plan.mode === 'inference';
  // What each GPU holds: the ZeRO state when training, weights and KV cache when serving.
  /** @type {Mark} */
  const mark = (pg, where, px, py) => place(pg, at, where, px, py);
  /** @type {(g: VNode, x: number, y: number, w: number) => number} */
  const state = serving
    ? (sg, x, y, w) => servingMemory(sg, plan, drawnStages(plan.stages), mark, x, y, w)
    : (sg, x, y, w) => zeroState(sg, plan, mark, x, y, w);
  const shadows = s('g', { class: 'replica-shadows' });
  const [gSpine, gLayer, gState] = [s('g'), s('g'), s('g')];
  g.append(shadows, gSpine, gLayer, gState);
  let height;
  if (narrow) {
    // Everything stays inside the front replica's card (x 4 to W − 10), 6 units clear of it.
    const inner = W - 26;
    // Each panel's boxes leave room for the widest marker it places, and no more.
    const keep = (/** @type {string[]} */ places) =>
      10 + Math.max(0, ...places.map((where) => markerWidth(at.get(where))));
    const [spineKeep, layerKeep] = [keep(SPINE_PLACES), keep(LAYER_PLACES)]; // before any is placed
    const h1 = spine(gSpine, plan, at, 10, 6, inner, spineKeep);
    const h2 = layerDetail(gLayer, plan, mark, 10, h1 + 16, inner, layerKeep);
    const h3 = state(gState, 10, h1 + h2 + 26, inner);
    height = h1 + h2 + h3 + 36;
  } else {
    const h1 = spine(gSpine, plan, at, 14, 6, 350);
    const h2 = layerDetail(gLayer, plan, mark, 384, 6, W - 386);
    const top = Math.max(h1, h2) + 14;
    const h3 = state(gState, 14, top, W - 20);
    height = top + h3 + 10;
  }
  if (dp > 1) {
    for (let k = Math.min(dp - 1, 3); k >= 1; k -= 1)
      shadows.append(
        s('rect', { x: 4 + k * 4, y: 2 + k * 4, width: W - 14, height: height - 8, rx: 10, class: 'replica-shadow' }),
      );
    shadows.append(s('rect', { x: 4, y: 2, width: W - 14, height: height - 8, rx: 10, class: 'replica-front' }));
    // Serving with ep > 1 spreads the experts over the replicas: their weights differ.
    const copies = !serving
      ? 'same weights, different examples'
      : plan.parallel.ep > 1
        ? `different users, experts spread over ep = ${plan.parallel.ep}`
        : 'same weights, different users';
    if (narrow) {
      // Two lines: one would run off a phone's edge at the size it is read.
      g.append(text(14, height + 10, `× dp = ${dp} replicas:`, 'dg-small'), text(14, height + 25, copies, 'dg-small'));
      height += 31;
    } else {
      g.append(text(W - 16, height + 10, `× dp = ${dp} replicas: ${copies}`, 'dg-small', 'end'));
      height += 16;
    }
  }
  // Anything the engine lists at a place this drawing does not know is still shown.
  let oy = height;
  for (const [where] of at) {
    g.append(text(14, oy + 14, `Elsewhere (${where}):`, 'dg-small'));
    place(g, at, where, 180, oy + 10);
    oy += 24;
  }
  svg.setAttribute('viewBox', `0 0 ${W + 12} ${oy + 6}`);
  return svg;
}
