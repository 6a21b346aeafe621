// npm run package: builds, then writes artifacts/parallelism-atlas-<version>.zip holding dist/
// plus SHA256SUMS (one line per file, `sha256sum -c` format), and the same manifest beside it.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { deflateRawSync } from 'node:zlib';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { distDir, root } from './lib/paths.mjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function listFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    });
}

/** A minimal ZIP writer (deflate, no zip64): enough for a static site of a few MB. */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  const stamp = { time: 0, date: ((2026 - 1980) << 9) | (1 << 5) | 1 }; // fixed date: reproducible archives
  for (const { name, data } of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const useDeflate = packed.length < data.length;
    const body = useDeflate ? packed : data;
    const crc = crc32(data);
    // The local and the central header share one run of fields (from "version needed" to the
    // name's length); the central one starts it 2 bytes later, after "version made by".
    const fileFields = (buf, at) => {
      buf.writeUInt16LE(20, at); // version needed: 2.0
      buf.writeUInt16LE(0x0800, at + 2); // the name is UTF-8
      buf.writeUInt16LE(useDeflate ? 8 : 0, at + 4);
      buf.writeUInt16LE(stamp.time, at + 6);
      buf.writeUInt16LE(stamp.date, at + 8);
      buf.writeUInt32LE(crc, at + 10);
      buf.writeUInt32LE(body.length, at + 14);
      buf.writeUInt32LE(data.length, at + 18);
      buf.writeUInt16LE(nameBuf.length, at + 22);
      return buf;
    };
    const local = fileFields(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const central = fileFields(Buffer.alloc(46), 6);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, body);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + body.length;
  }
  const centralBuf = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBuf, end]);
}

function main() {
  if (!process.argv.includes('--no-build')) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const folder = `parallelism-atlas-${version}`;
  const files = listFiles(distDir).map((f) => ({
    rel: relative(distDir, f).split('\\').join('/'),
    data: readFileSync(f),
  }));
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
}

if (process.argv[1] && process.argv[1].endsWith('package.mjs')) main();
