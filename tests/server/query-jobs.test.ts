/**
 * The job history (docs/integrations.md §Job history) on the embedded engine: a Process Data run and a report run are
 * recorded with their outcome and an estimated byte count; a failing statement is recorded with its error; a running
 * job cancelled from the list really stops (DuckDB interrupts the statement, the connection serves the next one) and
 * reads "cancelled"; Process Data's estimate before it starts; who may read, cancel and estimate.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import {
  ProcessEstimateAnswer,
  QueryJobAnswer,
  QueryJobPage,
  QUERY_JOBS_PAGE,
  QUERY_JOB_MESSAGES,
  queryCostUsd,
  type QueryJob,
} from '../../src/contracts/query-jobs';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { recordQueryJob } from '../../server/areas/integrations/query-jobs';
import { QueryCancelledError } from '../../server/analytics/query-scope';
import { ROW_BYTES } from '../../server/analytics/scan-estimate';
import { BIGQUERY_ON_DEMAND_USD_PER_TIB } from '../../server/config';
import { call, signInAs } from './helpers';
import { drainJobs, enqueueJob } from '../../server/jobs/queue';
import { JOB_KINDS, integrationJobs } from '../../server/areas/integrations/integrations';
import { ANALYTICS_END, createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const PLUGIN = `${APP}-bigquery`;
let server: AnalyticsTestServer;
let admin: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  server = await createAnalyticsTestServer();
  [admin, editor, viewer] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
  ]);
}, 120_000);
afterAll(() => server?.close());

const decodes = (codec: { decode(u: unknown): unknown }, body: unknown) =>
  expect(isRight(codec.decode(body) as never)).toBe(true);

async function history(token = viewer, cursor?: string) {
  const res = await call(server.app, token, {
    method: 'GET',
    url: `/api/app/${APP}/query-jobs${cursor ? `?cursor=${cursor}` : ''}`,
  });
  expect(res.statusCode).toBe(200);
  decodes(QueryJobPage, res.json());
  return res.json() as QueryJobPage;
}
const latest = async () => (await history()).entries[0]!;

describe('recording', () => {
  test('a report run is recorded: succeeded, duration, estimated bytes of the rows it read, cost at the on-demand price', async () => {
    const res = await call(server.app, editor, {
      method: 'POST',
      url: `/analytics/template/${APP}`,
      payload: { report: dailyReport(['dau'], 'date'), saveTemplate: false, id: null, title: 'Jobs report' },
    });
    expect(res.statusCode).toBe(200);
    const job = await latest();
    expect(job).toMatchObject({
      kind: 'report',
      engine: 'duckdb',
      label: 'Jobs report',
      state: 'succeeded',
      bytesEstimated: true,
      bytesBilled: null,
      error: null,
      cancellable: false,
    });
    expect(job.durationMs).toBeGreaterThanOrEqual(0);
    expect(job.bytesProcessed! % ROW_BYTES.daily_user_metrics).toBe(0);
    expect(job.bytesProcessed).toBeGreaterThan(0);
    expect(job.costUsd).toBeCloseTo(queryCostUsd(job.bytesProcessed!, BIGQUERY_ON_DEMAND_USD_PER_TIB), 12);
  });

  test('a Process Data run on the embedded engine is recorded through the job, with its estimate', async () => {
    const store = server.analytics.local;
    await store.writeSandboxExport({
      appId: APP,
      platform: 'android',
      packageName: 'com.demo.dragonmerge',
      days: 5,
      events: 3_000,
      seed: 5,
      endDate: ANALYTICS_END,
    });
    const range = { start: '2025-06-27', end: ANALYTICS_END };
    const estimate = await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${PLUGIN}/process/estimate`,
      payload: range,
    });
    expect(estimate.statusCode).toBe(200);
    decodes(ProcessEstimateAnswer, estimate.json());
    const before = estimate.json() as ProcessEstimateAnswer;
    expect(before.estimated).toBe(true);
    expect(before.bytes).toBeGreaterThan(0);
    expect(before.costUsd).toBeCloseTo(queryCostUsd(before.bytes, BIGQUERY_ON_DEMAND_USD_PER_TIB), 12);

    // The seeded plugin has no credential, which starting asks for: its job is queued as the start route queues it.
    await enqueueJob(server.app.questboard, { kind: JOB_KINDS.process, pluginId: PLUGIN, appId: APP, payload: range });
    await drainJobs(server.app.questboard, integrationJobs);
    const job = await latest();
    expect(job).toMatchObject({
      kind: 'process',
      engine: 'duckdb',
      label: `${range.start} to ${range.end}`,
      state: 'succeeded',
      bytesEstimated: true,
      error: null,
    });
    // The run read what the estimate said it would (the export's rows of the range, then the app's events).
    expect(job.bytesProcessed).toBe(before.bytes);
  });

  test('a failing statement is recorded failed, with the engine error, and the error reaches the caller', async () => {
    const ctx = server.app.questboard;
    const failing = recordQueryJob(
      ctx,
      { appId: APP, pluginId: PLUGIN, kind: 'report', engine: 'duckdb', label: 'Broken' },
      () => server.analytics.store.rows('SELECT * FROM no_such_table'),
    );
    await expect(failing).rejects.toThrow(/no_such_table/);
    const job = await latest();
    expect(job).toMatchObject({ label: 'Broken', state: 'failed', bytesProcessed: null, cancellable: false });
    expect(job.error).toMatch(/no_such_table/);
  });
});

describe('cancel', () => {
  test('a running embedded query is interrupted: the run rejects at once, the row reads cancelled, the engine serves on', async () => {
    const ctx = server.app.questboard;
    const started = Date.now();
    // Minutes of work for DuckDB on two threads: only an interrupt ends it in time.
    const slow = recordQueryJob(
      ctx,
      { appId: APP, pluginId: PLUGIN, kind: 'report', engine: 'duckdb', label: 'Slow' },
      () =>
        server.analytics.store.rows('SELECT sum(hash(i) % 7) AS s FROM range(100000000000) t(i)', {}, undefined, {
          timeoutMs: 0,
        }),
    );
    const outcome = slow.then(
      () => 'finished',
      (error: unknown) => error,
    );
    let running: QueryJob | undefined;
    while (!running) {
      running = (await history()).entries.find((j) => j.label === 'Slow' && j.state === 'running');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(running.cancellable).toBe(true);

    const viewerCancel = await call(server.app, viewer, {
      method: 'POST',
      url: `/api/app/${APP}/query-jobs/${running.id}/cancel`,
    });
    expect(viewerCancel.statusCode).toBe(403);

    const res = await call(server.app, editor, {
      method: 'POST',
      url: `/api/app/${APP}/query-jobs/${running.id}/cancel`,
    });
    expect(res.statusCode).toBe(200);
    decodes(QueryJobAnswer, res.json());
    expect(res.json().job).toMatchObject({ id: running.id, state: 'cancelled', error: null, cancellable: false });
    expect(await outcome).toBeInstanceOf(QueryCancelledError);
    expect(Date.now() - started).toBeLessThan(30_000);
    // The interrupted connection answers the next statement.
    const [row] = await server.analytics.store.rows('SELECT 41 + 1 AS n');
    expect(row!.n).toBe(42);

    const again = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/query-jobs/${running.id}/cancel`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUERY_JOB_MESSAGES.notRunning);
  });

  test("another app's job is not found", async () => {
    const job = await latest();
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${DEMO_APP_IDS.dragonMergeIos}/query-jobs/${job.id}/cancel`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the list', () => {
  test('newest first, paged by cursor without repeats; a cursor the list never gave out is 400', async () => {
    const ctx = server.app.questboard;
    for (let i = 0; i < QUERY_JOBS_PAGE; i++)
      await recordQueryJob(
        ctx,
        { appId: APP, pluginId: PLUGIN, kind: 'report', engine: 'duckdb', label: `Page ${i}` },
        async () => 1,
      );
    const first = await history(viewer);
    expect(first.entries).toHaveLength(QUERY_JOBS_PAGE);
    expect(first.entries[0]!.label).toBe(`Page ${QUERY_JOBS_PAGE - 1}`);
    expect(first.nextCursor).not.toBeNull();
    const second = await history(viewer, first.nextCursor!);
    expect(second.entries.length).toBeGreaterThan(0);
    const ids = [...first.entries, ...second.entries].map((j) => Number(j.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.usdPerTiB).toBe(BIGQUERY_ON_DEMAND_USD_PER_TIB);
    const bad = await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/query-jobs?cursor=nope` });
    expect(bad.statusCode).toBe(400);
  });

  test('the estimate refuses what starting refuses: a start after the end, an end after today', async () => {
    const after = await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${PLUGIN}/process/estimate`,
      payload: { start: '2025-06-10', end: '2025-06-01' },
    });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe('The start date must not be after the end date.');
    const future = await call(server.app, viewer, {
      method: 'POST',
      url: `/api/plugins/${PLUGIN}/process/estimate`,
      payload: { start: '2025-06-10', end: '2025-06-11' },
    });
    expect(future.statusCode).toBe(403);
  });
});
