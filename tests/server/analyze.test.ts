/**
 * The analytics service API (docs/analyze.md §API endpoints "Analytics service", §Report states report lifecycle, §Rules and limits validation) through app.inject on
 * the embedded database with a small in-memory event store: models, config per model, run + save, the signed result
 * url fetched without the auth header, open / list / rename / delete, bad input, Analyze not enabled (one rule for
 * the app's enableAnalyze and the 409), the query timeout, and result urls served by another server process on the
 * same database.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isRight } from 'fp-ts/Either';
import {
  DEFAULT_METRICS,
  METRIC_GROUPS,
  ModelsResponse,
  ReportConfigResponse,
  ReportResultResponse,
  RunReportResponse,
  TemplateListResponse,
  TemplateResponse,
  templateSummaries,
  type Report,
  type RunReportResponse as RunReportAnswer,
} from '../../src/contracts/analyze';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID } from '../../server/demo/seed';
import { isAnalyzeEnabled } from '../../server/areas/apps/apps';
import { call, signInAs } from './helpers';
import {
  ANALYTICS_END,
  ANALYTICS_START,
  createAnalyticsTestServer,
  dailyReport,
  type AnalyticsTestServer,
} from './analyze-helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
let server: AnalyticsTestServer;
let clock = Date.now();
let admin: string;
let viewer: string;
let rival: string;

beforeAll(async () => {
  server = await createAnalyticsTestServer({ now: () => new Date(clock), analytics: { queryTimeoutMs: 2000 } });
  [admin, viewer, rival] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
    signInAs(server.app, DEMO_ACCOUNTS.rival),
  ]);
});
afterAll(() => server?.close());

const decodes = (codec: { decode(u: unknown): unknown }, body: unknown) =>
  expect(isRight(codec.decode(body) as never)).toBe(true);

async function run(
  token: string,
  report: Report,
  extra: { id?: string | null; title?: string | null; saveTemplate?: boolean } = {},
  appId: string = APP,
) {
  return call(server.app, token, {
    method: 'POST',
    url: `/analytics/template/${appId}`,
    payload: { report, saveTemplate: extra.saveTemplate ?? true, id: extra.id ?? null, title: extra.title ?? null },
  });
}
const fetchResult = (url: string) => server.app.inject({ method: 'GET', url }); // no auth header
const LIMIT_MESSAGE = 'Value must be between 1 and 10,000'; // docs/analyze.md §Messages
const VALUE_REQUIRED_MESSAGE = 'A valid value is required.'; // docs/analyze.md §Messages
const ANALYZE_NOT_ENABLED =
  'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.';

describe('models and config per model', () => {
  test('GET /analytics/application/{appId}/models lists the data models', async () => {
    const res = await call(server.app, viewer, { method: 'GET', url: `/analytics/application/${APP}/models` });
    expect(res.statusCode).toBe(200);
    decodes(ModelsResponse, res.json());
    expect(res.json().models.map((m: { id: string }) => m.id)).toEqual(['daily_metrics', 'events']);
  });

  test('GET config: metrics with groups, columns with real samples, the data range, the limit', async () => {
    const res = await call(server.app, viewer, {
      method: 'GET',
      url: `/analytics/application/${APP}/report/config/daily_metrics`,
    });
    expect(res.statusCode).toBe(200);
    decodes(ReportConfigResponse, res.json());
    const { configuration } = res.json().config;
    const names = configuration.select.map((c: { column_name: string }) => c.column_name);
    for (const group of METRIC_GROUPS) for (const m of group.metrics) expect(names).toContain(m);
    for (const m of DEFAULT_METRICS) expect(names).toContain(m);
    expect(configuration.date_range).toEqual([{ start_date: ANALYTICS_START, end_date: ANALYTICS_END }]);
    expect(configuration.limit[0]).toMatchObject({ value: 1000, min: 1, max: 10000 });
    const byName = Object.fromEntries(
      configuration.group_by_where.map((c: { column_name: string }) => [c.column_name, c]),
    );
    expect(byName.country).toMatchObject({ data_type: 'STRING', sample_value: expect.stringMatching(/^[A-Z]{2}$/) });
    expect(byName.platform.sample_value).toBe('ANDROID');
    expect(byName.date).toMatchObject({ data_type: 'DATE', sample_value: ANALYTICS_END });
    expect(byName.week.sample_value).toBe('2025-06-30');

    const events = await call(server.app, viewer, {
      method: 'GET',
      url: `/analytics/application/${APP}/report/config/events`,
    });
    expect(events.statusCode).toBe(200);
    const eventColumns = events.json().config.configuration.group_by_where;
    expect(eventColumns.find((c: { column_name: string }) => c.column_name === 'event_timestamp').sample_value).toMatch(
      /^2025-06-30 \d{2}:\d{2}:\d{2}Z$/,
    );
  });

  test('unknown model → 400 naming it', async () => {
    const res = await call(server.app, viewer, {
      method: 'GET',
      url: `/analytics/application/${APP}/report/config/whales`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Unknown data model 'whales'.");
  });
});

describe('report lifecycle', () => {
  let first: RunReportAnswer;

  test('run + save: success, a signed url, the template; the url answers {report} without the auth header', async () => {
    const res = await run(
      viewer,
      dailyReport([...DEFAULT_METRICS], 'date', { order_by: [{ column_name: 'date', order: 'DESC' }] }),
    );
    expect(res.statusCode).toBe(200);
    decodes(RunReportResponse, res.json());
    first = res.json();
    expect(first).toMatchObject({ success: true, template: { title: 'New Report' }, row_count: 30 });
    expect(first.resolved).toEqual({ date_start: '2025-06-01', date_end: ANALYTICS_END, conditions: [] });
    expect(first.url).toMatch(/^\/analytics\/result\/[\w-]+\?expires=\d+&signature=[\w-]+$/);
    // 'View SQL': the DuckDB text with placeholders, the dates bound beside it.
    expect(first.compiled!.dialect).toBe('duckdb');
    expect(first.compiled!.sql).toMatch(/^SELECT/);
    expect(first.compiled!.sql).not.toContain(ANALYTICS_END);
    expect(Object.values(first.compiled!.params)).toEqual(expect.arrayContaining([APP, '2025-06-01', ANALYTICS_END]));

    const result = await fetchResult(first.url);
    expect(result.statusCode).toBe(200);
    decodes(ReportResultResponse, result.json());
    const rows = result.json().report;
    expect(rows).toHaveLength(30);
    expect(Object.keys(rows[0])).toEqual(['date', 'new_users', 'new_users_per', 'retention_d1']);
    expect(rows[0].date).toBe(ANALYTICS_END);
    expect(rows[0].retention_d1).toBeNull(); // the last cohort is not a day old
    expect(rows[1].retention_d1).toEqual(expect.any(Number)); // yesterday's cohort is a day old
  });

  test('the url is bound to its result, signed and expiring', async () => {
    const url = new URL(first.url, 'http://x');
    const sig = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const tampered = `${url.pathname}?expires=${expires}&signature=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await fetchResult(tampered)).statusCode).toBe(403);
    expect((await fetchResult(`${url.pathname}?expires=${Number(expires) + 3600}&signature=${sig}`)).statusCode).toBe(
      403,
    );
    expect(
      (await fetchResult(`/analytics/result/some-other-result?expires=${expires}&signature=${sig}`)).statusCode,
    ).toBe(403);
    expect((await fetchResult(url.pathname)).statusCode).toBe(400);
    const saved = clock;
    clock += 61 * 60 * 1000;
    try {
      const expired = await fetchResult(first.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe('This report link has expired. Run the report again.');
    } finally {
      clock = saved;
    }
  });

  test('a second server process on the same database serves the url (results are rows, not memory)', async () => {
    const other = await buildApp({ config: testConfig(), db: server.db }); // no analytics engine at all
    try {
      const res = await other.inject({ method: 'GET', url: first.url });
      expect(res.statusCode).toBe(200);
      expect(res.json().report).toHaveLength(30);
    } finally {
      await other.close();
    }
  });

  test('open: the template with its configuration and latest result', async () => {
    const res = await call(server.app, admin, {
      method: 'GET',
      url: `/analytics/template/${APP}/${first.template!.id}`,
    });
    expect(res.statusCode).toBe(200);
    decodes(TemplateResponse, res.json());
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.template).toMatchObject({
      id: first.template!.id,
      title: 'New Report',
      report: { model_id: 'daily_metrics' },
    });
    expect(body.template.report.configuration.select.map((c: { column_name: string }) => c.column_name)).toEqual([
      ...DEFAULT_METRICS,
    ]);
    expect(body.report.report).toHaveLength(30);
    // The latest result's resolved dates and SQL come back with it.
    expect(body.resolved).toEqual(first.resolved);
    expect(body.compiled).toEqual(first.compiled);
  });

  test('run again with the id (rename): same template, new title, the result replaced', async () => {
    clock += 60_000;
    const res = await run(admin, dailyReport(['dau', 'mins_per_session'], 'platform'), {
      id: first.template!.id,
      title: 'Play time by platform',
    });
    expect(res.statusCode).toBe(200);
    const again: RunReportAnswer = res.json();
    expect(again.template).toMatchObject({ id: first.template!.id, title: 'Play time by platform' });
    expect(again.template!.updated_at > first.template!.updated_at).toBe(true);
    expect((await fetchResult(again.url)).json().report).toEqual([
      { platform: 'ANDROID', dau: expect.any(Number), mins_per_session: expect.any(Number) },
    ]);
    expect((await fetchResult(first.url)).statusCode).toBe(404); // the old result is gone
  });

  test('list: objects keyed by id, newest first', async () => {
    clock += 60_000;
    const second = (
      await run(admin, dailyReport(['impressions'], 'country'), { title: 'Impressions' })
    ).json() as RunReportAnswer;
    const res = await call(server.app, viewer, { method: 'GET', url: `/analytics/template/${APP}` });
    expect(res.statusCode).toBe(200);
    decodes(TemplateListResponse, res.json());
    const { templates } = res.json();
    expect(templates[0]).toEqual({ [second.template!.id]: second.template });
    expect(templateSummaries(templates).map((t) => t.title)).toEqual(['Impressions', 'Play time by platform']);
    // Another app's list does not show them; another app's id does not open them.
    expect(
      templateSummaries(
        (
          await call(server.app, viewer, { method: 'GET', url: `/analytics/template/${DEMO_APP_IDS.dragonMergeIos}` })
        ).json().templates,
      ),
    ).toEqual([]);
    expect(
      (
        await call(server.app, viewer, {
          method: 'GET',
          url: `/analytics/template/${DEMO_APP_IDS.dragonMergeIos}/${second.template!.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, rival, { method: 'GET', url: `/analytics/template/${APP}/${second.template!.id}` }))
        .statusCode,
    ).toBe(404);
  });

  test('delete (a viewer may, docs/analyze.md §Roles): {success}; then gone', async () => {
    const id = first.template!.id;
    const res = await call(server.app, viewer, { method: 'DELETE', url: `/analytics/template/${APP}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(
      (await call(server.app, viewer, { method: 'GET', url: `/analytics/template/${APP}/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, viewer, { method: 'DELETE', url: `/analytics/template/${APP}/${id}` })).statusCode,
    ).toBe(404);
    const rows = await server.db.selectFrom('report_results').select('id').where('template_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  test('saveTemplate false: runs without saving', async () => {
    const before = await server.db.selectFrom('report_templates').select('id').execute();
    const res = await run(viewer, dailyReport(['dau'], 'date'), { saveTemplate: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toBeNull();
    expect((await fetchResult(res.json().url)).json().report).toHaveLength(30);
    expect(await server.db.selectFrom('report_templates').select('id').execute()).toEqual(before);
  });

  test('relative date conditions are resolved and returned; hostile values are plain non-matching values', async () => {
    const res = await run(
      viewer,
      dailyReport(['dau'], 'country', {
        date_range: [{ date_start: ANALYTICS_START, date_end: ANALYTICS_END }],
        where: [
          { label: 'date', comparison: 'last_week', value: 'last_week', checked: true, data_type: 'DATE' },
          { label: 'country', comparison: 'equals', value: "US' OR '1'='1", checked: true, data_type: 'STRING' },
        ],
      }),
      { saveTemplate: false },
    );
    expect(res.statusCode).toBe(200);
    const body: RunReportAnswer = res.json();
    // The server's today is the real clock; last week is Monday–Sunday before it.
    expect(body.resolved!.conditions).toEqual([
      { label: 'date', comparison: 'last_week', date_start: expect.any(String), date_end: expect.any(String) },
    ]);
    expect(new Date(`${body.resolved!.conditions[0]!.date_start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((await fetchResult(body.url)).json().report).toEqual([]);
    expect(body.compiled!.sql).not.toContain("'1'='1");
    expect(Object.values(body.compiled!.params)).toContain("US' OR '1'='1");
    expect(Number((await server.analytics.store.rows(`SELECT count(*) AS n FROM events`))[0]!.n)).toBeGreaterThan(0);
  });
});

describe('breakdown, compare and chart type (docs/analyze.md §Breakdown, compare and chart types)', () => {
  test('saved with the report and back when it opens; the result has the breakdown and compare columns', async () => {
    const report = dailyReport(['dau'], 'date', {
      date_range: [{ date_start: '2025-06-24', date_end: '2025-06-30' }],
      breakdown: { column_name: 'country', top: 3 },
      compare: 'previous_period',
      chart_type: 'stacked_bar',
      grid_layout: 'pivot',
    });
    const res = await run(admin, report, { title: 'DAU by country vs the week before' });
    expect(res.statusCode).toBe(200);
    const body: RunReportAnswer = res.json();
    expect(body.resolved?.previous).toEqual({ date_start: '2025-06-17', date_end: '2025-06-23' });
    expect(body.compiled!.params).toMatchObject({ other: 'Other', prev_start: '2025-06-17', prev_end: '2025-06-23' });
    const rows = (await fetchResult(body.url)).json().report as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).toEqual(['date', 'country', 'dau', 'dau_prev', 'dau_change_pct']);
    expect(new Set(rows.map((r) => r.country)).size).toBeLessThanOrEqual(4);
    const opened = await call(server.app, viewer, {
      method: 'GET',
      url: `/analytics/template/${APP}/${body.template!.id}`,
    });
    decodes(TemplateResponse, opened.json());
    expect(opened.json().template.report.configuration).toMatchObject({
      breakdown: { column_name: 'country', top: 3 },
      compare: 'previous_period',
      chart_type: 'stacked_bar',
      grid_layout: 'pivot',
    });
    expect(opened.json().resolved.previous).toEqual(body.resolved!.previous);
  });

  test('a report saved before these fields existed opens and runs unchanged', async () => {
    const old = dailyReport(['dau'], 'platform');
    const saved = (await run(admin, old)).json() as RunReportAnswer;
    const opened = await call(server.app, admin, {
      method: 'GET',
      url: `/analytics/template/${APP}/${saved.template!.id}`,
    });
    decodes(TemplateResponse, opened.json());
    expect(opened.json().template.report.configuration).toEqual(old.configuration);
    expect(Object.keys(opened.json().report.report[0])).toEqual(['platform', 'dau']);
  });

  test('the same period last year before the data starts: the report runs, the previous values are empty', async () => {
    const res = await run(
      admin,
      dailyReport(['dau'], 'date', {
        date_range: [{ date_start: ANALYTICS_START, date_end: ANALYTICS_END }],
        compare: 'previous_year',
      }),
    );
    expect(res.statusCode).toBe(200);
    const rows = (await fetchResult((res.json() as RunReportAnswer).url)).json().report as Record<string, unknown>[];
    expect(rows.every((r) => r.dau_prev === 0 && r.dau_change_pct === null)).toBe(true);
  });
});

describe('bad input is refused before anything is saved', () => {
  const templates = () => server.db.selectFrom('report_templates').select('id').execute();

  test.each([
    [
      'unknown metric',
      dailyReport(['dau', 'whale_count'], 'date'),
      400,
      "Unknown column 'whale_count' in data model 'daily_metrics'.",
    ],
    ['unknown group-by', dailyReport(['dau'], 'planet'), 400, "Unknown column 'planet' in data model 'daily_metrics'."],
    [
      'unknown model',
      { ...dailyReport(['dau'], 'date'), model_id: 'sessions_v2' },
      400,
      "Unknown data model 'sessions_v2'.",
    ],
    ['limit 0', dailyReport(['dau'], 'date', { limit: [{ value: 0 }] }), 400, LIMIT_MESSAGE],
    ['limit 10,001', dailyReport(['dau'], 'date', { limit: [{ value: 10_001 }] }), 400, LIMIT_MESSAGE],
    [
      'numeric condition without a value',
      dailyReport(['dau'], 'date', {
        where: [
          { label: 'days_since_install', comparison: 'greater_than', value: '', checked: true, data_type: 'INT64' },
        ],
      }),
      400,
      VALUE_REQUIRED_MESSAGE,
    ],
    [
      'date condition without a value',
      dailyReport(['dau'], 'date', {
        where: [{ label: 'date', comparison: 'from', value: '', checked: true, data_type: 'DATE' }],
      }),
      400,
      VALUE_REQUIRED_MESSAGE,
    ],
    [
      'date range outside the data',
      dailyReport(['dau'], 'date', { date_range: [{ date_start: '2025-01-01', date_end: '2025-06-30' }] }),
      400,
      'The date range 2025-01-01 to 2025-06-30 is outside the data available for Daily Metrics (2025-05-22 to 2025-06-30).',
    ],
    [
      'a breakdown by a number column',
      dailyReport(['dau'], 'date', { breakdown: { column_name: 'days_since_install', top: 5 } }),
      400,
      "Break down by a text column; 'days_since_install' is not one.",
    ],
    [
      'a breakdown by the group-by column',
      dailyReport(['dau'], 'country', { breakdown: { column_name: 'country', top: 5 } }),
      400,
      'Break down by a column other than the group-by column.',
    ],
    [
      'a breakdown top of 11',
      dailyReport(['dau'], 'date', { breakdown: { column_name: 'country', top: 11 } }),
      400,
      'report.configuration.breakdown.top must be at most 10; report.configuration.breakdown must be an object or null.',
    ],
    [
      'a chart type that does not exist',
      dailyReport(['dau'], 'date', { chart_type: 'pie' as 'line' }),
      400,
      'report.configuration.chart_type must be one of line, bar, stacked_bar, area, table.',
    ],
    [
      'order by a column not chosen',
      dailyReport(['dau'], 'date', { order_by: [{ column_name: 'ecpm', order: 'ASC' }] }),
      400,
      "Cannot sort by 'ecpm': sort by one of the chosen metrics or the group-by column.",
    ],
  ] as const)('%s', async (_name, report, status, message) => {
    const before = await templates();
    const res = await run(admin, report as Report);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await templates()).toEqual(before);
  });

  test('a malformed body → 400 naming the field; a title over 75 characters → 400', async () => {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/analytics/template/${APP}`,
      payload: { report: { model_id: 'daily_metrics' }, saveTemplate: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/configuration/);
    const long = await run(admin, dailyReport(['dau'], 'date'), { title: 'x'.repeat(76) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The title must be at most 75 characters.');
  });

  test('an unknown template id → 404', async () => {
    expect((await run(admin, dailyReport(['dau'], 'date'), { id: 'no-such-report' })).statusCode).toBe(404);
  });
});

describe("Analyze enablement: one rule for the app's enableAnalyze (what the UI shows) and the 409", () => {
  const enableAnalyze = async (appId: string) => {
    const res = await call(server.app, admin, { method: 'GET', url: `/api/app/${appId}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.enableAnalyze as boolean;
  };
  const runStatus = async (appId: string) =>
    (await run(admin, dailyReport(['dau'], 'date'), { saveTemplate: false }, appId)).statusCode;
  const setRange = (appId: string, range: { start: string; end: string } | null) =>
    server.db
      .updateTable('plugins')
      .set({ data_start: range?.start ?? null, data_end: range?.end ?? null })
      .where('app_id', '=', appId)
      .where('type', '=', 'BigQuery')
      .execute();

  test('an app without a BigQuery plugin with data answers with a clear error', async () => {
    const res = await run(admin, dailyReport(['dau'], 'date'), {}, DEMO_APP_IDS.pixelRacer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'analyze_not_enabled', message: ANALYZE_NOT_ENABLED });
    const config = await call(server.app, admin, {
      method: 'GET',
      url: `/analytics/application/${DEMO_APP_IDS.pixelRacer}/report/config/daily_metrics`,
    });
    expect(config.statusCode).toBe(409);
    expect(await enableAnalyze(DEMO_APP_IDS.pixelRacer)).toBe(false);
  });

  test("isAnalyzeEnabled, the app's enableAnalyze and whether a report runs agree for every demo app", async () => {
    const ctx = server.app.questboard;
    const expected = { dragonMergeAndroid: true, dragonMergeIos: true, pixelRacer: false, wordGarden: false };
    for (const [name, appId] of Object.entries(DEMO_APP_IDS) as [keyof typeof DEMO_APP_IDS, string][]) {
      expect(await isAnalyzeEnabled(ctx, appId), name).toBe(expected[name]);
      expect(await enableAnalyze(appId), name).toBe(expected[name]);
      expect(await runStatus(appId), name).toBe(expected[name] ? 200 : 409);
    }
    expect(await isAnalyzeEnabled(ctx, RIVAL_APP_ID)).toBe(false);
  });

  test('events in the store but no processed data range (the UI said disabled, reports ran): disabled on both sides', async () => {
    const appId = DEMO_APP_IDS.dragonMergeIos; // has events in the embedded store
    await setRange(appId, null);
    try {
      expect(await enableAnalyze(appId)).toBe(false);
      const res = await run(admin, dailyReport(['dau'], 'date'), { saveTemplate: false }, appId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'analyze_not_enabled', message: ANALYZE_NOT_ENABLED });
    } finally {
      await setRange(appId, { start: ANALYTICS_START, end: ANALYTICS_END });
    }
    expect(await runStatus(appId)).toBe(200);
  });

  test('a processed data range but no events in the store (the UI said enabled, reports answered 409): enabled on both sides', async () => {
    const appId = DEMO_APP_IDS.wordGarden; // no events in the embedded store
    const pluginId = 'word-garden-bigquery-test';
    await server.db
      .insertInto('plugins')
      .values({
        id: pluginId,
        app_id: appId,
        type: 'BigQuery',
        status: 'connected',
        attributes: JSON.stringify({}) as never,
        refresh_schedule: null,
        last_refresh: null,
        data_start: ANALYTICS_START,
        data_end: ANALYTICS_END,
      })
      .execute();
    try {
      expect(await enableAnalyze(appId)).toBe(true);
      const res = await run(admin, dailyReport(['dau'], 'date'), { saveTemplate: false }, appId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, row_count: 0 });
      expect((await fetchResult(res.json().url)).json().report).toEqual([]);
    } finally {
      await server.db.deleteFrom('plugins').where('id', '=', pluginId).execute();
    }
    expect(await enableAnalyze(appId)).toBe(false);
  });
});

describe('query timeout', () => {
  test('a report that runs past the timeout → 504 with a clear message; the server keeps serving', async () => {
    const store = server.analytics.store;
    const spy = vi
      .spyOn(server.analytics.duckdb, 'run')
      .mockImplementationOnce(() => store.rows('SELECT count(*) AS n FROM range(1000000000000) a') as never);
    try {
      const started = Date.now();
      const res = await run(admin, dailyReport(['dau'], 'date'));
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'report_timeout',
        message: expect.stringMatching(/^The report took longer than 2 seconds/),
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      spy.mockRestore();
    }
    expect((await run(admin, dailyReport(['dau'], 'date'), { saveTemplate: false })).statusCode).toBe(200);
    expect((await call(server.app, admin, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
