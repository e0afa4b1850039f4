// The guided start on every topic page, in headless Chromium: offered on the
// home page's cards and at the top of each page, walked with the keyboard
// alone at 1366×900 and 390×844 (Tab to the offer, Enter through every step,
// a prediction answered from the keyboard, Escape closes), nothing moving
// under reduced motion until Next, pictures that differ step to step, the
// last step opening the full page on its story, `intro=1` and `intro=0`, and
// embedded. A screenshot of every step goes to artifacts/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  serve, launch, openPage, gotoTopic, builtTopics, addressWhenSettled, closeClean, SHOTS,
} from './support.mjs';

let server;
let browser;
let topics = [];

before(async () => {
  server = await serve();
  browser = await launch();
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '');
  topics = await builtTopics(page);
  const only = process.env.INTRO_ONLY?.split(',');
  if (only) topics = topics.filter((t) => only.includes(t));
  await page.context().close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

function frames(page, n) {
  return page.evaluate((n) => new Promise((done) => {
    let k = 0;
    const f = () => (++k >= n ? done() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
}

const picture = (page) => page.$eval('canvas.intro-canvas', (c) => c.toDataURL());
const focused = (page) => page.evaluate(() => document.activeElement?.className || '');

/** Tabs (forward, or back with `shift`) until the focus is on `cls`. */
async function tabTo(page, cls, shift = false) {
  for (let k = 0; k < 80; k++) {
    if ((await focused(page)).split(' ').includes(cls)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`the keyboard never reached .${cls}`);
}

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

test('every topic\'s guided start walks with the keyboard alone, still under reduced motion', async (t) => {
  if (!process.env.INTRO_ONLY) assert.equal(topics.length, 9);
  for (const size of SIZES) {
    for (const topic of topics) {
      await t.test(`${topic} at ${size.width}`, async () => {
        const page = await openPage(browser, server.origin, size);
        await gotoTopic(page, server.origin, `?topic=${topic}`);
        assert.ok(await page.$(`button[data-intro-offer="${topic}"]`), 'offered at the top');
        await tabTo(page, 'intro-offer');
        await page.keyboard.press('Enter');
        const panel = await page.waitForSelector(`[data-intro="${topic}"]:not([hidden])`);
        assert.equal(await focused(page), 'intro-next', 'Next has the focus');
        const n = Number((await page.textContent('.intro-h')).match(/of (\d+)/)[1]);
        assert.ok(n >= 3 && n <= 6, `${n} steps`);
        let before = null;
        let asked = 0;
        for (let i = 0; i < n; i++) {
          assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-step'), String(i));
          assert.match(await page.textContent('.intro-h'), new RegExp(`^Step ${i + 1} of ${n}: `));
          // A new step's title is on the screen, not scrolled away above it.
          const top = await page.$eval('.intro-h', (e) => e.getBoundingClientRect().top);
          assert.ok(top >= -1, `step ${i + 1}: its title is ${top} px above the screen`);
          assert.ok((await page.textContent('.intro-alt')).length > 10, 'the picture in words');
          assert.ok((await page.getAttribute('canvas.intro-canvas', 'aria-label')).startsWith('Picture: '));
          const still = await picture(page);
          await frames(page, 20);
          assert.equal(await picture(page), still, `step ${i + 1}: nothing moves before Next`);
          assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-moving'), 'false');
          if (before !== null) assert.notEqual(still, before, `step ${i + 1}: a new picture`);
          const asks = await page.$eval('.intro-ask', (e) => !e.hidden);
          if (asks) {
            asked++;
            if (size.name === 'desktop' && asked === 1) {
              // Answer from the keyboard: back from Next to a choice.
              await tabTo(page, 'intro-choice', true);
              await page.keyboard.press('Enter');
              assert.match(await page.textContent('.intro-reveal'), /^(Right\.|Not quite:)/);
              assert.equal(await focused(page), 'intro-next');
            } else {
              assert.equal(await page.textContent('.intro-next'), 'Show me');
              await page.keyboard.press('Enter');
              assert.match(await page.textContent('.intro-reveal'), /^The answer: /);
            }
            // The verdict stays in view (on a phone Next, which has the
            // focus, is a picture's height below it).
            assert.ok(await page.$eval('.intro-reveal', (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }),
              `${size.name} step ${i + 1}: the verdict in view`);
            const revealed = await picture(page);
            await frames(page, 20);
            assert.equal(await picture(page), revealed, 'still after the reveal');
          }
          fs.mkdirSync(SHOTS, { recursive: true });
          await panel.screenshot({ path: path.join(SHOTS, `intro-${topic}-${size.name}-${i + 1}.png`) });
          before = await picture(page);
          if (i + 1 < n) await page.keyboard.press('Enter');
        }
        assert.ok(asked >= 1, 'at least one step asks for a prediction');
        assert.match(await page.textContent('.intro-next'), /^Open the full page/);
        await page.keyboard.press('Enter');
        await page.waitForSelector(`[data-intro="${topic}"][hidden]`, { state: 'attached' });
        const address = await addressWhenSettled(page);
        assert.match(address, /[?&]preset=[a-z0-9-]+/, 'the full page on a story');
        assert.doesNotMatch(address, /intro=/);
        await closeClean(page);
      });
    }
  }
});

test('Back, Escape, the offer again, intro=1, intro=0, the home card and embedded', async () => {
  const page = await openPage(browser, server.origin, { width: 1366, height: 900 });
  await gotoTopic(page, server.origin, '?topic=warm-pool&intro=1');
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.match(await addressWhenSettled(page), /intro=1/);
  // The model switch changes the page's figures, hidden under the tour.
  assert.equal(await page.isVisible('.topic-head .model-switch'), false, 'no model switch during the guided start');
  await page.click('.intro-next');
  await page.click('.intro-next');
  assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-step'), '1');
  await page.click('.intro-back');
  assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-step'), '0');
  assert.equal(await focused(page), 'intro-next', 'Back, disabled on the first step, hands the focus to Next');
  await page.focus('.intro-next');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-intro="warm-pool"][hidden]', { state: 'attached' });
  assert.equal(await focused(page), 'intro-offer', 'the offer takes the focus back');
  assert.equal(await page.isVisible('.topic-head .model-switch'), true, 'the model switch is back with the page');
  assert.doesNotMatch(await addressWhenSettled(page), /intro=/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-step'), '0');
  // A click on the step's words, then Escape: closed all the same; and
  // with the focus outside the panel (on Copy link).
  await page.click('.intro-text');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-intro="warm-pool"][hidden]', { state: 'attached' });
  await page.click('.intro-offer');
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  await page.focus('.topic-head .copy-link button');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-intro="warm-pool"][hidden]', { state: 'attached' });
  await page.click('.intro-offer');
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  // Back closes it and stays on the topic; Forward opens it again, on the
  // step the learner left.
  for (let i = 0; i < 4 && !/^Step 2 of/.test(await page.textContent('.intro-h')); i++) await page.click('.intro-next');
  assert.match(await page.textContent('.intro-h'), /^Step 2 of/);
  await page.goBack();
  await page.waitForSelector('[data-intro="warm-pool"][hidden]', { state: 'attached' });
  assert.doesNotMatch(await addressWhenSettled(page), /intro=/);
  assert.match(page.url(), /topic=warm-pool/);
  await page.goForward();
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.match(await addressWhenSettled(page), /intro=1/);
  assert.match(await page.textContent('.intro-h'), /^Step 2 of/);
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'intro-next');
  // The offer starts it over.
  await page.click('.intro-close');
  await page.click('.intro-offer');
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.match(await page.textContent('.intro-h'), /^Step 1 of/);
  // Closed, the page is on the entry it was opened from, as Back would
  // leave it (not on a copy of it, which Back would show again): Forward
  // opens the guided start.
  await page.click('.intro-close');
  await page.waitForFunction(() => !/intro=/.test(location.search));
  await page.waitForSelector('[data-intro="warm-pool"][hidden]', { state: 'attached' });
  await page.goForward();
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.match(await addressWhenSettled(page), /intro=1/);

  await gotoTopic(page, server.origin, '?topic=warm-pool&intro=0');
  assert.equal(await page.$('[data-intro-offer], [data-intro]'), null, 'intro=0: not offered');
  assert.match(await addressWhenSettled(page), /intro=0/);

  await gotoTopic(page, server.origin, '?topic=tiers-and-rate-limits&embed=1&intro=1');
  await page.waitForSelector('[data-intro="tiers-and-rate-limits"]:not([hidden])');

  await page.goto(`${server.origin}/index.html`);
  await page.waitForSelector('body[data-ready]');
  const offers = await page.$$eval('a[data-intro-offer]', (as) => as.map((a) => a.getAttribute('href')));
  assert.equal(offers.length, 9);
  assert.ok(offers.every((h) => /^\?topic=[a-z-]+&intro=1$/.test(h)), offers.join(' '));
  await closeClean(page);
});

// index.html carries each topic's offer as its head's last part
// (scripts/pages.mjs), shown while the model loads: on a page whose
// question is short it is the largest text, and so is painted before the
// model arrives. The app keeps the node, in the same box (on a phone too,
// where the links and the model's switch go under it); a press before the app has started opens the
// guided start once it has; an address that hides the guided start shows
// no copy of it.
test('the offer shows while the model loads, the app keeps it, and a press before the app starts opens the guided start', async () => {
  const offer = (page, sel) => page.$eval(sel, (w) => {
    const r = w.getBoundingClientRect();
    const words = ['.intro-offer', '.intro-note'].map((s) => w.querySelector(s).textContent).join(' ');
    return { words, box: [r.x, r.y, r.width, r.height].map(Math.round) };
  });
  const loading = async (query, size) => {
    const page = await openPage(browser, server.origin, size);
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/\.wasm$/, async (route) => { await held; await route.continue(); });
    await page.goto(`${server.origin}/index.html${query}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('.skeleton')?.getClientRects().length > 0);
    return { page, release };
  };
  for (const size of SIZES) {
    for (const topic of topics) {
      const shell = `#app > header.topic-shell[data-topic="${topic}"] > .intro-wrap.topic-shell:last-child`;
      const { page, release } = await loading(`?topic=${topic}`, size);
      await page.waitForSelector(`${shell} button.intro-offer`, { state: 'visible' });
      assert.equal(await page.$$eval('.intro-wrap', (ws) => ws.filter((w) => w.getClientRects().length > 0).length), 1,
        `${size.name} ${topic}: its offer alone shows`);
      const was = await offer(page, shell);
      assert.match(was.words, /^Guided start \d+ steps at toy scale, then the full page\.$/);
      await page.$eval(shell, (w) => { window.offerNode = w; });
      release();
      await page.waitForSelector('body[data-ready]');
      const kept = `#app > header > .intro-wrap > button[data-intro-offer="${topic}"]`;
      assert.equal(await page.$eval(kept, (b) => b.parentElement === window.offerNode), true, `${size.name} ${topic}: the same node`);
      assert.deepEqual(await offer(page, '#app > header > .intro-wrap'), was, `${size.name} ${topic}: the same words in the same box`);
      assert.equal(await page.$$eval('.topic-shell', (es) => es.length), 0, 'no copy left');
      assert.equal(await page.getAttribute(kept, 'aria-controls'), 'intro');
      await page.context().close();
    }
  }
  // Pressed before the app has started: the guided start opens once it has.
  const { page, release } = await loading('?topic=warm-pool', SIZES[0]);
  await page.click('header[data-topic="warm-pool"] .intro-wrap.topic-shell button.intro-offer');
  assert.equal(await page.getAttribute('header[data-topic="warm-pool"] .intro-offer', 'aria-pressed'), 'true', 'the press shows');
  release();
  await page.waitForSelector('[data-intro="warm-pool"]:not([hidden])');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'intro-h', 'its step\'s heading has the focus');
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-intro-asked')), false);
  assert.equal(await page.getAttribute('button[data-intro-offer="warm-pool"]', 'aria-pressed'), null);
  await closeClean(page);
  // An address that hides the guided start: no offer while it loads, none after.
  const hidden = await loading('?topic=warm-pool&intro=off', SIZES[1]);
  assert.equal(await hidden.page.$$eval('.intro-wrap', (ws) => ws.filter((w) => w.getClientRects().length > 0).length), 0, 'intro=off: no offer while loading');
  hidden.release();
  await hidden.page.waitForSelector('body[data-ready]');
  assert.equal(await hidden.page.$('.intro-wrap'), null, 'intro=off: no offer');
  await closeClean(hidden.page);
});

test('with motion the revealed picture plays, and a prediction waits still', async () => {
  const page = await openPage(browser, server.origin, { width: 1366, height: 900, motion: true });
  await gotoTopic(page, server.origin, '?topic=load-balancing&intro=1&hide=scene');
  await page.waitForSelector('[data-intro="load-balancing"]:not([hidden])');
  const a = await picture(page);
  await page.waitForFunction((a) => document.querySelector('canvas.intro-canvas').toDataURL() !== a, a);
  assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-moving'), 'true');
  await page.click('.intro-next');
  assert.equal(await page.getAttribute('canvas.intro-canvas', 'data-moving'), 'false');
  const b = await picture(page);
  await frames(page, 20);
  assert.equal(await picture(page), b, 'the prediction waits');
  await page.click('.intro-next');
  await page.waitForFunction((b) => document.querySelector('canvas.intro-canvas').toDataURL() !== b, b);
  await closeClean(page);
});
