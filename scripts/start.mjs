// npm start: set up a fresh machine if needed, build, and serve dist/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureSetup } from './lib/setup.mjs';

ensureSetup();
const build = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const { serve } = await import('./serve.mjs');
await serve();
