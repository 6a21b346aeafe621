// The form: fills the preset lists from the engine, mirrors the state into the inputs, reports
// user edits by parameter name, and shows the engine's coded errors and warnings at the control
// whose JSON pointer they name.
import { h } from '../../dom.js';
import { FIELDS } from './state.js';
import { backwardPrefetchApplies, recomputeModuleApplies } from './requests.js';

/** A message at a control. */
/** @typedef {{kind: 'error' | 'warning', text: string}} Issue */
/** A preset as the lists show it (the engine's `presets` answer has more). */
/** @typedef {{id: string, name: string}} PresetName */

export class Controls {
  /**
   * @param {HTMLElement} root  the planner's root (holds the form)
   * @param {{models: PresetName[], hardware: PresetName[]}} presets  the engine's `presets` answer
   * @param {(name: string, value: unknown, final: boolean) => void} onEdit  called for each user edit
   */
  constructor(root, presets, onEdit) {
    this.root = root;
    this.form = /** @type {HTMLFormElement} */ (root.querySelector('#planner-controls'));
    /** @type {Map<string, HTMLInputElement|HTMLSelectElement>} */
    this.inputs = new Map();
    /** @type {Map<string, HTMLElement>} */
    this.messages = new Map();
    /** Fields of several options, each a checkbox whose value is the option's name. */
    /** @type {Map<string, HTMLInputElement[]>} */
    this.sets = new Map();
    this.fillPresets('model', presets.models);
    this.fillPresets('hardware', presets.hardware);
    for (const wrap of this.form.querySelectorAll('[data-param]')) {
      const name = /** @type {HTMLElement} */ (wrap).dataset.param;
      const input = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (wrap.querySelector('input, select'));
      if (!input || name === undefined || !FIELDS[name]) continue;
      this.inputs.set(name, input);
      const message = h('p', { class: 'field-message', id: `pl-${name}-msg`, hidden: true });
      wrap.append(message);
      this.messages.set(name, message);
      if (FIELDS[name].type === 'set') {
        // The group carries the message; each box reports the whole set.
        const boxes = /** @type {HTMLInputElement[]} */ ([...wrap.querySelectorAll('input[type="checkbox"]')]);
        this.sets.set(name, boxes);
        wrap.setAttribute('aria-describedby', message.id);
        for (const box of boxes) box.addEventListener('change', () => onEdit(name, this.read(name), true));
        continue;
      }
      input.setAttribute('aria-describedby', message.id);
      // Selects and checkboxes report on `change`. Numbers report as they are typed (final =
      // false: the picture follows, but a half-typed value shows no message yet) and again on
      // `change` (Enter or leaving the field: final = true, messages shown).
      if (input.tagName === 'SELECT' || /** @type {HTMLInputElement} */ (input).type === 'checkbox')
        input.addEventListener('change', () => onEdit(name, this.read(name), true));
      else {
        input.addEventListener('input', () => onEdit(name, this.read(name), false));
        input.addEventListener('change', () => onEdit(name, this.read(name), true));
      }
    }
    this.form.addEventListener('submit', (e) => e.preventDefault());
  }

  /**
   * @param {string} name
   * @param {PresetName[]} list
   */
  fillPresets(name, list) {
    const select = this.form.querySelector(`#pl-${name}`);
    if (!select || !Array.isArray(list)) return;
    const custom = select.querySelector('option[value="custom"]');
    for (const p of list) select.insertBefore(h('option', { value: p.id, text: p.name }), custom);
    FIELDS[name].options = [...list.map((p) => p.id), 'custom'];
  }

  /**
   * The raw value of a control as the user left it (numbers stay strings until coerced).
   * @param {string} name
   */
  read(name) {
    const boxes = this.sets.get(name);
    if (boxes)
      return boxes
        .filter((b) => b.checked)
        .map((b) => b.value)
        .join(',');
    const input = this.inputs.get(name);
    if (!input) return undefined;
    if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked;
    return input.value;
  }

  /**
   * Mirrors the state into the controls, leaving the one being typed in alone.
   * @param {import('./state.js').PlannerState} state
   */
  write(state) {
    const values = /** @type {Record<string, unknown>} */ (state);
    for (const [name, input] of this.inputs) {
      const value = values[name];
      if (value === undefined) continue;
      const boxes = this.sets.get(name);
      if (boxes) {
        const chosen = String(value).split(',');
        for (const b of boxes) if (b.checked !== chosen.includes(b.value)) b.checked = chosen.includes(b.value);
        continue;
      }
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = Boolean(value);
      else if (document.activeElement !== input || input.tagName === 'SELECT') {
        if (input.value !== String(value)) input.value = String(value);
      }
    }
    const dp = this.inputs.get('dp');
    if (dp) /** @type {HTMLInputElement} */ (dp).readOnly = Boolean(state.dp_auto);
    // Expert fields only mean something for a mixture-of-experts model; the expert
    // tensor-parallel degree and the routing imbalance are not shown at all for a dense one.
    const dense = !(state.experts > 1);
    for (const name of ['top_k', 'expert_ffn']) {
      const input = this.inputs.get(name);
      if (input) input.disabled = dense;
    }
    for (const name of ['etp', 'routing_imbalance']) {
      const field = this.inputs.get(name)?.closest('.field');
      if (field instanceof HTMLElement && field.hidden !== dense) field.hidden = dense;
    }
    // A loop's or a stream's count of requests means nothing when every request is sent at once
    // (the concurrency is then the count): the field is not shown.
    // A Poisson stream is set by its rate: how many run at once follows from it.
    const show = (/** @type {string} */ name, /** @type {boolean} */ shown) => {
      const field = this.inputs.get(name)?.closest('.field');
      if (field instanceof HTMLElement && field.hidden === shown) field.hidden = !shown;
    };
    show('expert_weights', !dense);
    show('runtime_version', state.runtime === 'vllm');
    show('requests', state.arrival !== 'all_at_once');
    // Only a run that ends waits for its longest output.
    show('output_max', state.arrival === 'all_at_once');
    // Whether the users keep in step matters only to a loop (a stream's arrivals are random).
    show('lengths', state.arrival === 'closed_loop');
    show('concurrency', state.arrival !== 'poisson');
    show('request_rate', state.arrival === 'poisson');
    // Megatron's recompute modules: only under its selective recomputation, and only the parts
    // this model has.
    const modules = this.inputs.get('recompute_modules')?.closest('.field');
    const megatronSelective = state.recompute === 'selective' && state.framework === 'megatron';
    if (modules instanceof HTMLElement && modules.hidden === megatronSelective) modules.hidden = !megatronSelective;
    for (const box of this.sets.get('recompute_modules') ?? []) {
      const label = box.closest('label');
      const applies = recomputeModuleApplies(state, box.value);
      if (label && label.hidden === applies) label.hidden = !applies;
    }
    // Which layers full recomputation redoes: only under it; the count's name follows the method.
    const full = state.recompute === 'full';
    for (const name of ['recompute_method', 'recompute_num_layers']) {
      const field = this.inputs.get(name)?.closest('.field');
      if (field instanceof HTMLElement && field.hidden === full) field.hidden = !full;
    }
    const countLabel = this.root.querySelector('#pl-recompute_num_layers-label');
    const countText = state.recompute_method === 'block' ? 'Layers recomputed per stage' : 'Layers per group';
    if (countLabel && countLabel.textContent !== countText) countLabel.textContent = countText;
    const prefetch = this.inputs.get('backward_prefetch');
    if (prefetch) prefetch.disabled = !backwardPrefetchApplies(state);
  }

  /**
   * Shows the derived data-parallel degree in the dp field while it is automatic.
   * @param {unknown} dp the engine's, when it gave one
   * @param {boolean} auto
   */
  showDerivedDp(dp, auto) {
    const input = this.inputs.get('dp');
    if (input && auto && typeof dp === 'number' && document.activeElement !== input && input.value !== String(dp))
      input.value = String(dp);
  }

  /**
   * Shows messages at controls. `issues` maps a parameter name to [{kind: 'error'|'warning', text}].
   * Controls not named are cleared.
   * @param {Map<string, Issue[]>} issues
   */
  showIssues(issues) {
    // Written only where something changed: most edits leave every message as it was.
    for (const [name, el] of this.messages) {
      const list = issues.get(name) ?? [];
      const input = this.inputs.get(name);
      const wrap = el.parentElement;
      const hasError = list.some((i) => i.kind === 'error');
      const hidden = list.length === 0;
      const className = `field-message ${hasError ? 'field-error' : 'field-warning'}`;
      const text = list.map((i) => i.text).join(' ');
      if (el.hidden !== hidden) el.hidden = hidden;
      if (el.className !== className) el.className = className;
      if (el.textContent !== text) el.textContent = text;
      if (input && (input.getAttribute('aria-invalid') === 'true') !== hasError) {
        if (hasError) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
      if (wrap && wrap.classList.contains('has-error') !== hasError) wrap.classList.toggle('has-error', hasError);
      const warn = !hasError && list.length > 0;
      if (wrap && wrap.classList.contains('has-warning') !== warn) wrap.classList.toggle('has-warning', warn);
    }
  }

  /** The first control with an error (for focus after an apply from elsewhere). */
  firstInvalid() {
    for (const input of this.inputs.values()) if (input.getAttribute('aria-invalid') === 'true') return input;
    return null;
  }

  focusFirst() {
    this.inputs.get('tp')?.focus();
  }
}
