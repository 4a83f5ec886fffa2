/**
 * How a dashboard tile runs (docs/analyze.md §Dashboards "Running"): through the existing run endpoints, its own date
 * range replaced by the dashboard's when one is set and a platform condition added when one is set. Reports run
 * unsaved (saveTemplate: false), cohorts and funnels through their `run`, built-in metrics as a daily-metrics report by
 * date, the returns per quest from the acquire returns read. Each tile is its own React Query read
 * (`useTileResult`, dashboards.queries.ts), so one slow or failing tile never holds up the others.
 */
import { BUILT_IN_TILES, type BuiltInTile, type DashboardFilters, type Tile } from '../contracts/dashboards';
import type { ReportRow } from '../contracts/analyze';
import {
  builtInReport,
  columnsOf,
  overriddenReport,
  platformCondition,
  type TileColumn,
} from '../contracts/dashboard-reports';
import type { CohortResult } from '../contracts/cohorts';
import type { FunnelResult } from '../contracts/funnels';
import { shownVersion } from '../contracts/acquire';
import type { QuestReturns } from '../contracts/acquire-returns';
import { openReport, runReport } from './analyze.service';
import { openCohort, runCohorts } from './cohorts.service';
import { openFunnel, runFunnel } from './funnels.service';
import { fetchQuests, fetchReturns } from './acquire.service';

export type { TileColumn };
export { BUILT_IN_DAYS, builtInReport, overriddenReport } from '../contracts/dashboard-reports';

export type TileResult =
  | { type: 'rows'; title: string; rows: ReportRow[]; columns: TileColumn[] }
  | { type: 'cohorts'; title: string; result: CohortResult }
  | { type: 'funnel'; title: string; result: FunnelResult; platformIgnored: boolean }
  | { type: 'returns'; title: string; quests: { name: string; returns: QuestReturns }[] };

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
