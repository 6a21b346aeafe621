// Serves dist/ on http://127.0.0.1:8080 (PORT or --port to override).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveFolder } from './lib/static-server.mjs';
import { distDir } from './lib/paths.mjs';

export async function serve() {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error('[serve] dist/ is empty: run npm run build first');
    process.exit(1);
  }
  const flag = process.argv.indexOf('--port');
  const port = Number(flag > 0 ? process.argv[flag + 1] : process.env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[serve] invalid port "${port}"`);
    process.exit(1);
  }
  const host = process.env.HOST || '127.0.0.1';
  try {
    const { url } = await serveFolder(distDir, { port, host, keepAlive: true });
    console.log(
      `\n  Parallelism Atlas is running at ${url}\n  (Ctrl+C to stop; dist/index.html also opens directly from disk)\n`,
    );
  } catch (e) {
    console.error(`[serve] cannot listen on ${host}:${port}: ${e.message}. Try PORT=8090 npm start`);
    process.exit(1);
  }
}

if (process.argv[1] && process.argv[1].endsWith('serve.mjs')) await serve();
