// The lab's charts (uPlot, about half of the lab's code) are fetched when one of them first
// comes near the window, not with the lab: the controls, readouts and the charts' text
// equivalents (written by the lab itself on every change) are there at once, and a first visit
// that never scrolls to the charts never downloads them. Until then this stands in for the
// charts: it keeps the latest data and hands it over when they arrive. The chart boxes keep
// the height the charts will take, and their legends are written here, so nothing around them
// moves when they are drawn.
import { loadLater } from '../../page-code.js';
import { chartSeries, drawLegends } from './chart-legends.js';

/** @typedef {import('../../answers').Answer<'allreduce'>} Allreduce */
/** @typedef {Allreduce['curves']['bytes']} BytesCurve */

const CHARTS = ['bytes', 'ranks', 'speedup'];
// Fetch a little before a chart is visible, so it is usually drawn by the time it is.
const NEAR = '400px 0px';

/**
 * The height a chart box will take (charts.js sizeOf: 0.55 × width, 200–320 px).
 * @param {HTMLElement} box
 */
function reserveHeight(box) {
  const width = Math.max(260, Math.floor(box.clientWidth || 600));
  box.style.minHeight = `${Math.round(Math.min(320, Math.max(200, width * 0.55)))}px`;
}

export class ChartsWhenNear {
  /** @param {HTMLElement} root the lab's root element */
  constructor(root) {
    this.root = root;
    /** @type {any} the charts once their code is here */
    this.charts = null;
    /** @type {[any, any, boolean] | null} the latest update() arguments */
    this.latest = null;
    /** @type {any[] | null} */
    this.measured = null;
    /** What the legends last written list. */
    this.legendKey = '';
    const figures = CHARTS.map((key) => /** @type {HTMLElement} */ (root.querySelector(`#lab-chart-${key}-fig`)));
    for (const key of CHARTS) reserveHeight(/** @type {HTMLElement} */ (root.querySelector(`#lab-chart-${key}`)));
    root.dataset.charts = 'waiting'; // what a test can wait for: waiting, loading, ready or failed
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        this.load();
      },
      { rootMargin: NEAR },
    );
    for (const figure of figures) if (figure) seen.observe(figure);
  }

  load() {
    this.root.dataset.charts = 'loading';
    loadLater('lab', 'charts').then(
      ({ LabCharts }) => {
        this.charts = new LabCharts(this.root);
        if (this.measured) this.charts.setMeasured(this.measured);
        if (this.latest) this.charts.update(...this.latest);
        this.root.dataset.charts = 'ready';
      },
      () => {
        this.root.dataset.charts = 'failed';
        for (const key of CHARTS) {
          // The chart's text equivalent, shown instead of it.
          const box = /** @type {HTMLElement | null} */ (this.root.querySelector(`#lab-chart-${key}`));
          if (box) {
            box.textContent = 'This chart could not be downloaded. What it shows:';
            box.style.minHeight = '';
          }
          this.root.querySelector(`#lab-chart-${key}-text`)?.classList.remove('visually-hidden');
        }
      },
    );
  }

  /**
   * Same as LabCharts.update: draws now if the charts are here, else when they arrive.
   * @param {Allreduce} r
   * @param {BytesCurve | null} fittedCurve
   * @param {boolean} compare
   */
  update(r, fittedCurve, compare) {
    this.latest = [r, fittedCurve, compare];
    if (this.charts) this.charts.update(r, fittedCurve, compare);
    else this.legends();
  }

  /**
   * Same as LabCharts.setMeasured.
   * @param {{size: number, time: number}[]} points
   */
  setMeasured(points) {
    this.measured = points;
    if (this.charts) this.charts.setMeasured(points);
    else this.legends();
  }

  /** The legends the charts will have, written when what they list changes. */
  legends() {
    if (!this.latest) return;
    const [, fitted, compare] = this.latest;
    const measured = Boolean(this.measured?.length);
    const key = `${Boolean(compare)} ${Boolean(fitted)} ${measured}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (this.root.querySelector(`#${id}`));
    drawLegends(el, chartSeries(Boolean(compare), Boolean(fitted)), measured);
  }
}
