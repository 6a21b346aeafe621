// A tiny static file server for dist/ (npm start, tests, bench). Serves only files inside
// its folder, with correct types; no directory listings.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon', '.png': 'image/png', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8', '.zip': 'application/zip',
};

/**
 * Starts serving `folder`. Resolves to {server, port, url}. `prefix` (e.g. "/sub/path/") serves
 * the folder under a sub-path, to prove the site works from any sub-path. keepAlive: hold the
 * process open (npm start); otherwise the server is unref'd (tests).
 */
export function serveFolder(folder, { port = 0, host = '127.0.0.1', prefix = '/', extra = {}, keepAlive = false } = {}) {
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (extra[pathname]) {
      res.writeHead(200, { 'content-type': TYPES[extname(pathname)] || 'text/html; charset=utf-8' }).end(extra[pathname]);
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
    let stat;
    try {
      stat = statSync(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (!stat.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'content-length': stat.size, 'cache-control': 'no-cache' });
    createReadStream(file).pipe(res);
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
