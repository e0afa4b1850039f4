// Assessment a course can trust, and grades that reach it: tries per
// question hold across a reload, "New question" and a new tab; a hidden
// solution (and the answer in it) enters the page only when the tries are
// used; a check whose lever is locked says so; an embedded question is about
// the story on screen; graded and progress events carry xAPI statements; a
// refused save or an over-large import is said, and the record kept; and
// the SCORM packages `fleetlab scorm` writes run under scorm-again, the
// run-time library LMSes embed, which records the score and each answer:
// each learner (the LMS's learner id) gets numbers of their own, the same
// on every launch; a finished question stays finished in a fresh browser
// given its suspend_data; a page opened with other options than the
// package's records nothing and says why; a one-question package scores
// that question alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  launch, openPage, gotoTopic, load, reload, answer, challengeKey, exactAnswer, nativeCli,
  closeClean, screenshot, ROOT, DIST,
} from './support.mjs';

const WORK = path.join(ROOT, 'artifacts', 'lms');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.xml': 'application/xml',
};

/** Serves each folder of `map` under its prefix ('/' last), on 127.0.0.1. */
function serveMap(map) {
  const prefixes = Object.keys(map).sort((a, b) => b.length - a.length);
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const prefix = prefixes.find((k) => p.startsWith(k));
    const dir = map[prefix];
    const file = path.normalize(path.join(dir, p.slice(prefix.length)));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) })));
}

// The LMS-like host: loads scorm-again as the LMS's API (window.API for
// SCORM 1.2, window.API_1484_11 for 2004) unless told `api=none`, frames
// `frame`, and keeps what it hears: the API's commits and finish, and any
// message from its frame (a Fleetlab page framed directly).
const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="/lms/scorm-again.js"></script><script src="/lms/host.js"></script></head>
<body><iframe id="sco" title="course" width="1000" height="1200"></iframe><script src="/lms/frame.js"></script></body></html>`;
const HOST_JS = `
var q = new URLSearchParams(location.search);
window.lms = { commits: 0, finished: false, events: [] };
if (q.get('api') === '1.2' || q.get('api') === '2004') {
  var api = q.get('api') === '1.2' ? new Scorm12API({ autocommit: false, logLevel: 5 }) : new Scorm2004API({ autocommit: false, logLevel: 5 });
  api.on(q.get('api') === '1.2' ? 'LMSCommit' : 'Commit', function () { window.lms.commits++; });
  api.on(q.get('api') === '1.2' ? 'LMSFinish' : 'Terminate', function () { window.lms.finished = true; });
  if (q.get('api') === '1.2') window.API = api; else window.API_1484_11 = api;
  // What the LMS knows before the SCO starts: the learner, a saved attempt.
  var pre = {};
  if (q.get('learner')) pre[q.get('api') === '1.2' ? 'cmi.core.student_id' : 'cmi.learner_id'] = q.get('learner');
  if (q.get('suspend')) pre['cmi.suspend_data'] = q.get('suspend');
  api.loadFromFlattenedJSON(pre, '');
}
addEventListener('message', function (e) { if (e.data && e.data.source === 'fleetlab') window.lms.events.push(e.data); });`;
const FRAME_JS = `document.getElementById('sco').src = new URLSearchParams(location.search).get('frame');`;

let server;
let browser;
/** What `fleetlab scorm` said, by package folder. */
const built = {};

/** Writes package `name` with `args` and unzips it as an LMS would. */
function pack(name, args) {
  const zip = path.join(WORK, `${name}.zip`);
  built[name] = nativeCli(['scorm', ...args, '--dist', DIST, '--out', zip]);
  execFileSync('unzip', ['-q', zip, '-d', path.join(WORK, name)]);
}

before(() => {
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(path.join(WORK, 'host'), { recursive: true });
  fs.writeFileSync(path.join(WORK, 'host', 'host.html'), HOST_HTML);
  fs.writeFileSync(path.join(WORK, 'host', 'host.js'), HOST_JS);
  fs.writeFileSync(path.join(WORK, 'host', 'frame.js'), FRAME_JS);
  fs.copyFileSync(path.join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm-again.js'), path.join(WORK, 'host', 'scorm-again.js'));
  for (const v of ['1.2', '2004']) {
    // Every learner the same question (fixed_seed), the topic's three asked.
    pack(`pkg-${v}`, ['consistent-hashing', '--challenge', 'C3', '--fixed-seed', '7', '--questions', 'drawn',
      '--tries', '3', '--version', v]);
    // C1 alone, drawn for each learner from the salt, two tries.
    pack(`draw-${v}`, ['consistent-hashing', '--only', 'C1', '--salt', '4242', '--tries', '2', '--version', v]);
  }
  // One question of three: C2, the package's own fresh salt.
  pack('one-2004', ['consistent-hashing', '--only', 'C2', '--version', '2004']);
});
before(async () => {
  const folders = { '/lms/': path.join(WORK, 'host'), '/': DIST };
  for (const name of Object.keys(built)) folders[`/${name}/`] = path.join(WORK, name);
  server = await serveMap(folders);
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

/** The frame whose address contains `part`, once its page is ready. */
async function frameOf(page, part) {
  await page.waitForFunction((p) => {
    const find = (w) => {
      if (w.location.href.includes(p)) return w;
      for (let i = 0; i < w.frames.length; i++) { const f = find(w.frames[i]); if (f) return f; }
      return null;
    };
    return find(window)?.document.body?.dataset.ready;
  }, part);
  return page.frames().find((f) => f.url().includes(part));
}

/** A share answer that is clearly wrong for key `k`. */
function wrongShare(k) {
  const pct = k.answer * 100;
  return `${(pct < 60 ? pct + 17 : pct - 17).toFixed(2)}%`;
}

test('tries hold across a reload, "New question" and a new tab; a third try is refused', async () => {
  const page = await openPage(browser, server.origin);
  const query = '?topic=consistent-hashing&challenge=C3&fixed_seed=7&tries=2';
  await gotoTopic(page, server.origin, query);
  const k = challengeKey('consistent-hashing', 'C3', 7);
  assert.equal(await page.getAttribute('#q-text', 'data-seed'), '7');
  assert.notEqual(await answer(page, wrongShare(k)), 'correct');
  assert.notEqual(await answer(page, wrongShare(k)), 'correct');
  assert.match(await page.textContent('#q-feedback'), /last of 2 tries/);
  assert.equal(await page.isDisabled('#q-answer'), true);
  const locked = async (p, why) => {
    assert.equal(await p.isDisabled('#q-answer'), true, `${why}: the box stays locked`);
    assert.match(await p.textContent('#q-feedback'), /No tries left on this question \(2 allowed\)/, why);
  };
  await reload(page);
  await locked(page, 'reload');
  await page.click('#q-new');
  await locked(page, 'New question');
  const tab = await page.context().newPage();
  await gotoTopic(tab, server.origin, query);
  await locked(tab, 'a new tab');
  // A script that unlocks the box gets no third try, and the record none.
  await tab.evaluate(() => { document.querySelector('#q-answer').disabled = false; });
  await tab.fill('#q-answer', exactAnswer(k));
  await tab.press('#q-answer', 'Enter');
  assert.match(await tab.textContent('#q-feedback'), /No tries left/);
  assert.match(await tab.textContent('#q-score'), /C3: solved 0 in 2 tries/);
  const record = await tab.evaluate(() => JSON.parse(localStorage.getItem('fleetlab.progress')));
  assert.deepEqual([record.entries['consistent-hashing/C3'].attempts, record.score], [2, 0]);
  await closeClean(page);
});

test('hide=solution keeps the solution and the answer out of the page until the tries are used', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=consistent-hashing&challenge=C3&fixed_seed=7&tries=2&hide=solution&embed=1&questions=drawn');
  const k = challengeKey('consistent-hashing', 'C3', 7);
  const digits = [(k.answer * 100).toFixed(2), (k.answer * 100).toFixed(1) + '%', exactAnswer(k)];
  const practice = () => page.$eval('#practice', (s) => s.outerHTML);
  const absent = async (when) => {
    const html = await practice();
    assert.ok(!html.includes(k.solution), `${when}: no solution in the page`);
    for (const d of digits) assert.ok(!html.includes(d), `${when}: the answer's digits ${d} are not in the page`);
  };
  await absent('before any try');
  assert.equal(await page.$$eval('#q-solution', (b) => b.length), 0, 'no solution button');
  await answer(page, wrongShare(k));
  await absent('after one try');
  await answer(page, wrongShare(k));
  // The tries are used: the worked solution is computed and shown.
  assert.equal(await page.isVisible('.q-solution'), true);
  assert.equal(await page.textContent('.q-solution'), k.solution);
  await closeClean(page);
});

test('a failing check whose lever is locked says so, and offers no way to the lever', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=load-balancing&preset=hash&embed=1&lock=policy');
  const check = page.locator('[data-check="busiest"]');
  assert.equal(await check.getAttribute('data-pass'), 'false');
  assert.equal(await check.locator('.lever').isHidden(), true, 'no "Go to the lever"');
  const text = await check.locator('.lever-fixed').textContent();
  assert.match(text, /is fixed on this page/);
  assert.match(text, /You can still move /);
  // Unlocked, the same check offers its lever again.
  await gotoTopic(page, server.origin, '?topic=load-balancing&preset=hash&embed=1&lock=cards');
  assert.match(await page.locator('[data-check="busiest"] .lever').textContent(), /Go to the lever/);
  assert.equal(await page.locator('[data-check="busiest"] .lever-fixed').isHidden(), true);
  // With every value locked, the reading is what is left.
  await gotoTopic(page, server.origin, '?topic=load-balancing&preset=hash&embed=1&lock=all');
  await page.locator('[data-check="busiest"]').scrollIntoViewIfNeeded();
  assert.match(await page.locator('[data-check="busiest"] .lever-fixed').textContent(), /Every value is set by your course/);
  await screenshot(page, 'lms-lever-locked');
  await closeClean(page);
});

test('an embedded question is about the story on screen, unless the host asks for drawn ones', async () => {
  const page = await openPage(browser, server.origin);
  const base = '?topic=consistent-hashing&preset=modulo-plus-one&challenge=C1&embed=1&fixed_seed=7';
  await gotoTopic(page, server.origin, base);
  assert.equal(await page.getAttribute('#q-text', 'data-live'), 'true');
  assert.match(await page.textContent('#q-text'), /from 64 to 65 cards/);
  await page.click('#q-new');
  assert.match(await page.textContent('#q-text'), /from 64 to 65 cards/, 'a new question too');
  await gotoTopic(page, server.origin, `${base}&questions=drawn`);
  assert.equal(await page.getAttribute('#q-text', 'data-live'), 'false');
  assert.equal(await page.textContent('#q-text'), challengeKey('consistent-hashing', 'C1', 7).question);
  await closeClean(page);
});

test('graded and progress events carry xAPI statements naming the learner and the question', async () => {
  const page = await openPage(browser, server.origin);
  const app = '/index.html?topic=consistent-hashing&challenge=C3&embed=1&fixed_seed=7&questions=drawn&actor=mailto%3Ajo%40example.org';
  await page.goto(`${server.origin}/lms/host.html?api=none&frame=${encodeURIComponent(app)}`);
  const frame = await frameOf(page, 'index.html?topic=');
  const k = challengeKey('consistent-hashing', 'C3', 7);
  for (const typed of [wrongShare(k), exactAnswer(k)]) {
    await frame.fill('#q-answer', typed);
    await frame.press('#q-answer', 'Enter');
  }
  await page.waitForFunction(() => window.lms.events.some((e) => e.type === 'progress'));
  const events = await page.evaluate(() => window.lms.events);
  const graded = events.filter((e) => e.type === 'graded');
  assert.equal(graded.length, 2);
  const [wrong, right] = graded.map((e) => e.statement);
  assert.deepEqual(right.actor, { objectType: 'Agent', mbox: 'mailto:jo@example.org' });
  assert.equal(right.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(right.object.id, `${server.origin}/index.html?topic=consistent-hashing&challenge=C3&challenge_seed=7`);
  assert.equal(right.object.definition.description['en-US'], k.question);
  assert.deepEqual([wrong.result.success, right.result.success], [false, true]);
  assert.equal(right.result.response, exactAnswer(k));
  assert.equal(right.result.score.scaled, 1);
  assert.match(right.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.match(right.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(wrong.id, right.id);
  assert.equal(graded[1].response, exactAnswer(k));
  assert.equal(graded[1].done, true);
  const progress = events.find((e) => e.type === 'progress');
  assert.deepEqual([progress.solved, progress.templates, progress.complete], [1, 3, false]);
  assert.equal(progress.statement.verb.id, 'http://adlnet.gov/expapi/verbs/progressed');
  assert.equal(progress.statement.object.id, `${server.origin}/index.html?topic=consistent-hashing`);
  await closeClean(page);
});

test('an over-large or foreign import is refused or trimmed with a message, and the record kept', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?view=practice&kinds=numbers');
  const mine = { version: 1, entries: { 'consistent-hashing/C3': { attempts: 3, correct: 2, first_try: 1 } }, score: 2, streak: 0, best_streak: 2 };
  await page.evaluate((r) => localStorage.setItem('fleetlab.progress', JSON.stringify(r)), mine);
  await reload(page);
  const entries = {};
  for (let i = 0; i < 100000; i++) entries[`topic-${i}/C1`] = { attempts: 1, correct: 1 };
  const big = path.join(WORK, 'big-progress.json');
  fs.writeFileSync(big, JSON.stringify({ version: 1, entries, score: 100000 }));
  assert.ok(fs.statSync(big).size > 4e6);
  await page.setInputFiles('#import', big);
  await page.waitForFunction(() => /could not be imported/.test(document.querySelector('#notice').textContent));
  assert.match(await page.textContent('#notice'), /it is \d+\.\d MB, and a progress record is at most 64 KB\. Nothing was changed\./);
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('fleetlab.progress')).score);
  assert.equal(await kept(), 2);
  await reload(page);
  assert.match(await page.textContent('#q-score'), /Score 2/);
  // Entries for topics or challenges this page lacks are named and dropped.
  const foreign = path.join(WORK, 'foreign-progress.json');
  fs.writeFileSync(foreign, JSON.stringify({ version: 1, entries: { 'warp-drive/C1': { attempts: 1, correct: 1 }, 'consistent-hashing/C9': { attempts: 4, correct: 4 }, 'consistent-hashing/C1': { attempts: 1, correct: 1, first_try: 1 } }, score: 1 }));
  await page.setInputFiles('#import', foreign);
  await page.waitForFunction(() => /Imported/.test(document.querySelector('#notice').textContent));
  assert.match(await page.textContent('#notice'), /Imported 1 solved questions from 1 templates\. \(upgraded from format 1 to 2; dropped 2 entries for topics or challenges this page does not have \(consistent-hashing\/C9, warp-drive\/C1\)\)/);
  assert.equal(await kept(), 3);
  await closeClean(page);
});

test('a save the browser refuses is said, and the record saved before is kept', async () => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, '?topic=consistent-hashing&challenge=C3&fixed_seed=7');
  const k = challengeKey('consistent-hashing', 'C3', 7);
  assert.equal(await answer(page, exactAnswer(k)), 'correct');
  assert.equal(await page.textContent('#q-saved'), '');
  await page.evaluate(() => {
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await page.click('[data-template="C2"]');
  await answer(page, '1 MB');
  assert.match(await page.textContent('#q-saved'), /could not be saved: the browser's storage for this site is full/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('fleetlab.progress')));
  assert.deepEqual(Object.keys(saved.entries), ['consistent-hashing/C3'], 'the saved record is as it was');
  await closeClean(page);
});

/**
 * Opens package `name` (SCORM `version`) in the LMS-like host, in a fresh
 * browser context, the LMS knowing `learner` (its learner id) and
 * `suspend` (a saved attempt's suspend_data); once the launcher is
 * connected and the page ready.
 */
async function launchPackage(name, version, { learner = '', suspend = '' } = {}) {
  const page = await openPage(browser, server.origin, { width: 1100, height: 1300 });
  const q = new URLSearchParams({ api: version, frame: `/${name}/launch.html`, learner, suspend });
  await page.goto(`${server.origin}/lms/host.html?${q}`);
  const launchFrame = await (await page.$('#sco')).contentFrame();
  await launchFrame.waitForSelector('body[data-lms="ready"]');
  const app = await frameOf(page, 'index.html?topic=');
  return { page, launchFrame, app };
}

/** The LMS's record (scorm-again's, flattened). */
function cmiOf(page) {
  return page.evaluate(() => (window.API || window.API_1484_11).getFlattenedCMI());
}

/** The launcher's status line, once it is in state `lms` and matches `re`. */
async function statusOf(launchFrame, lms, re) {
  await launchFrame.waitForFunction(([want, src]) => {
    const el = document.getElementById('lms-status');
    return el.dataset.lms === want && new RegExp(src).test(el.textContent);
  }, [lms, re.source]);
  return launchFrame.textContent('#lms-status');
}

/** The interactions the LMS holds. */
function interactionKeys(cmi) {
  return Object.keys(cmi).filter((k) => /^cmi\.interactions\.\d/.test(k));
}

/** The score and status keys of each version. */
const KEYS = {
  '1.2': { raw: 'cmi.core.score.raw', status: 'cmi.core.lesson_status' },
  2004: { raw: 'cmi.score.raw', status: 'cmi.success_status' },
};

/** Plays a package of SCORM `version` in the LMS-like host; its API's record. */
async function playPackage(version) {
  const { page, launchFrame, app } = await launchPackage(`pkg-${version}`, version);
  assert.match(await launchFrame.textContent('#lms-status'), new RegExp(`SCORM ${version.replace('.', '\\.')}`));
  assert.equal(await app.getAttribute('#q-text', 'data-seed'), '7');
  const k = challengeKey('consistent-hashing', 'C3', 7);
  for (const typed of [wrongShare(k), exactAnswer(k)]) {
    await app.fill('#q-answer', typed);
    await app.press('#q-answer', 'Enter');
  }
  await page.waitForFunction((kk) => {
    const api = window.API || window.API_1484_11;
    return api.getFlattenedCMI()[kk] === '33' && api.getFlattenedCMI()['cmi.interactions.1.result'] === 'correct';
  }, KEYS[version].raw);
  await launchFrame.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `lms-scorm-${version}`);
  return { page, cmi: await cmiOf(page), k, launchFrame };
}

/** The number an interaction recorded, against the key's answer. */
function sameNumber(text, answer) {
  assert.ok(Math.abs(Number(text) - answer) <= 1e-9, text);
}

/** The learner leaves the package: the LMS's record once it has finished. */
async function leave(page) {
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => window.lms.finished);
  return page.evaluate(() => (window.API || window.API_1484_11).getFlattenedCMI());
}

test('a SCORM 1.2 package runs under scorm-again: score, status and each answer recorded', async () => {
  const { page, cmi, k } = await playPackage('1.2');
  assert.equal(cmi['cmi.core.score.min'], '0');
  assert.equal(cmi['cmi.core.score.max'], '100');
  assert.equal(cmi['cmi.core.lesson_status'], 'incomplete');
  assert.equal(cmi['cmi.interactions.0.id'], 'consistent-hashing-C3-7');
  assert.equal(cmi['cmi.interactions.0.type'], 'numeric');
  assert.equal(cmi['cmi.interactions.0.result'], 'wrong');
  sameNumber(cmi['cmi.interactions.1.student_response'], k.answer);
  assert.deepEqual(JSON.parse(cmi['cmi.suspend_data']), { format: 2, templates: { C3: { tries: 2, solved: 1, done: 1, seed: 7 } } });
  assert.ok(await page.evaluate(() => window.lms.commits) >= 2, 'committed after each answer');
  // Leaving: the session's time, suspend (not complete), then finish.
  const end = await leave(page);
  assert.equal(end['cmi.core.exit'], 'suspend');
  assert.match(end['cmi.core.session_time'], /^\d{2,4}:\d\d:\d\d$/);
  await closeClean(page);
});

test('a SCORM 2004 package runs under scorm-again: scaled score, completion, success and interactions', async () => {
  const { page, cmi, k } = await playPackage('2004');
  assert.equal(cmi['cmi.score.scaled'], '0.3333333');
  assert.equal(cmi['cmi.completion_status'], 'incomplete');
  assert.equal(cmi['cmi.success_status'], 'unknown');
  assert.equal(cmi['cmi.interactions.1.result'], 'correct');
  assert.equal(cmi['cmi.interactions.0.result'], 'incorrect');
  sameNumber(cmi['cmi.interactions.1.learner_response'], k.answer);
  assert.equal(cmi['cmi.interactions.1.description'], k.question.slice(0, 250));
  // The instant with its zone (UTC), not a local time an LMS must guess.
  assert.match(cmi['cmi.interactions.1.timestamp'], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d\dZ$/);
  assert.ok(Math.abs(Date.parse(cmi['cmi.interactions.1.timestamp']) - Date.now()) < 120e3);
  const end = await leave(page);
  assert.equal(end['cmi.exit'], 'suspend');
  assert.match(end['cmi.session_time'], /^PT\d+H\d+M\d+S$/);
  await closeClean(page);
});

test('a package opened with no LMS says its answers are not recorded', async () => {
  const page = await openPage(browser, server.origin);
  await page.goto(`${server.origin}/pkg-1.2/launch.html`);
  await page.waitForSelector('#lms-status[data-lms="none"]');
  assert.match(await page.textContent('#lms-status'), /not recorded/);
  await frameOf(page, 'index.html?topic=');
  await closeClean(page);
});

test('each learner gets numbers of their own from the package, the same on every launch', async () => {
  const drawn = async (learner) => {
    const { page, app } = await launchPackage('draw-1.2', '1.2', { learner });
    const shown = {
      seed: await app.getAttribute('#q-text', 'data-seed'),
      question: await app.textContent('#q-text'),
      actor: new URL(app.url()).searchParams.get('actor'),
    };
    await closeClean(page);
    return shown;
  };
  const ann = await drawn('ann-17');
  assert.equal(ann.actor, 'ann-17', 'the LMS\'s learner id is the page\'s actor');
  assert.deepEqual(await drawn('ann-17'), ann, 'one learner, the same numbers on every launch');
  const bo = await drawn('bo-42');
  assert.notEqual(bo.seed, ann.seed, 'two learners, two draws');
  assert.notEqual(bo.question, ann.question);
});

for (const version of ['1.2', '2004']) {
  test(`SCORM ${version}: a finished question stays finished in a fresh browser given its suspend_data`, async () => {
    const first = await launchPackage(`draw-${version}`, version, { learner: 'cy-3' });
    const seed = Number(await first.app.getAttribute('#q-text', 'data-seed'));
    const k = challengeKey('consistent-hashing', 'C1', seed);
    for (const n of [1, 2]) {
      await first.app.fill('#q-answer', wrongShare(k));
      await first.app.press('#q-answer', 'Enter');
      await statusOf(first.launchFrame, 'recorded', new RegExp(`C1, try ${n} of 2`));
    }
    const was = await cmiOf(first.page);
    assert.equal(was[KEYS[version].raw], '0');
    assert.equal(was[KEYS[version].status], 'failed');
    assert.deepEqual(JSON.parse(was['cmi.suspend_data']), { format: 2, templates: { C1: { tries: 2, solved: 0, done: 1, seed } } });
    await closeClean(first.page);
    // A fresh browser (a new context: nothing stored), the LMS holding the suspend_data.
    const again = await launchPackage(`draw-${version}`, version, { learner: 'cy-3', suspend: was['cmi.suspend_data'] });
    assert.match(await again.launchFrame.textContent('#lms-status'), /1 of 1 questions were finished before/);
    assert.equal(new URL(again.app.url()).searchParams.get('spent'), 'C1-2-0');
    assert.equal(await again.app.getAttribute('#q-text', 'data-seed'), String(seed));
    await again.app.waitForSelector('#q-answer[disabled]');
    assert.match(await again.app.textContent('#q-feedback'), /No tries left/, 'the page shows the question closed');
    const restored = await cmiOf(again.page);
    assert.deepEqual([restored[KEYS[version].raw], restored[KEYS[version].status]], ['0', 'failed']);
    // A page that grades it again anyway (a script in the frame) is not heard.
    await again.app.evaluate((m) => parent.postMessage(m, '*'), {
      source: 'fleetlab', type: 'graded', topic: 'consistent-hashing', template: 'C1', seed,
      correct: true, done: true, verdict: 'correct', tries: 1, value: k.answer,
    });
    assert.equal(await statusOf(again.launchFrame, 'refused', /not recorded/),
      'This answer was not recorded: the 2 tries on C1 are used.');
    const now = await cmiOf(again.page);
    assert.deepEqual([now[KEYS[version].raw], now[KEYS[version].status]], ['0', 'failed'], 'the score is unchanged');
    assert.deepEqual(interactionKeys(now), []);
    await closeClean(again.page);
  });
}

test('a package\'s page opened with other options records nothing, and the launcher says why', async () => {
  const { page, launchFrame, app } = await launchPackage('draw-1.2', '1.2', { learner: 'di-5' });
  const k = challengeKey('consistent-hashing', 'C1', Number(await app.getAttribute('#q-text', 'data-seed')));
  // More tries than the package allows.
  await app.evaluate(() => {
    const q = new URLSearchParams(location.search);
    q.set('tries', '99');
    location.search = q.toString();
  });
  await app.waitForURL((u) => u.searchParams.get('tries') === '99');
  await app.waitForSelector('body[data-ready]');
  await app.fill('#q-answer', wrongShare(k));
  await app.press('#q-answer', 'Enter');
  assert.equal(await statusOf(launchFrame, 'refused', /tries=99/),
    'This answer was not recorded: the page was opened with tries=99, not this package\'s tries=2.');
  // Graded mode dropped.
  await app.evaluate(() => {
    const q = new URLSearchParams(location.search);
    q.delete('mode');
    location.search = q.toString();
  });
  await app.waitForURL((u) => !u.searchParams.has('mode'));
  await app.waitForSelector('body[data-ready]');
  await app.fill('#q-answer', wrongShare(k));
  await app.press('#q-answer', 'Enter');
  assert.equal(await statusOf(launchFrame, 'refused', /without mode/),
    'This answer was not recorded: the page was opened without mode=graded, which this package sets.');
  const cmi = await cmiOf(page);
  assert.deepEqual(interactionKeys(cmi), []);
  assert.equal(cmi['cmi.core.score.raw'], '0');
  await closeClean(page);
});

test('a one-question package scores that question alone: 100 % once it is solved', async () => {
  const { page, launchFrame, app } = await launchPackage('one-2004', '2004', { learner: 'ed-8' });
  assert.deepEqual(JSON.parse(await launchFrame.textContent('#fleetlab-package')).templates, ['C2']);
  await app.waitForSelector('#q-text[data-template="C2"][data-seed]');
  const seed = Number(await app.getAttribute('#q-text', 'data-seed'));
  const k = challengeKey('consistent-hashing', 'C2', seed);
  assert.equal(await app.textContent('#q-text'), k.question);
  await app.fill('#q-answer', exactAnswer(k));
  await app.press('#q-answer', 'Enter');
  await statusOf(launchFrame, 'recorded', /C2, try 1 of 3: correct/);
  const cmi = await cmiOf(page);
  assert.deepEqual(
    ['raw', 'scaled'].map((s) => cmi[`cmi.score.${s}`]).concat(cmi['cmi.completion_status'], cmi['cmi.success_status']),
    ['100', '1', 'completed', 'passed'],
  );
  assert.equal(cmi['cmi.interactions.0.id'], `consistent-hashing-C2-${seed}`);
  await closeClean(page);
});

test('each package is under 1 MB, and its line says its size', () => {
  for (const [name, said] of Object.entries(built)) {
    const [, bytes, kb] = said.match(/(\d+) bytes = (\d+) KB/);
    assert.equal(fs.statSync(path.join(WORK, `${name}.zip`)).size, Number(bytes), name);
    assert.equal(Number(kb), Math.ceil(Number(bytes) / 1024), name);
    assert.ok(Number(bytes) < 1e6, `${name}: ${bytes} bytes`);
  }
});

test('suspend_data of the first format is read, and one not of ours is ignored', async () => {
  const old = await launchPackage('pkg-1.2', '1.2', { suspend: JSON.stringify({ solved: ['C3'], done: ['C3'] }) });
  assert.equal(new URL(old.app.url()).searchParams.get('spent'), 'C3-1-1');
  const cmi = await cmiOf(old.page);
  assert.equal(cmi['cmi.core.score.raw'], '33');
  assert.deepEqual(JSON.parse(cmi['cmi.suspend_data']), { format: 2, templates: { C3: { tries: 1, solved: 1, done: 1 } } });
  await closeClean(old.page);
  const foreign = await launchPackage('pkg-1.2', '1.2', { suspend: 'page=4;score=90' });
  assert.equal(new URL(foreign.app.url()).searchParams.get('spent'), null);
  assert.equal((await cmiOf(foreign.page))['cmi.core.score.raw'], '0');
  assert.match(await foreign.launchFrame.textContent('#lms-status'), /your answers are recorded\.$/);
  await closeClean(foreign.page);
});
