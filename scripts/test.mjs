// npm test: set up, build everything (with the doctest suites), then every layer: native doctest
// (ctest), the same doctest under node (WASM), tsc over all of web/src (checkJs, strict), JS
// contract tests (node:test), browser tests in headless Debian Chromium. On a 2-core machine the
// layers run in two lanes after the build: the browser tests, whose Chromium keeps about 1.6
// cores busy, and beside them the other four one after another on what is left (each a single
// process). The browser layer streams its output; the others keep theirs until they end, so two
// layers never interleave their lines; each prints its time.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSetup } from './lib/setup.mjs';
import { nativeDir, root, wasmDir } from './lib/paths.mjs';

const results = [];

/** Runs one layer; resolves true when it passed. `live` streams its output as it comes. */
function layer(name, cmd, args, { live = false, env = process.env } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!live) {
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      if (!live) process.stdout.write(`\n=== ${name} (${seconds.toFixed(1)} s)\n${Buffer.concat(chunks).toString()}`);
      results.push({ name, ok: code === 0, seconds });
      resolve(code === 0);
    });
  });
}

/** Layers one after another. */
async function inOrder(...steps) {
  let ok = true;
  for (const step of steps) ok = (await step()) && ok;
  return ok;
}

function tests(folder) {
  return readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join(folder, f));
}

const t0 = Date.now();
ensureSetup();
console.log('\n=== build (engine, tests, site)');
const built = await layer('build (engine, tests, site)', process.execPath, ['scripts/build.mjs'], {
  live: true,
  env: { ...process.env, ATLAS_BUILD_TESTS: '1' },
});
if (built) {
  console.log('\n=== browser (headless Chromium, two files at a time), beside the other layers');
  // One Chromium for every test file (each connects to it) rather than a start per file. The
  // harness is imported here, after ensureSetup has installed playwright-core. A Chromium that
  // does not start here leaves each file to start (and report) its own.
  const { browserServer } = await import('../tests/e2e/harness.mjs');
  const server = await browserServer().catch(() => null);
  await Promise.all([
    layer(
      'browser (headless Chromium, two files at a time)',
      process.execPath,
      ['--test', '--test-concurrency=2', ...tests('tests/e2e')],
      { live: true, env: server ? { ...process.env, ATLAS_BROWSER_WS: server.wsEndpoint() } : process.env },
    ),
    inOrder(
      () => layer('doctest, native (ctest)', 'ctest', ['--test-dir', nativeDir, '--output-on-failure']),
      () => layer('doctest, WASM under node (ctest)', 'ctest', ['--test-dir', wasmDir, '--output-on-failure']),
      () =>
        layer(
          'types (tsc: checkJs and strict over web/src and the contract types)',
          join(root, 'node_modules/.bin/tsc'),
          ['-p', 'tests/types/tsconfig.json'],
        ),
      () =>
        layer('engine contract (node:test)', process.execPath, [
          '--test',
          '--test-concurrency=1',
          ...tests('tests/js'),
        ]),
    ),
  ]);
  await server?.close();
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
