// The browser test files, read as text: each one that opens the harness's browser also closes
// it. Under npm test every file connects to one shared Chromium, and an open connection keeps the
// file's node process alive after its tests pass, so a file without it never ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';

test('every browser test file that opens the harness browser closes it after its tests', () => {
  const dir = join(root, 'tests/e2e');
  const open = readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      const uses = /\b(openPage|browser)\b/.test(
        text.match(/import\s*{([^}]*)}\s*from\s*'\.\/harness\.mjs'/)?.[1] ?? '',
      );
      // after(closeBrowser), or an after() hook that awaits closeBrowser().
      return uses && !/after\(\s*closeBrowser\s*\)|await closeBrowser\(\)/.test(text);
    });
  assert.deepEqual(open, []);
});
