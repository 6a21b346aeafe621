// npm run build: engine (native CLI + WASM module) → validate every entry with the engine and
// check the module mapping → static site in dist/: one page per entry (<id>.html, and the home
// entry as index.html too) with its text and MathML, CSS, the boot script and one script per
// module, the engine as glue + .wasm and as one file for file://.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureSetup } from './lib/setup.mjs';
import {
  cli,
  distDir,
  engineModule,
  engineWasm,
  modulesDir,
  nativeDir,
  plannerWasm,
  quizWasm,
  root,
  wasmDir,
} from './lib/paths.mjs';
import { bootScriptTag, writeBundles, writeEngine, writeStyles } from './lib/assets.mjs';
import { askEngine } from './lib/native-cli.mjs';

function step(label, cmd, args, options = {}) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    console.error(`[build] ${label} failed`);
    process.exit(r.status || 1);
  }
  console.log(`[build] ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** Runs a command, resolving with its exit status; `buffer` holds its output until it ends. */
function spawnStep(label, cmd, args, { buffer = false } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffer) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      if (buffer) process.stdout.write(Buffer.concat(chunks));
      console.log(`[build] ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Configures and builds the native CLI and tests, and the WASM module and tests. The two builds
 * run side by side: each ends in links that use one core (the doctest binaries, wasm-opt over
 * the planner), which the other build's compiles fill. The native build's output is held until
 * it ends, so the two never interleave their lines.
 */
export async function buildEngine({ tests = false } = {}) {
  const jobs = ['-j', process.env.ATLAS_JOBS || '2'];
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  const targets = [
    ['native', nativeDir, ['cmake']],
    // emcmake's default emulator flags break node 20; plain node runs the WASM doctest.
    ['wasm', wasmDir, ['emcmake', 'cmake', '-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node']],
  ];
  for (const [name, dir, [cmd, ...configure]] of targets) {
    if (!existsSync(join(dir, 'CMakeCache.txt')))
      step(
        `configure ${name}`,
        cmd,
        [...configure, '-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', `-DATLAS_TESTS=${tests ? 'ON' : 'OFF'}`],
        quiet,
      );
    else if (tests) step(`configure ${name}`, 'cmake', ['-B', dir, '-DATLAS_TESTS=ON'], quiet);
  }
  const codes = await Promise.all(
    targets.map(([name, dir], i) =>
      spawnStep(`build ${name}`, 'cmake', ['--build', dir, ...jobs], { buffer: i === 0 }),
    ),
  );
  codes.forEach((code, i) => {
    if (code !== 0) {
      console.error(`[build] build ${targets[i][0]} failed`);
      process.exit(code);
    }
  });
}

/** The page's own style sheets, base.css first, then each module's. */
function styleFiles(modules) {
  const css = (dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.css'))
      .sort()
      .map((f) => join(dir, f));
  const shared = css(join(root, 'web', 'styles')).sort((a, b) =>
    a.endsWith('/base.css') ? -1 : b.endsWith('/base.css') ? 1 : 0,
  );
  return [...shared, ...modules.flatMap((m) => css(join(modulesDir, m.name)))];
}

/** Each entry's page: `<id>.html`; the home entry's also as index.html, which links point to. */
const pageOf = (id, home) => (id === home ? 'index.html' : `${id}.html`);

async function main() {
  ensureSetup();
  const t0 = Date.now();
  // ATLAS_SKIP_ENGINE=1 reuses the engine already built (tests that only re-render the site).
  if (process.env.ATLAS_SKIP_ENGINE !== '1') await buildEngine({ tests: process.env.ATLAS_BUILD_TESTS === '1' });
  else if (
    !existsSync(cli) ||
    !existsSync(engineModule) ||
    !existsSync(engineWasm) ||
    !existsSync(quizWasm) ||
    !existsSync(plannerWasm)
  ) {
    console.error('[build] ATLAS_SKIP_ENGINE=1 but the engine is not built yet');
    process.exit(1);
  }
  const { readAtlas } = await import('./lib/atlas.mjs');
  const { renderEntry, renderInvalid } = await import('./lib/render-entry.mjs');
  const { esc, jsonForScript } = await import('./lib/html.mjs');
  const template = readFileSync(join(root, 'web/index.html'), 'utf8');
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  cpSync(join(root, 'web/static'), distDir, { recursive: true });
  const atlas = await readAtlas();
  const css = await writeStyles(distDir, styleFiles(atlas.modules));
  for (const w of atlas.warnings) console.warn(`[build] warning ${w}`);

  if (atlas.problems.length > 0) {
    // Still write a page: someone opening dist/ sees the messages, not a blank page.
    const html = template
      .replace('<!--atlas:title-->', () => 'Invalid entry — Parallelism Atlas')
      .replace('<!--atlas:description-->', () => 'This build failed entry validation.')
      .replace('<!--atlas:entry-->', () => renderInvalid(atlas.problems))
      .replace('href="atlas.css"', () => `href="${css}"`)
      .replace('<!--atlas:data-->', () => '')
      .replace('<!--atlas:scripts-->', () => '');
    writeFileSync(join(distDir, 'index.html'), html);
    for (const { file, errors } of atlas.problems) {
      console.error(`[build] ${file} is invalid:`);
      for (const e of errors) console.error(`  ${e.path || '/'}  ${e.code}: ${e.message}`);
    }
    process.exit(2);
  }
  const bundles = await writeBundles(distDir, atlas.modules);
  const engine = await writeEngine(distDir);
  const built = new Map(atlas.entries.map(({ id, entry }) => [id, { name: entry.name, page: pageOf(id, atlas.home) }]));
  const index = atlas.entries.map(({ id }) => ({ id, ...built.get(id) }));
  // Content presets a module needs at first paint come from the engine, which checked them.
  const presetKinds = new Set(atlas.modules.flatMap((m) => m.presets ?? []));
  const catalog = presetKinds.size > 0 ? askEngine('presets', {}) : {};
  for (const { id, entry, modules: names } of atlas.entries) {
    const modules = atlas.modules
      .filter((m) => names.includes(m.name))
      .map((module) => ({ module, markup: readFileSync(join(modulesDir, module.name, 'markup.html'), 'utf8') }));
    const kinds = [...new Set(modules.flatMap(({ module }) => module.presets ?? []))];
    const presets = kinds.length
      ? `\n<script type="application/json" id="atlas-presets">${jsonForScript(Object.fromEntries(kinds.map((k) => [k, catalog[k]])))}</script>`
      : '';
    const html = template
      .replace('<!--atlas:title-->', () => `${esc(entry.name)} — Parallelism Atlas`)
      .replace('<!--atlas:description-->', () => esc(entry.role))
      .replace('<!--atlas:entry-->', () => renderEntry(entry, { modules, built, names: atlas.names }))
      .replace(
        '<!--atlas:data-->',
        () => `<script type="application/json" id="atlas-entry">${jsonForScript(entry)}</script>
<script type="application/json" id="atlas-entries">${jsonForScript(index)}</script>${presets}`,
      )
      .replace('href="atlas.css"', () => `href="${css}"`)
      // The style sheet is asked for before the boot script, which runs as soon as it arrives
      // (a script after a style sheet would wait for it) and starts the engine's download.
      .replace(
        '<!--atlas:scripts-->',
        () =>
          `<link rel="preload" href="${css}" as="style">\n${bootScriptTag(
            bundles,
            engine,
            modules.map(({ module }) => module.name),
          )}`,
      );
    writeFileSync(join(distDir, `${id}.html`), html);
    if (id === atlas.home) writeFileSync(join(distDir, 'index.html'), html);
  }
  const pages = atlas.entries.map(({ id }) => `${id}.html`).join(', ');
  console.log(
    `[build] site written to ${relative(root, distDir) || '.'}/ (index.html = ${atlas.home}.html; ${pages}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && process.argv[1].endsWith('build.mjs')) await main();
