// The rooms a page is used in, in headless Chromium: a screen reader (every
// slider says its value with its unit; the figures are heard once they
// settle, in one live region), a dark system theme, the theme menu and a
// link's theme, a projector, forced colours, print (a handout whose charts
// fit the page) and a phone (no clipped option, no target under 24 px).
// Screenshots of one topic in each room go to artifacts/screenshots/room-*.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  appUnderTest, gotoTopic, closeClean, screenshot, chartsDrawn, ROOT, SHOTS,
} from './support.mjs';

const app = appUnderTest();
const AXE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
/** The topic the screenshots show: a simulator with charts and a scene. */
const SHOWN = 'tiers-and-rate-limits';

/** A fresh page in a context with `options` (colour scheme, size…), `query` loaded. */
async function room(query, options = {}, media = null) {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const issues = [];
  page.on('console', (m) => { if (m.type() === 'error') issues.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => issues.push(`page error: ${e.message}`));
  page.problems = () => issues.slice();
  if (media) await page.emulateMedia(media);
  await gotoTopic(page, app.origin, query);
  return page;
}

/** Relative luminance of a CSS `rgb(…)` colour. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A chart canvas's corner pixel, as `rgb(…)`, once the charts are drawn. */
async function chartCorner(page) {
  await chartsDrawn(page);
  return page.$eval('[data-chart] canvas', (c) => {
    const [r, g, b] = c.getContext('2d').getImageData(2, 2, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  });
}

/** axe's colour-contrast rule over the page: its failures as lines. */
async function contrastFailures(page) {
  await page.evaluate(AXE);
  const r = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'],
  }));
  return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message}`));
}

async function shot(page, name) {
  await screenshot(page, `room-${name}`);
  assert.ok(fs.existsSync(path.join(SHOTS, `room-${name}.png`)));
}

test('every slider says its value as shown, with its unit, and again after it moves', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await room(`?topic=${topic}`);
      await page.$$eval('details.more-params', (ds) => ds.forEach((d) => { d.open = true; }));
      const read = () => page.$$eval('input[type=range]', (rs) => rs.map((r) => {
        const c = r.closest('.control');
        return {
          id: r.id,
          label: c.querySelector('label').textContent,
          text: r.getAttribute('aria-valuetext'),
          shown: c.querySelector('output').textContent,
        };
      }));
      const sliders = await read();
      assert.ok(sliders.length > 0);
      for (const s of sliders) {
        assert.equal(s.text, s.shown, `${s.id}: aria-valuetext is the value shown`);
        // A unitless value is a seed; everything else names its unit.
        if (!/seed/i.test(s.label)) assert.match(s.text, /[^\d.,\s−-]/, `${s.id}: "${s.text}" names its unit`);
      }
      const free = sliders.find((s) => !/locked/.test(s.label));
      await page.focus(`#${free.id}`);
      await page.keyboard.press('End');
      const moved = (await read()).find((s) => s.id === free.id);
      assert.equal(moved.text, moved.shown);
      assert.notEqual(moved.text, free.text, `${free.id} moved`);
      await closeClean(page);
    });
  }
});

test('the figures are heard once they settle, in one live region', async () => {
  const page = await room(`?topic=${SHOWN}`);
  assert.equal(await page.$$eval('#checks[aria-live], .story[aria-live]', (e) => e.length), 0, 'checks and story are not live regions of their own');
  const slider = await page.$('input[type=range]:not(:disabled)');
  await slider.focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  // Read as it is said: the scene's summary shares the region and may follow.
  const said = await (await page.waitForFunction(() => {
    const t = document.querySelector('#say')?.textContent;
    return t?.includes('Checks:') && t;
  })).jsonValue();
  const key = await page.$$eval('#figures [data-figure] dd', (dds) => dds.map((d) => d.textContent));
  assert.ok(key.every((v) => said.includes(v)), `${said} names the key figures ${key}`);
  assert.equal(await page.getAttribute('#say', 'aria-live'), 'polite');
  // A story is named once, with the figures it sets.
  await page.click('[data-preset]');
  await page.waitForFunction(() => /^Story: /.test(document.querySelector('#say')?.textContent));
  await closeClean(page);
});

test('with a dark system theme the page is dark and its text keeps 4.5:1', async () => {
  const page = await room(`?topic=${SHOWN}`, { colorScheme: 'dark' });
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  const bg = await page.$eval('body', (b) => getComputedStyle(b.parentElement).backgroundColor);
  assert.ok(luminance(bg) < 0.05, `page background ${bg} is dark`);
  assert.ok(luminance(await chartCorner(page)) < 0.05, 'the charts are drawn dark too');
  await shot(page, 'dark');
  await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
  await page.waitForSelector('[data-chart] details[open] table');
  assert.deepEqual(await contrastFailures(page), []);
  await closeClean(page);
});

test('the theme menu switches the page and is remembered; a link\'s theme wins', async () => {
  const page = await room(`?topic=${SHOWN}`);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.ok(luminance(await chartCorner(page)) > 0.9);
  await page.selectOption('.site-foot select[data-theme-pick]', 'dark');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  // The canvases are drawn again in the dark inks.
  await page.waitForFunction(() => {
    const [r] = document.querySelector('[data-chart] canvas').getContext('2d').getImageData(2, 2, 1, 1).data;
    return r < 60;
  });
  assert.equal(await page.inputValue('.site select[data-theme-pick]'), 'dark', 'both menus agree');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'the choice is kept');
  await gotoTopic(page, app.origin, `?topic=${SHOWN}&embed=1&theme=projector`);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'projector');
  const link = await page.waitForFunction(() => document.body.dataset.addressSettled === location.search && location.search);
  assert.match(await link.jsonValue(), /theme=projector/, 'the address keeps the link\'s theme');
  await closeClean(page);
});

test('screenshots of one topic: light, projector, forced colours, phone', async () => {
  const light = await room(`?topic=${SHOWN}`);
  await shot(light, 'light');
  await closeClean(light);

  const projector = await room(`?topic=${SHOWN}&theme=projector`);
  const size = (p) => p.$eval('.controls label', (l) => parseFloat(getComputedStyle(l).fontSize));
  const base = await room(`?topic=${SHOWN}`);
  assert.ok((await size(projector)) >= 1.2 * (await size(base)), 'projector text is larger');
  await shot(projector, 'projector');
  await closeClean(projector, base);

  const forced = await room(`?topic=${SHOWN}`, {}, { forcedColors: 'active' });
  const corner = await chartCorner(forced);
  const canvasColour = await forced.$eval('body', (b) => {
    const p = document.createElement('i');
    p.style.forcedColorAdjust = 'none';
    p.style.color = 'Canvas';
    b.append(p);
    const c = getComputedStyle(p).color;
    p.remove();
    return c;
  });
  assert.equal(corner, canvasColour, 'the charts are drawn on the system\'s Canvas colour');
  await shot(forced, 'forced-colours');
  await closeClean(forced);
});

test('at 360 px no option is clipped, nothing scrolls sideways, every target is 24 px or more', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await room(`?topic=${topic}`, { viewport: { width: 360, height: 740 } });
      if (topic === SHOWN) await shot(page, 'phone');
      await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
      const found = await page.evaluate(() => {
        const out = [];
        const visible = (e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        };
        for (const s of document.querySelectorAll('select')) {
          if (!visible(s)) continue;
          const text = s.options[s.selectedIndex]?.text ?? '';
          if (s.scrollWidth > s.clientWidth + 1) out.push(`select #${s.id} clips "${text}"`);
          if (getComputedStyle(s).appearance !== 'base-select') {
            const c = document.createElement('canvas').getContext('2d');
            c.font = getComputedStyle(s).font;
            if (c.measureText(text).width + 28 > s.clientWidth) out.push(`select #${s.id} clips "${text}"`);
          }
        }
        // Links inside a sentence are exempt (WCAG 2.5.8); every other target counts.
        const targets = 'button, input, select, summary, textarea, [tabindex="0"], a[href]:not(p a):not(li > a.term)';
        for (const e of document.querySelectorAll(targets)) {
          if (!visible(e) || e.closest('.sr-only, .vh')) continue;
          const r = e.getBoundingClientRect();
          if (r.height < 24 || r.width < 24) out.push(`${e.tagName.toLowerCase()} ${e.id || e.className || e.textContent.trim().slice(0, 30)}: ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
        if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        return out;
      });
      assert.deepEqual(found, []);
      await closeClean(page);
    });
  }
});

test('printed, a topic is a handout: story, key figures, checks and charts that fit the page', async () => {
  // A4 less 14 mm margins, at 96 px an inch.
  const page = await room(`?topic=${SHOWN}&preset=incident`, { viewport: { width: 688, height: 1016 } }, { media: 'print' });
  const seen = await page.evaluate(() => {
    const shown = (sel) => [...document.querySelectorAll(sel)].some((e) => e.getClientRects().length > 0);
    return {
      story: shown('.story p'), figures: shown('#figures [data-figure]'), checks: shown('#checks .check'),
      charts: shown('[data-chart] canvas'),
      controls: shown('.controls'), scene: shown('.scene-slot'), practice: shown('#practice'), menu: shown('.site'),
    };
  });
  assert.deepEqual(seen, {
    story: true, figures: true, checks: true, charts: true, controls: false, scene: false, practice: false, menu: false,
  });
  const boxes = await page.$$eval('[data-chart] canvas', (cs) => cs.map((c) => c.getBoundingClientRect().toJSON()));
  for (const b of boxes) {
    assert.ok(b.width > 200 && b.width <= 688.5, `a chart ${b.width} px wide fits the page's 688`);
    assert.ok(b.height > 100 && b.height <= 1016, `a chart ${b.height} px tall fits the page's 1016`);
    assert.ok(b.x >= 0 && b.x + b.width <= 688.5);
  }
  const pdf = await page.pdf({ format: 'A4', margin: { top: '14mm', bottom: '14mm', left: '14mm', right: '14mm' } });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(path.join(SHOTS, 'room-handout.pdf'), pdf);
  await page.screenshot({ path: path.join(SHOTS, 'room-print.png'), fullPage: true });
  await closeClean(page);
});
