// How the results print each column (src/views/analyze/results/result-columns.ts): ratio metrics by the catalogue's
// `percent` format as ×100 with 2 decimals (docs/analyze.md §Rules and limits), other numbers grouped, nulls as `null` (docs/analyze.md §Messages); and the
// catalogue itself gives every ratio metric that format, so new ones follow.
import { describe, expect, it } from 'vitest';
import { formatCell, hasOwnLabel, isPercentColumn, plainColumns } from '../../src/views/analyze/results/result-columns';
import { MODELS } from '../../server/analytics/catalogue';
import { resultColumns } from '../../src/machines/report-builder/report-builder.selectors';
import { blankConfig } from '../../src/machines/report-builder/report-builder.logic';
import { dailyMetricsConfig } from '../fixtures/analyze';

describe('result columns', () => {
  it('decides percent by the format, and by the SPEC retention_ prefix only when there is no format', () => {
    expect(isPercentColumn({ id: 'new_users_per', format: 'percent' })).toBe(true);
    expect(isPercentColumn({ id: 'conversion_rate', format: 'percent' })).toBe(true);
    expect(isPercentColumn({ id: 'new_users', format: 'integer' })).toBe(false);
    expect(isPercentColumn({ id: 'retention_d1', format: 'decimal' })).toBe(false);
    expect(isPercentColumn({ id: 'retention_w2' })).toBe(true);
    expect(isPercentColumn({ id: 'new_users_per' })).toBe(false);
  });

  it('prints percent cells ×100 with 2 decimals, numbers grouped with up to 4 decimals, nulls as null', () => {
    expect(formatCell({ id: 'retention_d1', format: 'percent' }, 0.3215)).toBe('32.15%');
    expect(formatCell({ id: 'new_users_per', format: 'percent' }, 0.1)).toBe('10.00%');
    expect(formatCell({ id: 'new_users_per', format: 'percent' }, 1)).toBe('100.00%');
    expect(formatCell({ id: 'conversion_rate', format: 'percent' }, 0.004567)).toBe('0.46%');
    expect(formatCell({ id: 'retention_d1', format: 'percent' }, null)).toBe('null');
    expect(formatCell({ id: 'new_users', format: 'integer' }, 12345)).toBe('12,345');
    expect(formatCell({ id: 'sessions_per_dau', format: 'decimal' }, 3.14159265)).toBe('3.1416');
    expect(formatCell({ id: 'date' }, '2024-03-01')).toBe('2024-03-01');
    expect(formatCell({ id: 'success' }, true)).toBe('true');
  });

  it('names a column by its label, and knows when the label adds nothing to the id', () => {
    expect(plainColumns(['date', 'new_users'])).toEqual([
      { id: 'date', label: 'date' },
      { id: 'new_users', label: 'new_users' },
    ]);
    expect(hasOwnLabel({ id: 'retention_d1', label: 'Retention D1' })).toBe(true);
    expect(hasOwnLabel({ id: 'date', label: 'date' })).toBe(false);
  });

  it('every ratio metric of the catalogue (a division of counts, retention, rates, shares) has the percent format', () => {
    const ratios = [
      'new_users_per',
      'conversion_rate',
      'completion_rate',
      'ads_completed_rate',
      ...['d', 'w'].flatMap((u) => [1, 2, 3, 4, 5, 6, 7].map((n) => `retention_${u}${n}`)),
    ];
    const metrics = MODELS.flatMap((model) => model.metrics);
    for (const id of ratios) expect(metrics.find((m) => m.column_name === id)?.format, id).toBe('percent');
    // And nothing else prints as a percent: counts, minutes, money and per-user averages keep their values.
    for (const id of ['new_users', 'dau', 'mins_per_day', 'ecpm', 'sessions_per_dau', 'events_per_user']) {
      expect(isPercentColumn({ id, format: metrics.find((m) => m.column_name === id)?.format })).toBe(false);
    }
  });
});

describe('the results view model names the columns from the model catalogue', () => {
  it('gives the group-by and every metric its label and format, in the server order', () => {
    const config = {
      ...blankConfig('daily_metrics', dailyMetricsConfig),
      groupBy: dailyMetricsConfig.group_by_where[0]!,
    };
    expect(resultColumns(config, dailyMetricsConfig)).toEqual([
      { id: 'date', label: 'Date', dataType: 'DATE' },
      { id: 'new_users', label: 'New Users', format: 'integer', dataType: 'INT64' },
      { id: 'new_users_per', label: 'New Users %', format: 'percent', dataType: 'FLOAT64' },
      { id: 'retention_d1', label: 'Retention D1', format: 'percent', dataType: 'FLOAT64' },
    ]);
  });

  it('falls back to the saved columns, then to the ids, when the model does not know them', () => {
    const saved = {
      column_name: 'completion_rate',
      id: 'completion_rate',
      data_type: 'FLOAT64' as const,
      format: 'percent',
    };
    const config = {
      ...blankConfig('daily_metrics', null),
      metrics: [saved],
      groupBy: { column_name: 'week', data_type: 'DATE' as const, sample_value: null },
    };
    expect(resultColumns(config, null)).toEqual([
      { id: 'week', label: 'week', dataType: 'DATE' },
      { id: 'completion_rate', label: 'completion_rate', format: 'percent', dataType: 'FLOAT64' },
    ]);
  });
});
