/**
 * The reports dashboard tiles run (docs/analyze.md §Dashboards "Running"): a built-in metric as a daily-metrics report
 * by date, a saved report with the dashboard's range and platform over its own. Pure, shared by the SPA's tiles
 * (src/services/dashboard-tiles.service.ts) and the server's dashboard digests (docs/notifications.md §Subscriptions).
 */
import { BUILT_IN_TILES, type BuiltInTile, type DashboardFilters } from './dashboards';
import type { Column, Condition, GroupByWhereColumn, Report } from './analyze';

export interface TileColumn {
  id: string;
  label: string;
  format?: string;
}

export const platformCondition = (platform: string): Condition => ({
  label: 'platform',
  column_name: 'platform',
  comparison: 'equals',
  checked: true,
  data_type: 'STRING',
  value: platform,
});

/** Metric formats of the built-in tiles (the catalogue's, server/analytics/catalogue.ts). */
const METRIC_FORMATS: Record<string, string> = {
  dau: 'integer',
  new_users: 'integer',
  retention_d1: 'percent',
  retention_d7: 'percent',
  sessions_per_dau: 'decimal',
  iap_revenue: 'currency',
  ad_revenue: 'currency',
  ecpm: 'currency',
};
const METRIC_LABELS: Record<string, string> = {
  dau: 'DAU',
  new_users: 'New Users',
  retention_d1: 'Retention D1',
  retention_d7: 'Retention D7',
  sessions_per_dau: 'Sessions per DAU',
  iap_revenue: 'IAP Revenue',
  ad_revenue: 'Ad Revenue',
  ecpm: 'eCPM',
};
/** Without a dashboard range a built-in metric shows the last 30 days of the data. */
export const BUILT_IN_DAYS = 30;

const DATE_COLUMN: GroupByWhereColumn = { column_name: 'date', data_type: 'DATE', sample_value: null };

/** The daily-metrics report a built-in metric tile runs. */
export function builtInReport(key: BuiltInTile, filters: DashboardFilters, today: string): Report {
  const select: Column[] = BUILT_IN_TILES[key].metrics.map((id) => ({
    column_name: id,
    id,
    data_type: METRIC_FORMATS[id] === 'integer' ? 'INT64' : 'FLOAT64',
    format: METRIC_FORMATS[id] ?? 'decimal',
    label: METRIC_LABELS[id] ?? id,
  }));
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - (BUILT_IN_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    model_id: 'daily_metrics',
    configuration: {
      select,
      group_by: [DATE_COLUMN],
      date_range: [filters.date_range ?? { date_start: start, date_end: today }],
      order_by: [{ column_name: 'date', order: 'ASC' }],
      where: filters.platform ? [platformCondition(filters.platform)] : [],
    },
  };
}

/** A saved report with the dashboard's range and platform over its own. */
export function overriddenReport(report: Report, filters: DashboardFilters): Report {
  // A tile shows the report's metrics by its group-by: no breakdown or compare columns (docs/analyze.md §Breakdown,
  // compare and chart types).
  const { breakdown: _breakdown, compare: _compare, ...cfg } = report.configuration;
  return {
    ...report,
    configuration: {
      ...cfg,
      ...(filters.date_range ? { date_range: [filters.date_range] } : {}),
      ...(filters.platform
        ? {
            where: [
              ...(cfg.where ?? []).filter((c) => (c.column_name ?? c.label) !== 'platform'),
              platformCondition(filters.platform),
            ],
          }
        : {}),
    },
  };
}

/** The columns a report tile shows: its first group-by, then its metrics. */
export const columnsOf = (report: Report): TileColumn[] => [
  ...report.configuration.group_by.slice(0, 1).map((g) => ({ id: g.column_name, label: g.label ?? g.column_name })),
  ...report.configuration.select.map((c) => ({ id: c.column_name, label: c.label ?? c.column_name, format: c.format })),
];
