// A minimal ZIP writer and reader (deflate or stored, no zip64): enough for the site and its
// course packages (a few MB), with fixed dates so the same files give the same archive bytes.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** Every file under `dir`, sorted, as [{rel, data}] with '/'-separated paths: what an archive takes. */
export function folderFiles(dir) {
  const walk = (d) =>
    readdirSync(d)
      .sort()
      .flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(dir).map((f) => ({ rel: relative(dir, f).split('\\').join('/'), data: readFileSync(f) }));
}

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

/** The archive of [{name, data}], in that order. */
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

/**
 * Reads an archive zip() wrote (or any without zip64 or encryption): [{name, data}] in the
 * central directory's order. Throws on a bad signature or a CRC that does not match.
 * @param {Buffer} archive
 */
export function unzip(archive) {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('zip: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`zip: bad central header ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const packedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`zip: bad local header for ${name}`);
    const bodyAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(bodyAt, bodyAt + packedSize);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    if (crc32(data) !== crc) throw new Error(`zip: CRC mismatch for ${name}`);
    entries.push({ name, data });
    at += 46 + skip;
  }
  return entries;
}
