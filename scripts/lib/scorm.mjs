// SCORM 1.2 course packages of the built site (npm run package; docs/course-package.md). For
// each entry whose page has the check question, two packages, each one SCO an LMS takes as an
// activity: the whole entry (<id>.html), and its check question alone (<id>.html?embed=quiz).
// A package holds the site's files at its root, its pages with the LMS adapter's script added
// (web/src/scorm12-start.js; the site's own pages never load it), imsmanifest.xml, and the
// SCORM 1.2 schema files the manifest names (scorm-schemas.mjs fetches them).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';
import { ensureScormSchemas } from './scorm-schemas.mjs';
import { bundle } from './assets.mjs';
import { esc } from './html.mjs';

export const schemaDir = ensureScormSchemas();
// The content packaging schema, ADL's SCORM extensions, IMS metadata, and the xml: attributes
// the first and third import.
export const SCHEMA_FILES = ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'];
export const NAMESPACES = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  imsmd: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
};
// The check question's module: an entry page without it has nothing to report.
const QUIZ = 'quiz';
const BOOT_TAG = /<script src="app\.[0-9a-f]{10}\.js" id="atlas-app"[^>]*><\/script>/;

/** A value for XML text or an attribute (the HTML escapes are XML's too). */
const xml = esc;

/**
 * imsmanifest.xml for one SCO: the manifest's metadata says SCORM 1.2, one organization holds
 * one item, whose resource is the SCO launched at `launch` and lists every file in `files`.
 * Identifiers are xsd:ID values (letters, digits, '-', '.', starting with a letter).
 * @param {{identifier: string, version: string, title: string, itemTitle: string, launch: string, files: string[]}} sco
 */
export function scormManifest({ identifier, version, title, itemTitle, launch, files }) {
  const locations = [
    `${NAMESPACES.imscp} imscp_rootv1p1p2.xsd`,
    `${NAMESPACES.imsmd} imsmd_rootv1p2p1.xsd`,
    `${NAMESPACES.adlcp} adlcp_rootv1p2.xsd`,
  ].join(' ');
  const fileLines = files.map((f) => `      <file href="${xml(f)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(identifier)}" version="${xml(version)}"
  xmlns="${NAMESPACES.imscp}"
  xmlns:adlcp="${NAMESPACES.adlcp}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="${locations}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${xml(identifier)}-org">
    <organization identifier="${xml(identifier)}-org">
      <title>${xml(title)}</title>
      <item identifier="${xml(identifier)}-item" identifierref="${xml(identifier)}-sco" isvisible="true">
        <title>${xml(itemTitle)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${xml(identifier)}-sco" type="webcontent" adlcp:scormtype="sco" href="${xml(launch)}">
${fileLines}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The JSON a built page carries in <script type="application/json" id="…">, or null.
 * @param {string} html
 * @param {string} id
 */
function pageJson(html, id) {
  const m = html.match(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`));
  return m ? JSON.parse(m[1]) : null;
}

/**
 * The modules a built page starts (the keys of its boot tag's data-modules).
 * @param {string} html
 */
function pageModules(html) {
  const m = html.match(/ data-modules="([^"]*)"/);
  if (!m) return [];
  const text = m[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  return Object.keys(JSON.parse(text.replace(/&amp;/g, '&')));
}

/**
 * The SCOs of a built site: per entry page with the check question, the whole entry and its
 * check question alone. `files` are the site's files ({rel, data}, rel with '/').
 * @param {{rel: string, data: Buffer}[]} files
 */
export function scormCourses(files) {
  const index = files.find((f) => f.rel === 'index.html');
  const listed = index ? (pageJson(index.data.toString('utf8'), 'atlas-entries') ?? []) : [];
  return listed.flatMap(({ id }) => {
    const page = `${id}.html`;
    const file = files.find((f) => f.rel === page);
    if (!file) return [];
    const html = file.data.toString('utf8');
    if (!pageModules(html).includes(QUIZ)) return [];
    const entry = pageJson(html, 'atlas-entry');
    return [
      { key: id, launch: page, itemTitle: entry.name, entry },
      { key: `${id}-check`, launch: `${page}?embed=${QUIZ}`, itemTitle: `${entry.shortName}: check question`, entry },
    ];
  });
}

/**
 * A built page with the LMS adapter's script right after the boot script, so the adapter
 * listens before any part starts (both are classic scripts in <head>, run in order).
 * @param {string} html
 * @param {string} script the adapter's file name
 */
export function withAdapter(html, script) {
  if (!BOOT_TAG.test(html)) throw new Error('scorm: a page without the boot script tag');
  return html.replace(BOOT_TAG, (tag) => `${tag}\n<script src="${script}" id="atlas-scorm12"></script>`);
}

/** The adapter's script, bundled like the page's own: {name: "scorm12.<hash>.js", data}. */
export async function adapterScript() {
  const { js } = await bundle(join(root, 'web/src/scorm12-start.js'));
  const data = Buffer.from(js);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  return { name: `scorm12.${hash}.js`, data };
}

/**
 * Every course package of the site: [{key, launch, files: [{name, data}]}], files in the order
 * the zip holds them (imsmanifest.xml first, then the schemas, then the SCO's files).
 * @param {{rel: string, data: Buffer}[]} files the built site
 * @param {string} version the package's version (package.json)
 */
export async function scormPackages(files, version) {
  const adapter = await adapterScript();
  const sco = [
    ...files.map((f) =>
      f.rel.endsWith('.html')
        ? { name: f.rel, data: Buffer.from(withAdapter(f.data.toString('utf8'), adapter.name)) }
        : { name: f.rel, data: f.data },
    ),
    adapter,
  ].sort((a, b) => a.name.localeCompare(b.name));
  const schemas = SCHEMA_FILES.map((name) => ({ name, data: readFileSync(join(schemaDir, name)) }));
  return scormCourses(files).map(({ key, launch, itemTitle, entry }) => {
    const manifest = scormManifest({
      identifier: `parallelism-atlas-${key}`,
      version,
      title: `${entry.name} — Parallelism Atlas`,
      itemTitle,
      launch,
      files: sco.map((f) => f.name),
    });
    return { key, launch, files: [{ name: 'imsmanifest.xml', data: Buffer.from(manifest) }, ...schemas, ...sco] };
  });
}
