// Loads the WASM engine's modules built for node (core, quiz and planner) and wraps them with
// the page's own Engine class, so contract tests exercise exactly what the page uses: each
// command goes to the module that answers it. Every response a test receives is also validated
// against the engine's own `schema` of every command (JSON Schema 2020-12, checked with Ajv),
// asked of the native CLI built from the same library (the page's modules leave `schema` to
// the planner, for its own commands): a test that gets an answer of the wrong shape fails even
// if it did not look at that field.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { engineModule, plannerModule, quizModule } from '../../scripts/lib/paths.mjs';
import { askEngine } from '../../scripts/lib/native-cli.mjs';
import { Engine } from '../../web/src/engine.js';

const require = createRequire(import.meta.url);
let cached = null;

function validating(engine) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, keywords: ['x-unit'] });
  const schema = askEngine('schema', {});
  const check = new Map(Object.entries(schema.commands).map(([name, c]) => [name, ajv.compile(c.response)]));
  const anyError = ajv.compile(schema.commands.version.response.anyOf[1]);
  const run = engine.run.bind(engine);
  engine.run = (command, request) => {
    const answer = run(command, request);
    const validate = check.get(command) ?? anyError;
    if (!validate(answer)) {
      const where = validate.errors
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join('; ');
      throw new Error(`${command}: the response does not match the engine's schema: ${where}`);
    }
    return answer;
  };
  engine.schema = schema;
  return engine;
}

/** @returns {Promise<Engine>} */
export function loadEngine() {
  if (!existsSync(engineModule)) throw new Error(`${engineModule} is missing: run npm run build first`);
  cached ??= require(engineModule)().then(async (module) => {
    const engine = new Engine(module, { quiz: () => require(quizModule)(), planner: () => require(plannerModule)() });
    await Promise.all([engine.load('quiz'), engine.load('planner')]);
    return validating(engine);
  });
  return cached;
}
