// Slider + typed field pairs. Moving either updates the other; typed text is checked here for
// form (a number, a unit) and by the engine for meaning, and any problem is shown at the field.
import { formatBytes } from '../../format.js';
import { FIELDS, displayNumber, parseBytes, parseScaled } from './state.js';

const NAMES = ['ranks', 'bytes', 'bandwidth', 'latency', 'compute', 'overlap'];

export class LabControls {
  /**
   * @param {HTMLElement} root
   * @param {(name: string, value: number) => void} onValue
   */
  constructor(root, onValue) {
    this.root = root;
    this.onValue = onValue;
    /** @type {Map<string, {range: HTMLInputElement, field: HTMLInputElement, error: HTMLElement}>} */
    this.fields = new Map();
    for (const name of NAMES) {
      const range = /** @type {HTMLInputElement} */ (root.querySelector(`#lab-${name}-range`));
      const field = /** @type {HTMLInputElement} */ (
        root.querySelector(`#lab-${name}-${name === 'bytes' ? 'text' : 'number'}`)
      );
      const error = /** @type {HTMLElement} */ (root.querySelector(`#lab-${name}-error`));
      this.fields.set(name, { range, field, error });
      range.addEventListener('input', () => this.fromSlider(name));
      // Typed values apply as they are typed when they read cleanly, and on change otherwise,
      // so a half-typed "1 G" does not flash an error mid-word.
      field.addEventListener('input', () => this.fromField(name, false));
      field.addEventListener('change', () => this.fromField(name, true));
    }
  }

  /**
   * The slider and field of `name`, one of NAMES (the listeners are set only for those).
   * @param {string} name
   */
  pair(name) {
    return /** @type {{range: HTMLInputElement, field: HTMLInputElement, error: HTMLElement}} */ (
      this.fields.get(name)
    );
  }

  /** @param {string} name */
  fromSlider(name) {
    const f = this.pair(name);
    const value = FIELDS[name].fromSlider(Number(f.range.value));
    this.setError(name, '');
    f.field.value = this.text(name, value);
    this.onValue(name, value);
  }

  /**
   * @param {string} name
   * @param {boolean} final
   */
  fromField(name, final) {
    const f = this.pair(name);
    const r = name === 'bytes' ? parseBytes(f.field.value) : parseScaled(name, f.field.value, FIELDS[name].scale);
    if (r.error) {
      if (final) this.setError(name, r.error);
      return;
    }
    this.setError(name, '');
    const value = /** @type {number} */ (r.value); // no error: a value
    f.range.value = String(FIELDS[name].toSlider(value));
    this.onValue(name, value);
  }

  /**
   * @param {string} name
   * @param {number} value
   */
  text(name, value) {
    return name === 'bytes' ? formatBytes(value, 4) : displayNumber(name, value);
  }

  /**
   * Writes the state into every control (after presets, reset, permalinks).
   * @param {import('./state.js').LabState} state
   */
  write(state) {
    // The controls are the state's numeric fields (NAMES).
    const values = /** @type {Record<string, number>} */ (/** @type {unknown} */ (state));
    for (const [name, f] of this.fields) {
      f.range.value = String(FIELDS[name].toSlider(values[name]));
      const active = document.activeElement === f.field;
      // Never rewrite the field someone is typing in.
      if (!active) f.field.value = this.text(name, values[name]);
      this.setError(name, '');
    }
  }

  /**
   * Shows (or clears, with '') a message at a field and marks it invalid for assistive tech.
   * @param {string} name
   * @param {string} message
   */
  setError(name, message) {
    const f = this.fields.get(name);
    if (!f || f.error.textContent === message) return;
    f.error.textContent = message;
    if (message) f.field.setAttribute('aria-invalid', 'true');
    else f.field.removeAttribute('aria-invalid');
  }

  hasErrors() {
    return [...this.fields.values()].some((f) => f.error.textContent !== '');
  }
}
