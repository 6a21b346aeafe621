// DOM building without markup strings: content is always text (textContent), never HTML.

/** @typedef {Node | string | number | null | undefined | false} Leaf */
/** A child of h() or s(): one node or text, or one level of them (flattened once). */
/** @typedef {Leaf | Leaf[]} Child */
/**
 * Attributes of h() and s(): the named ones below, and plain attributes of any value (written as
 * text; true as an empty attribute, false, null and undefined left out).
 * @typedef {{text?: unknown, class?: string | null, on?: Record<string, EventListener>,
 *   dataset?: Record<string, string>} & Record<string, unknown>} Attrs
 */

/**
 * Creates an element. attrs: plain attributes, plus `class`, `text` (textContent), `on`
 * ({event: handler}) and `dataset`. Children: nodes or strings (as text) — null/false skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') el.textContent = String(value);
    else if (key === 'class') el.className = /** @type {string} */ (value);
    else if (key === 'on')
      for (const [ev, fn] of Object.entries(/** @type {Record<string, EventListener>} */ (value)))
        el.addEventListener(ev, fn);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Same as h() for SVG elements.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs] as for h()
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') el.textContent = String(value);
    else if (key === 'on')
      for (const [ev, fn] of Object.entries(/** @type {Record<string, EventListener>} */ (value)))
        el.addEventListener(ev, fn);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces all children of `el`.
 * @param {Element} el
 * @param {...Child} children
 */
export function replaceChildren(el, ...children) {
  el.textContent = '';
  append(el, children);
}

/**
 * querySelector that fails loudly with the selector when markup and code drift apart. With
 * `type`, the element's class is checked too, so a changed tag fails here rather than later.
 * @template {Element} [T=HTMLElement]
 * @param {string} selector
 * @param {ParentNode} [root]
 * @param {{ new (): T; prototype: T }} [type]
 * @returns {T}
 */
export function $(selector, root = document, type) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`missing element ${selector}`);
  if (type && !(el instanceof type)) throw new Error(`element ${selector} is not a ${type.name}`);
  return /** @type {T} */ (el);
}

/**
 * getElementById that fails loudly with the id, for elements the page's markup always has.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T; prototype: T }} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing element #${id}`);
  if (type && !(el instanceof type)) throw new Error(`element #${id} is not a ${type.name}`);
  return /** @type {T} */ (el);
}

/**
 * Resolves in a later task, so the browser can paint and handle input between two pieces of
 * work (no long task for both). scheduler.yield keeps this page's work ahead of other tasks.
 * @returns {Promise<void>}
 */
export function nextTask() {
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The JSON the build embedded in the page under `id` (a script of type application/json), or
 * null when the page has none.
 * @param {string} id
 * @returns {any}
 */
export function readPageJson(id) {
  const node = typeof document === 'undefined' ? null : document.getElementById(id);
  return node ? JSON.parse(node.textContent || 'null') : null;
}
