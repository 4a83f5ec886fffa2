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
 *
 *   npm run bench:report-ui -- --dashboard [baseUrl]
 *
 * The dashboard case (docs/analyze.md §Benchmark): a dashboard of 8 tiles over the report benchmark's 10 M events
 * (app `bench-big`, BENCH_APP): Game health's six metric tiles, a saved 12 × 12 weekly cohort table and the saved
 * 5-step funnel of `npm run bench:reports` (scripts/bench-report-questions.ts), made through the API as the demo
 * editor, with the dashboard's date range set to the data's last 30 days (the built-in tiles default to the last 30
 * days before today, and the generated data ends in 2025). Without a URL it starts the server over those events
 * itself (scripts/bench-report-server.ts; needs `npm run bench:reports` run once and `npx vite build`). Each run opens a
 * new browser context (empty cache: cold) and navigates to the dashboard, then navigates to it again in the same
 * context (the code cached: warm); the clock is the page's own (ms since the navigation started) and stops on the first
 * animation frame where all 8 tiles show their chart or table (no loading state, no error, no empty state). Prints the
 * median of RUNS runs of each against the 1 s target. The dashboard, the cohort table and the funnel are deleted at the end.
 * BENCH_TIMELINE=1 prints each navigation's requests (start → end, ms since the navigation) to see what tiles wait for.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium-path';
import { signInAs, startBenchReportServer, type BenchReportServer } from './bench-report-server';
import { BIG_APP_ID, COHORTS, END, FUNNELS } from './bench-report-questions';
import { addDays } from '../src/contracts/analyze';
import type { Dashboard, Tile } from '../src/contracts/dashboards';

const { values: flags, positionals } = parseArgs({
  options: { dashboard: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const GIVEN_URL = positionals[0] ?? process.env.BENCH_BASE_URL;
let BASE = (GIVEN_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const ROWS = 10_000;
const WORKSPACE = 'demo-studio';
const APP = 'dragon-merge-android';
const EMAIL = process.env.BENCH_EMAIL ?? 'editor@demostudio.dev';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'questboard-demo';
const TOKEN_KEY = 'questboard.token';

async function signIn(): Promise<string> {
  try {
    return await signInAs(BASE, EMAIL, PASSWORD);
  } catch (error) {
    throw new Error(`${(error as Error).message}: is the server at ${BASE} running with the demo data?`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  if (flags.dashboard) return dashboardCase();
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

// ---------------------------------------------------------------- --dashboard: 8 tiles at 10 M events

const TILES = 8;
const DASHBOARD_APP = process.env.BENCH_APP ?? BIG_APP_ID;

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Game health's tiles plus a saved cohort table and a saved funnel below them: the 8-tile dashboard (ids to delete). */
async function makeDashboard(token: string, app: string) {
  const base = `/api/app/${encodeURIComponent(app)}/analyze`;
  const { dashboards } = await api<{ dashboards: { id: string; kind: string }[] }>(token, 'GET', `${base}/dashboards`);
  const health = dashboards.find((d) => d.kind === 'game_health');
  if (!health) throw new Error(`${app} has no Game health dashboard (is Analyze enabled for it?)`);
  const { dashboard } = await api<{ dashboard: Dashboard }>(token, 'GET', `${base}/dashboards/${health.id}`);
  const metrics = dashboard.tiles.filter((t) => t.kind === 'metric' && t.ref !== 'quest_returns');
  const { cohort } = await api<{ cohort: { id: string } }>(token, 'POST', `${base}/cohorts`, {
    title: `Bench: ${COHORTS[0]!.name}`,
    question: COHORTS[0]!.question,
  });
  const { funnel } = await api<{ funnel: { id: string } }>(token, 'POST', `${base}/funnels`, {
    title: `Bench: ${FUNNELS[0]!.name}`,
    question: FUNNELS[0]!.question,
  });
  const y = Math.max(0, ...metrics.map((t) => t.y + t.h));
  const h = metrics[0]?.h ?? 5;
  const tiles: Tile[] = [
    ...metrics,
    { id: 'bench-cohort', kind: 'cohort', ref: cohort.id, x: 0, y, w: 6, h },
    { id: 'bench-funnel', kind: 'funnel', ref: funnel.id, x: 6, y, w: 6, h },
  ];
  if (tiles.length !== TILES) throw new Error(`Game health has ${metrics.length} metric tiles, expected ${TILES - 2}`);
  const made = await api<{ dashboard: Dashboard }>(token, 'POST', `${base}/dashboards`, {
    name: `Bench: ${TILES} tiles`,
    tiles,
    // The data's last 30 days (the built-in tiles' default is the 30 days before today).
    filters: { date_range: { date_start: addDays(END, -29), date_end: END }, platform: null },
  });
  const cleanup = async () => {
    await api(token, 'DELETE', `${base}/dashboards/${made.dashboard.id}`).catch(() => undefined);
    await api(token, 'DELETE', `${base}/cohorts/${cohort.id}`).catch(() => undefined);
    await api(token, 'DELETE', `${base}/funnels/${funnel.id}`).catch(() => undefined);
  };
  return { id: made.dashboard.id, cleanup };
}

/** One navigation: ms from its start to all tiles drawn, and to each tile's own first frame drawn (by title). */
interface DashboardTiming {
  all: number;
  tiles: Record<string, number>;
}

/** Navigates to the dashboard and times it by the page's clock (performance.now(): ms since the navigation started). */
async function timeDashboard(page: import('playwright-core').Page, url: string): Promise<DashboardTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (tiles) => {
      const w = window as unknown as { benchDrawn?: Record<string, number> };
      const drawn = (w.benchDrawn ??= {});
      const articles = Array.from(document.querySelectorAll('article')).filter((a) => a.querySelector('header h2'));
      if (articles.length < tiles) return false;
      for (const tile of articles) {
        const name = tile.getAttribute('aria-label') ?? '';
        const alert = tile.querySelector('[role="alert"]');
        if (alert) throw new Error(`tile ${name}: ${alert.textContent}`);
        const empty = Array.from(tile.querySelectorAll('p')).find((p) =>
          /^No (data|installs|players)/.test(p.textContent ?? ''),
        );
        if (empty) throw new Error(`tile ${name}: ${empty.textContent}`);
        if (tile.querySelector('section:not([aria-busy]) svg') || tile.querySelector('table tbody tr'))
          drawn[name] ??= performance.now();
      }
      return Object.keys(drawn).length >= tiles ? { all: performance.now(), tiles: drawn } : false;
    },
    TILES,
    { polling: 'raf', timeout: 120_000 },
  );
  const timing = (await handle.jsonValue()) as DashboardTiming;
  if (process.env.BENCH_TIMELINE) await printTimeline(page);
  return timing;
}

/** BENCH_TIMELINE=1: what the page fetched and when (ms since the navigation), to see what the tiles waited for. */
async function printTimeline(page: import('playwright-core').Page) {
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ''),
      start: r.startTime,
      end: r.responseEnd,
    }));
    return { domContentLoaded: nav?.domContentLoadedEventEnd ?? 0, resources };
  });
  console.log(`  DOMContentLoaded ${Math.round(entries.domContentLoaded)} ms`);
  for (const r of entries.resources.sort((a, b) => a.start - b.start))
    console.log(
      `  ${String(Math.round(r.start)).padStart(6)} → ${String(Math.round(r.end)).padStart(6)} ms  ${r.name.slice(0, 110)}`,
    );
}

async function dashboardCase() {
  const found = findChromium();
  if (!found)
    throw new Error('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): npx tsx scripts/ensure-chromium.ts');
  let server: BenchReportServer | null = null;
  let browser: Browser | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  try {
    if (!GIVEN_URL) {
      server = await startBenchReportServer();
      BASE = server.url;
    }
    const app = server?.appId ?? DASHBOARD_APP;
    const workspace = server?.workspaceId ?? WORKSPACE;
    const token = await signIn();
    const made = await makeDashboard(token, app);
    cleanup = made.cleanup;
    const url = `${BASE}/workspace/${workspace}/app/${encodeURIComponent(app)}/analyze/dashboards/${made.id}`;
    browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
    const cold: DashboardTiming[] = [];
    const warm: DashboardTiming[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
      const page = await context.newPage();
      cold.push(await timeDashboard(page, url));
      warm.push(await timeDashboard(page, url));
      console.log(`run ${i + 1}: cold ${Math.round(cold.at(-1)!.all)} ms, warm ${Math.round(warm.at(-1)!.all)} ms`);
      if (i === RUNS - 1 && process.env.BENCH_SCREENSHOT)
        await page.screenshot({ path: process.env.BENCH_SCREENSHOT, fullPage: true });
      await context.close();
    }
    const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;
    const line = (name: string, runs: DashboardTiming[]) => {
      const xs = runs.map((r) => r.all);
      return `  ${name}: median ${ms(median(xs))} (best ${ms(Math.min(...xs))}, worst ${ms(Math.max(...xs))})`;
    };
    console.log('');
    console.log(`Navigation → all ${TILES} dashboard tiles drawn (Chromium, ${BASE}, app ${app}, ${RUNS} runs)`);
    console.log(line('cold (new browser context: code and data loaded)', cold));
    console.log(line('warm (the same context navigating again)', warm));
    console.log('\n| tile (median ms to drawn) | cold | warm |');
    console.log('|---|---:|---:|');
    for (const name of Object.keys(cold[0]!.tiles))
      console.log(
        `| ${name} | ${ms(median(cold.map((r) => r.tiles[name]!)))} | ${ms(median(warm.map((r) => r.tiles[name]!)))} |`,
      );
    const within = (runs: DashboardTiming[]) =>
      Object.keys(runs[0]!.tiles).filter((n) => median(runs.map((r) => r.tiles[n]!)) <= TARGET_MS).length;
    const coldAll = median(cold.map((r) => r.all));
    const warmAll = median(warm.map((r) => r.all));
    console.log(
      `\ntarget: every tile ≤ ${ms(TARGET_MS)} after navigation — cold ${coldAll <= TARGET_MS ? 'met' : `NOT met (${within(cold)} of ${TILES} tiles within it)`}, warm ${warmAll <= TARGET_MS ? 'met' : `NOT met (${within(warm)} of ${TILES} tiles within it)`} (medians)`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${new Date().toISOString()}`,
    );
  } finally {
    await browser?.close();
    await cleanup?.();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
