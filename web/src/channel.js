// Messages to an embedding page (course site, LMS). One channel, one naming scheme: every
// message is {type: "atlas:<name>", ...}. See README "Embedding".

/** True when this page runs inside a frame. */
export function isEmbedded() {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * Posts {type: "atlas:" + type, ...payload} to the parent frame. The target origin is the
 * host's origin when known (from the handshake or document.referrer), else "*" — the
 * messages carry no secrets, only what the learner did on this page.
 * @param {string} type
 * @param {Record<string, unknown>} [payload]
 */
export function post(type, payload = {}) {
  if (!isEmbedded()) return;
  window.parent.postMessage({ ...payload, type: `atlas:${type}` }, hostOrigin());
}

/**
 * @type {string | null}
 */
let knownHost = null;

/**
 * Remembers the host origin learned from an atlas:hello handshake.
 * @param {string} origin
 */
export function setHostOrigin(origin) {
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) knownHost = origin;
}

function hostOrigin() {
  if (knownHost) return knownHost;
  try {
    const ref = document.referrer ? new URL(document.referrer).origin : '';
    return /^https?:/.test(ref) ? ref : '*';
  } catch {
    return '*';
  }
}

/**
 * Tells listeners in this page what happened: a DOM event `atlas:<type>` on the document with
 * `detail`. Unlike post() it stays in the page, for code that runs beside the modules (the
 * course package's LMS adapter, web/src/scorm12.js), which shares no module state with them.
 * @param {string} type
 * @param {Record<string, unknown>} detail
 */
export function announce(type, detail) {
  document.dispatchEvent(new CustomEvent(`atlas:${type}`, { detail }));
}

export const channel = { post, isEmbedded, announce };
