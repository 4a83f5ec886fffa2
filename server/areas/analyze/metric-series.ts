/**
 * A saved report's metrics as daily series (docs/notifications.md §Metric alerts): the report's own query — its
 * model, metrics and conditions — compiled and run by the same compiler and engine as Run Report, grouped by date
 * over a given range of days (no breakdown, no compare, no limit below the days), on the app's enabled engine. The
 * metric alerts' evaluator is its only reader; nothing is saved (no result row, no template change).
 */
import type { ServerContext } from '../../context';
import { cellValue, utcToday, type Report, type ReportConfiguration } from '../../../src/contracts/analyze';
import { compileReport, requireModel } from '../../analytics/compiler';
import { enabledEngine } from './analyze';

export interface SavedReportRef {
  title: string;
  report: Report;
}

/** A saved report of the app (kind `report`), or null. */
export async function savedReportOf(
  ctx: ServerContext,
  appId: string,
  reportId: string,
): Promise<SavedReportRef | null> {
  const row = await ctx.db
    .selectFrom('report_templates')
    .select(['title', 'model_id', 'configuration'])
    .where('id', '=', reportId)
    .where('app_id', '=', appId)
    .where('kind', '=', 'report')
    .executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    report: { model_id: row.model_id, configuration: row.configuration as unknown as ReportConfiguration },
  };
}

/** The report's metrics (column name → the catalogue's label), in the report's order; unknown ones left out. */
export function reportMetrics(report: Report): { column: string; label: string }[] {
  const model = (() => {
    try {
      return requireModel(report.model_id);
    } catch {
      return null;
    }
  })();
  if (!model) return [];
  const seen = new Set<string>();
  return report.configuration.select.flatMap((c) => {
    const metric = model.metrics.find((m) => m.column_name === c.column_name);
    if (!metric || seen.has(metric.column_name)) return [];
    seen.add(metric.column_name);
    return [{ column: metric.column_name, label: metric.label }];
  });
}

/** The app's newest processed day (its Analyze data range's end), or null when Analyze is not enabled. */
export async function newestDay(ctx: ServerContext, appId: string): Promise<{ start: string; end: string } | null> {
  try {
    return (await enabledEngine(ctx, appId)).available;
  } catch {
    return null;
  }
}

const dayText = (cell: unknown): string | null => {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}/.test(cell)) return cell.slice(0, 10);
  return null;
};

/**
 * One query: the report's `metrics` per date from `start` to `end` (clamped to the app's data), its conditions
 * kept. Returns metric → (date → value); dates without rows are absent (not 0).
 */
export async function metricSeries(
  ctx: ServerContext,
  appId: string,
  report: Report,
  metrics: readonly string[],
  range: { start: string; end: string },
): Promise<Map<string, Map<string, number>>> {
  const { engine, available } = await enabledEngine(ctx, appId);
  const start = range.start < available.start ? available.start : range.start;
  const end = range.end > available.end ? available.end : range.end;
  const out = new Map(metrics.map((m) => [m, new Map<string, number>()]));
  if (start > end || metrics.length === 0) return out;
  const configuration: ReportConfiguration = {
    select: metrics.map((m) => ({ column_name: m, id: m, data_type: 'FLOAT64', format: 'decimal' })),
    group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
    date_range: [{ date_start: start, date_end: end }],
    limit: [{ value: 1000 }],
    order_by: [],
    where: report.configuration.where ?? [],
    breakdown: null,
    compare: 'off',
  };
  const compiled = compileReport({
    appId,
    report: { model_id: report.model_id, configuration },
    available,
    today: utcToday(ctx.now()),
  });
  const rows = await engine.run(compiled, engine.render(compiled));
  for (const row of rows) {
    const day = dayText(cellValue(row.date) ?? (row.date as unknown));
    if (!day) continue;
    for (const metric of metrics) {
      const value = cellValue(row[metric]);
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (Number.isFinite(n)) out.get(metric)!.set(day, n);
    }
  }
  return out;
}
