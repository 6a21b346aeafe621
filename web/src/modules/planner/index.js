// The split explorer: one state, one `plan` call per change, every picture redrawn from the
// engine's answer. Invalid splits keep the last possible picture (greyed) and say at the
// control what is wrong. Registered with the views registry as "planner".
import { $, h } from '../../dom.js';
import { isError } from '../../engine.js';
import { fixedNote } from '../../fixed-note.js';
import { Controls } from './controls.js';
import { linkHighlights, drawCrossings, trainingTable } from './crossings.js';
import { drawDescription } from './describe.js';
import { narrowWidth, renderDiagram } from './diagram.js';
import { drawnFromSame, redrawInPlace, vh } from './vnode.js';
import { drawGantt } from './gantt.js';
import { initDeviceMap } from './device-map.js';
import { drawMemory } from './memory-readout.js';
import { drawExperts } from './experts-view.js';
import { drawFigures, drawSummary, drawTime } from './readouts.js';
import { bindScalingHold, drawScaling } from './scaling.js';
import { initFidelity } from './fidelity.js';
import { initScenarios } from './scenarios.js';
import { inferenceRequest, initInference } from './inference.js';
import { initImport } from './import.js';
import { initReconcile } from './reconcile.js';
import { openServingRun, openTrainingRun } from './open-run.js';
import { runSearch } from './search.js';
import { stickWithinWindow } from './sticky.js';
import { initMoreSettings } from './more-settings.js';
import { learnerText } from '../../format.js';
import { DEFAULTS_V1, coerce, fieldMessage, mergeState, paramForPath, rangeText } from './state.js';
import { openingState, hardwareFromPreset, planRequest, shapeFromPreset } from './requests.js';

/** @typedef {import('./state.js').PlannerState} PlannerState */
/** @typedef {import('./diagram.js').TrainingPlan} TrainingPlan */
/** @typedef {import('./gantt.js').Schedule} Schedule */
/** An engine issue as the controls show it. */
/** @typedef {import('../../atlas-engine').EngineIssue & {kind: 'error' | 'warning'}} PlanIssue */

/** @param {import('../define.js').ModuleContext} ctx */
export function start(ctx) {
  const found = document.getElementById('planner-app');
  if (!found) return;
  const root = found;
  const answer = ctx.engine.run('presets', {});
  if (isError(answer)) throw new Error(`the engine has no presets: ${answer.error.message}`);
  /** @type {import('../../answers').Answer<'presets'>} */
  const presets = answer;
  const modelPresets = new Map(presets.models.map((p) => [p.id, p]));
  const hardwarePresets = new Map(presets.hardware.map((p) => [p.id, p]));
  const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const out = {
    output: el('planner-output'),
    status: el('planner-status'),
    diagram: el('planner-diagram'),
    legend: el('planner-legend'),
    description: el('planner-description'),
    crossings: el('planner-crossings'),
    experts: el('planner-experts'),
    memory: el('planner-memory'),
    time: el('planner-time'),
    figures: el('planner-figures'),
    gantt: el('planner-gantt'),
    scope: el('planner-scope'),
    equation: el('planner-batch-equation'),
    search: el('planner-search-out'),
    summary: el('planner-summary'),
    setup: el('planner-more-now'),
  };
  const opening = openingState(presets);
  /** @type {PlannerState} */
  let state = { ...opening };
  /**
   * The last plan that could be drawn, and the split it was for.
   * @type {TrainingPlan | null}
   */
  let lastGood = null;
  /**
   * The state of the last possible split: what links carry (a half-made split is not saved).
   * @type {PlannerState | null}
   */
  let goodState = null;
  let selfChange = false;
  let narrowW = narrowWidth(out.diagram.clientWidth - 8); // less the padding
  /** @type {Map<string, import('./controls.js').Issue[]>} */
  const localIssues = new Map();

  /**
   * Fills preset values for a preset choice unless the patch sets them itself.
   * @param {Record<string, unknown>} patch
   * @param {PlannerState} current
   * @returns {Record<string, unknown>}
   */
  function expand(patch, current) {
    const full = {};
    const model = typeof patch.model === 'string' ? modelPresets.get(patch.model) : undefined;
    if (model && patch.model !== current.model) Object.assign(full, shapeFromPreset(model.model));
    const hardware = typeof patch.hardware === 'string' ? hardwarePresets.get(patch.hardware) : undefined;
    if (hardware && patch.hardware !== current.hardware) Object.assign(full, hardwareFromPreset(hardware.hardware));
    return Object.assign(full, patch);
  }

  const controls = new Controls(root, presets, (name, raw, final) => {
    const value = coerce(name, raw);
    if (value === undefined) {
      if (!final) return; // half-typed ("1e", "1."): wait for the reader to finish
      localIssues.set(name, [{ kind: 'error', text: rangeText(name) }]);
      showIssues(lastPlanIssues);
      return;
    }
    localIssues.delete(name);
    const patch = { [name]: value };
    if (name === 'dp') patch.dp_auto = false;
    applyPatch(patch, { keepLocal: true, typing: !final });
    notify();
  });
  const showFixed = fixedNote(root, ctx.views);
  const more = initMoreSettings(/** @type {HTMLDetailsElement} */ (el('planner-more')), out.setup);

  /**
   * What a patch becomes when applied: preset choices filled in, then the values an instructor
   * fixed taken out (dp and its automatic switch are fixed together).
   * @param {Record<string, unknown>} patch
   */
  function held(patch) {
    const p = { ...patch };
    // A fixed choice is not expanded either: its preset would rewrite the fields it stands for.
    for (const k of /** @type {const} */ (['model', 'hardware', 'dp_auto']))
      if (ctx.views.fixed.has(k === 'dp_auto' ? 'dp' : k) && k in p) p[k] = state[k];
    return ctx.views.hold(expand(p, state), state);
  }

  /**
   * Why a scenario's patch cannot be shown here: it sets a value an instructor fixed to another
   * value (a locked GPU count under a scenario of 512 GPUs). Null when nothing stands in its way.
   * @param {Record<string, unknown>} patch
   */
  function blockedBy(patch) {
    const now = /** @type {Record<string, unknown>} */ (state);
    const clash = Object.keys(patch).filter(
      (k) => k !== 'dp_auto' && ctx.views.fixed.has(k) && String(patch[k]) !== String(now[k]),
    );
    if (!clash.length) return null;
    const names = clash.map((k) => {
      const field = root.querySelector(`[data-param="${k}"]`);
      const label = (field?.querySelector('label')?.textContent ?? k.replace(/_/g, ' '))
        .replace(/\s*\(fixed\)\s*$/, '')
        .replace(/\s+/g, ' ')
        .trim();
      // A choice in its own words, as its control shows it (not its id).
      const option = field?.querySelector(`option[value="${CSS.escape(String(patch[k]))}"]`);
      const shown =
        option?.textContent ?? (typeof patch[k] === 'boolean' ? (patch[k] ? 'on' : 'off') : String(patch[k]));
      return `${label} ${shown}`;
    });
    return `Needs ${names.join(', ')}; this exercise fixes ${clash.length > 1 ? 'them' : 'it'} otherwise.`;
  }

  /** A change another part of the page makes (scenario, import, published run), reported like a reader's. @param {Record<string, unknown>} patch */
  function applyAndNotify(patch) {
    applyPatch(patch);
    notify();
  }

  function notify() {
    selfChange = true;
    ctx.views.changed('planner');
    selfChange = false;
  }

  /** @type {PlanIssue[]} */
  let lastPlanIssues = [];
  /**
   * Shows the issues at their controls; returns those no control answers for.
   * @param {PlanIssue[]} engineIssues
   */
  function showIssues(engineIssues) {
    const map = new Map(localIssues);
    /** @type {PlanIssue[]} */
    const loose = [];
    for (const issue of engineIssues) {
      const name = paramForPath(issue.path);
      if (name && controls.inputs.has(name))
        map.set(name, [...(map.get(name) ?? []), { kind: issue.kind, text: fieldMessage(name, issue.message) }]);
      else loose.push(issue);
    }
    controls.showIssues(map);
    // An error at a setting behind "More settings" would be out of sight: show it where it is.
    for (const [name, issues] of map)
      if (issues.some((i) => i.kind === 'error') && more.holds(controls.inputs.get(name) ?? null)) more.open();
    return loose;
  }

  // Pipeline blocks by the engine's schedule key: the engine leaves out the blocks of keys the
  // page already holds (most edits leave the schedule alone; toggling back finds it here).
  /** @type {Map<string, Schedule['stages']>} */
  const schedules = new Map();
  const SCHEDULES_KEPT = 24;

  /** @param {PlannerState} s */
  function planFor(s) {
    const plan = ctx.engine.run('plan', {
      ...planRequest(s),
      ...deviceMap.request(s),
      known_schedules: [...schedules.keys()],
    });
    const blocks = plan.pipeline?.blocks;
    if (!blocks || blocks.omitted || isError(plan)) return plan;
    if (blocks.known) {
      const stages = schedules.get(blocks.key);
      if (!stages) return ctx.engine.run('plan', { ...planRequest(s), ...deviceMap.request(s) }); // not expected: we sent only keys we hold
      schedules.delete(blocks.key);
      schedules.set(blocks.key, stages); // most recently used last
      blocks.stages = stages;
    } else {
      schedules.set(blocks.key, blocks.stages);
      // Over the limit, so there is a first (least recently used) key.
      if (schedules.size > SCHEDULES_KEPT) schedules.delete(/** @type {string} */ (schedules.keys().next().value));
    }
    return plan;
  }

  /** `quiet`: while a number is being typed, an impossible split waits for the typing to end. */
  function update({ quiet = false } = {}) {
    const serving = state.mode === 'inference';
    const plan = serving ? ctx.engine.run('plan', inferenceRequest(state)) : planFor(state);
    const failed = isError(plan);
    // An impossible split is an error answer like a malformed request: one channel.
    /** @type {import('../../atlas-engine').EngineIssue[]} */
    const errors = failed ? plan.errors : [];
    /** @type {import('../../atlas-engine').EngineIssue[]} */
    const warnings = failed ? [] : (plan.warnings ?? []);
    if (quiet && failed) return null;
    lastPlanIssues = [
      ...errors.map((e) => ({ ...e, kind: /** @type {const} */ ('error') })),
      ...warnings.map((w) => ({ ...w, kind: /** @type {const} */ ('warning') })),
    ];
    const loose = showIssues(lastPlanIssues);
    if (!failed) controls.showDerivedDp(plan.parallel?.dp, state.dp_auto);
    const ok = !failed;
    out.output.classList.toggle('is-stale', !ok);
    if (!ok) {
      out.status.replaceChildren(
        h(
          'div',
          { class: 'notice notice-error' },
          h(
            'p',
            {},
            h('strong', { text: 'This split is not possible. ' }),
            lastGood ? 'The pictures below still show the last possible split, greyed out.' : '',
          ),
          h('ul', {}, ...errors.map((e) => h('li', { text: e.message }))),
        ),
      );
      out.equation.textContent = '';
      if (!serving)
        redrawIfChanged(out.summary, null, (c) =>
          c.replaceChildren('This split is not possible (see the message at its control).'),
        );
      return null;
    }
    // An equal write still invalidates style and layout, so unchanged parts are left alone.
    if (loose.length || out.status.firstChild)
      out.status.replaceChildren(
        ...(loose.length
          ? [h('ul', { class: 'notice notice-warn' }, ...loose.map((w) => h('li', { text: w.message })))]
          : []),
      );
    goodState = { ...state };
    if (serving) {
      inference.render(plan, modelName());
      return plan;
    }
    lastGood = plan;
    render(plan);
    return plan;
  }

  /**
   * Redraws `target` in place (vnode.js) unless it was last drawn from equal data, so panels
   * whose data did not change are left alone. `data` must hold everything `draw` reads.
   * @param {HTMLElement} target @param {unknown} data @param {(c: import('./vnode.js').VNode) => void} draw
   */
  function redrawIfChanged(target, data, draw) {
    if (!drawnFromSame(target, data)) redrawInPlace(target, draw);
  }

  // The strong-scaling view costs a plan per point: it is computed after the change is drawn,
  // and only while the view is near the viewport (again when it comes into view).
  const scaling = { el: el('planner-scaling'), dirty: true, visible: false, drawn: false, timer: 0 };
  // What the view keeps as GPUs change (kept in links, like the other controls).
  const writeHold = bindScalingHold($('#planner-scaling-hold', root, HTMLFieldSetElement), (scaling_hold) => {
    applyPatch({ scaling_hold });
    notify();
  });
  function refreshScaling() {
    // The first drawing happens whether in view or not: a view that appeared only when scrolled
    // to would grow the page (and an embedding frame) under the reader (issue 14).
    if ((!scaling.visible && scaling.drawn) || !scaling.dirty || !goodState) return;
    scaling.dirty = false;
    scaling.drawn = true;
    const r = ctx.engine.run('plan', {
      ...planRequest(goodState),
      scaling: true,
      scaling_hold: goodState.scaling_hold,
      known_schedules: [...schedules.keys()],
    });
    if (!isError(r) && r.scaling) redrawIfChanged(scaling.el, r.scaling, (c) => drawScaling(c, r.scaling));
  }
  new IntersectionObserver(
    (entries) => {
      scaling.visible = entries.some((e) => e.isIntersecting);
      refreshScaling();
    },
    { rootMargin: '200px' },
  ).observe(scaling.el);
  /** @type {import('./open-run.js').Explorer} */
  const explorer = {
    engine: ctx.engine,
    apply: applyAndNotify,
    status: out.status,
  };
  initFidelity(ctx.engine, $('#planner-fidelity-details', root, HTMLDetailsElement), el('planner-fidelity'), (c, src) =>
    openTrainingRun(explorer, c, src),
  );

  /** @param {TrainingPlan} plan */
  function render(plan) {
    scaling.dirty = true;
    clearTimeout(scaling.timer);
    scaling.timer = setTimeout(refreshScaling, 0);
    // Reading clientWidth here would force a layout of the whole page on every change; the
    // ResizeObserver below keeps the width instead.
    const narrow = narrowW;
    renderDiagram(out.diagram, plan, narrow);
    redrawIfChanged(out.legend, plan.parallel, (c) => c.replaceChildren(legend(plan)));
    drawCrossings(out.crossings, plan.communication ?? [], trainingTable(plan.pipeline));
    out.experts.hidden = !plan.experts;
    redrawIfChanged(out.experts, plan.experts ?? null, (c) => drawExperts(c, plan));
    redrawIfChanged(out.summary, [plan.memory, plan.time.step, plan.throughput.mfu], (c) => drawSummary(c, plan));
    redrawIfChanged(out.memory, plan.memory, (c) => drawMemory(c, plan));
    redrawIfChanged(out.time, [plan.time, plan.published], (c) => drawTime(c, plan));
    redrawIfChanged(out.figures, [plan.batch, plan.throughput, plan.parameters, plan.flops_per_step], (c) =>
      drawFigures(c, plan),
    );
    // The blocks themselves are fixed by the schedule key; `known` only says where they came from.
    const { stages: _stages, known: _known, ...schedule } = plan.pipeline.blocks ?? {};
    redrawIfChanged(out.gantt, [{ ...plan.pipeline, blocks: schedule }, plan.time.bubble, narrow], (c) =>
      drawGantt(c, plan, narrow),
    );
    deviceMap.render(plan.placement, state, narrow);
    drawDescription(out.description, plan, modelName());
    const equation = `B_global = B_micro × N_acc × N_dp: ${plan.batch.equation}; accumulation N_acc = ${plan.batch.accumulation}.`;
    if (out.equation.textContent !== equation) out.equation.textContent = equation;
    redrawIfChanged(out.scope, plan.scope, (c) =>
      c.replaceChildren(
        vh(
          'details',
          { class: 'formula scope-list' },
          vh('summary', { text: 'What this model leaves out' }),
          vh('ul', {}, ...(plan.scope ?? []).map((t) => vh('li', { text: learnerText(t) }))),
        ),
      ),
    );
    if (root.dataset.narrow !== String(narrow > 0)) root.dataset.narrow = String(narrow > 0);
  }

  /** The model and hardware in words, on the closed settings (they are set inside). */
  function writeSetup() {
    more.write(state);
  }

  function modelName() {
    const preset = state.model !== 'custom' ? modelPresets.get(state.model) : undefined;
    return preset ? preset.name : 'A custom model';
  }

  /** @param {TrainingPlan} plan */
  function legend(plan) {
    const p = plan.parallel;
    const n = Math.min(Math.max(p.tp, p.cp, p.ep, p.dp > 1 ? Math.min(p.dp, 8) : 1), 8);
    const items = [];
    for (let k = 0; k < n; k += 1)
      items.push(vh('li', {}, vh('span', { class: `swatch dev-swatch dev-${k} pat-${k}` }), `rank ${k}`));
    return vh(
      'div',
      {},
      vh('ul', { class: 'device-legend', 'aria-label': 'Device colours' }, ...items),
      vh('p', {
        class: 'legend-note',
        text: 'Colour and pattern = rank within the group named beside each part: TP rank inside layers, CP rank along the sequence, EP rank for experts, DP rank in the state bars. Each pipeline stage is its own set of GPUs. Badges: AR all-reduce, RS reduce-scatter, AG all-gather, SR send/receive, A2A all-to-all; focus or hover one to find its row.',
      }),
    );
  }

  /**
   * Applies a patch from a scenario, a search result or another view; returns the names rejected.
   * @param {Record<string, unknown>} patch values of any kind (a link's are text)
   * @param {{keepLocal?: boolean, typing?: boolean}} [options]
   */
  function applyPatch(patch, { keepLocal = false, typing = false } = {}) {
    const { patch: allowed, held: kept } = held(patch);
    const { state: next, rejected } = mergeState(state, allowed);
    // A reader typing inside the settings has them open; any other writer may have set one there.
    if (!keepLocal) more.reveal(state, next);
    state = next;
    if (!keepLocal) localIssues.clear();
    controls.write(state);
    inference.write(state);
    writeHold(state.scaling_hold);
    deviceMap.write(state);
    writeSetup();
    update({ quiet: typing });
    if (kept.length || ctx.views.fixed.size) showFixed(kept);
    return rejected;
  }

  const inference = initInference(root, {
    onMode: (mode) => {
      applyPatch({ mode });
      notify();
    },
    onPhase: (phase) => {
      applyPatch({ phase });
      notify();
    },
    run: (patch) => ctx.engine.run('plan', inferenceRequest(mergeState(state, held(patch).patch).state)),
    apply: applyAndNotify,
    search: (extra) => ctx.engine.run('search', { ...inferenceRequest(state), parallel: undefined, ...extra }),
    fidelity: () => ctx.engine.run('fidelity', { mode: 'inference' }),
    openServing: (c, src) => openServingRun(explorer, c, src),
    blocked: (patch) => blockedBy(patch),
  });
  stickWithinWindow(el('planner-split'), root);
  // The device map's choices are kept in links like the controls'; opening it asks for the placement.
  const deviceMap = initDeviceMap(/** @type {HTMLDetailsElement} */ (el('planner-map-details')), {
    apply: applyAndNotify,
    opened: () => update(),
  });
  linkHighlights(out.diagram, out.crossings);
  initScenarios(
    el('planner-scenario-buttons'),
    el('planner-scenario-out'),
    (patch) => ctx.engine.run('plan', planRequest(mergeState(state, held(patch).patch).state)),
    applyAndNotify,
    (patch) => blockedBy(patch),
  );
  initImport(ctx.engine, el('planner-import'), {
    state: () => ({ ...state }),
    apply: applyAndNotify,
  });
  initReconcile(ctx.engine, el('planner-import'), { state: () => ({ ...state }) });
  el('planner-search-run').addEventListener('click', () => {
    runSearch(ctx, state, ctx.views.fixed, out.search, (patch) => {
      applyAndNotify(patch);
      (out.diagram.closest('figure') ?? out.diagram).scrollIntoView({ block: 'start' });
    });
  });
  el('planner-copy').addEventListener('click', async () => {
    const text = [...out.description.querySelectorAll('p')].map((p) => p.textContent).join('\n');
    const stateEl = el('planner-copy-state');
    try {
      await navigator.clipboard.writeText(text);
      stateEl.textContent = 'Copied.';
    } catch {
      // No clipboard permission (file://, old browsers): select the text so Ctrl+C works.
      const range = document.createRange();
      range.selectNodeContents(out.description);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      stateEl.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });

  // Redraw in the other layout when the container crosses the narrow width.
  new ResizeObserver((entries) => {
    const width = entries[entries.length - 1].contentRect.width;
    const narrow = narrowWidth(width);
    if (narrow === narrowW) return;
    narrowW = narrow;
    if (lastGood && state.mode !== 'inference' && !out.output.classList.contains('is-stale')) render(lastGood);
  }).observe(out.diagram);

  // Another view (the quiz) showing a split: bring the explorer into view.
  ctx.views.onChange((id) => {
    if (id !== 'planner' || selfChange) return;
    ctx.holdInView(document.getElementById('planner')); // and keep it there while the page settles
    const heading = document.getElementById('planner-h');
    heading?.setAttribute('tabindex', '-1');
    const invalid = controls.firstInvalid();
    if (more.holds(invalid)) more.open(); // a closed details' controls take no focus
    (invalid ?? heading)?.focus({ preventScroll: true });
  });

  controls.write(state);
  inference.write(state);
  writeHold(state.scaling_hold);
  deviceMap.write(state);
  writeSetup();
  update();
  ctx.views.register({
    id: 'planner',
    root,
    defaults: { ...opening },
    getState: () => ({ ...(goodState ?? state) }),
    linkState: () => linkState({ ...(goodState ?? state) }),
    setState: (partial) => applyPatch(partial ?? {}),
    upgradeLink: (version, link) => upgradeLink(version, link),
  });

  /**
   * A preset brings its own shape and hardware numbers on reading, so a link leaves out those
   * that equal the named preset's.
   * @param {import('../../views.js').ViewState} full
   */
  function linkState(full) {
    const model = modelPresets.get(String(full.model));
    const hardware = hardwarePresets.get(String(full.hardware));
    const implied = {
      ...(model ? shapeFromPreset(model.model) : {}),
      ...(hardware ? hardwareFromPreset(hardware.hardware) : {}),
    };
    for (const [key, value] of Object.entries(implied))
      if (key in full && String(full[key]) === String(value)) delete full[key];
    return full;
  }

  /**
   * A link of schema version 1 was written against that version's opening (GPT-3 on 1024 A100s)
   * and leaves out what equalled it. The preset ids bring their own numbers (expand); a custom
   * shape or custom hardware took its unwritten numbers from v1's presets.
   * @param {number} version
   * @param {Partial<import('../../views.js').ViewState>} link
   * @returns {Partial<import('../../views.js').ViewState>}
   */
  function upgradeLink(version, link) {
    if (version >= 2) return link;
    /** @type {Record<string, string | number | boolean>} */
    const out = { ...DEFAULTS_V1 };
    const v1model = modelPresets.get(DEFAULTS_V1.model);
    const v1hardware = hardwarePresets.get(DEFAULTS_V1.hardware);
    if (link.model === 'custom' && v1model) Object.assign(out, shapeFromPreset(v1model.model));
    if (link.hardware === 'custom' && v1hardware) Object.assign(out, hardwareFromPreset(v1hardware.hardware));
    return { ...out, ...link };
  }
}
