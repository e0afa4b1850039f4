// Practice (issue 8): a learner answers right and wrong, sees hints and the
// worked solution; progress survives a reload; a corrupted saved record is
// recovered with a message. Answers to drawn questions come from the native
// CLI, so the browser's draw is checked against the native model too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  appUnderTest, challengeKey, exactAnswer, answer, reload, closeClean, screenshot, ROOT,
} from './support.mjs';

const app = appUnderTest();

test('a question about the page: wrong, hint, solution, then right; progress survives a reload', async () => {
  const page = await app.open('?topic=consistent-hashing');
  await page.click('[data-template="C1"]');
  assert.equal(await page.getAttribute('#q-text', 'data-live'), 'true');
  assert.match(await page.textContent('#q-text'), /from 64 to 128 cards/);
  assert.equal(await page.isDisabled('#q-solution'), true, 'no solution before an attempt');

  assert.equal(await answer(page, 'banana'), 'unreadable');
  assert.match(await page.textContent('#q-feedback'), /not a number/);
  assert.equal(await answer(page, '12 ms'), 'unreadable');
  assert.match(await page.textContent('#q-feedback'), /a time/);

  assert.equal(await answer(page, '12%'), 'wrong');
  assert.equal(await page.$$eval('.q-hints li', (l) => l.length), 1, 'a wrong answer shows the first hint');
  const first = await page.textContent('.q-hints li');
  assert.ok(!(await page.textContent('#q-feedback')).includes(first), 'the hint once, in its list, not again in the feedback');
  assert.doesNotMatch(await page.textContent('#q-feedback'), /Hint:/);
  await page.click('#q-hint');
  assert.equal(await page.$$eval('.q-hints li', (l) => l.length), 2);
  await page.click('#q-solution');
  assert.match(await page.textContent('.q-solution'), /50% move/);

  assert.equal(await answer(page, '0.5'), 'correct');
  assert.match(await page.textContent('#q-score'), /C1: solved 1 in 2 tries/);
  await screenshot(page, 'practice-topic-panel');

  await reload(page);
  assert.match(await page.textContent('#q-score'), /C1: solved 1 in 2 tries\. Score 1/);
  await closeClean(page);
});

test('drawn questions match the native model, and close answers get a nudge', async () => {
  const page = await app.open('?topic=consistent-hashing');
  for (const tpl of ['C1', 'C2', 'C3']) {
    await page.click(`[data-template="${tpl}"]`);
    await page.click('#q-new');
    const seed = Number(await page.getAttribute('#q-text', 'data-seed'));
    const k = challengeKey('consistent-hashing', tpl, seed);
    assert.equal(await page.textContent('#q-text'), k.question, `${tpl} seed ${seed}: same question natively`);
    if (k.tolerance.kind === 'rel' && k.answer !== 0) {
      const v = k.unit === 'share' ? `${k.answer * 100 * (1 + 3 * k.tolerance.value)}%` : String(k.answer * (1 + 3 * k.tolerance.value));
      assert.equal(await answer(page, v), 'close');
    }
    const exact = exactAnswer(k);
    assert.equal(await answer(page, exact), 'correct', `${tpl}: ${exact}`);
  }
  await closeClean(page);
});

test('the practice page drills, keeps score, and recovers a corrupted record', async () => {
  // Numeric questions only (the other kinds: tests/browser/kinds.test.mjs).
  const page = await app.open('?view=practice&kinds=numbers');
  const topic = await page.getAttribute('#q-text', 'data-topic');
  const tpl = await page.getAttribute('#q-text', 'data-template');
  const seed = await page.getAttribute('#q-text', 'data-seed');
  const key = challengeKey(topic, tpl, seed);
  // The line above names the topic and challenge; the question is the model's, once.
  assert.match(await page.textContent('#q-about'), new RegExp(`· ${tpl}: `));
  assert.equal(await page.textContent('#q-text'), key.question);
  assert.equal(await answer(page, exactAnswer(key)), 'correct');
  assert.match(await page.textContent('#q-score'), /Score 1 · streak 1/);
  assert.equal(await page.$$eval('#progress-table tbody tr', (r) => r.length), 1);

  // A corrupted record: kept as a backup, a message, a fresh start.
  await page.evaluate(() => localStorage.setItem('fleetlab.progress', '{"version": 1, "entries": {"x/C1": {"attempts": "lots"'));
  await reload(page);
  assert.match(await page.textContent('#notice'), /could not be read: it is not valid JSON/);
  assert.ok(await page.isVisible('#backup'), 'the unreadable original can be downloaded');
  assert.equal(await page.evaluate(() => localStorage.getItem('fleetlab.progress.unreadable').startsWith('{"version"')), true);

  // An inconsistent one: repaired, with what changed.
  await page.evaluate(() => localStorage.setItem('fleetlab.progress', JSON.stringify({ version: 0, entries: { 'consistent-hashing/C2': { attempts: 1, correct: 4 } }, score: 2 })));
  await reload(page);
  assert.match(await page.textContent('#notice'), /recovered: upgraded from format 0 to 2; corrected 1 inconsistent counts/);

  // A record from a newer Fleetlab is left alone.
  await page.evaluate(() => localStorage.setItem('fleetlab.progress', JSON.stringify({ version: 9 })));
  await reload(page);
  assert.match(await page.textContent('#notice'), /newer Fleetlab/);
  await answer(page, '1');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('fleetlab.progress')).version), 9);
  await screenshot(page, 'practice-page');
  await closeClean(page);
});

test('progress exports to a file and imports back', async () => {
  const page = await app.open('?view=practice&kinds=numbers');
  await page.evaluate(() => localStorage.setItem('fleetlab.progress', JSON.stringify({ version: 1, entries: { 'consistent-hashing/C3': { attempts: 3, correct: 2, first_try: 1 } }, score: 2, streak: 0, best_streak: 2 })));
  await reload(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const file = path.join(ROOT, 'artifacts', 'progress-export.json');
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.entries['consistent-hashing/C3'].correct, 2);

  await page.evaluate(() => localStorage.removeItem('fleetlab.progress'));
  await reload(page);
  await page.setInputFiles('#import', file);
  await page.waitForFunction(() => /Imported 2 solved/.test(document.querySelector('#notice').textContent));
  assert.match(await page.textContent('#progress-table'), /Consistent hashing/);
  // A bad file changes nothing.
  fs.writeFileSync(file, 'not json at all');
  await page.setInputFiles('#import', file);
  await page.waitForFunction(() => /could not be imported/.test(document.querySelector('#notice').textContent));
  await closeClean(page);
});

test('a question about the page follows the sliders until the learner tries it', async () => {
  const page = await app.open('?topic=consistent-hashing');
  await page.click('[data-template="C1"]');
  assert.match(await page.textContent('#q-text'), /from 64 to 128 cards/);
  await page.click('[data-preset="ring-plus-one"]');
  assert.match(await page.textContent('#q-text'), /from 64 to 65 cards/, 'untried: follows the page');
  assert.equal(await answer(page, '3%'), 'wrong');
  await page.click('[data-preset="modulo-doubling"]');
  assert.match(await page.textContent('#q-text'), /from 64 to 65 cards/, 'tried: stays put');
  assert.equal(await answer(page, '98.46%'), 'correct');
  await closeClean(page);
});

test('an untried question follows a dragged slider once it rests, not on every move', async () => {
  const page = await app.open('?topic=consistent-hashing');
  await page.click('[data-template="C1"]');
  assert.match(await page.textContent('#q-text'), /from 64 to 128 cards/);
  // Three moves in one task, read in the same task: the figures follow at
  // once, the question not yet.
  const during = await page.$eval('#p-cards_after', (el) => {
    for (const v of [120, 110, 100]) {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return document.querySelector('#q-text').textContent;
  });
  assert.match(during, /from 64 to 128 cards/, 'the question waits for the slider to rest');
  await page.waitForFunction(() => /from 64 to 100 cards/.test(document.querySelector('#q-text').textContent));
  await closeClean(page);
});
