/**
 * The BigQuery engine against a fake client (this machine cannot reach BigQuery): the job requests carry the
 * BigQuery-dialect SQL with named, typed parameters, a dry run comes first and reports the bytes, a query over the
 * limit never runs, the real job has maximumBytesBilled, and BigQuery's cell objects come back as plain values.
 */
import { describe, expect, test } from 'vitest';
import { BigQuery, type Query } from '@google-cloud/bigquery';
import { compileReport } from '../../../server/analytics/compiler';
import { BigQueryReportEngine, type BigQueryClient, type BigQueryJob } from '../../../server/analytics/bigquery-engine';
import { ReportTooLargeError, modelConfiguration } from '../../../server/analytics/engine';
import { DAILY_METRICS_MODEL } from '../../../server/analytics/catalogue';
import { openAnalytics } from '../../../server/analytics/index';
import { condition, expectValidBigQueryRequest, report } from './support';

class FakeBigQuery implements BigQueryClient {
  readonly requests: Query[] = [];
  constructor(
    private readonly bytes: number,
    private readonly rows: Record<string, unknown>[],
  ) {}
  async createQueryJob(options: Query): Promise<[BigQueryJob]> {
    this.requests.push(options);
    expectValidBigQueryRequest(options);
    const job: BigQueryJob = {
      metadata: { statistics: { totalBytesProcessed: String(this.bytes) } },
      getQueryResults: async () => {
        if (options.dryRun) throw new Error('a dry run has no results');
        return [this.rows];
      },
    };
    return [job];
  }
}

const compiled = compileReport({
  appId: 'dragon-merge-android',
  available: { start: '2025-04-01', end: '2025-06-30' },
  today: '2025-06-30',
  report: report('daily_metrics', ['new_users', 'retention_d1'], 'date', {
    date_range: [{ date_start: '2025-06-01', date_end: '2025-06-30' }],
    where: [
      condition('country', 'STRING', 'is_one_of', 'US,DE'),
      condition('days_since_install', 'INT64', 'less_than', '30'),
    ],
  }),
});

describe('BigQuery engine', () => {
  test('dry run, then the job with maximumBytesBilled, named typed parameters', async () => {
    const fake = new FakeBigQuery(123_456, [
      { date: { value: '2025-06-01' }, new_users: 120, retention_d1: 0.31 },
      { date: { value: '2025-06-02' }, new_users: 98, retention_d1: null },
    ]);
    const engine = new BigQueryReportEngine(fake, {
      project: 'questboard-demo',
      dataset: 'analytics',
      maximumBytesBilled: 1e9,
      location: 'EU',
    });
    const rows = await engine.run(compiled);
    expect(rows).toEqual([
      { date: '2025-06-01', new_users: 120, retention_d1: 0.31 },
      { date: '2025-06-02', new_users: 98, retention_d1: null },
    ]);
    expect(fake.requests).toHaveLength(2);
    const [dry, real] = fake.requests;
    expect(dry!.dryRun).toBe(true);
    expect(real!.dryRun).toBeUndefined();
    expect(real!.maximumBytesBilled).toBe('1000000000');
    expect(real!.location).toBe('EU');
    expect(real!.query).toBe(dry!.query);
    expect(real!.query).toContain('FROM `questboard-demo.analytics.daily_user_metrics`');
    expect(real!.query).toContain('`country` IN UNNEST(@c1)');
    expect(real!.query).toContain('COUNTIF(');
    expect(real!.query).not.toMatch(/'US'|'DE'|dragon-merge|2025-/);
    expect(real!.params).toEqual({
      app_id: 'dragon-merge-android',
      date_start: { value: '2025-06-01' },
      date_end: { value: '2025-06-30' },
      c1: ['US', 'DE'],
      c2: 30,
    });
    expect(real!.types).toEqual({
      app_id: 'STRING',
      date_start: 'DATE',
      date_end: 'DATE',
      c1: ['STRING'],
      c2: 'INT64',
    });
  });

  test('a query that would scan more than the limit is refused after the dry run and never runs', async () => {
    const fake = new FakeBigQuery(5e12, []);
    const engine = new BigQueryReportEngine(fake, {
      project: 'questboard-demo',
      dataset: 'analytics',
      maximumBytesBilled: 1e10,
    });
    await expect(engine.run(compiled)).rejects.toBeInstanceOf(ReportTooLargeError);
    await expect(engine.run(compiled)).rejects.toThrow(
      'This report would scan 5000.0 GB, more than the limit of 10.0 GB. Choose a shorter date range.',
    );
    expect(fake.requests.every((r) => r.dryRun)).toBe(true);
  });

  test('data range and model config through the same dialect', async () => {
    const fake = new FakeBigQuery(1000, [
      {
        date_min: { value: '2025-04-01' },
        date_max: { value: '2025-06-30' },
        sample_country: 'US',
        sample_event_timestamp: { value: '2025-06-30T10:11:12.000Z' },
      },
    ]);
    const engine = new BigQueryReportEngine(fake, { project: 'questboard-demo', dataset: 'analytics' });
    expect(await engine.dataRange('a')).toEqual({ start: '2025-04-01', end: '2025-06-30' });
    const config = modelConfiguration(DAILY_METRICS_MODEL, await engine.describe(DAILY_METRICS_MODEL, 'a'));
    expect(config.date_range).toEqual([{ start_date: '2025-04-01', end_date: '2025-06-30' }]);
    expect(config.group_by_where.find((c) => c.column_name === 'country')!.sample_value).toBe('US');
    expect(fake.requests.at(-1)!.query).toContain('MIN(`event_date`) AS `date_min`');
  });

  test('identifiers of the project and dataset are validated', () => {
    expect(() => new BigQueryReportEngine(new FakeBigQuery(0, []), { project: 'evil`; DROP', dataset: 'a' })).toThrow(
      /invalid BigQuery project/,
    );
    expect(
      () => new BigQueryReportEngine(new FakeBigQuery(0, []), { project: 'questboard-demo', dataset: 'a.b' }),
    ).toThrow(/invalid BigQuery dataset/);
  });

  test('apps use BigQuery only when their plugin asks for it and a client is configured', async () => {
    const fake = new FakeBigQuery(0, []);
    const withBq = await openAnalytics({ bigquery: { createClient: () => fake, maximumBytesBilled: 5e9 } });
    const without = await openAnalytics({});
    try {
      const bigQueryPlugin = { attributes: { eventStore: 'bigquery', targetProject: 'questboard-demo' } };
      expect((await withBq.engineFor(bigQueryPlugin)).kind).toBe('bigquery');
      expect((await withBq.engineFor({ attributes: { targetProject: 'questboard-demo' } })).kind).toBe('duckdb');
      expect((await withBq.engineFor(null)).kind).toBe('duckdb');
      expect((await without.engineFor(bigQueryPlugin)).kind).toBe('duckdb');
    } finally {
      await withBq.close();
      await without.close();
    }
  });

  test('the real @google-cloud/bigquery client turns the request into typed query parameters (request captured, no network)', async () => {
    const client = new BigQuery({ projectId: 'questboard-demo' });
    const sent: Record<string, any>[] = [];
    (client as unknown as { createJob: unknown }).createJob = (
      reqOpts: Record<string, any>,
      callback: (...args: unknown[]) => void,
    ) => {
      sent.push(reqOpts);
      const job: BigQueryJob = {
        metadata: { statistics: { totalBytesProcessed: '2048' } },
        getQueryResults: async () => [[]],
      };
      callback(null, job, {});
    };
    const engine = new BigQueryReportEngine(client as unknown as BigQueryClient, {
      project: 'questboard-demo',
      dataset: 'analytics',
      maximumBytesBilled: 2e9,
    });
    await engine.run(compiled);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.configuration.dryRun).toBe(true);
    const query = sent[1]!.configuration.query;
    expect(sent[1]!.configuration.dryRun).toBeUndefined();
    expect(query.maximumBytesBilled).toBe('2000000000');
    expect(query.useLegacySql).toBe(false);
    expect(String(query.parameterMode).toUpperCase()).toBe('NAMED');
    expect(query.queryParameters).toEqual(
      expect.arrayContaining([
        { name: 'app_id', parameterType: { type: 'STRING' }, parameterValue: { value: 'dragon-merge-android' } },
        { name: 'date_start', parameterType: { type: 'DATE' }, parameterValue: { value: '2025-06-01' } },
        { name: 'date_end', parameterType: { type: 'DATE' }, parameterValue: { value: '2025-06-30' } },
        {
          name: 'c1',
          parameterType: { type: 'ARRAY', arrayType: { type: 'STRING' } },
          parameterValue: { arrayValues: [{ value: 'US' }, { value: 'DE' }] },
        },
        { name: 'c2', parameterType: { type: 'INT64' }, parameterValue: { value: 30 } },
      ]),
    );
  });
});
