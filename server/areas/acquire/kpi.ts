/**
 * KPI tracking that knows maturity (the rules are in src/contracts/acquire.ts next to KpiTracking): the players who
 * started a quest of the app, as cohorts by start time; only cohorts older than the KPI's window plus the late-data
 * allowance count. Revenue and returns are read from the app's stored attribution postbacks (sub1 = player id), the
 * cost from the charged step completions: everything from rows.
 */
import { sql } from 'kysely';
import {
  DEFAULT_TARGET_KPI,
  DEFAULT_TARGET_KPI_VALUE,
  KPI_CHART_DAYS,
  KPI_WINDOW_DAYS,
  kpiPercent,
  maturesOn,
  matureStartedBy,
  type KpiTracking,
} from '../../../src/contracts/acquire';
import type { ServerContext } from '../../context';
import { loadSettings } from './acquire';
import { postbacksOfPlayers } from '../postbacks/index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Players acquired per UTC day, the last KPI_CHART_DAYS days up to today, zero-filled. */
function dailyPlayers(starts: readonly { started: Date }[], now: Date): { day: string; players: number }[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: KPI_CHART_DAYS }, (_, i) =>
    new Date(today - (KPI_CHART_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const count = new Map(days.map((day) => [day, 0]));
  for (const start of starts) {
    const day = new Date(start.started).toISOString().slice(0, 10);
    if (count.has(day)) count.set(day, count.get(day)! + 1);
  }
  return days.map((day) => ({ day, players: count.get(day)! }));
}

export async function kpiTracking(ctx: ServerContext, appId: string): Promise<KpiTracking> {
  const settings = await loadSettings(ctx, appId);
  const kpi = settings?.targetKpi ?? DEFAULT_TARGET_KPI;
  const target = settings?.targetKpiValue ?? DEFAULT_TARGET_KPI_VALUE;
  const starts = await ctx.db
    .selectFrom('quest_player_events')
    .select(['player_id', sql<Date>`min(at)`.as('started')])
    .where('app_id', '=', appId)
    .where('kind', '=', 'start')
    .groupBy('player_id')
    .execute();
  const base = { kpi, target, players: starts.length, daily: dailyPlayers(starts, ctx.now()) };
  const window = KPI_WINDOW_DAYS[kpi];
  if (window === null) return { ...base, value: null, verdict: 'not_tracked', maturePlayers: 0, matureOn: null };
  if (starts.length === 0) return { ...base, value: null, verdict: 'no_data', maturePlayers: 0, matureOn: null };
  const matureBy = matureStartedBy(ctx.now(), window).getTime();
  const mature = starts.filter((s) => new Date(s.started).getTime() <= matureBy);
  if (mature.length === 0) {
    const first = Math.min(...starts.map((s) => new Date(s.started).getTime()));
    return { ...base, value: null, verdict: 'not_mature', maturePlayers: 0, matureOn: maturesOn(first, window) };
  }
  const ids = mature.map((s) => s.player_id);
  const startOf = new Map(mature.map((s) => [s.player_id, new Date(s.started).getTime()]));
  const postbacks = await postbacksOfPlayers(ctx, appId, ids);
  let value: number | null;
  if (kpi === 'roas_d7') {
    const revenue = postbacks.reduce((sum, p) => {
      const start = startOf.get(p.sub1!)!;
      const at = new Date(p.received_at).getTime();
      return at >= start && at < start + window * DAY_MS ? sum + (p.revenue ?? 0) : sum;
    }, 0);
    const cost = await ctx.db
      .selectFrom('quest_step_completions')
      .innerJoin('quests', 'quests.id', 'quest_step_completions.quest_id')
      .select(sql<string>`coalesce(sum(payout_cents), 0)`.as('cents'))
      .where('quests.app_id', '=', appId)
      .where('player_id', 'in', ids)
      .where('charge_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const spend = Number(cost.cents) / 100;
    value = kpiPercent(revenue, spend);
  } else {
    const returned = new Set(
      postbacks
        .filter((p) => {
          const start = startOf.get(p.sub1!)!;
          const at = new Date(p.received_at).getTime();
          return at >= start + window * DAY_MS && at < start + (window + 1) * DAY_MS;
        })
        .map((p) => p.sub1),
    );
    value = kpiPercent(returned.size, mature.length);
  }
  if (value === null) return { ...base, value, verdict: 'no_data', maturePlayers: mature.length, matureOn: null };
  return {
    ...base,
    value,
    verdict: value >= target ? 'on_track' : 'below_target',
    maturePlayers: mature.length,
    matureOn: null,
  };
}
