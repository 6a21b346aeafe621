// npm run build: engine (native CLI + WASM module) → validate the entry with the engine →
// static site in dist/ (HTML with the entry's text, MathML, CSS, the boot script and one script
// per interactive part, the engine as glue + .wasm and as one file for file://).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { ensureSetup } from './lib/setup.mjs';
import { cli, distDir, engineModule, engineWasm, entryFile, nativeDir, plannerWasm, root, wasmDir } from './lib/paths.mjs';
import { bootScriptTag, writeBundles, writeEngine, writeStyles } from './lib/assets.mjs';

function step(label, cmd, args, options = {}) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    console.error(`[build] ${label} failed`);
    process.exit(r.status || 1);
  }
  console.log(`[build] ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** Configures and builds the native CLI and tests, and the WASM module and tests. */
export function buildEngine({ tests = false } = {}) {
  const jobs = ['-j', process.env.ATLAS_JOBS || '2'];
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  const targets = [
    ['native', nativeDir, ['cmake']],
    // emcmake's default emulator flags break node 20; plain node runs the WASM doctest.
    ['wasm', wasmDir, ['emcmake', 'cmake', '-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node']],
  ];
  for (const [name, dir, [cmd, ...configure]] of targets) {
    if (!existsSync(join(dir, 'CMakeCache.txt')))
      step(`configure ${name}`, cmd, [...configure, '-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', `-DATLAS_TESTS=${tests ? 'ON' : 'OFF'}`], quiet);
    else if (tests) step(`configure ${name}`, 'cmake', ['-B', dir, '-DATLAS_TESTS=ON'], quiet);
    step(`build ${name}`, 'cmake', ['--build', dir, ...jobs]);
  }
}

function validateEntry() {
  const r = spawnSync(cli, ['validate', entryFile], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 2) {
    console.error(r.stderr);
    process.exit(1);
  }
  return { ok: r.status === 0, response: JSON.parse(r.stdout) };
}

function readPartials() {
  const partials = {};
  for (const name of ['lab', 'planner', 'quiz']) {
    const file = join(root, 'web', 'partials', `${name}.html`);
    partials[name] = existsSync(file) ? readFileSync(file, 'utf8') : '';
  }
  return partials;
}

/** Entry ids available in this build (content/*.json files). */
function knownEntries() {
  return new Set(readdirSync(join(root, 'content')).filter((f) => f.endsWith('.json')).map((f) => basename(f, '.json')));
}

/** The page's own style sheets, base.css first. */
function styleFiles() {
  const styles = join(root, 'web', 'styles');
  return readdirSync(styles).filter((f) => f.endsWith('.css'))
    .sort((a, b) => (a === 'base.css' ? -1 : b === 'base.css' ? 1 : a.localeCompare(b))).map((f) => join(styles, f));
}

async function main() {
  ensureSetup();
  const t0 = Date.now();
  // ATLAS_SKIP_ENGINE=1 reuses the engine already built (tests that only re-render the site).
  if (process.env.ATLAS_SKIP_ENGINE !== '1') buildEngine({ tests: process.env.ATLAS_BUILD_TESTS === '1' });
  else if (!existsSync(cli) || !existsSync(engineModule) || !existsSync(engineWasm) || !existsSync(plannerWasm)) {
    console.error('[build] ATLAS_SKIP_ENGINE=1 but the engine is not built yet');
    process.exit(1);
  }
  const { renderEntry, renderInvalid } = await import('./lib/render-entry.mjs');
  const { esc, jsonForScript } = await import('./lib/html.mjs');
  const template = readFileSync(join(root, 'web/index.html'), 'utf8');
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  cpSync(join(root, 'web/static'), distDir, { recursive: true });
  const css = await writeStyles(distDir, styleFiles());

  const { ok, response } = validateEntry();
  const rel = relative(root, entryFile);
  if (!ok) {
    // Still write a page: someone opening dist/ sees the engine's message, not a blank page.
    const html = template
      .replace('<!--atlas:title-->', () => 'Invalid entry — Parallelism Atlas')
      .replace('<!--atlas:description-->', () => 'This build failed entry validation.')
      .replace('<!--atlas:entry-->', () => renderInvalid(response, rel))
      .replace('href="atlas.css"', () => `href="${css}"`)
      .replace('<!--atlas:data-->', () => '')
      .replace('<!--atlas:scripts-->', () => '');
    writeFileSync(join(distDir, 'index.html'), html);
    console.error(`[build] ${rel} is invalid:`);
    for (const e of response.errors) console.error(`  ${e.path || '/'}  ${e.code}: ${e.message}`);
    process.exit(2);
  }
  for (const w of response.warnings ?? []) console.warn(`[build] warning ${w.path} ${w.code}: ${w.message}`);
  const entry = response.entry;
  const bundles = await writeBundles(distDir);
  const engine = await writeEngine(distDir);
  const html = template
    .replace('<!--atlas:title-->', () => `${esc(entry.name)} — Parallelism Atlas`)
    .replace('<!--atlas:description-->', () => esc(entry.role))
    .replace('<!--atlas:entry-->', () => renderEntry(entry, readPartials(), knownEntries()))
    .replace('<!--atlas:data-->', () => `<script type="application/json" id="atlas-entry">${jsonForScript(entry)}</script>`)
    .replace('href="atlas.css"', () => `href="${css}"`)
    // The style sheet is asked for before the boot script, which runs as soon as it arrives
    // (a script after a style sheet would wait for it) and starts the engine's download.
    .replace('<!--atlas:scripts-->', () => `<link rel="preload" href="${css}" as="style">\n${bootScriptTag(bundles, engine)}`);
  writeFileSync(join(distDir, 'index.html'), html);
  console.log(`[build] site written to ${relative(root, distDir) || '.'}/ in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && process.argv[1].endsWith('build.mjs')) await main();
