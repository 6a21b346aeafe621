// A plan's formulas come from the engine as symbolic text with {0}, {1}, … and the numbers as
// data ({value, unit}); this file puts the numbers in with the page's own formatters, so a
// formula reads "2.42 ms" like the figure beside it, never the engine's "0.002421 s".
import {
  formatBytes,
  formatBytesDecimal,
  formatCount,
  formatFlops,
  formatPercent,
  formatRate,
  formatSeconds,
} from '../../format.js';

/**
 * @typedef {{value: number, unit: string}} FormulaValue
 * @typedef {{text: string, values: FormulaValue[]}} Formula
 */

const SUPERSCRIPT = /** @type {Record<string, string>} */ ({
  '-': '⁻',
  0: '⁰',
  1: '¹',
  2: '²',
  3: '³',
  4: '⁴',
  5: '⁵',
  6: '⁶',
  7: '⁷',
  8: '⁸',
  9: '⁹',
});

/**
 * Very large or very small numbers as a × 10ⁿ (display only).
 * @param {number} x
 */
export function scientific(x) {
  if (!Number.isFinite(x) || x === 0) return formatCount(x);
  const [m, e] = x.toExponential(2).split('e');
  return `${m} × 10${String(Number(e)).replace(/./g, (c) => SUPERSCRIPT[c] ?? c)}`;
}

/**
 * A plain number: whole numbers grouped (8,192), others to four significant digits.
 * @param {number} x
 */
function plain(x) {
  if (!Number.isFinite(x)) return formatCount(x);
  const a = Math.abs(x);
  if (Number.isInteger(x) || a >= 1000) return formatCount(x);
  if (a < 1e-3) return scientific(x);
  return String(Number(x.toPrecision(4)));
}

/**
 * Bytes with a formatter; a few whole bytes (an element's size) stay as they are.
 * @param {(b: number) => string} format
 * @param {number} x
 */
function sized(format, x) {
  return Number.isInteger(x) && Math.abs(x) < 1000 ? `${x} B` : format(x);
}

/**
 * One value in the page's units.
 * @param {FormulaValue} v
 * @param {{decimalBytes?: boolean}} [options]  decimalBytes: kB/MB/GB, as the serving table writes sizes
 * @returns {string}
 */
export function formatValue(v, options = {}) {
  const x = v.value;
  switch (v.unit) {
    case 's':
      return formatSeconds(x);
    case 'B':
      return sized(options.decimalBytes ? formatBytesDecimal : formatBytes, x);
    case 'B/s':
      return formatRate(x);
    case 'FLOP':
      return `${scientific(x)} FLOP`;
    case 'FLOP/s':
      return formatFlops(x);
    case 'fraction':
      return formatPercent(x);
    case 'tokens/s':
      return `${formatCount(x)} tokens/s`;
    default:
      return plain(x);
  }
}

/**
 * A formula as text for the page; a plain string (a formula the page writes itself) as it is.
 * @param {Formula | string | null | undefined} formula
 * @param {{decimalBytes?: boolean}} [options]
 * @returns {string}
 */
export function formulaText(formula, options = {}) {
  if (formula == null) return '';
  if (typeof formula === 'string') return formula;
  const values = formula.values ?? [];
  return formula.text.replace(/\{(\d+)\}/g, (whole, i) => {
    const v = values[Number(i)];
    return v ? formatValue(v, options) : whole;
  });
}
