// A page pays for what it shows (scripts/pages.mjs, www/loader.js): before
// its first chart or scene is on screen, a topic page fetches its own page
// build and the shell, and nothing of another topic or of the whole app; its
// challenge panel's part comes after that first paint; every
// other page loads the whole app; an address the loader and the app read
// differently still opens, handed from the page build to the whole app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { appUnderTest, openPage, figures, DIST } from './support.mjs';

const app = appUnderTest();

/**
 * Opens `query` and returns the files whose responses ended before the
 * page's first screen was built and painted (`data-shown` and the frame
 * after it; the browser's resource timing), the files requested before that
 * frame, and every file it fetched by the time every part was built
 * (`data-ready`), with the page's problems.
 */
async function fetches(query) {
  const page = await openPage(app.browser, app.origin);
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.shown) return;
      obs.disconnect();
      requestAnimationFrame(() => {
        // The first screen's frame: its paint follows this callback.
        window.__frame = performance.now();
        const done = new MessageChannel();
        done.port1.onmessage = () => { window.__painted = performance.now(); };
        done.port2.postMessage(0);
      });
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shown'] });
  });
  await page.goto(`${app.origin}/index.html${query}`);
  await page.waitForFunction(() => window.__painted && document.body.dataset.ready
    && [...document.querySelectorAll('a.term')].every((a) => a.title));
  const r = await page.evaluate(() => {
    const name = (e) => new URL(e.name).pathname.replace(/^\//, '');
    const all = performance.getEntriesByType('resource');
    return {
      before: all.filter((e) => e.responseEnd <= window.__painted).map(name),
      asked: all.filter((e) => e.startTime <= window.__frame).map(name),
      all: all.map(name),
      panel: !!document.querySelector('#practice [data-template]'),
      // Each term link's entry and description, once every link has one.
      terms: [...document.querySelectorAll('a.term')].map((a) => [a.getAttribute('href').split('#')[1], a.title]),
      drawn: document.querySelectorAll('[data-chart] canvas, section.scene canvas').length,
      menu: [...document.querySelectorAll('#topics a[href*="topic="]')].map((a) => new URL(a.href).searchParams.get('topic')),
    };
  });
  r.problems = page.problems();
  await page.context().close();
  return r;
}

const pageBuild = (f) => f.match(/^page-(.+)-[0-9a-f]{16}(_bg\.wasm|_panel\.wasm|_split\.js|\.js)$/)?.[1];
const panelPart = (f) => /_panel\.wasm$/.test(f);
const definitions = (f) => /^glossary-[0-9a-f]{16}\.json$/.test(f);
const whole = (f) => /^fleetlab-web-[0-9a-f]+(_bg\.wasm|\.js)$/.test(f);

test('dist holds a page build for every topic, named in index.html', () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  for (const topic of app.topics) {
    for (const [tag, ext] of [[`fleetlab-page:${topic}`, '.js'], [`fleetlab-page-wasm:${topic}`, '_bg.wasm']]) {
      const m = html.match(new RegExp(`<meta name="${tag}" content="\\./([^"]+)">`));
      assert.ok(m, `index.html names no ${tag}`);
      assert.ok(m[1].endsWith(ext) && pageBuild(m[1]) === topic, `${tag} names ${m[1]}`);
      assert.ok(fs.existsSync(path.join(DIST, m[1])), `${m[1]} is not in dist/`);
    }
    // Its challenge panel's part, and the module the glue imports to load it.
    const stem = html.match(new RegExp(`<meta name="fleetlab-page:${topic}" content="\\./([^"]+)\\.js">`))[1];
    for (const part of [`${stem}_split.js`, `${stem}_panel.wasm`]) {
      assert.ok(fs.existsSync(path.join(DIST, part)), `${part} is not in dist/`);
    }
    assert.match(fs.readFileSync(path.join(DIST, `${stem}.js`), 'utf8'), new RegExp(`from ?"\\./${stem}_split\\.js"`), `${stem}.js imports its panel's loader`);
  }
});

// Weight a page build carries without showing anything by it: the standard
// library's number reader (its 10 KB table of 128-bit powers of five, whose
// first entry is 5^-342's top 64 bits), which model::decimal::parse replaces.
// One `.parse::<f64>()` in code a page links brings it back.
test('no build carries the standard library\'s number reader', () => {
  const first = Buffer.alloc(8);
  first.writeBigUInt64LE(0xeef453d6923bd65an);
  const wasm = fs.readdirSync(DIST).filter((f) => f.endsWith('.wasm'));
  assert.ok(wasm.length > app.topics.length, `dist holds ${wasm.length} wasm files`);
  for (const f of wasm) {
    assert.equal(fs.readFileSync(path.join(DIST, f)).indexOf(first), -1, `${f} links core's float reader (a .parse::<f64>()?)`);
  }
});

// Unicode's case tables (core's LOWERCASE_TABLE, whose first entries map
// U+00C0 to U+00E0 and U+00C1 to U+00E1; UPPERCASE_TABLE, U+00B5 to U+039C
// and U+00DF to a flagged entry): 4–7 KB brotli each on a page. A graded
// page's learner seed folds the learner's name to lowercase, and only the
// panel's part reads it (src/web/practice_load.rs, Mount); the pages' own
// words change case in ASCII. A `to_lowercase()` or `to_uppercase()` in
// code the page runs before its panel brings a table back.
test('no topic page\'s first part carries Unicode\'s case tables', () => {
  const entries = (pairs) => {
    const b = Buffer.alloc(4 * pairs.length);
    pairs.forEach((c, i) => b.writeUInt32LE(c, 4 * i));
    return b;
  };
  const tables = { lowercase: entries([0xc0, 0xe0, 0xc1, 0xe1]), uppercase: entries([0xb5, 0x39c, 0xdf, 0x400000]) };
  const whole = fs.readdirSync(DIST).find((f) => /^fleetlab-web-.*_bg\.wasm$/.test(f));
  for (const [name, table] of Object.entries(tables)) {
    assert.notEqual(fs.readFileSync(path.join(DIST, whole)).indexOf(table), -1, `${whole} has the ${name} table this looks for`);
  }
  const first = fs.readdirSync(DIST).filter((f) => /^page-.*_bg\.wasm$/.test(f));
  assert.equal(first.length, app.topics.length, `one page build per topic: ${first}`);
  for (const f of first) {
    for (const [name, table] of Object.entries(tables)) {
      assert.equal(fs.readFileSync(path.join(DIST, f)).indexOf(table), -1, `${f} links Unicode's ${name} table (a to_${name}() before the panel?)`);
    }
  }
});

test('a topic page fetches only its own page build before its first paint', async (t) => {
  assert.ok(app.topics.length >= 9, `nine topics on the menu, found ${app.topics.length}`);
  // Every definition, as the glossary page (the whole app's) shows it.
  const list = await openPage(app.browser, app.origin);
  await list.goto(`${app.origin}/index.html?view=glossary`);
  await list.waitForSelector('body[data-ready]');
  const glossary = Object.fromEntries(await list.$$eval('.glossary .entry', (es) => es.map((e) => [e.id, e.querySelector('dd').firstChild.textContent])));
  await list.context().close();
  assert.ok(Object.keys(glossary).length > 20, `the glossary page lists ${Object.keys(glossary).length} terms`);
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const r = await fetches(`?topic=${topic}`);
      assert.deepEqual(r.problems, []);
      assert.ok(r.drawn > 0, 'the page drew a chart or a scene');
      const code = r.before.filter((f) => f.endsWith('.wasm') || pageBuild(f) || whole(f));
      assert.deepEqual(code.filter((f) => f.endsWith('.wasm')).map(pageBuild), [topic],
        `one wasm, its own page build: ${code.join(', ')}`);
      assert.ok(code.filter(panelPart).length === 0 && !r.asked.some(panelPart),
        `the challenge panel's part is asked for after the first paint: ${r.asked.join(', ')}`);
      // So are the glossary's definitions, and then every term link has its
      // own, as the glossary page gives it.
      assert.ok(!r.asked.some(definitions), `the definitions are asked for after the first paint: ${r.asked.join(', ')}`);
      assert.equal(r.all.filter(definitions).length, 1, r.all.join(', '));
      assert.ok(r.terms.length > 0, 'the page links glossary terms');
      for (const [id, title] of r.terms) assert.equal(title, glossary[id], `the link to ${id}`);
      // Then it comes, and the panel with it.
      assert.deepEqual(r.all.filter(panelPart).map(pageBuild), [topic], r.all.join(', '));
      assert.ok(r.panel, 'the challenge panel is on the page');
      const foreign = r.all.filter((f) => whole(f) || (pageBuild(f) && pageBuild(f) !== topic));
      assert.deepEqual(foreign, [], 'nothing of the whole app or another topic');
      // Its menu still links every topic (each opens with its own build).
      assert.deepEqual(r.menu, app.topics);
    });
  }
});

// The network fails between the page and its panel's part: the page stays
// usable, says the questions did not load and how to try again, and says it
// is ready; the next load fetches the part again.
test('a topic page whose panel part cannot be fetched says so, and works', async () => {
  const topic = app.topics[0];
  const page = await openPage(app.browser, app.origin);
  await page.route(/_panel\.wasm$/, (route) => route.abort('internetdisconnected'));
  await page.goto(`${app.origin}/index.html?topic=${topic}`);
  await page.waitForSelector('body[data-ready]');
  const said = await page.textContent('#practice-not-loaded');
  assert.match(said, /did not load/);
  assert.match(said, /Reload the page/);
  assert.equal(await page.$('#practice [data-template]'), null);
  // The rest of the page still follows its controls.
  const before = JSON.stringify(await figures(page));
  await (await page.$$('[data-preset]'))[1].click();
  await page.waitForFunction((b) => JSON.stringify(Object.fromEntries([...document.querySelectorAll('[data-figure]')]
    .map((e) => [e.dataset.figure, e.querySelector('dd').textContent]))) !== b, before);
  // What went wrong is the aborted part (and its console report), nothing else.
  assert.ok(page.problems().length > 0 && page.problems().every((p) => /_panel\.wasm|failed to fetch|Failed to fetch|internet/i.test(p)), page.problems().join('\n'));
  await page.unroute(/_panel\.wasm$/);
  await page.reload();
  await page.waitForSelector('#practice [data-template]');
  await page.context().close();
});

// A prediction's figure is read by the answer reader, and recorded, by code
// that comes in the panel's part: committed before the part has come, the
// prediction waits for it ("Reading your prediction…") and is then read as
// a question's answer is ("20 s"); where the part cannot be fetched, a plain
// number is read in the figure's unit, and the reveal says it was not
// recorded.
test('a prediction committed before the panel part has come is read when it comes', async () => {
  for (const refused of [false, true]) {
    const page = await openPage(app.browser, app.origin);
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/_panel\.wasm$/, async (route) => {
      await held;
      await (refused ? route.abort('internetdisconnected') : route.continue());
    });
    await page.goto(`${app.origin}/index.html?topic=warm-pool&predict=on`);
    await page.waitForSelector('body[data-shown]');
    await page.click('[data-preset="all-cold"]');
    await page.waitForSelector('#poe-form:not([hidden])');
    if (refused) {
      // Only a plain number reads now; a unit is refused before anything
      // is shown, with how to mend it.
      await page.fill('#poe-0', '20 s');
      await page.check('input[name=poe-1][value="1"]');
      await page.click('#poe-commit');
      release();
      await page.waitForFunction(() => /type a plain number/.test(document.querySelector('#poe-reveal').textContent));
      assert.equal(await page.isVisible('#poe-form'), true);
    }
    await page.fill('#poe-0', refused ? '20' : '20 s');
    await page.check('input[name=poe-1][value="1"]');
    await page.click('#poe-commit');
    if (!refused) {
      // Still waiting: the part is held (no `data-ready` without it).
      await page.waitForFunction(() => /Reading your prediction/.test(document.querySelector('#poe-reveal').textContent));
      assert.equal(await page.getAttribute('body', 'data-ready'), null);
    }
    release();
    await page.waitForSelector('#poe-reveal[data-recorded="all-cold"]');
    const rows = await page.$$eval('#poe-reveal tbody tr', (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    assert.deepEqual(rows[0].slice(1, 2), ['20 s'], `${refused ? 'refused' : 'held'}: ${JSON.stringify(rows)}`);
    await page.waitForSelector('body[data-ready]');
    if (refused) {
      // The record's code is in the part too: the reveal says it was not kept.
      assert.match(await page.textContent('#poe-reveal'), /Not saved: .*Reload the page/);
      assert.ok(page.problems().every((p) => /_panel\.wasm|failed to fetch|Failed to fetch|internet/i.test(p)), page.problems().join('\n'));
    } else {
      assert.deepEqual(page.problems(), []);
    }
    await page.context().close();
  }
});

test('every other page loads the whole app', async () => {
  for (const query of ['', '?view=practice', '?view=glossary', '?view=home']) {
    const r = await fetches(query);
    assert.deepEqual(r.problems, [], query);
    const wasm = r.all.filter((f) => f.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `${query}: ${wasm.join(', ')}`);
    assert.ok(whole(wasm[0]), `${query} loads the whole app, not ${wasm[0]}`);
  }
});

test('an address the loader reads as a topic page but the app does not is handed to the whole app', async () => {
  // The loader skips a value it cannot unescape; the app keeps it, reads
  // "view=pr%ZZ" as no view it knows and shows the topic page with a note.
  const topic = app.topics[2];
  const r = await fetches(`?topic=${topic}&view=pr%ZZ`);
  const wasm = r.all.filter((f) => f.endsWith('.wasm'));
  assert.deepEqual(wasm.map((f) => pageBuild(f) ?? 'whole'), [topic, 'whole']);
  assert.ok(r.drawn > 0);
  assert.deepEqual(r.problems, []);
});

// The loader is a script the parser waits for, and Chromium's preload scanner
// stops at the page's <meta> CSP: without the preloads scripts/pages.mjs
// puts above the policy, the stylesheet and theme.js were requested only
// once the loader had arrived, a round trip later. Here the loader is held
// until both have been requested (a page that asks for them only after it
// would wait here until the test fails), and no preload goes unused.
test('a page requests its stylesheet and theme while its loader is on the way', async () => {
  for (const query of [`?topic=${app.topics[0]}`, '']) {
    const page = await openPage(app.browser, app.origin);
    const warnings = [];
    page.on('console', (m) => { if (/preload/i.test(m.text())) warnings.push(m.text()); });
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/\/loader-[0-9a-f]+\.js$/, async (route) => { await held; await route.continue(); });
    const asked = Promise.all([/\/style-[0-9a-f]+\.css$/, /\/theme-[0-9a-f]+\.js$/].map((f) => page.waitForRequest(f)));
    await page.goto(`${app.origin}/index.html${query}`, { waitUntil: 'commit' });
    await asked.finally(release);
    await page.waitForSelector('body[data-ready]');
    assert.deepEqual(warnings, [], `${query || '(home)'}: a preload went unused or was refused`);
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
});
