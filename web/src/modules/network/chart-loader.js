// The network lab's charts (uPlot) are fetched when one of them first comes near the window:
// until then this keeps the latest answers and hands them over when the charts arrive. The
// boxes keep the height the charts will take, and the text equivalents are written by the lab
// itself on every change, so nothing waits for the charts.
import { loadLater } from '../../page-code.js';

/** @typedef {import('../../answers').Answer<'collective'>} Collective */
/** @typedef {import('../../answers').Answer<'dp-network'>} DpNetwork */

const CHARTS = ['time', 'busbw', 'dp'];
const NEAR = '400px 0px';

export class ChartsWhenNear {
  /** @param {HTMLElement} root the lab's root element */
  constructor(root) {
    this.root = root;
    /** @type {any} the charts once their code is here */
    this.charts = null;
    /** @type {Collective | null} */
    this.call = null;
    /** @type {DpNetwork | null} */
    this.dp = null;
    for (const key of CHARTS) {
      const box = /** @type {HTMLElement} */ (root.querySelector(`#net-chart-${key}`));
      const width = Math.max(260, Math.floor(box.clientWidth || 600));
      box.style.minHeight = `${Math.round(Math.min(320, Math.max(200, width * 0.55)))}px`;
    }
    root.dataset.charts = 'waiting'; // what a test can wait for: waiting, loading, ready or failed
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        this.load();
      },
      { rootMargin: NEAR },
    );
    for (const key of CHARTS) seen.observe(/** @type {HTMLElement} */ (root.querySelector(`#net-chart-${key}-fig`)));
  }

  load() {
    this.root.dataset.charts = 'loading';
    loadLater('network', 'charts').then(
      ({ NetworkCharts }) => {
        this.charts = new NetworkCharts(this.root);
        if (this.call) this.charts.update(this.call);
        if (this.dp) this.charts.updateDp(this.dp);
        this.root.dataset.charts = 'ready';
      },
      () => {
        this.root.dataset.charts = 'failed';
        for (const key of CHARTS) {
          const box = /** @type {HTMLElement} */ (this.root.querySelector(`#net-chart-${key}`));
          box.textContent = 'This chart could not be downloaded. What it shows:';
          box.style.minHeight = '';
          this.root.querySelector(`#net-chart-${key}-text`)?.classList.remove('visually-hidden');
        }
      },
    );
  }

  /** @param {Collective} r */
  update(r) {
    this.call = r;
    this.charts?.update(r);
  }

  /** @param {DpNetwork} r */
  updateDp(r) {
    this.dp = r;
    this.charts?.updateDp(r);
  }
}
