// Display formatting only: numbers arrive from the engine in SI units; these functions choose
// a readable unit and precision. They never compute model quantities.

const DASH = '—';

// Contract fields are optional and a missing quantity shows as a dash, so every formatter takes
// one: a number, or null/undefined.
/** @typedef {number | null | undefined} Quantity */

/**
 * @param {unknown} x
 * @returns {x is number}
 */
function finite(x) {
  return typeof x === 'number' && Number.isFinite(x);
}

/**
 * @param {number} x
 * @param {number} digits
 */
function trimmed(x, digits) {
  const abs = Math.abs(x);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.max(0, digits - 2) : digits - 1;
  return x.toFixed(Math.min(decimals, 6));
}

/**
 * @param {Quantity} x
 * @param {string[]} units
 * @param {number} base
 * @param {number} digits
 */
function scaled(x, units, base, digits) {
  if (!finite(x)) return DASH;
  // Nothing at all reads as a whole zero ("0 B"), not a measured "0.00 B".
  if (x === 0) return `0 ${units[0]}`;
  let i = 0;
  let v = x;
  while (Math.abs(v) >= base && i < units.length - 1) {
    v /= base;
    i += 1;
  }
  return `${trimmed(v, digits)} ${units[i]}`;
}

/**
 * Bytes in binary units (KiB, MiB, …) — memory and payloads.
 * @param {Quantity} bytes
 */
export function formatBytes(bytes, digits = 3) {
  return scaled(bytes, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], 1024, digits);
}

/**
 * Bytes in decimal units (kB, MB, GB) — as nccl-tests and vendors quote them.
 * @param {Quantity} bytes
 */
export function formatBytesDecimal(bytes, digits = 3) {
  return scaled(bytes, ['B', 'kB', 'MB', 'GB', 'TB', 'PB'], 1000, digits);
}

/**
 * Seconds in ns/µs/ms/s, or min/h/days for long spans.
 * @param {Quantity} seconds
 */
export function formatSeconds(seconds, digits = 3) {
  return formatSecondsAs(seconds, seconds, digits);
}

/**
 * Seconds in the unit `reference` would get, so figures read side by side (a published step and
 * the engine's) share one unit.
 * @param {Quantity} seconds
 * @param {Quantity} reference
 */
export function formatSecondsAs(seconds, reference, digits = 3) {
  if (!finite(seconds)) return DASH;
  const a = finite(reference) && reference !== 0 ? Math.abs(reference) : Math.abs(seconds);
  if (a === 0) return '0 s';
  if (a < 1e-6) return `${trimmed(seconds * 1e9, digits)} ns`;
  if (a < 1e-3) return `${trimmed(seconds * 1e6, digits)} µs`;
  if (a < 1) return `${trimmed(seconds * 1e3, digits)} ms`;
  if (a < 120) return `${trimmed(seconds, digits)} s`;
  if (a < 7200) return `${trimmed(seconds / 60, digits)} min`;
  if (a < 172800) return `${trimmed(seconds / 3600, digits)} h`;
  return `${trimmed(seconds / 86400, digits)} days`;
}

/**
 * Bytes per second in GB/s-style decimal units (1 GB = 1e9 B, the nccl-tests convention).
 * @param {Quantity} bytesPerSecond
 */
export function formatRate(bytesPerSecond, digits = 3) {
  return scaled(bytesPerSecond, ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'], 1000, digits);
}

/**
 * FLOP/s in decimal units.
 * @param {Quantity} flops
 */
export function formatFlops(flops, digits = 3) {
  return scaled(flops, ['FLOP/s', 'kFLOP/s', 'MFLOP/s', 'GFLOP/s', 'TFLOP/s', 'PFLOP/s', 'EFLOP/s'], 1000, digits);
}

// One shared format: Number#toLocaleString builds a new one per call (~30 µs in Chromium), and
// the lab and the explorer format dozens of counts on every control change.
const GROUPED = new Intl.NumberFormat('en-US');

/**
 * Large counts with grouping: 8,030,261,248; or with a suffix when compact.
 * @param {Quantity} n
 */
export function formatCount(n, { compact = false } = {}) {
  if (!finite(n)) return DASH;
  if (compact) return scaled(n, ['', 'k', 'M', 'B', 'T'], 1000, 3).trim();
  return GROUPED.format(Math.round(n));
}

/**
 * A plain quantity without a unit, to `digits` significant figures and no trailing zeros ("2.5",
 * "11.2", "156", "1,234"): a rate or a mean that need not be whole.
 * @param {Quantity} n
 */
export function formatNumber(n, digits = 3) {
  if (!finite(n)) return DASH;
  return Math.abs(n) >= 1000 ? formatCount(n) : String(Number(n.toPrecision(digits)));
}

/**
 * A count with its noun, singular for one: "1 user", "16 users".
 * @param {Quantity} n
 * @param {string} noun
 * @param {string} [nouns] the plural, when it is not noun + "s"
 */
export function countOf(n, noun, nouns = `${noun}s`) {
  if (!finite(n)) return `${DASH} ${nouns}`;
  return `${formatCount(n)} ${Math.round(n) === 1 ? noun : nouns}`;
}

/**
 * A rate such as tokens/s: whole numbers from 10 up, two significant digits below, so 0.64 is
 * not shown as 1.
 * @param {Quantity} n
 */
export function formatTokenRate(n) {
  if (!finite(n)) return DASH;
  if (Math.abs(n) >= 10) return formatCount(n);
  return Number(n.toPrecision(2)).toLocaleString('en-US');
}

/**
 * A fraction 0…1 as a percentage.
 * @param {Quantity} fraction
 */
export function formatPercent(fraction, digits = 1) {
  if (!finite(fraction)) return DASH;
  return `${(fraction * 100).toFixed(digits)} %`;
}

/**
 * Engine text for learners: drops pointers into the repository ("(docs/fidelity.md)"), which
 * are for the people who maintain the model, not for the people reading the page.
 * @param {string} text
 */
export function learnerText(text) {
  return String(text)
    .replace(/\s*\((?:see\s+)?(?:docs|bench|wasm|web|scripts|tests)\/[^)]*\)/g, '')
    .replace(/[;,]?\s*(?:bench|docs|scripts)\/[\w./-]+ measures it/g, '');
}

/**
 * An ordinal in English: 2 → "2nd", 3 → "3rd", 6 → "6th", 11 → "11th".
 * @param {number} n
 */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

/** Byte units a typed size may carry (lower case), nccl-tests' k/m/g shorthand included. */
const BYTE_UNITS = Object.freeze({
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
});

/**
 * A byte size typed with an optional unit ("1 GiB", "256MB", "1e9", "1_048_576"), in bytes;
 * the caller checks its range.
 * @param {string} text
 * @returns {{value?: number, error?: string}}
 */
export function readByteSize(text) {
  const t = String(text)
    .trim()
    .replace(/[_,](?=\d)/g, '');
  const m = /^([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*([a-z]*)$/i.exec(t);
  if (!m) return { error: 'Enter a size such as 1 GiB, 256 MB or 4096 (bytes).' };
  const unit = m[2].toLowerCase();
  if (unit && !(unit in BYTE_UNITS)) return { error: `Unknown unit “${m[2]}”: use B, KiB, MiB, GiB, KB, MB or GB.` };
  return { value: Number(m[1]) * (unit ? BYTE_UNITS[/** @type {keyof typeof BYTE_UNITS} */ (unit)] : 1) };
}
