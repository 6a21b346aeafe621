// The ideal ring all-reduce lab: one state, one `allreduce` engine call per change (point,
// scaling and the curves that changed, with only the columns drawn), everything redrawn from it.
// Registered with the views registry as "lab" so permalinks and embeds restore it.
import { h, nextTask, replaceChildren } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatBytes, formatSeconds } from '../../format.js';
import { formatCount } from '../../format.js';
import { ChartsWhenNear } from './chart-loader.js';
import { LabControls } from './controls.js';
import { MeasuredRun } from './measured.js';
import { drawBar, drawFormula, drawReadouts, drawScaling, setText } from './readouts.js';
import { RingAnimation } from './ring.js';
import { fixedNote } from '../../fixed-note.js';
import { DEFAULTS, LIMITS, SWEEPS, labRequest, mergeState, paramForPath } from './state.js';
import { pagePresets } from '../define.js';

/** @typedef {{id: string, name: string, ring: {ranks: number, bandwidth: number, latency: number}, basis: string, sources: {title: string, url: string}[]}} RingPreset */

/** @typedef {import('./state.js').LabState} LabState */
/** @typedef {import('../../answers').Answer<'allreduce'>} Allreduce */
/** @typedef {Allreduce['curves']} Curves */
/** @typedef {Allreduce['schedule']} Schedule */
/** A measured run's fit (the engine may not know its rank count). */
/** @typedef {{ranks: number | null, bandwidth: number, latency: number}} Fit */

/** @param {import('../define.js').ModuleContext} ctx */
export function start(ctx) {
  const found = document.getElementById('lab-app');
  if (!found) return;
  const root = found;
  root.classList.add('lab-live');
  const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  /** @type {LabState} */
  let state = { ...DEFAULTS };
  /** @type {RingPreset[]} the engine's starting points, written into the page by the build */
  const PRESETS = pagePresets('ring');
  let scheduleKey = '';
  /** @type {Fit | null} */
  let fit = null; // {ranks, bandwidth, latency} of the last measured fit
  /** @type {Curves['bytes'] | null} */
  let fittedCurve = null;
  // Curves from earlier answers with the engine's key for each: the engine sends a curve again
  // only when what it is drawn from moved.
  /** @type {{bytes: Curves['bytes'] | null, ranks: Curves['ranks'] | null}} */
  const curves = { bytes: null, ranks: null };
  /**
   * Ring schedules by rank count (structure only; see scheduleFor).
   * @type {Map<number, Schedule>}
   */
  const schedules = new Map();

  const showFixed = fixedNote(root, ctx.views);

  /**
   * The one place the lab's state is written: controls, presets, reset, fitted values and links
   * all come here, and values an instructor fixed are kept. `patch` holds checked values.
   * @param {Partial<LabState>} patch
   */
  function commit(patch, { notify = true } = {}) {
    const { patch: allowed, held } = ctx.views.hold(patch, state);
    state = { ...state, ...allowed };
    controls.write(state);
    compare.checked = state.compare;
    markPreset();
    update();
    if (held.length || ctx.views.fixed.size) showFixed(held);
    if (notify) changed();
  }

  const controls = new LabControls(root, (name, value) => commit({ [name]: value }));
  const charts = new ChartsWhenNear(root);
  const ring = new RingAnimation(root, (step) => {
    state.step = step;
    if (!ring.playing) changed();
  });
  const measured = new MeasuredRun(root, ctx.engine, {
    onResult: (r) => {
      fit = r && r.fit ? { ranks: r.ranks, bandwidth: r.fit.bandwidth, latency: r.fit.latency } : null;
      fittedCurve = null;
      charts.setMeasured(measured.points());
      update();
    },
    onUseFit: (values) => {
      const { state: next, rejected } = mergeState(state, {
        ...values,
        // Number(): an unknown rank count (null) goes in as Math.max would take it, 0.
        ranks: Math.min(LIMITS.ranks.max, Math.max(LIMITS.ranks.min, Number(values.ranks))),
      });
      // The fit's own names, which are the state's.
      commit(
        /** @type {Partial<LabState>} */ (
          Object.fromEntries(
            Object.keys(values)
              .filter((k) => !rejected.includes(k))
              .map((k) => [k, /** @type {Record<string, unknown>} */ (next)[k]]),
          )
        ),
      );
    },
    // The explorer's network from this log: the per-call overhead, and the nominal in-node link
    // that reaches the measured bus bandwidth at the explorer's hardware preset (the engine's
    // figure; only the display units change here: µs and GB/s).
    onUsePlanner: async (net) => {
      // The explorer starts when it comes near; asked for first, it starts now (if on the page).
      if (!ctx.views.get('planner')) await ctx.startPart?.('planner');
      const planner = ctx.views.get('planner');
      if (!planner) return 'The split explorer is not on this page.';
      const preset = planner.getState().hardware;
      /** @type {Record<string, {efficiency: number, intra_bandwidth: number}>} */
      const byPreset = net.intra_bandwidth_by_preset;
      const link = byPreset?.[String(preset)];
      /** @type {{latency_us: number, intra_gbps?: number}} */
      const patch = { latency_us: Number((net.call_overhead * 1e6).toPrecision(4)) };
      if (link) patch.intra_gbps = Number((link.intra_bandwidth / 1e9).toPrecision(4));
      const rejected = ctx.views.apply('planner', patch);
      const used = Object.keys(patch).filter((k) => !rejected.includes(k));
      if (!used.length) return 'The split explorer kept its values (they are fixed here).';
      return (
        `The split explorer now uses ${used.includes('latency_us') ? `${patch.latency_us} µs per call` : ''}` +
        `${used.length === 2 ? ' and ' : ''}${used.includes('intra_gbps') ? `an in-node link of ${patch.intra_gbps} GB/s, which its fitted efficiency of ${link?.efficiency} turns into this log's bus bandwidth` : ''}.` +
        (link ? '' : ' Its hardware is custom, so only the per-call overhead was changed.')
      );
    },
  });

  const compare = /** @type {HTMLInputElement} */ (el('lab-compare'));
  compare.addEventListener('change', () => commit({ compare: compare.checked }));
  el('lab-reset').addEventListener('click', () => commit({ ...DEFAULTS }));
  buildPresets();

  function changed() {
    ctx.views.changed('lab');
  }

  function buildPresets() {
    const box = el('lab-preset-buttons');
    for (const p of PRESETS) {
      box.append(
        h('button', {
          type: 'button',
          class: 'secondary lab-preset',
          'aria-pressed': 'false',
          dataset: { preset: p.id },
          text: p.name,
          on: {
            click: () => commit(p.ring),
          },
        }),
      );
    }
  }

  // A preset button stays pressed while the state still has its numbers; its basis shows.
  // The buttons and the basis are written only when the pressed preset changes.
  /** @type {string | undefined} */
  let shownPreset;
  function markPreset() {
    const values = /** @type {Record<string, unknown>} */ (state);
    const on = PRESETS.filter((p) => Object.entries(p.ring).every(([k, v]) => values[k] === v));
    const key = on.map((p) => p.id).join(' ');
    if (key === shownPreset) return;
    shownPreset = key;
    const active = on.at(-1) ?? null;
    for (const b of el('lab-preset-buttons').querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(on.some((p) => p.id === /** @type {HTMLElement} */ (b).dataset.preset)));
    }
    const basis = el('lab-preset-basis');
    if (!active) {
      replaceChildren(basis, 'Custom values. Presets show the basis of their numbers.');
      return;
    }
    replaceChildren(
      basis,
      h('strong', { text: `${active.name}: ` }),
      active.basis,
      ...active.sources.map((s) => [
        ' Source: ',
        h('a', { href: s.url, rel: 'noopener noreferrer', text: s.title }),
        '.',
      ]),
    );
  }

  /** @param {import('../../engine.js').EngineError} response */
  function showProblems(response) {
    /** @type {string[]} */
    const loose = [];
    for (const e of response.errors ?? []) {
      const name = paramForPath(e.path);
      if (name) controls.setError(name, e.message);
      else loose.push(e.message);
    }
    el('lab-status').textContent = loose.length ? loose.join(' ') : 'Fix the marked field to update the results.';
    root.classList.add('lab-stale');
  }

  function update() {
    const key = `${state.ranks}|${state.bytes}|${state.bandwidth}|${state.latency}`;
    const wantSchedule = key !== scheduleKey;
    const known = { bytes: curves.bytes?.key, ranks: curves.ranks?.key };
    // The schedule's sends and sums depend on the rank count alone (up to 30 steps of p × p sums):
    // it is asked for once per rank count; payload and link only change its two times below.
    const answer = ctx.engine.run(
      'allreduce',
      labRequest(state, { schedule: wantSchedule && !schedules.has(state.ranks), known }),
    );
    if (isError(answer)) {
      showProblems(answer);
      return;
    }
    /** @type {Allreduce & {warnings?: import('../../atlas-engine').EngineIssue[]}} the answer, with any warnings beside it */
    const r = answer;
    // A curve the page already has comes back marked unchanged (a flag the schema does not list).
    const fresh = /** @type {Curves & {bytes: {unchanged?: boolean}, ranks: {unchanged?: boolean}}} */ (r.curves);
    if (!fresh.bytes.unchanged) curves.bytes = fresh.bytes;
    if (!fresh.ranks.unchanged) curves.ranks = fresh.ranks;
    // Both are there now: the first answer has every curve.
    r.curves = /** @type {Curves} */ ({ bytes: curves.bytes, ranks: curves.ranks });
    drawPoint(r);
    if (fit && !fittedCurve) fittedCurve = fitted(fit);
    charts.update(r, fittedCurve, state.compare);
    describeCharts(r);
    if (wantSchedule) {
      scheduleKey = key;
      if (r.schedule) schedules.set(state.ranks, r.schedule);
      // Asked for with this answer unless already kept: there either way.
      ring.setSchedule(scheduleFor(/** @type {Schedule} */ (schedules.get(state.ranks)), r), r, state.step);
    } else {
      ring.response = r;
    }
    ctx.channel.post('lab', { time: r.time, ranks: r.ranks, bytes: r.bytes });
  }

  /**
   * What one point's answer shows: status, readouts, the bar, the formula and scaling.
   * @param {Allreduce & {warnings?: import('../../atlas-engine').EngineIssue[]}} r
   */
  function drawPoint(r) {
    root.classList.remove('lab-stale');
    setText(el('lab-status'), (r.warnings ?? []).map((w) => w.message).join(' '));
    drawReadouts(el('lab-readouts'), r);
    drawBar(el('lab-bar'), el('lab-bar-text'), r);
    drawFormula(el('lab-formula-symbolic'), el('lab-formula-numbers'), r);
    drawScaling(el('lab-scaling-readouts'), el('lab-scaling-text'), r.scaling);
  }

  // A cached schedule (it depends on the rank count alone) with this answer's chunk size and
  // step time, both from the engine.
  /**
   * @param {Schedule} sch
   * @param {Allreduce} r
   */
  function scheduleFor(sch, r) {
    if (!sch.available) return sch;
    return { ...sch, chunk_bytes: r.chunk_bytes, step_time: r.step_time };
  }

  // The ring with the fitted α and B at the measured run's rank count, on the same payload grid.
  /** @param {Fit} f */
  function fitted(f) {
    const r = ctx.engine.run('allreduce', {
      ranks: f.ranks,
      bytes: state.bytes,
      bandwidth: f.bandwidth,
      latency: f.latency,
      sweep: { bytes: { ...SWEEPS.bytes, columns: ['time'] } }, // the chart draws its time only
    });
    return isError(r) ? null : r.curves.bytes;
  }

  /**
   * Text equivalents of the charts, from the same response.
   * @param {Allreduce} r
   */
  function describeCharts(r) {
    const b = r.curves.bytes;
    const n = b.x.length - 1;
    setText(
      el('lab-chart-bytes-text'),
      `At ${formatCount(r.ranks)} ranks the ideal ring takes ${formatSeconds(b.time[0], 3)} ` +
        `for ${formatBytes(b.x[0])} and ${formatSeconds(b.time[n], 3)} for ${formatBytes(b.x[n])}; below ${formatBytes(r.crossover_bytes, 3)} ` +
        `the startup terms dominate. The current payload, ${formatBytes(r.bytes, 3)}, takes ${formatSeconds(r.time, 4)} (${r.regime}).`,
    );
    const k = r.curves.ranks;
    const m = k.x.length - 1;
    setText(
      el('lab-chart-ranks-text'),
      `With ${formatBytes(r.bytes, 3)} per rank the time grows from ${formatSeconds(k.time[1], 3)} ` +
        `at ${formatCount(k.x[1])} ranks to ${formatSeconds(k.time[m], 3)} at ${formatCount(k.x[m])} ranks.`,
    );
    const s = r.scaling;
    setText(
      el('lab-chart-speedup-text'),
      `Speedup at ${formatCount(s.ranks)} ranks is ${s.speedup.toPrecision(3)}× against an ideal ` +
        `${formatCount(s.ranks)}×; it peaks at ${s.best.speedup.toPrecision(3)}× with ${formatCount(s.best.ranks)} ranks and falls beyond.`,
    );
  }

  ctx.views.register({
    id: 'lab',
    root,
    defaults: { ...DEFAULTS },
    getState: () => ({ ...state }),
    setState: (patch) => {
      const { state: next, rejected } = mergeState(state, patch);
      scheduleKey = '';
      // Only the state's own names (k in DEFAULTS).
      commit(
        /** @type {Partial<LabState>} */ (
          Object.fromEntries(
            Object.keys(patch)
              .filter((k) => k in DEFAULTS && !rejected.includes(k))
              .map((k) => [k, /** @type {Record<string, unknown>} */ (next)[k]]),
          )
        ),
        { notify: false },
      );
      return rejected;
    },
  });

  controls.write(state);
  compare.checked = state.compare;
  markPreset();
  return firstRender();

  // The first render in two tasks, the controls' neighbourhood first: the point's readouts, bar,
  // formula and scaling from an answer without curves or schedule; then everything (curves for
  // the charts' text and the charts, the ring's schedule). Each runs engine code for the first
  // time, which is the most of what a first render costs.
  async function firstRender() {
    const point = ctx.engine.run('allreduce', labRequest(state, { schedule: false, curves: [] }));
    if (!isError(point)) drawPoint(point);
    await nextTask();
    update();
  }
}
