// The lab's three charts (uPlot, log axes). Curves arrive whole from one engine call; the
// current point, the latency-bound region and measured points are drawn in uPlot's draw hook.
import uPlot from 'uplot';
import { COMPARE, chartSeries, cssVar, drawLegends } from './chart-legends.js';
import { formatBytesDecimal, formatRate, formatSeconds } from '../../format.js';
import { formatCount } from '../../format.js';

/** @typedef {import('../../answers').Answer<'allreduce'>} Allreduce */
/** @typedef {Allreduce['curves']} Curves */
/** @typedef {'bytes' | 'ranks' | 'speedup'} ChartKey */
/** Where each chart's marks go: the current point, and per chart its crossover and range, busbw or best count. */
/** @typedef {{x?: number, y?: number, crossover?: number, total?: number[], bw?: number, bestX?: number, bestY?: number}} Marks */
/** @typedef {import('./chart-legends.js').Series} SeriesSpec */

// Log axes cannot show zero (a free startup makes the latency term 0): leave a gap instead.
const positive = (/** @type {(number | null)[]} */ arr) => arr.map((v) => (typeof v === 'number' && v > 0 ? v : null));

// Ticks at whole decades (thinned to about six labels) or at even powers of two: uPlot's own
// log ticks label every 2…9 × 10^k and crowd the axis.
/**
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
 * @param {uPlot} u
 * @param {number} axisIdx
 * @param {number} min
 * @param {number} max
 */
function powersOfFour(u, axisIdx, min, max) {
  /** @type {number[]} */
  const out = [];
  const step = u.width < 480 ? 4 : 2; // 1, 16, 256, 4096 on a phone
  for (let e = 0; 2 ** e <= max * 1.0001; e += step) if (2 ** e >= min * 0.9999) out.push(2 ** e);
  return out;
}

// uPlot passes null for ticks it skips; those get no label.
const labels =
  (/** @type {(v: number) => string} */ fmt) => (/** @type {uPlot} */ u, /** @type {(number | null)[]} */ vals) =>
    vals.map((v) => (v == null ? '' : fmt(v)));

/**
 * @param {string} label
 * @param {(v: number) => string} values
 * @param {number} [side]
 * @param {uPlot.Axis.Splits | null} [splits] null: uPlot's own
 * @returns {uPlot.Axis}
 */
function axis(label, values, side, splits = decades) {
  // Only set `side` when asked: an explicit undefined would override uPlot's defaults.
  // With our own splits, keep every label (uPlot's log filter would blank most of them).
  // size: room for the widest tick label ("100 ms") beside the axis title, so they do not overlap.
  return {
    label,
    values: labels(values),
    size: 64,
    ...(splits ? { splits, filter: (/** @type {uPlot} */ u, /** @type {number[]} */ vals) => vals } : {}),
    ...(side === undefined ? {} : { side }),
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
 * @param {uPlot} u
 * @param {number | null | undefined} x
 * @param {number | null | undefined} y
 * @param {string} colour
 * @param {number} radius
 */
function dot(u, x, y, colour, radius, scaleY = 'y') {
  if (x == null || y == null || !(y > 0)) return;
  const cx = u.valToPos(x, 'x', true);
  const cy = u.valToPos(y, scaleY, true);
  const ctx = u.ctx;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, radius * devicePixelRatio, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.strokeStyle = cssVar('--surface');
  ctx.lineWidth = 2 * devicePixelRatio;
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

/**
 * The current point and the fastest rank count are DOM dots over the canvas (in uPlot's
 * overlay), moved with a transform: a slider that only moves the point then repositions a dot
 * instead of redrawing the whole chart. `kind` picks the colour and size from lab.css.
 * @param {uPlot} u
 * @param {string} kind
 */
function overlayDot(u, kind) {
  const el = document.createElement('span');
  el.className = `lab-dot lab-dot-${kind}`;
  el.setAttribute('aria-hidden', 'true');
  el.hidden = true;
  u.over.append(el);
  return el;
}

/**
 * @param {uPlot} u
 * @param {HTMLElement} el
 * @param {number | undefined} x
 * @param {number | undefined} y
 */
function placeDot(u, el, x, y, scaleY = 'y') {
  const sx = u.scales.x;
  const sy = u.scales[scaleY];
  const show =
    x != null &&
    y != null &&
    y > 0 &&
    sx.min != null &&
    sy.min != null &&
    x >= sx.min &&
    x <= /** @type {number} */ (sx.max) && // set with min once the chart has data
    y >= sy.min &&
    y <= /** @type {number} */ (sy.max);
  if (el.hidden !== !show) el.hidden = !show;
  if (!show) return;
  const t = `translate(${u.valToPos(x, 'x').toFixed(1)}px, ${u.valToPos(y, scaleY).toFixed(1)}px)`;
  if (el.style.transform !== t) el.style.transform = t;
}

/** Owns the three uPlot instances and redraws them from each engine response. */
export class LabCharts {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
    /** @type {Partial<Record<ChartKey, uPlot>>} */
    this.plots = {};
    /** @type {boolean | null} */
    this.compareOn = null;
    /** @type {boolean | null} */
    this.fittedOn = null;
    /** @type {Record<ChartKey, Marks>} */
    this.marks = { bytes: {}, ranks: {}, speedup: {} };
    /** @type {{size: number, time: number}[]} */
    this.measured = [];
    /**
     * The data each chart last drew (engine curve objects), so unchanged charts are not redrawn.
     * @type {{bytes: object | null, ranks: object | null, speedup: object | null, fitted?: object | null}}
     */
    this.drawn = { bytes: null, ranks: null, speedup: null };
    /** Overlay dots per chart. */
    /** @type {Record<string, {point?: HTMLElement, bw?: HTMLElement, best?: HTMLElement}>} */
    this.dots = { bytes: {}, ranks: {}, speedup: {} };
    const observer = new ResizeObserver(() => this.resize());
    for (const id of ['lab-chart-bytes', 'lab-chart-ranks', 'lab-chart-speedup']) observer.observe(this.el(id));
    // A canvas far from the window is redrawn when it comes near, with the latest data: a slider
    // at the top of the lab then does not pay for charts below the fold. Their text equivalents
    // (the captions under each chart) are DOM and stay current on every change.
    /**
     * Whether each chart is within 100 px of the viewport (unknown at first: yes).
     * @type {Record<string, boolean>}
     */
    this.near = { bytes: true, ranks: true, speedup: true };
    /**
     * The latest redraw of each chart out of view, run when it comes near.
     * @type {Record<string, () => void>}
     */
    this.pending = {};
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const figure = /** @type {HTMLElement} */ (e.target);
          const key = /** @type {string} */ (figure.dataset.chart); // set below on every figure observed
          this.near[key] = e.isIntersecting;
          figure.dataset.near = String(e.isIntersecting); // what a test can wait for
          const run = this.pending[key];
          if (e.isIntersecting && run) {
            delete this.pending[key];
            run();
          }
        }
      },
      { rootMargin: '100px 0px' },
    );
    for (const key of ['bytes', 'ranks', 'speedup']) {
      const figure = this.el(`lab-chart-${key}-fig`);
      figure.dataset.chart = key;
      seen.observe(figure);
    }
  }

  /**
   * Runs a chart's redraw now when it is near the window, else when it comes near.
   * @param {ChartKey} key
   * @param {() => void} run
   */
  redraw(key, run) {
    if (this.near[key]) {
      delete this.pending[key];
      run();
    } else this.pending[key] = run;
  }

  resize() {
    for (const [key, plot] of /** @type {[string, uPlot][]} */ (Object.entries(this.plots)))
      plot.setSize(sizeOf(this.el(`lab-chart-${key}`)));
  }

  /**
   * Series sets change with the comparison toggle and a fit, so the charts are rebuilt then.
   * @param {boolean} compare
   * @param {boolean} fitted
   */
  ensure(compare, fitted) {
    if (this.compareOn === compare && this.fittedOn === fitted && this.plots.bytes) return;
    for (const p of /** @type {uPlot[]} */ (Object.values(this.plots))) p.destroy();
    this.drawn = { bytes: null, ranks: null, speedup: null };
    this.compareOn = compare;
    this.fittedOn = fitted;
    const series = chartSeries(compare, fitted);
    const sec = (/** @type {number} */ v) => formatSeconds(v, 1);
    this.plots.bytes = this.make(
      'bytes',
      series.bytes,
      {
        // The bandwidth term of a few bytes is femtoseconds: keep the axis on the total's range.
        x: { time: false, distr: 3, log: 10 },
        y: { distr: 3, log: 10, range: () => this.timeRange() },
      },
      [axis('Payload per rank', (v) => formatBytesDecimal(v, 1)), axis('Time', sec)],
      (u) => this.drawBytesMarks(u),
    );
    this.plots.ranks = this.make(
      'ranks',
      series.ranks,
      {
        x: { time: false, distr: 3, log: 2 },
        y: { distr: 3, log: 10 },
        bw: { range: (u, min, max) => [0, max * 1.1 || 1] },
      },
      [
        axis('Ranks', (v) => formatCount(v), undefined, powersOfFour),
        axis('Time', sec),
        { ...axis('busbw', (v) => (v === 0 ? '0' : formatRate(v, 2)), 1, null), size: 76 },
      ],
      () => this.drawRanksMarks(),
    );
    this.plots.speedup = this.make(
      'speedup',
      series.speedup,
      { x: { time: false, distr: 3, log: 2 }, y: { distr: 3, log: 2 } },
      [
        axis('Ranks N', (v) => formatCount(v), undefined, powersOfFour),
        axis('Speedup', (v) => `${formatCount(v)}×`, undefined, powersOfFour),
      ],
      () => this.drawSpeedupMarks(),
    );
    drawLegends(this.el, series, this.measured.length > 0);
  }

  /**
   * @param {ChartKey} key
   * @param {SeriesSpec[]} series
   * @param {Record<string, uPlot.Scale>} scales
   * @param {uPlot.Axis[]} axes
   * @param {(u: uPlot) => void} draw
   */
  make(key, series, scales, axes, draw) {
    const box = this.el(`lab-chart-${key}`);
    /** @type {uPlot.Options} */
    const opts = {
      ...sizeOf(box),
      scales,
      axes: axes.map((a, i) => (i === 2 ? { ...a, scale: 'bw' } : a)),
      series: [{}, ...series.map((s) => ({ points: { show: false }, spanGaps: false, ...s }))],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [draw] },
    };
    /** @type {uPlot.AlignedData} */
    const data = [[1, 2], ...series.map(() => [null, null])];
    box.textContent = '';
    const u = new uPlot(opts, data, box);
    const dots = (this.dots[key] = /** @type {{point?: HTMLElement, bw?: HTMLElement, best?: HTMLElement}} */ ({}));
    if (key === 'bytes') dots.point = overlayDot(u, 'current');
    if (key === 'ranks') {
      dots.bw = overlayDot(u, 'busbw');
      dots.point = overlayDot(u, 'current');
    }
    if (key === 'speedup') {
      dots.best = overlayDot(u, 'best');
      dots.point = overlayDot(u, 'current');
    }
    return u;
  }

  /**
   * Moves the overlay dots of one chart to its marks (after its scales are set).
   * @param {ChartKey} key
   */
  placeDots(key) {
    const u = this.plots[key];
    const m = this.marks[key];
    // make() gives each chart its dots: the current point, and busbw or best where drawn.
    const d = /** @type {{point: HTMLElement, bw: HTMLElement, best: HTMLElement}} */ (this.dots[key]);
    if (!u || !d) return;
    if (key === 'bytes') placeDot(u, d.point, m.x, m.y);
    if (key === 'ranks') {
      placeDot(u, d.bw, m.x, m.bw, 'bw');
      placeDot(u, d.point, m.x, m.y);
    }
    if (key === 'speedup') {
      placeDot(u, d.best, m.bestX, m.bestY);
      placeDot(u, d.point, m.x, m.y);
    }
  }

  /**
   * Updates every chart from an allreduce response (and the fitted curve, if any). A chart
   * whose curves are the same objects as last time keeps its canvas; only its dots move.
   * `compare` is the state's toggle: the curves then carry the other algorithms' columns.
   * @param {Allreduce} r
   * @param {Curves['bytes'] | null} fittedCurve
   * @param {boolean} compare
   */
  update(r, fittedCurve, compare) {
    this.ensure(!!compare, !!fittedCurve);
    const plots = /** @type {Record<ChartKey, uPlot>} */ (this.plots); // ensure() made all three
    const b = r.curves.bytes;
    const cmp = (/** @type {{compare: Curves['bytes']['compare']}} */ curve) =>
      this.compareOn ? COMPARE.map(([k]) => positive(curve.compare[k])) : [];
    this.marks.bytes = {
      x: r.bytes,
      y: r.time,
      crossover: r.crossover_bytes,
      total: [b.time[0], b.time[b.time.length - 1]],
    };
    this.redraw('bytes', () => {
      if (this.drawn.bytes !== b || this.drawn.fitted !== fittedCurve) {
        this.drawn.bytes = b;
        this.drawn.fitted = fittedCurve;
        plots.bytes.setData([
          b.x,
          b.time,
          positive(b.latency_term),
          b.bandwidth_term,
          ...(fittedCurve ? [fittedCurve.time] : []),
          ...cmp(b),
        ]);
      } else this.placeDots('bytes');
    });

    const k = r.curves.ranks;
    this.marks.ranks = { x: r.ranks, y: r.time, bw: r.busbw };
    const s = r.scaling;
    this.marks.speedup = { x: s.ranks, y: s.speedup, bestX: s.best.ranks, bestY: s.best.speedup };
    this.redraw('ranks', () => {
      if (this.drawn.ranks !== k) {
        this.drawn.ranks = k;
        const from = k.x.findIndex((x) => x >= 2); // one rank sends nothing: no time or busbw to plot
        const cut = /** @type {<T>(a: T[]) => T[]} */ ((a) => a.slice(from));
        plots.ranks.setData([
          cut(k.x),
          positive(cut(k.time)),
          cut(k.busbw),
          ...(this.compareOn ? COMPARE.map(([key]) => positive(cut(k.compare[key]))) : []),
        ]);
      } else this.placeDots('ranks');
    });
    this.redraw('speedup', () => {
      if (this.drawn.speedup !== k) {
        this.drawn.speedup = k;
        plots.speedup.setData([k.x, k.speedup, k.x]);
      } else this.placeDots('speedup');
    });
  }

  /** @returns {[number, number]} */
  timeRange() {
    const t = this.marks.bytes.total ?? [1e-6, 1];
    return [t[0] / 20, t[1] * 2];
  }

  /**
   * Measured rows (size, time) from nccl-tests, drawn as points on the payload chart.
   * @param {{size: number, time: number}[]} points
   */
  setMeasured(points) {
    this.measured = points;
    this.compareOn = null; // rebuild for the legend
  }

  /** @param {uPlot} u */
  drawBytesMarks(u) {
    const m = this.marks.bytes;
    if (m.crossover) {
      // Shade where the startup terms dominate: payloads below the crossover.
      const x0 = u.bbox.left;
      const x1 = Math.min(u.bbox.left + u.bbox.width, Math.max(x0, u.valToPos(m.crossover, 'x', true)));
      u.ctx.save();
      u.ctx.fillStyle = cssVar('--warn-soft');
      u.ctx.globalAlpha = 0.7;
      u.ctx.globalCompositeOperation = 'destination-over';
      u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
      u.ctx.restore();
      u.ctx.save();
      u.ctx.fillStyle = cssVar('--muted');
      u.ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
      u.ctx.textAlign = 'left'; // uPlot leaves the axes' alignment set
      u.ctx.textBaseline = 'alphabetic';
      if (x1 - x0 > 90 * devicePixelRatio)
        u.ctx.fillText('latency-bound', x0 + 6 * devicePixelRatio, u.bbox.top + 16 * devicePixelRatio);
      const right = u.bbox.left + u.bbox.width;
      // Bottom right: there the curve has climbed away (top right is where it ends).
      if (right - x1 > 110 * devicePixelRatio)
        u.ctx.fillText(
          'bandwidth-bound',
          right - 110 * devicePixelRatio,
          u.bbox.top + u.bbox.height - 8 * devicePixelRatio,
        );
      u.ctx.restore();
    }
    for (const p of this.measured) dot(u, p.size, p.time, cssVar('--error'), 3.5);
    this.placeDots('bytes');
  }

  drawRanksMarks() {
    this.placeDots('ranks');
  }

  drawSpeedupMarks() {
    this.placeDots('speedup');
  }
}
