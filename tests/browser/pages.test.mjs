// Every topic page in headless Chromium: it loads clean, a slider moved by the
// keyboard changes the figures and the canvas, every preset and fix flips the
// checks, and it reads at 360 px. Screenshots go to artifacts/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openPage, gotoTopic, renders, figures, checks, canvases, builtTopics, screenshot,
  presetsWithFix, chartsDrawn, addressWhenSettled,
} from './support.mjs';

let server;
let browser;
let topics = [];
const withFix = presetsWithFix();

before(async () => {
  server = await serve();
  browser = await launch();
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '');
  topics = await builtTopics(page);
  await page.context().close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the menu lists all nine topics and marks the unbuilt ones', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '');
  const links = await page.$$eval('#topics li:not(.sep)', (lis) => lis.length);
  assert.equal(links, 9);
  const coming = await page.$$eval('#topics .coming', (els) => els.length);
  assert.equal(coming + topics.length, 9);
  assert.ok(topics.length >= 1);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

/** Moves range sliders with the keyboard until the figures change. */
async function moveASlider(page) {
  const ids = await page.$$eval('input[type=range]:not(:disabled)', (els) => els.map((e) => e.id));
  for (const id of ids) {
    for (const key of ['End', 'Home']) {
      const before = await figures(page);
      const n = await renders(page);
      await page.focus(`#${id}`);
      await page.keyboard.press(key);
      if ((await renders(page)) === n) continue;
      const after = await figures(page);
      if (JSON.stringify(after) !== JSON.stringify(before)) return { id, before, after };
    }
  }
  return null;
}

test('every topic page loads clean, moves under the keyboard and flips its checks', async (t) => {
  for (const topic of topics) {
    await t.test(topic, async () => {
      const page = await openPage(browser, server.origin, { motion: true });
      await gotoTopic(page, server.origin, `?topic=${topic}`);
      assert.ok((await page.textContent('h1')).length > 3);
      assert.ok(Object.keys(await figures(page)).length >= 4, 'figures shown');
      assert.ok(Object.keys(await checks(page)).length >= 1, 'checks shown');
      // Every canvas has the pixels of the space it is shown in (no stretching).
      await chartsDrawn(page);
      const stretched = await page.$$eval('[data-chart] canvas', (cs) => cs
        .filter((c) => Math.abs(c.width - Math.round(c.clientWidth * devicePixelRatio)) > 1
          || Math.abs(c.height - Math.round(c.clientHeight * devicePixelRatio)) > 1)
        .map((c) => `${c.closest('[data-chart]').dataset.chart}: ${c.width}×${c.height} drawn for ${c.clientWidth}×${c.clientHeight}`));
      assert.deepEqual(stretched, []);
      await screenshot(page, `${topic}-desktop`);

      // A slider, operated from the keyboard, changes figures and charts.
      const canvasBefore = await canvases(page);
      const moved = await moveASlider(page);
      assert.ok(moved, 'some slider changes the figures');
      const canvasAfter = await canvases(page);
      assert.ok(
        Object.keys(canvasAfter).some((k) => canvasAfter[k] !== canvasBefore[k]),
        `moving ${moved.id} repaints a chart`,
      );

      // Each preset, and its fix, changes what the checks say. The fix
      // button shows exactly for the stories the native model gives a fix.
      const presets = await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset));
      assert.equal(presets.length, 3);
      assert.ok(withFix[topic], `${topic}: the native model knows this topic`);
      for (const id of presets) {
        await page.click(`[data-preset="${id}"]`);
        assert.equal(await page.getAttribute(`[data-preset="${id}"]`, 'aria-pressed'), 'true');
        const story = await checks(page);
        const hasFix = withFix[topic].has(id);
        assert.equal(await page.isVisible('#apply-fix'), hasFix, `${id}: the fix button shows iff the story has a fix`);
        if (!hasFix) continue;
        await page.click('#apply-fix');
        assert.equal(await page.getAttribute('#apply-fix', 'aria-pressed'), 'true');
        const fixed = await checks(page);
        assert.notDeepEqual(fixed, story, `${id}: the fix flips a check`);
        assert.ok(Object.values(fixed).every(Boolean), `${id}: the fix passes every check`);
        assert.ok(Object.values(story).some((v) => !v), `${id}: the story fails a check`);
        await screenshot(page, `${topic}-${id}-fix`);
      }
      // Moved off the story on show, the page says its words no longer
      // describe the sliders; the story again, and the note goes.
      const last = presets[presets.length - 1];
      await page.click(`[data-preset="${last}"]`);
      await page.waitForSelector('#story-moved', { state: 'hidden' });
      // The note's line kept its place: what is under it does not move
      // when it shows (it pushed the sliders under the pointer).
      const layoutTop = () => page.$eval('.layout', (e) => e.getBoundingClientRect().top + window.scrollY);
      const top = await layoutTop();
      assert.ok(await moveASlider(page), 'a slider moves off the story');
      await page.waitForSelector('#story-moved', { state: 'visible' });
      assert.match(await page.textContent('#story-moved'), /^Moved off this story: .+\. The story's words describe its own values/);
      assert.equal(await layoutTop(), top, `${topic}: the first move off a story shifts the page under the pointer`);
      await page.click(`[data-preset="${last}"]`);
      await page.waitForSelector('#story-moved', { state: 'hidden' });
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});

test('every topic page reads at 360 px wide', async (t) => {
  for (const topic of topics) {
    await t.test(topic, async () => {
      const page = await openPage(browser, server.origin, { width: 360, height: 740 });
      await gotoTopic(page, server.origin, `?topic=${topic}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scrolling (overflow ${overflow}px)`);
      await screenshot(page, `${topic}-360px`);
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});

test('an event raised while the page updates is queued, not lost', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=consistent-hashing');
  const shown = (name) => page.textContent(`[data-param="${name}"] output`);
  const n = await renders(page);
  // Two moves in one task: both count.
  await page.evaluate(() => {
    for (const [id, up] of [['#p-cards_after', true], ['#p-cards_before', false]]) {
      const s = document.querySelector(id);
      if (up) s.stepUp(); else s.stepDown();
      s.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  assert.equal(await shown('cards_after'), '129 cards');
  assert.equal(await shown('cards_before'), '63 cards');
  assert.equal(await renders(page), n + 2);
  // A move raised from inside an update: the first slider's render writes
  // the render count on <body>, and that write moves the second slider.
  const inside = await page.evaluate(() => {
    const body = document.body;
    const output = () => document.querySelector('[data-param="cards_before"] output').textContent;
    let seen = null;
    body.setAttribute = function (name, value) {
      Element.prototype.setAttribute.call(this, name, value);
      if (name !== 'data-renders' || seen) return;
      seen = { before: output() };
      const s = document.querySelector('#p-cards_before');
      s.stepDown();
      s.dispatchEvent(new Event('input', { bubbles: true }));
      // Still inside the first update: the second move waits its turn.
      seen.during = output();
    };
    const first = document.querySelector('#p-cards_after');
    first.stepUp();
    first.dispatchEvent(new Event('input', { bubbles: true }));
    delete body.setAttribute;
    return seen;
  });
  assert.ok(inside, 'the first update wrote the render count');
  assert.equal(inside.during, inside.before, 'the inner event waited for the update under way');
  assert.equal(await shown('cards_after'), '130 cards');
  assert.equal(await shown('cards_before'), '62 cards', 'the inner event was handled, not dropped');
  assert.equal(await renders(page), n + 4);
  await page.waitForFunction(() => /cards_before=62/.test(location.search) && /cards_after=130/.test(location.search));
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

/** Sets slider `id` to `u` of its track and fires its input event; what the page shows right after, in the same task. */
function slideNow(page, id, u) {
  return page.evaluate(([id, u]) => {
    const el = document.querySelector(id);
    el.value = String(Number(el.min) + (Number(el.max) - Number(el.min)) * u);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    const b = document.body;
    return {
      stale: b.dataset.chartsStale,
      preview: b.hasAttribute('data-preview'),
      notes: document.querySelector('.notes')?.textContent,
      simRequests: document.querySelector('[data-figure="sim_requests"] dd')?.textContent,
      loadChart: document.querySelector('[data-chart="load"] canvas')?.toDataURL(),
    };
  }, [id, u]);
}

test('a move draws the charts on screen at once and the rest once the page rests', async () => {
  const page = await openPage(browser, server.origin, { width: 1280, height: 900 });
  await gotoTopic(page, server.origin, '?topic=load-balancing');
  await chartsDrawn(page);
  // At 1280×900 the charts sit below the scene: a move leaves them stale…
  assert.equal(await page.$$eval('[data-chart][data-on-screen="true"]', (e) => e.length), 0);
  const { stale } = await slideNow(page, '#p-cards', 0.3);
  assert.ok(Number(stale) >= 1, `charts off screen wait (${stale} stale)`);
  // …until the page rests: then each is drawn.
  await chartsDrawn(page);
  // A chart scrolled into view is drawn in the same task as the move.
  await page.$eval('[data-chart="load"]', (f) => f.scrollIntoView({ block: 'center' }));
  await page.waitForSelector('[data-chart="load"][data-on-screen="true"]');
  const before = await page.$eval('[data-chart="load"] canvas', (c) => c.toDataURL());
  const { loadChart: after } = await slideNow(page, '#p-cards', 0.7);
  assert.notEqual(after, before, 'the chart on screen changed with the move');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a slider whose full run takes longer than a frame shows a first look, then the full run', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=tiers-and-rate-limits');
  const full = await figures(page);
  const during = await slideNow(page, '#p-paid_rps', 0.61);
  assert.equal(during.preview, true, 'a preview is on show while the slider moves');
  assert.match(during.notes, /A first look while the slider moves/);
  // The slider rests: the full run replaces the preview.
  const settled = await figures(page);
  assert.ok(!(await page.textContent('.notes')).includes('A first look'), 'the preview note is gone');
  const n = (s) => Number(s.replace(/[^0-9.]/g, ''));
  assert.ok(n(settled.sim_requests) > n(during.simRequests), `the full run measures more requests (${settled.sim_requests} > ${during.simRequests})`);
  assert.notDeepEqual(settled, full, 'the move changed the figures');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a page whose full run is long opens on it, not on a first look whose figures change under the reader', async () => {
  const page = await openPage(browser, server.origin);
  await page.addInitScript(() => {
    // At the end of the task that marked data-shown: what the first paint shows.
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.shown) return;
      obs.disconnect();
      window.atShown = {
        ready: document.body.hasAttribute('data-ready'),
        preview: document.body.hasAttribute('data-preview'),
        notes: document.querySelector('.notes')?.textContent ?? '',
        keys: [...document.querySelectorAll('.keybar [data-figure] dd')].map((d) => d.textContent),
        terms: document.querySelectorAll('.help a.term').length,
      };
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shown'] });
  });
  await gotoTopic(page, server.origin, '?topic=inside-a-replica');
  const first = await page.evaluate(() => window.atShown);
  assert.equal(first.ready, false);
  assert.ok(first.keys.length >= 3, `the key figures are in the first paint: ${first.keys}`);
  assert.equal(first.preview, false, 'the first paint shows the full run');
  assert.ok(!first.notes.includes('A first look'), first.notes.slice(0, 120));
  assert.equal(await renders(page), 1, 'one run, not a first look and then the full run');
  assert.deepEqual(await page.$$eval('.keybar [data-figure] dd', (ds) => ds.map((d) => d.textContent)), first.keys,
    'the key figures of the first paint stand');
  // The help texts' terms are linked in the second task, after the paint.
  assert.equal(first.terms, 0);
  assert.ok((await page.$$('.help a.term')).length > 0, 'the help texts link their terms once ready');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the key to the moved dot shows once a parameter has moved, in the place it kept', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=warm-pool');
  const seen = () => page.$eval('.moved-key', (e) => getComputedStyle(e).visibility);
  const top = () => page.$eval('.controls .control', (e) => e.getBoundingClientRect().top);
  assert.equal(await page.$$eval('.control.moved', (e) => e.length), 0);
  assert.equal(await seen(), 'hidden', 'nothing moved: no key');
  const before = await top();
  await page.focus('section.controls input[type=range]');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.control.moved');
  assert.equal(await seen(), 'visible');
  assert.equal(await top(), before, 'the controls did not move');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('controls are labelled and charts read as text', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, `?topic=${topics[0]}`);
  const unlabelled = await page.$$eval('input, select', (els) =>
    els.filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id || e.name));
  assert.deepEqual(unlabelled, []);
  const charts = await page.$$('[data-chart]');
  assert.ok(charts.length >= 1);
  for (const chart of charts) {
    assert.ok((await (await chart.$('canvas')).getAttribute('aria-label')).length > 20);
    await (await chart.$('summary')).click();
    // The table is built when the details open (the toggle event is async).
    await chart.waitForSelector('table tbody tr');
    const rows = await chart.$$eval('table tbody tr', (trs) => trs.length);
    assert.ok(rows >= 1, 'the table alternative has rows');
  }
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the math panel is built when first opened, by a click or by a script, and only once', async () => {
  const page = await openPage(browser, server.origin);
  // By a click (a key on the summary clicks it too): the equations are
  // there when the panel shows, with no wait.
  await gotoTopic(page, server.origin, '?topic=tiers-and-rate-limits');
  assert.equal(await page.$eval('details.math', (d) => d.children.length), 1, 'folded: its summary only');
  await page.click('details.math > summary');
  const opened = await page.$eval('details.math', (d) => ({ open: d.open, eqs: d.querySelectorAll('.eq').length, all: d.getElementsByTagName('*').length }));
  assert.ok(opened.open && opened.eqs >= 3, JSON.stringify(opened));
  await page.click('details.math > summary');
  await page.click('details.math > summary');
  await page.waitForFunction(() => document.querySelector('details.math').open);
  assert.equal(await page.$eval('details.math', (d) => d.getElementsByTagName('*').length), opened.all, 'filled once');
  // By a script (a course page, a test): filled when the toggle event says so.
  await gotoTopic(page, server.origin, '?topic=inside-a-replica');
  await page.$eval('details.math', (d) => { d.open = true; });
  await page.waitForSelector('details.math[open] .eq math');
  assert.ok(await page.$eval('details.math', (d) => d.querySelectorAll('table.symbols tr').length) > 1);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the loader marks each wait of the start, in order, before the page is built', async () => {
  // The benchmark's table of what the first paint waited for reads these.
  const page = await openPage(browser, server.origin);
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.ready) return;
      obs.disconnect();
      window.builtAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  await gotoTopic(page, server.origin, `?topic=${topics[0]}`);
  const { marks, built } = await page.evaluate(() => ({
    marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    built: window.builtAt,
  }));
  for (const wait of ['styled', 'painted', 'compiled', 'glue']) {
    assert.ok(marks[`fleetlab:${wait}`] <= marks['fleetlab:start'], `fleetlab:${wait} before the start: ${JSON.stringify(marks)}`);
  }
  assert.ok(marks['fleetlab:start'] <= built, `the start before the page is built: ${JSON.stringify(marks)}, built ${built}`);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a topic page shows its first screen, then builds its challenge panel in a task after; a move between the two is kept, and the question the link names', async () => {
  const topic = topics.includes('autoscaling') ? 'autoscaling' : topics[0];
  const page = await openPage(browser, server.origin);
  await page.addInitScript(() => {
    // Runs at the end of the task that marked data-shown: the next task
    // (the panel's) has not run yet.
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.shown) return;
      obs.disconnect();
      const el = document.querySelector('section.controls input[type=range]');
      window.between = {
        ready: document.body.hasAttribute('data-ready'),
        panel: document.querySelectorAll('#q-text').length,
        charts: document.querySelectorAll('[data-chart] canvas').length,
      };
      window.between.before = el.value;
      el.value = String(Number(el.min) + (Number(el.max) - Number(el.min)) * 0.8);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      window.between.slider = el.id;
      window.between.moved = el.value;
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shown'] });
  });
  await gotoTopic(page, server.origin, `?topic=${topic}&challenge=C1&challenge_seed=5`);
  const between = await page.evaluate(() => window.between);
  assert.equal(between.ready, false, 'data-ready waits for the second task');
  assert.equal(between.panel, 0, 'no challenge panel in the first task');
  assert.ok(between.charts > 0, 'the charts are in the first screen');
  assert.notEqual(between.moved, between.before, 'the move changed the slider');
  assert.equal(await page.$eval(`#${between.slider}`, (e) => e.value), between.moved, 'the move made between the tasks stands');
  assert.ok((await page.textContent('#q-text')).trim().length > 0, 'the panel asks its question');
  const url = new URL(await addressWhenSettled(page));
  assert.equal(url.searchParams.get('challenge'), 'C1', url.search);
  assert.equal(url.searchParams.get('challenge_seed'), '5', url.search);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('an unknown topic in the URL is named, not an error', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=warp-drive');
  assert.match(await page.textContent('#notice'), /warp-drive/);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a panic shows the error banner instead of a dead page', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, `?topic=${topics[0]}`);
  assert.equal(await page.isHidden('#fatal'), true);
  await page.evaluate(() => { try { window.wasmBindings.fleetlabPanicForTest(); } catch (e) { /* the wasm trap */ } });
  assert.equal(await page.isVisible('#fatal'), true);
  assert.match(await page.textContent('#fatal'), /internal error and stopped \(a test asked for a panic\)\. Reload the page/);
  // The hook also logs the panic: that console error is expected here.
  assert.ok(page.problems().every((p) => /panicked|unreachable|RuntimeError/.test(p)), page.problems().join('\n'));
  await page.context().close();
});
