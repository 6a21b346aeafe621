// The site's code and styles as files with content-hashed names (`app.3f9c0a1b2d.js`): a host
// may cache them for a year, since new bytes get a new name, while index.html (unhashed, always
// revalidated) names the current ones. Also the engine's two modules (core, planner) in two
// shapes each: the glue beside a real .wasm for http(s), and one script with the WebAssembly as
// base64 for file://.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineGlue, engineWasm, plannerGlue, plannerWasm, root } from './paths.mjs';

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
    readFileSync(join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8'),
    ...ownFiles.map((f) => `/* ${f} */\n${readFileSync(f, 'utf8')}`),
  ].join('\n');
  const { code } = await (await esbuild()).transform(css, { loader: 'css', minify, legalComments: 'none' });
  writeFileSync(join(dir, 'Temml.woff2'), readFileSync(join(root, 'node_modules/temml/dist/Temml.woff2')));
  return writeHashed(dir, 'atlas', 'css', code);
}

// Classic scripts (module scripts are blocked from file://). The boot script, and one script per
// interactive part whose exports land on a global the boot script reads (main.js PARTS).
const BUNDLES = [
  { stem: 'app', entry: 'web/src/main.js' },
  { stem: 'lab', entry: 'web/src/lab/index.js', globalName: 'atlasLab' },
  { stem: 'planner', entry: 'web/src/planner/index.js', globalName: 'atlasPlanner' },
  { stem: 'quiz', entry: 'web/src/quiz/index.js', globalName: 'atlasQuiz' },
];

/** Bundles the page's scripts; returns {app, lab, planner, quiz} → file name. */
export async function writeBundles(dir) {
  const { build } = await esbuild();
  const names = {};
  for (const { stem, entry, globalName } of BUNDLES) {
    const result = await build({
      entryPoints: [join(root, entry)], bundle: true, format: 'iife', globalName, minify, write: false,
      sourcemap: false, target: ['es2020'], legalComments: 'none', logLevel: 'warning',
    });
    names[stem] = writeHashed(dir, stem, 'js', result.outputFiles[0].contents);
  }
  return names;
}

// The engine's modules: file stem, the glue and .wasm emcc wrote, the one-file engine's global.
const ENGINE_MODULES = [
  { keys: ['engine', 'wasm', 'engineFile'], stem: 'atlas-engine', glue: engineGlue, wasm: engineWasm, base64: 'atlasEngineWasm' },
  { keys: ['plannerEngine', 'plannerWasm', 'plannerEngineFile'], stem: 'atlas-planner', glue: plannerGlue, wasm: plannerWasm, base64: 'atlasPlannerWasm' },
];

/**
 * Each module of the engine for http(s) (glue + .wasm) and for file:// (one script); returns
 * their names: {engine, wasm, engineFile, plannerEngine, plannerWasm, plannerEngineFile}.
 */
export async function writeEngine(dir) {
  const { transform } = await esbuild();
  const names = {};
  for (const m of ENGINE_MODULES) {
    const glue = readFileSync(m.glue, 'utf8');
    // Minifying the glue keeps its top-level factory (a transform renames no globals).
    const { code } = minify ? await transform(glue, { minify: true, target: 'es2020', legalComments: 'none' }) : { code: glue };
    const wasm = readFileSync(m.wasm);
    const [glueName, wasmName, singleName] = m.keys;
    names[glueName] = writeHashed(dir, m.stem, 'js', code);
    names[wasmName] = writeHashed(dir, m.stem, 'wasm', wasm);
    names[singleName] = writeHashed(dir, `${m.stem}-file`, 'js', `globalThis.${m.base64}=${JSON.stringify(wasm.toString('base64'))};\n${code}`);
  }
  return names;
}

/** The script tag that boots the page, naming every file the loader may fetch. */
export function bootScriptTag(bundles, engine) {
  const data = {
    engine: engine.engine, wasm: engine.wasm, 'engine-file': engine.engineFile,
    'planner-engine': engine.plannerEngine, 'planner-wasm': engine.plannerWasm, 'planner-engine-file': engine.plannerEngineFile,
    'part-lab': bundles.lab, 'part-planner': bundles.planner, 'part-quiz': bundles.quiz,
  };
  const attributes = Object.entries(data).map(([k, v]) => ` data-${k}="${v}"`).join('');
  return `<script src="${bundles.app}" id="atlas-app"${attributes}></script>`;
}
