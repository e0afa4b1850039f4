// Regenerates the README's picture, docs/screenshot.jpg (run after a build):
//   node tests/browser/readme-shot.mjs
import path from 'node:path';
import { serve, launch, openPage, gotoTopic, ROOT } from './support.mjs';

const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.origin, { width: 1280, height: 1000, motion: true });
await gotoTopic(page, server.origin, '?topic=consistent-hashing');
await page.click('[data-preset="ring-plus-one"]');
await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshot.jpg'), type: 'jpeg', quality: 72, fullPage: false });
await browser.close();
await server.close();
