// Shared helpers for the browser tests and the benchmark: a static server for
// dist/, Debian's Chromium driven by playwright-core, and page probes.
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env.FLEETLAB_DIST || path.join(ROOT, 'dist');
export const SHOTS = path.join(ROOT, 'artifacts', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves `dir` on 127.0.0.1 at a free port; resolves to { origin, close }. */
export function serve(dir = DIST) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the app first (trunk build)`);
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * A page that records console errors, page errors, failed requests and any
 * request to another origin. `problems()` lists them.
 *
 * It asks for reduced motion unless `motion` is set: a playing scene keeps
 * most of a core busy (about 0.6 of one on the tiers page), so only the tests
 * about motion (the scene's, the home previews', the soak's, every page's
 * load) and the benchmark let the scenes play on their own.
 */
export async function openPage(browser, origin, { width = 1280, height = 900, motion = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion: motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  const issues = [];
  page.on('console', (m) => {
    if (m.type() === 'error') issues.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => issues.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => issues.push(`request failed: ${r.url()}`));
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    issues.push(`request off the page's origin: ${url}`);
    return route.abort();
  });
  page.problems = () => issues.slice();
  return page;
}

/** Loads a topic page and waits for its first render. */
export async function gotoTopic(page, origin, query) {
  await page.goto(`${origin}/index.html${query}`);
  await page.waitForSelector('body[data-ready]');
}

/**
 * The page's address once it shows the page: while no rewrite is pending, a
 * topic page's body carries the query it wrote in `data-address-settled`.
 * Equal to `location.search`, the address is final (after Back or Forward:
 * the page has followed it). Read in the page, in one go.
 */
export async function addressWhenSettled(page) {
  const handle = await page.waitForFunction(() =>
    document.body?.dataset.addressSettled === location.search && location.href);
  return handle.jsonValue();
}

export async function renders(page) {
  return Number(await page.getAttribute('body', 'data-renders'));
}

/**
 * { figure id: text shown }, once the page shows its model's full run: while
 * a slider moves, a page whose run takes longer than a frame shows a preview
 * (body[data-preview]) and runs in full when the slider rests.
 */
export async function figures(page) {
  await page.waitForFunction(() => !document.body.hasAttribute('data-preview'));
  return page.$$eval('[data-figure]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.figure, e.querySelector('dd').textContent])));
}

/** { check id: true | false } */
export function checks(page) {
  return page.$$eval('[data-check]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.check, e.dataset.pass === 'true'])));
}

/**
 * Waits until every chart's canvas shows its chart: a move draws the charts
 * on screen at once and those off screen once the page rests (or as they
 * scroll into view); the body's `data-charts-stale` counts those not drawn.
 */
export function chartsDrawn(page) {
  return page.waitForFunction(() => document.body?.dataset.chartsStale === '0');
}

/** Every chart canvas as a data URL, by chart id, once all are drawn. */
export async function canvases(page) {
  await chartsDrawn(page);
  return page.$$eval('[data-chart] canvas', (els) =>
    Object.fromEntries(els.map((c) => [c.closest('[data-chart]').dataset.chart, c.toDataURL()])));
}

/**
 * { chart id: share of its canvas in near-black }. A light page's chart is
 * drawn on its light background; a chart painted before the page's
 * stylesheet applied takes every colour as unset and is a black box.
 */
export async function darkShares(page) {
  await chartsDrawn(page);
  return page.$$eval('[data-chart] canvas', (cs) => Object.fromEntries(cs.map((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 60 && d[i + 3] > 200) n += 1;
    return [c.closest('[data-chart]').dataset.chart, n / (d.length / 4)];
  })));
}

/** The charts that are half black or more. */
export async function blackCharts(page) {
  return Object.entries(await darkShares(page)).filter(([, s]) => s >= 0.5).map(([id]) => id);
}

/** Topic ids of the menu that are built (links, not "coming"). */
export function builtTopics(page) {
  return page.$$eval('#topics a[href*="topic="]', (as) =>
    as.map((a) => new URL(a.href).searchParams.get('topic')));
}

export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The native CLI of this checkout, run with `args` (built first: a no-op after `cargo test`). */
export function nativeCli(args) {
  execFileSync('cargo', ['build', '--quiet', '--bin', 'fleetlab'], { cwd: ROOT, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
  return execFileSync(path.join(target, 'debug', 'fleetlab'), args, { maxBuffer: 64 << 20 }).toString();
}

/** { topic id: Set of its preset ids that have a fix }, from the native model. */
export function presetsWithFix() {
  const out = {};
  for (const run of JSON.parse(nativeCli(['figures', '--json']))) {
    out[run.topic] ??= new Set();
    if (run.fix) out[run.topic].add(run.preset);
  }
  return out;
}

/** The ids of the topics that run closer to production (`model=production`). */
export function productionTopics() {
  return new Set(JSON.parse(nativeCli(['topics', '--json']))
    .filter((t) => t.differences.length > 0).map((t) => t.id));
}

/** Each topic's name for the model `--model seed` runs ("The seed card's model"). */
export function firstModels() {
  return new Map(JSON.parse(nativeCli(['topics', '--json']))
    .filter((t) => t.built).map((t) => [t.id, t.first_model]));
}

/** The topics whose scene runs closer to production (and offers the two models side by side). */
export function productionScenes() {
  return new Set(JSON.parse(nativeCli(['topics', '--json']))
    .filter((t) => t.scene_runs_production).map((t) => t.id));
}

/**
 * The app for one test file: before its tests, a server for dist/, a
 * browser, and the built topics read off the menu; after them, both closed.
 * By the time a test runs, `origin`, `browser` and `topics` are filled in,
 * and `open(query, size)` gives a fresh page (openPage) with `query` loaded
 * (gotoTopic).
 */
export function appUnderTest() {
  const app = {
    server: null,
    browser: null,
    origin: '',
    topics: [],
    /** The topics with a production model. */
    production: new Set(),
    async open(query = '', size = undefined) {
      const page = await openPage(app.browser, app.origin, size);
      await gotoTopic(page, app.origin, query);
      return page;
    },
  };
  before(async () => {
    app.server = await serve();
    app.origin = app.server.origin;
    app.browser = await launch();
    const page = await app.open();
    app.topics = await builtTopics(page);
    app.production = productionTopics();
    app.productionScenes = productionScenes();
    await page.context().close();
  });
  after(async () => { await app.browser?.close(); await app.server?.close(); });
  return app;
}

/** The native CLI's answer key of template `template` of `topic` drawn from `seed`. */
export function challengeKey(topic, template, seed) {
  return JSON.parse(nativeCli(['challenge', topic, template, '--seed', String(seed), '--key', '--json']));
}

/** A key's answer typed with every digit: its members, a share in %, or the number. */
export function exactAnswer(k) {
  if (k.answer_detail) return k.answer_detail.join(', ');
  return k.unit === 'share' ? `${k.answer * 100}%` : String(k.answer);
}

/** Types `text` as the answer to the question on show; the verdict it gets. */
export async function answer(page, text) {
  await page.fill('#q-answer', text);
  await page.press('#q-answer', 'Enter');
  return page.getAttribute('#q-feedback', 'data-verdict');
}

/** Loads `url` (a link a page wrote, a file) and waits for its first render. */
export async function load(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
}

/** Reloads the page and waits for its first render. */
export async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready]');
}

/** Asserts that no page saw a problem (openPage's record), then closes them. */
export async function closeClean(...pages) {
  for (const page of pages) assert.deepEqual(page.problems(), [], page.url());
  for (const page of pages) await page.context().close();
}
