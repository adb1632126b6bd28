import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
for (const url of ['/nonexistent?prefix=os39', '/login', '/login?prefix=zzzz']) {
  const p = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH' })).newPage();
  const msgs = [];
  p.on('console', (m) => msgs.push(`${m.type()}: ${m.text().slice(0, 160)}`));
  await p.goto('http://localhost:3000' + url);
  await p.getByTestId('not-found').waitFor();
  await new Promise((r) => setTimeout(r, 4000));
  console.log(url, msgs);
  await p.screenshot({ path: `/tmp/shots/404-before-${url.replace(/\W/g, '_')}.png` });
}
await browser.close();
