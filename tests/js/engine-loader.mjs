// Loads the WASM engine module built for node and wraps it with the page's own Engine class,
// so contract tests exercise exactly what the page uses.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { engineModule } from '../../scripts/lib/paths.mjs';
import { Engine } from '../../web/src/engine.js';

const require = createRequire(import.meta.url);
let cached = null;

/** @returns {Promise<Engine>} */
export function loadEngine() {
  if (!existsSync(engineModule)) throw new Error(`${engineModule} is missing: run npm run build first`);
  cached ??= require(engineModule)().then((module) => new Engine(module));
  return cached;
}
