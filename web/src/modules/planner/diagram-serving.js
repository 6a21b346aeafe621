// The diagram's serving pieces: the KV cache each GPU of a stage keeps (drawn in the stage's
// band) and, in place of the ZeRO state bars, what each GPU holds while serving — weights, KV
// cache, the prefill working set, the runtime's reserve and what is free — as bars to scale of
// its memory. The sizes are the engine's (`stages[].memory`); the page only formats them.
import { formatBytesDecimal, formatCount } from '../../format.js';
import { deviceRect, fitText, text } from './svg.js';
import { s } from './vnode.js';

/** @typedef {import('./diagram.js').Plan} Plan */
/** @typedef {Plan['stages'][number]} Stage */
/** @typedef {import('./vnode.js').VNode} VNode */

const GB = (/** @type {number} */ bytes) => formatBytesDecimal(bytes);

/** The parts of one device's memory, in the order the bars stack them. */
/** @type {{key: 'weights' | 'kv_cache' | 'activations' | 'reserve', cls: string, label: string}[]} */
export const MEMORY_PARTS = [
  { key: 'weights', cls: 'seg-inf-weights', label: 'weights' },
  { key: 'kv_cache', cls: 'seg-inf-kv', label: 'KV cache' },
  { key: 'activations', cls: 'seg-inf-act', label: 'prefill working set' },
  { key: 'reserve', cls: 'seg-inf-reserve', label: 'runtime reserve' },
];

/**
 * What the tokens line of the spine says in each phase, longest wording first (the spine keeps
 * the longest that fits).
 * @param {Plan} plan
 */
export function servingTokens(plan) {
  if (plan.phase === 'prefill') {
    const n = formatCount(plan.serving.prompt);
    return [`Prefill: one prompt of ${n} tokens`, `Prefill: a ${n}-token prompt`];
  }
  const users = plan.memory.sequences_per_device;
  const who = `${formatCount(users)} user${users === 1 ? '' : 's'}`;
  return [`Decode step: one new token for each of ${who}`, `Decode: one token for each of ${who}`];
}

/**
 * The KV cache row of a stage band: one small block per GPU of the stage (a device-coloured top
 * edge over the cache colour), and the size each holds. Returns the height used.
 * @param {VNode} g
 * @param {Stage} st
 * @param {number} x
 * @param {number} y
 * @param {number} w
 */
export function kvRow(g, st, x, y, w) {
  const kv = GB(st.memory.kv_cache);
  g.append(fitText(x, y + 10, w, [`KV cache per GPU: ${kv}`, `KV cache: ${kv}`, `KV ${kv}`]));
  const n = Math.min(st.devices, 8);
  const cw = Math.min(16, w / n);
  const cells = s('g', { class: 'kv-blocks' });
  for (let i = 0; i < n; i += 1) {
    const rank = st.devices > n && i === n - 1 ? st.devices - 1 : i;
    const cx = x + i * cw;
    cells.append(
      deviceRect(cx, y + 15, cw - 3, 4, rank),
      s('rect', { x: cx, y: y + 19, width: cw - 3, height: 10, class: 'seg-inf-kv kv-block' }),
      s('rect', { x: cx, y: y + 15, width: cw - 3, height: 14, class: 'box-outline' }),
    );
  }
  g.append(cells);
  return 32;
}

/**
 * Breaks `parts` into lines of at most `chars` characters, joined by " · ".
 * @param {string[]} parts
 * @param {number} chars
 */
function lines(parts, chars) {
  /** @type {string[]} */
  const out = [];
  let line = '';
  for (const p of parts) {
    const next = line ? `${line} · ${p}` : p;
    if (line && next.length > chars) {
      out.push(line);
      line = p;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * What one GPU of each drawn stage holds, as a bar to scale of its memory with the parts named
 * in GB. `stages` may hold null for the gap of a long pipeline. `place(g, where, x, y)` puts the
 * marker of a transfer at the KV cache (the prompt's cache handed to a decode GPU). Returns the height.
 * @param {VNode} g
 * @param {Plan} plan
 * @param {(Stage | null)[]} stages
 * @param {(g: VNode, where: string, x: number, y: number) => boolean} place
 * @param {number} x
 * @param {number} y
 * @param {number} w
 */
export function servingMemory(g, plan, stages, place, x, y, w) {
  const below = w < 600; // narrow: labels above the bars, markers under them
  const labelW = below ? 0 : 130;
  const barW = w - labelW - (below ? 8 : 150);
  const users = plan.memory.sequences_per_device;
  let cy = y;
  g.append(text(x, cy + 14, 'What each GPU holds', 'dg-title'));
  g.append(
    text(
      x,
      cy + 32,
      `serving ${formatCount(users)} user${users === 1 ? '' : 's'} per replica${below ? '' : '; bars to scale of its memory'}`,
      'dg-small',
    ),
  );
  cy += 44;
  const list = s('g', { class: 'dg-serving-memory' });
  g.append(list);
  for (const st of stages) {
    const sg = s('g');
    list.append(sg);
    if (st === null) {
      sg.append(text(x, cy + 12, '⋮', 'dg-small'));
      cy += 18;
      continue;
    }
    const m = st.memory;
    const each = st.devices === 1 ? 'its one GPU' : `each of ${st.devices} GPUs`;
    if (below) {
      sg.append(text(x, cy + 12, `Stage ${st.index + 1}, ${each}`, 'dg-label'));
      cy += 18;
    } else sg.append(text(x, cy + 12, `Stage ${st.index + 1}`, 'dg-label'), text(x, cy + 27, each, 'dg-small'));
    const bx = x + labelW;
    const scale = barW / Math.max(m.capacity, m.total);
    const bar = s('g', { class: 'mem-bar' });
    let at = bx;
    for (const part of MEMORY_PARTS) {
      const pw = m[part.key] * scale;
      bar.append(s('rect', { x: at, y: cy + 2, width: Math.max(pw, 0), height: 20, class: `seg ${part.cls}` }));
      at += pw;
    }
    bar.append(s('rect', { x: bx, y: cy + 2, width: m.capacity * scale, height: 20, class: 'box-outline' }));
    // The capacity line: a bar past it does not fit.
    bar.append(
      s('line', {
        x1: bx + m.capacity * scale,
        y1: cy - 2,
        x2: bx + m.capacity * scale,
        y2: cy + 26,
        class: 'mem-capacity',
      }),
    );
    sg.append(bar);
    const parts = [
      `KV cache ${GB(m.kv_cache)}`,
      `weights ${GB(m.weights)}`,
      `working set ${GB(m.activations)}`,
      `reserve ${GB(m.reserve)}`,
      m.fits ? `free ${GB(m.free)} of ${GB(m.capacity)}` : `over ${GB(m.capacity)}: does not fit`,
    ];
    let ly = cy + 38;
    for (const line of lines(parts, Math.floor(barW / 6.4))) {
      sg.append(text(bx, ly, line, 'dg-small'));
      ly += 15;
    }
    cy = ly - 4;
  }
  const hasMarker = place(g, 'kv-cache', below ? x : x + w - 140, below ? cy + 14 : y + 50);
  return cy - y + (below && hasMarker ? 30 : 6);
}
