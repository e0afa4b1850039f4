// The consistent-hashing explorer (issue 2): the cards-after slider under
// mouse and keyboard, the presets' stories, bad input, and the erratum.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, gotoTopic, renders, figures, checks, canvases, screenshot } from './support.mjs';

let server;
let browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = async (query = '?topic=consistent-hashing') => {
  const page = await openPage(browser, server.origin);
  await gotoTopic(page, server.origin, query);
  return page;
};

test('the worked example shows the seed figures and the erratum', async () => {
  const page = await open();
  await page.click('[data-preset="modulo-doubling"]');
  const f = await figures(page);
  assert.equal(f.modulo_remap_share, '50%');
  assert.equal(f.copy_mb, '384 MB');
  assert.equal(f.expected_rebuild_mb, '12,288 MB');
  const erratum = await page.textContent('.erratum');
  assert.match(erratum, /24,576 MB/);
  assert.match(erratum, /12,288 MB/);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('cards after: the keyboard and the mouse move figures and the canvas', async () => {
  const page = await open();
  const f0 = await figures(page);
  const c0 = await canvases(page);
  await page.focus('#p-cards_after');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '127 cards');
  const f1 = await figures(page);
  assert.notEqual(f1.modulo_remap_share, f0.modulo_remap_share);
  const c1 = await canvases(page);
  assert.notEqual(c1.ring, c0.ring);
  assert.notEqual(c1.sweep, c0.sweep);

  // Drag with the mouse to the left end of the track: one card.
  const box = await page.locator('#p-cards_after').boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 1, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const n = Number((await page.textContent('[data-param="cards_after"] output')).split(' ')[0]);
  assert.ok(n < 20, `dragged to ${n} cards`);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('presets tell their stories and the fix flips the moved check', async () => {
  const page = await open();
  await page.click('[data-preset="modulo-plus-one"]');
  let f = await figures(page);
  assert.equal(f.modulo_remap_share, '98.46%');
  assert.equal((await checks(page)).moved, false);
  assert.match(await page.textContent('[data-check="moved"] .why'), /ring, jump or rendezvous/);
  await page.click('#apply-fix');
  assert.equal((await checks(page)).moved, true);
  assert.equal(await page.inputValue('#p-scheme'), '2');
  await screenshot(page, 'consistent-hashing-modulo-plus-one-fixed');

  await page.click('[data-preset="ring-plus-one"]');
  f = await figures(page);
  assert.equal(f.expected_move_share, '1.54%');
  assert.equal(await page.isVisible('#apply-fix'), false);
  // The ring is drawn with its arcs.
  await screenshot(page, 'consistent-hashing-ring-plus-one');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a failing check points at its lever', async () => {
  const page = await open();
  await page.click('[data-preset="modulo-plus-one"]');
  await page.click('[data-check="moved"] .lever');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'p-scheme');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('bad values are refused or adjusted with a message, never a crash', async () => {
  const page = await open();
  const f0 = await figures(page);
  // Typed garbage and out-of-range numbers: a message beside the control.
  await page.fill('[data-param="cards_after"] .num', '100000');
  await page.press('[data-param="cards_after"] .num', 'Enter');
  assert.match(await page.textContent('[data-param="cards_after"] .control-error'), /out of range/);
  assert.deepEqual(await figures(page), f0);
  await page.fill('[data-param="cards_after"] .num', '12.5');
  await page.press('[data-param="cards_after"] .num', 'Enter');
  assert.match(await page.textContent('[data-param="cards_after"] .control-error'), /whole number/);
  await page.fill('[data-param="cards_after"] .num', '65');
  await page.press('[data-param="cards_after"] .num', 'Enter');
  assert.equal(await page.textContent('[data-param="cards_after"] .control-error'), '');
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '65 cards');

  // A script sets slider values the spec does not allow.
  const n = await renders(page);
  await page.evaluate(() => {
    const s = document.querySelector('#p-cards_after');
    s.value = '99999';
    s.dispatchEvent(new Event('input', { bubbles: true }));
    const sel = document.querySelector('#p-scheme');
    const o = document.createElement('option');
    o.value = '17';
    sel.append(o);
    sel.value = '17';
    sel.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.ok((await renders(page)) > n);
  assert.equal(await page.textContent('[data-param="cards_after"] output'), '512 cards');
  assert.match(await page.textContent('#notice'), /adjusted/);
  assert.equal(await page.isHidden('#fatal'), true);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a check not judged says so in its chip, on a phone too, and every chip gives its verdict in words', async () => {
  // The defaults put one family a card on average: balance is not judged.
  const page = await openPage(browser, server.origin, { width: 360, height: 740 });
  await gotoTopic(page, server.origin, '?topic=consistent-hashing');
  assert.equal(await page.getAttribute('[data-chip="balance"]', 'data-judged'), 'false');
  const cmp = page.locator('[data-chip="balance"] .chip-cmp');
  assert.ok(await cmp.isVisible(), 'its "not judged" is shown beside the label');
  assert.match(await cmp.textContent(), /^\d[\d.,]*×, not judged$/);
  // A judged chip keeps the phone's short form: its comparison hidden.
  assert.equal(await page.isVisible('[data-chip="moved"] .chip-cmp'), false);
  // On hover, each chip's verdict in the words of its check below.
  const said = await page.$$eval('[data-chip]', (cs) => cs.map((c) => [c.title, document.querySelector(`[data-check="${c.dataset.chip}"] .why`).textContent]));
  assert.ok(said.length > 0 && said.every(([title, why]) => title.endsWith(`: ${why}`)), JSON.stringify(said));
  assert.match(await page.getAttribute('[data-chip="moved"]', 'title'), /^Resize moves near the minimum: .* needs at least 50%, and the check allows twice that\.$/);
  // It follows the run: modulo's +1 resize fails, and its chip says why.
  await page.click('[data-preset="modulo-plus-one"]');
  await page.waitForSelector('[data-chip="moved"][data-pass="false"]');
  assert.match(await page.getAttribute('[data-chip="moved"]', 'title'), /redraws nearly every assignment/);
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});
