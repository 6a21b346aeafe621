// The C++ targets build as unity builds (CMakeLists.txt, ATLAS_UNITY): a dozen sources share one
// translation unit, so the helpers each file keeps to itself (an anonymous namespace, a `static`)
// meet their neighbours'. The same name with the same arguments fails to compile; with other
// arguments it silently becomes an overload, and a call in one file can pick the other file's
// helper. This test reads the sources and fails when two files of one target define the same
// file-local name, or a suite's helper takes a name the shared test headers already use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';

/** Names a file defines at the top level of its anonymous namespaces, or as statics. */
export function fileLocalNames(text) {
  const names = new Set();
  let anonymous = 0;
  for (const line of text.split('\n')) {
    if (/^namespace \{/.test(line)) anonymous += 1;
    else if (anonymous > 0 && /^\}\s*\/\/ namespace\s*$/.test(line)) anonymous -= 1;
    const local = anonymous > 0 || /^static /.test(line);
    if (!local || /^\s/.test(line) || /^(return|if|for|while|TEST_CASE|SUBCASE|namespace|using namespace)\b/.test(line))
      continue;
    const type = line.match(/^(?:struct|class|enum class|enum|using)\s+(\w+)/);
    const constant = line.match(/^(?:static\s+)?(?:inline\s+)?(?:constexpr|const)\b[^=(]*?\b(\w+)(?:\[[^\]]*\])*\s*=/);
    const fn = line.match(/^(?:static\s+|inline\s+|constexpr\s+|const\s+)*(?:[\w:]+(?:<[^()]*>)?[\s*&]+)+(\w+)\(/);
    const name = type?.[1] ?? constant?.[1] ?? fn?.[1];
    if (name) names.add(name);
  }
  return names;
}

/** Names a shared header's inline functions take (the suites' support headers). */
function headerNames(text) {
  return new Set([...text.matchAll(/^inline\s+(?:[\w:]+(?:<[^()]*>)?[\s*&]+)+(\w+)\(/gm)].map((m) => m[1]));
}

function sources(folder, pattern) {
  return readdirSync(join(root, folder), { recursive: true })
    .map(String)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => join(folder, f));
}

/** name → the files that define it, for names defined in more than one. */
function clashes(files, shared = new Map()) {
  const where = new Map(shared);
  for (const file of files)
    for (const name of fileLocalNames(readFileSync(join(root, file), 'utf8')))
      where.set(name, [...(where.get(name) ?? []), file]);
  return [...where].filter(([, fs]) => fs.length > 1).map(([name, fs]) => `${name}: ${fs.join(', ')}`);
}

test('the reader finds file-local functions, constants and types, and skips public ones', () => {
  const text = [
    'namespace atlas {',
    'double public_one(int x) { return x; }',
    'namespace {',
    'constexpr double kLimit = 4;',
    'struct Row {',
    '  int x;',
    '};',
    'const json* find_transfer(const json& plan, const std::string& id) {',
    '  return nullptr;',
    '}',
    '}  // namespace',
    'static std::string n(std::int64_t v) { return std::to_string(v); }',
    'double after(int x) { return x; }',
    '}  // namespace atlas',
  ].join('\n');
  assert.deepEqual([...fileLocalNames(text)].sort(), ['Row', 'find_transfer', 'kLimit', 'n']);
});

test('no two engine sources define the same file-local name', () => {
  assert.deepEqual(clashes(sources('wasm/src', /\.cpp$/)), []);
});

test("no two suites define the same file-local name, nor one the shared headers' names", () => {
  const shared = new Map();
  for (const header of ['tests/unit/support.hpp', 'tests/unit/import_support.hpp'])
    for (const name of headerNames(readFileSync(join(root, header), 'utf8'))) shared.set(name, [header]);
  assert.ok(shared.has('plan_request') && shared.has('serve'), 'the shared headers were read');
  assert.deepEqual(clashes(sources('tests/unit', /\.cpp$/), shared), []);
});
