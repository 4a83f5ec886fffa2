/**
 * Process Data on BigQuery (server/analytics/bigquery-process.ts) against a fake @google-cloud/bigquery
 * client (this machine cannot reach BigQuery) that checks each job request the way BigQuery would (standard SQL,
 * named parameters each with a type and used in the query) and answers with cells shaped as the client returns them.
 * The SQL: tables created once, DELETE of the range then INSERT … SELECT from the customer's `analytics_*` export with
 * `_TABLE_SUFFIX BETWEEN @from_key AND @to_key` in one transaction, the output columns exactly the embedded engine's,
 * no value written into the SQL, identifiers allow-listed. Through the job runner: a successful run gives the plugin
 * its data range and events; a failed BigQuery job's message reaches the job result and the feed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Query } from '@google-cloud/bigquery';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import type { BigQueryClient, BigQueryJob } from '../../server/analytics/bigquery-engine';
import { BigQueryProcessor } from '../../server/analytics/bigquery-process';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { enqueueJob, runNextJob } from '../../server/jobs/queue';
import { integrationJobs } from '../../server/areas/integrations/integrations';
import { createTestServer, type TestServer } from './helpers';
import { expectValidBigQueryRequest } from '../unit/analytics/support';

/** Answers by statement: the summary and schema queries get rows; a statement matching `failOn` fails its job. */
class FakeBigQuery implements BigQueryClient {
  readonly requests: Query[] = [];
  failOn: RegExp | null = null;
  async createQueryJob(options: Query): Promise<[BigQueryJob]> {
    this.requests.push(options);
    expectValidBigQueryRequest(options);
    const query = options.query!;
    const job: BigQueryJob = {
      getQueryResults: async () => {
        if (this.failOn?.test(query))
          throw new Error(
            'Access Denied: Table questboard-demo:analytics_153293282.events_20250601: User does not have permission to query table.',
          );
        if (query.includes('AS range_start'))
          return [[{ events: 48211, range_start: '2025-04-01', range_end: '2025-06-30' }]];
        if (query.includes('AS first_at')) return [[{ version: { value: '1.4.0' }, first_at: '1751328000000' }]];
        if (query.includes('ARRAY_AGG(DISTINCT')) {
          return [
            [
              { event_name: 'level_end', params: ['level_name=STRING', 'success=INT64'], last_at: 1751327999000000 },
              { event_name: 'session_start', params: ['ga_session_id=INT64'], last_at: 1751327000000000 },
            ],
          ];
        }
        return [[]];
      },
    };
    return [job];
  }
}

const OPTIONS = {
  project: 'questboard-demo',
  dataset: 'questboard_analytics',
  sourceDataset: 'analytics_153293282',
  location: 'EU',
};

describe('BigQuery processing: the job requests', () => {
  test('create, replace the range from the export in one transaction, rebuild the daily metrics, then read the outcome', async () => {
    const fake = new FakeBigQuery();
    const progress: number[] = [];
    const result = await new BigQueryProcessor(fake, OPTIONS).processRange(
      {
        appId: 'dragon-merge-android',
        start: '2025-06-01',
        end: '2025-06-30',
        revenue: [{ eventName: 'purchase_gems', type: 'iap', parameter: 'price' }],
      },
      async (p) => {
        progress.push(p);
      },
    );
    expect(result).toEqual({
      events: 48211,
      range: { start: '2025-04-01', end: '2025-06-30' },
      schema: [
        { eventName: 'level_end', params: { level_name: 'STRING', success: 'INT64' }, lastReceivedAt: 1751327999000 },
        { eventName: 'session_start', params: { ga_session_id: 'INT64' }, lastReceivedAt: 1751327000000 },
      ],
      versions: [{ version: '1.4.0', firstSeenAt: 1751328000000 }],
    });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeGreaterThanOrEqual(90);

    const [create, replace, rebuild, summary, schema, versions] = fake.requests;
    expect(fake.requests).toHaveLength(6);
    expect(create!.query).toContain('CREATE TABLE IF NOT EXISTS `questboard-demo.questboard_analytics.events`');
    expect(create!.query).toContain('PARTITION BY event_date');

    expect(replace!.query).toMatch(
      /^BEGIN TRANSACTION;\nDELETE FROM `questboard-demo\.questboard_analytics\.events` WHERE app_id = @app_id AND event_date BETWEEN @start AND @end;\nINSERT INTO `questboard-demo\.questboard_analytics\.events` \(/,
    );
    expect(replace!.query).toContain(
      'FROM `questboard-demo.analytics_153293282.events_*`\nWHERE _TABLE_SUFFIX BETWEEN @from_key AND @to_key',
    );
    expect(replace!.query).toContain('DATE(TIMESTAMP_MICROS(event_timestamp)) BETWEEN @start AND @end');
    expect(replace!.query).toContain(
      "(SELECT value.string_value FROM UNNEST(event_params) WHERE key = 'level_name' LIMIT 1)",
    );
    expect(replace!.query).toMatch(/COMMIT TRANSACTION$/);
    expect(replace!.params).toEqual({
      app_id: 'dragon-merge-android',
      start: { value: '2025-06-01' },
      end: { value: '2025-06-30' },
      from_key: '20250531',
      to_key: '20250701',
    });
    expect(replace!.types).toEqual({
      app_id: 'STRING',
      start: 'DATE',
      end: 'DATE',
      from_key: 'STRING',
      to_key: 'STRING',
    });
    expect(replace!.location).toBe('EU');
    for (const request of fake.requests) expect(request.query).not.toMatch(/dragon-merge|2025|purchase_gems/);

    expect(rebuild!.query).toContain(
      'DELETE FROM `questboard-demo.questboard_analytics.daily_user_metrics` WHERE app_id = @app_id;',
    );
    expect(rebuild!.query).toContain('INSERT INTO `questboard-demo.questboard_analytics.daily_user_metrics`');
    expect(rebuild!.query).toContain("COUNTIF(event_name = 'level_start')");
    expect(rebuild!.query).toContain('ANY_VALUE(platform HAVING MAX event_timestamp)');
    expect(rebuild!.query).not.toMatch(/FILTER \(WHERE|arg_max|\$/);
    expect(rebuild!.params).toMatchObject({
      app_id: 'dragon-merge-android',
      rev_event_0: 'purchase_gems',
      rev_type_0: 'iap',
      rev_param_0: 'price',
    });
    expect(summary!.params).toMatchObject({ app_id: 'dragon-merge-android' });
    expect(schema!.params).toEqual({ from_key: '20250601', to_key: '20250630' });
    expect(versions!.query).toContain('UNIX_MILLIS(MIN(event_timestamp)) AS first_at');
    expect(versions!.query).toContain('FROM `questboard-demo.questboard_analytics.events`');
    expect(versions!.params).toMatchObject({ app_id: 'dragon-merge-android' });
  });

  test('a revenue rule on the BOOLEAN success column casts through INT64 (BigQuery has no BOOL to FLOAT64 cast)', () => {
    const processor = new BigQueryProcessor(new FakeBigQuery(), OPTIONS);
    const { rebuildDaily: rebuild } = processor.statements({
      appId: 'a',
      start: '2025-06-01',
      end: '2025-06-30',
      revenue: [{ eventName: 'level_end', type: 'ads', parameter: 'success' }],
    });
    expect(rebuild.query).toContain('CAST(CAST(success AS INT64) AS FLOAT64)');
    expect(rebuild.query).not.toContain('CAST(success AS FLOAT64)');
  });

  test("the output columns are the embedded engine's events table, in order (one definition)", async () => {
    const fake = new FakeBigQuery();
    const processor = new BigQueryProcessor(fake, OPTIONS);
    const insert = processor.statements({ appId: 'a', start: '2025-06-01', end: '2025-06-30' }).replaceEvents.query;
    const columns = /INSERT INTO `[^`]+` \(([^)]+)\)/.exec(insert)![1]!.split(', ');
    const engine = await openAnalytics({ threads: 1 });
    try {
      const described = await engine.store.rows('DESCRIBE events');
      expect(columns).toEqual(described.map((row) => row.column_name));
    } finally {
      await engine.close();
    }
  });

  test('identifiers outside the allow-list are refused before any job runs', () => {
    const fake = new FakeBigQuery();
    expect(() => new BigQueryProcessor(fake, { ...OPTIONS, sourceDataset: 'analytics_1`; DROP TABLE x; --' })).toThrow(
      /Invalid BigQuery/,
    );
    expect(() => new BigQueryProcessor(fake, { ...OPTIONS, sourceDataset: 'other_dataset' })).toThrow(
      /Invalid BigQuery/,
    );
    expect(() => new BigQueryProcessor(fake, { ...OPTIONS, project: 'Bad Project' })).toThrow(/Invalid BigQuery/);
    expect(fake.requests).toEqual([]);
  });

  test("without a sourceDataset, the source project's one analytics_* dataset is found by listing; none or several fail saying so", async () => {
    const run = async (datasets: string[] | null) => {
      const fake = new FakeBigQuery();
      const listed: string[] = [];
      const client =
        datasets === null
          ? fake
          : Object.assign(fake, {
              getDatasets: async (options: { projectId: string }) => {
                listed.push(options.projectId);
                return [datasets.map((id) => ({ id }))] as [{ id: string }[]];
              },
            });
      const processor = new BigQueryProcessor(client, {
        project: 'questboard-demo',
        dataset: 'questboard_analytics',
        sourceProject: 'customer-game-prod',
      });
      const outcome = await processor
        .processRange({ appId: 'dragon-merge-android', start: '2025-06-01', end: '2025-06-30' })
        .then(
          () => 'done',
          (e: Error) => e.message,
        );
      return { outcome, listed, queries: fake.requests.map((r) => r.query!) };
    };
    const found = await run(['questboard_analytics', 'analytics_153293282', 'scratch']);
    expect(found.outcome).toBe('done');
    expect(found.listed).toEqual(['customer-game-prod']);
    expect(found.queries.find((q) => q.includes('INSERT INTO'))).toContain(
      '`customer-game-prod.analytics_153293282.events_*`',
    );
    const none = await run(['scratch']);
    expect(none.outcome).toBe(
      'The GCP project customer-game-prod has no Google Analytics export (an analytics_<property id> dataset): link Firebase to BigQuery in the Firebase console first.',
    );
    expect(none.queries).toEqual([]);
    const several = await run(['analytics_2', 'analytics_1']);
    expect(several.outcome).toBe(
      "The GCP project customer-game-prod has several Google Analytics exports (analytics_1, analytics_2): set the plugin's sourceDataset to the one to process.",
    );
    const cannotList = await run(null);
    expect(cannotList.outcome).toMatch(/Firebase export dataset \(sourceDataset/);
  });
});

describe('BigQuery processing through the Process Data job', () => {
  const fake = new FakeBigQuery();
  let server: TestServer;
  let analytics: AnalyticsEngine;
  const appId = DEMO_APP_IDS.dragonMergeAndroid;
  const pluginId = `${appId}-bigquery`;
  const ctx = () => server.app.questboard;
  const feed = async () =>
    await server.db
      .selectFrom('plugin_feed')
      .select(['message', 'type'])
      .where('plugin_id', '=', pluginId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    analytics = await openAnalytics({ threads: 1, bigquery: { createClient: () => fake, location: 'EU' } });
    server = await createTestServer({ providers: { analytics } });
    const plugin = await server.db
      .selectFrom('plugins')
      .select('attributes')
      .where('id', '=', pluginId)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('plugins')
      .set({
        attributes: JSON.stringify({
          ...plugin.attributes,
          eventStore: 'bigquery',
          targetProject: 'questboard-demo',
          sourceDataset: 'analytics_153293282',
        }) as never,
        data_start: null,
        data_end: null,
      })
      .where('id', '=', pluginId)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
    await analytics?.close();
  });

  test('a run on BigQuery gives the plugin its data range, Last Refreshed and events (no embedded export needed)', async () => {
    await enqueueJob(ctx(), {
      kind: 'bigquery_process_event',
      pluginId,
      appId,
      payload: { start: '2025-06-01', end: '2025-06-30' },
    });
    expect(await runNextJob(ctx(), integrationJobs)).toBe(true);
    const job = await server.db
      .selectFrom('jobs')
      .select(['status', 'result'])
      .where('plugin_id', '=', pluginId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'succeeded', result: 'Processed 48,211 events from 2025-06-01 to 2025-06-30.' });
    const plugin = await server.db
      .selectFrom('plugins')
      .selectAll()
      .where('id', '=', pluginId)
      .executeTakeFirstOrThrow();
    expect(plugin).toMatchObject({ status: 'connected', data_start: '2025-04-01', data_end: '2025-06-30' });
    expect(plugin.last_refresh).not.toBeNull();
    const events = await server.db
      .selectFrom('plugin_events')
      .select('event_name')
      .where('plugin_id', '=', pluginId)
      .execute();
    expect(events.map((e) => e.event_name).sort()).toEqual(['level_end', 'session_start']);
    expect(fake.requests.some((r) => r.query?.includes('`questboard-demo.analytics_153293282.events_*`'))).toBe(true);
    expect(await analytics.store.rows('SELECT count(*) AS n FROM events WHERE app_id = $a', { a: appId })).toEqual([
      { n: 0 },
    ]);
  });

  test("a failed BigQuery job's message reaches the job result and the feed", async () => {
    fake.failOn = /^BEGIN TRANSACTION;\nDELETE FROM `[^`]+\.events`/;
    const jobId = await enqueueJob(ctx(), {
      kind: 'bigquery_process_event',
      pluginId,
      appId,
      payload: { start: '2025-06-01', end: '2025-06-30' },
    });
    expect(await runNextJob(ctx(), integrationJobs)).toBe(true);
    const job = await server.db
      .selectFrom('jobs')
      .select(['status', 'result'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const message =
      'Access Denied: Table questboard-demo:analytics_153293282.events_20250601: User does not have permission to query table.';
    expect(job).toEqual({ status: 'failed', result: message });
    expect((await feed()).at(-1)).toEqual({ message: `Processing data failed: ${message}`, type: 'error' });
  });
});
