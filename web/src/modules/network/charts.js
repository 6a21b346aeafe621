// The network lab's charts (uPlot, log axes): time against message size per algorithm with
// NCCL's pick at the current size, bus bandwidth against message size, and the explorer split's
// exposed data-parallel time against NIC bandwidth. Every point is the engine's.
import uPlot from 'uplot';
import { h, replaceChildren } from '../../dom.js';
import { formatBytesDecimal, formatRate, formatSeconds } from '../../format.js';
import { label } from './readouts.js';

/** @typedef {import('../../answers').Answer<'collective'>} Collective */
/** @typedef {import('../../answers').Answer<'dp-network'>} DpNetwork */
/** @typedef {'time' | 'busbw' | 'dp'} ChartKey */
/** @typedef {{label: string, colour: string, dash?: number[]}} Line */

/** @param {string} name */
const cssVar = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

// Line colours reach 3:1 on the chart's background in both themes (base.css).
const COLOURS = /** @type {Record<string, string>} */ ({
  ring: '--accent',
  tree: '--dev-5',
  hierarchical: '--dev-2',
  'point-to-point': '--accent',
});

const positive = (/** @type {number[]} */ a) => a.map((v) => (v > 0 ? v : null));

/**
 * Whole decades, thinned to about five labels.
 * @param {uPlot} u
 * @param {number} axisIdx
 * @param {number} min
 * @param {number} max
 */
function decades(u, axisIdx, min, max) {
  const lo = Math.ceil(Math.log10(min) - 1e-9);
  const hi = Math.floor(Math.log10(max) + 1e-9);
  const step = Math.max(1, Math.ceil((hi - lo + 1) / (u.width < 480 ? 4 : 6)));
  /** @type {number[]} */
  const out = [];
  for (let e = lo; e <= hi; e += 1) if (e % step === 0) out.push(10 ** e);
  return out;
}

/**
 * @param {string} title
 * @param {(v: number) => string} fmt
 * @param {number} [size] room for the tick labels beside the title
 * @returns {uPlot.Axis}
 */
function axis(title, fmt, size = 64) {
  return {
    label: title,
    size,
    splits: decades,
    filter: (/** @type {uPlot} */ u, /** @type {number[]} */ vals) => vals,
    values: (/** @type {uPlot} */ u, /** @type {(number | null)[]} */ vals) =>
      vals.map((v) => (v == null ? '' : fmt(v))),
    stroke: cssVar('--muted'),
    grid: { stroke: cssVar('--border'), width: 1 },
    ticks: { stroke: cssVar('--border') },
  };
}

/** @param {HTMLElement} box */
function sizeOf(box) {
  const width = Math.max(260, Math.floor(box.clientWidth || 600));
  return { width, height: Math.round(Math.min(320, Math.max(200, width * 0.55))) };
}

/**
 * Legend entries, a list beside the chart.
 * @param {HTMLElement} el
 * @param {Line[]} lines
 * @param {string} [dot] what the dot marks
 */
function legend(el, lines, dot) {
  const items = lines.map((l) => {
    const swatch = h('span', { class: `net-swatch${l.dash ? ' dashed' : ''}`, 'aria-hidden': 'true' });
    swatch.style.borderColor = l.colour;
    return h('li', {}, swatch, l.label);
  });
  if (dot) items.push(h('li', {}, h('span', { class: 'net-dot-key', 'aria-hidden': 'true' }), dot));
  replaceChildren(el, ...items);
}

export class NetworkCharts {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
    /** @type {Partial<Record<ChartKey, {plot: uPlot, key: string}>>} */
    this.plots = {};
    /** @type {{x: number, y: number} | null} */
    this.point = null;
    const observer = new ResizeObserver(() => {
      for (const [key, p] of Object.entries(this.plots)) if (p) p.plot.setSize(sizeOf(this.el(`net-chart-${key}`)));
    });
    for (const key of ['time', 'busbw', 'dp']) observer.observe(this.el(`net-chart-${key}`));
  }

  /**
   * A chart for `lines`, made again when the lines change (another collective has others).
   * @param {ChartKey} key
   * @param {Line[]} lines
   * @param {[uPlot.Axis, uPlot.Axis]} axes
   * @param {(u: uPlot) => void} [draw]
   */
  chart(key, lines, axes, draw) {
    const id = lines.map((l) => l.label).join('|');
    const had = this.plots[key];
    if (had && had.key === id) return had.plot;
    had?.plot.destroy();
    const box = this.el(`net-chart-${key}`);
    box.textContent = '';
    const plot = new uPlot(
      {
        ...sizeOf(box),
        scales: { x: { time: false, distr: 3, log: 10 }, y: { distr: 3, log: 10 } },
        axes,
        series: [
          {},
          ...lines.map((l) => ({ label: l.label, stroke: l.colour, width: 2, dash: l.dash, points: { show: false } })),
        ],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        hooks: draw ? { draw: [draw] } : {},
      },
      [[1, 2], ...lines.map(() => [null, null])],
      box,
    );
    this.plots[key] = { plot, key: id };
    return plot;
  }

  /** @param {Collective} r */
  update(r) {
    const curves = /** @type {Record<string, number[]>} */ (r.curve.time);
    const names = Object.keys(curves);
    const lines = names.map((n) => ({ label: label(n), colour: cssVar(COLOURS[n] ?? '--accent') }));
    const bytes = axis('Message size', (v) => formatBytesDecimal(v, 1));
    this.point = { x: r.bytes, y: r.time };
    const time = this.chart('time', lines, [bytes, axis('Time', (v) => formatSeconds(v, 1), 72)], (u) => this.dot(u));
    time.setData([r.curve.bytes, ...names.map((n) => positive(curves[n]))]);
    legend(this.el('net-legend-time'), lines, 'the call at the current size');
    const bw = [{ label: `Bus bandwidth, ${label(r.requested)}`, colour: cssVar('--dev-2') }];
    const busbw = this.chart('busbw', bw, [bytes, axis('Bus bandwidth', (v) => formatRate(v, 1), 80)]);
    busbw.setData([r.curve.bytes, positive(r.curve.busbw)]);
    legend(this.el('net-legend-busbw'), bw);
  }

  /** @param {DpNetwork} r */
  updateDp(r) {
    const lines = [
      { label: 'As run', colour: cssVar('--accent') },
      { label: 'Bound', colour: cssVar('--dev-5'), dash: [6, 4] },
    ];
    const c = r.curve;
    const plot = this.chart('dp', lines, [
      axis('NIC bandwidth per GPU', (v) => formatRate(v, 1)),
      axis('Exposed per step', (v) => formatSeconds(v, 1), 72),
    ]);
    plot.setData([c.inter_bandwidth, positive(c.exposed), positive(c.exposed_bound)]);
    legend(this.el('net-legend-dp'), lines);
  }

  /**
   * The call at the current size: a dot on the time chart.
   * @param {uPlot} u
   */
  dot(u) {
    const p = this.point;
    if (!p || !(p.y > 0)) return;
    const ctx = u.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.arc(u.valToPos(p.x, 'x', true), u.valToPos(p.y, 'y', true), 5 * devicePixelRatio, 0, 2 * Math.PI);
    ctx.fillStyle = cssVar('--text');
    ctx.strokeStyle = cssVar('--surface');
    ctx.lineWidth = 2 * devicePixelRatio;
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }
}
