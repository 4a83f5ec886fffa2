/**
 * How a dashboard tile runs (docs/analyze.md §Dashboards "Running"): through the existing run endpoints, its own date
 * range replaced by the dashboard's when one is set and a platform condition added when one is set. Reports run
 * unsaved (saveTemplate: false), cohorts and funnels through their `run`, built-in metrics as a daily-metrics report by
 * date, the returns per quest from the acquire returns read. Each tile is its own React Query read
 * (`useTileResult`, dashboards.queries.ts), so one slow or failing tile never holds up the others.
 */
import { BUILT_IN_TILES, type BuiltInTile, type DashboardFilters, type Tile } from '../contracts/dashboards';
import type { Column, Condition, GroupByWhereColumn, Report, ReportRow } from '../contracts/analyze';
import type { CohortResult } from '../contracts/cohorts';
import type { FunnelResult } from '../contracts/funnels';
import { shownVersion } from '../contracts/acquire';
import type { QuestReturns } from '../contracts/acquire-returns';
import { openReport, runReport } from './analyze.service';
import { openCohort, runCohorts } from './cohorts.service';
import { openFunnel, runFunnel } from './funnels.service';
import { fetchQuests, fetchReturns } from './acquire.service';

export interface TileColumn {
  id: string;
  label: string;
  format?: string;
}

export type TileResult =
  | { type: 'rows'; title: string; rows: ReportRow[]; columns: TileColumn[] }
  | { type: 'cohorts'; title: string; result: CohortResult }
  | { type: 'funnel'; title: string; result: FunnelResult; platformIgnored: boolean }
  | { type: 'returns'; title: string; quests: { name: string; returns: QuestReturns }[] };

const platformCondition = (platform: string): Condition => ({
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

const columnsOf = (report: Report): TileColumn[] => [
  ...report.configuration.group_by.slice(0, 1).map((g) => ({ id: g.column_name, label: g.label ?? g.column_name })),
  ...report.configuration.select.map((c) => ({ id: c.column_name, label: c.label ?? c.column_name, format: c.format })),
];

const todayUtc = () => new Date().toISOString().slice(0, 10);

export async function runTile(
  appId: string,
  tile: Tile,
  filters: DashboardFilters,
  signal?: AbortSignal,
): Promise<TileResult> {
  switch (tile.kind) {
    case 'report': {
      const opened = await openReport(appId, tile.ref, signal);
      const report = overriddenReport(opened.template.report, filters);
      const outcome = await runReport(appId, { report, saveTemplate: false }, signal);
      return { type: 'rows', title: opened.template.title, rows: outcome.rows ?? [], columns: columnsOf(report) };
    }
    case 'cohort': {
      const saved = await openCohort(appId, tile.ref, signal);
      const question = {
        ...saved.question,
        ...(filters.date_range ? { date_range: filters.date_range } : {}),
        ...(filters.platform
          ? {
              where: [
                ...(saved.question.where ?? []).filter((c) => (c.column_name ?? c.label) !== 'platform'),
                platformCondition(filters.platform),
              ],
            }
          : {}),
      };
      return { type: 'cohorts', title: saved.title, result: await runCohorts(appId, question, signal) };
    }
    case 'funnel': {
      const saved = await openFunnel(appId, tile.ref, signal);
      const question = { ...saved.question, ...(filters.date_range ? { date_range: filters.date_range } : {}) };
      return {
        type: 'funnel',
        title: saved.title,
        result: await runFunnel(appId, question, signal),
        platformIgnored: filters.platform !== null,
      };
    }
    case 'metric': {
      const key = tile.ref as BuiltInTile;
      const title = BUILT_IN_TILES[key]?.title ?? tile.ref;
      if (key === 'quest_returns') {
        const [returns, quests] = await Promise.all([fetchReturns(appId, signal), fetchQuests(appId, signal)]);
        const names = new Map(quests.data.map((q) => [q.id, shownVersion(q)?.name ?? q.id]));
        return {
          type: 'returns',
          title,
          quests: returns.data.map((r) => ({ name: names.get(r.questId) ?? r.questId, returns: r })),
        };
      }
      const report = builtInReport(key, filters, todayUtc());
      const outcome = await runReport(appId, { report, saveTemplate: false }, signal);
      return { type: 'rows', title, rows: outcome.rows ?? [], columns: columnsOf(report) };
    }
  }
}
