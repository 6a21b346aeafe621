// The network lab's controls: selects, radios and typed fields, each written from the state and
// read back into it. Typed text is checked here for form (a number, a unit) and by the engine
// for meaning; either problem shows at the field.
import { formatBytes } from '../../format.js';
import { NUMBERS, parseMessage, parseNumber, shown } from './state.js';

/** @typedef {import('./state.js').NetworkState} NetworkState */

const SELECTS = ['collective', 'algorithm', 'system'];
const TYPED = ['message', 'group', 'per_domain', 'domain', 'per_host', 'nics', 'nic', 'oversubscription', 'leaf_ports'];

export class NetworkControls {
  /**
   * @param {HTMLElement} root
   * @param {(name: string, value: string | number) => void} onValue
   */
  constructor(root, onValue) {
    this.root = root;
    /** @type {Map<string, HTMLInputElement | HTMLSelectElement>} */
    this.inputs = new Map();
    for (const name of [...SELECTS, ...TYPED]) {
      const input = /** @type {HTMLInputElement} */ (root.querySelector(`#net-${name}`));
      this.inputs.set(name, input);
      if (SELECTS.includes(name)) input.addEventListener('change', () => onValue(name, input.value));
      else {
        // Applied as typed when the text reads cleanly, and on change otherwise (so a half-typed
        // "1 G" does not flash an error mid-word).
        const read = (/** @type {boolean} */ final) => {
          const r = name === 'message' ? parseMessage(input.value) : parseNumber(name, input.value);
          if (r.error) {
            if (final) this.setError(name, r.error);
            return;
          }
          this.setError(name, '');
          onValue(name, /** @type {number} */ (r.value));
        };
        input.addEventListener('input', () => read(false));
        input.addEventListener('change', () => read(true));
      }
    }
    /** @type {HTMLInputElement[]} */
    this.fabric = [...root.querySelectorAll('input[name="net-fabric"]')].map(
      (e) => /** @type {HTMLInputElement} */ (e),
    );
    for (const radio of this.fabric)
      radio.addEventListener('change', () => radio.checked && onValue('fabric', radio.value));
  }

  /**
   * The GPU choices: the engine's hardware presets.
   * @param {{id: string, name: string}[]} presets
   */
  setSystems(presets) {
    const select = /** @type {HTMLSelectElement} */ (this.inputs.get('system'));
    select.replaceChildren(
      ...presets.map((p) => {
        const option = document.createElement('option');
        option.value = p.id;
        option.textContent = p.name;
        return option;
      }),
    );
  }

  /**
   * Writes the state into every control; a field being typed in is left alone.
   * @param {NetworkState} state
   */
  write(state) {
    const values = /** @type {Record<string, string | number>} */ (/** @type {unknown} */ (state));
    for (const [name, input] of this.inputs) {
      const value = values[name];
      if (document.activeElement === input && TYPED.includes(name)) continue;
      const text =
        name === 'message'
          ? formatBytes(Number(value), 4)
          : name in NUMBERS
            ? shown(name, Number(value))
            : String(value);
      if (input.value !== text) input.value = text;
      this.setError(name, '');
    }
    for (const radio of this.fabric) radio.checked = radio.value === state.fabric;
  }

  /**
   * Shows (or clears, with '') a message at a field and marks it invalid for assistive tech.
   * @param {string} name
   * @param {string} message
   */
  setError(name, message) {
    const error = this.root.querySelector(`#net-${name}-error`);
    const input = this.inputs.get(name);
    if (!error || !input || error.textContent === message) return;
    error.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  clearErrors() {
    for (const name of this.inputs.keys()) this.setError(name, '');
  }
}
