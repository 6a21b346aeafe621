// Registry of the page's interactive views (lab, planner, quiz). Each view owns its state;
// this registry lets permalinks and embeds read and restore all of them the same way.

/**
 * @typedef {Record<string, string|number|boolean>} ViewState
 * @typedef {{id: string, root: HTMLElement, defaults: ViewState,
 *   getState: () => ViewState, setState: (s: Partial<ViewState>) => string[]}} View
 */

export class Views {
  constructor() {
    /** @type {Map<string, View>} */
    this.views = new Map();
    /** @type {Set<(id: string) => void>} */
    this.listeners = new Set();
  }

  /** @param {View} view */
  register(view) {
    if (!view || typeof view.id !== 'string' || typeof view.getState !== 'function' || typeof view.setState !== 'function')
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

  /** Views call this after a user change; listeners (the permalink) update. */
  changed(id) {
    for (const fn of this.listeners) fn(id);
  }

  /** @param {(id: string) => void} fn */
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
