// The explorer draws light descriptions of elements (VNode), not elements: `patch` writes them
// into the page, reusing the elements already there and touching only attributes and text that
// changed, so a control change restyles and re-lays out what moved instead of the whole drawing.
const SVG_NS = 'http://www.w3.org/2000/svg';

/** A child as drawing functions pass it: false, null and undefined are skipped, one level of arrays flattened. */
/** @typedef {VNode | string | number | boolean | null | undefined} VLeaf */
/** @typedef {VLeaf | VLeaf[]} VChild */

/** A description of one element: tag, attributes (strings), children (VNodes or strings). */
export class VNode {
  /**
   * @param {string} tag
   * @param {import('../../dom.js').Attrs} attrs as for dom.js h() (without `on`)
   * @param {VChild[]} children
   * @param {string | null} ns
   */
  constructor(tag, attrs, children, ns) {
    this.tag = tag;
    this.ns = ns;
    /** Namespace and tag, as patch() compares them. */
    this.kind = `${ns ?? ''} ${tag}`;
    /** @type {Record<string, string>} */
    this.attrs = {};
    /** @type {(VNode|string)[]} */
    this.children = [];
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') this.children.push(String(value));
      else if (key === 'dataset')
        for (const [k, v] of Object.entries(/** @type {Record<string, string>} */ (value)))
          this.attrs[`data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = String(v);
      else this.attrs[key] = value === true && !ns ? '' : String(value);
    }
    this.append(...children);
  }

  /** @param {...VChild} children */
  append(...children) {
    for (const c of children.flat())
      if (c !== null && c !== undefined && c !== false) this.children.push(c instanceof VNode ? c : String(c));
    return this;
  }

  /** @param {...VChild} children */
  prepend(...children) {
    const before = this.children;
    this.children = [];
    this.append(...children);
    this.children.push(...before);
    return this;
  }

  /**
   * Same as Element.replaceChildren, so drawing functions can fill a VNode container.
   * @param {...VChild} children
   */
  replaceChildren(...children) {
    this.children = [];
    return this.append(...children);
  }

  /**
   * @param {string} key
   * @param {string} value
   */
  setAttribute(key, value) {
    this.attrs[key] = String(value);
  }

  /**
   * The text the element would have (for accessible names built from drawn text).
   * @returns {string}
   */
  get textContent() {
    return this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join('');
  }
}

/** @type {WeakMap<Element, string>} */
const drawnFrom = new WeakMap();

/**
 * True when `container` was last drawn from data equal to `data` (everything its drawing reads
 * from the plan), so the page already shows it; otherwise records `data` and returns false.
 * @param {Element} container @param {unknown} data
 */
export function drawnFromSame(container, data) {
  const key = JSON.stringify(data);
  if (drawnFrom.get(container) === key) return true;
  drawnFrom.set(container, key);
  return false;
}

/**
 * Runs a drawing function that fills a container from scratch (`draw(container)`) with element
 * descriptions (vh, s), then brings `target` to the same content with patch(), keeping the
 * elements that are still there: the page restyles and re-lays out only what changed, and no
 * throwaway elements are built. A <details> keeps the reader's `open`.
 * @param {HTMLElement} target
 * @param {(container: VNode) => void} draw
 */
export function redrawInPlace(target, draw) {
  const scratch = new VNode(target.localName, {}, [], null);
  draw(scratch);
  patch(target, scratch.children);
}

/**
 * An SVG element description (same arguments as dom.js `s`).
 * @param {string} tag
 * @param {import('../../dom.js').Attrs} [attrs]
 * @param {...VChild} children
 */
export function s(tag, attrs = {}, ...children) {
  return new VNode(tag, attrs, children, SVG_NS);
}

/**
 * An HTML element description (same arguments as dom.js `h`, without `on`).
 * @param {string} tag
 * @param {import('../../dom.js').Attrs} [attrs]
 * @param {...VChild} children
 */
export function vh(tag, attrs = {}, ...children) {
  return new VNode(tag, attrs, children, null);
}

// What patch() last wrote, kept on the nodes themselves: comparing with it is plain JS, where
// reading the DOM back (getAttribute, localName, …) crosses into the browser for every node.
// Only attributes the descriptions own are compared, so a class another script adds (the
// highlight's `is-hot`) stays until the description's own class changes.
const WRITTEN = Symbol('attributes written by patch');
const KIND = Symbol('namespace and tag, or #text');
/** A node with what patch() last wrote on it. */
/** @typedef {Node & {[WRITTEN]?: Record<string, string>, [KIND]?: string, namespaceURI?: string | null, localName?: string}} Marked */

const kindOfVNode = (/** @type {VNode | string} */ v) => (typeof v === 'string' ? '#text' : v.kind);

/** @param {Marked} node */
function kindOf(node) {
  if (node[KIND] === undefined) {
    const html = node.namespaceURI === 'http://www.w3.org/1999/xhtml';
    node[KIND] =
      node.nodeType === 3
        ? '#text'
        : node.nodeType === 1
          ? `${html ? '' : node.namespaceURI} ${node.localName}`
          : '#other';
  }
  return node[KIND];
}

/**
 * @param {string | VNode} v
 * @returns {Node}
 */
function create(v) {
  if (typeof v === 'string') return document.createTextNode(v);
  /** @type {Element & Marked} */
  const el = v.ns ? document.createElementNS(v.ns, v.tag) : document.createElement(v.tag);
  for (const k in v.attrs) el.setAttribute(k, v.attrs[k]);
  el[WRITTEN] = v.attrs;
  el[KIND] = v.kind;
  for (const c of v.children) el.append(create(c));
  return el;
}

/**
 * @param {Element & Marked} el
 * @param {VNode} v
 */
function update(el, v) {
  const attrs = v.attrs;
  let before = el[WRITTEN];
  if (!before) {
    // First patch of an element the page's markup made: start from what it has.
    /** @type {Record<string, string>} */
    const found = {};
    for (const name of el.getAttributeNames()) found[name] = /** @type {string} */ (el.getAttribute(name));
    before = found;
  }
  for (const k in attrs) if (before[k] !== attrs[k]) el.setAttribute(k, attrs[k]);
  // `open` on <details> is the reader's; everything else follows the description.
  for (const k in before) if (!(k in attrs) && k !== 'open') el.removeAttribute(k);
  el[WRITTEN] = attrs;
  patch(el, v.children);
}

/**
 * Makes `parent`'s children match `children`: elements of the same tag at the same place are
 * kept and updated, text nodes get new data only when it differs, the rest is replaced.
 * @param {Element} parent
 * @param {(VNode|string)[]} children
 */
export function patch(parent, children) {
  let node = parent.firstChild;
  for (const v of children) {
    if (!node) {
      parent.append(create(v));
      continue;
    }
    const next = node.nextSibling;
    if (kindOf(node) !== kindOfVNode(v)) parent.replaceChild(create(v), node);
    else if (typeof v === 'string') {
      const text = /** @type {Text} */ (node);
      if (text.data !== v) text.data = v;
    } else update(/** @type {Element} */ (node), v);
    node = next;
  }
  while (node) {
    const next = node.nextSibling;
    node.remove();
    node = next;
  }
}
