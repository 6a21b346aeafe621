// "More settings": everything a plan depends on beyond the split, the model and the GPU. It is
// closed at every width so a newcomer meets a dozen controls, and its summary names what it
// hides. A value set from outside the reader's hands (a link, an import, a scenario, a published
// run) opens it, so nothing that shapes the numbers changes out of sight.

import { HARDWARE_KEYS, SHAPE_KEYS } from './state.js';

/** @typedef {import('./state.js').PlannerState} PlannerState */

/**
 * @param {HTMLDetailsElement} details
 * @param {HTMLElement} summary the span that says what the closed settings hold
 */
export function initMoreSettings(details, summary) {
  details.open = false;
  const inside = new Set(
    [...details.querySelectorAll('[data-param]')].map((e) => /** @type {HTMLElement} */ (e).dataset.param ?? ''),
  );
  const shape = new Set(/** @type {readonly string[]} */ (SHAPE_KEYS));
  const hardware = new Set([.../** @type {readonly string[]} */ (HARDWARE_KEYS), 'gpus_per_node']);

  /** The selected option's words, without their explanation in brackets. @param {string} name */
  function chosen(name) {
    const select = details.querySelector(`#pl-${name}`);
    if (!(select instanceof HTMLSelectElement)) return '';
    return (select.selectedOptions[0]?.textContent ?? '').replace(/\s*\(.*\)\s*$/, '').trim();
  }

  return {
    /** @param {PlannerState} state */
    write(state) {
      const count = (/** @type {number} */ n) => n.toLocaleString('en-US');
      const parts =
        state.mode === 'inference'
          ? [`${count(state.seq)}-token context`, state.model === 'custom' ? 'a custom shape' : 'the preset’s shape']
          : [
              `batch ${count(state.global)} × ${count(state.seq)} tokens`,
              `micro-batch ${count(state.micro)}`,
              chosen('schedule'),
              `${chosen('recompute')} recompute`,
              chosen('precision'),
              chosen('framework'),
            ];
      const text = parts.filter(Boolean).join(' · ');
      if (summary.textContent !== text) summary.textContent = text;
    },

    /**
     * Opens the settings when a change from outside set a value inside them. A shape or a
     * hardware number that only follows its preset is the preset's, not a setting of its own.
     * @param {PlannerState} before
     * @param {PlannerState} after
     */
    reveal(before, after) {
      if (details.open) return;
      const own = (/** @type {string} */ k) =>
        !(shape.has(k) && after.model !== 'custom') && !(hardware.has(k) && after.hardware !== 'custom');
      const changed = Object.keys(after).filter(
        (k) =>
          inside.has(k) &&
          own(k) &&
          /** @type {Record<string, unknown>} */ (before)[k] !== /** @type {Record<string, unknown>} */ (after)[k],
      );
      if (changed.length) details.open = true;
    },

    /** @param {Element | null} control */
    holds(control) {
      return Boolean(control && details.contains(control));
    },

    open() {
      details.open = true;
    },
  };
}
