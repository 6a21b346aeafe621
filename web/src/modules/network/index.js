// The network lab: one state, one `collective` call per change (the call, every algorithm and
// their curves), and the explorer split's `dp-network` answer, redrawn when the explorer
// changes. Registered with the views registry as "network" so permalinks and embeds restore it.
import { isError } from '../../engine.js';
import { fixedNote } from '../../fixed-note.js';
import { ChartsWhenNear } from './chart-loader.js';
import { NetworkControls } from './controls.js';
import { drawDp, dpChartText, explorerSplit } from './dp.js';
import {
  busbwChartText,
  drawAlgorithms,
  drawCallReadouts,
  drawFormulas,
  drawList,
  setText,
  timeChartText,
} from './readouts.js';
import { DEFAULTS, collectiveRequest, mergeState, paramForPath } from './state.js';

/** @typedef {import('./state.js').NetworkState} NetworkState */
/** @typedef {import('../../answers').Answer<'collective'>} Collective */

/** @param {import('../define.js').ModuleContext} ctx */
export function start(ctx) {
  const found = document.getElementById('net-app');
  if (!found) return;
  const root = found;
  root.classList.add('net-live');
  const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  /** @type {NetworkState} */
  let state = { ...DEFAULTS };
  let shown = false; // drawn once the lab first comes into the window (below)
  /** @type {any} */
  let presetList = null;
  // The engine's presets: the GPUs offered here, and the explorer's opening split.
  const presets = () => (presetList ??= ctx.engine.run('presets', {}));
  const showFixed = fixedNote(root, ctx.views);
  const controls = new NetworkControls(root, (name, value) => commit({ [name]: value }));
  /** @type {ChartsWhenNear | null} made at the first render: it reserves the charts' height */
  let charts = null;
  const p = presets();
  if (!isError(p)) controls.setSystems(p.hardware.map((/** @type {{id: string, name: string}} */ x) => x));

  /**
   * The one place the state is written: controls, reset and links; values an instructor fixed
   * are kept. A new GPU choice also takes the cluster its preset implies, from the engine.
   * @param {Partial<NetworkState>} patch
   */
  function commit(patch, { notify = true } = {}) {
    const { patch: allowed, held } = ctx.views.hold(patch, state);
    state = { ...state, ...allowed };
    if (allowed.system !== undefined && !('domain' in patch)) {
      const { patch: cluster, held: kept } = ctx.views.hold(presetCluster(), state);
      state = { ...state, ...cluster };
      held.push(...kept);
    }
    controls.write(state);
    update();
    if (held.length || ctx.views.fixed.size) showFixed(held);
    if (notify) ctx.views.changed('network');
  }

  // The cluster a GPU preset implies (NVLink domain, hosts, NICs), as the engine reads it: a
  // small call with the preset's topology alone.
  function presetCluster() {
    const r = ctx.engine.run('collective', {
      ...collectiveRequest(state, { presetOnly: true }),
      ranks: 2,
      ranks_per_domain: 1,
      algorithm: 'auto',
      sweep: { points: 2 },
    });
    if (isError(r)) return {};
    const t = r.topology;
    return { domain: t.nvlink_domain, per_host: t.gpus_per_host, nics: t.nics_per_host, nic: t.nic_bandwidth };
  }

  /** @param {import('../../engine.js').EngineError} response */
  function showProblems(response) {
    /** @type {string[]} */
    const loose = [];
    for (const e of response.errors ?? [response.error]) {
      const name = paramForPath(e.path);
      if (name && name !== 'system') controls.setError(name, e.message);
      else loose.push(e.message);
    }
    setText(el('net-status'), loose.length ? loose.join(' ') : 'Fix the marked field to update the results.');
    root.classList.add('net-stale');
  }

  function update() {
    if (!shown) return;
    const answer = ctx.engine.run('collective', collectiveRequest(state));
    if (isError(answer)) {
      showProblems(answer);
      return;
    }
    const r = /** @type {Collective & {warnings?: {message: string}[]}} */ (answer);
    root.classList.remove('net-stale');
    setText(el('net-status'), (r.warnings ?? []).map((w) => w.message).join(' '));
    drawCallReadouts(el('net-readouts'), r);
    drawFormulas(el('net-formulas'), [
      r.formulas.time,
      r.formulas.busbw,
      r.formulas.between_domains,
      r.formulas.fabric,
    ]);
    drawAlgorithms(/** @type {HTMLTableSectionElement} */ (root.querySelector('#net-algorithms tbody')), r);
    drawList(
      el('net-unmodelled'),
      r.not_modelled.map((u) => `${u.label}: ${u.what}`),
    );
    drawList(el('net-scope'), r.scope);
    setText(el('net-chart-time-text'), timeChartText(r));
    setText(el('net-chart-busbw-text'), busbwChartText(r));
    charts?.update(r);
    root.dataset.answer = r.collective; // what a test can wait for: the answer drawn
  }

  // The explorer's split changes far more often than this section is read: one answer per
  // frame, and none while the section is away from the window (it is asked when it comes near).
  let dpPending = false;
  let dpNear = false;
  let dpStale = true;
  function refreshDp() {
    dpStale = true;
    if (dpPending || !shown || !dpNear) return;
    dpPending = true;
    requestAnimationFrame(() => {
      dpPending = false;
      dpStale = false;
      const r = drawDp(ctx, root, explorerSplit(ctx, presets), presets);
      if (!r) {
        root.dataset.dp = 'error';
        return;
      }
      setText(el('net-chart-dp-text'), dpChartText(r));
      charts?.updateDp(r);
      root.dataset.dp = r.needed.reason; // what a test can wait for
    });
  }
  ctx.views.onChange((id) => {
    if (id === 'planner') refreshDp();
  });

  el('net-reset').addEventListener('click', () => commit({ ...DEFAULTS }));
  ctx.views.register({
    id: 'network',
    root,
    defaults: { ...DEFAULTS },
    getState: () => ({ ...state }),
    setState: (patch) => {
      const { state: next, rejected } = mergeState(state, patch);
      const keys = Object.keys(patch).filter((k) => k in DEFAULTS && !rejected.includes(k));
      commit(
        /** @type {Partial<NetworkState>} */ (
          Object.fromEntries(keys.map((k) => [k, /** @type {Record<string, unknown>} */ (next)[k]]))
        ),
        { notify: false },
      );
      return rejected;
    },
  });

  // Nothing is drawn until the lab is in the window: started because it is near (or scrolled
  // past), it would otherwise grow above a reader who went on to the explorer below.
  controls.write(state);
  const inView = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    inView.disconnect();
    shown = true;
    charts = new ChartsWhenNear(root);
    update();
    if (dpStale) refreshDp();
  });
  inView.observe(root);
  const dpSection = el('net-dp-h').parentElement ?? root;
  new IntersectionObserver(
    (entries) => {
      dpNear = entries.some((e) => e.isIntersecting);
      if (dpNear && dpStale) refreshDp();
    },
    { rootMargin: '200px 0px' },
  ).observe(dpSection);
}
