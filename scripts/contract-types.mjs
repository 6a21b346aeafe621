// npm run types: writes web/src/atlas-contract.d.ts (types) and web/src/contract-bounds.js (each
// request field's bounds and choices) from the engine's `schema` command, so the page's types and
// control ranges are the engine's contract. Builds the native CLI if needed (it answers the same
// schema as the WebAssembly engine; tests/js/contract-types.test.mjs checks the WASM one).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, nativeDir, root } from './lib/paths.mjs';
import { contractBounds, contractDeclarations } from './lib/schema-types.mjs';

export const contractFile = join(root, 'web/src/atlas-contract.d.ts');
export const boundsFile = join(root, 'web/src/contract-bounds.js');

if (!existsSync(cli)) {
  const step = (args) => spawnSync('cmake', args, { stdio: 'inherit', cwd: root }).status === 0;
  if (
    !step(['-S', root, '-B', nativeDir, '-DCMAKE_BUILD_TYPE=Release']) ||
    !step(['--build', nativeDir, '-j2', '--target', 'atlas'])
  )
    process.exit(1);
}
const r = spawnSync(cli, ['schema', '-'], { input: '{}', encoding: 'utf8', maxBuffer: 64 << 20 });
const schema = JSON.parse(r.stdout);
if (schema.error) {
  console.error(schema.error.message);
  process.exit(1);
}
writeFileSync(contractFile, contractDeclarations(schema));
writeFileSync(boundsFile, contractBounds(schema));
console.log(`wrote ${contractFile} (${Object.keys(schema.commands).length} commands) and ${boundsFile}`);
