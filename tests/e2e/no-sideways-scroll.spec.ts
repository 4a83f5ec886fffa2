/**
 * No page scrolls sideways: every route of src/routes.ts (each tab of the routes that have tabs), opened as an admin of
 * Demo Studio and measured at 320, 766, 800 and 1280 px. One page and one sign-in for the whole walk; each URL is
 * loaded once and the window resized in place. A page whose document is wider than the window fails with the
 * elements that stick out, so the offender is named.
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { BILLING_TAB_SLUGS, INTEGRATION_TABS, SETTINGS_TABS, patterns, type RouteId } from '../../src/paths';
import { GUIDES } from '../../src/contracts/documentation';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { DEMO_WORKSPACE } from './pages/demo';

/**
 * The routes of the router's table, read from src/routes.ts as text (importing it would load every view; only the
 * router may), each with its pattern from src/paths.ts.
 */
const routeIds = [
  ...fs.readFileSync(new URL('../../src/routes.ts', import.meta.url), 'utf8').matchAll(/\broute\(\s*'(\w+)'/g),
].map((m) => m[1] as RouteId);
const routes = routeIds.map((id) => ({ id, pattern: patterns[id] }));

const WIDTHS = [320, 766, 800, 1280] as const;
const HEIGHT = 900;
/** Dragon Merge (iOS): BigQuery with data, AppsFlyer, a Monetize campaign. Word Garden (iOS) has the Firebase plugin. */
const APP = 'dragon-merge-ios';
const FIREBASE_APP = 'word-garden-ios';
const MONETIZE_ID = 'demo-monetize-dragon-merge-ios';

test.describe.configure({ mode: 'default' });

let page: Page;
let token: string;
let reportId: string;
let cohortId: string;
let funnelId: string;
let dashboardId: string;

/** The app's Game health dashboard (the first list makes it), with its seven tiles. */
async function gameHealth(): Promise<string> {
  const res = await page.request.get(`/api/app/${APP}/analyze/dashboards`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { dashboards } = (await res.json()) as { dashboards: { id: string; kind: string }[] };
  return dashboards.find((d) => d.kind === 'game_health')!.id;
}

/** A saved funnel of the app (two steps, split by platform), made through the API. */
async function savedFunnel(): Promise<string> {
  const res = await page.request.post(`/api/app/${APP}/analyze/funnels`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Sideways scroll funnel',
      question: {
        steps: [{ event_name: 'session_start' }, { event_name: 'level_end' }],
        window: { value: 1, unit: 'day' },
        order: 'strict',
        split: 'platform',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { funnel: { id: string } }).funnel.id;
}

/** A saved cohort table of the app (weekly, split by platform), made through the API. */
async function savedCohort(): Promise<string> {
  const res = await page.request.post(`/api/app/${APP}/analyze/cohorts`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Sideways scroll cohorts', question: { grain: 'week', periods: 12, split: 'platform' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { cohort: { id: string } }).cohort.id;
}

/** A saved report of the app, made through the API (the seed has none). */
async function savedReport(): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const configRes = await page.request.get(`/analytics/application/${APP}/report/config/daily_metrics`, { headers });
  expect(configRes.status()).toBe(200);
  const { configuration } = ((await configRes.json()) as { config: { configuration: ReportConfig } }).config;
  const range = configuration.date_range[0]!;
  const groupBy =
    configuration.group_by_where.find((c) => c.column_name === 'date') ?? configuration.group_by_where[0]!;
  const res = await page.request.post(`/analytics/template/${APP}`, {
    headers,
    data: {
      report: {
        model_id: 'daily_metrics',
        configuration: {
          select: [configuration.select[0]],
          group_by: [{ column_name: groupBy.column_name, data_type: groupBy.data_type, sample_value: null }],
          date_range: [{ date_start: range.start_date, date_end: range.end_date, model_id: 'daily_metrics' }],
          limit: [{ value: 100 }],
          order_by: [],
          where: [],
        },
      },
      saveTemplate: true,
      id: null,
      title: 'Sideways scroll check',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { template: { id: string } }).template.id;
}
interface ReportConfig {
  select: unknown[];
  group_by_where: { column_name: string; data_type: string }[];
  date_range: { start_date: string; end_date: string }[];
}

/** The concrete addresses of one route: a value for each parameter of its pattern (every tab where it has tabs). */
function urlsOf(pattern: string): string[] {
  const values: Record<string, readonly string[]> = {
    workspaceId: [DEMO_WORKSPACE.id],
    appId: [APP],
    // Made in beforeAll: filled in when the test runs.
    reportId: [':reportId'],
    cohortId: [':cohortId'],
    funnelId: [':funnelId'],
    dashboardId: [':dashboardId'],
    monetizeId: [MONETIZE_ID],
    token: ['no-such-invite'],
    page: GUIDES.map((g) => g.slug),
    tab: pattern.includes('/billing/') ? BILLING_TAB_SLUGS : SETTINGS_TABS,
    source: INTEGRATION_TABS,
  };
  let urls = [pattern];
  for (const [, name] of pattern.matchAll(/:(\w+)/g)) {
    const options = values[name!];
    if (!options) throw new Error(`no value for :${name} of ${pattern}: add one to urlsOf`);
    if (name === 'reportId' || name === 'cohortId' || name === 'funnelId' || name === 'dashboardId') continue;
    urls = urls.flatMap((url) => options.map((value) => url.replace(`:${name}`, value)));
  }
  // The Firebase tab exists only for an app with a Firebase plugin.
  return urls.map((url) =>
    url.endsWith('/integrations/Firebase') ? url.replace(`/app/${APP}/`, `/app/${FIREBASE_APP}/`) : url,
  );
}

/** Network quiet (or 5 s), then two frames, so what the page loads and lays out is there to measure. */
async function settle() {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The document's width against the window's, and the outermost elements reaching past the window's right edge. */
function measure() {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const offenders: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const label = el.getAttribute('aria-label');
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}${label ? ` aria-label="${label}"` : ''} class="${String(el.getAttribute('class') ?? '').slice(0, 80)}"> right=${Math.round(el.getBoundingClientRect().right)} "${text}"`;
    };
    // Inside a box that scrolls or clips, only an absolutely positioned element can still widen the page (when its
    // containing block is outside that box).
    const walk = (el: Element, clipped: boolean) => {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || offenders.length >= 6) return;
      const beyond = el.getBoundingClientRect().right > viewport + 1 && style.position !== 'fixed';
      if (beyond && (!clipped || style.position === 'absolute')) {
        const children = [...el.children].filter((c) => c.getBoundingClientRect().right > viewport + 1);
        if (children.length === 0) {
          offenders.push(describe(el));
          return;
        }
      }
      const clips =
        ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) && el !== root && el !== document.body;
      for (const child of el.children) walk(child, clipped || clips);
    };
    walk(document.body, false);
    return {
      scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth),
      viewport,
      offenders: offenders.slice(0, 6),
    };
  });
}

test('the walk covers every route of the router', () => {
  expect(routeIds.length).toBeGreaterThan(20);
  expect([...routeIds].sort()).toEqual(Object.keys(patterns).sort());
});

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: HEIGHT } });
  token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  reportId = await savedReport();
  cohortId = await savedCohort();
  funnelId = await savedFunnel();
  dashboardId = await gameHealth();
});
test.afterAll(async () => {
  await page?.close();
});

for (const route of routes) {
  for (const url of urlsOf(route.pattern)) {
    test(`${route.id}: ${url} fits the window at ${WIDTHS.join(', ')} px`, async () => {
      const problems: string[] = [];
      await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: HEIGHT });
      await page.goto(
        url
          .replace(':reportId', reportId)
          .replace(':cohortId', cohortId)
          .replace(':funnelId', funnelId)
          .replace(':dashboardId', dashboardId),
      );
      await settle();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle();
        const { scrollWidth, viewport, offenders } = await measure();
        if (scrollWidth > viewport)
          problems.push(
            `${page.url()} at ${width} px: the page is ${scrollWidth} px wide\n    ${offenders.join('\n    ')}`,
          );
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
