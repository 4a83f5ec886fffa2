/**
 * Every comparison of docs/analyze.md §Rules and limits for every data type of every model compiles, renders in both dialects and runs on
 * the DuckDB engine against generated data, with results that mean what the comparison says.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  COMPARISONS_BY_TYPE,
  cellValue,
  type Comparison,
  type ConditionValue,
  type DataType,
  type ReportRow,
} from '../../../src/contracts/analyze';
import { compileReport, renderReport } from '../../../server/analytics/compiler';
import { MODELS } from '../../../server/analytics/catalogue';
import { bigquery } from '../../../server/analytics/sql';
import type { AnalyticsEngine } from '../../../server/analytics/index';
import { TEST_END, condition, report, smallEngine } from './support';

let engine: AnalyticsEngine;
let available: { start: string; end: string };
beforeAll(async () => {
  engine = await smallEngine();
  available = (await engine.store.dataRange('test-app'))!;
});
afterAll(() => engine.close());

const FIRST_METRIC: Record<string, string> = { daily_metrics: 'dau', events: 'event_count' };

/** A value that fits each comparison for a column of a type, taken from the column's real sample. */
function valueFor(type: DataType, comparison: Comparison, sample: unknown): ConditionValue | undefined {
  if (
    [
      'is_true',
      'is_false',
      'this_week',
      'last_week',
      'this_month',
      'last_month',
      'last_30_days',
      'last_90_days',
      'last_180_days',
    ].includes(comparison)
  ) {
    return comparison;
  }
  if (type === 'STRING')
    return comparison === 'is_one_of' || comparison === 'is_not_one_of' ? `${String(sample)},ZZ-none` : String(sample);
  if (type === 'DATE') return comparison === 'between' ? ['2025-06-20', '2025-06-25'] : '2025-06-22';
  if (type === 'TIMESTAMP')
    return comparison === 'between' ? ['2025-06-20', '2025-06-25 12:00:00Z'] : '2025-06-22 08:00:00Z';
  return typeof sample === 'number' ? sample : 1;
}

const run = async (r: ReturnType<typeof report>) => {
  const compiled = compileReport({ appId: 'test-app', report: r, available, today: TEST_END });
  renderReport(compiled, bigquery({ project: 'questboard-demo', dataset: 'analytics' })); // renders in BigQuery too
  return engine.duckdb.run(compiled);
};
const total = (rows: ReportRow[], metric: string) =>
  rows.reduce((s, row) => s + Number(cellValue(row[metric]) ?? 0), 0);

for (const model of MODELS) {
  describe(`${model.id}: every comparison of every column`, () => {
    let samples: Record<string, unknown>;
    const range = [{ date_start: '2025-05-25', date_end: TEST_END }];
    beforeAll(async () => {
      samples = (await engine.duckdb.describe(model, 'test-app'))!;
    });

    for (const dimension of model.dimensions) {
      test(`${dimension.column_name} (${dimension.data_type})`, async () => {
        const sample = samples[`sample_${dimension.column_name}`];
        const metric = FIRST_METRIC[model.id]!;
        const all = total(await run(report(model.id, [metric], 'date', { date_range: range })), metric);
        expect(all).toBeGreaterThan(0);
        for (const comparison of COMPARISONS_BY_TYPE[dimension.data_type]) {
          const value = valueFor(dimension.data_type, comparison, sample);
          const rows = await run(
            report(model.id, [metric], 'date', {
              date_range: range,
              where: [condition(dimension.column_name, dimension.data_type, comparison, value)],
            }),
          );
          const n = total(rows, metric);
          expect(n, `${dimension.column_name} ${comparison} ${JSON.stringify(value)}`).toBeLessThanOrEqual(all);
          if (comparison === 'equals' && dimension.data_type === 'STRING') expect(n).toBeGreaterThan(0);
          if (comparison === 'is_one_of')
            expect(n).toBe(
              total(
                await run(
                  report(model.id, [metric], 'date', {
                    date_range: range,
                    where: [condition(dimension.column_name, 'STRING', 'equals', String(sample))],
                  }),
                ),
                metric,
              ),
            );
        }
      });
    }
  });
}

describe('meanings', () => {
  const range = [{ date_start: '2025-05-25', date_end: TEST_END }];
  const byDate = async (where: ReturnType<typeof condition>[]) =>
    (await run(report('daily_metrics', ['dau'], 'date', { date_range: range, where }))).map((r) =>
      String(r.date as string),
    );

  test('date comparisons pick the right days (inclusive), relative ranges in UTC with Monday weeks', async () => {
    expect(await byDate([condition('date', 'DATE', 'equals', '2025-06-22')])).toEqual(['2025-06-22']);
    expect(await byDate([condition('date', 'DATE', 'between', ['2025-06-20', '2025-06-22'])])).toEqual([
      '2025-06-20',
      '2025-06-21',
      '2025-06-22',
    ]);
    expect(await byDate([condition('date', 'DATE', 'from', '2025-06-28')])).toEqual([
      '2025-06-28',
      '2025-06-29',
      '2025-06-30',
    ]);
    expect(await byDate([condition('date', 'DATE', 'to', '2025-05-26')])).toEqual(['2025-05-25', '2025-05-26']);
    expect(await byDate([condition('date', 'DATE', 'not_equals', '2025-06-22')])).not.toContain('2025-06-22');
    // TEST_END 2025-06-30 is a Monday: this week is that day alone in the data, last week Mon 23 – Sun 29.
    expect(await byDate([condition('date', 'DATE', 'this_week', 'this_week')])).toEqual(['2025-06-30']);
    expect(await byDate([condition('date', 'DATE', 'last_week', 'last_week')])).toEqual([
      '2025-06-23',
      '2025-06-24',
      '2025-06-25',
      '2025-06-26',
      '2025-06-27',
      '2025-06-28',
      '2025-06-29',
    ]);
    expect((await byDate([condition('date', 'DATE', 'last_month', 'last_month')]))[0]).toBe('2025-05-25');
    expect((await byDate([condition('date', 'DATE', 'this_month', 'this_month')]))[0]).toBe('2025-06-01');
    expect((await byDate([condition('date', 'DATE', 'last_30_days', 'last_30_days')]))[0]).toBe('2025-06-01');
  });

  test('timestamp: a whole day includes its last second; exact timestamps are exact', async () => {
    const events = async (value: ConditionValue, comparison: Comparison = 'equals') =>
      total(
        await run(
          report('events', ['event_count'], 'date', {
            date_range: range,
            where: [condition('event_timestamp', 'TIMESTAMP', comparison, value)],
          }),
        ),
        'event_count',
      );
    const day = await events('2025-06-22');
    const byDay = total(
      await run(
        report('events', ['event_count'], 'date', {
          date_range: range,
          where: [condition('date', 'DATE', 'equals', '2025-06-22')],
        }),
      ),
      'event_count',
    );
    expect(day).toBe(byDay);
    expect(await events(['2025-06-22', '2025-06-22'], 'between')).toBe(byDay);
    expect(await events(['2025-06-22 00:00:00Z', '2025-06-22 23:59:59Z'], 'between')).toBe(byDay);
    expect(await events('2025-06-22 03:04:05Z')).toBeLessThan(day);
  });

  test('not equals and is not one of keep rows where the column is empty', async () => {
    const events = (where: ReturnType<typeof condition>[]) =>
      run(report('events', ['event_count'], 'event_name', { date_range: range, where })).then((rows) =>
        rows.map((r) => r.event_name),
      );
    const names = await events([condition('ad_format', 'STRING', 'not_equals', 'rewarded')]);
    expect(names).toContain('session_start'); // ad_format is NULL there
    expect(
      await events([condition('ad_format', 'STRING', 'is_not_one_of', 'rewarded,banner,interstitial')]),
    ).not.toContain('ad_impression');
    expect(await events([condition('event_name', 'STRING', 'contains', 'LEVEL_')])).toEqual([
      'level_end',
      'level_start',
      'level_up',
    ]);
    expect(await events([condition('success', 'BOOL', 'is_true', 'is_true')])).toEqual(['level_end']);
  });
});
