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
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * One browser per test process, or, where ATLAS_BROWSER_WS names one (npm test starts it for the
 * whole browser layer: a Chromium start costs about 2 CPU-s), a connection to that one; each
 * test process still has contexts and tabs of its own.
 */
export function browser() {
  const shared = process.env.ATLAS_BROWSER_WS;
  browserPromise ??= shared ? chromium.connect(shared) : chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return browserPromise;
}

/** A browser that test processes connect to (browser() with ATLAS_BROWSER_WS = its wsEndpoint()). */
export function browserServer() {
  return chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
}

export async function closeBrowser() {
  if (browserPromise) (await browserPromise).close();
  browserPromise = null;
  sharedContext = null;
  parked.length = 0;
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

// A page kept between tests: each new tab costs its own renderer process, which compiles the
// engine's WebAssembly and the page's scripts again (about 1.5 CPU-s of a 2.5 CPU-s load with
// every part started); a tab that navigates to the next test's address keeps them. A test's
// listeners write to its own record; between tests the tab's storage is cleared, its
// permissions revoked and it is parked on about:blank, so each test meets a fresh document.
/** @typedef {{consoleErrors: string[], pageErrors: string[], offSite: string[], requests: string[], cspViolations: string[]}} PageRecord */
/** @typedef {{page: import('playwright-core').Page, context: import('playwright-core').BrowserContext, slot: {record: PageRecord | null, siteRoot: string, origins: Set<string>}}} Tab */

/** @type {Promise<import('playwright-core').BrowserContext> | null} */
let sharedContext = null;
/** @type {Tab[]} tabs of the shared context that no test holds */
const parked = [];

/** A tab whose events go to whichever test's record it holds now. */
async function newTab(context) {
  const page = await context.newPage();
  const slot = { record: /** @type {PageRecord | null} */ (null), siteRoot: '', origins: new Set() };
  page.on('console', (m) => {
    if (slot.record && m.type() === 'error') slot.record.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => slot.record?.pageErrors.push(String(e)));
  page.on('request', (r) => {
    if (!slot.record) return;
    const u = r.url();
    slot.record.requests.push(u);
    if (!u.startsWith(slot.siteRoot) && !u.startsWith('data:') && !u.startsWith('blob:') && !u.startsWith('about:'))
      slot.record.offSite.push(u);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !f.url().startsWith('about:')) slot.origins.add(new URL(f.url()).origin);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window.__cspViolations ||= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, context, slot };
}

/**
 * Hands a tab back for the next test: the document it shows is left (its storage cleared
 * first), so nothing of this test's page (storage, permissions, hover) meets the next one. A tab
 * whose page went to a second origin is closed instead, and its context left (storage of an
 * origin no longer shown cannot be cleared from the page).
 * @param {Tab} tab
 */
async function park(tab) {
  const { page, context, slot } = tab;
  slot.record = null;
  try {
    if (slot.origins.size > 1) throw new Error('storage of more than one origin');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.mouse.move(0, 0);
    await page.goto('about:blank');
    await context.clearPermissions();
    slot.origins.clear();
    parked.push(tab);
  } catch {
    // Not reused: the tab is closed, and the next test gets a new shared context (tabs of the
    // old one that a test still holds keep working; closeBrowser closes it).
    await page.close().catch(() => {});
    sharedContext = null;
    parked.length = 0;
  }
}

/**
 * Opens the page. options: path (appended to the site URL, e.g. '#lab' or '?embed=lab'),
 * file (true: open dist/index.html from file://), width/height, javaScriptEnabled, colorScheme,
 * reducedMotion, waitReady (default true when JS is on: waits for the engine), allParts (default
 * true with waitReady: then also starts the parts that wait to come near — the split explorer —
 * as a reader scrolling down would; false leaves them waiting, as a first load does), fresh (a
 * browser context of its own, closed with the page: a first visit's empty caches, and a context
 * the test may change — routes, popups; implied by javaScriptEnabled: false), storage (key →
 * value: what the site's localStorage holds before the page loads, as a returning reader's does).
 * Otherwise the page is a tab kept between tests (see park), in a fresh document.
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
    fresh = !javaScriptEnabled,
    storage,
  } = options;
  const b = await browser();
  /** @type {Tab} */
  let tab;
  if (fresh) {
    const context = await b.newContext({ viewport: { width, height }, javaScriptEnabled, colorScheme, reducedMotion });
    tab = await newTab(context);
  } else {
    sharedContext ??= b.newContext();
    tab = parked.pop() ?? (await newTab(await sharedContext));
    await tab.page.setViewportSize({ width, height });
    await tab.page.emulateMedia({ colorScheme, reducedMotion });
  }
  const { page, context, slot } = tab;
  const base = file ? pathToFileURL(join(distDir, 'index.html')).href : await siteUrl();
  const url = explicitUrl ?? base + path;
  slot.siteRoot = file ? pathToFileURL(distDir).href + '/' : base.replace(/[^/]*$/, '');
  if (storage) {
    // A document of the site's origin that runs none of its code: the storage is there first.
    await page.goto(new URL('favicon.svg', url).href);
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, Object.entries(storage));
  }
  /** @type {PageRecord} */
  const record = { consoleErrors: [], pageErrors: [], offSite: [], requests: [], cspViolations: [] };
  slot.record = record;
  await page.goto(url);
  if (waitReady)
    await page.waitForFunction(() => document.documentElement.dataset.engine === 'ready', null, { timeout: 20000 });
  if (waitReady && allParts) await page.evaluate(() => window.atlas.startParts?.());
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (fresh) await context.close();
    else await park(tab);
  };
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
