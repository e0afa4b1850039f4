// The charts' text as the browser draws it: every canvas publishes the text
// boxes its layout placed (`data-labels`, CSS px, from the model's width
// estimate); here the canvas's own `measureText` measures each string in the
// chart font, and the real text must fit its box, stay on the canvas and
// clear every other text; no chart is a black box. Every chart of every topic, on every story ± fix,
// at 1366×900 and 360×740; a screenshot of each chart's default state goes
// to artifacts/screenshots/charts-<width>-<topic>-<chart>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, gotoTopic, presetsWithFix, darkShares, SHOTS } from './support.mjs';
import fs from 'node:fs';
import path from 'node:path';

let server;
let browser;
const withFix = presetsWithFix();
const topics = Object.keys(withFix);

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every chart on the page: its boxes, the real width of each string, its
 * canvas size, and its share in near-black (darkShares).
 */
async function measureCharts(page) {
  const dark = await darkShares(page);
  const charts = await page.$$eval('[data-chart] canvas', (canvases) => {
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = '12px system-ui, sans-serif';
    return canvases.map((c) => ({
      id: c.closest('[data-chart]').dataset.chart,
      width: c.clientWidth,
      height: c.clientHeight,
      boxes: (c.dataset.labels || '').split('\n').filter(Boolean).map((line) => {
        const [x, y, w, h, align, swatch, ...words] = line.split(' ');
        const text = words.join(' ');
        return {
          text, x: +x, y: +y, w: +w, h: +h, align, swatch: swatch === '1',
          real: ctx.measureText(text).width,
        };
      }),
    }));
  });
  return charts.map((c) => ({ ...c, dark: dark[c.id] }));
}

/** The box the real text covers: its measured width, anchored as the painter anchors it. */
function inked(b) {
  const lead = b.swatch ? 18 : 0;
  const textW = b.real + lead;
  const x = b.align === 'left' ? b.x : b.align === 'right' ? b.x + b.w - b.real : b.x + (b.w - b.real) / 2;
  return { x, y: b.y, w: textW, h: b.h };
}

const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Asserts the charts on show; returns [boxes checked, widest real ÷ estimate]. */
function checkCharts(charts, where) {
  let n = 0;
  let worst = 0;
  for (const c of charts) {
    assert.ok(c.boxes.length > 0, `${where} / ${c.id}: no text boxes published`);
    assert.ok(c.dark < 0.5, `${where} / ${c.id}: ${(100 * c.dark).toFixed(0)} % of the chart is black`);
    const ink = c.boxes.map(inked);
    c.boxes.forEach((b, i) => {
      const room = b.w - (b.swatch ? 18 : 0);
      worst = Math.max(worst, b.real / room);
      assert.ok(b.real <= room + 1e-6,
        `${where} / ${c.id}: "${b.text}" measures ${b.real.toFixed(1)} px, estimated ${room}`);
      const r = ink[i];
      assert.ok(r.x >= -0.5 && r.y >= -0.5 && r.x + r.w <= c.width + 0.5 && r.y + r.h <= c.height + 0.5,
        `${where} / ${c.id}: "${b.text}" leaves the ${c.width}×${c.height} canvas`);
      for (let j = i + 1; j < ink.length; j++) {
        assert.ok(!overlap(r, ink[j]), `${where} / ${c.id}: "${b.text}" overlaps "${c.boxes[j].text}"`);
      }
      n += 1;
    });
  }
  return [n, worst];
}

for (const [width, height] of [[1366, 900], [360, 740]]) {
  test(`chart text fits its boxes and clears the rest at ${width}×${height}`, async () => {
    const page = await openPage(browser, server.origin, { width, height });
    let boxes = 0;
    let worst = 0;
    const sizes = new Set();
    for (const topic of topics) {
      await gotoTopic(page, server.origin, `?topic=${topic}`);
      const charts = await measureCharts(page);
      for (const c of charts) sizes.add(`${c.width}×${c.height}`);
      for (const el of await page.$$('[data-chart]')) {
        const id = await el.getAttribute('data-chart');
        await el.scrollIntoViewIfNeeded();
        fs.mkdirSync(SHOTS, { recursive: true });
        await el.screenshot({ path: path.join(SHOTS, `charts-${width}-${topic}-${id}.png`) });
      }
      const presets = await page.$$eval('[data-preset]', (els) => els.map((e) => e.dataset.preset));
      const states = [['default', charts]];
      for (const preset of presets) {
        await page.click(`[data-preset="${preset}"]`);
        assert.equal(await page.getAttribute(`[data-preset="${preset}"]`, 'aria-pressed'), 'true');
        states.push([preset, await measureCharts(page)]);
        if (withFix[topic].has(preset)) {
          await page.click('#apply-fix');
          assert.equal(await page.getAttribute('#apply-fix', 'aria-pressed'), 'true');
          states.push([`${preset} + fix`, await measureCharts(page)]);
        }
      }
      for (const [state, cs] of states) {
        const [n, w] = checkCharts(cs, `${topic} / ${state} at ${width}`);
        boxes += n;
        worst = Math.max(worst, w);
      }
    }
    console.log(`${width}×${height}: ${boxes} text boxes on canvases of ${[...sizes].join(', ')};`
      + ` widest real text ${(100 * worst).toFixed(1)} % of its estimate`);
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  });
}
