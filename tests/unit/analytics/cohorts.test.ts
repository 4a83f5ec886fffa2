/**
 * The cohort compiler (server/analytics/cohorts.ts): golden SQL for DuckDB and BigQuery (reviewed files in ./golden,
 * regenerate with `-u` and review the diff), the dialect differences, values always bound (the SQL text never depends
 * on a value), the question's rules (≤ 52 cohorts, dates inside the data, catalogue-only conditions) and a run on the
 * BigQuery engine against a fake client (named, typed parameters; a dry run first).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CohortQuestion } from '../../../src/contracts/cohorts';
import { cohortGroups, compileCohorts, renderCohorts } from '../../../server/analytics/cohorts';
import { ReportInputError } from '../../../server/analytics/compiler';
import { BigQueryReportEngine, type BigQueryClient, type BigQueryJob } from '../../../server/analytics/bigquery-engine';
import { bigquery, duckdb, postgres, type RenderedSql } from '../../../server/analytics/sql';
import type { Query } from '@google-cloud/bigquery';
import { condition, expectValidBigQueryRequest } from './support';

const AVAILABLE = { start: '2025-04-01', end: '2025-06-30' };
const BQ = bigquery({ project: 'questboard-demo', dataset: 'analytics' });
const compile = (question: CohortQuestion) =>
  compileCohorts({ appId: 'dragon-merge-android', question, available: AVAILABLE, today: '2025-06-30' });
const golden = (rendered: RenderedSql) =>
  `${rendered.sql}\n\n-- params\n${JSON.stringify({ params: rendered.params, types: rendered.types }, null, 2)}\n`;

const WEEKLY_BY_COUNTRY: CohortQuestion = {
  grain: 'week',
  periods: 12,
  date_range: { date_start: '2025-04-07', date_end: '2025-06-29' },
  split: 'country',
  where: [condition('platform', 'STRING', 'equals', 'IOS'), condition('media_source', 'STRING', 'is_one_of', 'a,b')],
};
const MONTHLY: CohortQuestion = { grain: 'month', periods: 3 };

describe('golden SQL', () => {
  test('weekly cohorts split by country, with conditions (duckdb)', async () => {
    await expect(golden(renderCohorts(compile(WEEKLY_BY_COUNTRY), duckdb))).toMatchFileSnapshot(
      'golden/cohorts-weekly-by-country.duckdb.sql',
    );
  });
  test('weekly cohorts split by country, with conditions (bigquery)', async () => {
    await expect(golden(renderCohorts(compile(WEEKLY_BY_COUNTRY), BQ))).toMatchFileSnapshot(
      'golden/cohorts-weekly-by-country.bigquery.sql',
    );
  });

  test('the dialects differ only in their functions and placeholders', () => {
    const c = compile(MONTHLY);
    const d = renderCohorts(c, duckdb).sql;
    const b = renderCohorts(c, BQ).sql;
    const p = renderCohorts(c, postgres).sql;
    expect(d).toContain(`CAST(date_trunc('month', "install_date") AS DATE)`);
    expect(b).toContain('DATE_TRUNC(`install_date`, MONTH)');
    expect(p).toContain(`CAST(date_trunc('month', "install_date") AS date)`);
    expect(d).toContain('("days_since_install" // 30)');
    expect(b).toContain('DIV(`days_since_install`, 30)');
    expect(p).toContain('("days_since_install" / 30)');
    expect(b).toContain('FROM `questboard-demo.analytics.daily_user_metrics`');
    expect(b).toContain('`app_id` = @app_id');
    expect(d).toContain('"app_id" = $app_id');
    expect(p).toContain('"app_id" = CAST($1 AS text)');
  });
});

describe('the question', () => {
  test('every value is bound: the SQL does not change with the values', () => {
    const a = renderCohorts(compile(WEEKLY_BY_COUNTRY), BQ);
    const hostile = renderCohorts(
      compile({
        ...WEEKLY_BY_COUNTRY,
        where: [
          condition('platform', 'STRING', 'equals', "x'); DROP TABLE events; --"),
          condition('media_source', 'STRING', 'is_one_of', '`evil`,@app_id'),
        ],
      }),
      BQ,
    );
    expect(hostile.sql).toBe(a.sql);
    expect(hostile.params.c1).toBe("x'); DROP TABLE events; --");
    expect(hostile.types).toEqual(a.types);
  });

  test('property: whatever the filter values, the SQL text of every dialect stays the same', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...`'"\`;-/*\\$@%_(),{}[]\n\t `.split('')), minLength: 1, maxLength: 20 }),
      fc.constantFrom(`'; DROP TABLE events; --`, `' OR '1'='1`, '$app_id', '@app_id', '$1', `ATTACH 'evil.db'`),
    );
    const shape = (a: string, b: string): CohortQuestion => ({
      ...WEEKLY_BY_COUNTRY,
      where: [
        condition('platform', 'STRING', 'equals', a),
        condition('media_source', 'STRING', 'is_one_of', `x,${b.replace(/,/g, '') || 'y'}`),
      ],
    });
    const expected = [duckdb, BQ, postgres].map((d) => renderCohorts(compile(shape('IOS', 'b')), d).sql);
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const c = compile(shape(a, b));
        [duckdb, BQ, postgres].forEach((d, i) => expect(renderCohorts(c, d).sql).toBe(expected[i]));
      }),
      { seed: 20_250_615, numRuns: 200 },
    );
  });

  test('the default range is the most recent cohorts; more than 52 cohorts is refused in words', () => {
    expect(compile({ grain: 'week', periods: 4 }).starts).toHaveLength(12);
    expect(compile({ grain: 'day', periods: 4 }).range).toEqual({ date_start: '2025-06-17', date_end: '2025-06-30' });
    expect(() =>
      compile({ grain: 'day', periods: 4, date_range: { date_start: '2025-04-01', date_end: '2025-06-30' } }),
    ).toThrow(
      new ReportInputError(
        'A cohort table holds at most 52 cohorts: shorten the date range or choose a coarser grain.',
        'date_range',
      ),
    );
    expect(
      compile({ grain: 'day', periods: 4, date_range: { date_start: '2025-04-01', date_end: '2025-05-22' } }).starts,
    ).toHaveLength(52);
  });

  test('conditions only on catalogue columns, never metrics', () => {
    expect(() => compile({ grain: 'week', periods: 4, where: [condition('dau', 'INT64', 'equals', '1')] })).toThrow(
      "'dau' is a metric; it cannot be used in a condition.",
    );
    expect(() =>
      compile({ grain: 'week', periods: 4, where: [condition('user_pseudo_id', 'STRING', 'equals', 'x')] }),
    ).toThrow("Unknown column 'user_pseudo_id' in data model 'daily_metrics'.");
  });

  test('rows → the triangle: immature cells null, the average over mature cohorts only', () => {
    const c = compileCohorts({
      appId: 'a',
      question: { grain: 'day', periods: 3, date_range: { date_start: '2025-06-28', date_end: '2025-06-30' } },
      available: AVAILABLE,
      today: '2025-06-30',
    });
    const rows = [
      { cohort: '2025-06-28', period: 0, users: 10 },
      { cohort: '2025-06-28', period: 1, users: 4 },
      { cohort: '2025-06-28', period: 2, users: 2 },
      { cohort: '2025-06-29', period: 0, users: 30 },
      { cohort: '2025-06-29', period: 1, users: 3 },
      { cohort: '2025-06-30', period: 0, users: 5 },
    ];
    const [group] = cohortGroups(c, rows);
    expect(group!.cohorts).toEqual([
      { cohort: '2025-06-28', size: 10, active: [10, 4, 2], share: [1, 0.4, 0.2] },
      { cohort: '2025-06-29', size: 30, active: [30, 3, null], share: [1, 0.1, null] },
      { cohort: '2025-06-30', size: 5, active: [5, null, null], share: [1, null, null] },
    ]);
    // weighted, not an average of percentages: (4 + 3) ÷ (10 + 30)
    expect(group!.average).toEqual({ size: 45, share: [1, 7 / 40, 0.2] });
  });
});

class FakeBigQuery implements BigQueryClient {
  readonly requests: Query[] = [];
  constructor(private readonly rows: Record<string, unknown>[]) {}
  async createQueryJob(options: Query): Promise<[BigQueryJob]> {
    this.requests.push(options);
    expectValidBigQueryRequest(options);
    return [
      {
        metadata: { statistics: { totalBytesProcessed: '1000' } },
        getQueryResults: async () => [this.rows],
      },
    ];
  }
}

test('a cohort question runs on the BigQuery engine with named, typed parameters', async () => {
  const fake = new FakeBigQuery([
    { cohort: { value: '2025-06-02' }, split_value: 'US', period: 0, users: 12 },
    { cohort: { value: '2025-06-02' }, split_value: 'US', period: 1, users: 3 },
  ]);
  const engine = new BigQueryReportEngine(fake, { project: 'questboard-demo', dataset: 'analytics' });
  const c = compile(WEEKLY_BY_COUNTRY);
  const rows = await engine.rows(renderCohorts(c, engine.dialect));
  expect(fake.requests.map((r) => r.dryRun ?? false)).toEqual([true, false]);
  const real = fake.requests[1]!;
  expect(real.types).toMatchObject({ app_id: 'STRING', date_start: 'DATE', max_days: 'INT64', c2: ['STRING'] });
  expect(real.params).toMatchObject({ max_days: 84, c1: 'IOS', c2: ['a', 'b'] });
  const groups = cohortGroups(c, rows);
  expect(groups[0]!.split_value).toBe('US');
  expect(groups[0]!.cohorts.find((r) => r.cohort === '2025-06-02')).toMatchObject({ size: 12 });
  // 2025-06-02's last install is 06-08: weeks 0–2 are mature by 06-30 (week 2 had no active user: 0, not empty)
  expect(groups[0]!.cohorts.find((r) => r.cohort === '2025-06-02')!.share.slice(0, 4)).toEqual([1, 0.25, 0, null]);
});
