/**
 * Spend and pacing (docs/acquire.md §Spend and pacing): what the app's quests were charged today against the target's
 * daily budget, and a quest's spend per UTC hour today and per UTC day for 30 days against its daily cap, with the
 * time the cap (or the budget) is reached at today's pace. Read from `quest_spend_hours` (spend-hours.ts), never from
 * the completions themselves, so a quest with a million completions reads at most 720 rows.
 */
import { sql } from 'kysely';
import {
  SPEND_CHART_DAYS,
  paceOf,
  projectedAt,
  type AcquirePacing,
  type QuestPacing,
  type QuestSpend,
  type SpendBucket,
} from '../../../src/contracts/acquire-pacing';
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';
import { activeStatus, definitionOf, loadSettings, questColumns, type QuestRow } from './acquire';
import { DAY_MS, HOUR_MS, utcDayStart } from './spend-hours';

const dollars = (cents: number) => Math.round(cents) / 100;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type PacedRow = QuestRow & { published_at: Date | null };
interface Totals {
  completions: number;
  overCap: number;
  cents: number;
}
const NONE: Totals = { completions: 0, overCap: 0, cents: 0 };

/** One quest's pacing today from its row and today's totals. */
function pacingOf(row: PacedRow, day: Totals, now: Date): QuestPacing {
  const def = definitionOf((row.active ?? row.draft)!);
  const status = row.active ? activeStatus(row, { cents: day.cents, refused: day.overCap > 0 }) : 'DRAFT';
  const dayStart = utcDayStart(now).getTime();
  const since = Math.max(dayStart, row.published_at ? new Date(row.published_at).getTime() : dayStart);
  const capCents = Math.round(def.dailyCap * 100);
  return {
    id: row.id,
    name: def.name,
    status,
    dailyCap: def.dailyCap,
    spentToday: dollars(day.cents),
    completionsToday: day.completions,
    overCapToday: day.overCap,
    projectedCapAt:
      status === 'LIVE' ? iso(projectedAt(day.cents, capCents, since, now.getTime(), dayStart + DAY_MS)) : null,
  };
}

async function todaysTotals(ctx: ServerContext, questIds: readonly string[], dayStart: Date) {
  const result = new Map<string, Totals>();
  if (questIds.length === 0) return result;
  const rows = await ctx.db
    .selectFrom('quest_spend_hours')
    .select([
      'quest_id',
      sql<string>`sum(completions)`.as('completions'),
      sql<string>`sum(over_cap)`.as('over_cap'),
      sql<string>`sum(charged_cents)`.as('cents'),
    ])
    .where('quest_id', 'in', questIds)
    .where('hour', '>=', dayStart)
    .groupBy('quest_id')
    .execute();
  for (const r of rows)
    result.set(r.quest_id, { completions: Number(r.completions), overCap: Number(r.over_cap), cents: Number(r.cents) });
  return result;
}

export async function acquirePacing(ctx: ServerContext, appId: string): Promise<AcquirePacing> {
  const now = ctx.now();
  const dayStart = utcDayStart(now);
  const [settings, rows] = await Promise.all([
    loadSettings(ctx, appId),
    ctx.db
      .selectFrom('quests')
      .select([...questColumns, 'published_at'])
      .where('app_id', '=', appId)
      .where('active', 'is not', null)
      .execute(),
  ]);
  const totals = await todaysTotals(
    ctx,
    rows.map((r) => r.id),
    dayStart,
  );
  const quests = rows
    .map((row) => pacingOf(row, totals.get(row.id) ?? NONE, now))
    .filter((q) => q.status === 'LIVE' || q.status === 'CAPPED' || q.completionsToday > 0)
    .sort((a, b) => b.spentToday - a.spentToday || a.name.localeCompare(b.name));
  const dayProgress = (now.getTime() - dayStart.getTime()) / DAY_MS;
  const spentCents = [...totals.values()].reduce((sum, t) => sum + t.cents, 0);
  const budgetCents = Math.round((settings?.dailyBudget ?? 0) * 100);
  const pace = paceOf(budgetCents, spentCents, dayProgress);
  return {
    now: now.toISOString(),
    dayProgress,
    dailyBudget: dollars(budgetCents),
    spentToday: dollars(spentCents),
    pace,
    budgetRunsOutAt:
      pace === 'fast'
        ? iso(projectedAt(spentCents, budgetCents, dayStart.getTime(), now.getTime(), dayStart.getTime() + DAY_MS))
        : null,
    quests,
  };
}

const bucket = (at: number, t: Totals): SpendBucket => ({
  at: new Date(at).toISOString(),
  completions: t.completions,
  overCap: t.overCap,
  spend: dollars(t.cents),
});

export async function questSpend(ctx: ServerContext, appId: string, questId: string): Promise<QuestSpend> {
  const now = ctx.now();
  const dayStart = utcDayStart(now).getTime();
  const firstDay = dayStart - (SPEND_CHART_DAYS - 1) * DAY_MS;
  const row = await ctx.db
    .selectFrom('quests')
    .select([...questColumns, 'published_at'])
    .where('id', '=', questId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound('Quest');
  // Days before today summed in SQL, today's hours as they are: at most 29 + 24 rows.
  const today = new Date(dayStart);
  const hourRows = await ctx.db
    .selectFrom('quest_spend_hours')
    .select([
      sql<Date>`CASE WHEN hour >= ${today} THEN hour ELSE date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END`.as(
        'hour',
      ),
      sql<string>`sum(completions)`.as('completions'),
      sql<string>`sum(over_cap)`.as('over_cap'),
      sql<string>`sum(charged_cents)`.as('charged_cents'),
    ])
    .where('quest_id', '=', questId)
    .where('hour', '>=', new Date(firstDay))
    .groupBy(sql`1`)
    .execute();
  const hours = Array.from({ length: 24 }, () => ({ ...NONE }));
  const days = Array.from({ length: SPEND_CHART_DAYS }, () => ({ ...NONE }));
  for (const r of hourRows) {
    const at = new Date(r.hour).getTime();
    const add = (t: Totals) => {
      t.completions += Number(r.completions);
      t.overCap += Number(r.over_cap);
      t.cents += Number(r.charged_cents);
    };
    const day = Math.floor((at - firstDay) / DAY_MS);
    if (day >= 0 && day < SPEND_CHART_DAYS) add(days[day]!);
    if (at >= dayStart && at < dayStart + DAY_MS) add(hours[Math.floor((at - dayStart) / HOUR_MS)]!);
  }
  return {
    now: now.toISOString(),
    pacing: pacingOf(row, days[SPEND_CHART_DAYS - 1]!, now),
    hours: hours.map((t, i) => bucket(dayStart + i * HOUR_MS, t)),
    days: days.map((t, i) => bucket(firstDay + i * DAY_MS, t)),
  };
}
