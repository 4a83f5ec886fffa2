import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';

const BASE = 'http://127.0.0.1:8096';
const APP = 'dragon-merge-android';
const W = 'demo-studio';
const OUT = '/tmp/h-metricalerts/shots';
const TOKEN_KEY = process.env.TOKEN_KEY!;
const who = ['admin', 'editor', 'viewer'] as const;

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(BASE + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
async function signIn(email: string) {
  const res = await fetch(BASE + '/api/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'questboard-demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}
async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM });
const tokens: Record<string, string> = {};
for (const w of who) tokens[w] = await signIn(`${w}@demostudio.dev`);
const reports: Record<string, string> = {};
for (const w of who) {
  const list = await api(tokens[w]!, 'GET', `/api/workspace/${W}/notifications/metric-alerts`);
  reports[w] = list.json.alerts[0].reportId;
  console.log(w, list.json.alerts.length, 'alerts', JSON.stringify(list.json.alerts[0]).slice(0, 300));
}
for (const w of who) {
  for (const width of [1280, 700]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [TOKEN_KEY, tokens[w]!] as const);
    const page = await context.newPage();
    await page.goto(`${BASE}/workspace/${W}/app/${APP}/analyze/report/${reports[w]}`);
    await page.getByRole('button', { name: 'Alert on a metric…' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${w}-${width}-report.png` });
    console.log(w, width, 'report sideways', await sideways(page));
    await page.getByRole('button', { name: 'Alert on a metric…' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByLabel('Condition').selectOption('anomaly');
    await page.getByRole('dialog').getByLabel('k (band width)').fill('12');
    await page.getByRole('dialog').getByRole('button', { name: 'Add alert' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${w}-${width}-dialog.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${BASE}/workspace/${W}/notifications`);
    await page.getByRole('heading', { name: 'Metric alerts' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.getByRole('heading', { name: 'Metric alerts' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/${w}-${width}-list.png` });
    console.log(w, width, 'list sideways', await sideways(page));
    await page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${w}-${width}-bell.png` });
    await context.close();
  }
}
await browser.close();
fs.writeFileSync(`${OUT}/done`, 'ok');
