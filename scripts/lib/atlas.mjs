// The atlas the build turns into pages: every content/*.json is an entry, checked by the engine
// (`atlas validate`), and content/atlas.json — the module mapping — says which page is the home
// page (dist/index.html), which interactive modules each entry gets, and the plain names of
// entries of the wider atlas that this build does not carry, so Connections read as words:
//   {"home": "parallelism", "modules": {"parallelism": ["lab", "planner", "quiz"]},
//    "names": {"nccl": "NCCL collective communication"}}
// An entry the mapping does not name gets the generic parts only. Problems come back as data
// ({file, path, code, message}, path a JSON pointer into the file), like the engine's.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cli, contentDir, entryFile, modulesDir, root } from './paths.mjs';

export const MAPPING_FILE = 'atlas.json';

/** The registered modules (web/src/modules/registry.js), as the page's own code sees them. */
export async function loadModules() {
  const { MODULES } = await import(pathToFileURL(join(modulesDir, 'registry.js')).href);
  return MODULES;
}

const pointer = (...parts) => parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const describe = (v) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/**
 * Checks the module mapping. `entryIds` are the entries in this build; `moduleNames` the
 * registered modules; `alone` is set when one entry file is built by itself (ATLAS_ENTRY): it
 * is the home page, and the mapping's home and other entries are not its concern. Unknown keys and entries not in this build are warnings,
 * as the engine treats unknown fields; everything that would build a wrong page is an error.
 * @returns {{home: string|null, modules: Map<string, string[]>, names: Map<string, string>, errors: object[],
 *   warnings: object[]}}
 */
export function checkMapping(data, { entryIds, moduleNames, alone = false }) {
  const errors = [];
  const warnings = [];
  const modules = new Map();
  const problem = (list, path, code, message) => list.push({ path, code, message });
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    problem(errors, '', 'not_object', `The module mapping must be a JSON object, not ${describe(data)}.`);
    return { home: null, modules, names: new Map(), errors, warnings };
  }
  const names = checkNames(data.names, entryIds, errors, warnings);
  for (const key of Object.keys(data)) {
    if (!['home', 'modules', 'names'].includes(key))
      problem(
        warnings,
        pointer(key),
        'unknown_field',
        `“${key}” is not a field of the module mapping (fields: home, modules, names); it is ignored.`,
      );
  }
  let home = alone ? (entryIds[0] ?? null) : null;
  if (!alone) {
    if (data.home === undefined)
      problem(errors, '/home', 'missing_field', 'Name the entry dist/index.html shows: "home": "<entry id>".');
    else if (typeof data.home !== 'string')
      problem(errors, '/home', 'wrong_type', `home must be an entry id (a string), not ${describe(data.home)}.`);
    else if (!entryIds.includes(data.home))
      problem(
        errors,
        '/home',
        'unknown_entry',
        `home names “${data.home}”, which is not an entry of this build (entries: ${entryIds.join(', ') || 'none'}).`,
      );
    else home = data.home;
  }
  const map = data.modules ?? {};
  if (!map || typeof map !== 'object' || Array.isArray(map)) {
    problem(
      errors,
      '/modules',
      'wrong_type',
      `modules must be an object from entry id to a list of module names, not ${describe(map)}.`,
    );
    return { home, modules, names, errors, warnings };
  }
  for (const [id, list] of Object.entries(map)) {
    const at = pointer('modules', id);
    if (!entryIds.includes(id)) {
      if (!alone)
        problem(warnings, at, 'unknown_entry', `“${id}” is not an entry of this build; its modules are not used.`);
      continue;
    }
    if (!Array.isArray(list)) {
      problem(
        errors,
        at,
        'wrong_type',
        `The modules of “${id}” must be a list of module names, not ${describe(list)}.`,
      );
      continue;
    }
    const kept = [];
    list.forEach((name, i) => {
      if (typeof name !== 'string')
        problem(errors, pointer('modules', id, i), 'wrong_type', `A module name is a string, not ${describe(name)}.`);
      else if (!moduleNames.includes(name))
        problem(
          errors,
          pointer('modules', id, i),
          'unknown_module',
          `“${name}” is not a module (modules: ${moduleNames.join(', ')}).`,
        );
      else if (kept.includes(name))
        problem(errors, pointer('modules', id, i), 'duplicate', `“${name}” is listed twice for “${id}”.`);
      else kept.push(name);
    });
    modules.set(id, kept);
  }
  return { home, modules, names, errors, warnings };
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// The names of entries elsewhere in the atlas: a Connections list shows them as text. A name for
// an entry this build carries is unused (its page's own name wins), so it is a warning.
function checkNames(data, entryIds, errors, warnings) {
  const names = new Map();
  if (data === undefined) return names;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    errors.push({
      path: '/names',
      code: 'wrong_type',
      message: `names must be an object from entry id to its name, not ${describe(data)}.`,
    });
    return names;
  }
  for (const [id, name] of Object.entries(data)) {
    const at = pointer('names', id);
    if (!ID.test(id))
      errors.push({ path: at, code: 'bad_id', message: `“${id}” is not an entry id (lowercase words joined by “-”).` });
    else if (typeof name !== 'string')
      errors.push({
        path: at,
        code: 'wrong_type',
        message: `The name of “${id}” must be text, not ${describe(name)}.`,
      });
    else if (name.trim() === '') errors.push({ path: at, code: 'empty', message: `The name of “${id}” is empty.` });
    else if (Buffer.byteLength(name.trim()) > 300)
      errors.push({ path: at, code: 'too_long', message: `The name of “${id}” is longer than 300 bytes.` });
    else if (entryIds.includes(id))
      warnings.push({
        path: at,
        code: 'unused_name',
        message: `“${id}” is an entry of this build; its page's own name is shown, not this one.`,
      });
    else names.set(id, name.trim());
  }
  return names;
}

/** The entry files of this build: ATLAS_ENTRY alone, or every *.json of the content folder but the mapping. */
function entryFiles() {
  if (entryFile) return [entryFile];
  return readdirSync(contentDir)
    .filter((f) => f.endsWith('.json') && f !== MAPPING_FILE)
    .sort()
    .map((f) => join(contentDir, f));
}

function validate(file) {
  const r = spawnSync(cli, ['validate', file], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 2) throw new Error(`atlas validate ${file} failed: ${r.stderr}`);
  const response = JSON.parse(r.stdout);
  return { ok: r.status === 0, response };
}

function readMapping(file) {
  try {
    return { data: JSON.parse(readFileSync(file, 'utf8')), error: null };
  } catch (e) {
    return {
      data: null,
      error: { path: '', code: 'invalid_json', message: `The module mapping is not valid JSON: ${e.message}` },
    };
  }
}

/** The mapping when there is no file: one entry is the home page with no modules; more need the file. */
function noMapping(entryIds, alone) {
  const errors =
    entryIds.length > 1 && !alone
      ? [
          {
            path: '',
            code: 'missing_file',
            message: `This atlas has ${entryIds.length} entries; ${MAPPING_FILE} must say which one is the home page ("home").`,
          },
        ]
      : [];
  return {
    home: entryIds.length === 1 ? entryIds[0] : null,
    modules: new Map(),
    names: new Map(),
    errors,
    warnings: [],
  };
}

/**
 * Reads and checks the whole atlas. `problems` lists, per file, what stops the build;
 * `entries` (home first) carry the engine's normalized entry and the names of its modules.
 * @returns {Promise<{problems: {file: string, errors: object[]}[], warnings: string[], home: string|null,
 *   entries: {id: string, file: string, entry: any, modules: string[]}[], modules: any[], names: Map<string, string>}>}
 */
export async function readAtlas() {
  const modules = await loadModules();
  const problems = [];
  const warnings = [];
  // Files in the repository by their path in it; others (a test's folder) as they are.
  const rel = (f) => (relative(root, f).startsWith('..') ? f : relative(root, f));
  const entries = [];
  for (const file of entryFiles()) {
    const { ok, response } = validate(file);
    for (const w of response.warnings ?? []) warnings.push(`${rel(file)} ${w.path} ${w.code}: ${w.message}`);
    if (!ok) problems.push({ file: rel(file), errors: response.errors ?? [response.error] });
    else if (entries.some((e) => e.id === response.entry.id)) {
      problems.push({
        file: rel(file),
        errors: [
          {
            path: '/id',
            code: 'duplicate',
            message: `Another file of this atlas is the entry “${response.entry.id}” already.`,
          },
        ],
      });
    } else entries.push({ id: response.entry.id, file: rel(file), entry: response.entry, modules: [] });
  }
  const mappingFile = join(contentDir, MAPPING_FILE);
  const entryIds = entries.map((e) => e.id);
  const alone = Boolean(entryFile);
  const { data, error } = existsSync(mappingFile) ? readMapping(mappingFile) : { data: null, error: null };
  const mapping = !existsSync(mappingFile)
    ? noMapping(entryIds, alone)
    : error
      ? { home: null, modules: new Map(), names: new Map(), errors: [error], warnings: [] }
      : checkMapping(data, { entryIds, moduleNames: modules.map((m) => m.name), alone });
  if (mapping.errors.length) problems.push({ file: rel(mappingFile), errors: mapping.errors });
  for (const w of mapping.warnings) warnings.push(`${rel(mappingFile)} ${w.path} ${w.code}: ${w.message}`);
  for (const e of entries) e.modules = mapping.modules.get(e.id) ?? [];
  // A connection to an entry neither built nor named shows its id: the build says where.
  for (const e of entries)
    for (const field of ['related', 'prerequisites'])
      (e.entry[field] ?? []).forEach((id, i) => {
        if (!entryIds.includes(id) && !mapping.names.has(id))
          warnings.push(
            `${e.file} /${field}/${i} unnamed_entry: “${id}” is not an entry of this build and ${MAPPING_FILE} gives it no name ("names"); the page shows the id.`,
          );
      });
  const { home, names } = mapping;
  entries.sort((a, b) => (a.id === home ? -1 : b.id === home ? 1 : a.id.localeCompare(b.id)));
  return { problems, warnings, home, entries, modules, names };
}
