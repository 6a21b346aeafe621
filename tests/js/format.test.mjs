// The page's display formatting: units chosen for reading, a dash for a missing quantity, and
// nothing at all as a whole zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, formatBytesDecimal, formatNumber, formatRate } from '../../web/src/format.js';

test('zero reads as a whole zero in its base unit; other sizes keep three significant digits', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytesDecimal(0), '0 B');
  assert.equal(formatBytes(1536), '1.50 KiB');
  assert.equal(formatBytes(3 * 1024 ** 3), '3.00 GiB');
  assert.equal(formatBytes(null), '—');
  assert.equal(formatBytes(Number.NaN), '—');
  assert.notEqual(formatRate(0), '0.00 B/s');
});

test('a plain quantity shows three significant figures without trailing zeros, a dash when missing', () => {
  assert.equal(formatNumber(4), '4');
  assert.equal(formatNumber(2.5), '2.5');
  assert.equal(formatNumber(39.8347), '39.8');
  assert.equal(formatNumber(11.15), '11.2');
  assert.equal(formatNumber(0.04213), '0.0421');
  assert.equal(formatNumber(155.4), '155');
  assert.match(formatNumber(1014.2), /^1,?014$/);
  assert.equal(formatNumber(null), '—');
  assert.equal(formatNumber(Number.NaN), '—');
});
