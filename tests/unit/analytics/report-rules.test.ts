/**
 * The pure rules of src/contracts/analyze.ts shared by the builder and the server: docs/analyze.md §Rules and limits limit and condition
 * checks with their exact messages, is-one-of tokens, relative date ranges (UTC, Monday weeks), default range.
 */
import { describe, expect, test } from 'vitest';
import {
  LIMIT_MESSAGE,
  VALUE_REQUIRED_MESSAGE,
  COMPARISONS_BY_TYPE,
  VALUELESS_COMPARISONS,
  conditionError,
  defaultDateRange,
  limitError,
  oneOfTokens,
  oneOfValues,
  resolveRelativeDateRange,
  mondayOf,
  utcToday,
} from '../../../src/contracts/analyze';

describe('limit', () => {
  test('1..10,000 whole numbers pass; anything else gets the SPEC message', () => {
    for (const ok of [1, 1000, 10_000, '250']) expect(limitError(ok)).toBeNull();
    for (const bad of [0, 10_001, -5, 2.5, '', 'ten', null, undefined, Number.NaN])
      expect(limitError(bad)).toBe(LIMIT_MESSAGE);
    expect(LIMIT_MESSAGE).toBe('Value must be between 1 and 10,000');
  });
});

describe('conditions', () => {
  const c = (
    data_type: Parameters<typeof conditionError>[0]['data_type'],
    comparison: Parameters<typeof conditionError>[0]['comparison'],
    value: unknown,
    checked = true,
  ) => conditionError({ data_type, comparison, value: value as never, checked });

  test('checked numeric/date conditions need a valid value; FLOAT64 and strings do not', () => {
    expect(VALUE_REQUIRED_MESSAGE).toBe('A valid value is required.');
    for (const type of ['INTEGER', 'FLOAT', 'DOUBLE', 'DATE', 'TIMESTAMP', 'INT64'] as const)
      expect(c(type, 'equals', '')).toBe(VALUE_REQUIRED_MESSAGE);
    expect(c('FLOAT64', 'equals', '')).toBeNull();
    expect(c('STRING', 'equals', '')).toBeNull();
    expect(c('INTEGER', 'equals', '', false)).toBeNull();
    expect(c('INTEGER', 'equals', '12')).toBeNull();
    expect(c('INTEGER', 'equals', '1.5')).toBe(VALUE_REQUIRED_MESSAGE);
    expect(c('FLOAT', 'less_than', '-0.25')).toBeNull();
    expect(c('DATE', 'between', ['2025-01-01', '2025-01-31'])).toBeNull();
    expect(c('DATE', 'between', ['2025-01-01', ''])).toBe(VALUE_REQUIRED_MESSAGE);
    expect(c('DATE', 'equals', '2025-13-01')).toBe(VALUE_REQUIRED_MESSAGE);
    expect(c('TIMESTAMP', 'from', '2025-01-01 10:00:00Z')).toBeNull();
    expect(c('TIMESTAMP', 'from', '2025-01-01')).toBeNull();
    expect(c('DATE', 'last_30_days', 'last_30_days')).toBeNull();
  });

  test('comparisons per type and the value-less ones (docs/analyze.md §Rules and limits)', () => {
    expect(COMPARISONS_BY_TYPE.BOOL).toEqual(['is_true', 'is_false']);
    expect(COMPARISONS_BY_TYPE.STRING).toEqual(['equals', 'not_equals', 'is_one_of', 'is_not_one_of', 'contains']);
    expect(COMPARISONS_BY_TYPE.INT64).toEqual([
      'equals',
      'not_equals',
      'greater_than',
      'less_than',
      'greater_than_or_equal',
      'less_than_or_equal',
    ]);
    expect(COMPARISONS_BY_TYPE.TIMESTAMP).toEqual(COMPARISONS_BY_TYPE.DATE);
    expect(COMPARISONS_BY_TYPE.DATE).toHaveLength(12);
    expect([...VALUELESS_COMPARISONS].sort()).toEqual(
      [
        'is_false',
        'is_true',
        'last_180_days',
        'last_30_days',
        'last_90_days',
        'last_month',
        'last_week',
        'this_month',
        'this_week',
      ].sort(),
    );
  });

  test('is-one-of: the input rule splits on space and comma; stored values split on commas', () => {
    expect(oneOfTokens(' US, DE  JP,US ,,')).toEqual(['US', 'DE', 'JP']);
    expect(oneOfValues('AdMob Network, Unity Ads,,AdMob Network')).toEqual(['AdMob Network', 'Unity Ads']);
    expect(oneOfValues(['a', 'b', null])).toEqual(['a', 'b']);
  });
});

describe('relative date ranges (UTC, weeks start on Monday)', () => {
  test.each([
    ['this_week', '2025-06-30', '2025-06-30', '2025-07-06'], // Monday
    ['this_week', '2025-07-06', '2025-06-30', '2025-07-06'], // Sunday
    ['last_week', '2025-07-02', '2025-06-23', '2025-06-29'],
    ['this_month', '2024-02-10', '2024-02-01', '2024-02-29'], // leap year
    ['last_month', '2025-03-31', '2025-02-01', '2025-02-28'],
    ['last_month', '2025-01-15', '2024-12-01', '2024-12-31'],
    ['last_30_days', '2025-03-01', '2025-01-31', '2025-03-01'],
    ['last_90_days', '2025-06-30', '2025-04-02', '2025-06-30'],
    ['last_180_days', '2025-06-30', '2025-01-02', '2025-06-30'],
  ] as const)('%s on %s → %s … %s', (comparison, today, start, end) => {
    expect(resolveRelativeDateRange(comparison, today)).toEqual({ date_start: start, date_end: end });
  });

  test('Monday and today in UTC', () => {
    expect(mondayOf('2025-01-01')).toBe('2024-12-30');
    expect(utcToday(new Date('2025-06-30T23:59:59-05:00'))).toBe('2025-07-01');
  });

  test('default range: last 7 days when the data spans 7 days or more, else all of it', () => {
    expect(defaultDateRange({ start_date: '2025-01-01', end_date: '2025-03-31' })).toEqual({
      date_start: '2025-03-25',
      date_end: '2025-03-31',
    });
    expect(defaultDateRange({ start_date: '2025-03-25', end_date: '2025-03-31' })).toEqual({
      date_start: '2025-03-25',
      date_end: '2025-03-31',
    });
    expect(defaultDateRange({ start_date: '2025-03-28', end_date: '2025-03-31' })).toEqual({
      date_start: '2025-03-28',
      date_end: '2025-03-31',
    });
  });
});
