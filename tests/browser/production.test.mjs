// The model switch on every topic with a production model: the page runs
// the same story closer to production, its link says so and reopens it,
// "What production does differently" lists each difference with its
// figures under both models, and back to the seed card's model the page is
// as before. A topic without one shows no switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appUnderTest, figures, addressWhenSettled, screenshot, presetsWithFix, firstModels } from './support.mjs';

const app = appUnderTest();
const withFix = presetsWithFix();
const first = firstModels();

test('the model switch runs a story closer to production and back, and its link reopens it', async (t) => {
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await app.open(`?topic=${topic}`);
      if (!app.production.has(topic)) {
        assert.equal(await page.$('.model-switch'), null, 'no switch without a production model');
        assert.equal(await page.$('#production'), null);
        await page.context().close();
        return;
      }
      // A story with a fix: its fix is judged again closer to production.
      const preset = [...withFix[topic]][0];
      assert.ok(preset, `${topic}: a story with a fix`);
      await page.click(`[data-preset="${preset}"]`);
      const seed = await figures(page);
      assert.equal(await page.getAttribute('[data-model="seed"]', 'aria-pressed'), 'true');
      await page.click('[data-model="production"]');
      await page.waitForSelector('[data-model="production"][aria-pressed="true"]');
      const prod = await figures(page);
      assert.notDeepEqual(prod, seed, 'production moves some figure');
      // The switch and the note name the topic's first model: a seed
      // card's, or, where no seed card sketches the topic, its own.
      const ours = first.get(topic);
      assert.ok(ours, `${topic}: the CLI names its first model`);
      assert.equal((await page.textContent('[data-model="seed"]')).trim(), ours);
      assert.ok((await page.textContent('#model-note')).includes(`stories' words quote ${ours.replace(/^The/, 'the')}`));
      assert.ok(await page.isVisible('#model-note'));
      const link = await addressWhenSettled(page);
      assert.match(link, /[?&]model=production(&|$)/);
      assert.match(link, new RegExp(`[?&]preset=${preset}(&|$)`), 'the story stays');
      // The scene says which engine it runs: closer to production where it
      // runs both models, else the seed card's, not these figures.
      const sceneSays = app.productionScenes.has(topic)
        ? 'The model closer to production, run at the page\'s values: its counters settle toward the figures.'
        : `runs ${ours.replace(/^The/, 'the')} only: at the page's values its counters settle toward`;
      await page.waitForFunction((words) => document.querySelector('.scene-note').textContent.includes(words), sceneSays);
      // The announcement agrees with the scene's note: where the scene stays
      // on the first model, it says so too.
      assert.equal(await page.textContent('#notice'), app.productionScenes.has(topic)
        ? 'Now running closer to production.'
        : `The figures and checks now run closer to production; the scene stays on ${ours.replace(/^The/, 'the')}.`);
      // A fix's words are the seed card's: the page says it is judged again.
      await page.click('#apply-fix');
      await page.waitForSelector('.fixed-production');
      await page.click(`[data-preset="${preset}"]`);
      await page.waitForSelector('.fixed-production', { state: 'detached' });
      // The panel: each difference, its figures under both models.
      await page.click('#production > summary');
      await page.waitForSelector('#production [data-difference]');
      if (!/seed card/.test(ours)) {
        // A model no seed card describes is never called a seed card's.
        const words = await page.textContent('#app');
        assert.doesNotMatch(words, /seed card's (model|engine|figures)|The seed card\b(?!s)/, `${topic}: its own model is not a seed card's`);
      }
      const rows = await page.$$eval('#production tr[data-difference-figure], #production tr[data-difference-check]',
        (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      assert.ok(rows.length > 0, 'figures or checks under both models');
      assert.ok(rows.every((r) => r.length === 2), 'two columns: the seed card\'s, production\'s');
      assert.ok(rows.some(([a, b]) => a !== b), 'some row differs between the models');
      // Each row's production column is the figure the page now shows.
      const shown = await page.$$eval('#production tr[data-difference-figure]', (trs) =>
        trs.map((tr) => [tr.dataset.differenceFigure, tr.querySelectorAll('td')[1].textContent]));
      for (const [id, text] of shown) {
        assert.ok(id in prod, `${id}: a figure the page shows`);
        assert.equal(text, prod[id], `${id}: the panel and the page agree`);
      }
      await screenshot(page, `production-${topic}`);
      // The link reopens the same model and story.
      const again = await app.open(new URL(link).search);
      await again.waitForSelector('[data-model="production"][aria-pressed="true"]');
      assert.deepEqual(await figures(again), prod);
      assert.deepEqual(again.problems(), []);
      await again.context().close();
      // Back to the seed card's model: the figures as before.
      await page.click('[data-model="seed"]');
      await page.waitForSelector('[data-model="seed"][aria-pressed="true"]');
      assert.deepEqual(await figures(page), seed);
      await page.waitForSelector('#model-note', { state: 'hidden' });
      // The scene names the model it runs again.
      await page.waitForFunction((ours) => document.querySelector('.scene-note').textContent
        === `${ours}, run at the page's values: its counters settle toward the figures.`, ours);
      assert.doesNotMatch(await addressWhenSettled(page), /model=/);
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});

test('side by side runs the two models on the same arrivals where the scene runs both', async (t) => {
  const scenes = [...app.productionScenes];
  assert.ok(scenes.length > 0, 'some scene runs closer to production');
  for (const topic of app.topics) {
    await t.test(topic, async () => {
      const page = await app.open(`?topic=${topic}`);
      const offered = await page.$$eval('#scene-compare option[data-compare-models]', (os) => os.map((o) => o.value));
      assert.deepEqual(offered, app.productionScenes.has(topic) ? ['model'] : [], 'offered exactly where the scene runs both');
      await page.context().close();
    });
  }
  for (const topic of scenes) {
    await t.test(`${topic}: the two models`, async () => {
      const page = await app.open(`?topic=${topic}`);
      await page.selectOption('#scene-compare', 'model');
      await page.waitForFunction((topic) => {
        const cs = [...document.querySelectorAll(`canvas[data-scene="${topic}"]`)];
        return cs.length === 2 && cs.map((c) => c.dataset.side).join() === 'a,b';
      }, topic);
      const link = await addressWhenSettled(page);
      assert.equal(new URL(link).searchParams.get('compare'), 'model');
      const text = await page.textContent('section.scene');
      assert.match(text, /The seed card's model/);
      assert.match(text, /Closer to production/);
      await screenshot(page, `production-side-by-side-${topic}`);
      // The link reopens it, under either model of the page.
      const again = await app.open(`${new URL(link).search}&model=production`);
      await again.waitForSelector('canvas[data-side="b"]');
      assert.equal(await again.$eval('#scene-compare', (s) => s.value), 'model');
      assert.deepEqual(again.problems(), []);
      await again.context().close();
      assert.deepEqual(page.problems(), []);
      await page.context().close();
    });
  }
});

test('closer to production the key figures show what the checks judge', async () => {
  // Tiers' paid SLO judges the mean under the seed card's model and the p95
  // closer to production: the first screen shows the one judged.
  const page = await app.open('?topic=tiers-and-rate-limits');
  const keyFigure = (id) => page.textContent(`#figures [data-figure="${id}"] dd`);
  const chip = async () => (await page.textContent('[data-chip="paid_slo"] .chip-cmp')).split(' ')[0] + ' ms';
  assert.equal(await keyFigure('paid_wait_ms'), await chip());
  assert.equal(await page.$('#figures [data-figure="paid_wait_p95_ms"]'), null);
  await page.click('[data-model="production"]');
  await page.waitForSelector('#figures [data-figure="paid_wait_p95_ms"]');
  assert.equal(await page.$('#figures [data-figure="paid_wait_ms"]'), null, 'the mean moves under More figures');
  assert.equal(await keyFigure('paid_wait_p95_ms'), await chip());
  // And back: the mean again.
  await page.click('[data-model="seed"]');
  await page.waitForSelector('#figures [data-figure="paid_wait_ms"]');
  assert.equal(await keyFigure('paid_wait_ms'), await chip());
  assert.deepEqual(page.problems(), []);
  await page.context().close();
});
