// A tiny static file server for dist/ (npm start, tests, bench) that answers like a real static
// host: correct types (application/wasm for the engine, which instantiateStreaming requires),
// gzip or brotli by Accept-Encoding, long immutable caching for content-hashed names, and
// revalidation (ETag, 304) for the rest. Serves only files inside its folder; no listings.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};
// Already-compressed formats (woff2, png, zip) gain nothing from a second pass.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.ico', '.txt']);
// build.mjs names the engine, bundles and styles `<name>.<hash>.<ext>`: their bytes never change.
export const HASHED_NAME = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

const encoders = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};
const brotli = (quality) => ({ params: { [zlib.BROTLI_PARAM_QUALITY]: quality } });

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function chooseEncoding(header = '') {
  const offered = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ['br', 'gzip'].find(accepts) ?? null;
}

/** Cache-Control for a file name: a year and immutable when hashed, revalidate otherwise. */
export function cacheControl(name) {
  return HASHED_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

// Compressed bodies by content and encoding. Brotli's best level (11) takes about 10 s for the
// engine's .wasm on these machines, so the first answer uses level 5 while level 11 is computed
// in the background and kept on disk (by content hash, in the system's temp folder) for every
// later request and server: what a host that precompresses at deploy time would send.
const memory = new Map();
const diskCache = join(tmpdir(), 'parallelism-atlas-compressed');

function encodedBody(data, encoding) {
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `${hash}.${encoding}`;
  if (memory.has(key)) return memory.get(key);
  if (encoding === 'gzip') {
    memory.set(key, encoders.gzip(data, { level: 9 }));
    return memory.get(key);
  }
  const best = join(diskCache, key);
  if (existsSync(best)) {
    memory.set(key, readFile(best));
    return memory.get(key);
  }
  if (data.length <= 65536) {
    memory.set(key, encoders.br(data, brotli(11)));
    return memory.get(key);
  }
  memory.set(key, encoders.br(data, brotli(5)));
  encoders
    .br(data, brotli(11))
    .then(async (body) => {
      memory.set(key, Promise.resolve(body));
      await mkdir(diskCache, { recursive: true });
      await writeFile(`${best}.${process.pid}`, body);
      await rename(`${best}.${process.pid}`, best); // whole files only, even with several servers
    })
    .catch(() => {}); // the level-5 body stays in use
  return memory.get(key);
}

async function sendFile(req, res, file) {
  let info;
  try {
    info = await stat(file);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  if (!info.isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  const ext = extname(file);
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': TYPES[ext] || 'application/octet-stream',
    'cache-control': cacheControl(file),
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (COMPRESSIBLE.has(ext)) headers.vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  let body = await readFile(file);
  const encoding = COMPRESSIBLE.has(ext) && body.length > 256 ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    body = await encodedBody(body, encoding);
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Starts serving `folder`. Resolves to {server, port, url}. `prefix` (e.g. "/sub/path/") serves
 * the folder under a sub-path, to prove the site works from any sub-path. keepAlive: hold the
 * process open (npm start); otherwise the server is unref'd (tests).
 */
export function serveFolder(
  folder,
  { port = 0, host = '127.0.0.1', prefix = '/', extra = {}, keepAlive = false } = {},
) {
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (extra[pathname]) {
      res
        .writeHead(200, { 'content-type': TYPES[extname(pathname)] || 'text/html; charset=utf-8' })
        .end(extra[pathname]);
      return;
    }
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = pathname.slice(prefix.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(folder, rel));
    if (!file.startsWith(normalize(folder) + sep) && file !== normalize(folder)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    sendFile(req, res, file).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('server error');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      // Test servers must never keep a finished (or failed) test process alive.
      if (!keepAlive) server.unref();
      const actual = server.address().port;
      resolve({ server, port: actual, url: `http://${host}:${actual}${prefix}` });
    });
  });
}
