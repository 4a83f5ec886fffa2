/**
 * Report UI benchmark (issue "Analyze", Speed): in Chromium, the time from clicking Run Report to the results grid
 * showing a 10,000-row result on the demo data. Target: ≤ 1 s. A script, not a test: it prints the figures.
 *
 *   npm run bench:report-ui -- [baseUrl]          (default http://127.0.0.1:8080, or BENCH_BASE_URL)
 *
 * Needs a running server with the demo data (npm start). Signs in as the demo editor through the API, opens a new
 * report on the demo app with BigQuery data, builds a report that returns 10,000 rows (Events model, grouped by
 * event time, limit 10,000, the whole available date range) and runs it RUNS times. The clock runs inside the page:
 * it starts right before the click and stops on the first animation frame where the run is over and the grid's row
 * count reads 10,000 with its first page of rows in the DOM. The first run also downloads the results and chart code
 * (cold); later runs are warm. Each run is a real run: the server compiles and runs the query, saves the template
 * and its 10,000 rows, and the browser fetches and decodes them. The saved report is deleted at the end.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium-path';

const BASE = (process.argv[2] ?? process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const ROWS = 10_000;
const WORKSPACE = 'demo-studio';
const APP = 'dragon-merge-android';
const EMAIL = process.env.BENCH_EMAIL ?? 'editor@demostudio.dev';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'questboard-demo';
const TOKEN_KEY = 'questboard.token';

async function signIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed (${res.status}): is the server at ${BASE} running with the demo data?`);
  return ((await res.json()) as { token: string }).token;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const found = findChromium();
  if (!found)
    throw new Error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): npx tsx scripts/ensure-chromium.ts');
  const token = await signIn();
  const browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
  let reportId: string | null = null;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    // tsx compiles this file with esbuild's keepNames, whose __name helper the functions sent to the page refer to.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await page.goto(`${BASE}/workspace/${WORKSPACE}/app/${APP}/analyze/new`);
    const run = page.getByRole('button', { name: /^(Run Report|Running…)$/ });
    await run.waitFor({ timeout: 30_000 });

    // A report that returns 10,000 rows: every event's time, the whole range, limit 10,000.
    await page.getByRole('combobox', { name: 'Data Model' }).selectOption('events');
    const groupBy = page.getByRole('combobox', { name: 'Group By' });
    await groupBy.locator('option[value="event_timestamp"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Search metrics' }).fill('event count');
    await page.getByRole('listbox').getByRole('option', { name: 'Event Count' }).click();
    await groupBy.selectOption('event_timestamp');
    const start = page.getByLabel('Start Date');
    await start.fill((await start.getAttribute('min'))!);
    await page.getByRole('spinbutton', { name: 'Limit' }).fill(String(ROWS));

    const timings: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const ms = await page.evaluate(
        ({ rows }) =>
          new Promise<number>((resolve, reject) => {
            const button = Array.from(document.querySelectorAll('button')).find((b) =>
              b.textContent?.trim().startsWith('Run Report'),
            );
            if (!button || button.disabled) return reject(new Error('Run Report is not available'));
            const expected = rows.toLocaleString('en-US');
            let sawRunning = false;
            const t0 = performance.now();
            const timeout = setTimeout(() => reject(new Error('no grid after 60 s')), 60_000);
            const check = () => {
              const running = Array.from(document.querySelectorAll('button')).some((b) =>
                b.textContent?.trim().startsWith('Running'),
              );
              if (running) sawRunning = true;
              const count = document.querySelector('[data-testid="row-count"]')?.textContent ?? '';
              const gridRows = document.querySelectorAll('section[aria-label="Report results"] tbody tr').length;
              const alert = document.querySelector('[role="alert"]')?.textContent;
              if (sawRunning && !running && alert) {
                clearTimeout(timeout);
                return reject(new Error(`the run failed: ${alert}`));
              }
              if (sawRunning && !running && count.startsWith(expected) && gridRows > 0) {
                clearTimeout(timeout);
                return resolve(performance.now() - t0);
              }
              requestAnimationFrame(check);
            };
            button.click();
            requestAnimationFrame(check);
          }),
        { rows: ROWS },
      );
      timings.push(ms);
      console.log(`run ${i + 1}${i === 0 ? ' (cold: loads the results and chart code)' : ''}: ${Math.round(ms)} ms`);
      reportId = /\/analyze\/report\/([^/?#]+)/.exec(new URL(page.url()).pathname)?.[1] ?? reportId;
      await page.waitForTimeout(500);
    }
    const warm = timings.slice(1);
    const warmMedian = warm.length ? median(warm) : timings[0]!;
    console.log('');
    console.log(`Run Report → grid with ${ROWS.toLocaleString('en-US')} rows (Chromium, ${BASE})`);
    console.log(`  cold: ${Math.round(timings[0]!)} ms`);
    if (warm.length)
      console.log(
        `  warm: median ${Math.round(warmMedian)} ms, best ${Math.round(Math.min(...warm))} ms, worst ${Math.round(Math.max(...warm))} ms`,
      );
    console.log(`  target ≤ ${TARGET_MS} ms: ${warmMedian <= TARGET_MS ? 'met' : 'NOT met'} (warm median)`);
  } finally {
    if (reportId) {
      await fetch(`${BASE}/analytics/template/${APP}/${encodeURIComponent(reportId)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    }
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
