// npm test: set up, build everything (with the doctest suites), then every layer:
// native doctest (ctest), the same doctest under node (WASM), tsc over all of web/src (checkJs, strict),
// JS contract tests (node:test), browser tests in headless Debian Chromium.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSetup } from './lib/setup.mjs';
import { nativeDir, root, wasmDir } from './lib/paths.mjs';

const results = [];

function layer(name, cmd, args, options = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  const seconds = (Date.now() - t0) / 1000;
  results.push({ name, ok: r.status === 0, seconds });
  return r.status === 0;
}

function tests(folder) {
  return readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join(folder, f));
}

const t0 = Date.now();
ensureSetup();
const built = layer('build (engine, tests, site)', process.execPath, ['scripts/build.mjs'], {
  env: { ...process.env, ATLAS_BUILD_TESTS: '1' },
});
if (built) {
  layer('doctest, native (ctest)', 'ctest', ['--test-dir', nativeDir, '--output-on-failure', '-j2']);
  layer('doctest, WASM under node (ctest)', 'ctest', ['--test-dir', wasmDir, '--output-on-failure', '-j2']);
  layer('types (tsc: checkJs and strict over web/src and the contract types)', join(root, 'node_modules/.bin/tsc'), [
    '-p',
    'tests/types/tsconfig.json',
  ]);
  layer('engine contract (node:test)', process.execPath, ['--test', '--test-concurrency=1', ...tests('tests/js')]);
  layer('browser (headless Chromium)', process.execPath, ['--test', '--test-concurrency=1', ...tests('tests/e2e')]);
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
