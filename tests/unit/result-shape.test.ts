/**
 * Breakdown and compare results reshaped for the grid and the chart (docs/analyze.md §Breakdown, compare and chart types):
 * breakdown values ordered by the first metric with Other last, the pivot grid, the chart's series (one per
 * breakdown value; with compare each metric then its dashed previous period, the change left to the grid), the change
 * column's format, a stacked chart's axis fitting the sums.
 */
import { describe, expect, test } from 'vitest';
import {
  breakdownValues,
  chartResult,
  pivotResult,
  type ResultShape,
} from '../../src/views/analyze/results/result-shape';
import { formatCell, type ResultColumn } from '../../src/views/analyze/results/result-columns';
import { buildChartModel } from '../../src/views/analyze/results/chart-model';

const LONG = [
  { date: '2025-06-01', country: 'DE', dau: 5, new_users: 1 },
  { date: '2025-06-01', country: 'Other', dau: 50, new_users: 9 },
  { date: '2025-06-01', country: 'US', dau: 20, new_users: 4 },
  { date: '2025-06-02', country: 'DE', dau: 7, new_users: 2 },
  { date: '2025-06-02', country: 'US', dau: { value: 30 }, new_users: 3 },
];
const COLUMNS: ResultColumn[] = [
  { id: 'date', label: 'Date', dataType: 'DATE' },
  { id: 'country', label: 'Country', dataType: 'STRING' },
  { id: 'dau', label: 'DAU', format: 'integer' },
  { id: 'new_users', label: 'New Users', format: 'integer' },
];
const SHAPE: ResultShape = { group: 'date', breakdown: 'country', metrics: ['dau', 'new_users'], compare: false };

describe('breakdown', () => {
  test('values by the total of the first metric, largest first, Other always last', () => {
    expect(breakdownValues(LONG, SHAPE)).toEqual(['US', 'DE', 'Other']);
    expect(breakdownValues(LONG, { ...SHAPE, breakdown: null })).toEqual([]);
  });

  test('the pivot grid: one row per group value, a column per metric and value; missing cells are null', () => {
    const { rows, columns } = pivotResult(LONG, COLUMNS, SHAPE);
    expect(columns.map((c) => [c.id, c.label])).toEqual([
      ['date', 'Date'],
      ['dau[US]', 'DAU · US'],
      ['dau[DE]', 'DAU · DE'],
      ['dau[Other]', 'DAU · Other'],
      ['new_users[US]', 'New Users · US'],
      ['new_users[DE]', 'New Users · DE'],
      ['new_users[Other]', 'New Users · Other'],
    ]);
    expect(columns[1]!.format).toBe('integer');
    expect(rows).toEqual([
      {
        date: '2025-06-01',
        'dau[DE]': 5,
        'dau[Other]': 50,
        'dau[US]': 20,
        'new_users[DE]': 1,
        'new_users[Other]': 9,
        'new_users[US]': 4,
      },
      { date: '2025-06-02', 'dau[DE]': 7, 'dau[US]': { value: 30 }, 'new_users[DE]': 2, 'new_users[US]': 3 },
    ]);
  });

  test('without a breakdown the pivot is the long result', () => {
    const shape = { ...SHAPE, breakdown: null };
    expect(pivotResult(LONG, COLUMNS, shape)).toEqual({ rows: LONG, columns: COLUMNS });
  });

  test('the chart draws the first metric, one series per breakdown value', () => {
    const chart = chartResult(LONG, COLUMNS, SHAPE);
    expect(chart.columns.map((c) => c.label)).toEqual(['Date', 'US', 'DE', 'Other']);
    expect(chart.dashed).toEqual({});
    const model = buildChartModel(chart.rows, chart.columns)!;
    expect(model.series).toEqual(['dau[US]', 'dau[DE]', 'dau[Other]']);
    expect(model.data.map((d) => d.shown['dau[Other]'])).toEqual([50, null]);
  });
});

describe('compare', () => {
  const rows = [{ date: '2025-06-01', dau: 120, dau_prev: 100, dau_change_pct: 20 }];
  const columns: ResultColumn[] = [
    { id: 'date', label: 'Date' },
    { id: 'dau', label: 'DAU', format: 'integer' },
    { id: 'dau_prev', label: 'DAU (previous)', format: 'integer', of: 'dau', role: 'previous' },
    { id: 'dau_change_pct', label: 'DAU change', format: 'change_percent', of: 'dau', role: 'change' },
  ];
  test('the chart draws each metric and its previous period dashed in its colour; the change stays in the grid', () => {
    const chart = chartResult(rows, columns, { group: 'date', breakdown: null, metrics: ['dau'], compare: true });
    expect(chart.columns.map((c) => c.id)).toEqual(['date', 'dau', 'dau_prev']);
    expect(chart.dashed).toEqual({ dau_prev: 'dau' });
  });

  test('a change prints with its sign and one decimal; null stays null', () => {
    expect(formatCell(columns[3]!, 20)).toBe('+20.0%');
    expect(formatCell(columns[3]!, -12.345)).toBe('-12.3%');
    expect(formatCell(columns[3]!, 0)).toBe('0.0%');
    expect(formatCell(columns[3]!, null)).toBe('null');
  });
});

test('a stacked chart fits the sums of its stacked series, a plain one only the values', () => {
  const chart = chartResult(LONG, COLUMNS, SHAPE);
  const plain = buildChartModel(chart.rows, chart.columns)!;
  const stacked = buildChartModel(chart.rows, chart.columns, { stacked: chart.columns.slice(1).map((c) => c.id) })!;
  expect(plain.left.domain[1]).toBeGreaterThanOrEqual(50);
  expect(plain.left.domain[1]).toBeLessThan(75);
  expect(stacked.left.domain[1]).toBeGreaterThanOrEqual(75); // 20 + 5 + 50 on 2025-06-01
});
