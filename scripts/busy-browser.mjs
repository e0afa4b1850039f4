// A second, busy Chromium for scripts/under-load.sh: three pages of the built
// app (dist/) loading topics and moving sliders until it is told to stop.
// Not a test: it keeps the machine busy so the suite's timing faults show.
import { serve, launch, builtTopics } from '../tests/browser/support.mjs';

const { origin, close } = await serve();
const browser = await launch();
const stop = () => browser.close().catch(() => {}).finally(() => { close(); process.exit(0); });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const pages = await Promise.all([0, 1, 2].map(() => browser.newPage()));
await pages[0].goto(`${origin}/index.html`);
await pages[0].waitForSelector('body[data-ready]', { timeout: 60000 });
const topics = await builtTopics(pages[0]);
for (let i = 0; ; i++) {
  await Promise.all(pages.map(async (p, k) => {
    try {
      await p.goto(`${origin}/index.html?topic=${topics[(i + k * 3) % topics.length]}`);
      await p.waitForSelector('body[data-ready]', { timeout: 20000 });
      const r = await p.$('input[type=range]');
      if (r) {
        await r.focus();
        for (let j = 0; j < 20; j++) await p.keyboard.press(j % 2 ? 'ArrowLeft' : 'ArrowRight');
      }
    } catch { /* keep the load going */ }
  }));
}
