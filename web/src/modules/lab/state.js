// The lab's state: what each control means, how typed text becomes a value, how a value maps
// to its log slider. Parsing input is not modelling: every model number comes from the engine.

import { readByteSize } from '../../format.js';

/**
 * Lab state in SI units (bytes, B/s, s), as the engine takes it.
 * @typedef {{ranks: number, bytes: number, bandwidth: number, latency: number, compute: number, overlap: number, compare: boolean, step: number}} LabState
 * @typedef {'bytes' | 'ranks'} Sweep the curves' x axes
 */

/** @type {Readonly<LabState>} */
export const DEFAULTS = Object.freeze({
  ranks: 8,
  bytes: 1073741824, // 1 GiB
  bandwidth: 100e9, // 100 GB/s
  latency: 5e-6, // 5 µs
  compute: 1, // s on one GPU
  overlap: 0, // 0…1
  compare: false,
  step: 0, // animation step shown (0 = before the first send)
});

/**
 * Page limits for each numeric field: the only place the lab states them (messages, the number
 * inputs' min/max, the rank sweep and the clamp on a measured fit all read them). They must lie
 * within the engine's own request bounds; a JS test checks that against the engine's schema.
 * @type {Readonly<Record<string, {min: number, max: number, exclusiveMin?: boolean}>>}
 */
export const LIMITS = Object.freeze({
  ranks: { min: 2, max: 4096 },
  bytes: { min: 1, max: 100e9 },
  bandwidth: { min: 1e6, max: 1e15, exclusiveMin: true },
  latency: { min: 0, max: 10 },
  compute: { min: 1e-6, max: 1e5 },
  overlap: { min: 0, max: 1 },
});

/**
 * Reads a payload typed with an optional unit ("1 GiB", "256MB", "1e9", "1_048_576").
 * @param {string} text
 * @returns {{value?: number, error?: string}}
 */
export function parseBytes(text) {
  const r = readByteSize(text);
  return r.error ? r : checkRange('bytes', /** @type {number} */ (r.value));
}

/**
 * Reads a plain number field shown in a display unit (scale converts to SI).
 * @param {string} name
 * @param {string} text
 * @param {number} scale
 * @returns {{value?: number, error?: string}}
 */
export function parseScaled(name, text, scale) {
  const t = String(text).trim();
  if (t === '') return { error: 'Enter a number.' };
  const n = Number(t);
  if (!Number.isFinite(n)) return { error: 'Enter a number.' };
  if (name === 'ranks' && !Number.isInteger(n)) return { error: 'Ranks must be a whole number.' };
  return checkRange(name, n * scale);
}

/**
 * @param {string} name
 * @param {number} value
 * @returns {{value?: number, error?: string}}
 */
function checkRange(name, value) {
  const l = LIMITS[name];
  if (!Number.isFinite(value)) return { error: 'Enter a finite number.' };
  const low = l.exclusiveMin ? value <= l.min : value < l.min;
  if (low || value > l.max) return { error: rangeMessage(name) };
  return { value };
}

/** @param {string} name */
function rangeMessage(name) {
  switch (name) {
    case 'ranks':
      return `Ranks must be from ${LIMITS.ranks.min} to ${LIMITS.ranks.max}.`;
    case 'bytes':
      return 'Payload must be from 1 B to 100 GB.';
    case 'bandwidth':
      return 'Bandwidth must be more than 0.001 GB/s and at most 1,000,000 GB/s.';
    case 'latency':
      return 'Latency must be from 0 to 10,000,000 µs.';
    case 'compute':
      return 'Compute time must be from 0.001 ms to 100,000 s.';
    case 'overlap':
      return 'Overlap must be from 0 to 100 %.';
    default:
      return 'Out of range.';
  }
}

/**
 * How each numeric control shows its value: display scale and slider mapping.
 * @type {Readonly<Record<string, {scale: number, toSlider: (v: number) => number, fromSlider: (x: number) => number}>>}
 */
export const FIELDS = Object.freeze({
  ranks: { scale: 1, toSlider: (v) => Math.log2(v), fromSlider: (x) => Math.round(2 ** x) },
  bytes: { scale: 1, toSlider: (v) => Math.log10(v), fromSlider: (x) => Math.round(10 ** x) },
  bandwidth: { scale: 1e9, toSlider: (v) => Math.log10(v / 1e9), fromSlider: (x) => roundSig(10 ** x, 3) * 1e9 },
  latency: {
    scale: 1e-6,
    toSlider: (v) => Math.log10(Math.max(v, 1e-7) / 1e-6),
    fromSlider: (x) => roundSig(10 ** x, 3) * 1e-6,
  },
  compute: { scale: 1e-3, toSlider: (v) => Math.log10(v / 1e-3), fromSlider: (x) => roundSig(10 ** x, 3) * 1e-3 },
  overlap: { scale: 0.01, toSlider: (v) => v * 100, fromSlider: (x) => x / 100 },
});

/**
 * @param {number} x
 * @param {number} digits
 */
function roundSig(x, digits) {
  return Number(x.toPrecision(digits));
}

/**
 * A number as typed into a field in its display unit (no trailing float noise).
 * @param {string} name
 * @param {number} value
 */
export function displayNumber(name, value) {
  const v = value / FIELDS[name].scale;
  return String(Number(v.toPrecision(6)));
}

/**
 * Merges a partial state (from a permalink or embed) into a state; returns the names it rejected.
 * @param {LabState} state
 * @param {Record<string, unknown>} patch
 */
export function mergeState(state, patch) {
  const next = { ...state };
  /** @type {string[]} */
  const rejected = [];
  for (const [key, raw] of Object.entries(patch)) {
    if (!(key in DEFAULTS)) {
      rejected.push(key);
      continue;
    }
    if (key === 'compare') {
      if (raw === true || raw === 'true' || raw === '1' || raw === 1) next.compare = true;
      else if (raw === false || raw === 'false' || raw === '0' || raw === 0) next.compare = false;
      else rejected.push(key);
      continue;
    }
    // An empty value ("lab.latency=") is a missing value, not 0.
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (key === 'step') {
      if (Number.isInteger(n) && n >= 0 && n <= 30) next.step = n;
      else rejected.push(key);
      continue;
    }
    const r = key === 'ranks' && !Number.isInteger(n) ? { error: 'x' } : checkRange(key, n);
    if (r.error) rejected.push(key);
    // A numeric field of the state (checked against DEFAULTS above).
    else /** @type {Record<string, unknown>} */ (next)[key] = r.value;
  }
  return { state: next, rejected };
}

// Four payloads a decade (every whole decade exact) and three rank counts an octave (every
// power of two exact): on the log-log charts linear segments between them stay within a pixel
// of the curve, and each slider move builds, parses and draws about 40 % less.
/** @type {Readonly<Record<Sweep, {from: number, to: number, points: number}>>} */
export const SWEEPS = Object.freeze({
  bytes: { from: 1, to: 1e11, points: 45 },
  ranks: { from: 1, to: LIMITS.ranks.max, points: 37 },
});

/**
 * Curve columns the page reads (charts.js, describeCharts in index.js); the engine builds only
 * these, plus the other algorithms' times while the comparison is on.
 * @type {Readonly<Record<Sweep, string[]>>}
 */
export const CURVE_COLUMNS = Object.freeze({
  bytes: ['time', 'latency_term', 'bandwidth_term'],
  ranks: ['time', 'busbw', 'speedup'],
});

/**
 * The engine request for the current state: the point, scaling and the curves asked for, in
 * one call. `curves` lists which sweeps to include (default both); `known` holds the engine's key
 * of each curve the page already has, and the engine answers an unchanged curve with its key
 * alone (it knows which inputs move which curve). The comparison shows as curve columns only,
 * so the point's own `comparison` block is never asked for.
 * @param {LabState} state
 * @param {{schedule: boolean, curves?: Sweep[], known?: Partial<Record<Sweep, string>>}} options
 */
export function labRequest(state, { schedule, curves = ['bytes', 'ranks'], known = {} }) {
  /** @type {Partial<Record<Sweep, {from: number, to: number, points: number, columns: string[], known?: string}>>} */
  const sweep = {};
  for (const c of curves) {
    /** @type {{from: number, to: number, points: number, columns: string[], known?: string}} */
    const one = { ...SWEEPS[c], columns: [...CURVE_COLUMNS[c], ...(state.compare ? ['compare'] : [])] };
    if (known[c]) one.known = known[c];
    sweep[c] = one;
  }
  return {
    ranks: state.ranks,
    bytes: state.bytes,
    bandwidth: state.bandwidth,
    latency: state.latency,
    compare: false,
    schedule,
    scaling: { compute: state.compute, overlap: state.overlap, search_to: LIMITS.ranks.max },
    ...(curves.length ? { sweep } : {}),
  };
}

/**
 * Maps an engine error path to the control it belongs to.
 * @param {string} path
 */
export function paramForPath(path) {
  const m = /^\/(ranks|bytes|bandwidth|latency)$/.exec(path) || /^\/scaling\/(compute|overlap)$/.exec(path);
  return m ? m[1] : null;
}
