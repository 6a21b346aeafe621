// Paste box for nccl-tests all_reduce_perf output: the engine reads and fits it; this file
// shows the rows, the fit and every line it could not use, and hands points to the chart.
import { h, replaceChildren } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatBytes, formatRate, formatSeconds } from '../../format.js';
import { formatCount } from '../../format.js';
import { EXAMPLE_LOG } from './example-log.js';
import { LIMITS } from './state.js';

const GB = 1e9; // nccl-tests' GB/s columns are decimal

/** @typedef {import('../../answers').Answer<'nccl-tests'>} NcclTests */
/** @typedef {NcclTests['planner_network']} PlannerNetwork */

export class MeasuredRun {
  /**
   * @param {HTMLElement} root
   * @param {import('../../engine.js').Engine} engine
   * @param {{onResult: (r: NcclTests | null) => void, onUseFit: (values: {ranks: number | null, bandwidth: number, latency: number}) => void,
   *   onUsePlanner?: (network: PlannerNetwork) => Promise<string> | string}} hooks
   */
  constructor(root, engine, hooks) {
    this.el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
    this.engine = engine;
    this.hooks = hooks;
    /** @type {NcclTests | null} */
    this.result = null;
    this.reads = 0;
    this.text = /** @type {HTMLTextAreaElement} */ (this.el('lab-nccl-log'));
    this.el('lab-nccl-read').addEventListener('click', () => this.read());
    this.el('lab-nccl-example').addEventListener('click', () => {
      this.text.value = EXAMPLE_LOG;
      this.read();
    });
    this.el('lab-nccl-clear').addEventListener('click', () => {
      this.reads += 1; // a read still waiting for the reader is dropped
      this.text.value = '';
      this.result = null;
      replaceChildren(this.el('lab-nccl-result'));
      this.el('lab-nccl-use').setAttribute('disabled', '');
      this.hooks.onResult(null);
    });
    this.el('lab-nccl-use').addEventListener('click', () => {
      const r = this.result;
      if (!r || !r.fit) return;
      this.hooks.onUseFit({ ranks: r.ranks, bandwidth: r.fit.bandwidth, latency: r.fit.latency });
    });
  }

  /**
   * Reads the log. The engine's log reader is not part of what a first visit downloads: the
   * first read fetches it (a moment, shown as such), later reads answer at once.
   */
  async read() {
    const out = this.el('lab-nccl-result');
    const use = this.el('lab-nccl-use');
    const reading = ++this.reads; // a later click wins over one still waiting for the reader
    /** @type {any} */
    let r;
    try {
      if (this.engine.load) {
        const loaded = this.engine.load('nccl-tests');
        replaceChildren(out, h('p', { class: 'lab-nccl-summary', role: 'status', text: 'Reading the log…' }));
        await loaded;
      }
      r = this.engine.run('nccl-tests', { log: this.text.value });
    } catch (thrown) {
      const e = /** @type {any} */ (thrown); // anything a failed download rejects with (not always an Error)
      r = {
        error: { message: `The log reader could not be downloaded (${e && e.message ? e.message : e}); try again.` },
      };
    }
    if (reading !== this.reads) return;
    if (isError(r)) {
      this.result = null;
      use.setAttribute('disabled', '');
      replaceChildren(out, h('p', { class: 'notice notice-error', role: 'alert', text: r.error.message }));
      this.hooks.onResult(null);
      return;
    }
    this.result = r;
    use.toggleAttribute('disabled', !r.fit || r.ranks > LIMITS.ranks.max);
    replaceChildren(out, ...this.render(r));
    this.hooks.onResult(r);
  }

  /** @param {NcclTests & {warnings?: {message: string}[]}} r the answer, with any warnings the engine gives beside it */
  render(r) {
    /** @type {HTMLElement[]} */
    const parts = [];
    for (const w of r.warnings ?? []) parts.push(h('p', { class: 'notice notice-warn', text: w.message }));
    const ranks = r.ranks
      ? `${formatCount(r.ranks)} ranks (${
          r.ranks_source === 'rank_lines'
            ? 'from the “#  Rank” lines'
            : r.ranks_source === 'busbw_ratio'
              ? 'from the printed busbw/algbw ratio'
              : 'as given'
        })`
      : 'unknown ranks';
    parts.push(
      h('p', {
        class: 'lab-nccl-summary',
        text: `Read ${formatCount(r.rows.length)} rows${r.collective ? ` of ${r.collective}` : ''}, ${ranks}.`,
      }),
    );
    if (r.fit) {
      parts.push(
        h(
          'dl',
          { class: 'lab-readout-grid lab-fit' },
          h(
            'div',
            { class: 'lab-readout', dataset: { readout: 'fit-latency' } },
            h('dt', { text: 'Fitted α' }),
            h('dd', { text: formatSeconds(r.fit.latency, 3) }),
          ),
          h(
            'div',
            { class: 'lab-readout', dataset: { readout: 'fit-bandwidth' } },
            h('dt', { text: 'Fitted B' }),
            h('dd', { text: formatRate(r.fit.bandwidth, 4) }),
          ),
          h(
            'div',
            { class: 'lab-readout', dataset: { readout: 'fit-r2' } },
            h('dt', { text: 'R²' }),
            h('dd', { text: r.fit.r2.toFixed(4) }),
          ),
        ),
      );
      parts.push(
        h('p', {
          class: 'lab-hint',
          text:
            `Least squares on relative error over ${formatCount(r.fit.points)} sizes` +
            `${r.fit.latency_clamped ? '; the free fit wanted a negative α, so α was held at 0' : ''}. The real NCCL picks ` +
            'protocols and algorithms by size, so a single α and B is a summary, not a diagnosis.',
        }),
      );
    } else if (r.fit_problem) {
      parts.push(h('p', { class: 'notice notice-warn', text: `No fit: ${r.fit_problem}` }));
    }
    if (r.planner_network && this.hooks.onUsePlanner) parts.push(this.plannerBlock(r.planner_network));
    if (r.rows.length) parts.push(this.table(r));
    // The schema leaves these items open; the engine gives each its line, reason and text.
    const unreadable = /** @type {{line: number, reason: string, text: string}[]} */ (r.unreadable);
    const unread = unreadable.map((l) =>
      h('li', {}, h('code', { text: `line ${l.line}` }), ` ${l.reason}: `, h('samp', { text: l.text })),
    );
    if (unread.length)
      parts.push(
        h(
          'details',
          { class: 'lab-unreadable', open: true },
          h('summary', { text: `${unread.length} line(s) looked like rows but could not be read` }),
          h('ul', {}, ...unread),
        ),
      );
    if (r.skipped_count) {
      const items = r.skipped.map((l) =>
        h('li', {}, h('code', { text: `line ${l.line}` }), ' ', h('samp', { text: l.text })),
      );
      parts.push(
        h(
          'details',
          { class: 'lab-skipped' },
          h('summary', { text: `${formatCount(r.skipped_count)} other line(s) skipped (not table rows)` }),
          h('ul', {}, ...items),
        ),
      );
    }
    return parts;
  }

  /**
   * The same log read through the split explorer's NCCL model, and a way to use it there.
   * @param {PlannerNetwork} net
   */
  plannerBlock(net) {
    // Offered only when the hook is there (render checks it).
    const usePlanner = /** @type {NonNullable<typeof this.hooks.onUsePlanner>} */ (this.hooks.onUsePlanner);
    const state = h('p', { class: 'lab-hint', 'aria-live': 'polite', dataset: { readout: 'planner-network-state' } });
    const button = h('button', { type: 'button', class: 'secondary', text: 'Use in the split explorer' });
    button.addEventListener('click', async () => {
      state.textContent = 'Starting the split explorer…';
      state.textContent = await usePlanner(net);
    });
    return h(
      'div',
      { class: 'lab-planner-network', dataset: { readout: 'planner-network' } },
      h('p', {
        text:
          `Read through the split explorer's model of NCCL (ring or tree, LL, LL128 or Simple, one node): ` +
          `bus bandwidth ${formatRate(net.busbw, 4)} at large messages and ${formatSeconds(net.call_overhead, 3)} per call ` +
          `on top of NCCL's own latency; that model's time is within ${(100 * net.mean_abs_error).toFixed(1)} % of this log on average.`,
      }),
      button,
      state,
    );
  }

  /** @param {NcclTests} r */
  table(r) {
    const head = h(
      'tr',
      {},
      ...['Size', 'Time', 'algbw', 'busbw', 'Fitted ring'].map((t) => h('th', { scope: 'col', class: 'num', text: t })),
    );
    const rows = r.rows.map((row) =>
      h(
        'tr',
        {},
        h('td', { class: 'num', text: formatBytes(row.size, 3) }),
        h('td', { class: 'num', text: formatSeconds(row.time, 3) }),
        h('td', { class: 'num', text: row.algbw == null ? '—' : formatRate(row.algbw * GB, 3) }),
        h('td', { class: 'num', text: row.busbw == null ? '—' : formatRate(row.busbw * GB, 3) }),
        h('td', { class: 'num', text: row.model_time == null ? '—' : formatSeconds(row.model_time, 3) }),
      ),
    );
    return h(
      'div',
      // Wider than a phone: a region that scrolls sideways, so it takes keyboard focus.
      { class: 'table-wrap lab-nccl-table', tabindex: '0', role: 'region', 'aria-label': 'nccl-tests rows as read' },
      h(
        'table',
        {},
        h('caption', { text: 'Rows as read; algbw and busbw recomputed from size and time (GB = 10⁹ B)' }),
        h('thead', {}, head),
        h('tbody', {}, ...rows),
      ),
    );
  }

  /** Measured points for the chart: (size, time) of rows with a positive size. */
  points() {
    if (!this.result) return [];
    return this.result.rows
      .filter((row) => row.size > 0 && row.time != null)
      .map((row) => ({ size: row.size, time: row.time }));
  }
}
