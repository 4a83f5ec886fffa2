/**
 * The shared analytics store (ANALYTICS_STORE=postgres, docs/engineering/deployment.md §Scale-out) on the database
 * the server tier uses (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL): two server instances on one
 * database, Process Data claimed by one, the same report on the other; reports keep answering once the first is
 * closed; the heartbeat refusal of the embedded store beside another live server; and the same answers as the
 * embedded DuckDB store for a mix of reports, the processing and the other analytics reads on the same data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { ServerContext } from '../../server/context';
import { openAnalytics, type Analytics, type AnalyticsEngine } from '../../server/analytics/index';
import { compileReport } from '../../server/analytics/compiler';
import { DAILY_METRICS_MODEL, EVENTS_MODEL, MODELS } from '../../server/analytics/catalogue';
import { modelConfiguration } from '../../server/analytics/engine';
import { monthsOf } from '../../server/analytics/postgres-store';
import { runNextJob } from '../../server/jobs/queue';
import { compileAudience, countAudience } from '../../server/analytics/audience';
import { integrationJobs, seedIntegrationsDemo } from '../../server/areas/integrations/index';
import { joinServers, LIVE_MS, ServerRefused, type Heartbeat } from '../../server/jobs/heartbeat';
import { DEMO_ACCOUNTS } from '../../server/demo/seed';
import { DEMO_APP_IDS } from '../../server/demo/ids';
import { addDays, type Report } from '../../src/contracts/analyze';
import { call, createTestServer, signInAs, type TestApp, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const END = '2025-06-30';
const START = '2025-06-05';

let server: TestServer;
let first: { app: TestApp; analytics: Analytics };
let second: { app: TestApp; analytics: Analytics };
let admin: string;

async function instance(): Promise<{ app: TestApp; analytics: Analytics }> {
  const analytics = await openAnalytics({ threads: 2, shared: { db: server.db, dbKind: server.kind } });
  const app = (await buildApp({
    config: testConfig({ analyticsStore: 'postgres' }),
    db: server.db,
    providers: { analytics },
  })) as TestApp;
  await app.ready();
  return { app, analytics };
}
const ctxOf = (app: TestApp): ServerContext => app.questboard;

beforeAll(async () => {
  server = await createTestServer();
  await seedIntegrationsDemo(server.db); // the demo plugins' credentials, as on a first start
  first = await instance();
  second = await instance();
  admin = await signInAs(first.app, DEMO_ACCOUNTS.admin);
}, 300_000);
afterAll(async () => {
  for (const one of [first, second]) {
    await one?.app.close();
    await one?.analytics.close();
  }
  await server?.close();
});

const pluginOf = async (appId: string) =>
  (
    await server.db
      .selectFrom('plugins')
      .select('id')
      .where('app_id', '=', appId)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow()
  ).id;

const col = (column_name: string) => ({
  column_name,
  id: column_name,
  data_type: 'FLOAT64' as const,
  format: 'decimal',
});
const report = (model_id: string, select: string[], groupBy: string, where: Report['configuration']['where'] = []) =>
  ({
    model_id,
    configuration: {
      select: select.map(col),
      group_by: [{ column_name: groupBy, data_type: 'STRING', sample_value: null }],
      date_range: [{ date_start: START, date_end: END }],
      limit: [{ value: 10_000 }],
      where,
    },
  }) as Report;

/** Runs a report through the API of one instance and reads its rows from the signed result url. */
async function rowsOn(app: TestApp, body: Report): Promise<unknown[]> {
  const res = await call(app, admin, {
    method: 'POST',
    url: `/analytics/template/${APP}`,
    payload: { report: body, saveTemplate: false, id: null, title: null },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = await app.inject({ method: 'GET', url: res.json().url as string });
  expect(result.statusCode, result.body).toBe(200);
  return result.json().report as unknown[];
}

describe('two servers on one database with ANALYTICS_STORE=postgres', () => {
  const dau = report('daily_metrics', ['dau', 'new_users', 'retention_d1', 'ad_revenue'], 'date');

  test('Process Data claimed by one instance; the other answers the same report with the same rows', async () => {
    const exported = await first.analytics.local.writeSandboxExport({
      appId: APP,
      platform: 'android',
      packageName: 'com.demo.dragonmerge',
      days: 26,
      events: 4_000,
      endDate: END,
    });
    expect(exported).toMatchObject({ start: START, end: END });
    const pluginId = await pluginOf(APP);
    const queued = await call(first.app, admin, {
      method: 'POST',
      url: `/api/plugins/${pluginId}/process`,
      payload: { start: START, end: END },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    // The first instance's worker claims and runs the job; the second has nothing left to claim.
    expect(await runNextJob(ctxOf(first.app), integrationJobs)).toBe(true);
    expect(await runNextJob(ctxOf(second.app), integrationJobs)).toBe(false);
    const plugin = (await call(second.app, admin, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
    expect(plugin).toMatchObject({ connected: 'connected', dataRange: { start: START, end: END } });

    // The month partitions were made by the processing, and hold the rows.
    const partitions = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      JOIN pg_namespace n ON n.oid = p.relnamespace
      WHERE n.nspname = 'analytics' AND p.relname = 'events' ORDER BY 1`.execute(server.db);
    expect(partitions.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(monthsOf(START, END).map((m) => `events_${m.slice(0, 7).replace('-', '_')}`)),
    );

    const onFirst = await rowsOn(first.app, dau);
    const onSecond = await rowsOn(second.app, dau);
    expect(onFirst).toHaveLength(26);
    expect(onSecond).toEqual(onFirst);
  }, 120_000);

  test('a report keeps answering on the second instance once the first is closed', async () => {
    const before = await rowsOn(second.app, report('events', ['event_count'], 'event_name'));
    await first.app.close();
    await first.analytics.close();
    const after = await rowsOn(second.app, report('events', ['event_count'], 'event_name'));
    expect(after.length).toBeGreaterThan(3);
    expect(after).toEqual(before);
  }, 60_000);

  test('/api/health reports the store', async () => {
    const res = await second.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', store: 'postgres' });
  });
});

describe('heartbeat: the embedded store refuses to run beside another live server', () => {
  const REFUSAL =
    /^Refusing to start: another server is running on this database \(elsewhere\.example, process 4242, seen \d+ s ago\), and this one keeps analytics in its own embedded DuckDB file \(ANALYTICS_STORE=duckdb\), so the two would answer reports differently\.\nSet ANALYTICS_STORE=postgres on every server sharing the database \(or move every app to BigQuery\), or stop the other server\.$/;

  const otherServer = (lastSeen: Date) =>
    sql`INSERT INTO servers (id, host, pid, analytics_store, started_at, last_seen_at)
        VALUES ('other', 'elsewhere.example', 4242, 'postgres', ${lastSeen}, ${lastSeen})`.execute(server.db);

  test('a DuckDB-store server refuses while another live heartbeat exists, and leaves no row behind', async () => {
    await sql`DELETE FROM servers`.execute(server.db);
    await otherServer(new Date());
    const error = await joinServers(server.db, { store: 'duckdb' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerRefused);
    expect((error as Error).message).toMatch(REFUSAL);
    const rows = await sql<{ id: string }>`SELECT id FROM servers`.execute(server.db);
    expect(rows.rows.map((r) => r.id)).toEqual(['other']);
  });

  test('a postgres-store server joins beside it; a heartbeat older than 30 s is not a live server', async () => {
    const shared = await joinServers(server.db, { store: 'postgres' });
    await shared.stop();
    await sql`UPDATE servers SET last_seen_at = ${new Date(Date.now() - LIVE_MS - 1_000)} WHERE id = 'other'`.execute(
      server.db,
    );
    let alone: Heartbeat | null = null;
    try {
      alone = await joinServers(server.db, { store: 'duckdb' });
      const row = await sql<{ host: string; pid: number; analytics_store: string }>`
        SELECT host, pid, analytics_store FROM servers WHERE id = ${alone.id}`.execute(server.db);
      expect(row.rows[0]).toMatchObject({ pid: process.pid, analytics_store: 'duckdb' });
      // …and a postgres-store server refuses beside that live embedded one.
      const error = await joinServers(server.db, { store: 'postgres' }).catch((e: unknown) => e);
      expect((error as Error).message).toContain(
        'Restart it with ANALYTICS_STORE=postgres (every server sharing the database must use it), then start this one.',
      );
    } finally {
      await alone?.stop();
    }
    // A clean shutdown removes the row.
    const left = await sql<{ id: string }>`SELECT id FROM servers`.execute(server.db);
    expect(left.rows.map((r) => r.id)).toEqual(['other']);
  });

  test('the heartbeat refreshes last seen on its timer', async () => {
    await sql`DELETE FROM servers`.execute(server.db);
    const beat = await joinServers(server.db, { store: 'postgres', intervalMs: 50 });
    try {
      const seen = async () =>
        new Date(
          (await sql<{ at: Date }>`SELECT last_seen_at AS at FROM servers WHERE id = ${beat.id}`.execute(server.db))
            .rows[0]!.at,
        ).getTime();
      const at = await seen();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await seen()).toBeGreaterThan(at);
    } finally {
      await beat.stop();
    }
  });
});

describe('the postgres store answers as the DuckDB store on the same data', () => {
  const OTHER = DEMO_APP_IDS.dragonMergeIos;
  let duck: AnalyticsEngine;
  let shared: Analytics;

  beforeAll(async () => {
    duck = await openAnalytics({ threads: 2 });
    shared = second.analytics;
    const generated = { appId: OTHER, days: 30, events: 5_000, seed: 33, endDate: END, platforms: ['IOS' as const] };
    const [a, b] = [await duck.generate(generated), await shared.generate(generated)];
    expect(b.events).toBe(a.events);
    // The processing path too: the same sandbox export, processed by each store.
    const exported = {
      appId: APP,
      platform: 'android' as const,
      packageName: 'com.demo.dragonmerge',
      days: 26,
      events: 4_000,
      endDate: END,
    };
    await duck.local.writeSandboxExport(exported);
    await duck.local.processRange({ appId: APP, dataset: APP, start: START, end: END });
  }, 400_000);
  afterAll(() => duck?.close());

  /** The same rows, in the same order, with the same keys; numbers equal to 1e-9 relative (doubles summed in another order). */
  function expectSameRows(actual: readonly Record<string, unknown>[], expected: readonly Record<string, unknown>[]) {
    expect(actual).toHaveLength(expected.length);
    actual.forEach((row, i) => {
      const want = expected[i]!;
      expect(Object.keys(row)).toEqual(Object.keys(want));
      for (const [key, value] of Object.entries(want)) {
        const got = row[key];
        if (typeof value === 'number' && typeof got === 'number' && value !== got)
          expect(Math.abs(got - value), `row ${i} ${key}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)));
        else expect(got, `row ${i} ${key}`).toEqual(value);
      }
    });
  }

  /** Every metric of each model, grouped by each of its dimensions, on the generated app and the processed one. */
  const mix = MODELS.flatMap((model) =>
    model.dimensions.map((dimension) => ({
      name: `${model.id}: every metric by ${dimension.column_name}`,
      report: {
        model_id: model.id,
        configuration: {
          select: model.metrics.map((m) => col(m.column_name)),
          group_by: [{ column_name: dimension.column_name, data_type: dimension.data_type, sample_value: null }],
          date_range: [{ date_start: START, date_end: END }],
          limit: [{ value: 10_000 }],
          where: [
            { label: 'platform', comparison: 'is_one_of', value: 'ANDROID,IOS', checked: true, data_type: 'STRING' },
          ],
        },
      } as Report,
    })),
  );

  // docs/analyze.md §Breakdown, compare and chart types: the breakdown's subquery, the period filters and the shifted dates.
  const deeper = [
    {
      name: 'daily_metrics: every metric by date, broken down by country (top 3), vs the previous period',
      report: {
        model_id: 'daily_metrics',
        configuration: {
          select: DAILY_METRICS_MODEL.metrics.map((m) => col(m.column_name)),
          group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
          date_range: [{ date_start: addDays(END, -6), date_end: END }],
          limit: [{ value: 10_000 }],
          breakdown: { column_name: 'country', top: 3 },
          compare: 'previous_period',
        },
      } as Report,
    },
    {
      name: 'events: every metric by week, broken down by event name (top 4), vs last year',
      report: {
        model_id: 'events',
        configuration: {
          select: EVENTS_MODEL.metrics.map((m) => col(m.column_name)),
          group_by: [{ column_name: 'week', data_type: 'DATE', sample_value: null }],
          date_range: [{ date_start: START, date_end: END }],
          limit: [{ value: 10_000 }],
          breakdown: { column_name: 'event_name', top: 4 },
          compare: 'previous_year',
        },
      } as Report,
    },
  ];

  test.each([...mix, ...deeper])('$name', async ({ report: body }) => {
    for (const appId of [OTHER, APP]) {
      const available = (await duck.local.dataRange(appId))!;
      expect(await shared.local.dataRange(appId)).toEqual(available);
      const compiled = compileReport({ appId, report: body, available, today: END });
      const expected = await duck.local.engine.run(compiled);
      expect(expected.length).toBeGreaterThan(0);
      expectSameRows(await shared.local.engine.run(compiled), expected);
    }
  });

  test('model configuration (describe), processed days, cohorts, parameter samples, processing result', async () => {
    for (const model of MODELS) {
      expect(modelConfiguration(model, await shared.local.engine.describe(model, OTHER))).toEqual(
        modelConfiguration(model, await duck.local.engine.describe(model, OTHER)),
      );
    }
    expect(await shared.local.processedDays(APP, START, END)).toEqual(await duck.local.processedDays(APP, START, END));
    const cohorts = await duck.local.cohortRows(OTHER, 14);
    expect(cohorts.length).toBeGreaterThan(0);
    expectSameRows(
      (await shared.local.cohortRows(OTHER, 14)).map((row) => ({ ...row })),
      cohorts.map((row) => ({ ...row })),
    );
    expect(await shared.local.parameterSamples(APP, 'ad_impression')).toEqual(
      await duck.local.parameterSamples(APP, 'ad_impression'),
    );
    const again = { appId: APP, dataset: APP, start: '2025-06-20', end: END };
    expect(await shared.local.processRange(again)).toEqual(await duck.local.processRange(again));
  }, 60_000);

  test('the audience estimate counts the same players', async () => {
    const compiled = compileAudience({
      appId: OTHER,
      conditions: [
        { type: 'user', metric: 'total', key: 'sessions', dataType: 'number', op: 'greater_than_or_equal', value: 2 },
        { type: 'user', metric: 'property', key: 'first_open', dataType: 'timestamp', op: 'from', value: '2025-06-20' },
      ],
      from: START,
      to: END,
    });
    const [a] = await duck.local.engine.run(compiled, countAudience(duck.local.engine.render(compiled)));
    const [b] = await shared.local.engine.run(compiled, countAudience(shared.local.engine.render(compiled)));
    expect(Number(b!.total)).toBe(Number(a!.total));
    expect(Number(b!.players)).toBe(Number(a!.players));
  });
});
