/**
 * What a digest of a saved report or a dashboard shows (docs/notifications.md §Subscriptions), run now on the app's
 * engine exactly as the page runs it (executeReport: the same compiler and engine, recorded in the job history). A
 * report runs as a dashboard tile runs it (its group-by and metrics; breakdown and compare stay on the page), so a
 * report digest and a dashboard digest show a report alike. A dashboard's report and built-in metric tiles run with
 * the dashboard's range and platform; its cohort, funnel and returns tiles are named with a link (their tables stay
 * in the app).
 */
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';
import { utcToday, type ChartType, type Report, type ReportRow } from '../../../src/contracts/analyze';
import { BUILT_IN_TILES, NO_FILTERS, type BuiltInTile, type Tile } from '../../../src/contracts/dashboards';
import { builtInReport, columnsOf, overriddenReport } from '../../../src/contracts/dashboard-reports';
import type { ResultColumn } from '../../../src/contracts/result-columns';
import { executeReport, getTemplate } from './analyze';
import { getDashboard } from './dashboards';

export interface DigestTable {
  title: string;
  /** The SPA path (under /workspace/{w}/app/{a}/) it opens. */
  path: string;
  columns: ResultColumn[];
  rows: ReportRow[];
  /** How the page draws it (`table`: no chart). */
  chartType: ChartType;
  /** Set when the digest names the tile only (its table stays in the app). */
  note?: string;
}

export interface DigestContent {
  title: string;
  path: string;
  tables: DigestTable[];
}

async function reportTable(ctx: ServerContext, appId: string, report: Report, title: string, path: string) {
  const run = await executeReport(ctx, appId, report, `Digest: ${title}`);
  const columns: ResultColumn[] = columnsOf(report).map((c) => ({
    id: c.id,
    label: c.label,
    ...(c.format ? { format: c.format } : {}),
  }));
  const chartType = report.configuration.chart_type ?? 'line';
  return { title, path, columns, rows: run.rows, chartType } satisfies DigestTable;
}

/** A saved report's digest: its table (every row; the e-mail shows the first ones) and how its chart is drawn. */
export async function reportDigest(ctx: ServerContext, appId: string, reportId: string): Promise<DigestContent> {
  const saved = await getTemplate(ctx, appId, reportId);
  const path = `analyze/report/${encodeURIComponent(reportId)}`;
  const report = overriddenReport(saved.template.report, NO_FILTERS);
  const table = await reportTable(ctx, appId, report, saved.template.title, path);
  return { title: saved.template.title, path, tables: [table] };
}

const TILE_KIND_NAMES: Record<Tile['kind'], string> = {
  report: 'Report',
  cohort: 'Cohort table',
  funnel: 'Funnel',
  metric: 'Metric',
};

/** A dashboard's digest: each tile in reading order (top to bottom, left to right). */
export async function dashboardDigest(ctx: ServerContext, appId: string, dashboardId: string): Promise<DigestContent> {
  const dashboard = await getDashboard(ctx, appId, dashboardId);
  const path = `analyze/dashboards/${encodeURIComponent(dashboardId)}`;
  const tiles = [...dashboard.tiles].sort((a, b) => a.y - b.y || a.x - b.x);
  const tables: DigestTable[] = [];
  for (const tile of tiles) {
    const ref = encodeURIComponent(tile.ref);
    if (tile.kind === 'report') {
      try {
        const saved = await getTemplate(ctx, appId, tile.ref);
        const report = overriddenReport(saved.template.report, dashboard.filters);
        tables.push(await reportTable(ctx, appId, report, saved.template.title, `analyze/report/${ref}`));
      } catch (error) {
        tables.push(failedTile(tile, error));
      }
    } else if (tile.kind === 'metric' && tile.ref !== 'quest_returns' && tile.ref in BUILT_IN_TILES) {
      const title = BUILT_IN_TILES[tile.ref as BuiltInTile].title;
      try {
        const report = builtInReport(tile.ref as BuiltInTile, dashboard.filters, utcToday(ctx.now()));
        tables.push(await reportTable(ctx, appId, report, title, path));
      } catch (error) {
        tables.push(failedTile(tile, error));
      }
    } else {
      const title =
        tile.kind === 'metric'
          ? (BUILT_IN_TILES[tile.ref as BuiltInTile]?.title ?? tile.ref)
          : TILE_KIND_NAMES[tile.kind];
      const tilePath =
        tile.kind === 'cohort'
          ? `analyze/cohorts/${ref}`
          : tile.kind === 'funnel'
            ? `analyze/funnels/${ref}`
            : tile.kind === 'metric'
              ? 'acquire/quests'
              : path;
      tables.push({ title, path: tilePath, columns: [], rows: [], chartType: 'table', note: 'Open it in Questboard.' });
    }
  }
  return { title: dashboard.name, path, tables };
}

/** A tile that could not run: named, with why (one failing tile never holds up the others, as on the page). */
function failedTile(tile: Tile, error: unknown): DigestTable {
  const message = error instanceof Error ? error.message : String(error);
  return {
    title: TILE_KIND_NAMES[tile.kind],
    path: tile.kind === 'report' ? `analyze/report/${encodeURIComponent(tile.ref)}` : 'analyze',
    columns: [],
    rows: [],
    chartType: 'table',
    note: `This tile could not run: ${message.slice(0, 200)}`,
  };
}

/** The name of a saved report or dashboard of the app; a 404 when the app has none by that id. */
export async function digestTargetTitle(
  ctx: ServerContext,
  appId: string,
  kind: 'report' | 'dashboard',
  id: string,
): Promise<string> {
  if (kind === 'report') return (await getTemplate(ctx, appId, id)).template.title;
  const row = await ctx.db
    .selectFrom('dashboards')
    .select('name')
    .where('id', '=', id)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound('Dashboard');
  return row.name;
}
