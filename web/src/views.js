// Registry of the page's interactive views: one per running module, under the module's name.
// Each view owns its state; this registry lets permalinks and embeds read and restore all of
// them the same way.

/**
 * @typedef {Record<string, string|number|boolean>} ViewState
 * A view whose defaults changed gives `upgradeLink`: a link of an older schema version left out the
 * values equal to that version's defaults, so its state is read with those filled in.
 * A view may give `linkState`: its state less what another value already implies (a preset's own
 * numbers), so that a link stays short; reading the link back must give `getState()` again.
 * @typedef {{id: string, root: HTMLElement, defaults: ViewState,
 *   getState: () => ViewState, setState: (s: Partial<ViewState>) => string[],
 *   linkState?: () => ViewState,
 *   upgradeLink?: (version: number, s: Partial<ViewState>) => Partial<ViewState>}} View
 */

export class Views {
  constructor() {
    /** @type {Map<string, View>} */
    this.views = new Map();
    /** @type {Set<(id: string) => void>} */
    this.listeners = new Set();
    /**
     * Control names an instructor fixed (embed lock= or hide=): no writer may change them.
     * @type {Set<string>}
     */
    this.fixed = new Set();
    /** @type {Set<() => void>} */
    this.fixedListeners = new Set();
  }

  /**
   * Fixes control names (after a link's state is applied: the values then are the ones kept).
   * @param {Iterable<string>} names
   */
  fix(names) {
    for (const n of names) this.fixed.add(n);
    for (const fn of this.fixedListeners) fn();
  }

  /** @param {() => void} fn called when the fixed names change */
  onFixed(fn) {
    this.fixedListeners.add(fn);
  }

  /**
   * The one gate every state writer (controls, presets, scenarios, search results, fitted
   * values, links from other views) passes: the patch without the fixed names, and the fixed
   * names it tried to change to another value.
   * @template {Record<string, unknown>} P
   * @param {P} patch
   * @param {Record<string, unknown>} current
   * @returns {{patch: Partial<P>, held: string[]}}
   */
  hold(patch, current) {
    /** @type {Record<string, unknown>} */
    const out = {};
    /** @type {string[]} */
    const held = [];
    for (const [k, v] of Object.entries(patch ?? {})) {
      if (!this.fixed.has(k)) out[k] = v;
      else if (String(current[k]) !== String(v)) held.push(k);
    }
    return { patch: /** @type {Partial<P>} */ (out), held };
  }

  /** @param {View} view */
  register(view) {
    if (
      !view ||
      typeof view.id !== 'string' ||
      typeof view.getState !== 'function' ||
      typeof view.setState !== 'function'
    )
      throw new Error('views.register needs {id, root, defaults, getState, setState}');
    this.views.set(view.id, view);
  }

  /** @param {string} id */
  get(id) {
    return this.views.get(id);
  }

  ids() {
    return [...this.views.keys()];
  }

  /**
   * Applies state to a view; returns the parameter names it rejected (unknown view: ['*']).
   * @param {string} id
   * @param {Partial<ViewState>} state
   */
  apply(id, state) {
    const view = this.views.get(id);
    if (!view) return ['*'];
    const rejected = view.setState(state) ?? [];
    this.changed(id);
    return rejected;
  }

  /**
   * Views call this after a user change; listeners (the permalink) update.
   * @param {string} id
   */
  changed(id) {
    for (const fn of this.listeners) fn(id);
  }

  /** @param {(id: string) => void} fn */
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
