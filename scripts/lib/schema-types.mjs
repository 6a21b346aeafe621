// TypeScript declarations from the engine's own contract (the `schema` command's JSON Schema
// 2020-12). The page's types are then the engine's answer, not a second hand-kept description:
// tests/js/contract-types.test.mjs regenerates this text from the built engine and fails when the
// committed file differs.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function pascal(command) {
  return command.replace(/(^|[-_])([a-z])/g, (_, __, c) => c.toUpperCase());
}

function key(name) {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** One line of documentation: the field's description with its unit and bounds. */
function doc(schema) {
  const parts = [];
  if (schema.description) parts.push(schema.description);
  if (schema['x-unit']) parts.push(`unit: ${schema['x-unit']}`);
  const bounds = [];
  if (schema.minimum !== undefined) bounds.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) bounds.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) bounds.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) bounds.push(`at most ${schema.maxLength} characters`);
  if (bounds.length) parts.push(bounds.join(', '));
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.length ? `/** ${parts.join('; ').replace(/\*\//g, '*\\/')} */` : '';
}

function scalar(type, schema, indent) {
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return schema.enum ? schema.enum.map((v) => JSON.stringify(v)).join(' | ') : 'string';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(schema.items ?? {}, indent)}>`;
    case 'object':
      return objectType(schema, indent);
    default:
      throw new Error(`schema-types: unknown JSON Schema type ${type}`);
  }
}

function objectType(schema, indent) {
  const props = Object.entries(schema.properties ?? {});
  // An object the schema leaves open (any JSON: import's echoed settings) stays open.
  if (!props.length) return 'Record<string, unknown>';
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = props.map(([name, s]) => {
    const d = doc(s);
    const field = `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(s, inner)};`;
    return d ? `${inner}${d}\n${field}` : field;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The TypeScript type of one schema node, written at `indent`. */
export function typeOf(schema, indent = '') {
  // Branches that only choose what is required (a preset or every field) share the properties.
  if (schema.anyOf && schema.properties) {
    return schema.anyOf.map((branch) => objectType({ ...schema, required: branch.required }, indent)).join(' | ');
  }
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s, indent)).join(' | ');
  if (schema.enum && schema.type === undefined) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) return 'unknown';
  return types.map((t) => scalar(t, schema, indent)).join(' | ');
}

/**
 * Every leaf field of a request schema by JSON pointer: its type, bounds and choices. The page
 * takes its controls' ranges and choices from this, not from copies of its own.
 */
export function requestBounds(schema, path = '', out = {}) {
  if (schema.properties) {
    for (const [name, child] of Object.entries(schema.properties)) requestBounds(child, `${path}/${name}`, out);
    return out;
  }
  if (!schema.type || path === '') return out;
  const b = { type: schema.type };
  if (schema.enum) b.options = schema.enum;
  if (schema.minimum !== undefined) b.min = schema.minimum;
  if (schema.exclusiveMinimum !== undefined) b.exclusiveMin = schema.exclusiveMinimum;
  if (schema.maximum !== undefined) b.max = schema.maximum;
  if (schema.default !== undefined) b.default = schema.default;
  if (schema['x-unit']) b.unit = schema['x-unit'];
  out[path] = b;
  return out;
}

/** The module of request bounds the page imports (web/src/contract-bounds.js). */
export function contractBounds(schema) {
  const lines = [
    "// Generated from the engine's `schema` command by `npm run types`; do not edit by hand.",
    '// Each request field by JSON pointer: type, bounds (SI units), choices, default.',
    '',
  ];
  for (const command of ['plan', 'allreduce']) {
    const bounds = requestBounds(schema.commands[command].request);
    lines.push(`export const ${command.toUpperCase()}_REQUEST = Object.freeze({`);
    for (const [path, b] of Object.entries(bounds).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      lines.push(`  ${JSON.stringify(path)}: Object.freeze(${JSON.stringify(b)}),`);
    }
    lines.push('});', '');
  }
  return lines.join('\n');
}

/** The whole declaration file for a `schema` response. */
export function contractDeclarations(schema) {
  const out = [
    "// Generated from the engine's `schema` command by `npm run types`; do not edit by hand.",
    '// tests/js/contract-types.test.mjs fails when this file and the built engine disagree.',
    '',
  ];
  const names = Object.keys(schema.commands).sort();
  for (const name of names) {
    const c = schema.commands[name];
    const base = pascal(name);
    if (c.description) out.push(`/** ${c.description.replace(/\*\//g, '*\\/')} */`);
    out.push(`export type ${base}Request = ${typeOf(c.request)};`, '');
    out.push(`export type ${base}Answer = ${typeOf(c.response)};`, '');
  }
  out.push('/** Request type of each command, by the name the engine answers to. */');
  out.push('export interface Requests {');
  for (const name of names) out.push(`  ${key(name)}: ${pascal(name)}Request;`);
  out.push('}', '');
  out.push('/** Response type of each command (the success shape or the error shape). */');
  out.push('export interface Answers {');
  for (const name of names) out.push(`  ${key(name)}: ${pascal(name)}Answer;`);
  out.push('}', '');
  out.push('export type ContractCommand = keyof Requests;', '');
  return out.join('\n');
}
