// The page's display formatting: units chosen for reading, a dash for a missing quantity, and
// nothing at all as a whole zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, formatBytesDecimal, formatRate } from '../../web/src/format.js';

test('zero reads as a whole zero in its base unit; other sizes keep three significant digits', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytesDecimal(0), '0 B');
  assert.equal(formatBytes(1536), '1.50 KiB');
  assert.equal(formatBytes(3 * 1024 ** 3), '3.00 GiB');
  assert.equal(formatBytes(null), '—');
  assert.equal(formatBytes(Number.NaN), '—');
  assert.notEqual(formatRate(0), '0.00 B/s');
});
