// npm run types: writes web/src/atlas-contract.d.ts (types) and web/src/contract-bounds.js (each
// request field's bounds and choices) from the engine's `schema` command, so the page's types and
// control ranges are the engine's contract. Builds the native CLI if needed (it answers the same
// schema as the WebAssembly planner module, for its commands: tests/js/modules.test.mjs checks).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { askEngine } from './lib/native-cli.mjs';
import { root } from './lib/paths.mjs';
import { contractBounds, contractDeclarations } from './lib/schema-types.mjs';

export const contractFile = join(root, 'web/src/atlas-contract.d.ts');
export const boundsFile = join(root, 'web/src/contract-bounds.js');

const schema = askEngine('schema', {});
writeFileSync(contractFile, contractDeclarations(schema));
writeFileSync(boundsFile, contractBounds(schema));
console.log(`wrote ${contractFile} (${Object.keys(schema.commands).length} commands) and ${boundsFile}`);
