// The benchmark (not a test: it prints figures and never fails on speed).
//   node tests/browser/bench.mjs        (scripts/bench.sh builds first)
// Measures, in headless Chromium against dist/:
//   - size by part: what a visitor of the hosted app downloads, gzip -9
//     (node's zlib) and brotli 11, as the precompressed files beside them;
//   - first paint: navigation to the first chart or scene on screen (the app
//     says data-shown once what the first screen holds is built; the end of
//     the next frame, its layout and paint done, shows it; a topic page
//     builds its challenge panel in a task after, then says data-ready), and
//     the layout shift over the load, each page loaded REPS times cold,
//     with what the start waited for (the loader's marks) and the floor: a
//     static page with the stylesheet and one canvas, loaded the same way;
//   - slider input to repaint: the synchronous work of one move (model, DOM,
//     the chart canvases on screen) on every topic's headline slider, on
//     every story with and without its fix, MOVES moves each; the scene's
//     rebuild that follows on the next frame; and what waits for the slider
//     to rest (each chart off screen, drawn one a task; the full run after a
//     preview);
//   - the scene's frame time (advance + draw + paint), at its default speed
//     and its fastest, and with thousands of requests in flight;
//   - run() and the engines in wasm, beside `fleetlab bench --json` natively;
//   - Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown) on the
//     home page and every topic page, served as a host serves the build's
//     precompressed files (the `lighthouse` npm package, this Chromium), and
//     its largest contentful paint with the profile applied as the page loads
//     (`--throttling-method=devtools`).
// Ends with every budget beside its measured value, as the Markdown table
// README.md quotes. Environment: MOVES (default 60), REPS (5), SCENE_FRAMES
// (300), SCENE_LOADED (2000), QUICK=1 (fewer of everything, a smoke run),
// TOPICS=id,id (only those pages: a quicker look at one change),
// NATIVE=path of a release `fleetlab` binary (default target/release/fleetlab;
// skipped if missing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { serve, launch, openPage, gotoTopic, builtTopics, DIST, ROOT } from './support.mjs';

const QUICK = process.env.QUICK === '1';
const MOVES = Number(process.env.MOVES || (QUICK ? 12 : 60));
const REPS = Number(process.env.REPS || (QUICK ? 2 : 5));
const FRAMES = Number(process.env.SCENE_FRAMES || (QUICK ? 60 : 300));
const LOADED = Number(process.env.SCENE_LOADED || 2000);
// The budgets (README.md, "Benchmark"): what a topic page fetches before its
// first paint (brotli); its first paint against the floor of the same run
// (median, slowest); layout shift; slider → repaint; every chart on screen;
// the scene's frame and its first frame after a move; the tiers simulation
// in wasm (M arrivals/s); every engine's wasm against native.
const BUDGET = {
  page_kb: 200, paint_floor: 2, paint_floor_max: 3, shift: 0.02, repaint_ms: 4, tall_ms: 8,
  frame_ms: 8, scene_move_ms: 8, tiers_mps: 50, engine_ratio: 1.5,
};

// The slider each topic is timed on (its headline lever); others: the first range.
const SLIDER = {
  'consistent-hashing': 'cards_after',
  'load-balancing': 'cards',
  autoscaling: 'peak',
  'warm-pool': 'warm',
  'inside-a-replica': 'arrival_rps',
  'cache-aware-routing': 'cards',
  'buying-the-fleet': 'demand_t',
  'fleet-efficiency': 'demand',
  'tiers-and-rate-limits': 'paid_rps',
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (x, d = 2) => (x === undefined || Number.isNaN(x) ? '–' : `${x.toFixed(d)} ms`);
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const table = (head, rows) => [
  `| ${head.join(' | ')} |`,
  `|${head.map((h, i) => (i ? '---:' : '---')).join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`fleetlab bench — ${new Date().toISOString()}, ${os.cpus().length} cores, load average at start ${load()}`);
console.log(`MOVES=${MOVES} REPS=${REPS} SCENE_FRAMES=${FRAMES}${QUICK ? ' (QUICK)' : ''}`);

// ---- size by part --------------------------------------------------------
/** The parts a visitor of the hosted app downloads: index.html and every file it names (not the file:// bundle, not the sample course page). */
const PARTS = [
  ['wasm', (f) => f.endsWith('_bg.wasm') && !f.startsWith('page-')],
  ['JS glue', (f) => /^fleetlab-web-[0-9a-f]+\.js$/.test(f)],
  // One topic's page build each (scripts/pages.mjs): what a topic page loads
  // instead of the whole app's wasm and glue.
  ['page wasm', (f) => /^page-.*_bg\.wasm$/.test(f)],
  ['page glue', (f) => /^page-.*[0-9a-f]\.js$/.test(f)],
  // The module the glue imports to fetch the panel's part.
  ['page glue', (f) => /^page-.*_split\.js$/.test(f)],
  // Its challenge panel's code, fetched after the first paint.
  ['panel, after first paint', (f) => /^page-.*_panel\.wasm$/.test(f)],
  // A page build's glossary definitions, fetched after the first paint.
  ['glossary definitions, after first paint', (f) => /^glossary-[0-9a-f]{16}\.json$/.test(f)],
  ['CSS', (f) => /^style-.*\.css$/.test(f)],
  ['loader', (f) => /^loader-.*\.js$/.test(f)],
  ['theme', (f) => /^theme-.*\.js$/.test(f)],
  ['index.html', (f) => f === 'index.html'],
];
const files = fs.readdirSync(DIST).filter((f) => !/\.(gz|br)$/.test(f));
/** The built file of `part` (one of PARTS). */
const partFile = (part) => files.find(PARTS.find(([p]) => p === part)[1]);
const indexHtml = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
// A file index.html names that no part counts would leave the total short.
const named = [...indexHtml.matchAll(/(?:src|href|content)="\.\/([^"]+)"/g)].map((m) => m[1]);
for (const f of named) {
  if (!PARTS.some(([, pick]) => pick(f))) throw new Error(`index.html names ${f}, which no part of the size table counts`);
}
const sizeRows = [];
const total = { raw: 0, gz: 0, br: 0 };
for (const [part, pick] of PARTS) {
  for (const f of files.filter(pick)) {
    const body = fs.readFileSync(path.join(DIST, f));
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizeRows.push([part, f, body.length, gz, br]);
    if (part.startsWith('page ') || part.startsWith('panel')) continue;
    total.raw += body.length;
    total.gz += gz;
    total.br += br;
  }
}
console.log('\n## Size by part (hosted app)\n');
console.log(table(['part', 'file', 'raw', 'gzip -9', 'brotli 11'],
  [...sizeRows.map(([p, f, r, g, b]) => [p, f, kb(r), kb(g), kb(b)]),
    ['**whole app** (every page but a topic page)', '', kb(total.raw), `**${kb(total.gz)}**`, kb(total.br)]]));
// A topic page: the shell (everything but the whole app's wasm and glue,
// and what comes after the first paint) and its own page build.
const shell = sizeRows.filter(([p]) => !['wasm', 'JS glue'].includes(p) && !p.startsWith('page ') && !p.endsWith('after first paint'));
const pageRowsBySize = [...new Set(sizeRows.filter(([p]) => p === 'page wasm').map(([, f]) => f.match(/^page-(.*)-[0-9a-f]+_bg\.wasm$/)[1]))].map((id) => {
  const rows = [...shell, ...sizeRows.filter(([p, f]) => p.startsWith('page ') && f.startsWith(`page-${id}-`))];
  const sum = (i) => rows.reduce((a, r) => a + r[i], 0);
  const panel = sizeRows.find(([p, f]) => p.startsWith('panel') && f.startsWith(`page-${id}-`));
  return [id, kb(sum(2)), kb(sum(3)), kb(sum(4)), panel ? kb(panel[4]) : '—'];
});
if (pageRowsBySize.length) {
  console.log('\nwhat a topic page loads before its first paint (the shell and its page build; the measured fetch is in the first-paint table), and its challenge panel\'s part, fetched after it:\n');
  console.log(table(['topic page', 'raw', 'gzip -9', 'brotli 11', 'then its panel (brotli 11)'], pageRowsBySize));
}
for (const f of files.filter((f) => !PARTS.some(([, pick]) => pick(f)))) {
  const body = fs.readFileSync(path.join(DIST, f));
  const what = f.endsWith('.offline.js') ? 'file:// only (wasm inlined)' : 'sample course page';
  console.log(`  not downloaded by a hosted page: ${f} ${kb(body.length)} raw, ${kb(zlib.gzipSync(body, { level: 9 }).length)} gzip (${what})`);
}

const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.origin, { motion: true });
await gotoTopic(page, server.origin, '');
const only = (process.env.TOPICS || '').split(',').filter(Boolean);
const topics = (await builtTopics(page)).filter((t) => !only.length || only.includes(t));
const summary = {};

// ---- first paint and layout shift ------------------------------------------
/**
 * One cold load of `query` from `origin`: ms from navigation to the end of
 * the first frame after data-shown (its layout and paint done), the layout
 * shift until then, and when each wait of the start ended (the loader's
 * marks: the stylesheet applied, the wasm compiled, the glue imported, the
 * app started; then data-shown, the first screen built, and data-ready,
 * every part built).
 */
async function coldLoad(query, origin = server.origin) {
  const p = await openPage(browser, origin, { motion: true });
  await p.addInitScript(() => {
    window.__load = { shift: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__load.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.body?.dataset.ready && !window.__load.whole) window.__load.whole = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.shown) return;
      obs.disconnect();
      window.__load.ready = performance.now();
      // A frame's animation callbacks run before its style, layout and
      // paint; a message posted from one is handled once the frame is done.
      requestAnimationFrame(() => {
        const done = new MessageChannel();
        done.port1.onmessage = () => { window.__load.painted = performance.now(); };
        done.port2.postMessage(0);
      });
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shown'] });
  });
  await p.goto(`${origin}/index.html${query}`);
  await p.waitForFunction(() => window.__load.painted && window.__load.whole);
  await p.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const r = await p.evaluate(() => {
    const marks = {};
    for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('fleetlab:')) marks[m.name.slice(9)] = m.startTime;
    // The browser's own resource timing: every file whose response ended
    // before the first paint, the document first. Only files requested
    // before the first screen was built (data-shown) count: the painted
    // mark is a message handled once the frame is done, and a busy main
    // thread can handle it after a fast local fetch the page began only
    // after that frame (its panel's part), which the paint did not wait for.
    const before = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
      .filter((e) => e.startTime <= window.__load.ready && e.responseEnd <= window.__load.painted)
      .map((e) => new URL(e.name).pathname.replace(/^\//, '') || 'index.html');
    return { ...window.__load, marks, before };
  });
  await p.context().close();
  // What those files weigh as a host serving the build's precompressed
  // files sends them (NAME.br beside each; the test server sends them raw).
  const dir = origin === server.origin ? DIST : null;
  r.beforeBr = dir ? r.before.reduce((a, f) => a + brSize(path.join(dir, f)), 0) : NaN;
  return r;
}

/** The brotli size of a built file (its NAME.br, else the file's own). */
function brSize(file) {
  const packed = `${file}.br`;
  return fs.existsSync(packed) ? fs.statSync(packed).size : fs.statSync(file).size;
}

/**
 * The floor under every page's first paint on this machine: a static page
 * with the app's stylesheet, the same policy and one canvas, drawn by a
 * script once the document is parsed (no wasm, no model, no app).
 */
function floorPage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetlab-floor-'));
  fs.copyFileSync(path.join(DIST, partFile('CSS')), path.join(dir, 'style.css'));
  const policy = indexHtml.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/)[0];
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">${policy}
<title>floor</title><script src="floor.js"></script><link rel="stylesheet" href="style.css"></head>
<body><main id="app"><h1>Fleetlab</h1><canvas width="600" height="300"></canvas></main></body></html>`);
  fs.writeFileSync(path.join(dir, 'floor.js'), `document.addEventListener('DOMContentLoaded', () => {
  const c = document.querySelector('canvas').getContext('2d');
  c.fillRect(10, 10, 100, 100); c.font = '12px sans-serif'; c.fillText('a scene', 200, 50);
  document.body.dataset.shown = 'true';
  document.body.dataset.ready = 'true';
});`);
  return dir;
}
const paintRows = [];
const phaseRows = [];
const paints = [];
const pageP50 = [];
const shifts = [];
const PHASES = ['styled', 'painted', 'compiled', 'glue', 'start'];
console.log(`\n## First paint (navigation → first chart or scene on screen), ${REPS} cold loads each; load average ${load()}\n`);
for (const query of ['', ...topics.map((t) => `?topic=${t}`), '?view=practice']) {
  const runs = [];
  for (let i = 0; i < REPS; i++) runs.push(await coldLoad(query));
  const t = runs.map((r) => r.painted);
  const s = runs.map((r) => r.shift);
  paints.push(...t);
  shifts.push(...s);
  pageP50.push(quantile(t, 0.5));
  const beforeBr = Math.max(...runs.map((r) => r.beforeBr));
  if (query.startsWith('?topic=')) summary.beforePaint = Math.max(summary.beforePaint ?? 0, beforeBr);
  if (query.startsWith('?topic=') && !(summary.beforePaintMin <= beforeBr)) summary.beforePaintMin = beforeBr;
  const wasm = runs[0].before.filter((f) => f.endsWith('.wasm')).join(', ');
  paintRows.push([query || '(home)', ms(quantile(t, 0.5), 0), ms(Math.max(...t), 0), Math.max(...s).toFixed(4), kb(beforeBr), wasm]);
  const at = (f) => ms(quantile(runs.map(f), 0.5), 0);
  phaseRows.push([query || '(home)', ...PHASES.map((k) => at((r) => r.marks[k] ?? NaN)),
    at((r) => r.ready - r.marks.start), at((r) => r.ready), at((r) => r.painted - r.ready), at((r) => r.painted),
    at((r) => r.whole)]);
}
const floorDir = floorPage();
const floorServer = await serve(floorDir);
const floor = [];
for (let i = 0; i < REPS; i++) floor.push(await coldLoad('', floorServer.origin));
await floorServer.close();
fs.rmSync(floorDir, { recursive: true, force: true });
console.log(table(['page', 'first paint p50', 'max', 'layout shift max', 'fetched before first paint (brotli)', 'its wasm'], paintRows));
console.log('\nwhat the first paint waited for, medians (ms after navigation; the loader marks when each wait ends):\n');
console.log(table(['page', 'stylesheet applied', 'its words painted', 'wasm compiled', 'glue imported', 'app starts', 'app builds the first screen', 'built (data-shown)', 'its frame', 'painted', 'every part built (data-ready)'], phaseRows));
const floorPaint = quantile(floor.map((r) => r.painted), 0.5);
console.log(`\nthe floor: a static page with the stylesheet, the policy and one canvas drawn at DOMContentLoaded paints at ${ms(floorPaint, 0)} (median of ${REPS} cold loads)`);
summary.floor = floorPaint;
summary.paint = quantile(paints, 0.5);
summary.paintMax = Math.max(...paints);
// The median page and the slowest page (each page's median), against the floor.
summary.paintPages = { median: quantile(pageP50, 0.5), slowest: Math.max(...pageP50) };
summary.shift = Math.max(...shifts);

// ---- slider input → repaint -------------------------------------------------
/** MOVES moves of the headline slider on the page `query` shows: per move, the synchronous ms and the scene's rebuild. */
async function slide(query, topic, { onScreen = false } = {}) {
  await gotoTopic(page, server.origin, query);
  if (onScreen) await page.waitForFunction(() => document.querySelector('[data-chart][data-on-screen="true"]'));
  const name = SLIDER[topic];
  const id = (await page.$(`#p-${name}[type=range]`)) ? `#p-${name}` : await page.$eval('input[type=range]', (e) => `#${e.id}`);
  return page.evaluate(async ({ id, moves }) => {
    const el = document.querySelector(id);
    const scene = document.querySelector('section.scene');
    const lo = Number(el.min);
    const hi = Number(el.max);
    const ts = [];
    const builds = [];
    for (let i = 0; i < moves; i++) {
      // Sweep back and forth across the middle of the track, as a hand would.
      const u = 0.25 + 0.5 * Math.abs(((i * 2) % 100) / 50 - 1);
      el.value = String(lo + (hi - lo) * u);
      const t0 = performance.now();
      el.dispatchEvent(new Event('input', { bubbles: true }));
      ts.push(performance.now() - t0);
      await new Promise((res) => requestAnimationFrame(res));
      await new Promise((res) => requestAnimationFrame(res));
      if (scene?.dataset.sceneBuildMs) builds.push(Number(scene.dataset.sceneBuildMs));
    }
    // What waits for the slider to rest: the charts off screen, and a full
    // run after a preview (src/web/page/charts.rs, Topic::preview).
    const settled = () => document.body.dataset.chartsStale === '0' && !document.body.hasAttribute('data-preview');
    while (!settled()) await new Promise((res) => setTimeout(res, 20));
    const charts = [...document.querySelectorAll('[data-chart] canvas')].map((c) => Number(c.dataset.paintMs || 0));
    return { id, ts, builds, split: document.body.dataset.renderSplit, atRest: { charts, run: Number(document.body.dataset.renderMs) } };
  }, { id, moves: MOVES });
}
console.log(`\n## Slider input → repaint (model + DOM + chart canvases, synchronous), ${MOVES} moves per story; load average ${load()}\n`);
const storyRows = [];
const pageRows = [];
let worstPage = 0;
for (const topic of topics) {
  await gotoTopic(page, server.origin, `?topic=${topic}`);
  const stories = await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset));
  const fixes = await fixableStories(topic, stories);
  const all = [];
  const builds = [];
  let slider = '';
  for (const story of stories) {
    for (const fix of fixes.has(story) ? [false, true] : [false]) {
      const r = await slide(`?topic=${topic}&preset=${story}${fix ? '&fix=1' : ''}`, topic);
      slider = r.id.slice(3);
      const storyP95 = quantile(r.ts, 0.95);
      if (!(summary.story?.p95 >= storyP95)) summary.story = { p95: storyP95, name: `${topic} ${story}${fix ? ' + fix' : ''}` };
      all.push(...r.ts);
      builds.push(...r.builds);
      storyRows.push([topic, story + (fix ? ' + fix' : ''), ms(quantile(r.ts, 0.5)), ms(quantile(r.ts, 0.95)),
        ms(Math.max(...r.ts), 1), r.builds.length ? ms(quantile(r.builds, 0.95)) : '–',
        `${ms(Math.max(...r.atRest.charts), 1)} × ${r.atRest.charts.length}`, ms(r.atRest.run, 1)]);
    }
  }
  const p95 = quantile(all, 0.95);
  worstPage = Math.max(worstPage, p95);
  pageRows.push([topic, slider, ms(quantile(all, 0.5)), ms(p95), builds.length ? ms(quantile(builds, 0.95)) : '–']);
  if (builds.length) summary.sceneMove = Math.max(summary.sceneMove ?? 0, quantile(builds, 0.95));
}
console.log(table(['page', 'story', 'p50', 'p95', 'max', 'scene rebuild p95',
  'at rest: a chart off screen (most) × charts', 'at rest: last render'], storyRows));
console.log('\nper page, every story ± fix pooled:\n');
console.log(table(['page', 'slider', 'p50', 'p95', 'scene rebuild p95 (next frame)'], pageRows));
summary.repaint = worstPage;

// The same moves on a screen tall enough to show the charts beside the
// sliders: every chart is then drawn within the move.
const TALL = { width: 1280, height: 2400 };
await page.setViewportSize(TALL);
const tallRows = [];
for (const topic of topics) {
  const r = await slide(`?topic=${topic}`, topic, { onScreen: true });
  const onScreen = await page.$$eval('[data-chart][data-on-screen="true"]', (e) => e.length);
  tallRows.push([topic, `${onScreen} of ${r.atRest.charts.length}`, ms(quantile(r.ts, 0.5)), ms(quantile(r.ts, 0.95))]);
  summary.tall = Math.max(summary.tall ?? 0, quantile(r.ts, 0.95));
}
await page.setViewportSize({ width: 1280, height: 900 });
console.log(`\nwith the charts on screen too (${TALL.width}×${TALL.height}, each page's first story):\n`);
console.log(table(['page', 'charts on screen', 'p50', 'p95'], tallRows));

/** Stories of `topic` that have a fix (the page's fix button shows on them). */
async function fixableStories(topic, stories) {
  const out = new Set();
  for (const story of stories) {
    await gotoTopic(page, server.origin, `?topic=${topic}&preset=${story}`);
    if (await page.$('#apply-fix:not([hidden])')) out.add(story);
  }
  return out;
}

// ---- scenes -----------------------------------------------------------------
console.log(`\n## Scene frame time (advance + draw + paint per animation frame, last ${Math.min(FRAMES, 240)} of ${FRAMES} frames); load average ${load()}\n`);
const sceneRows = [];
let worstFrame = 0;
// Beside every page's first story, the heaviest scenes (100,000 families on
// a ring); more as page queries: SCENE_QUERIES='?topic=x&preset=y ?topic=z'.
const heavy = (process.env.SCENE_QUERIES ?? '?topic=consistent-hashing&preset=ring-plus-one').split(/\s+/).filter(Boolean);
for (const query of [...topics.map((t) => `?topic=${t}`), ...heavy]) {
  for (const fastest of [false, true]) {
    await gotoTopic(page, server.origin, query);
    if (!(await page.$('section.scene'))) break;
    if (fastest) {
      await page.$eval('#scene-speed', (s) => {
        s.selectedIndex = s.options.length - 1;
        s.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }
    const speed = await page.$eval('#scene-speed', (s) => s.options[s.selectedIndex].text);
    await page.waitForSelector('section.scene[data-scene-state="playing"]');
    const r = await page.evaluate(async (n) => {
      let most = 0;
      for (let i = 0; i < n; i++) {
        await new Promise((res) => requestAnimationFrame(res));
        most = Math.max(most, Number((document.querySelector('section.scene').dataset.sceneLoad || '0 0 0').split(' ')[1]));
      }
      // The figures refresh a few times a second: wait for the next.
      const before = document.querySelector('section.scene').dataset.sceneFrames;
      while (document.querySelector('section.scene').dataset.sceneFrames === before) {
        await new Promise((res) => requestAnimationFrame(res));
      }
      const d = document.querySelector('section.scene').dataset;
      return { ms: d.sceneFrameMs, allocs: d.sceneAllocs, most };
    }, FRAMES);
    const [p50, p95, max] = r.ms.split(' ').map(Number);
    const [allocs, frames] = r.allocs.split(' ');
    worstFrame = Math.max(worstFrame, p95);
    sceneRows.push([query.slice(7), speed, ms(p50), ms(p95), ms(max, 1), String(r.most), `${allocs} in ${frames}`]);
  }
}
// Thousands of requests in flight: the gateway's launch day (free demand far
// over the shared pool, no shedding) at real time, once the queue holds LOADED.
const loaded = '?topic=tiers-and-rate-limits&preset=launch-day';
await gotoTopic(page, server.origin, loaded);
if (await page.$('section.scene [data-counter="waiting"]')) {
  await page.$eval('#scene-speed', (s) => {
    s.selectedIndex = [...s.options].findIndex((o) => o.text.startsWith('×1 '));
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const waiting = () => page.$eval('section.scene [data-counter="waiting"] dd', (d) => Number(d.textContent.replace(/[^0-9.]/g, '')));
  await page.waitForFunction((n) => Number(document.querySelector('section.scene [data-counter="waiting"] dd')
    .textContent.replace(/[^0-9.]/g, '')) >= n, LOADED, { timeout: 120000 });
  const w0 = await waiting();
  const f0 = Number(await page.getAttribute('section.scene', 'data-scene-frames'));
  await page.waitForFunction((f) => Number(document.querySelector('section.scene').dataset.sceneFrames) >= f + 240, f0, { timeout: 120000 });
  const d = await page.$eval('section.scene', (e) => ({ ...e.dataset }));
  const [p50, p95, max] = d.sceneFrameMs.split(' ').map(Number);
  const [allocs, frames] = d.sceneAllocs.split(' ');
  summary.loaded = p95;
  sceneRows.push([`${loaded.slice(7)} (${w0.toLocaleString('en')}+ waiting)`, '×1', ms(p50), ms(p95), ms(max, 1), String(await waiting()), `${allocs} in ${frames}`]);
}
console.log(table(['page', 'speed', 'p50', 'p95', 'max', 'requests drawn (most)', 'allocations'], sceneRows));
summary.frame = Math.max(worstFrame, summary.loaded ?? 0);

// ---- the model in wasm and natively ----------------------------------------------
// On the home page: the whole app holds every topic (a topic page, its own).
await gotoTopic(page, server.origin, '?view=home');
const wasmBench = await page.evaluate((quick) => window.wasmBindings.fleetlabBench(quick), QUICK);
const nativePath = process.env.NATIVE || path.join(ROOT, 'target', 'release', 'fleetlab');
let native = null;
if (fs.existsSync(nativePath)) {
  native = JSON.parse(execFileSync(nativePath, ['bench', '--json', ...(QUICK ? ['--quick'] : [])], { maxBuffer: 64 << 20 }).toString());
} else {
  console.log(`\n(no native binary at ${nativePath}: build it with cargo build --release --bin fleetlab for the native column)`);
}
const key = (r) => `${r.topic} ${r.preset}${r.fix ? ' + fix' : ''}`;
const nativeRun = new Map((native?.runs || []).map((r) => [key(r), r]));
console.log(`\n## run() per story in wasm and natively (cold: the first run; warm: repeats, cached parts reused); load average ${load()}\n`);
console.log(table(['story', 'wasm cold', 'wasm warm', 'native cold', 'native warm'], wasmBench.runs.map((r) => {
  const n = nativeRun.get(key(r));
  return [key(r), ms(r.cold_ms, 3), ms(r.ms, 3), ms(n?.cold_ms, 3), ms(n?.ms, 3)];
})));
const nativeEngine = new Map((native?.engines || []).map((e) => [e.topic, e]));
const ratios = [];
console.log('\n## Engines, items per second\n');
console.log(table(['engine', 'wasm', 'native', 'native ÷ wasm'], wasmBench.engines.map((e) => {
  const n = nativeEngine.get(e.topic);
  const ratio = n ? n.items_per_s / e.items_per_s : undefined;
  if (ratio) ratios.push(ratio);
  if (e.topic === 'tiers-and-rate-limits') summary.tiers = e.items_per_s / 1e6;
  const m = (x) => (x ? `${(x / 1e6).toFixed(1)} M ${e.unit}/s` : '–');
  return [`${e.topic}: ${e.name}`, m(e.items_per_s), m(n?.items_per_s), ratio ? `${ratio.toFixed(2)}×` : '–'];
})));

await browser.close();
await server.close();

// ---- Lighthouse, mobile ------------------------------------------------------
/** dist/ served as a host serves precompressed files: NAME.br when the browser takes brotli. */
function serveCompressed(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  const srv = http.createServer((req, res) => {
    let file = path.normalize(path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    const br = /\bbr\b/.test(req.headers['accept-encoding'] || '') && fs.existsSync(`${file}.br`);
    fs.readFile(br ? `${file}.br` : file, (err, body) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', ...(br ? { 'content-encoding': 'br' } : {}) });
      res.end(body);
    });
  });
  return new Promise((ok) => srv.listen(0, '127.0.0.1', () => ok({
    origin: `http://127.0.0.1:${srv.address().port}`, close: () => new Promise((r) => srv.close(r)),
  })));
}
const execFileAsync = promisify(execFile);
const LIGHTHOUSE = path.join(ROOT, 'node_modules', '.bin', 'lighthouse');
const lhRows = [];
if (fs.existsSync(LIGHTHOUSE)) {
  console.log(`\n## Lighthouse, mobile profile (simulated slow 4G, 4× CPU slowdown), served precompressed; load average ${load()}\n`);
  const host = await serveCompressed(DIST);
  // Lighthouse's own Chromium now and then loses its page ("Target
  // closed"): a page gets three tries, then its row says why.
  const lighthouse = async (url, extra) => {
    let why = '';
    for (let i = 0; i < 3; i++) {
      try {
        // Asynchronous: this process also serves the pages Lighthouse loads.
        const { stdout: out } = await execFileAsync(LIGHTHOUSE, [url, '--only-categories=performance', ...extra,
          '--output=json', '--quiet', '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run'],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' }, maxBuffer: 256 << 20, timeout: 180000 });
        return { r: JSON.parse(out.toString()) };
      } catch (e) {
        why = String(e.stderr || e.message).split('\n')[0].slice(0, 120);
      }
    }
    return { why };
  };
  for (const query of ['', ...topics.map((t) => `?topic=${t}`)]) {
    const { r, why } = await lighthouse(`${host.origin}/index.html${query}`, []);
    if (!r) {
      lhRows.push([query || '(home)', `failed three times: ${why}`, '', '', '', '', '', '']);
      summary.lhFailed = (summary.lhFailed ?? 0) + 1;
      continue;
    }
    const a = (id) => r.audits[id]?.numericValue;
    const score = Math.round(r.categories.performance.score * 100);
    const lcp = a('largest-contentful-paint');
    summary.lhScore = Math.min(summary.lhScore ?? 100, score);
    summary.lcp = Math.max(summary.lcp ?? 0, lcp);
    // The same profile applied as the page loads (the network and CPU slowed
    // for real, not simulated from an unthrottled load): what a phone on slow
    // 4G sees. The simulation counts every fetch begun before the largest
    // paint as one it waited for; applied, a paint waits only for what it does.
    const applied = (await lighthouse(`${host.origin}/index.html${query}`, ['--throttling-method=devtools'])).r;
    const appliedLcp = applied?.audits['largest-contentful-paint']?.numericValue;
    if (appliedLcp === undefined) summary.lhFailed = (summary.lhFailed ?? 0) + 1;
    else summary.lcpApplied = Math.max(summary.lcpApplied ?? 0, appliedLcp);
    lhRows.push([query || '(home)', String(score), ms(a('first-contentful-paint'), 0), ms(lcp, 0),
      ms(a('total-blocking-time'), 0), ms(a('speed-index'), 0), kb(a('total-byte-weight')),
      appliedLcp === undefined ? 'failed' : ms(appliedLcp, 0)]);
  }
  await host.close();
  console.log(table(['page', 'performance', 'first contentful paint', 'largest contentful paint', 'total blocking time', 'speed index', 'transferred', 'largest contentful paint, applied throttling'], lhRows));
} else {
  console.log(`\n(no Lighthouse at ${LIGHTHOUSE}: npm ci installs it)`);
}

// ---- every budget beside its measured value -----------------------------------
const ok = (pass) => (pass ? 'yes' : '**no**');
console.log(`\n## Budgets (load average at the end ${load()})\n`);
const x = (r) => `${r.toFixed(2)}×`;
const paintTo = (v) => `${ms(v, 0)} (${x(v / summary.floor)} the floor)`;
console.log(table(['budget', 'target', 'measured', 'met'], [
  ['a topic page: fetched before its first paint, brotli (worst topic page; best)', `≤ ${BUDGET.page_kb} KB`,
    `${kb(summary.beforePaint)}; ${kb(summary.beforePaintMin)}`, ok(summary.beforePaint <= BUDGET.page_kb * 1024)],
  ['whole app (every other page), gzip -9', 'printed', kb(total.gz), ''],
  ['the floor: a static page with the stylesheet and one canvas (median)', 'printed', ms(summary.floor, 0), ''],
  ['first chart or scene painted: the median page (each page\'s median)', `≤ ${BUDGET.paint_floor}× the floor`,
    paintTo(summary.paintPages.median), ok(summary.paintPages.median <= BUDGET.paint_floor * summary.floor)],
  ['first chart or scene painted: the slowest page', `≤ ${BUDGET.paint_floor_max}× the floor`,
    paintTo(summary.paintPages.slowest), ok(summary.paintPages.slowest <= BUDGET.paint_floor_max * summary.floor)],
  ['Lighthouse mobile performance (worst of home and topic pages)', '≥ 95',
    `${summary.lhScore ?? '–'}${summary.lhFailed ? ` (${summary.lhFailed} pages unmeasured)` : ''}`, ok(summary.lhScore >= 95 && !summary.lhFailed)],
  ['Lighthouse mobile largest contentful paint (worst page)', '≤ 2.5 s', ms(summary.lcp, 0), ok(summary.lcp <= 2500)],
  ['the same, the profile applied as the page loads (worst page)', '≤ 2.5 s', ms(summary.lcpApplied, 0), ok(summary.lcpApplied <= 2500)],
  ['layout shift while loading (worst page)', `≤ ${BUDGET.shift}`, summary.shift.toFixed(4), ok(summary.shift <= BUDGET.shift)],
  ['slider input → repaint p95 (worst single story ± fix)', `≤ ${BUDGET.repaint_ms} ms`, `${ms(summary.story.p95)} (${summary.story.name})`, ok(summary.story.p95 <= BUDGET.repaint_ms)],
  ['slider input → repaint p95, every chart on screen (worst page)', `≤ ${BUDGET.tall_ms} ms`, ms(summary.tall), ok(summary.tall <= BUDGET.tall_ms)],
  ['the scene\'s first frame after a move, p95 (worst page)', `≤ ${BUDGET.scene_move_ms} ms`, ms(summary.sceneMove), ok(summary.sceneMove <= BUDGET.scene_move_ms)],
  ['scene frame p95 (worst page and speed; 2,000+ requests in flight)', `≤ ${BUDGET.frame_ms} ms`, ms(summary.frame), ok(summary.frame <= BUDGET.frame_ms)],
  ['tiers simulation in wasm', `≥ ${BUDGET.tiers_mps} M arrivals/s`, summary.tiers ? `${summary.tiers.toFixed(1)} M/s` : '–', ok(summary.tiers >= BUDGET.tiers_mps)],
  ['engines, native ÷ wasm (range)', `≤ ${x(BUDGET.engine_ratio)}`, ratios.length ? `${x(Math.min(...ratios))} – ${x(Math.max(...ratios))}` : '–', ok(ratios.length && Math.max(...ratios) <= BUDGET.engine_ratio)],
]));
