// Escaping for the static HTML the build writes. Every content string goes through esc():
// the entry is data, never markup.
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Joins an array of rendered fragments (skipping empty ones). */
export function join(parts, separator = '\n') {
  return parts.filter((p) => p !== undefined && p !== null && p !== '').join(separator);
}

/** Serialises JSON for a <script type="application/json"> block: no '<' can close the element. */
export function jsonForScript(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
