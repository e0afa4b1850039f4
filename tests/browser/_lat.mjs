import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(url);
await page.waitForSelector('[data-renders]');
const r = await page.evaluate(async (sel) => {
  const el = document.querySelector(sel);
  const ts = []; const splits = [];
  for (let i = 0; i < 60; i++) {
    el.value = String(60 + (i % 100));
    const t0 = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    ts.push(performance.now() - t0);
    splits.push(document.body.dataset.split);
    await new Promise(r => requestAnimationFrame(r));
  }
  return splits.slice(-8);
}, process.argv[3] || '#p-cards_after');
console.log(r.join('\n'));
await browser.close();
