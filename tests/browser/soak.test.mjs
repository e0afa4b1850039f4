// A seeded random-UI soak: sessions of random actions over every page (topic
// pages, the practice page, the instructors page with its preview, the sample
// course page, fuzzed addresses) that fail on any console error, page error,
// failed request, request off the page's origin (support.mjs records them),
// panic banner or injected markup. Every wait is on a state the page exposes
// (body[data-ready], the settled address, the loaded preview), never a sleep.
//
// CI size by default. A long run, and a replay of one session:
//
//   FLEETLAB_SOAK_SESSIONS=200 node --test tests/browser/soak.test.mjs
//   FLEETLAB_SOAK_REPLAY=<session seed> node --test tests/browser/soak.test.mjs
//
// Also FLEETLAB_SOAK_SEED (the base seed sessions are derived from) and
// FLEETLAB_SOAK_ACTIONS (actions per session). A failure prints the session's
// seed, the replay command and the log of actions up to the failure. The
// page's own entropy (crypto.getRandomValues, which draws "fresh" questions)
// is seeded from the session too, so a replay meets the same questions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, nativeCli } from './support.mjs';

const SESSIONS = Number(process.env.FLEETLAB_SOAK_SESSIONS || 5);
const ACTIONS = Number(process.env.FLEETLAB_SOAK_ACTIONS || 30);
const BASE = Number(process.env.FLEETLAB_SOAK_SEED || 2026);
const REPLAY = process.env.FLEETLAB_SOAK_REPLAY;

let server;
let browser;
/** [{ id, presets, params: { name: default value } }] for every built topic. */
let catalog = [];
before(async () => {
  server = await serve();
  browser = await launch();
  const topics = JSON.parse(nativeCli(['topics', '--json'])).filter((t) => t.built);
  catalog = topics.map((t) => ({
    id: t.id,
    presets: t.presets,
    params: JSON.parse(nativeCli(['run', t.id, '--json'])).params,
  }));
});
after(async () => { await browser?.close(); await server?.close(); });

// ---- seeded randomness -----------------------------------------------------

/** A 32-bit mix (splitmix32's finalizer). */
function mix32(x) {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** mulberry32: a small seeded generator with the helpers the soak needs. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    float: next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    /** An entry of [[weight, value], ...]. */
    weighted: (table) => {
      let x = next() * table.reduce((s, [w]) => s + w, 0);
      for (const [w, v] of table) { x -= w; if (x < 0) return v; }
      return table[table.length - 1][1];
    },
  };
  return r;
}

// ---- junk ------------------------------------------------------------------

/** Markup that would show up (or run) if any text reached the page as HTML. */
const INJECT = [
  '<img src=x onerror="window.__soakInjected=1">',
  '"><b data-soak-injected>x</b>',
  "'><svg onload=window.__soakInjected=1>",
  '<script>window.__soakInjected=1</script>',
];
const JUNK = [
  '', ' ', '-', '+', '.', ',', 'e', '1e', '1e999', '-1e999', '1e-400', '1e308', 'NaN', 'nan', 'Infinity', '-Infinity',
  '∞', '-0', '0', '00', '007', '1__0', '1_000', '1,000', '1 000', '1.000,5', '0x10', '0b11', '1/3', '--5', '5-', '+-3',
  '12 cards', '50%', '150%', '-20%', '0.5', '.5', '5.', '3.14159', '2 ms', '1.2 s', '3 GB', '40 tok/s', '1,5',
  '9'.repeat(40), '0.0000000000000001', '   42  ', '\t7\n', 'ünïcödé', '١٢٣', '４２', '💥', '%00', '${1}', '{{x}}',
  'null', 'undefined', 'true', '[]', '{}', 'a'.repeat(300), ...INJECT,
];

/** Something a person (or a cat) might type into a box. */
function junk(r) {
  switch (r.int(5)) {
    case 0:
    case 1: return r.pick(JUNK);
    case 2: return String(Math.round(r.float() * 10 ** r.int(7)));
    case 3: return (r.float() * 10 ** (r.int(9) - 3) * (r.chance(0.2) ? -1 : 1)).toPrecision(1 + r.int(6));
    default: return `${r.int(1000)}${r.pick(['', ' ', '%', ' ms', ' s', ' cards', 'k', 'e3', ' $'])}`;
  }
}

/** A number near `x` (often outside any range), or junk. */
function nearby(r, x) {
  if (r.chance(0.3)) return junk(r);
  const v = typeof x === 'number' ? x : 1;
  return String(r.pick([0, -1, 1, v, v * 2, v / 2, v * 1000, -v, v + 1, v * r.float() * 3]));
}

const WORDS = ['hints', 'solution', 'score', 'practice', 'stories', 'scene'];
const KEYS = ['topic', 'preset', 'fix', 'challenge', 'challenge_seed', 'ask', 'embed', 'lock', 'hide', 'tries',
  'fixed_seed', 'chart_height', 'view', 'compare'];
/** Comparison ids of the scenes (some topic's, often not the topic on show). */
const COMPARE = ['signal', 'forecast', 'window', 'mode', 'share', 'round-robin-vs-hash', 'shed', 'spill', 'pool', 'all-warm'];

/** A random address: mostly well-formed names with odd values, some garbage. */
function fuzzAddress(r) {
  const t = r.pick(catalog);
  const names = Object.keys(t.params);
  const parts = [];
  const add = (k, v) => parts.push([k, v]);
  if (r.chance(0.9)) add('topic', r.chance(0.9) ? t.id : junk(r));
  if (r.chance(0.12)) add('view', r.pick(['practice', 'instructors', 'topic', 'drill', '', junk(r)]));
  if (r.chance(0.5)) add('preset', r.chance(0.8) ? r.pick(t.presets) : junk(r));
  if (r.chance(0.3)) add('fix', r.pick(['1', '0', 'true', 'yes', 'maybe', '']));
  for (let i = r.int(4); i > 0; i--) {
    const name = r.chance(0.9) ? r.pick(names) : r.pick([junk(r), 'utm_source', 'Topic', 'cards after']);
    add(name, nearby(r, t.params[name]));
  }
  if (r.chance(0.4)) add('challenge', r.pick(['C1', 'C2', 'C3', 'c2', 'C9', 'C0', junk(r)]));
  if (r.chance(0.3)) add('challenge_seed', r.pick([String(r.int(2 ** 32)), '9007199254740993', '-1', junk(r)]));
  if (r.chance(0.2)) add('ask', r.pick(['page', 'Page', 'x', '']));
  if (r.chance(0.2)) add('compare', r.chance(0.8) ? r.pick(COMPARE) : junk(r));
  if (r.chance(0.3)) add('embed', r.pick(['1', '0', 'yes', 'on', '']));
  if (r.chance(0.2)) add('lock', r.pick(['all', names.slice(0, 1 + r.int(names.length)).join(','), junk(r)]));
  if (r.chance(0.2)) add('hide', WORDS.filter(() => r.chance(0.4)).concat(r.chance(0.2) ? [junk(r)] : []).join(','));
  if (r.chance(0.2)) add('tries', nearby(r, 3));
  if (r.chance(0.2)) add('fixed_seed', nearby(r, 7));
  if (r.chance(0.2)) add('chart_height', nearby(r, 320));
  if (r.chance(0.1)) add(r.pick(KEYS), junk(r)); // a key twice
  for (let i = parts.length - 1; i > 0; i--) { // shuffled
    const j = r.int(i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  let q = parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  if (r.chance(0.15)) q += r.pick(['&&', '&=', '&%%%', '&%FF%FE=%C0', '&x', `&${'y='.repeat(200)}`, '#frag']);
  return `?${q}`;
}

// ---- the page's state ------------------------------------------------------

/** Which page is on show: topic, practice, instructors, course, or other. */
function viewOf(page) {
  return page.evaluate(() => {
    if (window.fleetlabEvents) return 'course';
    if (document.getElementById('i-form')) return 'instructors';
    if (document.querySelector('.drill')) return 'practice';
    if (document.querySelector('[data-param]')) return 'topic';
    return 'other';
  });
}

/** Waits until the document on show is built (or has shown its panic banner). */
async function built(page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const fatal = (d) => d?.getElementById('fatal')?.hidden === false;
    if (fatal(document)) return true;
    if (window.fleetlabEvents) {
      const frames = [...document.querySelectorAll('iframe[data-fleetlab]')];
      return frames.some((f) => fatal(f.contentDocument))
        || window.fleetlabEvents.filter((e) => e.data.type === 'ready').length >= frames.length;
    }
    return document.body?.hasAttribute('data-ready');
  });
}

/**
 * Waits until nothing the last action started is pending: a topic page's
 * address has settled, the instructors' preview shows the latest design, the
 * course page's frames have settled. (Or a panic banner shows.)
 */
async function quiet(page, view) {
  await page.waitForFunction((v) => {
    const fatal = (d) => d?.getElementById('fatal')?.hidden === false;
    const settled = (d, w) => d?.body?.dataset.addressSettled === w?.location.search;
    if (fatal(document)) return true;
    if (v === 'topic') return settled(document, window);
    if (v === 'instructors') {
      const f = document.getElementById('i-preview');
      return fatal(f?.contentDocument) || (f?.hasAttribute('data-loaded') && settled(f.contentDocument, f.contentWindow));
    }
    if (v === 'course') {
      return [...document.querySelectorAll('iframe[data-fleetlab]')]
        .every((f) => fatal(f.contentDocument) || settled(f.contentDocument, f.contentWindow));
    }
    return true;
  }, view);
}

/** Everything the soak fails on, besides what support.mjs records. */
function trouble(page) {
  return page.evaluate(() => {
    const out = [];
    const docs = [document, ...[...document.querySelectorAll('iframe')].map((f) => f.contentDocument).filter(Boolean)];
    for (const d of docs) {
      const fatal = d.getElementById('fatal');
      if (fatal && !fatal.hidden) out.push(`panic banner: ${fatal.textContent}`);
      if (d.querySelector('[data-soak-injected], img[src="x"], svg[onload]')) out.push('injected markup in the page');
      if (d.defaultView?.__soakInjected) out.push('injected script ran');
    }
    return out;
  });
}

// ---- actions ---------------------------------------------------------------

/** The indices of `selector`'s matches that a person could use now. */
function usable(scope, selector) {
  return scope.$$eval(selector, (els) => els
    .map((e, i) => [e, i])
    .filter(([e]) => !e.disabled && !e.closest('[hidden]') && e.getClientRects().length > 0
      // Folded in a closed <details> (its summary stays usable).
      && !(e.closest('details:not([open])') && !e.closest('summary')))
    .map(([, i]) => i));
}

/** Picks one usable match of `selector` in `scope`: [locator, index] or null. */
async function one(r, scope, selector) {
  const idx = await usable(scope, selector);
  if (!idx.length) return null;
  const i = r.pick(idx);
  return [scope.locator(selector).nth(i), i];
}

/**
 * Junk into a number box: typed key by key (the browser keeps what a number
 * box takes) or set by a script (sanitized to "" when not a number), then
 * Enter or Tab.
 */
async function typeNumber(r, box) {
  const text = junk(r).slice(0, 40);
  const key = r.pick(['Enter', 'Tab']);
  if (r.chance(0.6)) {
    await box.press('ControlOrMeta+a');
    await box.press('Delete');
    await box.pressSequentially(text);
    await box.press(key);
    return `typed ${JSON.stringify(text)} + ${key}`;
  }
  await box.evaluate((e, t) => { e.value = t; }, text);
  await box.press(key);
  return `set ${JSON.stringify(text)} by script + ${key}`;
}

const SLIDER_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

/** Actions inside a topic page (`scope`: the page, or a frame showing one). */
const onTopic = [
  [6, 'slider by keyboard', async (r, s) => {
    const c = await one(r, s, 'input[type=range]');
    if (!c) return null;
    const key = r.pick(SLIDER_KEYS);
    const n = 1 + r.int(4);
    for (let i = 0; i < n; i++) await c[0].press(key);
    return `range #${c[1]} ${key}×${n}`;
  }],
  [3, 'slider by script', async (r, s) => {
    const n = await s.$$eval('input[type=range]', (els) => els.length);
    if (!n) return null;
    const i = r.int(n);
    const value = r.pick([junk(r), String(r.float() * 2 - 0.5), '-1e9', '1e9', '']);
    const change = r.chance(0.5);
    await s.locator('input[type=range]').nth(i).evaluate((e, [v, ch]) => {
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      if (ch) e.dispatchEvent(new Event('change', { bubbles: true }));
    }, [value, change]);
    return `range #${i} set to ${JSON.stringify(value)} by script${change ? ' (+change)' : ''}`;
  }],
  [4, 'number box', async (r, s) => {
    const c = await one(r, s, '.controls input.num');
    if (!c) return null;
    return `number box #${c[1]} ${await typeNumber(r, c[0])}`;
  }],
  [2, 'choice', async (r, s) => {
    const c = await one(r, s, '.controls select');
    if (!c) return null;
    const n = await c[0].evaluate((e) => e.options.length);
    const index = r.int(n);
    await c[0].selectOption({ index });
    return `select #${c[1]} option ${index}`;
  }],
  [1, 'choice by script', async (r, s) => {
    const n = await s.$$eval('.controls select', (els) => els.length);
    if (!n) return null;
    const i = r.int(n);
    const v = r.pick(['-1', '99', 'x', '', '1.5']);
    await s.locator('.controls select').nth(i).evaluate((e, value) => {
      const o = document.createElement('option');
      o.value = value;
      e.append(o);
      e.value = value;
      e.dispatchEvent(new Event('change', { bubbles: true }));
      o.remove();
    }, v);
    return `select #${i} forced to ${JSON.stringify(v)} by script`;
  }],
  [3, 'story', async (r, s) => {
    const c = await one(r, s, '[data-preset]');
    if (!c) return null;
    await c[0].click();
    return `story ${await c[0].getAttribute('data-preset')}`;
  }],
  [2, 'fix', async (r, s) => {
    const c = await one(r, s, '#apply-fix');
    if (!c) return null;
    await c[0].press('Enter');
    return 'apply the fix';
  }],
  [1, 'defaults', async (r, s) => {
    const c = await one(r, s, '#reset');
    if (!c) return null;
    await c[0].click();
    return 'defaults';
  }],
  [2, 'challenge tab', async (r, s) => {
    const c = await one(r, s, '.q-tab');
    if (!c) return null;
    await c[0].click();
    return `tab ${await c[0].getAttribute('data-template')}`;
  }],
  [2, 'new question', async (r, s) => {
    const c = await one(r, s, r.chance(0.7) ? '#q-new' : '#q-live');
    if (!c) return null;
    await c[0].press('Enter');
    return `${await c[0].getAttribute('id')}`;
  }],
  [4, 'answer', async (r, s) => {
    const c = await one(r, s, '#q-answer');
    if (!c) return null;
    const text = junk(r);
    await c[0].fill(text);
    await c[0].press('Enter');
    return `answer ${JSON.stringify(text)}`;
  }],
  [1, 'hint or solution', async (r, s) => {
    const c = await one(r, s, r.pick(['#q-hint', '#q-solution']));
    if (!c) return null;
    await c[0].click();
    return `${await c[0].getAttribute('id')}`;
  }],
  [1, 'chart table', async (r, s) => {
    const c = await one(r, s, '[data-chart] summary');
    if (!c) return null;
    await c[0].click();
    return `chart table #${c[1]}`;
  }],
  [1, 'lever', async (r, s) => {
    const c = await one(r, s, '[data-check] .lever');
    if (!c) return null;
    await c[0].click();
    return `check lever #${c[1]}`;
  }],
  [1, 'more parameters', async (r, s) => {
    const c = await one(r, s, '#more-params > summary');
    if (!c) return null;
    await c[0].click();
    return 'more parameters (open or close)';
  }],
  [1, 'copy link', async (r, s) => {
    const c = await one(r, s, '.topic-head .copy');
    if (!c) return null;
    await c[0].click();
    return 'copy link';
  }],
];

const onPractice = [
  [5, 'answer', onTopic.find(([, n]) => n === 'answer')[2]],
  [3, 'next question', async (r, s) => {
    await s.locator('#q-new').click();
    return 'next question';
  }],
  [2, 'hint or solution', onTopic.find(([, n]) => n === 'hint or solution')[2]],
  [2, 'topic box', async (r, s) => {
    const c = await one(r, s, '.q-topics input[type=checkbox]');
    if (!c) return null;
    await c[0].press('Space');
    return `topic box #${c[1]}`;
  }],
  [1, 'import', async (r, s) => {
    const body = r.pick([
      junk(r),
      '{"version": 1, "entries": {}}',
      JSON.stringify({ version: 1, entries: { 'consistent-hashing/C1': { attempts: r.int(9), correct: r.int(9), first_try: r.int(3) } }, score: r.int(5) }),
      JSON.stringify({ version: r.int(4), entries: { [junk(r)]: { attempts: junk(r) } } }),
      '{"version": 1, "entries": {"x/C1": {"attempts": "lots"',
    ]);
    await s.evaluate(() => { document.getElementById('notice').textContent = ''; });
    await s.setInputFiles('#import', { name: 'progress.json', mimeType: 'application/json', buffer: Buffer.from(body) });
    await s.waitForFunction(() => document.getElementById('notice').textContent !== '');
    return `import ${JSON.stringify(body.slice(0, 80))}`;
  }],
  [1, 'export', async (r, s) => {
    const [download] = await Promise.all([s.waitForEvent('download'), s.locator('#export').click()]);
    await download.delete();
    return 'export';
  }],
];

const onInstructors = [
  [3, 'form select', async (r, s) => {
    const c = await one(r, s, '#i-form select');
    if (!c) return null;
    const n = await c[0].evaluate((e) => e.options.length);
    const index = r.int(n);
    await c[0].selectOption({ index });
    return `${await c[0].getAttribute('id')} option ${index}`;
  }],
  [3, 'form box', async (r, s) => {
    const c = await one(r, s, '#i-form input[type=checkbox]');
    if (!c) return null;
    await c[0].press('Space');
    return `${await c[0].getAttribute('id')} toggled`;
  }],
  [3, 'form number', async (r, s) => {
    const c = await one(r, s, '#i-seed, #i-tries, #i-height');
    if (!c) return null;
    return `${await c[0].getAttribute('id')} ${await typeNumber(r, c[0])}`;
  }],
  [1, 'back to the story', async (r, s) => {
    const c = await one(r, s, '#i-reset-values');
    if (!c) return null;
    await c[0].click();
    return 'back to the story\'s values';
  }],
  [3, 'in the preview', async (r, s) => {
    const frame = await (await s.$('#i-preview')).contentFrame();
    const [, name, act] = r.weighted(onTopic.map((a) => [a[0], a]));
    const did = await act(r, frame);
    return did && `preview: ${did}`;
  }],
  [1, 'copy', async (r, s) => {
    const c = await one(r, s, '#app .copy');
    if (!c) return null;
    await c[0].click();
    return `copy #${c[1]}`;
  }],
];

const onCourse = [
  [4, 'in a frame', async (r, s) => {
    const id = r.pick(['hashing', 'balancing']);
    const frame = await (await s.$(`#${id}`)).contentFrame();
    const [, , act] = r.weighted(onTopic.map((a) => [a[0], a]));
    const did = await act(r, frame);
    return did && `${id}: ${did}`;
  }],
];

/** Going somewhere: returns the log line; the caller waits for the page. */
const travel = [
  [2, 'resize', async (r, page) => {
    const size = { width: 320 + r.int(1300), height: 400 + r.int(700) };
    await page.setViewportSize(size);
    return `resize ${size.width}×${size.height}`;
  }],
  [1, 'reload', async (r, page) => { await page.reload(); return 'reload'; }],
  [2, 'back', async (r, page) => { await page.goBack(); return 'back'; }],
  [1, 'forward', async (r, page) => { await page.goForward(); return 'forward'; }],
  [1, 'instructors', async (r, page, origin) => {
    const href = await page.$eval('#embed-this', (a) => a.href).catch(() => null);
    await page.goto(href ?? `${origin}/index.html?view=instructors`);
    return href ? `embed this page (${new URL(href).search})` : 'instructors';
  }],
  [1, 'practice', async (r, page, origin) => { await page.goto(`${origin}/index.html?view=practice`); return 'practice'; }],
  [2, 'topic', async (r, page, origin) => {
    const t = r.pick(catalog).id;
    await page.goto(`${origin}/index.html?topic=${t}`);
    return `topic ${t}`;
  }],
  [2, 'fuzzed address', async (r, page, origin) => {
    const q = fuzzAddress(r);
    await page.goto(`${origin}/index.html${q}`);
    return `address ${q.length > 300 ? `${q.slice(0, 300)}…` : q}`;
  }],
  [0.5, 'course page', async (r, page, origin) => { await page.goto(`${origin}/course.html`); return 'course page'; }],
];

const ON_VIEW = { topic: onTopic, practice: onPractice, instructors: onInstructors, course: onCourse, other: [] };

// ---- a session -------------------------------------------------------------

async function session(seed) {
  const r = rng(seed);
  const log = [];
  const page = await openPage(browser, server.origin, { width: 900 + r.int(500), height: 700 + r.int(300), motion: true });
  // The page's "fresh" seeds come from the session: a replay draws the same.
  await page.context().addInitScript((s) => {
    let a = s >>> 0;
    crypto.getRandomValues = (arr) => {
      const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
      for (let i = 0; i < bytes.length; i++) {
        a = (a + 0x6d2b79f5) >>> 0;
        bytes[i] = Math.imul(a ^ (a >>> 15), a | 1) >>> 24;
      }
      return arr;
    };
  }, mix32(seed ^ 0x5eed));
  const fail = (why) => {
    const lines = log.map((l, i) => `  ${String(i + 1).padStart(2)}. ${l}`).join('\n');
    return new Error(`soak session ${seed} failed: ${why}\n`
      + `replay: FLEETLAB_SOAK_REPLAY=${seed} node --test tests/browser/soak.test.mjs\n`
      + `actions:\n${lines}`);
  };
  let view = 'other';
  const check = async () => {
    view = await viewOf(page);
    await quiet(page, view);
    const found = [...page.problems(), ...await trouble(page)];
    if (found.length) throw fail(found.join('; '));
  };
  try {
    const start = r.chance(0.7) ? `?topic=${r.pick(catalog).id}` : fuzzAddress(r);
    log.push(`open ${start}`);
    await page.goto(`${server.origin}/index.html${start}`);
    await built(page);
    await check();
    for (let n = 0; n < ACTIONS; n++) {
      const moves = ON_VIEW[view].map(([w, name, act]) => [w, ['page', name, act]]);
      // Mostly on the page, now and then elsewhere (always, off the app).
      const trips = travel.map(([w, name, act]) => [w * (view === 'other' ? 4 : 0.6), ['travel', name, act]]);
      const [kind, name, act] = r.weighted([...moves, ...trips]);
      log.push(`${name}…`);
      const did = await act(r, page, server.origin);
      log[log.length - 1] = did ?? `${name} (nothing to use)`;
      if (kind === 'travel') {
        // Back past the session's first page leaves the app: come back.
        if (!page.url().startsWith(server.origin)) {
          log.push(`left the app (${page.url()}); reopened ${catalog[0].id}`);
          await page.goto(`${server.origin}/index.html?topic=${catalog[0].id}`);
        }
        await built(page);
      }
      await check();
    }
  } catch (e) {
    if (e.message.startsWith('soak session')) throw e;
    throw fail(e.stack || String(e));
  } finally {
    await page.context().close();
  }
  return log;
}

const seeds = REPLAY
  ? [Number(REPLAY)]
  : Array.from({ length: SESSIONS }, (_, i) => mix32((BASE * 1000003 + i) >>> 0));

test(`random-UI soak: ${seeds.length} sessions × ${ACTIONS} actions`, async (t) => {
  for (const seed of seeds) {
    await t.test(`session ${seed}`, async (st) => {
      const log = await session(seed);
      assert.ok(log.length > ACTIONS);
      if (process.env.FLEETLAB_SOAK_VERBOSE) for (const line of log) st.diagnostic(line);
    });
  }
});

test('the soak sees what it fails on: a panic banner, a console error, injected markup', async () => {
  const page = await openPage(browser, server.origin, { motion: true });
  await page.goto(`${server.origin}/index.html?topic=${catalog[0].id}`);
  await built(page);
  assert.deepEqual(await trouble(page), []);
  await page.evaluate(() => {
    const b = document.createElement('b');
    b.setAttribute('data-soak-injected', '');
    document.getElementById('app').append(b);
  });
  assert.deepEqual(await trouble(page), ['injected markup in the page']);
  await page.evaluate(() => { try { window.wasmBindings.fleetlabPanicForTest(); } catch { /* the wasm trap */ } });
  await quiet(page, 'topic');
  assert.match((await trouble(page)).join(' '), /panic banner: .*internal error/);
  assert.ok(page.problems().some((p) => /console error: .*panicked/.test(p)), page.problems().join('; '));
  await page.context().close();
});
