// The scene on every topic page, in headless Chromium: a canvas named after
// its topic that moves while playing and stops when paused; with reduced
// motion it waits for the learner; side by side runs two settings on the same
// arrivals and is part of the address; hide=scene hides it; locks hold; it
// pauses off screen and in a hidden tab. Screenshots of every topic's scene
// (1366×900 and 360×740) and of a comparison go to artifacts/screenshots/.
// Waits on the states the scene exposes (`data-scene-state`,
// `data-scene-time`) and on animation frames, never on time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  serve, launch, openPage, gotoTopic, builtTopics, addressWhenSettled, SHOTS,
} from './support.mjs';

let server;
let browser;
let topics = [];

before(async () => {
  server = await serve();
  browser = await launch();
  const page = await openPage(browser, server.origin, { motion: true });
  await gotoTopic(page, server.origin, '');
  topics = await builtTopics(page);
  // SCENE_ONLY=a,b: only these topics (while a scene is being written).
  const only = process.env.SCENE_ONLY?.split(',');
  if (only) topics = topics.filter((t) => only.includes(t));
  await page.context().close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves after `n` animation frames of the page. */
function frames(page, n) {
  return page.evaluate((n) => new Promise((done) => {
    let k = 0;
    const f = () => (++k >= n ? done() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
}

/** The scene's simulated time (its section, or one canvas). */
async function sceneTime(page, sel = 'section.scene') {
  return Number(await page.getAttribute(sel, 'data-scene-time'));
}

/** Waits until the scene's time passes `t`. */
function timePasses(page, t, sel = 'section.scene') {
  return page.waitForFunction(({ t, sel }) =>
    Number(document.querySelector(sel)?.dataset.sceneTime) > t, { t, sel });
}

function waitState(page, word) {
  return page.waitForSelector(`section.scene[data-scene-state="${word}"]`);
}

/** Every scene canvas as a data URL. */
function pixels(page) {
  return page.$$eval('canvas[data-scene]', (cs) => cs.map((c) => c.toDataURL()));
}

async function shot(element, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await element.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('every topic page has a scene that plays, pauses and reads at desktop and phone sizes', async (t) => {
  for (const topic of topics) {
    await t.test(topic, async () => {
      const page = await openPage(browser, server.origin, { width: 1366, height: 900, motion: true });
      await gotoTopic(page, server.origin, `?topic=${topic}`);
      const canvas = await page.$(`canvas[data-scene="${topic}"]`);
      assert.ok(canvas, `a canvas with data-scene="${topic}"`);
      assert.equal(await canvas.getAttribute('role'), 'img');
      assert.ok((await canvas.getAttribute('aria-label')).length > 10, 'labelled');
      // Its pixels fit the space it is shown in (no stretching).
      const fit = await canvas.evaluate((c) =>
        Math.abs(c.width - Math.round(c.clientWidth * devicePixelRatio)) <= 1
        && Math.abs(c.height - Math.round(c.clientHeight * devicePixelRatio)) <= 1);
      assert.ok(fit, 'the canvas has the pixels of its box');
      // The counters are there as text too.
      const counters = await page.$$eval('section.scene [data-counter] dd', (dd) => dd.map((d) => d.textContent));
      assert.ok(counters.length >= 1 && counters.every((c) => c.length > 0), `counters as text: ${counters}`);

      // Playing (it starts by itself): time runs on and the picture moves.
      await waitState(page, 'playing');
      const t0 = await sceneTime(page);
      const before = await pixels(page);
      await timePasses(page, t0);
      // (A scene may hold still a moment before it moves.)
      await page.waitForFunction((before) => [...document.querySelectorAll('canvas[data-scene]')]
        .some((c, i) => c.toDataURL() !== before[i]), before, { polling: 100 });

      // Paused: neither time nor picture moves.
      await page.click('section.scene .scene-play');
      await waitState(page, 'paused');
      const t1 = await sceneTime(page);
      const still = await pixels(page);
      await frames(page, 12);
      assert.equal(await sceneTime(page), t1, 'time stands still when paused');
      assert.deepEqual(await pixels(page), still, 'the picture stands still when paused');

      // The keyboard reaches every control.
      await page.focus('section.scene .scene-play');
      await page.keyboard.press('Enter');
      await waitState(page, 'playing');
      await timePasses(page, t1);
      const section = await page.$('section.scene');
      await shot(section, `scene-${topic}`);

      // A parameter change starts the scene again from the new values.
      const slider = await page.$eval('input[type=range]:not(:disabled)', (e) => e.id);
      await page.focus(`#${slider}`);
      const tBefore = await sceneTime(page);
      const n = await page.getAttribute('body', 'data-renders');
      await page.keyboard.press('End');
      if ((await page.getAttribute('body', 'data-renders')) === n) await page.keyboard.press('Home');
      await page.waitForFunction((t) =>
        Number(document.querySelector('section.scene').dataset.sceneTime) < t, tBefore);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForFunction(() => {
        const c = document.querySelector('canvas[data-scene]');
        return Math.abs(c.width - Math.round(c.clientWidth * devicePixelRatio)) <= 1;
      });
      await section.scrollIntoViewIfNeeded();
      await waitState(page, 'playing');
      const tp = await sceneTime(page);
      await timePasses(page, tp);
      await shot(section, `scene-${topic}-phone`);
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});

// Warm pools' and autoscaling's wide pictures write their counters as a
// row of tallies: the text counters under them would repeat them a moment
// behind (they refresh four times a second), so they stay for a screen
// reader only. A phone's narrow picture has no tallies, a picture without
// tallies keeps its text ones in sight, and side by side they are the
// table of both sides.
test('a picture that writes its counters shows them once; the text stays for a screen reader', async () => {
  const cases = [
    ['warm-pool', 1366, '', true],
    ['autoscaling', 1366, '', true],
    ['warm-pool', 390, '', false],
    ['tiers-and-rate-limits', 1366, '', false],
    ['warm-pool', 1366, '&compare=pool', false],
  ].filter(([topic]) => topics.includes(topic));
  for (const [topic, width, more, drawn] of cases) {
    const page = await openPage(browser, server.origin, { width, height: 900, motion: true });
    await gotoTopic(page, server.origin, `?topic=${topic}${more}`);
    await page.locator('section.scene').scrollIntoViewIfNeeded();
    await timePasses(page, 0);
    const seen = await page.$eval('section.scene .scene-counters', (c) => ({
      drawn: c.hasAttribute('data-drawn'),
      width: c.getBoundingClientRect().width,
      text: [...c.querySelectorAll('[data-counter] dd, td')].map((d) => d.textContent).join(' '),
    }));
    const what = `${topic} at ${width} px${more}`;
    assert.equal(seen.drawn, drawn, `${what}: drawn by the picture`);
    assert.ok(drawn ? seen.width <= 1 : seen.width > 100, `${what}: ${seen.width} px wide`);
    assert.ok(seen.text.trim().length > 0, `${what}: the counters are text all the same`);
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
});

test('with reduced motion the scene waits for the learner, then moves in steps', async () => {
  const page = await openPage(browser, server.origin, { motion: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const topic of topics) {
    await gotoTopic(page, server.origin, `?topic=${topic}`);
    await waitState(page, 'paused');
    const still = await pixels(page);
    await frames(page, 12);
    assert.equal(await sceneTime(page), 0, `${topic}: no autoplay`);
    assert.deepEqual(await pixels(page), still, `${topic}: nothing moves by itself`);
    await page.click('section.scene .scene-step');
    await timePasses(page, 0);
    await waitState(page, 'paused');
    assert.notDeepEqual(await pixels(page), still, `${topic}: a step moves it visibly`);
    // Play moves it on in steps.
    const t1 = await sceneTime(page);
    await page.click('section.scene .scene-play');
    await waitState(page, 'playing');
    await timePasses(page, t1);
  }
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a story plays at its own speed whether opened by its link or clicked, until the learner picks a speed', async (t) => {
  const topic = 'inside-a-replica';
  if (!topics.includes(topic)) return t.skip(`${topic} is not built`);
  const page = await openPage(browser, server.origin, { motion: false });
  const speed = () => page.$eval('#scene-speed', (s) => s.selectedOptions[0]?.textContent);
  await gotoTopic(page, server.origin, `?topic=${topic}`);
  const stories = await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset));
  const opening = await speed();
  // Each story's speed as its link opens it; one at least differs from the
  // page's own (else this test could not fail).
  const linked = {};
  for (const story of stories) {
    await gotoTopic(page, server.origin, `?topic=${topic}&preset=${story}`);
    linked[story] = await speed();
  }
  const story = stories.find((s) => linked[s] !== opening);
  assert.ok(story, `a story plays at another speed than the defaults' ${opening}: ${JSON.stringify(linked)}`);
  await gotoTopic(page, server.origin, `?topic=${topic}`);
  await page.click(`[data-preset="${story}"]`);
  await page.waitForFunction((want) => document.querySelector('#scene-speed').selectedOptions[0]?.textContent === want, linked[story]);
  // A speed the learner picks stays through a change of story.
  const picked = await page.$eval('#scene-speed', (s) => [...s.options].find((o) => !o.selected).textContent);
  await page.selectOption('#scene-speed', { label: picked });
  const other = stories.find((s) => s !== story);
  const drawn = () => document.querySelector('canvas.scene-canvas').toDataURL();
  const before = await page.evaluate(drawn);
  await page.click(`[data-preset="${other}"]`);
  await page.waitForSelector(`[data-preset="${other}"][aria-pressed="true"]`);
  // The scene was built again for the other story (its picture changed).
  await page.waitForFunction((b) => document.querySelector('canvas.scene-canvas').toDataURL() !== b, before);
  assert.equal(await speed(), picked);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('side by side runs two settings on the same arrivals, and the address keeps it', async (t) => {
  let shown = false;
  for (const topic of topics) {
    const page = await openPage(browser, server.origin, { width: 1366, height: 900, motion: true });
    await gotoTopic(page, server.origin, `?topic=${topic}`);
    const ids = await page.$$eval('#scene-compare option[data-compare-param]', (os) => os.map((o) => o.value));
    if (ids.length === 0) {
      await page.context().close();
      continue;
    }
    await t.test(topic, async () => {
      const id = ids[0];
      await page.selectOption('#scene-compare', id);
      const sides = await page.waitForFunction((topic) => {
        const cs = [...document.querySelectorAll(`canvas[data-scene="${topic}"]`)];
        return cs.length === 2 && cs.map((c) => c.dataset.side).join() === 'a,b';
      }, topic);
      assert.ok(sides);
      const link = await addressWhenSettled(page);
      assert.equal(new URL(link).searchParams.get('compare'), id, 'the address names the comparison');

      // A link reopens it; both sides share the seed (the same arrivals)
      // and are advanced by the same time.
      await gotoTopic(page, server.origin, new URL(link).search);
      await page.waitForSelector('canvas[data-side="b"]');
      await waitState(page, 'playing');
      await timePasses(page, 0, 'canvas[data-side="b"]');
      await page.click('section.scene .scene-play');
      await waitState(page, 'paused');
      const [a, b] = await page.$$eval('canvas[data-scene]', (cs) =>
        cs.map((c) => ({ seed: c.dataset.sceneSeed, time: c.dataset.sceneTime })));
      assert.equal(a.seed, b.seed, 'one seed: the same arrival stream');
      assert.equal(a.time, b.time, 'advanced by the same time');
      const rows = await page.$$eval('.scene-diff tbody tr', (trs) => trs.map((tr) => tr.querySelectorAll('td').length));
      assert.ok(rows.length >= 1 && rows.every((n) => n === 3), 'each counter: A, B and B − A');
      // The caption's figures are the two sides' counters, stated.
      const now = await page.$eval('.scene-now', (p) => p.textContent);
      assert.match(now, /^Now: .+: A .+, B .+/, 'the caption states both sides');
      // The table is not cut off: its last column (B − A) lies inside the
      // box that holds it, with no sideways scroll to find it.
      const fit = await page.$eval('.scene-counters .table-wrap', (w) => {
        const last = w.querySelector('thead th:last-child').getBoundingClientRect();
        return { right: last.right, box: w.getBoundingClientRect().right, scroll: w.scrollWidth - w.clientWidth };
      });
      assert.ok(fit.right <= fit.box + 1 && fit.scroll <= 1, `B − A at ${fit.right} inside ${fit.box} (scroll ${fit.scroll})`);
      if (!shown) {
        await shot(await page.$('section.scene'), `scene-compare-${topic}`);
        shown = true;
      }
      // Off again: one scene, and the address forgets it.
      await page.selectOption('#scene-compare', { index: 0 });
      await page.waitForFunction(() => document.querySelectorAll('canvas[data-scene]').length === 1);
      assert.equal(new URL(await addressWhenSettled(page)).searchParams.get('compare'), null);
      assert.deepEqual(page.problems(), []);
    });
    await page.context().close();
  }
});

test('hide=scene hides it; in embed mode it plays and a locked parameter is not compared', async () => {
  const page = await openPage(browser, server.origin, { motion: true });
  for (const topic of topics) {
    await gotoTopic(page, server.origin, `?topic=${topic}&embed=1&hide=scene`);
    assert.equal(await page.$('section.scene'), null, `${topic}: hidden`);
    assert.equal(await page.$('canvas[data-scene]'), null);
    await gotoTopic(page, server.origin, `?topic=${topic}&embed=1`);
    await waitState(page, 'playing');
    await timePasses(page, 0);
    // Lock each comparison's parameter in turn: that comparison is not
    // offered, and a link asking for it is told why.
    const offered = await page.$$eval('#scene-compare option[data-compare-param]', (os) =>
      os.map((o) => [o.value, o.dataset.compareParam]));
    for (const [id, param] of offered) {
      await gotoTopic(page, server.origin, `?topic=${topic}&embed=1&compare=${id}`);
      await page.waitForSelector('canvas[data-side="b"]');
      await gotoTopic(page, server.origin, `?topic=${topic}&embed=1&compare=${id}&lock=${param}`);
      assert.equal(await page.$$eval('canvas[data-scene]', (cs) => cs.length), 1, `${topic}: ${id} not shown with ${param} locked`);
      const still = await page.$$eval('#scene-compare option', (os) => os.map((o) => o.value));
      assert.ok(!still.includes(id), `${topic}: ${id} not offered with ${param} locked`);
      assert.match(await page.textContent('#notice'), /keeps fixed/);
    }
  }
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the scene holds off screen and in a hidden tab, and plays on when back', async () => {
  const page = await openPage(browser, server.origin, { width: 1280, height: 600, motion: true });
  const topic = topics[0];
  await gotoTopic(page, server.origin, `?topic=${topic}`);
  await waitState(page, 'playing');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await waitState(page, 'held');
  const t0 = await sceneTime(page);
  await frames(page, 12);
  assert.equal(await sceneTime(page), t0, 'off screen it does not run');
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitState(page, 'playing');
  await timePasses(page, t0);
  // A hidden tab (as the page hears it).
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitState(page, 'held');
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitState(page, 'playing');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the instructors page offers to hide the scene, and its preview hides it', async () => {
  const page = await openPage(browser, server.origin, { width: 1366, height: 900, motion: true });
  await gotoTopic(page, server.origin, `?view=instructors&topic=${topics[0]}`);
  await page.focus('#i-hide-scene');
  await page.keyboard.press('Space');
  assert.match(await page.inputValue('#i-link'), /hide=scene/);
  const preview = await (await page.$('#i-preview')).contentFrame();
  await preview.waitForFunction(() => document.body?.dataset.ready && /hide=scene/.test(location.search));
  assert.equal(await preview.$('section.scene'), null);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the side-by-side table fits a phone: B and B − A in sight with no sideways scroll', async () => {
  for (const topic of topics) {
    const page = await openPage(browser, server.origin, { width: 390, height: 844 });
    await gotoTopic(page, server.origin, `?topic=${topic}`);
    const ids = await page.$$eval('#scene-compare option[data-compare-param]', (os) => os.map((o) => o.value));
    for (const id of ids) {
      await gotoTopic(page, server.origin, `?topic=${topic}&compare=${id}`);
      await page.waitForSelector('.scene-diff');
      const fit = await page.$eval('.scene-counters .table-wrap', (w) => {
        const last = w.querySelector('thead th:last-child').getBoundingClientRect();
        return { right: last.right, box: w.getBoundingClientRect().right, scroll: w.scrollWidth - w.clientWidth };
      });
      assert.ok(fit.right <= fit.box + 1 && fit.scroll <= 1,
        `${topic} ${id}: B − A at ${fit.right} inside ${fit.box} (scroll ${fit.scroll})`);
    }
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
});
