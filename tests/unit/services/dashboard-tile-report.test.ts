/**
 * A dashboard tile of a saved report shows its metrics by its group-by: a breakdown or compare saved with the report
 * is left out (docs/analyze.md §Breakdown, compare and chart types), the dashboard's filters still apply.
 */
import { expect, test } from 'vitest';
import { overriddenReport } from '../../../src/services/dashboard-tiles.service';
import type { Report } from '../../../src/contracts/analyze';

test('a tile drops breakdown and compare, keeps the chart type and applies the dashboard dates', () => {
  const report: Report = {
    model_id: 'daily_metrics',
    configuration: {
      select: [{ column_name: 'dau', id: 'dau', data_type: 'INT64', format: 'integer' }],
      group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
      breakdown: { column_name: 'country', top: 5 },
      compare: 'previous_period',
      chart_type: 'bar',
    },
  };
  const tile = overriddenReport(report, {
    date_range: { date_start: '2025-06-01', date_end: '2025-06-07' },
    platform: null,
  });
  expect(tile.configuration).not.toHaveProperty('breakdown');
  expect(tile.configuration).not.toHaveProperty('compare');
  expect(tile.configuration.chart_type).toBe('bar');
  expect(tile.configuration.date_range).toEqual([{ date_start: '2025-06-01', date_end: '2025-06-07' }]);
  expect(report.configuration.breakdown, 'the saved report itself is unchanged').toEqual({
    column_name: 'country',
    top: 5,
  });
});
