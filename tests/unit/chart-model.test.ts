// The report chart's model (SPEC §9 chart): x axis, series, retention_ ×100 as percent with 2 decimals, axes.
import { describe, expect, it } from 'vitest';
import { buildChartModel, formatSeriesValue, niceTicks } from '../../src/views/analyze/results/chart-model';

describe('chart model', () => {
  const rows = [
    { date: { value: '2024-03-02' }, new_users: { value: 4000 }, retention_d1: { value: 0.3215 } },
    { date: '2024-03-01', new_users: 5120, retention_d1: 0.25 },
    { date: '2024-03-03', new_users: null, retention_d1: 0.3 },
  ];

  it('puts the first column on x, the others as series, and sorts dates', () => {
    const model = buildChartModel(rows, ['date', 'new_users', 'retention_d1'])!;
    expect(model.xColumn).toBe('date');
    expect(model.series).toEqual(['new_users', 'retention_d1']);
    expect(model.data.map((d) => d.x)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
  });

  it('multiplies retention_ series by 100 and prints them as percent with 2 decimals', () => {
    const model = buildChartModel(rows, ['date', 'new_users', 'retention_d1'])!;
    expect(model.data[1]!.shown.retention_d1).toBeCloseTo(32.15);
    expect(formatSeriesValue('retention_d1', model.data[1]!.shown.retention_d1 ?? null)).toBe('32.15%');
    expect(formatSeriesValue('new_users', 5120)).toBe('5,120');
    expect(formatSeriesValue('new_users', null)).toBe('null');
    expect(Number.isNaN(model.data[2]!.plotted.new_users)).toBe(true);
  });

  it('gives percent series their own right axis when other series share the chart; the main axis is rounded', () => {
    const model = buildChartModel(rows, ['date', 'new_users', 'retention_d1'])!;
    expect(model.right).not.toBeNull();
    expect(model.left.ticks.map(model.left.format)).toEqual(['0', '1,000', '2,000', '3,000', '4,000', '5,000', '6,000']);
    expect(model.right!.ticks.map(model.right!.format)).toEqual(['0%', '5%', '10%', '15%', '20%', '25%', '30%', '35%']);
    // The highest percent tick sits at the top of the main axis.
    expect(model.right!.ticks.at(-1)).toBeCloseTo(model.left.domain[1]);
  });

  it('uses the left axis for percent when only retention series are charted', () => {
    const model = buildChartModel(rows, ['date', 'retention_d1'])!;
    expect(model.right).toBeNull();
    expect(model.left.format(30)).toBe('30%');
  });

  it('keeps the order of non-date text x values and charts nothing without a numeric series', () => {
    const model = buildChartModel([{ country: 'US', users: 3 }, { country: 'BR', users: 2 }], ['country', 'users'])!;
    expect(model.data.map((d) => d.x)).toEqual(['US', 'BR']);
    expect(buildChartModel([{ country: 'US' }], ['country'])).toBeNull();
    expect(buildChartModel([], ['a', 'b'])).toBeNull();
  });

  it('computes nice ticks', () => {
    expect(niceTicks(0, 0.32).ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    expect(niceTicks(0, 0).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
