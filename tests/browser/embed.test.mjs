// Shareable links and embedding (issue 9): a link rebuilds the identical
// page; the address follows the page without flooding history; locked
// sliders do not move by mouse, keyboard or script; tampered links are
// clamped with a visible note; the sample course page embeds two topics and
// hears their events; the instructors page builds a working embed; the app
// opens from file://. Every page is checked for console errors and for
// requests off its own origin (support.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import {
  appUnderTest, openPage, gotoTopic, renders, figures, checks, canvases, blackCharts, screenshot, ROOT, DIST,
  presetsWithFix, addressWhenSettled, exactAnswer, load, closeClean, nativeCli,
} from './support.mjs';

const app = appUnderTest();
const withFix = presetsWithFix();

/** Everything a reader sees that a link must rebuild. */
async function snapshot(page) {
  return {
    figures: await figures(page),
    checks: await checks(page),
    canvases: await canvases(page),
    values: await page.$$eval('[data-param]', (els) => Object.fromEntries(els.map((e) => [e.dataset.param, e.querySelector('output').textContent]))),
    presets: await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.getAttribute('aria-pressed'))),
    fix: await page.$eval('#apply-fix', (b) => [b.hidden, b.getAttribute('aria-pressed')]),
    question: await page.$eval('#q-text', (q) => [q.textContent, q.dataset.template, q.dataset.seed, q.dataset.live]).catch(() => null),
  };
}

/**
 * Waits until the address bar shows the page (the page marks the body while
 * no rewrite is pending), then checks it against `pattern`. Waiting for the
 * pattern itself would accept an older address that happens to match (a
 * question drawn, settled, then replaced by another).
 */
async function settledUrl(page, pattern) {
  const url = await addressWhenSettled(page);
  assert.match(url, pattern);
  return url;
}

test('a link with state opens the identical page, on every topic', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await app.open(`?topic=${topic}`);
      const presets = await page.$$eval('[data-preset]', (bs) => bs.map((b) => b.dataset.preset));
      // The story with a fix when there is one (the link then carries fix=1).
      const preset = presets.findLast((id) => withFix[topic].has(id)) ?? presets[presets.length - 1];
      await page.click(`[data-preset="${preset}"]`);
      const hasFix = withFix[topic].has(preset);
      assert.equal(await page.isVisible('#apply-fix'), hasFix, 'the fix button shows iff the story has a fix');
      if (hasFix) await page.click('#apply-fix');
      // Move one slider off the story's value: to an end of its track.
      const slider = (await page.$$eval('input[type=range]', (els) => els.map((e) => e.id)))[0];
      const shown = () => page.textContent(`[data-param="${slider.slice(2)}"] output`);
      const story = await shown();
      await page.focus(`#${slider}`);
      await page.keyboard.press('End');
      if ((await shown()) === story) await page.keyboard.press('Home');
      // Every topic with a challenges file offers its questions under the page.
      const hasChallenges = fs.existsSync(path.join(ROOT, 'challenges', `${topic}.toml`));
      const templates = await page.$$eval('[data-template]', (bs) => bs.map((b) => b.dataset.template));
      assert.equal(templates.length > 0, hasChallenges, `${topic}: the practice panel offers its challenges`);
      if (hasChallenges) {
        await page.click(`[data-template="${templates[templates.length - 1]}"]`);
        await page.click('#q-new');
      }
      const fix = hasFix ? '&fix=1' : '';
      const question = hasChallenges ? '.*challenge_seed=' : '';
      const url = await settledUrl(page, new RegExp(`preset=${preset}${fix}.*${slider.slice(2)}=${question}`));
      const before = await snapshot(page);

      const again = await openPage(app.browser, app.origin);
      await load(again, url);
      const after = await snapshot(again);
      assert.deepEqual(after.figures, before.figures);
      assert.deepEqual(after.checks, before.checks);
      assert.deepEqual(after.values, before.values);
      assert.deepEqual(after.presets, before.presets);
      assert.deepEqual(after.fix, before.fix);
      assert.deepEqual(after.question, before.question, 'the same challenge question');
      assert.deepEqual(Object.keys(after.canvases), Object.keys(before.canvases));
      for (const id of Object.keys(before.canvases)) assert.ok(after.canvases[id] === before.canvases[id], `chart ${id} drawn the same`);
      assert.equal(await again.textContent('#notice'), '', 'a link the page wrote needs no adjustment');
      await closeClean(page, again);
    });
  }
});

test('a question asked about the page reopens from its link', async () => {
  const page = await app.open('?topic=consistent-hashing&cards_after=100');
  await page.click('[data-template="C1"]');
  await page.click('#q-live');
  assert.equal(await page.getAttribute('#q-text', 'data-live'), 'true');
  const url = await settledUrl(page, /ask=page/);
  assert.match(url, /challenge=C1&challenge_seed=\d+&ask=page/);
  const text = await page.textContent('#q-text');
  assert.match(text, /from 64 to 100 cards/);
  const again = await openPage(app.browser, app.origin);
  await load(again, url);
  assert.equal(await again.textContent('#q-text'), text);
  // An untried question about the page follows the sliders, and its link
  // still rebuilds it exactly.
  await page.focus('#p-cards_after');
  await page.keyboard.press('ArrowRight');
  const moved = await settledUrl(page, /cards_after=101/);
  assert.match(moved, /challenge_seed=\d+&ask=page/);
  const followed = await page.textContent('#q-text');
  assert.match(followed, /from 64 to 101 cards/);
  await load(again, moved);
  assert.equal(await again.textContent('#q-text'), followed);
  await closeClean(page, again);
});

test('sliders replace the history entry; stories push one, and Back returns', async () => {
  const page = await app.open('?topic=consistent-hashing');
  const f0 = await figures(page);
  const length = await page.evaluate(() => history.length);
  await page.focus('#p-cards_after');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  await settledUrl(page, /cards_after=98/);
  assert.equal(await page.evaluate(() => history.length), length, 'slider moves add no history entries');
  await page.click('[data-preset="modulo-doubling"]');
  const story = await settledUrl(page, /preset=modulo-doubling/);
  assert.equal(await page.evaluate(() => history.length), length + 1);
  assert.doesNotMatch(story, /cards_after/, 'the story carries its own values');
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('[data-preset="modulo-doubling"]').getAttribute('aria-pressed') === 'false');
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '98 cards');
  assert.notDeepEqual(await figures(page), f0);
  await closeClean(page);
});

test('Back and Forward reopen the question each entry names', async () => {
  const page = await app.open('?topic=consistent-hashing');
  const question = () => page.$eval('#q-text', (q) => [q.textContent, q.dataset.template, q.dataset.seed, q.dataset.live]);
  // A drawn question (not about the page), settled in the first entry.
  await page.click('[data-template="C2"]');
  await page.click('#q-new');
  const first = await settledUrl(page, /challenge=C2&challenge_seed=\d+/);
  const q1 = await question();
  // A story pushes an entry; a new question there replaces it.
  await page.click('[data-preset="modulo-doubling"]');
  await page.click('#q-new');
  const second = await settledUrl(page, /preset=modulo-doubling.*challenge=C2&challenge_seed=\d+/);
  const q2 = await question();
  assert.notDeepEqual(q2, q1, 'a new draw');
  const length = await page.evaluate(() => history.length);
  await page.goBack();
  assert.equal(await addressWhenSettled(page), first, 'the entry is left as it was');
  assert.deepEqual(await question(), q1, 'Back reopens the first entry\'s question');
  await page.goForward();
  assert.equal(await addressWhenSettled(page), second);
  assert.deepEqual(await question(), q2, 'Forward reopens the second entry\'s question');
  assert.equal(await page.evaluate(() => history.length), length, 'following history adds no entry');
  // A class's fixed seed is left out of the address: the question the
  // entry names is the one on show, kept with its tries.
  await gotoTopic(page, app.origin, '?topic=consistent-hashing&challenge=C2&fixed_seed=7');
  await page.fill('#q-answer', '1');
  await page.press('#q-answer', 'Enter');
  const verdict = await page.getAttribute('#q-feedback', 'data-verdict');
  assert.ok(['wrong', 'close'].includes(verdict), verdict);
  await page.click('[data-preset="modulo-doubling"]');
  await settledUrl(page, /preset=modulo-doubling.*challenge=C2&fixed_seed=7$/);
  await page.goBack();
  await settledUrl(page, /topic=consistent-hashing&challenge=C2&fixed_seed=7$/);
  assert.equal(await page.getAttribute('#q-text', 'data-seed'), '7');
  assert.equal(await page.getAttribute('#q-feedback', 'data-verdict'), verdict, 'the tried question stays');
  await closeClean(page);
});

test('the instructors page keeps one history entry: Back leaves it in one step', async () => {
  const page = await app.open('?topic=consistent-hashing');
  const topicUrl = await addressWhenSettled(page);
  await page.click('#embed-this');
  await page.waitForURL(/view=instructors/);
  await page.waitForSelector('#i-preview[data-loaded]', { state: 'attached' });
  const length = await page.evaluate(() => history.length);
  const preview = await (await page.$('#i-preview')).contentFrame();
  // Two form changes, each reloading the preview.
  await page.selectOption('#i-preset', 'modulo-doubling');
  await page.waitForSelector('#i-preview[data-loaded]', { state: 'attached' });
  assert.match(await preview.evaluate(() => location.search), /preset=modulo-doubling/);
  await page.fill('#i-seed', '7');
  await page.press('#i-seed', 'Tab');
  await page.waitForSelector('#i-preview[data-loaded]', { state: 'attached' });
  assert.match(await preview.evaluate(() => location.search), /preset=modulo-doubling.*fixed_seed=7/);
  assert.equal(await page.evaluate(() => history.length), length, 'the preview adds no history entry');
  await page.goBack();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.evaluate(() => location.href), topicUrl, 'one Back leaves the instructors page');
  await closeClean(page);
});

test('Copy link puts the link on the clipboard, or shows it selected', async () => {
  const page = await openPage(app.browser, app.origin);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await gotoTopic(page, app.origin, '?topic=load-balancing&preset=hash');
  await page.click('.topic-head .copy');
  await page.waitForFunction(() => document.querySelector('.topic-head .copy-status').textContent === 'Copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^http:\/\/127\.0\.0\.1:\d+\/index\.html\?topic=load-balancing&preset=hash/);

  // No clipboard (an old browser, a refused permission): the link is shown, selected.
  const bare = await openPage(app.browser, app.origin);
  await bare.context().addInitScript(() => { Object.defineProperty(navigator, 'clipboard', { value: undefined }); });
  await gotoTopic(bare, app.origin, '?topic=load-balancing&preset=hash');
  await bare.click('.topic-head .copy');
  assert.equal(await bare.isVisible('.topic-head .copy-field'), true);
  assert.match(await bare.inputValue('.topic-head .copy-field'), /\?topic=load-balancing&preset=hash/);
  const selected = await bare.evaluate(() => {
    const f = document.activeElement;
    return f.classList.contains('copy-field') && f.selectionStart === 0 && f.selectionEnd === f.value.length;
  });
  assert.ok(selected, 'the fallback field is focused and selected');
  assert.match(await bare.textContent('.topic-head .copy-status'), /Ctrl\+C/);
  await closeClean(page, bare);
});

test('locked sliders cannot be moved by mouse, keyboard or script', async () => {
  const page = await app.open('?topic=consistent-hashing&embed=1&lock=cards_after,scheme');
  const before = await snapshot(page);
  const scheme = await page.inputValue('#p-scheme');
  const n = await renders(page);
  assert.equal(await page.isDisabled('#p-cards_after'), true);
  assert.equal(await page.isDisabled('[data-param="cards_after"] .num'), true);
  assert.equal(await page.isDisabled('#p-scheme'), true);
  assert.match(await page.textContent('[data-param="cards_after"] label'), /locked/);
  assert.match(await page.textContent('#lock-note'), /keeps locked/);

  // Mouse: a drag across the track.
  const box = await page.locator('#p-cards_after').boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 2, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  // Keyboard: the control takes no focus, so keys go elsewhere.
  await page.locator('#p-cards_after').focus().catch(() => {});
  for (const k of ['ArrowLeft', 'Home', 'End', 'PageDown']) await page.keyboard.press(k);
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'p-cards_after');
  assert.equal(await renders(page), n, 'nothing re-ran');

  // Script: values set and events dispatched on every locked control.
  await page.evaluate(() => {
    const s = document.querySelector('#p-cards_after');
    s.value = '3';
    s.dispatchEvent(new Event('input', { bubbles: true }));
    const num = document.querySelector('[data-param="cards_after"] .num');
    num.value = '7';
    num.dispatchEvent(new Event('change', { bubbles: true }));
    const sel = document.querySelector('#p-scheme');
    sel.value = '1';
    sel.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.match(await page.textContent('#notice'), /locked on this page/);
  // Stories that would change a locked slider are disabled, and refuse a script's click too.
  const disabled = await page.$$eval('[data-preset]', (bs) => bs.filter((b) => b.disabled).map((b) => b.dataset.preset));
  assert.ok(disabled.includes('ring-plus-one'), `disabled: ${disabled}`);
  await page.evaluate(() => {
    const b = document.querySelector('[data-preset="ring-plus-one"]');
    b.disabled = false;
    b.click();
  });
  const after = await snapshot(page);
  assert.deepEqual(after.figures, before.figures);
  assert.deepEqual(after.values, before.values);
  assert.deepEqual(after.canvases, before.canvases);
  assert.equal(await page.inputValue('#p-scheme'), scheme);

  // An unlocked slider still moves; lock=all locks every input.
  await page.focus('#p-cards_before');
  await page.keyboard.press('ArrowLeft');
  assert.ok((await renders(page)) > n);
  await gotoTopic(page, app.origin, '?topic=consistent-hashing&lock=all');
  const open = await page.$$eval('.controls input, .controls select', (els) => els.filter((e) => !e.disabled).length);
  assert.equal(open, 0);
  await closeClean(page);
});

test('a tampered link gets clamped values and a visible note, never an error', async () => {
  const page = await app.open('?topic=consistent-hashing&cards_after=99999&vnodes=-5&scheme=warp&tries=0&chart_height=9999&utm_source=x');
  const notice = await page.textContent('#notice');
  assert.ok(await page.isVisible('#notice'));
  assert.match(notice, /cards_after=99999 is above the maximum 512; using 512\./);
  assert.match(notice, /vnodes=-5 is below the minimum/);
  assert.match(notice, /scheme=warp is not one of/);
  assert.match(notice, /chart_height=9999 is above the maximum 800 px/);
  assert.match(notice, /utm_source/);
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '512 cards');
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-chart] canvas')).height), '800px');
  // The address bar then shows what the page shows.
  const fixed = await settledUrl(page, /cards_after=512/);
  assert.doesNotMatch(fixed, /utm_source|99999|warp/);
  for (const q of ['?%%%&&==&topic=%FF%FE', '?topic=consistent-hashing&cards_after=1e999&bound=NaN&fix=maybe&lock=%00', `?${'x='.repeat(3000)}`]) {
    await gotoTopic(page, app.origin, q);
    assert.ok(await page.isVisible('#notice'), `a note for ${q.slice(0, 40)}`);
    assert.equal(await page.isHidden('#fatal'), true);
  }
  await closeClean(page);
});

test('the sample course page embeds two topics and hears their events', async () => {
  const page = await openPage(app.browser, app.origin, { width: 1100, height: 900 });
  await page.goto(`${app.origin}/course.html`);
  const hashing = page.frameLocator('#hashing');
  const frames = {};
  for (const id of ['hashing', 'balancing']) {
    frames[id] = await (await page.$(`#${id}`)).contentFrame();
    await frames[id].waitForSelector('body[data-ready]');
  }
  const events = () => page.evaluate(() => window.fleetlabEvents);
  await page.waitForFunction(() => ['hashing', 'balancing'].every((f) => window.fleetlabEvents.some((e) => e.frame === f && e.data.type === 'ready')));
  const ready = (await events()).find((e) => e.frame === 'hashing' && e.data.type === 'ready').data;
  assert.equal(ready.topic, 'consistent-hashing');
  assert.equal(ready.preset, 'modulo-plus-one');
  assert.equal(ready.fix, false);
  assert.equal(ready.params.cards_after, 65);
  assert.equal(ready.params.scheme, 'modulo');

  // No chrome inside, and each frame is sized to its content.
  assert.equal(await frames.hashing.isHidden('header.site'), true);
  assert.equal(await frames.hashing.isHidden('#topics'), true);
  await page.waitForFunction(() => window.fleetlabEvents.some((e) => e.frame === 'hashing' && e.data.type === 'height'));
  // Each frame comes to fit its page (the frames are same-origin: the host
  // page can measure both sides in one go).
  const fit = (id) => page.waitForFunction((fid) => {
    const f = document.getElementById(fid);
    const inner = f.contentDocument?.documentElement?.getBoundingClientRect().height;
    return inner > 0 && Math.abs(f.getBoundingClientRect().height - 2 - inner) <= 2; // the border
  }, id);
  await fit('hashing');
  await fit('balancing');
  assert.equal(await frames.hashing.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1), true, 'no scrollbar inside');

  // The question has the fixed seed; a right answer is a graded event.
  assert.equal(await frames.hashing.getAttribute('#q-text', 'data-template'), 'C2');
  assert.equal(await frames.hashing.getAttribute('#q-text', 'data-seed'), '7');
  assert.equal(await frames.hashing.isHidden('#q-solution'), true, 'hide=solution');
  await hashing.locator('#q-answer').fill('1');
  await hashing.locator('#q-answer').press('Enter');
  // Embedded, the question is about the story on screen (the rest from the
  // seed): its key is the CLI's, asked about that page.
  assert.equal(await frames.hashing.getAttribute('#q-text', 'data-live'), 'true');
  const key = JSON.parse(nativeCli(['challenge', 'consistent-hashing', 'C2', '--seed', '7', '--key', '--json', '--page', 'preset=modulo-plus-one']));
  assert.equal(await frames.hashing.textContent('#q-text'), key.question);
  await hashing.locator('#q-answer').fill(exactAnswer(key));
  await hashing.locator('#q-answer').press('Enter');
  await page.waitForFunction(() => window.fleetlabEvents.filter((e) => e.data.type === 'graded').length === 2);
  const graded = (await events()).filter((e) => e.data.type === 'graded').map((e) => e.data);
  assert.deepEqual(
    graded.map(({ topic, template, seed, correct, verdict, tries }) => ({ topic, template, seed, correct, verdict, tries })),
    [
      { topic: 'consistent-hashing', template: 'C2', seed: 7, correct: false, verdict: graded[0].verdict, tries: 1 },
      { topic: 'consistent-hashing', template: 'C2', seed: 7, correct: true, verdict: 'correct', tries: 2 },
    ],
  );
  assert.ok(['wrong', 'close'].includes(graded[0].verdict));
  assert.equal(typeof graded[1].score, 'number');
  assert.match(await page.textContent('#log'), /hashing · graded .*"correct":true/);

  // A slider moved inside a frame: a params event, once it settles.
  const balancing = page.frameLocator('#balancing');
  // A burst of moves in one task (a busy machine cannot space them out).
  await frames.balancing.evaluate(() => {
    const s = document.querySelector('#p-hot_share');
    for (let i = 0; i < 4; i++) {
      s.stepUp();
      s.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await page.waitForFunction(() => window.fleetlabEvents.some((e) => e.frame === 'balancing' && e.data.type === 'params'));
  const params = (await events()).filter((e) => e.frame === 'balancing' && e.data.type === 'params');
  assert.equal(params.length, 1, 'one event for a burst of moves');
  assert.equal(params[0].data.preset, 'hash');
  assert.equal(typeof params[0].data.params.hot_share, 'number');
  assert.equal(await frames.balancing.isDisabled('#p-cards'), true, 'lock=cards');
  // Inside a frame, stories never add to the host's history.
  const length = await page.evaluate(() => history.length);
  await balancing.locator('[data-preset="round-robin"]').click();
  // Once the frame's address has settled on the story (and told the host).
  await frames.balancing.waitForFunction(() => document.body.dataset.addressSettled === location.search && /preset=round-robin/.test(location.search));
  await page.waitForFunction(() => window.fleetlabEvents.some((e) => e.frame === 'balancing' && e.data.type === 'params' && e.data.preset === 'round-robin'));
  assert.equal(await page.evaluate(() => history.length), length);
  await screenshot(page, 'course-page');
  await closeClean(page);
});

test('the instructors page builds the link, the snippet and a live preview', async () => {
  const page = await openPage(app.browser, app.origin);
  // "Embed this page" opens it on the story a topic page shows.
  await gotoTopic(page, app.origin, '?topic=load-balancing&preset=hash-shard2');
  // The link names the challenge on show from the start: no settle to wait for.
  await page.click('#embed-this');
  await page.waitForURL(/view=instructors/);
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.inputValue('#i-topic'), 'load-balancing');
  assert.equal(await page.inputValue('#i-preset'), 'hash-shard2');
  assert.equal(await page.inputValue('#i-challenge'), 'C1');
  assert.match(await page.inputValue('#i-snippet'), /topic=load-balancing&amp;preset=hash-shard2&amp;challenge=C1&amp;embed=1/);
  // (Leaving while the preview loads would cut its requests short.)
  await page.waitForSelector('#i-preview[data-loaded]', { state: 'attached' });
  await gotoTopic(page, app.origin, '?view=instructors');
  assert.equal(await page.getAttribute('#topics a[href="?view=instructors"]', 'aria-current'), 'page');
  const unlabelled = await page.$$eval('#app input, #app select, #app textarea', (els) =>
    els.filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id || e.name));
  assert.deepEqual(unlabelled, []);

  // Keyboard only: choose the topic, the story, a lock, the seed, the tries.
  await page.focus('#i-topic');
  await page.selectOption('#i-topic', 'consistent-hashing');
  await page.selectOption('#i-preset', 'modulo-plus-one');
  await page.focus('#i-fix');
  await page.keyboard.press('Space');
  await page.focus('#i-lock-cards_before');
  await page.keyboard.press('Space');
  await page.selectOption('#i-challenge', 'C3');
  await page.fill('#i-seed', '2026');
  await page.press('#i-seed', 'Tab');
  await page.fill('#i-tries', '2');
  await page.press('#i-tries', 'Tab');
  await page.focus('#i-hide-hints');
  await page.keyboard.press('Space');
  const link = await page.inputValue('#i-link');
  // The students' link asks what the embed asks: about the page.
  assert.match(link, /index\.html\?topic=consistent-hashing&preset=modulo-plus-one&fix=1&challenge=C3&lock=cards_before&hide=hints&tries=2&fixed_seed=2026&questions=page$/);
  const snippet = await page.inputValue('#i-snippet');
  assert.match(snippet, /<iframe id="fleetlab-consistent-hashing" src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?topic=consistent-hashing&amp;preset=modulo-plus-one&amp;fix=1&amp;challenge=C3&amp;embed=1&amp;lock=cards_before/);
  assert.match(snippet, /e\.data\.type === "height"/);

  // The preview is the embed.
  const preview = await (await page.$('#i-preview')).contentFrame();
  await preview.waitForFunction(() => document.body?.dataset.ready && /hide=hints&tries=2&fixed_seed=2026/.test(location.search));
  assert.equal(await preview.isHidden('header.site'), true);
  assert.equal(await preview.isDisabled('#p-cards_before'), true);
  assert.equal(await preview.getAttribute('#apply-fix', 'aria-pressed'), 'true');
  assert.equal(await preview.getAttribute('#q-text', 'data-template'), 'C3');
  assert.equal(await preview.getAttribute('#q-text', 'data-seed'), '2026');
  assert.equal(await preview.isVisible('#q-hint'), false);
  await page.waitForFunction(() => Number(document.querySelector('#i-preview').getAttribute('height')) !== 900);

  // A slider moved in the preview stays in the link, without reloading it.
  await preview.focus('#p-cards_after');
  await preview.press('#p-cards_after', 'ArrowRight');
  await page.waitForFunction(() => /cards_after=66/.test(document.querySelector('#i-link').value));
  assert.match(await page.textContent('#i-values'), /Cards after 66 cards/);
  assert.equal(await preview.evaluate(() => document.activeElement.id), 'p-cards_after', 'the preview kept its focus');

  // The copied link opens the full page as designed.
  const student = await openPage(app.browser, app.origin);
  await load(student, await page.inputValue('#i-link'));
  assert.equal(await student.isVisible('header.site'), true);
  assert.equal(await student.textContent('[data-param="cards_after"] output'), '66 cards');
  assert.equal(await student.getAttribute('#q-text', 'data-seed'), '2026');
  assert.equal(await student.textContent('#q-text'), await preview.textContent('#q-text'), 'the link and the embed ask the same question');

  // Graded: a salt of the course's own, the question drawn for the learner,
  // the one challenge asked, no way to ask about the page.
  await page.selectOption('#i-questions', 'graded');
  await page.check('#i-only');
  await page.fill('#i-seed', '');
  await page.press('#i-seed', 'Tab');
  await page.waitForFunction(() => /mode=graded&salt=\d+&only=C3$/.test(document.querySelector('#i-link').value));
  assert.match(await page.textContent('#i-graded-note'), /add actor=<their id> to each student's link/);
  assert.equal(await page.textContent('label[for="i-link"]'), "Link for students (this one topic, graded, without the site's menu)");
  const salt = await page.inputValue('#i-salt');
  assert.match(await page.inputValue('#i-link'), new RegExp(`salt=${salt}&`), 'the salt on show is the one in the link');
  await page.fill('#i-salt', '4711');
  await page.press('#i-salt', 'Tab');
  await page.waitForFunction(() => /mode=graded&salt=4711&only=C3$/.test(document.querySelector('#i-link').value));
  // The preview settles on the last design (each change reloads it).
  await preview.waitForFunction(() => document.body?.dataset.ready && /mode=graded&salt=4711&only=C3/.test(location.search) && document.querySelector('#q-graded'));
  assert.equal(await preview.$('#q-live'), null);
  assert.deepEqual(await preview.$$eval('.q-tab', (ts) => ts.map((t) => t.dataset.template)), ['C3']);
  await screenshot(page, 'instructors-page');
  await closeClean(page, student);
});

test('embed and instructors pages read at 360 px wide', async () => {
  const page = await openPage(app.browser, app.origin, { width: 360, height: 740 });
  for (const q of ['?topic=consistent-hashing&embed=1&lock=all', '?view=instructors']) {
    await gotoTopic(page, app.origin, q);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${q}: no sideways scrolling (overflow ${overflow}px)`);
  }
  await screenshot(page, 'instructors-360px');
  await closeClean(page);
});

// An embedded page keeps its place: its glossary links, the source line's
// "seed card" that index.html wrote among them, open beside it.
test('an embedded page opens its glossary links in a new tab; a page of its own, in place', async () => {
  for (const [query, tab] of [[`?topic=${app.topics[0]}&embed=1`, true], [`?topic=${app.topics[0]}`, false]]) {
    const page = await app.open(query);
    const links = await page.$$eval('a.term', (as) => as.map((a) => ({ href: a.getAttribute('href'), target: a.target, rel: a.rel })));
    assert.ok(links.some((l) => l.href === '?view=glossary#seed-card'), `${query}: the source line links "seed card"`);
    for (const l of links) assert.deepEqual([l.target, l.rel], tab ? ['_blank', 'noopener'] : ['', ''], `${query}: ${l.href}`);
    await closeClean(page);
  }
});

test('the app opens from disk (file://) and works offline', async () => {
  const base = pathToFileURL(path.join(DIST, 'index.html')).href;
  const page = await openPage(app.browser, 'file://');
  await load(page, `${base}?topic=consistent-hashing&preset=modulo-doubling`);
  const f = await figures(page);
  assert.equal(f.modulo_remap_share, '50%');
  // The offline bundle starts once the stylesheet applies: charts in its inks.
  assert.deepEqual(await blackCharts(page), []);
  const c0 = await canvases(page);
  await page.focus('#p-cards_after');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '127 cards');
  assert.notDeepEqual(await figures(page), f);
  assert.notDeepEqual(await canvases(page), c0);
  await settledUrl(page, /cards_after=127/);
  // The sample course page works from disk too.
  await page.goto(pathToFileURL(path.join(DIST, 'course.html')).href);
  await page.waitForFunction(() => window.fleetlabEvents.filter((e) => e.data.type === 'ready').length === 2, null, { timeout: 20000 });
  assert.deepEqual(page.problems(), []);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.reload();
  await page.waitForFunction(() => window.fleetlabEvents.filter((e) => e.data.type === 'ready').length === 2, null, { timeout: 20000 });
  assert.ok(requests.every((u) => u.startsWith('file://') || u.startsWith('data:')), requests.join(' '));
  await closeClean(page);
});
