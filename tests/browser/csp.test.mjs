// The Content-Security-Policy: every page of dist/ carries it as its first
// <meta> after the charset, with no 'unsafe-inline' or 'unsafe-eval' (only
// 'wasm-unsafe-eval'), and every view runs under it without one violation:
// each topic, its stories and fixes, charts, tables, hints and answers, the
// practice, instructors and glossary views (with a topic's math panel open),
// an embed, the sample course page, and the
// app opened from disk. A violation is seen twice: as a
// `securitypolicyviolation` event (recorded in every frame by an init script)
// and as Chromium's console error (support.mjs records those).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  appUnderTest, openPage, gotoTopic, answer, load, presetsWithFix, DIST,
} from './support.mjs';

const app = appUnderTest();
const withFix = presetsWithFix();

/** A page (support.mjs's openPage) whose every frame records CSP violations. */
async function cspPage(origin) {
  const page = await openPage(app.browser, origin);
  const csp = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) csp.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.context().addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile || e.documentURI}:${e.lineNumber} ${e.sample || ''}`);
    }, true);
  });
  page.cspConsole = () => csp.slice();
  return page;
}

/** A cspPage of the app with `query` loaded. */
async function cspTopic(query) {
  const page = await cspPage(app.origin);
  await gotoTopic(page, app.origin, query);
  return page;
}

/**
 * Every violation recorded so far, in every frame: events, then console
 * lines. A violation event is queued as a task; a task queued now, in each
 * frame, runs after it.
 */
async function violations(page) {
  const seen = [];
  for (const frame of page.frames()) {
    const got = await frame.evaluate(() => new Promise((ok) => {
      setTimeout(() => ok(window.cspViolations ?? ['no recorder in this frame']), 0);
    })).catch((e) => [`could not read ${frame.url()}: ${e.message}`]);
    seen.push(...got.map((v) => `${frame.url()}: ${v}`));
  }
  return [...seen, ...page.cspConsole()];
}

/** The page's policy: present, first after the charset, and strict. */
async function assertPolicy(frame) {
  const head = await frame.$$eval('head > *', (els) => els.map((e) => ({
    tag: e.tagName.toLowerCase(),
    equiv: (e.getAttribute('http-equiv') || '').toLowerCase(),
    content: e.getAttribute('content') || '',
    rel: e.getAttribute('rel') || '',
    href: e.getAttribute('href') || e.getAttribute('src') || '',
  })));
  const at = head.findIndex((e) => e.equiv === 'content-security-policy');
  assert.ok(at >= 0, `${frame.url()}: a Content-Security-Policy meta tag`);
  // Above the policy only preloads of this folder's files that the head
  // below the policy loads itself (scripts/pages.mjs): requested early,
  // each one the policy allows. Nothing else that loads comes before it.
  const after = new Set(head.slice(at + 1).filter((e) => e.tag === 'script' || (e.tag === 'link' && e.rel === 'stylesheet')).map((e) => e.href));
  const before = head.slice(0, at).filter((e) => e.tag === 'script' || e.tag === 'style' || (e.tag === 'link' && e.rel !== 'icon'))
    .filter((e) => !(e.tag === 'link' && e.rel === 'preload' && /^\.\/[\w.-]+$/.test(e.href) && after.has(e.href)));
  assert.deepEqual(before, [], 'nothing that loads comes before the policy but preloads of what the head loads after it');
  const policy = head[at].content;
  assertStrict(policy);
  return policy;
}

function assertStrict(policy) {
  const dirs = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k, v]));
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|'strict-dynamic'|\*/, policy);
  assert.deepEqual(dirs['default-src'], ["'self'"]);
  assert.ok(["'self'", "'self' 'wasm-unsafe-eval'"].includes(dirs['script-src'].join(' ')), `script-src ${dirs['script-src']}`);
  assert.deepEqual(dirs['style-src'], ["'self'"]);
  assert.deepEqual(dirs['object-src'], ["'none'"]);
  assert.deepEqual(dirs['base-uri'], ["'none'"]);
  assert.deepEqual(dirs['form-action'], ["'none'"]);
}

async function assertClean(page) {
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(page.problems(), []);
}

test('every page of dist/ carries the policy and no inline script, style or handler', () => {
  const pages = fs.readdirSync(DIST).filter((f) => f.endsWith('.html'));
  assert.ok(pages.includes('index.html') && pages.includes('course.html'), pages.join(' '));
  for (const f of pages) {
    const html = fs.readFileSync(path.join(DIST, f), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.ok(meta, `${f}: the policy`);
    assertStrict(meta[1]);
    assert.deepEqual(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [], [], `${f}: inline scripts`);
    assert.deepEqual(html.match(/<style\b[^>]*>/g) ?? [], [], `${f}: style elements`);
    assert.deepEqual(html.match(/<[^>]+\s(style|on[a-z]+)=[^>]*>/g) ?? [], [], `${f}: style or handler attributes`);
    assert.doesNotMatch(html, /javascript:/i, `${f}: javascript: URLs`);
  }
});

test('the recorder sees a violation (the checks below can fail)', async () => {
  const page = await cspTopic(`?topic=${app.topics[0]}`);
  assert.deepEqual(await violations(page), []);
  await page.evaluate(() => {
    const s = document.createElement('style');
    s.textContent = 'body { color: red }';
    document.head.append(s);
    document.getElementById('app').insertAdjacentHTML('beforeend', '<span style="color: red">x</span>');
  });
  const seen = await violations(page);
  assert.ok(seen.some((v) => /style-src-elem blocked inline/.test(v)), seen.join('\n'));
  assert.ok(seen.some((v) => /style-src-attr blocked inline/.test(v)), seen.join('\n'));
  assert.ok(seen.some((v) => /^console error: .*Content Security Policy/.test(v)), seen.join('\n'));
  await page.context().close();
});

test('every topic, its stories, fixes, charts and practice run under the policy', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await cspTopic(`?topic=${topic}`);
      const policy = await assertPolicy(page.mainFrame());
      assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/);
      await assertClean(page);

      // Every story and fix repaints the charts and their legends.
      for (const id of await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset))) {
        await page.click(`[data-preset="${id}"]`);
        if (withFix[topic]?.has(id)) await page.click('#apply-fix');
      }
      await page.click('#reset');
      // The legends keep their colours (set through the CSSOM).
      const swatches = await page.$$eval('.legend .swatch', (ss) => ss.map((x) => getComputedStyle(x).getPropertyValue('--c').trim()));
      assert.ok(swatches.length > 0 && swatches.every((c) => /^#[0-9a-f]{6}$/.test(c)), swatches.join(' '));
      // A slider from the keyboard, every chart's table, an answer, a hint.
      const slider = await page.$('input[type=range]:not(:disabled)');
      await slider.focus();
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      for (const s of await page.$$('[data-chart] details summary')) await s.click();
      await page.waitForSelector('[data-chart] details[open] table');
      if (await page.isVisible('#q-answer')) {
        await answer(page, '1');
        await page.waitForSelector('#q-feedback[data-verdict]');
        if (await page.isVisible('#q-hint')) await page.click('#q-hint');
      }
      await assertClean(page);

      // A link to a story with its fix.
      const fixed = [...(withFix[topic] ?? [])][0];
      if (fixed) {
        await gotoTopic(page, app.origin, `?topic=${topic}&preset=${fixed}&fix=1`);
        assert.equal(await page.getAttribute('#apply-fix', 'aria-pressed'), 'true');
        await assertClean(page);
      }
      await page.context().close();
    });
  }
});

test('the practice view, with an answer and an export, runs under the policy', async () => {
  const page = await cspTopic('?view=practice&kinds=numbers');
  await assertPolicy(page.mainFrame());
  await answer(page, '1');
  await page.waitForSelector('#q-feedback[data-verdict]');
  await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  await assertClean(page);
  await page.context().close();
});

test('the glossary view, and a topic page with its term links and math panel, run under the policy', async () => {
  const page = await cspTopic('?view=glossary#card');
  await assertPolicy(page.mainFrame());
  await page.waitForSelector('#card.current dfn');
  await gotoTopic(page, app.origin, '?topic=tiers-and-rate-limits&preset=incident');
  // Reachable from the page: the menu and the footer link the glossary,
  // and the question's first terms link their entries.
  assert.ok(await page.$('#topics a[href="?view=glossary"]'));
  assert.ok(await page.$('.site-foot a[href="?view=glossary"]'));
  assert.ok(await page.$('.question a.term[href^="?view=glossary#"]'));
  await page.click('details.math > summary');
  await page.waitForSelector('details.math[open] .eq math mfrac');
  await assertClean(page);
  await page.context().close();
});

test('the instructors view and its live preview run under the policy', async () => {
  const page = await cspTopic('?view=instructors');
  await assertPolicy(page.mainFrame());
  await page.selectOption('#i-topic', 'consistent-hashing');
  await page.selectOption('#i-preset', 'modulo-plus-one');
  await page.fill('#i-height', '240');
  await page.press('#i-height', 'Tab');
  const preview = await (await page.$('#i-preview')).contentFrame();
  await preview.waitForFunction(() => document.body?.dataset.ready && /preset=modulo-plus-one.*chart_height=240/.test(location.search));
  await assertPolicy(preview);
  await assertClean(page);
  await page.context().close();
});

test('an embed with locks, a chart height and hidden parts runs under the policy', async () => {
  const page = await cspTopic(
    '?topic=consistent-hashing&preset=modulo-plus-one&embed=1&lock=cards_before,families&challenge=C2&fixed_seed=7&tries=3&hide=solution&chart_height=240');
  await assertPolicy(page.mainFrame());
  assert.equal(await page.getAttribute('html', 'class'), 'embed');
  // The chart height arrives through the CSSOM, which the policy allows.
  assert.equal(await page.$eval('[data-chart] canvas', (c) => getComputedStyle(c).height), '240px');
  await page.click('#apply-fix');
  await assertClean(page);
  await page.context().close();
});

test('the sample course page and its two frames run under the policy', async () => {
  const page = await cspPage(app.origin);
  await page.goto(`${app.origin}/course.html`);
  await page.waitForFunction(() => window.fleetlabEvents?.filter((e) => e.data.type === 'ready').length === 2);
  const policy = await assertPolicy(page.mainFrame());
  assert.doesNotMatch(policy, /wasm-unsafe-eval/, 'the course page runs no wasm');
  assert.equal(page.frames().length, 3);
  for (const f of page.frames().slice(1)) await assertPolicy(f);
  // The frames' height events resize them (CSSOM from course.js).
  await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.style.height && f.style.height !== '900px'));
  await assertClean(page);
  await page.context().close();
});

test('from disk (file://), the app and the course page run under the policy', async () => {
  const page = await cspPage('file://');
  const index = pathToFileURL(path.join(DIST, 'index.html')).href;
  await load(page, `${index}?topic=consistent-hashing&preset=modulo-doubling&fix=1`);
  await assertPolicy(page.mainFrame());
  await page.focus('#p-cards_after');
  await page.keyboard.press('ArrowLeft');
  await assertClean(page);
  await load(page, `${index}?view=instructors`);
  await (await (await page.$('#i-preview')).contentFrame()).waitForSelector('body[data-ready]');
  await assertClean(page);
  await page.goto(pathToFileURL(path.join(DIST, 'course.html')).href);
  await page.waitForFunction(() => window.fleetlabEvents?.filter((e) => e.data.type === 'ready').length === 2);
  await assertClean(page);
  await page.context().close();
});

test('the panic banner shows under the policy', async () => {
  const page = await cspTopic(`?topic=${app.topics[0]}`);
  await page.evaluate(() => { try { window.wasmBindings.fleetlabPanicForTest(); } catch (e) { /* the wasm trap */ } });
  assert.equal(await page.isVisible('#fatal'), true);
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});
