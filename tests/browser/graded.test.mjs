// Graded mode (`mode=graded`): before the first try no key of the question
// on show is anywhere a learner could read it, on every topic and every
// challenge: not in the page's text, not in any attribute, not in any
// response the page fetched. Questions are drawn for the learner (`actor`
// mixed with the `salt`): two learners get different numbers, one learner
// the same numbers twice; the sliders they mirror are locked; "Ask about
// this page" and "New question" are not offered; tries a launcher restores
// (`spent=`) close a finished question.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appUnderTest, openPage, gotoTopic, challengeKey, exactAnswer, answer, closeClean, screenshot, nativeCli } from './support.mjs';

const app = appUnderTest();
const LEARNER = (who) => `&actor=${who}&actor_home=${encodeURIComponent('https://lms.example.org')}`;
const GRADED = `&embed=1&mode=graded&salt=2026&tries=2${LEARNER('ada')}`;

/** Every text a learner could read off the page: text, attributes, form values. */
function pageText() {
  const parts = [document.documentElement.textContent];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) parts.push(a.value);
    if ('value' in el && typeof el.value === 'string') parts.push(el.value);
  }
  return parts.join('\n');
}

/** Whether `text` holds `form` as a number of its own (as src/challenge/graded.rs reads it). */
function holds(text, form) {
  const digit = (c) => c !== undefined && c >= '0' && c <= '9';
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    const [b1, b2] = [text[at - 1], text[at - 2]];
    const [a1, a2] = [text[at + form.length], text[at + form.length + 1]];
    const before = digit(b1) || ((b1 === '.' || b1 === ',') && digit(b2));
    const after = digit(a1) || ((a1 === '.' || a1 === ',') && digit(a2));
    if (!before && !after) return true;
  }
  return false;
}

/** The challenge files' unit words that count things (src/challenge's `Unit::Count`). */
const COUNTS = ['cards', 'replicas', 'families', 'copies', 'requests', 'count', 'number'];
/** Whether key `k` is a whole count ("5 replicas"), which a page drawing a scale of counts writes anyway. */
const wholeCount = (k) => !k.answer_detail && Number.isInteger(k.answer) && COUNTS.includes(k.unit);

/** A graded page of `topic` on `template` for learner `who`: its text, its key, and every response it fetched. */
async function graded(topic, template, who) {
  const page = await openPage(app.browser, app.origin);
  const bodies = [];
  // Keyed by path: the page's own address differs by its learner.
  const at = (r) => new URL(r.url()).pathname;
  page.on('response', (r) => bodies.push(r.body().then((b) => [at(r), b.toString('latin1')], () => [at(r), ''])));
  await gotoTopic(page, app.origin, `?topic=${topic}&challenge=${template}&embed=1&mode=graded&salt=2026&tries=2${LEARNER(who)}`);
  await page.waitForSelector(`#q-text[data-template="${template}"][data-seed]`);
  const key = challengeKey(topic, template, await page.getAttribute('#q-text', 'data-seed'));
  assert.equal(await page.textContent('#q-text'), key.question, 'the question on show is the one keyed');
  const text = await page.evaluate(pageText);
  assert.equal(await page.$('#q-live'), null, 'no "Ask about this page"');
  assert.equal(await page.$('#q-new'), null, 'no "New question"');
  await closeClean(page);
  return { key, text, responses: new Map(await Promise.all(bodies)) };
}

test('before the first try no key is in the page or any response, on every topic and challenge', async (t) => {
  for (const topic of app.topics) {
    for (const template of ['C1', 'C2', 'C3']) {
      await t.test(`${topic} ${template}`, async () => {
        const [ada, grace] = [await graded(topic, template, 'ada'), await graded(topic, template, 'grace')];
        assert.notEqual(ada.key.question, grace.key.question, 'two learners, two questions');
        // What the server sends is the same whoever asks: no response can
        // carry a learner's question or its key.
        assert.deepEqual([...ada.responses.keys()].sort(), [...grace.responses.keys()].sort());
        for (const [url, body] of ada.responses) assert.ok(body === grace.responses.get(url), `${url} differs between learners`);
        // And no form of the key is in the page or a response (a whole
        // count is on every page that draws a scale of counts: shown by
        // the sameness above, not searched).
        for (const { key, text, responses } of [ada, grace].filter((g) => !wholeCount(g.key))) {
          for (const form of key.answer_forms) {
            assert.ok(!holds(text, form), `${topic} ${template} seed ${key.seed}: the page shows the key ${form}`);
            for (const [url, body] of responses) assert.ok(!holds(body, form), `${topic} ${template}: ${url} holds the key ${form}`);
          }
        }
      });
    }
  }
});

test('two learners get different numbers, one learner the same numbers twice', async () => {
  const page = await openPage(app.browser, app.origin);
  const seen = async (who) => {
    await gotoTopic(page, app.origin, `?topic=warm-pool&challenge=C2&embed=1&mode=graded&salt=2026${LEARNER(who)}`);
    return page.textContent('#q-text');
  };
  const ada = await seen('ada');
  assert.notEqual(await seen('grace'), ada);
  assert.equal(await seen('ada'), ada);
  await closeClean(page);
});

test('a graded page locks the sliders its questions mirror and says what holds', async () => {
  const page = await app.open(`?topic=warm-pool${GRADED}`);
  const locked = await page.$$eval('.control.locked', (xs) => xs.length);
  assert.ok(locked > 0, 'some sliders are locked');
  assert.match(await page.textContent('#q-graded'), /Your numbers are drawn for you alone/);
  assert.equal(await page.isVisible('header.site'), false, 'one topic, no site menu');
  const anyone = await app.open('?topic=warm-pool&mode=graded&salt=2026');
  assert.match(await anyone.textContent('#q-graded'), /No learner is named in this page's address, so everyone who opens it gets these same numbers/);
  await closeClean(anyone);
  await screenshot(page, 'graded-warm-pool');
  await closeClean(page);
});

test('questions=drawn holds: "Ask about this page" is not offered', async () => {
  const page = await app.open('?topic=warm-pool&embed=1&questions=drawn');
  await page.waitForSelector('#q-new');
  assert.equal(await page.$('#q-live'), null);
  assert.equal(await page.getAttribute('#q-text', 'data-live'), 'false');
  await closeClean(page);
});

test('tries a launcher restores close a finished question, and the worked solution waits for its end', async () => {
  const page = await openPage(app.browser, app.origin);
  await gotoTopic(page, app.origin, `?topic=warm-pool&challenge=C2${GRADED}&spent=C2-2-0`);
  await page.waitForSelector('#q-answer[disabled]');
  assert.match(await page.textContent('#q-feedback'), /No tries left/);
  // Another challenge of the same page is still open; a wrong try leaves
  // the solution out until the last.
  await gotoTopic(page, app.origin, `?topic=warm-pool&challenge=C1${GRADED}`);
  await page.waitForSelector('#q-text[data-template="C1"]');
  const key = challengeKey('warm-pool', 'C1', await page.getAttribute('#q-text', 'data-seed'));
  await answer(page, '1');
  assert.equal(await page.$('#q-solution:not([hidden])'), null, 'no solution between tries');
  assert.equal(await answer(page, exactAnswer(key)), 'correct');
  // Tries used up in graded mode stay used under a link that allows more:
  // the worked solution was on show.
  await gotoTopic(page, app.origin, `?topic=warm-pool&challenge=C3${GRADED.replace('tries=2', 'tries=1')}`);
  await page.waitForSelector('#q-text[data-template="C3"]');
  await answer(page, '1234');
  await page.waitForSelector('#q-answer[disabled]');
  await gotoTopic(page, app.origin, `?topic=warm-pool&challenge=C3${GRADED.replace('tries=2', 'tries=5')}`);
  await page.waitForSelector('#q-answer[disabled]');
  assert.match(await page.textContent('#q-feedback'), /No tries left/);
  await closeClean(page);
});

test('the search finds a key a practice page shows: a question about the page', async () => {
  // Warm pool's C2 asked about the page's values: its key, the backlog if
  // the burst arrived at once, is one of the page's figures. The search the
  // graded test relies on finds it there.
  const page = await app.open('?topic=warm-pool&challenge=C2&embed=1&fixed_seed=3');
  await page.waitForSelector('#q-text[data-live="true"]');
  const k = JSON.parse(nativeCli(['challenge', 'warm-pool', 'C2', '--seed', '3', '--page', 'topic=warm-pool', '--key', '--json']));
  assert.equal(await page.textContent('#q-text'), k.question);
  const text = await page.evaluate(pageText);
  assert.ok(k.answer_forms.some((form) => holds(text, form)), `the page shows one of ${k.answer_forms}`);
  await closeClean(page);
});
