// A developer's look at one page, as a learner sees it:
//   node tests/browser/look.mjs "?topic=warm-pool" [width] [preset-id] [fix]
// writes artifacts/screenshots/look.png and prints console problems.
import { serve, launch, openPage, gotoTopic, screenshot } from './support.mjs';

const [query = '', width = '1280', preset, fix] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.origin, { width: Number(width), height: 900, motion: true });
await gotoTopic(page, server.origin, query);
if (preset) await page.click(`[data-preset="${preset}"]`);
if (fix) await page.click('#apply-fix');
await screenshot(page, 'look');
console.log(page.problems().join('\n') || 'no console problems');
console.log('render', await page.getAttribute('body', 'data-render-split'));
await browser.close();
await server.close();
