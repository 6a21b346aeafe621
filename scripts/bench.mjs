// npm run bench: builds if needed, then runs every bench/*.mjs; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, root } from './lib/paths.mjs';

if (!existsSync(join(distDir, 'index.html')) || process.argv.includes('--build')) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
let failed = false;
for (const f of readdirSync(join(root, 'bench'))
  .filter((x) => x.endsWith('.mjs'))
  .sort()) {
  if (only.length && !only.some((o) => f.includes(o))) continue;
  console.log(`\n=== bench/${f}`);
  const r = spawnSync(process.execPath, [join('bench', f)], { stdio: 'inherit', cwd: root });
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
