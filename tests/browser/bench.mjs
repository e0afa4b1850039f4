// The benchmark (not a test: it prints figures and never fails on speed).
//   node tests/browser/bench.mjs        (scripts/bench.sh builds first)
// Prints: slider-input-to-repaint latency p50/p95 over 200 moves per topic in
// headless Chromium; the built app's gzipped size (HTML + JS + wasm + CSS);
// the release wasm size; the scene's frame time (advance + draw + paint per
// animation frame, p50/p95/max) at its default speed and at its fastest, with
// the marks (requests) on screen and the allocations its frames made; the
// model's run() times and engine throughput in wasm (compare with
// `fleetlab bench` natively).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch, openPage, gotoTopic, builtTopics, DIST } from './support.mjs';

const MOVES = Number(process.env.MOVES || 200);
// The slider each topic is timed on (its headline lever); others: the first range.
const SLIDER = {
  'consistent-hashing': 'cards_after',
  'load-balancing': 'cards',
  autoscaling: 'peak',
  'warm-pool': 'warm',
  'cache-aware-routing': 'cards',
  'buying-the-fleet': 'demand_t',
  'fleet-efficiency': 'demand',
  'tiers-and-rate-limits': 'paid_rps',
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** What a visitor of the hosted app downloads: index.html, the loader, the JS glue, the wasm, the CSS. */
const hosted = (f) => f === 'index.html' || (/\.(js|wasm|css)$/.test(f) && !f.endsWith('.offline.js') && !f.startsWith('course.'));

function sizes(pick) {
  const rows = [];
  let raw = 0;
  let gz = 0;
  for (const f of fs.readdirSync(DIST)) {
    if (!pick(f)) continue;
    const body = fs.readFileSync(path.join(DIST, f));
    const z = zlib.gzipSync(body, { level: 9 }).length;
    rows.push([f, body.length, z]);
    raw += body.length;
    gz += z;
  }
  return { rows, raw, gz };
}

const s = sizes(hosted);
console.log('\nbundle (dist/)');
for (const [f, r, z] of s.rows) console.log(`  ${f.padEnd(44)} ${kb(r).padStart(10)} raw ${kb(z).padStart(10)} gzip -9`);
console.log(`  ${'whole app'.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gz).padStart(10)} gzip -9   (target ≤ 250 KB)`);
const wasm = s.rows.find(([f]) => f.endsWith('.wasm'));
console.log(`  release wasm: ${wasm[1].toLocaleString('en')} B raw, ${wasm[2].toLocaleString('en')} B gzip -9`);
// Read from disk only (file://), or a sample page: not part of what a visitor downloads.
for (const [f, r, z] of sizes((f) => !hosted(f)).rows) {
  const what = f.endsWith('.offline.js') ? 'file:// only (wasm inlined)' : 'sample page';
  console.log(`  ${f.padEnd(44)} ${kb(r).padStart(10)} raw ${kb(z).padStart(10)} gzip -9   (${what})`);
}

const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.origin);
await gotoTopic(page, server.origin, '');
const topics = await builtTopics(page);

console.log(`\nslider input → repaint, ${MOVES} moves (synchronous work: model + DOM + canvas drawing), target p95 ≤ 4 ms`);
for (const topic of topics) {
  await gotoTopic(page, server.origin, `?topic=${topic}`);
  const name = SLIDER[topic];
  const id = (await page.$(`#p-${name}[type=range]`)) ? `#p-${name}` : await page.$eval('input[type=range]', (e) => `#${e.id}`);
  const r = await page.evaluate(async ({ id, moves }) => {
    const el = document.querySelector(id);
    const lo = Number(el.min);
    const hi = Number(el.max);
    const ts = [];
    const splits = [];
    for (let i = 0; i < moves; i++) {
      // Sweep back and forth across the middle of the track, as a hand would.
      const u = 0.25 + 0.5 * Math.abs(((i * 2) % 100) / 50 - 1);
      el.value = String(lo + (hi - lo) * u);
      const t0 = performance.now();
      el.dispatchEvent(new Event('input', { bubbles: true }));
      ts.push(performance.now() - t0);
      splits.push(document.body.dataset.renderSplit);
      await new Promise((res) => requestAnimationFrame(res));
    }
    ts.sort((a, b) => a - b);
    const q = (p) => ts[Math.min(ts.length - 1, Math.floor(p * ts.length))];
    const charts = [...document.querySelectorAll('[data-chart] canvas')]
      .map((c) => `${c.closest('[data-chart]').dataset.chart} ${c.dataset.paintMs}`).join(', ');
    return { p50: q(0.5), p95: q(0.95), max: ts[ts.length - 1], split: `${splits[splits.length - 1]}; ${charts}` };
  }, { id, moves: MOVES });
  console.log(`  ${topic.padEnd(24)} ${id.padEnd(20)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms   (last: ${r.split})`);
}

const FRAMES = Number(process.env.SCENE_FRAMES || 300);
// More scenes to time, as page queries (`SCENE_QUERIES='?topic=x&demand=9 ?topic=y'`).
const extra = (process.env.SCENE_QUERIES || '').split(/\s+/).filter(Boolean);
console.log(`\nscene: advance + draw + paint per animation frame over the last ${Math.min(FRAMES, 240)} frames (of ${FRAMES}); marks = requests drawn; allocs = allocations in those frames; built = a rebuild from the page's values (on the frame after a slider moves)`);
for (const query of [...topics.map((t) => `?topic=${t}`), ...extra]) {
  for (const fastest of [false, true]) {
    await gotoTopic(page, server.origin, query);
    if (!(await page.$('section.scene'))) {
      console.log(`  ${query.padEnd(40)} no scene`);
      break;
    }
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
      return { ms: d.sceneFrameMs, allocs: d.sceneAllocs, load: d.sceneLoad, time: d.sceneTime, build: d.sceneBuildMs, most };
    }, FRAMES);
    const [p50, p95, max] = r.ms.split(' ').map(Number);
    const [allocs, frames] = r.allocs.split(' ');
    const [shapes, marks, batches] = r.load.split(' ');
    console.log(`  ${query.padEnd(40)} ${speed.padEnd(16)} p50 ${p50.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms   marks ${marks.padStart(5)} (most ${String(r.most).padStart(5)}), shapes ${shapes.padStart(5)} in ${batches.padStart(4)} batches, ${allocs} allocs in ${frames} frames, t = ${Number(r.time).toFixed(0)} s, built in ${r.build} ms`);
  }
}

// Thousands of requests in flight: the gateway's launch day (free demand
// far over the shared pool, no shedding) at real time, timed once the queue
// holds LOADED requests, over the next 240 frames.
const LOADED = Number(process.env.SCENE_LOADED || 2000);
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
  const [shapes, marks, batches] = d.sceneLoad.split(' ');
  console.log(`  ${(loaded + ' ×1').padEnd(57)} p50 ${p50.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms   ${w0.toLocaleString('en')} → ${(await waiting()).toLocaleString('en')} requests waiting (drawn as queues: marks ${marks}, shapes ${shapes} in ${batches} batches), ${allocs} allocs in ${frames} frames`);
}

const b = await page.evaluate(() => window.wasmBindings.fleetlabBench(false));
console.log('\nwasm: run() per story (± its fix), cold then mean warm ms');
for (const r of b.runs) console.log(`  ${r.topic.padEnd(24)} ${(r.preset + (r.fix ? ' + fix' : '')).padEnd(32)} cold ${r.cold_ms.toFixed(3).padStart(9)} ms   warm ${r.ms.toFixed(3).padStart(9)} ms`);
console.log('wasm: engines, items per second');
for (const e of b.engines) console.log(`  ${e.topic.padEnd(24)} ${Math.round(e.items_per_s).toLocaleString('en').padStart(14)} ${e.unit}/s  (${e.name})`);

await browser.close();
await server.close();
