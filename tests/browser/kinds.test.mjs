// Question kinds beyond one number, predictions before a story's outcome,
// and the practice that adapts. Keys come from the native CLI (`fleetlab
// kind … --key`), so the browser's draw is checked against the native model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  appUnderTest, nativeCli, closeClean, screenshot, addressWhenSettled, answer, ROOT,
} from './support.mjs';

const app = appUnderTest();
const KINDS = ['numbers', 'lever', 'choice', 'order', 'predict'];

/** The native key of the kind question on show. */
function kindKey(page) {
  return page.evaluate(() => {
    const t = document.querySelector('#k-text').dataset;
    return [t.topic, t.template, t.seed, t.level];
  }).then(([topic, tpl, seed, level]) => JSON.parse(
    nativeCli(['kind', topic, tpl, '--seed', seed, '--level', level, '--key', '--json'])));
}

/** The practice page drilling only `kinds` of only `topic`'s questions. */
async function drill(page, kinds, topic) {
  for (const k of KINDS.filter((k) => !kinds.includes(k))) {
    await page.uncheck(`.q-kinds input[value=${k}]`);
  }
  if (topic) {
    const others = await page.$$eval('.q-topics:not(.q-kinds) input', (cs) => cs.map((c) => c.value));
    for (const t of others.filter((t) => t !== topic)) {
      await page.uncheck(`.q-topics:not(.q-kinds) input[value="${t}"]`);
    }
  }
}

/** The template on show in the drill: "topic/template". */
function onShow(page) {
  return page.evaluate(() => `${document.querySelector('#practice').dataset.topic}/${document.querySelector('#practice').dataset.template}`);
}

function record(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('fleetlab.progress')));
}

async function lever(page, typed) {
  const [param, value] = typed.split('=');
  await page.selectOption('#k-param', param);
  if (await page.isVisible('#k-word')) await page.selectOption('#k-word', value);
  else await page.fill('#k-value', value);
  await page.click('#k-check');
  return page.getAttribute('#k-feedback', 'data-verdict');
}

test('a choose-the-lever question grades a wrong lever and a correct one, with the model\'s reason', async () => {
  for (const [w, h] of [[1366, 900], [360, 740]]) {
    const page = await app.open('?view=practice', { width: w, height: h });
    await drill(page, ['lever'], 'warm-pool');
    assert.equal(await onShow(page), 'warm-pool/L1');
    assert.match(await page.textContent('#k-text'), /fails: .*Which one parameter/);
    // Every control is labelled.
    assert.equal(await page.textContent('label[for=k-param]'), 'Lever');
    assert.equal(await page.textContent('label[for=k-value]'), 'Set it to');
    const k = await kindKey(page);
    assert.equal(await lever(page, k.wrong), 'wrong');
    assert.match(await page.textContent('#k-feedback'), /still fails/);
    assert.equal(await lever(page, k.key), 'correct');
    assert.match(await page.textContent('#k-feedback'), /^Yes: with .* passes/);
    assert.ok(await page.isVisible('#k-reasons'), 'the levers the model finds, once answered');
    assert.match(await page.textContent('#k-reasons'), /fixes it alone at/);
    const e = (await record(page)).entries['warm-pool/L1'];
    assert.deepEqual([e.attempts, e.correct, e.first_try, e.box], [2, 1, 0, 1], 'a first try wrong: box 1');
    await screenshot(page, `kinds-lever-${w}`);
    await closeClean(page);
  }
});

test('a lever that moves what the story asks for is refused, not counted (#35, defect 4)', async () => {
  const page = await app.open('?view=practice');
  await drill(page, ['lever'], 'consistent-hashing');
  assert.match(await page.textContent('#k-text'), /The \+1 resize by modulo/);
  assert.equal(await lever(page, 'cards_after=128'), 'unreadable');
  assert.equal(await page.textContent('#k-feedback'), 'Cards after is what this story asks for — 65 cards; a lever must leave it standing.');
  assert.equal((await record(page))?.entries?.['consistent-hashing/L1'], undefined, 'not a try');
  assert.equal(await lever(page, (await kindKey(page)).key), 'correct');
  await closeClean(page);
});

test('practice asks no concept question again that was answered right', async () => {
  const page = await app.open('?view=practice');
  await drill(page, ['choice'], 'warm-pool');
  const seen = [];
  for (let n = 0; n < 3; n += 1) {
    const text = await page.textContent('#k-text');
    assert.ok(!seen.includes(text), `asked again after a right answer: ${text}`);
    seen.push(text);
    const k = await kindKey(page);
    await page.check(`#k-opt-${k.key.charCodeAt(0) - 65}`);
    await page.click('#k-check');
    assert.equal(await page.getAttribute('#k-feedback', 'data-verdict'), 'correct');
    await page.click('#q-new');
  }
  assert.equal((await record(page)).entries['warm-pool/M1'].known.length, 3);
  await closeClean(page);
});

test('multiple choice is a labelled radio group, answered once, every option explained', async () => {
  const page = await app.open('?view=practice');
  await drill(page, ['choice'], 'load-balancing');
  assert.equal(await page.textContent('.k-options legend'), 'Your answer');
  const k = await kindKey(page);
  const i = k.key.charCodeAt(0) - 65;
  // The keyboard: focus the group, arrow to the key, check with Enter.
  await page.focus('#k-opt-0');
  for (let n = 0; n < i; n += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  assert.equal(await page.isChecked(`#k-opt-${i}`), true);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#k-feedback[data-verdict]');
  assert.equal(await page.getAttribute('#k-feedback', 'data-verdict'), 'correct');
  assert.equal(await page.$$eval('#k-reasons li', (l) => l.length), 4, 'a reason for each option');
  assert.equal(await page.isDisabled('#k-check'), true, 'answered once');
  await closeClean(page);
});

test('order the steps with the move buttons and the keyboard; each move is announced', async () => {
  for (const [w, h] of [[1366, 900], [360, 740]]) {
    const page = await app.open('?view=practice', { width: w, height: h });
    await drill(page, ['order'], 'cache-aware-routing');
    const k = await kindKey(page);
    const want = k.key.split(',').map((l) => l.charCodeAt(0) - 65);
    const first = await page.textContent('#k-steps li:nth-child(1) .k-step-text');
    await page.focus('#k-down-0');
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('#k-steps li:nth-child(2) .k-step-text'), first);
    assert.match(await page.textContent('#k-live'), /is now step 2 of 5/);
    // Selection sort with the buttons: bring each wanted step up to its place.
    for (let pos = 0; pos < want.length; pos += 1) {
      for (;;) {
        const at = await page.$$eval('#k-steps li', (ls) => ls.map((l) => Number(l.dataset.step)));
        const from = at.indexOf(want[pos]);
        if (from === pos) break;
        await page.click(`#k-up-${from}`);
      }
    }
    await page.click('#k-check');
    assert.equal(await page.getAttribute('#k-feedback', 'data-verdict'), 'correct');
    await screenshot(page, `kinds-order-${w}`);
    await closeClean(page);
  }
});

test('an order question after an answered concept or prediction question moves its steps (#35, defect 2)', async () => {
  for (const before of ['choice', 'predict']) {
    const page = await app.open(`?view=practice&kinds=${before},order`);
    await drill(page, [before, 'order'], 'warm-pool');
    const asked = before === 'choice' ? 'warm-pool/M1' : 'warm-pool/P1';
    for (let round = 0; round < 3; round += 1) {
      // The other template of the two follows the one on show.
      if (await onShow(page) !== asked) await page.click('#q-new');
      assert.equal(await onShow(page), asked, `round ${round}`);
      await page.check('#k-opt-0');
      await page.click('#k-check');
      await page.waitForSelector('#k-check[disabled]');
      await page.click('#q-new');
      assert.equal(await onShow(page), 'warm-pool/O1', `round ${round}`);
      const n = await page.$$eval('#k-steps li', (l) => l.length);
      const enabled = await page.$$eval('#k-steps .k-move', (bs) => bs.filter((b) => !b.disabled).length);
      assert.equal(enabled, 2 * n - 2, `${before}, round ${round}: every move but up from the top and down from the bottom`);
      const first = await page.textContent('#k-steps li:nth-child(1) .k-step-text');
      await page.click('#k-down-0');
      assert.equal(await page.textContent('#k-steps li:nth-child(2) .k-step-text'), first, 'the step moved');
    }
    await closeClean(page);
  }
});

test('a missed template returns within the next three practice questions', async () => {
  const page = await app.open('?view=practice');
  await drill(page, ['numbers']);
  const seen = [];
  for (let miss = 0; miss < 3; miss += 1) {
    const missed = await onShow(page);
    let verdict = 'unreadable';
    for (const text of ['987654321987', '0.000123', '42 cards']) {
      verdict = await answer(page, text);
      if (verdict !== 'unreadable') break;
    }
    assert.ok(['wrong', 'close'].includes(verdict), `${missed}: ${verdict}`);
    const after = [];
    for (let n = 0; n < 3; n += 1) {
      await page.click('#q-new');
      after.push(await onShow(page));
      if (after.at(-1) === missed) break;
    }
    assert.ok(after.includes(missed), `${missed} missed, then ${after.join(', ')}`);
    assert.notEqual(after[0], missed, 'not the very next question: recalled, not copied');
    assert.match(await page.textContent('#q-about'), /missed last time, so it is back/);
    assert.equal(await page.getAttribute('#practice', 'data-level'), 'easy');
    seen.push(missed);
  }
  const p = await record(page);
  assert.ok(p.drawn >= 4, `the drill counts its questions (${p.drawn})`);
  await closeClean(page);
});

test('a prediction is recorded and shown beside the outcome', async () => {
  for (const [w, h] of [[1366, 900], [360, 740]]) {
    const page = await app.open('?topic=warm-pool&predict=on', { width: w, height: h });
    assert.equal(await page.isChecked('#poe-on'), true);
    await page.click('[data-preset="all-cold"]');
    await page.waitForSelector('#poe-form:not([hidden])');
    for (const sel of ['.layout .keybar', '.layout .results']) {
      assert.equal(await page.$eval(sel, (l) => l.classList.contains('veiled') && l.inert), true, `${sel}: the outcome is hidden, and out of reach`);
    }
    // The fix button (only a failing story has one) is not on the page at
    // all: blurred, its place would tell.
    assert.equal(await page.isHidden('#apply-fix'), true, 'the fix button is out of sight');
    assert.equal(await page.$eval('.presets .story', (s) => s.inert), true, 'so is the story\'s ending');
    // The parameters a prediction is made from stay in sight, read-only.
    assert.equal(await page.$eval('.layout .controls', (c) => !c.classList.contains('veiled') && !c.inert), true, 'the parameters are in sight and in reach');
    await screenshot(page, `kinds-predict-ask-${w}`);
    // A figure the page cannot read is said so, and nothing is shown or
    // counted: the prediction stays open to mend.
    // Each part is asked for by name while it is missing.
    await page.fill('#poe-0', '20 s');
    await page.click('#poe-commit');
    await page.waitForFunction(() => /Answer “Will .* hold\?.*” first, or skip/.test(document.querySelector('#poe-reveal').textContent));
    await page.fill('#poe-0', 'about fifteen seconds');
    await page.check('input[name=poe-1][value="1"]');
    await page.click('#poe-commit');
    await page.waitForFunction(() => /Mend it and commit again/.test(document.querySelector('#poe-reveal').textContent));
    assert.equal(await page.isVisible('#poe-form'), true);
    assert.equal(await page.getAttribute('#poe-reveal', 'data-recorded'), null);
    assert.equal(await page.$eval('.layout .results', (l) => l.inert), true);
    await page.fill('#poe-0', '20 s');
    await page.check('input[name=poe-1][value="1"]');
    await page.click('#poe-commit');
    await page.waitForSelector('#poe-reveal[data-recorded="all-cold"]');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'poe-reveal', 'the keyboard goes on from the result');
    for (const sel of ['.layout .keybar', '.layout .results', '.layout .controls', '#apply-fix']) {
      assert.equal(await page.$eval(sel, (l) => l.classList.contains('veiled') || l.inert), false, sel);
    }
    assert.equal(await page.isVisible('#apply-fix'), true, 'the fix button is back');
    assert.match(await page.textContent('#poe-reveal .poe-rule'), /within 10 % of the model's/);
    const rows = await page.$$eval('#poe-reveal tbody tr', (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
    const p95 = await page.textContent('[data-figure=p95_wait_s] dd');
    assert.deepEqual(rows[0].slice(1), ['20 s', p95, 'off'], 'the figure beside the model\'s');
    assert.deepEqual(rows[1].slice(1, 2), ['holds']);
    assert.match(rows[1][2], /^fails/);
    assert.match(await page.textContent('#poe-reveal'), /Why: Keep nothing warm/);
    const x = (await record(page)).predictions['warm-pool/all-cold'];
    assert.deepEqual([x.attempts, x.correct], [1, 0]);
    assert.match(await addressWhenSettled(page), /predict=on/);
    await screenshot(page, `kinds-predict-reveal-${w}`);
    // The fix, then skipped: nothing recorded, the outcome shown.
    await page.click('#apply-fix');
    await page.waitForSelector('#poe-form:not([hidden])');
    await page.click('#poe-skip');
    assert.equal(await page.$eval('.layout .results', (l) => l.inert), false);
    assert.equal((await record(page)).predictions['warm-pool/all-cold+fix'], undefined);
    // Off (the story asked again, skipped) and on again, the fix predicted:
    // its reveal says why the fix changes the outcome, not the unfixed
    // story's account again.
    await page.click('#apply-fix');
    await page.waitForSelector('#poe-form:not([hidden])');
    await page.click('#poe-skip');
    await page.click('#apply-fix');
    await page.waitForSelector('#poe-form:not([hidden])');
    await page.fill('#poe-0', '0 s');
    await page.check('input[name=poe-1][value="0"]');
    await page.click('#poe-commit');
    await page.waitForSelector('#poe-reveal[data-recorded="all-cold+fix"]');
    assert.match(await page.textContent('#poe-reveal .poe-why'), /^Why, with the fix: /);
    assert.doesNotMatch(await page.textContent('#poe-reveal'), /Keep nothing warm/);
    await closeClean(page);
  }
});

test('predictions are off on a topic page by default, and the checkbox turns them on', async () => {
  const page = await app.open('?topic=warm-pool');
  assert.equal(await page.isChecked('#poe-on'), false);
  await page.click('[data-preset="all-cold"]');
  assert.equal(await page.isHidden('#poe-form'), true);
  await page.check('#poe-on');
  await page.click('[data-preset="always-warm"]');
  await page.waitForSelector('#poe-form:not([hidden])');
  // Back to the defaults: the pending prediction is dropped, the outcome shown.
  await page.click('#reset');
  assert.equal(await page.isHidden('#poe-form'), true);
  assert.equal(await page.$eval('.layout .results', (l) => l.inert), false);
  await closeClean(page);
});

test('mastery per topic on the home page and in the practice view', async () => {
  const page = await app.open('?view=practice');
  await drill(page, ['choice'], 'warm-pool');
  const k = await kindKey(page);
  await page.check(`#k-opt-${k.key.charCodeAt(0) - 65}`);
  await page.click('#k-check');
  assert.equal(await page.getAttribute('#mastery li[data-topic="warm-pool"]', 'data-mastery'), '5', '2 of 5 boxes on 1 of 8 templates');
  await page.goto(page.url().replace(/\?.*/, '?view=home'));
  await page.waitForSelector('body[data-ready]');
  assert.match(await page.textContent('.path-card[data-topic="warm-pool"] .progress'), /mastery 5%/);
  await closeClean(page);
});

/** axe-core's WCAG 2.2 AA and best-practice violations on the page, as lines. */
async function axeViolations(page) {
  await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
  const r = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  }));
  return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('axe finds no violation in the kinds\' questions, their marks, and a prediction asked and revealed', async () => {
  for (const kind of ['lever', 'choice', 'order', 'predict']) {
    const page = await app.open(`?view=practice&kinds=${kind}`);
    assert.deepEqual(await axeViolations(page), [], `${kind}: asked`);
    await page.click('#k-check');
    if (kind === 'choice' || kind === 'predict') await page.check('#k-opt-0');
    if (kind === 'lever') await lever(page, (await kindKey(page)).key);
    else await page.click('#k-check');
    await page.waitForSelector('#k-feedback[data-verdict]');
    if (!(await page.isVisible('#k-reasons'))) await page.click('#k-why');
    assert.deepEqual(await axeViolations(page), [], `${kind}: marked`);
    await closeClean(page);
  }
  const page = await app.open('?topic=cache-aware-routing&predict=on');
  await page.click('[data-preset="silent-eviction"]');
  await page.waitForSelector('#poe-form:not([hidden])');
  assert.deepEqual(await axeViolations(page), [], 'a prediction asked');
  await page.fill('#poe-0', '80%');
  await page.check('input[name=poe-1][value="0"]');
  await page.click('#poe-commit');
  await page.waitForSelector('#poe-reveal[data-recorded]');
  assert.deepEqual(await axeViolations(page), [], 'a prediction revealed');
  await closeClean(page);
});
