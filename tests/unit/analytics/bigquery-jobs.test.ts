/**
 * The BigQuery adapters' part of the job history (docs/integrations.md §Job history), against BigQuery's recorded answers
 * (tests/fixtures/google-cloud, typed by @google-cloud/bigquery's published types in tests/fixtures/vendor-typed):
 * a finished job's statistics (jobs.get) recorded as bytes processed and billed with its job id; a cancel calls
 * jobs.cancel and the wait rejects as cancelled; Process Data's dry runs (jobs.insert with dryRun) add up.
 */
import { describe, expect, test } from 'vitest';
import type { Query } from '@google-cloud/bigquery';
import {
  jobFigures,
  runQueryJob,
  type BigQueryClient,
  type BigQueryJob,
} from '../../../server/analytics/bigquery-engine';
import { BigQueryProcessor } from '../../../server/analytics/bigquery-process';
import { QueryCancelledError, withQueryScope, type StatementFigures } from '../../../server/analytics/query-scope';
import { googleCloudFixtures as recorded } from '../../fixtures/vendor-typed/google-cloud';

const scope = (controller = new AbortController()) => {
  const figures: StatementFigures[] = [];
  return {
    figures,
    controller,
    scope: { signal: controller.signal, record: (f: StatementFigures) => figures.push(f) },
  };
};

/** A client whose one job answers rows, and jobs.get with the recorded finished job. */
function finishedJobClient(calls: string[]): BigQueryClient {
  return {
    async createQueryJob(options: Query) {
      calls.push(options.dryRun ? 'insert dry run' : 'insert');
      const job: BigQueryJob = {
        getQueryResults: async () => [[{ dau: 120 }]],
        getMetadata: async () => (calls.push('get'), [recorded.bigqueryJobsGetDone]),
        cancel: async () => (calls.push('cancel'), [recorded.bigqueryJobsCancel]),
      };
      return [job];
    },
  };
}

describe('BigQuery job statistics', () => {
  test('a finished job: bytes processed and billed from jobs.get statistics, with its job id', async () => {
    const calls: string[] = [];
    const s = scope();
    const rows = await withQueryScope(s.scope, () =>
      runQueryJob(finishedJobClient(calls), { query: 'SELECT 1' }, 1000),
    );
    expect(rows).toEqual([{ dau: 120 }]);
    expect(calls).toEqual(['insert', 'get']);
    expect(s.figures).toEqual([
      {
        bytesProcessed: 52_428_800,
        bytesBilled: 53_477_376,
        jobId: 'demostudio-analytics:US.job_Jq7ZkV0m1c8yX2LwQeR4T9bNfA3s',
      },
    ]);
  });

  test('outside a query job nothing is read back (no jobs.get)', async () => {
    const calls: string[] = [];
    await runQueryJob(finishedJobClient(calls), { query: 'SELECT 1' }, 1000);
    expect(calls).toEqual(['insert']);
  });

  test('a dry run bills nothing and has no job id', () => {
    expect(jobFigures(recorded.bigqueryJobsInsertDryRun)).toEqual({
      bytesProcessed: 1_842_937_856,
      bytesBilled: 0,
      jobId: undefined,
    });
  });

  test('cancelling a running job calls jobs.cancel; the wait rejects as cancelled and the statistics are still read', async () => {
    const calls: string[] = [];
    let cancelled = () => {};
    const client: BigQueryClient = {
      async createQueryJob() {
        const job: BigQueryJob = {
          // BigQuery's answer to a cancelled job's results: the job failed with a "stopped" reason.
          getQueryResults: () =>
            new Promise((_, reject) => {
              cancelled = () => reject(new Error('Job execution was cancelled: User requested cancellation'));
            }),
          getMetadata: async () => (calls.push('get'), [recorded.bigqueryJobsCancel.job]),
          cancel: async () => {
            calls.push('cancel');
            cancelled();
            return [recorded.bigqueryJobsCancel];
          },
        };
        return [job];
      },
    };
    const s = scope();
    const running = withQueryScope(s.scope, () => runQueryJob(client, { query: 'SELECT 1' }, 600_000));
    await new Promise((r) => setTimeout(r, 10));
    s.controller.abort();
    await expect(running).rejects.toBeInstanceOf(QueryCancelledError);
    expect(calls).toEqual(['cancel', 'get']);
    expect(s.figures[0]!.jobId).toBe('demostudio-analytics:US.job_P4nX8sW2qL6dR1mZ0vT9yK3cB7hF');
  });

  test('a job cancelled before it is sent is never sent', async () => {
    const calls: string[] = [];
    const s = scope();
    s.controller.abort();
    await expect(
      withQueryScope(s.scope, () => runQueryJob(finishedJobClient(calls), { query: 'SELECT 1' }, 1000)),
    ).rejects.toBeInstanceOf(QueryCancelledError);
    expect(calls).toEqual([]);
  });
});

describe("Process Data's estimate", () => {
  test('two dry runs (the export flattened, the daily rebuild), their totalBytesProcessed added', async () => {
    const requests: Query[] = [];
    const client: BigQueryClient = {
      async createQueryJob(options: Query) {
        requests.push(options);
        return [
          {
            metadata: recorded.bigqueryJobsInsertDryRun,
            getQueryResults: async () => {
              throw new Error('a dry run has no results');
            },
          },
        ];
      },
    };
    const processor = new BigQueryProcessor(client, {
      project: 'demostudio-analytics',
      dataset: 'questboard_analytics',
      sourceDataset: 'analytics_153293282',
    });
    const bytes = await processor.dryRunBytes({
      appId: 'dragon-merge-android',
      start: '2025-06-01',
      end: '2025-06-30',
    });
    expect(bytes).toBe(2 * 1_842_937_856);
    expect(requests.map((r) => r.dryRun)).toEqual([true, true]);
    expect(requests[0]!.query).toContain('`demostudio-analytics.analytics_153293282.events_*`');
    expect(requests[0]!.params).toMatchObject({ app_id: 'dragon-merge-android' });
    expect(requests[1]!.query).toMatch(/^INSERT INTO `demostudio-analytics\.questboard_analytics\.daily_user_metrics`/);
  });

  test("before the first run the rebuild's table does not exist: the export's bytes alone", async () => {
    let n = 0;
    const client: BigQueryClient = {
      async createQueryJob() {
        if (n++ === 1) throw new Error('Not found: Table demostudio-analytics:questboard_analytics.events');
        return [{ metadata: recorded.bigqueryJobsInsertDryRun, getQueryResults: async () => [[]] }];
      },
    };
    const processor = new BigQueryProcessor(client, {
      project: 'demostudio-analytics',
      dataset: 'questboard_analytics',
      sourceDataset: 'analytics_153293282',
    });
    expect(await processor.dryRunBytes({ appId: 'a1', start: '2025-06-01', end: '2025-06-02' })).toBe(1_842_937_856);
  });
});
