// Inside one replica (issue 32): the stories fail their checks until their
// fixes, a slider move shows a first look and then the full run, the page
// carries its sustained rate into autoscaling, and the scene runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appUnderTest, figures, checks, screenshot, nativeCli, canvases } from './support.mjs';

const app = appUnderTest();
const open = (query = '?topic=inside-a-replica', size) => app.open(query, size);

test('each story fails its check and passes with its fix, as the CLI says', async () => {
  const page = await open();
  for (const [story, failing] of [
    ['memory-caps-batch', 'ttft_p99'],
    ['long-prompt-stall', 'stall_p99'],
    ['saturated', 'ttft_p99'],
  ]) {
    await page.click(`[data-preset="${story}"]`);
    await figures(page);
    const cli = JSON.parse(nativeCli(['run', 'inside-a-replica', '--preset', story, '--json']));
    const before = await checks(page);
    assert.equal(before[failing], false, `${story}: ${failing} fails`);
    for (const c of cli.checks) assert.equal(before[c.id], c.pass, `${story}: ${c.id} as the CLI`);
    await screenshot(page, `inside-a-replica-${story}`);
    await page.click('#apply-fix');
    await figures(page);
    const after = await checks(page);
    assert.ok(Object.values(after).every(Boolean), `${story} + fix: ${JSON.stringify(after)}`);
    const fixed = JSON.parse(nativeCli(['run', 'inside-a-replica', '--preset', story, '--fix', '--json']));
    assert.ok(fixed.checks.every((c) => c.pass));
    await screenshot(page, `inside-a-replica-${story}-fixed`);
  }
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the 70B-class model in 16 bits stores the seed cards\' 320 KB (KiB) a token', async () => {
  const page = await open('?topic=inside-a-replica&preset=memory-caps-batch');
  const f = await figures(page);
  assert.equal(f.kv_bytes_per_token, '327,680 bytes');
  assert.equal(f.max_sequences, '1 sequence');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('a slider move shows a first look, then the full run', async () => {
  const page = await open();
  const f0 = await figures(page);
  await page.focus('#p-arrival_rps');
  await page.keyboard.press('ArrowRight');
  const f1 = await figures(page);
  assert.notEqual(f1.throughput_tok_s, f0.throughput_tok_s);
  assert.equal(await page.$('.info:has-text("A first look")'), null, 'the first-look note goes once the run is full');
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});

test('the sustained rate is carried into autoscaling and buying the fleet', async () => {
  for (const [topic, param] of [['autoscaling', 'replica_ceiling'], ['buying-the-fleet', 'h100_rate_8b']]) {
    const page = await open();
    await figures(page);
    const link = page.locator(`.carry a[href*="topic=${topic}&"]`);
    const href = await link.getAttribute('href');
    const value = Number(new URLSearchParams(href.slice(1)).get(param));
    assert.ok(value > 0, href);
    await link.click();
    await page.waitForFunction((t) => new URLSearchParams(location.search).get('topic') === t, topic);
    await page.waitForSelector('body[data-ready]');
    const out = await page.textContent(`[data-param="${param}"] output`);
    assert.equal(Number(out.replace(/[^0-9.]/g, '')), value, out);
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
});

test('charts and scene draw on a phone and on a desk', async () => {
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    const page = await open('?topic=inside-a-replica', size);
    await figures(page);
    const charts = await canvases(page);
    assert.deepEqual(Object.keys(charts).sort(), ['batch', 'load', 'memory']);
    assert.ok(await page.isVisible('.scene-canvas'), 'the scene shows');
    await screenshot(page, `inside-a-replica-${size.width}`);
    assert.deepEqual(page.problems(), []);
    await page.context().close();
  }
});
