// Real headless Debian Chromium through playwright-core, against the built site. Every page
// records console errors, page errors, CSP violations and requests that leave the site's folder.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { serveFolder } from '../../scripts/lib/static-server.mjs';
import { distDir, root } from '../../scripts/lib/paths.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Each new window of Chromium 15x starts its omnibox popup's web UI (two renderers loading
  // ~100 files) beside the page: CPU the page does not get on a 2-core machine, which a reader's
  // browser, whose window is already open, does not spend on each page load.
  '--disable-features=WebUIOmniboxPopup,OmniboxAimPopup,WebUIOmniboxAimPopup',
];

let browserPromise = null;

/** One browser per test process. */
export function browser() {
  browserPromise ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return browserPromise;
}

export async function closeBrowser() {
  if (browserPromise) (await browserPromise).close();
  browserPromise = null;
}

let serverPromise = null;

/** Serves dist/ once per process; returns the base URL (ends with '/'). */
export function siteUrl() {
  serverPromise ??= serveFolder(distDir).then((s) => {
    s.server.unref();
    return s;
  });
  return serverPromise.then((s) => s.url);
}

/**
 * Opens the page. options: path (appended to the site URL, e.g. '#lab' or '?embed=lab'),
 * file (true: open dist/index.html from file://), width/height, javaScriptEnabled, colorScheme,
 * reducedMotion, waitReady (default true when JS is on: waits for the engine), allParts (default
 * true with waitReady: then also starts the parts that wait to come near — the split explorer —
 * as a reader scrolling down would; false leaves them waiting, as a first load does).
 */
export async function openPage(options = {}) {
  const {
    path = '',
    file = false,
    width = 1280,
    height = 900,
    javaScriptEnabled = true,
    colorScheme = 'light',
    reducedMotion = 'no-preference',
    waitReady = javaScriptEnabled,
    allParts = waitReady,
    url: explicitUrl,
  } = options;
  const b = await browser();
  const context = await b.newContext({ viewport: { width, height }, javaScriptEnabled, colorScheme, reducedMotion });
  const page = await context.newPage();
  const base = file ? pathToFileURL(join(distDir, 'index.html')).href : await siteUrl();
  const url = explicitUrl ?? base + path;
  const siteRoot = file ? pathToFileURL(distDir).href + '/' : base.replace(/[^/]*$/, '');
  const record = { consoleErrors: [], pageErrors: [], offSite: [], requests: [], cspViolations: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') record.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => record.pageErrors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    record.requests.push(u);
    if (!u.startsWith(siteRoot) && !u.startsWith('data:') && !u.startsWith('blob:') && !u.startsWith('about:'))
      record.offSite.push(u);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window.__cspViolations ||= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(url);
  if (waitReady)
    await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready', null, { timeout: 20000 });
  if (waitReady && allParts) await page.evaluate(() => window.atlas.startParts?.());
  const close = () => context.close();
  const csp = async () => (javaScriptEnabled ? page.evaluate(() => window.__cspViolations || []) : []);
  return { page, context, url, record, close, csp };
}

/**
 * Serves `html` as a course page from a folder of its own, on another port: another origin, as
 * a real course site is. The caller closes `server` and removes `dir`.
 * @param {string} html
 */
export async function serveHostPage(html) {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-host-'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'favicon.ico'), readFileSync(join(root, 'web/static/favicon.ico'))); // the host's own
  const served = await serveFolder(dir);
  return { ...served, dir };
}
