// The network lab's state: what each control holds (SI units, as the engine takes them), how
// typed text becomes a value, and the `collective` request built from it. Parsing input is not
// modelling: every figure the lab shows comes from the engine.

import { readByteSize } from '../../format.js';

/**
 * @typedef {{system: string, collective: string, algorithm: string, message: number, group: number,
 *   per_domain: number, domain: number, per_host: number, nics: number, nic: number, fabric: string,
 *   oversubscription: number, leaf_ports: number}} NetworkState
 */

/** The opening picture: 64 H100s in 8 HGX nodes, one NIC of 400 Gb/s per GPU, rails, 1 GiB. */
/** @type {Readonly<NetworkState>} */
export const DEFAULTS = Object.freeze({
  system: 'h100-sxm',
  collective: 'all-reduce',
  algorithm: 'auto',
  message: 1073741824,
  group: 64,
  per_domain: 8,
  domain: 8,
  per_host: 8,
  nics: 8,
  nic: 50e9,
  fabric: 'rail',
  oversubscription: 1,
  leaf_ports: 32,
});

export const COLLECTIVES = ['all-reduce', 'all-gather', 'reduce-scatter', 'all-to-all', 'broadcast', 'send-recv'];
export const ALGORITHMS = ['auto', 'ring', 'tree', 'hierarchical', 'point-to-point'];
export const FABRICS = ['rail', 'one-switch'];
/** The control names that hold a topology number (a system preset fills them). */
export const TOPOLOGY_KEYS = /** @type {const} */ (['domain', 'per_host', 'nics', 'nic']);

/**
 * Page bounds of the numeric controls, inside the engine's request bounds (a JS test checks
 * them against the engine's schema). `scale` turns the typed unit into SI.
 * @type {Readonly<Record<string, {min: number, max: number, integer?: boolean, scale: number, unit: string}>>}
 */
export const NUMBERS = Object.freeze({
  message: { min: 1, max: 1e12, scale: 1, unit: 'B' },
  group: { min: 2, max: 8192, integer: true, scale: 1, unit: 'GPUs' },
  per_domain: { min: 1, max: 1024, integer: true, scale: 1, unit: 'GPUs' },
  domain: { min: 1, max: 1024, integer: true, scale: 1, unit: 'GPUs' },
  per_host: { min: 1, max: 72, integer: true, scale: 1, unit: 'GPUs' },
  nics: { min: 1, max: 64, integer: true, scale: 1, unit: 'NICs' },
  nic: { min: 1e6, max: 1e13, scale: 1e9 / 8, unit: 'Gb/s' },
  oversubscription: { min: 1, max: 64, scale: 1, unit: '' },
  leaf_ports: { min: 1, max: 1024, integer: true, scale: 1, unit: 'ports' },
});

/**
 * Reads a message size typed with an optional unit ("1 GiB", "256MB", "4096").
 * @param {string} text
 * @returns {{value?: number, error?: string}}
 */
export function parseMessage(text) {
  const r = readByteSize(text);
  return r.error ? r : checked('message', /** @type {number} */ (r.value));
}

/**
 * Reads a number typed in the control's display unit.
 * @param {string} name
 * @param {string} text
 * @returns {{value?: number, error?: string}}
 */
export function parseNumber(name, text) {
  const t = String(text).trim();
  const n = t === '' ? NaN : Number(t);
  if (!Number.isFinite(n)) return { error: 'Enter a number.' };
  if (NUMBERS[name].integer && !Number.isInteger(n)) return { error: 'Enter a whole number.' };
  return checked(name, n * NUMBERS[name].scale);
}

/**
 * @param {string} name
 * @param {number} value SI
 * @returns {{value?: number, error?: string}}
 */
function checked(name, value) {
  const l = NUMBERS[name];
  if (!Number.isFinite(value) || value < l.min || value > l.max)
    return { error: `From ${shown(name, l.min)} to ${shown(name, l.max)}${l.unit ? ` ${l.unit}` : ''}.` };
  return { value };
}

/**
 * A value as typed into its field, in the display unit, without float noise.
 * @param {string} name
 * @param {number} value
 */
export function shown(name, value) {
  return String(Number((value / NUMBERS[name].scale).toPrecision(6)));
}

/**
 * Merges a partial state (a permalink or an embed) into a state; returns the names it rejected.
 * @param {NetworkState} state
 * @param {Record<string, unknown>} patch
 */
export function mergeState(state, patch) {
  const next = /** @type {Record<string, unknown>} */ ({ ...state });
  /** @type {string[]} */
  const rejected = [];
  /** @type {Record<string, string[]>} */
  const choices = { collective: COLLECTIVES, algorithm: ALGORITHMS, fabric: FABRICS };
  for (const [key, raw] of Object.entries(patch)) {
    if (!(key in DEFAULTS)) rejected.push(key);
    else if (key in choices) {
      if (choices[key].includes(String(raw))) next[key] = String(raw);
      else rejected.push(key);
    } else if (key === 'system') {
      if (typeof raw === 'string' && /^[a-z0-9-]{1,60}$/.test(raw)) next.system = raw;
      else rejected.push(key);
    } else {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      const ok = Number.isFinite(n) && !(NUMBERS[key].integer && !Number.isInteger(n)) && !checked(key, n).error;
      if (ok) next[key] = n;
      else rejected.push(key);
    }
  }
  return { state: /** @type {NetworkState} */ (next), rejected };
}

/**
 * The `collective` request for a state. `presetOnly` leaves the topology's numbers to the
 * system preset (the engine answers with them, and the controls take them from its answer).
 * @param {NetworkState} s
 * @param {{presetOnly?: boolean}} [options]
 */
export function collectiveRequest(s, { presetOnly = false } = {}) {
  const topology = {
    preset: s.system,
    fabric: s.fabric,
    oversubscription: s.oversubscription,
    leaf_ports: s.leaf_ports,
    ...(presetOnly
      ? {}
      : { nvlink_domain: s.domain, gpus_per_host: s.per_host, nics_per_host: s.nics, nic_bandwidth: s.nic }),
  };
  return {
    collective: s.collective,
    bytes: s.message,
    ranks: s.group,
    ranks_per_domain: s.per_domain,
    algorithm: s.algorithm,
    topology,
    sweep: { from: 8, to: 8589934592, points: 41 },
  };
}

/** @type {Record<string, string>} */
const BY_PATH = {
  '/collective': 'collective',
  '/algorithm': 'algorithm',
  '/bytes': 'message',
  '/ranks': 'group',
  '/ranks_per_domain': 'per_domain',
  '/topology/nvlink_domain': 'domain',
  '/topology/gpus_per_host': 'per_host',
  '/topology/nics_per_host': 'nics',
  '/topology/nic_bandwidth': 'nic',
  '/topology/fabric': 'fabric',
  '/topology/oversubscription': 'oversubscription',
  '/topology/leaf_ports': 'leaf_ports',
  '/topology/preset': 'system',
};

/**
 * The control an engine error's JSON pointer belongs to (null: none).
 * @param {string} path
 */
export function paramForPath(path) {
  return BY_PATH[path] ?? null;
}
