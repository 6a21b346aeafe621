// npm run package: builds, then writes artifacts/parallelism-atlas-<version>.zip holding dist/
// plus SHA256SUMS (one line per file, `sha256sum -c` format), and the same manifest beside it;
// and the SCORM 1.2 course packages, artifacts/parallelism-atlas-<version>-scorm12-<id>.zip and
// -<id>-check.zip for each entry with the check question (scripts/lib/scorm.mjs).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, root } from './lib/paths.mjs';
import { scormPackages } from './lib/scorm.mjs';
import { folderFiles, zip } from './lib/zip.mjs';

async function main() {
  if (!process.argv.includes('--no-build')) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const folder = `parallelism-atlas-${version}`;
  const files = folderFiles(distDir);
  const manifest = files.map((f) => `${createHash('sha256').update(f.data).digest('hex')}  ${f.rel}`).join('\n') + '\n';
  const entries = [
    ...files.map((f) => ({ name: `${folder}/${f.rel}`, data: f.data })),
    { name: `${folder}/SHA256SUMS`, data: Buffer.from(manifest) },
  ];
  const out = join(root, 'artifacts');
  mkdirSync(out, { recursive: true });
  const archive = zip(entries);
  writeFileSync(join(out, `${folder}.zip`), archive);
  writeFileSync(join(out, `${folder}.SHA256SUMS`), manifest);
  const digest = createHash('sha256').update(archive).digest('hex');
  writeFileSync(join(out, `${folder}.zip.sha256`), `${digest}  ${folder}.zip\n`);
  console.log(`[package] artifacts/${folder}.zip (${archive.length} bytes, ${files.length} files), sha256 ${digest}`);
  for (const course of await scormPackages(files, version)) {
    const name = `${folder}-scorm12-${course.key}.zip`;
    const bytes = zip(course.files);
    writeFileSync(join(out, name), bytes);
    console.log(`[package] artifacts/${name} (SCORM 1.2, launches ${course.launch}; ${bytes.length} bytes)`);
  }
}

if (process.argv[1] && process.argv[1].endsWith('package.mjs')) await main();
