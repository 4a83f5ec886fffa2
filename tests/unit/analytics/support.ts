/** Shared by the analytics unit tests: report builders and a small generated event store. */
import type { Comparison, Condition, ConditionValue, DataType, Report } from '../../../src/contracts/analyze';
import { expect } from 'vitest';
import type { Query } from '@google-cloud/bigquery';
import { openAnalytics, type AnalyticsEngine } from '../../../server/analytics/index';

/** What BigQuery itself checks of a job request: standard SQL, named parameters each typed and used in the query. */
export function expectValidBigQueryRequest(options: Query) {
  expect(options.useLegacySql).toBe(false);
  expect(options.parameterMode).toBe('NAMED');
  for (const name of Object.keys(options.params as object)) {
    expect(options.query).toContain(`@${name}`);
    expect((options.types as Record<string, unknown>)[name]).toBeDefined();
  }
}

export const metric = (column_name: string) => ({
  column_name,
  id: column_name,
  data_type: 'FLOAT64' as const,
  format: 'decimal',
});
export const groupBy = (column_name: string, data_type: DataType = 'STRING') => ({
  column_name,
  data_type,
  sample_value: null,
});
export const condition = (
  label: string,
  data_type: DataType,
  comparison: Comparison,
  value?: ConditionValue,
  checked = true,
): Condition => ({ label, data_type, comparison, checked, ...(value === undefined ? {} : { value }) });

export function report(
  model_id: string,
  metrics: string[],
  group: string | string[],
  extra: Partial<Report['configuration']> = {},
): Report {
  const groups = Array.isArray(group) ? group : [group];
  return {
    model_id,
    configuration: { select: metrics.map(metric), group_by: groups.map((g) => groupBy(g)), ...extra },
  };
}

/** The last day of the small test data set. */
export const TEST_END = '2025-06-30';

/** An in-memory engine with `events` generated events for app `app_id` over `days` days ending TEST_END. */
export async function smallEngine(
  opts: { appId?: string; days?: number; events?: number; seed?: number } = {},
): Promise<AnalyticsEngine> {
  const engine = await openAnalytics({ threads: 2 });
  await engine.generate({
    appId: opts.appId ?? 'test-app',
    days: opts.days ?? 40,
    events: opts.events ?? 20_000,
    seed: opts.seed ?? 11,
    endDate: TEST_END,
  });
  return engine;
}
