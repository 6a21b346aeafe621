// Drawing pieces shared by the diagram, the state bars and the schedule: device swatches (a
// colour and a pattern, so the split reads without colour vision), text, and crossing markers,
// each a description that vnode.js's patch writes into the page.
import { s } from './vnode.js';

export const DEVICE_STYLES = 8;

/**
 * Short names for collectives on the markers; the table and the legend spell them out.
 * @type {Record<string, string>}
 */
export const COLLECTIVE_SHORT = {
  'all-reduce': 'AR',
  'reduce-scatter': 'RS',
  'all-gather': 'AG',
  'send-recv': 'SR',
  'all-to-all': 'A2A',
};

/**
 * Pattern definitions: one per device style, each a tile of the device colour (from CSS) with
 * its own texture (plain, lines, dots, hatching), so neighbours differ in more than hue. One
 * rect per slice then suffices, which keeps redraws cheap.
 */
export function patternDefs() {
  const defs = s('defs');
  const shapes = [
    () => [],
    () => [s('path', { d: 'M0 8 L8 0', class: 'pat-ink' })],
    () => [s('circle', { cx: 4, cy: 4, r: 1.4, class: 'pat-dot' })],
    () => [s('path', { d: 'M0 8 L8 0 M0 0 L8 8', class: 'pat-ink' })],
    () => [s('path', { d: 'M0 4 L8 4', class: 'pat-ink' })],
    () => [s('path', { d: 'M4 0 L4 8', class: 'pat-ink' })],
    () => [s('path', { d: 'M0 0 L8 8', class: 'pat-ink' })],
    () => [s('path', { d: 'M0 4 L8 4 M4 0 L4 8', class: 'pat-ink' })],
  ];
  shapes.forEach((make, i) => {
    defs.append(
      s(
        'pattern',
        { id: `pl-pat-${i}`, width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
        s('rect', { width: 8, height: 8, class: `dev-fill dev-${i}` }),
        ...make(),
      ),
    );
  });
  return defs;
}

/**
 * A rectangle filled as device style `k` (colour plus texture).
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} k
 */
export function deviceRect(x, y, w, h, k, extraClass = '') {
  const style = ((k % DEVICE_STYLES) + DEVICE_STYLES) % DEVICE_STYLES;
  return s('rect', {
    x,
    y,
    width: Math.max(w, 0.5),
    height: Math.max(h, 0.5),
    fill: `url(#pl-pat-${style})`,
    class: `dev ${extraClass}`.trim(),
  });
}

/**
 * Splits a box into `n` device slices: 'columns' side by side (column-parallel weights, a
 * sequence split) or 'rows' stacked (row-parallel weights). More than `cap` slices are drawn
 * as the first cap − 1, a gap and the last, so a wide split stays legible.
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} n
 * @param {{direction?: string, cap?: number, label?: string}} [layout]
 */
export function slices(x, y, w, h, n, { direction = 'columns', cap = 16, label = undefined } = {}) {
  const g = s('g', { class: 'slices' });
  // The slices sit in their own group, so a new split count adds or drops rects at its end
  // and the outline and label after it are left as they are (patch() matches by position).
  const devices = s('g');
  const count = Math.max(1, n);
  const shown = count > cap ? cap : count;
  for (let i = 0; i < shown; i += 1) {
    const rank = count > cap && i === shown - 1 ? count - 1 : i;
    if (direction === 'columns') {
      const sw = w / shown;
      devices.append(deviceRect(x + i * sw, y, sw, h, rank));
    } else {
      const sh = h / shown;
      devices.append(deviceRect(x, y + i * sh, w, sh, rank));
    }
  }
  g.append(devices, s('rect', { x, y, width: w, height: h, class: 'box-outline' }));
  if (label) g.append(text(x + w / 2, y + h / 2 + 4, label, 'box-label', 'middle'));
  return g;
}

/**
 * A plain (undivided, replicated) box.
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} label
 */
export function plainBox(x, y, w, h, label, extraClass = '') {
  const g = s('g', { class: `plain ${extraClass}`.trim() });
  g.append(s('rect', { x, y, width: w, height: h, rx: 3, class: 'plain-box' }));
  if (label) g.append(text(x + w / 2, y + h / 2 + 4, label, 'box-label', 'middle'));
  return g;
}

/**
 * @param {number} x
 * @param {number} y
 * @param {string | number} content
 */
export function text(x, y, content, cls = 'dg-text', anchor = 'start') {
  return s('text', { x, y, class: cls, 'text-anchor': anchor, text: content });
}

/**
 * Weight and size (px) of each text class as planner.css draws it on a phone, where the drawing
 * is not scaled down: a label that fits at these sizes fits the wide drawing too.
 * @type {Record<string, [number, number]>}
 */
const TEXT_FONT = {
  'dg-title': [700, 15],
  'dg-label': [600, 13],
  'dg-small': [400, 12],
  'dg-count': [700, 14],
  'box-label': [600, 12],
  'crossing-label': [600, 12],
  'crossing-short': [700, 12],
};

/** @type {{ctx: CanvasRenderingContext2D | null, family: string} | null} */
let measurer = null;

/**
 * The width of `content` drawn in class `cls`, in drawing units. SVG text cannot wrap, so the
 * drawing picks the words that fit by measuring them with the page's own font; without a
 * document (node tests) a generous per-character estimate stands in.
 * @param {string} content
 * @param {string} cls
 */
export function textWidth(content, cls) {
  const [weight, px] = TEXT_FONT[cls] ?? [400, 12];
  if (typeof document === 'undefined') return content.length * px * 0.62;
  measurer ??= {
    ctx: document.createElement('canvas').getContext('2d'),
    family: getComputedStyle(document.documentElement).getPropertyValue('--font').trim() || 'sans-serif',
  };
  if (!measurer.ctx) return content.length * px * 0.62;
  measurer.ctx.font = `${weight} ${px}px ${measurer.family}`;
  return measurer.ctx.measureText(content).width;
}

/**
 * The first of `choices` (longest wording first) that fits in `room` drawing units; the last
 * when none does.
 * @param {number} room
 * @param {string} cls
 * @param {...string} choices
 */
export function fitting(room, cls, ...choices) {
  return choices.find((c) => textWidth(c, cls) <= room) ?? choices[choices.length - 1];
}

/**
 * What a marker shows for these transfers: the badge's short name(s) and one label per kind of
 * exchange. marker() draws them and markerWidth() measures them, so the two cannot drift apart.
 * @param {{group: string, collective: string}[]} transfers
 */
function markerWords(transfers) {
  return {
    short: [...new Set(transfers.map((t) => COLLECTIVE_SHORT[t.collective] ?? '?'))].join('+'),
    kinds: [...new Set(transfers.map((t) => `${t.group} ${t.collective}`))],
  };
}

/**
 * How far right of its x a marker for these transfers reaches (badge, gap, longest label): the
 * room a drawing keeps beside its boxes.
 * @param {{group: string, collective: string}[] | undefined} transfers
 */
export function markerWidth(transfers) {
  if (!transfers?.length) return 0;
  const { short, kinds } = markerWords(transfers);
  return badgeWidth(short) + 5 + Math.max(...kinds.map((k) => textWidth(k, 'crossing-label')));
}

/** @param {string} short */
function badgeWidth(short) {
  return Math.max(24, short.length * 7.5 + 10);
}

/**
 * A text element with the longest of `choices` that fits in `room` drawing units, measured in
 * the element's own class.
 * @param {number} x
 * @param {number} y
 * @param {number} room
 * @param {string[]} choices longest wording first
 */
export function fitText(x, y, room, choices, cls = 'dg-small', anchor = 'start') {
  return text(x, y, fitting(room, cls, ...choices), cls, anchor);
}

/**
 * The engine's place tags in words, for the markers' accessible names.
 * @type {Record<string, string>}
 */
const PLACE = {
  embedding: 'the embedding',
  head: 'the output head',
  'stage-boundary': 'the stage boundary',
  'layer.attention.in': 'the attention input',
  'layer.attention.core': 'the attention core',
  'layer.attention.out': 'the attention output',
  'layer.mlp.in': 'the MLP input',
  'layer.mlp.fc2': 'the MLP output',
  'layer.moe': 'the experts',
  gradients: 'the gradients',
  parameters: 'the weights',
  'kv-cache': 'the KV cache',
};

/**
 * A crossing marker: a badge with the collective's short name and a label, focusable, tied to
 * the table rows by the transfer ids it stands for.
 * @param {number} x
 * @param {number} y
 * @param {{id: string, group: string, collective: string, phase: string}[]} transfers the engine's
 *   communication entries (training or serving) drawn at this place
 * @param {string} where
 */
export function marker(x, y, transfers, where) {
  const ids = transfers.map((t) => t.id);
  const { short, kinds } = markerWords(transfers);
  const phases = [...new Set(transfers.map((t) => t.phase))].join(', ');
  const g = s('g', {
    class: `crossing group-${transfers[0].group}`,
    tabindex: 0,
    role: 'button',
    'data-where': where,
    'data-ids': ids.join(' '),
    // The name starts with the badge's visible text, so voice users can say what they see.
    'aria-label': `${short} ${kinds.join(' ')}: at ${PLACE[where] ?? where} (${phases}); ${ids.length} row${ids.length > 1 ? 's' : ''} in the table`,
  });
  const bw = badgeWidth(short);
  g.append(s('rect', { x, y: y - 10, width: bw, height: 20, rx: 10, class: 'crossing-badge' }));
  g.append(text(x + bw / 2, y + 4, short, 'crossing-short', 'middle'));
  // One line per kind of exchange, so two groups at one place both stay readable.
  // The space text nodes are not drawn but keep the words apart in the element's text, which
  // must read as the start of its accessible name (WCAG 2.5.3, label in name).
  kinds.forEach((k, i) =>
    g.append(' ', text(x + bw + 5, y + 4 + (i - (kinds.length - 1) / 2) * 13, k, 'crossing-label')),
  );
  return g;
}

/**
 * An arrow from (x1,y1) to (x2,y2) for a tensor that moves.
 * @param {number} x1
 * @param {number} y1
 * @param {number} x2
 * @param {number} y2
 */
export function arrow(x1, y1, x2, y2, cls = 'flow') {
  return s('line', { x1, y1, x2, y2, class: cls, 'marker-end': 'url(#pl-arrowhead)' });
}

export function arrowDefs() {
  return s(
    'marker',
    {
      id: 'pl-arrowhead',
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 6,
      markerHeight: 6,
      orient: 'auto-start-reverse',
    },
    s('path', { d: 'M0 0 L10 5 L0 10 z', class: 'arrowhead' }),
  );
}
