import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:8096';
const res = await fetch(BASE + '/api/auth/sign-in', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demostudio.dev', password: 'questboard-demo' }),
});
const token = ((await res.json()) as { token: string }).token;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addInitScript(([k, v]) => localStorage.setItem(k, v), ['questboard.token', token] as const);
const page = await context.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
await page.goto(`${BASE}${process.argv[2]}`);
await page.waitForTimeout(8000);
await page.screenshot({ path: '/tmp/h-metricalerts/shots/dbg.png' });
await browser.close();
