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
// One saved report per role (DAU and New Users by date), and a rule each.
const reports: Record<string, string> = {};
for (const w of who) {
  const saved = await api(tokens[w]!, 'POST', `/analytics/template/${APP}`, {
    saveTemplate: true,
    id: null,
    title: `DAU watch (${w})`,
    report: {
      model_id: 'daily_metrics',
      configuration: {
        select: [
          { column_name: 'dau', id: 'dau', data_type: 'INT64', format: 'integer' },
          { column_name: 'new_users', id: 'new_users', data_type: 'INT64', format: 'integer' },
        ],
        group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
      },
    },
  });
  console.log(w, 'report', saved.status);
  reports[w] = saved.json.template.id;
  for (const [condition, threshold] of [
    ['above', 1],
    ['anomaly', 3],
  ] as const) {
    const r = await api(tokens[w]!, 'POST', `/api/workspace/${W}/notifications/metric-alerts`, {
      appId: APP,
      reportId: reports[w],
      metric: 'dau',
      condition,
      threshold,
      email: true,
      paused: false,
    });
    console.log(w, 'alert', condition, r.status, r.status !== 200 ? JSON.stringify(r.json) : '');
  }
}
// A real Process Data run of the last two days (as the admin): the rules are evaluated after it lands.
const plugin = `${APP}-bigquery`;
const info = await api(tokens.admin!, 'GET', `/api/app/${APP}`);
const end = process.env.END_DAY!;
const start = process.env.START_DAY!;
const run = await api(tokens.admin!, 'POST', `/api/plugins/${plugin}/process`, { start, end });
console.log('process', run.status, JSON.stringify(run.json).slice(0, 200), info.status);
await new Promise((r) => setTimeout(r, 25_000));

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
