// formatCount from format.js, without its cost: Number#toLocaleString builds a number format
// per call (tens of µs), and the lab formats counts for every tick label and readout on each
// slider move. Same output: one shared en-US NumberFormat of the rounded value.
import { formatCount as formatCountSlow } from '../format.js';

const COUNT = new Intl.NumberFormat('en-US');

/** @param {number} n @param {{compact?: boolean}} [options] */
export function formatCount(n, options) {
  if (options || typeof n !== 'number' || !Number.isFinite(n)) return formatCountSlow(n, options);
  return COUNT.format(Math.round(n));
}
