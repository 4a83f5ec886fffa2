/**
 * Moving an app's analytics data between stores (docs/engineering/deployment.md §Moving an app's data): an app's
 * first data records its placement; `moveApp` copies the raw export and the processed tables to the other store day by
 * day, verifies each day, resumes after an interruption, and switches the placement, after which the same report
 * reads the new store and answers the same rows; DuckDB → PostgreSQL → DuckDB ends with the checksums it started with.
 * A server with ANALYTICS_STORE=postgres refuses to start while an app's data is still in a DuckDB file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { compileReport } from '../../server/analytics/compiler';
import { checksumOf, columnsOf, MoveInterrupted, moveApp, type MoveResult } from '../../server/analytics/move';
import { placementOf, sharedStoreRefusal } from '../../server/analytics/placements';
import { EVENTS_DDL } from '../../server/analytics/event-store';
import { DEMO_APP_IDS } from '../../server/demo/ids';
import type { Report } from '../../src/contracts/analyze';
import { createTestServer, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const START = '2025-06-25';
const END = '2025-06-30';

let server: TestServer;
let analytics: AnalyticsEngine;
let processed = 0;
let exported = 0;

beforeAll(async () => {
  server = await createTestServer();
  analytics = await openAnalytics({ threads: 1, placements: { db: server.db, dbKind: server.kind } });
}, 300_000);
afterAll(async () => {
  await analytics?.close();
  await server?.close();
});

const col = (column_name: string) => ({
  column_name,
  id: column_name,
  data_type: 'FLOAT64' as const,
  format: 'decimal',
});
const dailyReport = {
  model_id: 'daily_metrics',
  configuration: {
    select: ['dau', 'new_users', 'sessions', 'ad_revenue'].map(col),
    group_by: [{ column_name: 'date', data_type: 'STRING', sample_value: null }],
    date_range: [{ date_start: START, date_end: END }],
    limit: [{ value: 10_000 }],
    where: [],
  },
} as unknown as Report;

async function reportRows() {
  const engine = await analytics.engineFor({ attributes: {}, app_id: APP });
  const compiled = compileReport({
    appId: APP,
    report: dailyReport,
    available: { start: START, end: END },
    today: END,
  });
  // Sums of doubles may differ in their last bits between the engines (another summation order): 12 digits agree.
  const rows = (await engine.run(compiled)).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(12)) : v])),
  );
  return { kind: engine.kind, rows };
}

const sums = (result: MoveResult | null) => result?.checksums;

describe('analytics:move', () => {
  test('columnsOf reads the embedded DDL, nested types whole', () => {
    const columns = columnsOf(EVENTS_DDL);
    expect(columns[0]).toEqual({ name: 'app_id', type: 'VARCHAR' });
    expect(columns.at(-1)).toEqual({ name: 'params', type: 'MAP(VARCHAR, VARCHAR)' });
    expect(columns.find((c) => c.name === 'event_timestamp')).toEqual({ name: 'event_timestamp', type: 'TIMESTAMP' });
  });

  test('the checksum ignores row order, key order and the timestamp spelling, and sees a changed value', () => {
    const a = JSON.stringify([
      { t: '2025-06-05 10:00:00', p: { b: '1', a: '2' } },
      { t: '2025-06-05 11:00:00.500', p: null },
    ]);
    const b = JSON.stringify([
      { p: null, t: '2025-06-05T11:00:00.5' },
      { p: { a: '2', b: '1' }, t: '2025-06-05T10:00:00' },
    ]);
    expect(checksumOf(b)).toEqual(checksumOf(a));
    expect(checksumOf(a.replace('"2"', '"3"')).sum).not.toEqual(checksumOf(a).sum);
  });

  test("an app's first data records its placement in the deployment's store", async () => {
    expect(await placementOf(server.db, APP)).toBeNull();
    const store = await analytics.storeFor(APP);
    await store.writeSandboxExport({
      appId: APP,
      platform: 'android',
      packageName: 'com.demo.dragonmerge',
      days: 6,
      events: 3_000,
      endDate: END,
    });
    processed = (await store.processRange({ appId: APP, dataset: APP, start: START, end: END })).events;
    exported = (await store.exportRange(APP))!.events;
    expect(processed).toBeGreaterThan(1_000);
    expect(await placementOf(server.db, APP)).toBe('duckdb');
  });

  test('DuckDB → PostgreSQL (interrupted, then resumed) → DuckDB: same report, same checksums', async () => {
    const before = await reportRows();
    expect(before.kind).toBe('duckdb');
    expect(before.rows.length).toBe(6);
    const base = { db: server.db, duckdb: analytics.store, appId: APP, defaultStore: 'duckdb' as const };

    await expect(moveApp({ ...base, to: 'postgres', stopAfterDays: 3 })).rejects.toBeInstanceOf(MoveInterrupted);
    expect(await placementOf(server.db, APP)).toBe('duckdb');
    expect((await reportRows()).kind).toBe('duckdb');

    const there = await moveApp({ ...base, to: 'postgres' });
    expect(there).not.toBeNull();
    expect(there!.resumed).toBe(3);
    expect(there!.rows.raw_events).toBe(exported);
    expect(there!.rows.events).toBe(processed);
    expect(Object.keys(there!.checksums.daily_user_metrics!)).toHaveLength(6);
    expect(await placementOf(server.db, APP)).toBe('postgres');

    const moved = await reportRows();
    expect(moved.kind).toBe('postgres');
    expect(moved.rows).toEqual(before.rows);

    expect(await moveApp({ ...base, to: 'postgres' })).toBeNull(); // already there

    const back = await moveApp({ ...base, to: 'duckdb' });
    expect(back!.resumed).toBe(0);
    expect(sums(back)).toEqual(sums(there));
    expect(await placementOf(server.db, APP)).toBe('duckdb');
    const after = await reportRows();
    expect(after.kind).toBe('duckdb');
    expect(after.rows).toEqual(before.rows);
  }, 120_000);

  test('ANALYTICS_STORE=postgres refuses to start while an app is in a DuckDB file, and names it', async () => {
    expect(await sharedStoreRefusal(server.db)).toContain(APP);
    expect(await sharedStoreRefusal(server.db)).toContain('npm run analytics:move -- --app <id> --to postgres');
    await moveApp({ db: server.db, duckdb: analytics.store, appId: APP, defaultStore: 'duckdb', to: 'postgres' });
    expect(await sharedStoreRefusal(server.db)).toBeNull();
  }, 120_000);
});
