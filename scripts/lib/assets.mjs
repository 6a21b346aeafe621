// The site's code and styles as files with content-hashed names (`app.3f9c0a1b2d.js`): a host
// may cache them for a year, since new bytes get a new name, while index.html (unhashed, always
// revalidated) names the current ones. Also the engine's three modules (core, quiz, planner) in two
// shapes each: the glue beside a real .wasm for http(s), and one script with the WebAssembly as
// base64 for file://.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineGlue, engineWasm, modulesDir, plannerGlue, plannerWasm, quizGlue, quizWasm, root } from './paths.mjs';
import { esc } from './html.mjs';
import { ENGINE_MODULES, dataKeys } from '../../web/src/engine-modules.js';

/** Writes `bytes` as `<stem>.<hash>.<ext>` in `dir`; returns the file name. */
export function writeHashed(dir, stem, ext, bytes) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const name = `${stem}.${hash}.${ext}`;
  writeFileSync(join(dir, name), bytes);
  return name;
}

const esbuild = () => import('esbuild');
const minify = process.env.ATLAS_NO_MINIFY !== '1';

/** The page's styles, minified, with the math font beside them. */
export async function writeStyles(dir, ownFiles) {
  const css = [
    readFileSync(join(root, 'node_modules/temml/dist/Temml-Local.css'), 'utf8'),
    ...ownFiles.map((f) => `/* ${f} */\n${readFileSync(f, 'utf8')}`),
  ].join('\n');
  const { code } = await (await esbuild()).transform(css, { loader: 'css', minify, legalComments: 'none' });
  writeFileSync(join(dir, 'Temml.woff2'), readFileSync(join(root, 'node_modules/temml/dist/Temml.woff2')));
  return writeHashed(dir, 'atlas', 'css', code);
}

// Classic scripts (module scripts are blocked from file://): the boot script, and one script per
// registered module whose exports land on atlasModules.<name>, which the boot script reads
// (parts.js). Every module is bundled once; each page names only its entry's. A module's code
// that is not needed for its first render lives in modules/<name>/later/<part>.js: bundled into
// its own script (exports on atlasLater.<name>_<part>), with later/<part>.css as its style sheet
// if there is one, which the module fetches when it needs it (page-code.js loadLater).
export async function bundle(entry, globalName) {
  const { build } = await esbuild();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName,
    minify,
    write: false,
    outdir: 'out', // nothing is written; a bundle that imports CSS has a second output
    sourcemap: false,
    target: ['es2020'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  const of = (ext) => result.outputFiles.find((f) => f.path.endsWith(ext))?.contents;
  return { js: of('.js'), css: of('.css') };
}

/**
 * Bundles the boot script and each module's scripts; returns {app, modules: {name → file name}}
 * where a module's later parts are named "<module>/<part>" (and "<module>/<part>.css").
 */
export async function writeBundles(dir, modules) {
  const app = writeHashed(dir, 'app', 'js', (await bundle(join(root, 'web/src/main.js'))).js);
  const scripts = {};
  for (const { name } of modules) {
    scripts[name] = writeHashed(
      dir,
      name,
      'js',
      (await bundle(join(modulesDir, name, 'index.js'), `atlasModules.${name}`)).js,
    );
    const later = join(modulesDir, name, 'later');
    if (!existsSync(later)) continue;
    for (const file of readdirSync(later).filter((f) => f.endsWith('.js'))) {
      const part = file.slice(0, -3);
      const { js } = await bundle(join(later, file), `atlasLater.${name}_${part}`);
      scripts[`${name}/${part}`] = writeHashed(dir, `${name}-${part}`, 'js', js);
      const styles = join(later, `${part}.css`);
      if (existsSync(styles))
        scripts[`${name}/${part}.css`] = writeHashed(dir, `${name}-${part}`, 'css', (await bundle(styles)).css);
    }
  }
  return { app, modules: scripts };
}

// What emcc wrote for each of the engine's modules (web/src/engine-modules.js names them).
const BUILT = {
  core: { glue: engineGlue, wasm: engineWasm },
  quiz: { glue: quizGlue, wasm: quizWasm },
  planner: { glue: plannerGlue, wasm: plannerWasm },
};

/**
 * Each module of the engine for http(s) (glue + .wasm) and for file:// (one script); returns
 * their names: {engine, wasm, engineFile, quizEngine, …, plannerEngineFile}.
 */
export async function writeEngine(dir) {
  const { transform } = await esbuild();
  const names = {};
  for (const [name, m] of Object.entries(ENGINE_MODULES)) {
    const glue = readFileSync(BUILT[name].glue, 'utf8');
    // Minifying the glue keeps its top-level factory (a transform renames no globals).
    const { code } = minify
      ? await transform(glue, { minify: true, target: 'es2020', legalComments: 'none' })
      : { code: glue };
    const wasm = readFileSync(BUILT[name].wasm);
    const keys = dataKeys(m);
    names[keys.glue] = writeHashed(dir, m.stem, 'js', code);
    names[keys.wasm] = writeHashed(dir, m.stem, 'wasm', wasm);
    names[keys.single] = writeHashed(
      dir,
      `${m.stem}-file`,
      'js',
      `globalThis.${m.base64}=${JSON.stringify(wasm.toString('base64'))};\n${code}`,
    );
  }
  return names;
}

/**
 * The script tag that boots the page, naming every file the loader may fetch: the engine's two
 * modules and the scripts of `moduleNames` (this page's modules).
 */
export function bootScriptTag(bundles, engine, moduleNames) {
  const scripts = Object.fromEntries(
    Object.entries(bundles.modules).filter(([key]) => moduleNames.includes(key.split('/')[0])),
  );
  // `engine` holds the dataset keys writeEngine named (engineFile → data-engine-file).
  const data = { ...engine, modules: JSON.stringify(scripts) };
  const attributes = Object.entries(data)
    .map(([k, v]) => ` data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${esc(v)}"`)
    .join('');
  return `<script src="${bundles.app}" id="atlas-app"${attributes}></script>`;
}
