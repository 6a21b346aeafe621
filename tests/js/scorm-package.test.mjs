// The SCORM 1.2 course packages (scripts/lib/scorm.mjs): each manifest validates against the
// SCORM 1.2 schemas with xmllint, and the structure an LMS relies on holds — one SCO resource
// launched by the organization's item, identifiers unique, every file the zip holds listed and
// every listed file in the zip. Also the LMS adapter (web/src/scorm12.js) against fake windows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, root } from '../../scripts/lib/paths.mjs';
import { NAMESPACES, SCHEMA_FILES, schemaDir, scormManifest, scormPackages } from '../../scripts/lib/scorm.mjs';
import { folderFiles, unzip, zip } from '../../scripts/lib/zip.mjs';
import { connectScorm12, findLmsApi, scormScore, scormTimespan } from '../../web/src/scorm12.js';

// One schema that imports the three the manifest uses, so xmllint checks the adlcp: attributes
// too (the content packaging schema admits other namespaces' attributes only strictly).
const DRIVER = `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:atlas:scorm12-driver">
  <xsd:import namespace="${NAMESPACES.imscp}" schemaLocation="${join(schemaDir, 'imscp_rootv1p1p2.xsd')}"/>
  <xsd:import namespace="${NAMESPACES.adlcp}" schemaLocation="${join(schemaDir, 'adlcp_rootv1p2.xsd')}"/>
  <xsd:import namespace="${NAMESPACES.imsmd}" schemaLocation="${join(schemaDir, 'imsmd_rootv1p2p1.xsd')}"/>
</xsd:schema>
`;

/** xmllint --schema over `manifest`: {ok, output}. */
function validate(manifest) {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-scorm-'));
  try {
    writeFileSync(join(dir, 'driver.xsd'), DRIVER);
    writeFileSync(join(dir, 'imsmanifest.xml'), manifest);
    const r = spawnSync('xmllint', ['--noout', '--schema', join(dir, 'driver.xsd'), join(dir, 'imsmanifest.xml')], {
      encoding: 'utf8',
    });
    assert.ok(!r.error, 'xmllint (Debian libxml2-utils) is needed: npm test installs it');
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The attributes of each `<name …>` tag in `xml`. */
function tags(xml, name) {
  return [...xml.matchAll(new RegExp(`<${name}(\\s[^>]*?)?/?>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

/** What an LMS checks in a package before it takes it, beyond the schema. */
function checkStructure(files) {
  const names = files.map((f) => f.name);
  assert.equal(names[0], 'imsmanifest.xml', 'the manifest comes first, at the root');
  const manifest = files[0].data.toString('utf8');
  assert.match(manifest, /<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>/);
  const [root] = tags(manifest, 'manifest');
  assert.equal(root.xmlns, NAMESPACES.imscp);
  assert.equal(root['xmlns:adlcp'], NAMESPACES.adlcp);
  for (const xsd of root['xsi:schemaLocation'].split(/\s+/).filter((_, i) => i % 2 === 1))
    assert.ok(names.includes(xsd), `schema ${xsd} at the root`);
  const identifiers = [...manifest.matchAll(/\sidentifier="([^"]*)"/g)].map((m) => m[1]);
  assert.equal(new Set(identifiers).size, identifiers.length, `unique identifiers: ${identifiers}`);
  const [organizations] = tags(manifest, 'organizations');
  const organization = tags(manifest, 'organization');
  assert.deepEqual(
    organization.map((o) => o.identifier),
    [organizations.default],
  );
  const items = tags(manifest, 'item');
  const resources = tags(manifest, 'resource');
  assert.equal(items.length, 1);
  assert.equal(resources.length, 1);
  const [item] = items;
  const [sco] = resources;
  assert.equal(item.identifierref, sco.identifier, 'the item launches the resource');
  assert.equal(sco['adlcp:scormtype'], 'sco');
  assert.equal(sco.type, 'webcontent');
  const listed = tags(manifest, 'file').map((f) => f.href);
  const launchFile = sco.href.split('?')[0];
  assert.ok(listed.includes(launchFile), `the launch page ${launchFile} is one of the resource's files`);
  for (const href of listed) assert.ok(names.includes(href), `listed file ${href} is in the zip`);
  const packaged = names.filter((n) => n !== 'imsmanifest.xml' && !SCHEMA_FILES.includes(n));
  assert.deepEqual([...packaged].sort(), [...listed].sort(), 'every file of the SCO is listed');
  return { manifest, sco, item, listed };
}

test('a manifest from scormManifest validates against the SCORM 1.2 schemas; a broken one does not', () => {
  const manifest = scormManifest({
    identifier: 'parallelism-atlas-demo',
    version: '0.1.0',
    title: 'Demo & “quotes” <b> — Parallelism Atlas',
    itemTitle: 'Demo: check question',
    launch: 'demo.html?embed=quiz',
    files: ['demo.html', 'app.0123456789.js'],
  });
  const good = validate(manifest);
  assert.ok(good.ok, good.output);
  assert.match(good.output, /imsmanifest\.xml validates/);
  assert.match(manifest, /<title>Demo &amp; “quotes” &lt;b&gt; — Parallelism Atlas<\/title>/);
  // The schema is really applied: a wrong scormtype and a missing identifier are refused.
  const badType = validate(manifest.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="page"'));
  assert.equal(badType.ok, false);
  assert.match(badType.output, /scormtype/);
  const noId = validate(manifest.replace(/<item identifier="[^"]*"/, '<item'));
  assert.equal(noId.ok, false);
  assert.match(noId.output, /identifier/);
});

const built = existsSync(join(distDir, 'index.html'));

test(
  "the built site's packages: valid manifests, every file listed, the adapter in the packaged pages only",
  { skip: !built && 'dist/ is not built (npm run build)' },
  async () => {
    const site = folderFiles(distDir);
    const packages = await scormPackages(site, '0.1.0');
    const entry = JSON.parse(readFileSync(join(root, 'content', 'parallelism.json'), 'utf8'));
    assert.deepEqual(
      packages.map((p) => [p.key, p.launch]),
      [
        ['parallelism', 'parallelism.html'],
        ['parallelism-check', 'parallelism.html?embed=quiz'],
      ],
    );
    for (const p of packages) {
      // Through the zip and back: what an LMS unpacks.
      const files = unzip(zip(p.files));
      const { manifest, listed } = checkStructure(files);
      const result = validate(manifest);
      assert.ok(result.ok, `${p.key}: ${result.output}`);
      assert.ok(manifest.includes(`<title>${entry.name} — Parallelism Atlas</title>`), 'the entry names the course');
      const adapter = listed.filter((f) => /^scorm12\.[0-9a-f]{10}\.js$/.test(f));
      assert.equal(adapter.length, 1);
      for (const page of files.filter((f) => f.name.endsWith('.html'))) {
        const html = page.data.toString('utf8');
        assert.equal(html.split(`<script src="${adapter[0]}"`).length, 2, `${page.name}: the adapter once`);
        assert.ok(html.indexOf('id="atlas-app"') < html.indexOf(adapter[0]), 'after the boot script');
      }
    }
    for (const page of site.filter((f) => f.rel.endsWith('.html')))
      assert.doesNotMatch(page.data.toString('utf8'), /scorm12/, `the site's own ${page.rel} has no adapter`);
  },
);

/** A window whose API, parent and opener are given; `crossOrigin` makes reading them throw. */
function fakeWindow({ api, parent, opener, crossOrigin = false } = {}) {
  const w = new EventTarget();
  w.document = new EventTarget();
  const read = (value) => () => {
    if (crossOrigin) throw new DOMException('Blocked a frame', 'SecurityError');
    return value;
  };
  Object.defineProperty(w, 'API', { get: read(api) });
  Object.defineProperty(w, 'parent', { get: () => parent ?? w });
  Object.defineProperty(w, 'opener', { get: read(opener ?? null) });
  return w;
}

/** A SCORM 1.2 API that records every call and answers as an LMS does ("true", strings). */
function recordingApi(values = { 'cmi.core.lesson_status': 'not attempted' }) {
  const calls = [];
  const api = {};
  for (const name of ['LMSInitialize', 'LMSFinish', 'LMSCommit', 'LMSGetLastError'])
    api[name] = (...args) => (calls.push([name, ...args]), name === 'LMSGetLastError' ? '0' : 'true');
  api.LMSGetValue = (k) => (calls.push(['LMSGetValue', k]), values[k] ?? '');
  api.LMSSetValue = (k, v) => (calls.push(['LMSSetValue', k, v]), (values[k] = v), 'true');
  return { api, calls, values };
}

test('findLmsApi walks parents, then the opener; across origins or without an LMS it finds nothing, without a throw', () => {
  const { api } = recordingApi();
  const top = fakeWindow({ api });
  const sco = fakeWindow({ parent: fakeWindow({ parent: top }) });
  assert.equal(findLmsApi(sco), api);
  const popup = fakeWindow({ opener: fakeWindow({ parent: fakeWindow({ api }) }) });
  assert.equal(findLmsApi(popup), api);
  assert.equal(findLmsApi(fakeWindow()), null);
  assert.equal(findLmsApi(fakeWindow({ parent: fakeWindow({ api, crossOrigin: true }) })), null);
  assert.equal(findLmsApi(fakeWindow({ parent: fakeWindow({ api: { LMSInitialize: 'not a function' } }) })), null);
  assert.equal(connectScorm12(fakeWindow()), null);
});

test('connectScorm12: initialize, incomplete, then score and status per graded answer, commit, finish once on pagehide', () => {
  const { api, calls, values } = recordingApi();
  let clock = 1000;
  const sco = fakeWindow({ parent: fakeWindow({ api }) });
  assert.ok(connectScorm12(sco, { now: () => clock }));
  const graded = (correct, scaled) =>
    sco.document.dispatchEvent(
      new CustomEvent('atlas:check-graded', {
        detail: { entry: 'e', correct, score: { raw: scaled, min: 0, max: 1, scaled } },
      }),
    );
  graded(false, 0);
  graded(true, 1);
  sco.document.dispatchEvent(
    new CustomEvent('atlas:check-graded', { detail: { correct: true, score: { scaled: NaN } } }),
  );
  clock += 83_450;
  sco.dispatchEvent(new Event('pagehide'));
  sco.dispatchEvent(new Event('pagehide'));
  graded(false, 0); // after LMSFinish nothing more is sent
  assert.deepEqual(calls, [
    ['LMSInitialize', ''],
    ['LMSGetValue', 'cmi.core.lesson_status'],
    ['LMSSetValue', 'cmi.core.lesson_status', 'incomplete'],
    ['LMSCommit', ''],
    ['LMSSetValue', 'cmi.core.score.min', '0'],
    ['LMSSetValue', 'cmi.core.score.max', '100'],
    ['LMSSetValue', 'cmi.core.score.raw', '0'],
    ['LMSSetValue', 'cmi.core.lesson_status', 'failed'],
    ['LMSCommit', ''],
    ['LMSSetValue', 'cmi.core.score.min', '0'],
    ['LMSSetValue', 'cmi.core.score.max', '100'],
    ['LMSSetValue', 'cmi.core.score.raw', '100'],
    ['LMSSetValue', 'cmi.core.lesson_status', 'passed'],
    ['LMSCommit', ''],
    ['LMSSetValue', 'cmi.core.session_time', '00:01:23.45'],
    ['LMSSetValue', 'cmi.core.exit', ''],
    ['LMSCommit', ''],
    ['LMSFinish', ''],
  ]);
  assert.equal(values['cmi.core.lesson_status'], 'passed');
});

test('an LMS that refuses to initialize, or whose calls throw, gets nothing more and the page no throw', () => {
  const refusing = recordingApi();
  refusing.api.LMSInitialize = (...args) => (refusing.calls.push(['LMSInitialize', ...args]), 'false');
  assert.equal(connectScorm12(fakeWindow({ parent: fakeWindow({ api: refusing.api }) })), null);
  assert.deepEqual(refusing.calls, [['LMSInitialize', '']]);
  const throwing = recordingApi();
  throwing.api.LMSSetValue = () => {
    throw new Error('LMS broke');
  };
  const sco = fakeWindow({ parent: fakeWindow({ api: throwing.api }) });
  const link = connectScorm12(sco);
  assert.ok(link);
  sco.document.dispatchEvent(
    new CustomEvent('atlas:check-graded', { detail: { correct: true, score: { scaled: 1 } } }),
  );
  link.finish();
  assert.deepEqual(throwing.calls.at(-1), ['LMSFinish', '']);
  // A learner who passed before keeps "passed" on a new launch until a new answer.
  const returning = recordingApi({ 'cmi.core.lesson_status': 'passed' });
  connectScorm12(fakeWindow({ parent: fakeWindow({ api: returning.api }) }));
  assert.deepEqual(returning.calls, [
    ['LMSInitialize', ''],
    ['LMSGetValue', 'cmi.core.lesson_status'],
  ]);
});

test('scores become SCORM 1.2 percentages; timespans are HHHH:MM:SS.SS', () => {
  assert.deepEqual(scormScore({ raw: 1, min: 0, max: 1, scaled: 1 }), { raw: '100', min: '0', max: '100' });
  assert.deepEqual(scormScore({ scaled: 0.5 }), { raw: '50', min: '0', max: '100' });
  for (const bad of [null, {}, { scaled: -0.1 }, { scaled: 1.5 }, { scaled: Infinity }, { scaled: '1' }])
    assert.equal(scormScore(bad), null, JSON.stringify(bad));
  assert.equal(scormTimespan(0), '00:00:00.00');
  assert.equal(scormTimespan(83_450), '00:01:23.45');
  assert.equal(scormTimespan(-5), '00:00:00.00');
  assert.equal(scormTimespan(36_000_000_000), '9999:59:59.99');
});
