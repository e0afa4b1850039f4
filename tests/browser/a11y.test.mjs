// Accessibility, in headless Chromium under the pages' strict CSP: axe-core
// (node_modules, pinned) over every state a learner reaches, WCAG 2.2 AA and
// best practice, and any violation fails. axe is run through the DevTools
// protocol (page.evaluate), which the page's policy does not govern, so the
// pages stay as strict as they ship.
//
// The states are one table, STATES: a new view is one more line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  appUnderTest, openPage, gotoTopic, answer, presetsWithFix, ROOT,
} from './support.mjs';

const app = appUnderTest();
const withFix = presetsWithFix();
const AXE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Opens every chart's table. */
async function openTables(page) {
  for (const s of await page.$$('[data-chart] details summary')) await s.click();
  await page.waitForSelector('[data-chart] details[open] table');
}

/** Answers the question on show, when the page has one. */
async function answered(page) {
  if (!(await page.isVisible('#q-answer'))) return;
  await answer(page, '1');
  await page.waitForSelector('#q-feedback[data-verdict]');
}

/** Plays the scene (when the page has one) until it says so. */
async function playing(page) {
  if (!(await page.$('section.scene'))) return;
  // Off screen it holds; in view it plays (or waits to be asked, paused).
  await page.$eval('section.scene', (s) => s.scrollIntoView());
  await page.waitForSelector('section.scene:not([data-scene-state="held"])');
  if ((await page.getAttribute('section.scene', 'data-scene-state')) === 'paused') await page.click('.scene-play');
  await page.waitForSelector('section.scene[data-scene-state="playing"]');
}

/** The scene side by side on its first comparison (when it offers one). */
async function compared(page) {
  const id = await page.$eval('#scene-compare option[data-compare-param]', (o) => o.value).catch(() => null);
  if (!id) return;
  await page.selectOption('#scene-compare', id);
  await page.waitForSelector('.scene-stage.compare canvas[data-side="b"]');
}

/** A story of `topic` with a fix, if it has one. */
const fixed = (topic) => [...(withFix[topic] ?? [])][0];

/**
 * Every state a learner reaches: a name, the address (a query of the app, or
 * a file of dist/), and what to do once it has loaded.
 */
const STATES = [
  { name: 'home', query: '?view=home' },
  { name: 'home, no topic named', query: '' },
  { name: 'practice, answered', query: '?view=practice&kinds=numbers', act: answered },
  { name: 'glossary', query: '?view=glossary#card' },
  // The preview's page built: axe reads the frame's landmarks with the page's.
  { name: 'instructors', query: '?view=instructors', act: async (p) => (await (await p.waitForSelector('#i-preview')).contentFrame()).waitForSelector('body[data-ready]', { state: 'attached' }) },
  { name: 'interview', query: '?view=interview' },
  {
    name: 'an embed',
    query: '?topic=consistent-hashing&preset=modulo-plus-one&embed=1&lock=cards_before,families&challenge=C2&fixed_seed=7&tries=3&hide=solution',
  },
  {
    name: 'a graded embed, one question asked, a try spent',
    query: '?topic=warm-pool&embed=1&mode=graded&salt=2026&only=C2&tries=2&actor=ada&actor_home=https%3A%2F%2Flms.example.org',
    act: async (p) => { await p.fill('#q-answer', '1'); await p.press('#q-answer', 'Enter'); await p.waitForSelector('#q-feedback[data-verdict]'); },
  },
  { name: 'the course page', file: 'course.html' },
];
/** Per topic: its page by default, with a story and its fix, and every part opened and running. */
const TOPIC_STATES = [
  { name: 'default', query: (t) => `?topic=${t}` },
  { name: 'a story and its fix', query: (t) => (fixed(t) ? `?topic=${t}&preset=${fixed(t)}&fix=1` : null) },
  {
    name: 'tables open, a question answered, the scene playing',
    query: (t) => `?topic=${t}`,
    act: async (p) => { await openTables(p); await answered(p); await playing(p); },
  },
  { name: 'the scene side by side', query: (t) => `?topic=${t}`, act: async (p) => { await compared(p); await playing(p); } },
  {
    // Only where the topic has a production model (the switch is there).
    name: 'closer to production, its panel open',
    query: (t) => (app.production.has(t) ? `?topic=${t}&model=production` : null),
    act: async (p) => {
      await p.click('#production > summary');
      await p.waitForSelector('#production [data-difference]');
    },
  },
];

/** Runs axe in every frame of `page`; its violations as lines. */
async function axe(page) {
  for (const frame of page.frames()) {
    await frame.evaluate(AXE);
  }
  const result = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  }), TAGS);
  return result.violations.flatMap((v) => v.nodes.map((n) =>
    `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}`));
}

async function check(name, url, act) {
  const page = await openPage(app.browser, app.origin);
  if (url.startsWith('/')) {
    await page.goto(`${app.origin}${url}`);
    await page.waitForFunction(() => window.fleetlabEvents?.filter((e) => e.data.type === 'ready').length === 2);
  } else {
    await gotoTopic(page, app.origin, url);
  }
  if (act) await act(page);
  const found = await axe(page);
  assert.deepEqual(page.problems(), [], name);
  await page.context().close();
  return found;
}

test('axe finds no violation in any state a learner reaches', async (t) => {
  const all = [];
  // A11Y_ONLY=regex: only the states whose name matches (while fixing one).
  const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
  const run = async (name, url, act) => {
    if (only && !only.test(name)) return;
    await t.test(name, async () => {
      const found = await check(name, url, act);
      all.push(...found.map((f) => `${name}: ${f}`));
      assert.deepEqual(found, [], name);
    });
  };
  for (const s of STATES) await run(s.name, s.file ? `/${s.file}` : s.query, s.act);
  for (const topic of app.topics) {
    for (const s of TOPIC_STATES) {
      const q = s.query(topic);
      if (q !== null) await run(`${topic}: ${s.name}`, q, s.act);
    }
  }
  if (all.length) console.log(`axe: ${all.length} violation nodes\n${all.join('\n')}`);
});
