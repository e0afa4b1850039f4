// The learner's first screen, measured in Chromium: the home page is the way
// in; at 1366×900 every topic's first chart (or scene) starts above 900 px on
// every story; on a phone the key figures stay in view while a slider moves;
// "More parameters" folds, opens and stays open; a percent box reads 80 as
// 80 %; the page does not move as it loads (layout shift ≤ 0.02); no visible
// text names a file, the spec or a raw parameter id; a scene's text is at
// least 13 CSS px at 1366 px, and at 360 and 390 px it fits the width in a
// layout of its own, with the key bar at most 15 % of a 390×844 screen. Every
// page is photographed at 1366×900 and 360×740 (artifacts/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import {
  appUnderTest, openPage, gotoTopic, renders, figures, closeClean, SHOTS,
} from './support.mjs';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };

const app = appUnderTest();

/** The first screen (viewport) and the whole page, as a learner sees them. */
async function shoot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.screenshot({ path: path.join(SHOTS, `${name}-full.png`), fullPage: true });
}

/** Document-relative top of a selector's first visible match, or null. */
function topOf(page, selector) {
  return page.evaluate((sel) => {
    const e = [...document.querySelectorAll(sel)].find((x) => x.getClientRects().length > 0);
    return e ? Math.round(e.getBoundingClientRect().top + scrollY) : null;
  }, selector);
}

/** The picture's top: the scene when one is mounted, else the first chart. */
async function pictureTop(page) {
  const scene = await topOf(page, '#scene-slot:not([hidden])');
  const chart = await topOf(page, '[data-chart]');
  return Math.min(...[scene, chart].filter((v) => v !== null));
}

test('no topic in the address: the home page links every topic on a learning path', async () => {
  const page = await openPage(app.browser, app.origin, DESKTOP);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await gotoTopic(page, app.origin, '');
  assert.equal(await page.getAttribute('#app', 'data-view'), 'home');
  const cards = await page.$$eval('.path-card[data-topic]', (els) => els.map((e) => e.dataset.topic));
  assert.equal(cards.length, 9, 'nine topics');
  const linked = await page.$$eval('.path-card[data-topic] h3 a', (as) => as.map((a) => new URL(a.href).searchParams.get('topic')));
  assert.deepEqual([...linked].sort(), [...app.topics].sort(), 'every built topic is linked');
  // Explorers first, then the simulators they feed.
  const kinds = await page.$$eval('.path-card[data-topic] .kind', (ps) => ps.map((p) => /explorer/.test(p.textContent) ? 'e' : 's'));
  assert.equal(kinds.join(''), 'e'.repeat(kinds.indexOf('s')) + 's'.repeat(kinds.length - kinds.indexOf('s')));
  assert.equal(await page.$$eval('.path-card .relations', (ps) => ps.length), 9, 'every card says what it feeds or builds on');
  // "Start here" on the first, and a sized slot for each preview.
  const start = await page.$$eval('.path-card[data-topic] .start', (as) => as.map((a) => new URL(a.href).searchParams.get('topic')));
  assert.deepEqual(start, [cards[0]]);
  const slots = await page.$$eval('.preview[data-topic]', (ds) => ds.map((d) => [d.dataset.topic, d.getBoundingClientRect().height]));
  assert.equal(slots.length, app.topics.length);
  assert.ok(slots.every(([, h]) => h >= 80), `preview slots have a height: ${JSON.stringify(slots)}`);
  assert.equal(await page.getAttribute('.brand', 'aria-current'), 'page');
  // What a seed card is: the explorers' intro links its glossary entry.
  assert.deepEqual(await page.$$eval('.path-intro a.term', (as) => as.map((a) => [a.textContent, a.getAttribute('href')])),
    [['seed card', '?view=glossary#seed-card']]);
  await shoot(page, 'home-1366');
  // The menu: "Topics" opens the list over the page; Escape closes it.
  await page.click('#menu > summary');
  assert.equal(await page.isVisible('#menu a[href*="topic="]'), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.$eval('#menu', (d) => d.open), false);
  assert.deepEqual(await page.evaluate(() => window.cspViolations), [], 'the home page runs under the policy');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

// The home page's largest text, its lede, is index.html's own while the model
// loads (www/loader.js, .home-shell): painted before the app arrives, and
// kept by it (src/web/home.rs). Where a page has no such header the app
// builds its own: the same words in a box of the same size. Other addresses
// do not show it.
test('the home page shows its heading and lede before the model starts, and the app keeps them', async () => {
  const header = (page) => page.$$eval('#app > header.home-head', (hs) => hs.filter((h) => h.getClientRects().length > 0).map((h) => {
    const r = h.querySelector('.lede').getBoundingClientRect();
    return { shell: h.classList.contains('home-shell'), h1: h.querySelector('h1').textContent, lede: h.querySelector('.lede').textContent, box: [r.x, r.y, r.width, r.height].map(Math.round) };
  }));
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    let before = null;
    for (const query of ['', '?view=home', `?topic=${app.topics[0]}`, '?view=practice']) {
      const page = await openPage(app.browser, app.origin, viewport);
      await page.route(/\.wasm$/, () => {}); // held: the model never arrives
      await page.goto(`${app.origin}/index.html${query}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.querySelector('.skeleton')?.getClientRects().length > 0);
      const shown = await header(page);
      if (query === '' || query === '?view=home') {
        assert.equal(shown.length, 1, `${name} ${query || '(home)'}: index.html's home header shows while the model loads`);
        assert.ok(shown[0].shell);
        before = shown[0];
      } else {
        assert.deepEqual(shown, [], `${name} ${query}: no home header on another page`);
      }
      await page.context().close();
    }
    // The app keeps index.html's header: the node painted first stays.
    const page = await openPage(app.browser, app.origin, viewport);
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { window.shellNode = document.querySelector('header.home-shell'); }));
    await gotoTopic(page, app.origin, '');
    assert.deepEqual(await header(page), [before], `${name}: the header as it loaded`);
    assert.equal(await page.evaluate(() => document.querySelector('#app > header.home-head') === window.shellNode), true, 'the same node');
    assert.equal(await page.$$eval('h1', (hs) => hs.length), 1, 'one h1');
    await page.context().close();
    // A page without it: the app's own header, the same words and size.
    const bare = await openPage(app.browser, app.origin, viewport);
    await bare.route(/\/index\.html$/, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<header class="home-head home-shell">[\s\S]*?<\/header>/, '');
      await route.fulfill({ response: res, body: html });
    });
    await gotoTopic(bare, app.origin, '');
    assert.deepEqual(await header(bare), [{ ...before, shell: false }], `${name}: the app's header reads as index.html's`);
    await bare.context().close();
  }
});

// A topic page's largest text is its head (kind, title, question, source),
// which index.html carries for every topic (scripts/pages.mjs writes them
// from the model's words) and shows while an address that opens that topic
// loads (www/loader.js, .topic-shell): painted before the model arrives,
// kept by the app (src/web/page/mod.rs). Where a page has none the app
// builds its own, the same words in the same boxes.
test('a topic page shows its title, question and source before the model starts, and the app keeps them', async () => {
  const heads = (page) => page.$$eval('#app > header.topic-head', (hs) => hs.filter((h) => h.getClientRects().length > 0).map((h) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); };
    const parts = ['.kind', 'h1', '.question', '.source'].map((sel) => h.querySelector(sel));
    // Its glossary links: the question's terms and the source line's "seed
    // card", in index.html's head as in the app's.
    const links = [...h.querySelectorAll('.question a, .source a')]
      .map((a) => ({ text: a.textContent, href: a.getAttribute('href'), title: a.title, cls: a.className }));
    return { shell: h.classList.contains('topic-shell'), words: parts.map((e) => e.textContent), boxes: parts.map(box), links };
  }));
  const held = async (viewport, query) => {
    const page = await openPage(app.browser, app.origin, viewport);
    await page.route(/\.wasm$/, () => {}); // held: the model never arrives
    await page.goto(`${app.origin}/index.html${query}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('.skeleton')?.getClientRects().length > 0);
    const shown = await heads(page);
    await page.context().close();
    return shown;
  };
  for (const query of ['', '?view=practice', '?view=glossary', '?topic=no-such-topic', `?view=practice&topic=${app.topics[0]}`]) {
    assert.deepEqual(await held(PHONE, query), [], `${query || '(home)'}: no topic's head`);
  }
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    for (const id of app.topics) {
      const shown = await held(viewport, `?topic=${id}`);
      assert.equal(shown.length, 1, `${name} ${id}: its head alone shows while the model loads`);
      assert.ok(shown[0].shell);
      assert.deepEqual(shown[0].links.filter((l) => l.href === '?view=glossary#seed-card' && l.cls === 'term' && /^seed cards?$/.test(l.text) && l.title.length > 40).length, 1,
        `${name} ${id}: the source line links "seed card" to the glossary: ${JSON.stringify(shown[0].links)}`);
      // The app keeps index.html's head: the node painted first stays, with
      // the page's words in the same boxes.
      const page = await openPage(app.browser, app.origin, viewport);
      await page.addInitScript((t) => document.addEventListener('DOMContentLoaded', () => {
        window.shellNode = document.querySelector(`header.topic-shell[data-topic="${t}"]`);
      }), id);
      await gotoTopic(page, app.origin, `?topic=${id}`);
      const built = await heads(page);
      // Every part keeps its box (at 1366 px the column beside the words,
      // where "Copy link" and the model's switch go, is there from the start).
      assert.deepEqual(built, [{ ...shown[0], shell: false }], `${name} ${id}: the head as it loaded`);
      assert.equal(await page.evaluate(() => document.querySelector('#app > header.topic-head') === window.shellNode), true, `${name} ${id}: the same node`);
      assert.equal(await page.$$eval('h1', (hs) => hs.map((h) => h.id).join()), 'topic-title', 'one h1, the page names itself by it');
      assert.equal(await page.$$eval('.topic-shell, header[data-topic]', (es) => es.length), 0, 'no other topic\'s head left');
      await page.context().close();
      // On a phone for every topic (its question's links are the app's
      // own, src/glossary.rs, against scripts/pages.mjs's), at 1366 px for
      // the first and last.
      if (name !== 'phone' && id !== app.topics[0] && id !== app.topics[app.topics.length - 1]) continue;
      // A page without them: the app's own head, the same words, boxes and links.
      const bare = await openPage(app.browser, app.origin, viewport);
      await bare.route(/\/index\.html(\?.*)?$/, async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/<header class="topic-head topic-shell"[\s\S]*?<\/header>/g, '');
        await route.fulfill({ response: res, body: html });
      });
      await gotoTopic(bare, app.origin, `?topic=${id}`);
      assert.deepEqual(await heads(bare), built, `${name} ${id}: the app's head reads as index.html's`);
      await bare.context().close();
    }
  }
});

test('every home card previews its scene: moving while in view, still under reduced motion', async () => {
  const page = await app.open('?view=home', { ...DESKTOP, motion: true });
  const scenes = await page.$$eval('.preview canvas[data-scene]', (cs) => cs.map((c) => c.dataset.scene));
  assert.deepEqual([...scenes].sort(), [...app.topics].sort(), 'a preview per topic');
  const allPainted = () => [...document.querySelectorAll('.preview canvas')].every((c) => Number(c.dataset.frames) >= 1);
  await page.waitForFunction(allPainted);
  // A preview in view is painted again and again, and what it shows changes.
  const first = '.preview canvas[data-i="0"]';
  const shown = await page.$eval(first, (c) => c.toDataURL());
  await page.waitForFunction(([s, was]) => document.querySelector(s).toDataURL() !== was, [first, shown]);
  assert.ok(await page.$$eval('.preview canvas', (cs) => cs.every((c) => c.dataset.preview === 'moving')));
  // Not blank: the scene's marks are there (more than the background's colour).
  const colours = await page.$eval(first, (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 3, `the preview shows a scene (${colours} colours)`);
  await shoot(page, 'home-previews-1366');
  await closeClean(page);

  const still = await openPage(app.browser, app.origin, DESKTOP);
  await still.emulateMedia({ reducedMotion: 'reduce' });
  await gotoTopic(still, app.origin, '?view=home');
  await still.waitForFunction(allPainted);
  // Two more display frames later, each has still been painted only once.
  await still.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const frames = await still.$$eval('.preview canvas', (cs) => cs.map((c) => [c.dataset.preview, c.dataset.frames]));
  assert.ok(frames.every(([p, f]) => p === 'still' && f === '1'), JSON.stringify(frames));
  await closeClean(still);
});

test('the home page shows the saved progress per topic', async () => {
  const page = await openPage(app.browser, app.origin, DESKTOP);
  const [first, second] = app.topics;
  await page.addInitScript(([a, b]) => {
    localStorage.setItem('fleetlab.progress', JSON.stringify({
      version: 1,
      entries: { [`${a}/C1`]: { attempts: 3, correct: 2, first_try: 1 }, [`${b}/C2`]: { attempts: 1, correct: 0, first_try: 0 } },
      score: 2, streak: 0, best_streak: 2,
    }));
  }, [first, second]);
  await gotoTopic(page, app.origin, '?view=home');
  const progress = (t) => page.textContent(`.path-card[data-topic="${t}"] .progress`);
  assert.match(await progress(first), /1 of 3 challenges solved · 2 questions right/);
  assert.match(await progress(second), /0 of 3 challenges solved · 0 questions right/);
  assert.match(await progress(app.topics[2]), /Not started/);
  assert.equal(await page.$$eval(`.path-card[data-topic="${first}"] .meter .done`, (s) => s.length), 1);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

/**
 * Figures whose value a line break splits inside a word or a number, as
 * "$762,300/mon" "th" or "1,234,|567": a break must fall at a space or after
 * a sign such as "/".
 */
function splitValues(page) {
  return page.evaluate(() => {
    const split = [];
    const glued = /[\p{L}\p{N}.,]/u;
    const range = document.createRange();
    for (const dd of document.querySelectorAll('[data-figure] dd')) {
      if (!dd.getClientRects().length) continue;
      let top = null;
      let before = '';
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (let i = 0; i < n.length; i++) {
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const box = range.getClientRects()[0];
          if (!box) continue;
          const ch = n.data[i];
          if (top !== null && box.top > top + 1 && glued.test(before) && glued.test(ch)) {
            split.push(`${dd.parentElement.dataset.figure} "${dd.textContent}" breaks between "${before}" and "${ch}"`);
          }
          top = box.top;
          before = ch;
        }
      }
    }
    return split;
  });
}

test('at 1366×900 the first chart starts above 900 px on every topic and story', async (t) => {
  const rows = [];
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await openPage(app.browser, app.origin, DESKTOP);
      await gotoTopic(page, app.origin, `?topic=${topic}`);
      const tops = { defaults: await pictureTop(page) };
      assert.deepEqual(await splitValues(page), [], 'defaults: a figure wraps inside a word');
      await shoot(page, `${topic}-1366`);
      // The key sliders are in the first screen too.
      const keys = await page.$$eval('.controls > .control', (cs) => cs.map((c) => Math.round(c.getBoundingClientRect().bottom + scrollY)));
      assert.ok(keys.length >= 3 && keys.length <= 4, `${keys.length} key sliders`);
      assert.ok(Math.max(...keys) <= DESKTOP.height, `key sliders end at ${Math.max(...keys)} px`);
      for (const id of await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset))) {
        await page.click(`[data-preset="${id}"]`);
        await page.evaluate(() => scrollTo(0, 0));
        tops[id] = await pictureTop(page);
        assert.deepEqual(await splitValues(page), [], `${id}: a figure wraps inside a word`);
        await shoot(page, `${topic}-${id}-1366`);
        if (await page.isVisible('#apply-fix')) {
          await page.click('#apply-fix');
          await page.evaluate(() => scrollTo(0, 0));
          tops[`${id}+fix`] = await pictureTop(page);
        }
      }
      rows.push(`${topic.padEnd(24)} ${Object.entries(tops).map(([k, v]) => `${k} ${v}`).join(', ')}; key sliders end ${Math.max(...keys)}`);
      for (const [story, top] of Object.entries(tops)) {
        assert.ok(top < DESKTOP.height, `${topic} ${story}: the first chart starts at ${top} px`);
      }
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
  console.log(`first chart top (px from the page's top) at 1366×900:\n${rows.join('\n')}`);
});

test('on a phone a control the keyboard reaches is not left under the sticky key figures', async () => {
  const page = await openPage(app.browser, app.origin, PHONE);
  await gotoTopic(page, app.origin, `?topic=${app.topics[0]}`);
  // The scene's Play button near the top of the screen, where the sticky
  // key figures cover it until something scrolls.
  await page.evaluate(() => scrollTo(0, document.querySelector('section.scene .scene-play').getBoundingClientRect().top + scrollY - 30));
  const covered = await page.evaluate(() => document.querySelector('section.scene .scene-play').getBoundingClientRect().top
    < document.querySelector('.keybar').getBoundingClientRect().bottom);
  assert.ok(covered, 'the test starts with the button under the key figures');
  await page.focus('section.scene .scene-play');
  const at = await page.evaluate(() => ({
    bar: document.querySelector('.keybar').getBoundingClientRect().bottom,
    play: document.querySelector('section.scene .scene-play').getBoundingClientRect().top,
  }));
  assert.ok(at.play >= at.bar, `the focused button (top ${at.play}) clears the key figures (bottom ${at.bar})`);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('on a phone the key figures stay in view while a slider moves', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await openPage(app.browser, app.origin, PHONE);
      await gotoTopic(page, app.origin, `?topic=${topic}`);
      await shoot(page, `${topic}-360`);
      assert.deepEqual(await splitValues(page), [], 'a figure wraps inside a word');
      // Open the fold, so the last slider is the farthest one down.
      await page.click('#more-params > summary');
      const sliders = await page.$$eval('.controls input[type=range]:not(:disabled)', (es) => es.map((e) => e.id));
      for (const id of [sliders[0], sliders[sliders.length - 1]]) {
        await page.$eval(`#${id}`, (e) => e.scrollIntoView({ block: 'center' }));
        const n = await renders(page);
        await page.focus(`#${id}`);
        for (const key of ['End', 'Home']) await page.keyboard.press(key);
        assert.ok((await renders(page)) > n, `${id} moved`);
        const seen = await page.evaluate((sid) => {
          const bar = document.querySelector('.keybar').getBoundingClientRect();
          const s = document.getElementById(sid).getBoundingClientRect();
          return { bar: [bar.top, bar.bottom], slider: [s.top, s.bottom] };
        }, id);
        // Both in view, the figures above the slider, not over it.
        assert.ok(seen.bar[0] >= 0 && seen.bar[1] - seen.bar[0] <= PHONE.height / 4, `${id}: key figures at ${seen.bar}`);
        assert.ok(seen.slider[0] >= seen.bar[1] && seen.slider[1] <= PHONE.height, `${id}: slider at ${seen.slider}, key figures at ${seen.bar}`);
      }
      await page.evaluate(() => document.getElementById('p-' + document.querySelector('.controls .control').dataset.param).scrollIntoView({ block: 'center' }));
      await shoot(page, `${topic}-360-moving`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling (${overflow} px)`);
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
  const page = await openPage(app.browser, app.origin, PHONE);
  await gotoTopic(page, app.origin, '');
  await shoot(page, 'home-360');
  await page.context().close();
});

/**
 * The scene's canvases as laid out now: the smallest text each painted (CSS
 * px, `data-least-text-px`), whether it is in its phone layout, its box and
 * whether its scroll box scrolls sideways.
 */
function sceneCanvases(page) {
  return page.$$eval('canvas.scene-canvas', (cs) => cs.map((c) => {
    const r = c.getBoundingClientRect();
    const box = c.parentElement;
    return {
      least: Number(c.dataset.leastTextPx), narrow: c.classList.contains('narrow'),
      left: r.left, right: r.right, width: r.width, scrolls: box.scrollWidth > box.clientWidth + 1,
    };
  }));
}

/** Waits until every scene canvas has painted a frame with its text. */
function scenePainted(page) {
  return page.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas.scene-canvas')];
    return cs.length > 0 && cs.every((c) => Number(c.dataset.leastTextPx) > 0);
  });
}

test('a scene can be read: text of 13 CSS px at 1366, a layout of its own at 360 and 390, the key bar ≤ 15 % of 390×844', async (t) => {
  const rows = [];
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const row = [topic.padEnd(24)];
      const wide = await openPage(app.browser, app.origin, DESKTOP);
      await gotoTopic(wide, app.origin, `?topic=${topic}&intro=0`);
      await scenePainted(wide);
      const [w] = await sceneCanvases(wide);
      assert.ok(!w.narrow, 'wide at 1366');
      assert.ok(w.least >= 13, `the smallest scene text is ${w.least} CSS px at 1366`);
      row.push(`1366: ${w.least} px`);
      await wide.context().close();
      for (const size of [{ width: 360, height: 740 }, { width: 390, height: 844 }]) {
        const page = await openPage(app.browser, app.origin, size);
        await gotoTopic(page, app.origin, `?topic=${topic}&intro=0`);
        await scenePainted(page);
        // Alone, then side by side with its first comparison.
        for (const compare of [false, true]) {
          if (compare) {
            await page.selectOption('#scene-compare', { index: 1 });
            await page.waitForFunction(() => document.querySelectorAll('canvas.scene-canvas').length === 2);
            await scenePainted(page);
          }
          const what = `${size.width} px${compare ? ', side by side' : ''}`;
          for (const c of await sceneCanvases(page)) {
            assert.ok(c.narrow, `${what}: the scene's phone layout`);
            assert.ok(c.left >= 0 && c.right <= size.width + 0.5 && !c.scrolls, `${what}: the scene fits the width (${c.left}–${c.right})`);
            assert.ok(c.least >= 12, `${what}: the smallest scene text is ${c.least} CSS px`);
          }
          const shown = await sceneCanvases(page);
          row.push(`${what}: ${shown.map((c) => `${Math.round(c.width)} px wide, ${c.least} px text`).join(' and ')}`);
          await (await page.$('section.scene')).screenshot({ path: path.join(SHOTS, `scene-${topic}-${size.width}${compare ? '-compare' : ''}.png`) });
        }
        if (size.height === 844) {
          const bar = await page.$eval('.keybar', (e) => e.getBoundingClientRect().height);
          assert.ok(bar <= 0.15 * size.height, `the key bar is ${bar} px of ${size.height}`);
          row.push(`key bar ${Math.round(bar)} px`);
        }
        assert.deepEqual(page.problems(), []);
        await page.context().close();
      }
      rows.push(row.join('; '));
    });
  }
  console.log(`scene text and fit:\n${rows.join('\n')}`);
});

test('"More parameters" folds the rest, opens for a story, a link or a lever, and stays open', async () => {
  const page = await openPage(app.browser, app.origin, DESKTOP);
  // Autoscaling's late ramp sets folded parameters (the ramp, the trough).
  await gotoTopic(page, app.origin, '?topic=autoscaling');
  const open = () => page.$eval('#more-params', (d) => d.open);
  assert.equal(await open(), false, 'folded at the defaults');
  // Keyboard: the summary opens and closes it.
  await page.focus('#more-params > summary');
  await page.keyboard.press('Enter');
  assert.equal(await open(), true);
  // Kept across renders.
  const n = await renders(page);
  await page.focus('.controls > .control input[type=range]');
  await page.keyboard.press('ArrowRight');
  assert.ok((await renders(page)) > n);
  assert.equal(await open(), true, 'still open after a render');
  await page.focus('#more-params > summary');
  await page.keyboard.press('Enter');
  assert.equal(await open(), false);
  await page.click('[data-preset="late-ramp"]');
  assert.equal(await open(), true, 'a story that sets a folded parameter opens the fold');
  // A link that sets one.
  await gotoTopic(page, app.origin, '?topic=autoscaling&drain_s=120');
  assert.equal(await open(), true, 'a link that sets a folded parameter opens the fold');
  // A lever that points into the fold.
  await gotoTopic(page, app.origin, '?topic=autoscaling');
  await page.evaluate(() => {
    const lever = document.querySelector('.check .lever');
    lever.dataset.lever = 'drain_s';
    lever.hidden = false;
    lever.click();
  });
  assert.equal(await open(), true, 'the lever opens the fold');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'p-drain_s');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a percent box reads 80 as 80 %, and a big box takes 20k', async () => {
  const page = await openPage(app.browser, app.origin, DESKTOP);
  await gotoTopic(page, app.origin, '?topic=load-balancing');
  const box = '[data-param="cap"] .num';
  const shown = () => page.textContent('[data-param="cap"] output');
  for (const [typed, want] of [['80', '80%'], ['0.65', '65%'], ['55 %', '55%'], ['70%', '70%']]) {
    await page.fill(box, typed);
    await page.press(box, 'Enter');
    assert.equal(await shown(), want, `typed ${typed}`);
    assert.equal(await page.inputValue(box), want, 'the box shows what the slider shows');
    assert.equal(await page.textContent('[data-param="cap"] .control-error'), '');
  }
  await page.waitForFunction(() => /cap=0\.7(&|$)/.test(location.search));
  await page.focus(box);
  assert.equal(await page.isVisible('#b-cap'), true, 'the hint shows while the box has focus');
  assert.match(await page.textContent('#b-cap'), /80, 80% or 0\.8/);
  await gotoTopic(page, app.origin, '?topic=fleet-efficiency');
  const demand = '[data-param="demand"] .num';
  await page.click('#more-params > summary');
  await page.fill(demand, '120k');
  await page.press(demand, 'Enter');
  assert.equal(await page.textContent('[data-param="demand"] output'), '120,000 tok/s');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

/** Layout shift over the load, from before the first paint to the app's
 * first complete frame (data-ready, then two animation frames). */
async function layoutShift(viewport, query) {
  const page = await openPage(app.browser, app.origin, viewport);
  await page.addInitScript(() => {
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.hadRecentInput) {
          window.shifts.push({
            value: e.value,
            nodes: e.sources.map((s) => s.node?.nodeName + (s.node?.className ? `.${s.node.className}` : '')),
          });
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoTopic(page, app.origin, query);
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const shifts = await page.evaluate(() => window.shifts);
  await page.context().close();
  return { total: shifts.reduce((a, s) => a + s.value, 0), shifts };
}

test('the page does not move while it loads (layout shift ≤ 0.02)', async () => {
  const rows = [];
  for (const [name, viewport] of [['1366×900', DESKTOP], ['360×740', PHONE]]) {
    for (const query of ['', `?topic=${app.topics[0]}`, `?topic=${app.topics[app.topics.length - 1]}`, '?view=practice']) {
      const { total, shifts } = await layoutShift(viewport, query);
      rows.push(`${name} ${query || '(home)'}: ${total.toFixed(4)}`);
      assert.ok(total <= 0.02, `${name} ${query}: layout shift ${total.toFixed(4)} ${JSON.stringify(shifts)}`);
    }
  }
  console.log(`layout shift over load:\n${rows.join('\n')}`);
});

/**
 * The words a learner reads: the text on screen (and in folds, opened) names
 * no file, spec, section sign or raw parameter id, on the home page, the
 * glossary, practice, the instructors page, and every topic on every story
 * with and without its fix.
 */
async function assertPlainWords(page, where) {
  const { text, ids } = await page.evaluate(() => {
    for (const d of document.querySelectorAll('#app details')) d.open = true;
    return {
      text: document.body.innerText,
      ids: [...document.querySelectorAll('[data-param]')].map((e) => e.dataset.param),
    };
  });
  for (const bad of [/shared\//, /\u00a7/, /\bspec\b/i, /\.md\b/, /\.rs\b/, /\.toml\b/]) {
    const m = text.match(bad);
    assert.equal(m, null, `${where}: "${m && text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
  }
  for (const id of ids.filter((i) => i.includes('_'))) {
    assert.ok(!new RegExp(`\\b${id}\\b`).test(text), `${where}: the parameter id ${id} is on screen`);
  }
}

test('no visible text names a file, the spec, a section sign or a parameter id', async (t) => {
  for (const q of ['', '?view=glossary', '?view=practice', '?view=instructors']) {
    const page = await openPage(app.browser, app.origin, DESKTOP);
    await gotoTopic(page, app.origin, q);
    await assertPlainWords(page, q || 'home');
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await openPage(app.browser, app.origin, DESKTOP);
      await gotoTopic(page, app.origin, `?topic=${topic}`);
      await assertPlainWords(page, topic);
      for (const id of await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset))) {
        await page.click(`[data-preset="${id}"]`);
        await assertPlainWords(page, `${topic} ${id}`);
        if (await page.isVisible('#apply-fix')) {
          await page.click('#apply-fix');
          await assertPlainWords(page, `${topic} ${id} + fix`);
        }
      }
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});
