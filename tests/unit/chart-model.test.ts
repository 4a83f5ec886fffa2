// The report chart's model (docs/analyze.md §Rules and limits chart): x axis, series, percent series (the catalogue's `percent` format;
// `retention_` without metadata) ×100 as percent with 2 decimals, axes.
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
    expect(model.left.ticks.map((tick) => model.left.format(tick))).toEqual([
      '0',
      '1,000',
      '2,000',
      '3,000',
      '4,000',
      '5,000',
      '6,000',
    ]);
    expect(model.right!.ticks.map((tick) => model.right!.format(tick))).toEqual([
      '0%',
      '5%',
      '10%',
      '15%',
      '20%',
      '25%',
      '30%',
      '35%',
    ]);
    // The highest percent tick sits at the top of the main axis.
    expect(model.right!.ticks.at(-1)).toBeCloseTo(model.left.domain[1]);
  });

  it('uses the left axis for percent when only retention series are charted', () => {
    const model = buildChartModel(rows, ['date', 'retention_d1'])!;
    expect(model.right).toBeNull();
    expect(model.left.format(30)).toBe('30%');
  });

  it('keeps the order of non-date text x values and charts nothing without a numeric series', () => {
    const model = buildChartModel(
      [
        { country: 'US', users: 3 },
        { country: 'BR', users: 2 },
      ],
      ['country', 'users'],
    )!;
    expect(model.data.map((d) => d.x)).toEqual(['US', 'BR']);
    expect(buildChartModel([{ country: 'US' }], ['country'])).toBeNull();
    expect(buildChartModel([], ['a', 'b'])).toBeNull();
  });

  it('computes nice ticks', () => {
    expect(niceTicks(0, 0.32).ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    expect(niceTicks(0, 0).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  describe("percent series come from the columns' format", () => {
    const dailyRows = [
      { date: '2024-03-01', new_users: 5120, new_users_per: 0.1346, conversion_rate: 0.004, retention_d1: 0.25 },
      { date: '2024-03-02', new_users: 4000, new_users_per: 0.1662, conversion_rate: 0.006, retention_d1: 0.3215 },
    ];
    const columns = [
      { id: 'date', label: 'Date' },
      { id: 'new_users', label: 'New Users', format: 'integer' },
      { id: 'new_users_per', label: 'New Users %', format: 'percent' },
      { id: 'conversion_rate', label: 'Conversion Rate', format: 'percent' },
      { id: 'retention_d1', label: 'Retention D1', format: 'percent' },
    ];

    it('puts EVERY percent-format series on the percent axis, ×100, not only retention_', () => {
      const model = buildChartModel(dailyRows, columns)!;
      expect(model.percentSeries).toEqual(['new_users_per', 'conversion_rate', 'retention_d1']);
      expect(model.right).not.toBeNull();
      expect(model.data[0]!.shown.new_users_per).toBeCloseTo(13.46);
      expect(model.data[1]!.shown.conversion_rate).toBeCloseTo(0.6);
      // Drawn against the percent axis: 16.62 % sits at 16.62 / (percent axis top) of the main axis' height.
      const top = model.right!.ticks.at(-1)!;
      const percentTop = Number(model.right!.format(top).replace('%', ''));
      expect(model.data[1]!.plotted.new_users_per).toBeCloseTo((16.62 / percentTop) * top, 1);
      expect(model.right!.format(top)).toBe('35%');
    });

    it('prints percent-format values with 2 decimals and counts rounded, by column', () => {
      expect(formatSeriesValue(columns[2]!, 13.4567)).toBe('13.46%');
      expect(formatSeriesValue(columns[1]!, 5120)).toBe('5,120');
      expect(formatSeriesValue({ id: 'sessions_per_dau', label: 'Sessions per DAU', format: 'decimal' }, 3.14159)).toBe(
        '3.14',
      );
    });

    it('follows the format over the name: a non-percent retention_ column stays on the main axis', () => {
      const model = buildChartModel(dailyRows, [
        { id: 'date', label: 'Date' },
        { id: 'new_users', label: 'New Users', format: 'integer' },
        { id: 'retention_d1', label: 'Retention D1', format: 'decimal' },
      ])!;
      expect(model.percentSeries).toEqual([]);
      expect(model.right).toBeNull();
      expect(model.data[1]!.shown.retention_d1).toBeCloseTo(0.3215);
    });
  });
});
