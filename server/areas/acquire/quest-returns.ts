/**
 * Returns per quest (docs/acquire.md §Returns per quest): for each quest, what its players cost, how many started it,
 * their postback revenue within 7 days of their start, ROAS D7 and retention D1 / D7, each over the players mature for
 * its window by the KPI card's rule (src/contracts/acquire.ts matureStartedBy, which kpi.ts calls too).
 *
 * Reads from rows kept beside the facts: one `quest_player_returns` row per quest and player, made by the player's
 * first start and kept by the writers in their own transactions — a charged step adds its payout (the
 * `quest.step_completed` reaction), a stored postback of the player adds its revenue within the D7 window and marks
 * the D1 / D7 return days (the `postback.stored` reaction). So the quest list is one aggregate over those rows, however
 * many completions and postbacks there are; migration 0455 fills it from the stored rows with FILL_QUEST_RETURNS_SQL.
 */
import { sql } from 'kysely';
import { KPI_WINDOW_DAYS, kpiPercent, maturesOn, matureStartedBy } from '../../../src/contracts/acquire';
import type { QuestReturns } from '../../../src/contracts/acquire-returns';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';
import { shortCache } from '../../short-cache';
import type { PostbackSubject } from '../postbacks/index';

/** The windows, in days, as the KPI card has them: revenue D7 (days 0–6 after the start), return on day 1 and day 7. */
export const REVENUE_DAYS = KPI_WINDOW_DAYS.roas_d7!;
export const RETURN_DAY_1 = KPI_WINDOW_DAYS.retention_d1!;
export const RETURN_DAY_7 = KPI_WINDOW_DAYS.retention_d7!;
/** How long after a start a postback can still change the start's returns (the last return day's end). */
const LAST_DAY = Math.max(REVENUE_DAYS, RETURN_DAY_1 + 1, RETURN_DAY_7 + 1);

/** Fills the returns of every first start from the stored rows (migration 0455; the bench fills its rows so). */
export const FILL_QUEST_RETURNS_SQL = `
        INSERT INTO quest_player_returns (quest_id, player_id, app_id, started_at, cost_cents, revenue_d7, returned_d1, returned_d7)
        SELECT s.quest_id, s.player_id, s.app_id, s.started,
          coalesce((SELECT sum(c.payout_cents) FROM quest_step_completions c
                    WHERE c.quest_id = s.quest_id AND c.player_id = s.player_id AND c.charge_id IS NOT NULL), 0),
          coalesce((SELECT sum(p.revenue) FROM postbacks p WHERE p.app_id = s.app_id AND p.sub1 = s.player_id
                    AND p.received_at >= s.started AND p.received_at < s.started + interval '${REVENUE_DAYS} days'), 0),
          EXISTS (SELECT 1 FROM postbacks p WHERE p.app_id = s.app_id AND p.sub1 = s.player_id
                  AND p.received_at >= s.started + interval '${RETURN_DAY_1} days'
                  AND p.received_at < s.started + interval '${RETURN_DAY_1 + 1} days'),
          EXISTS (SELECT 1 FROM postbacks p WHERE p.app_id = s.app_id AND p.sub1 = s.player_id
                  AND p.received_at >= s.started + interval '${RETURN_DAY_7} days'
                  AND p.received_at < s.started + interval '${RETURN_DAY_7 + 1} days')
        FROM (SELECT app_id, quest_id, player_id, min(at) AS started FROM quest_player_events
              WHERE kind = 'start' GROUP BY 1, 2, 3) s
        ON CONFLICT (quest_id, player_id) DO NOTHING`;

// ------------------------------------------------------------------------------------------------ writers

/** A player's start of a quest: the first one makes the player's returns row (later ones change nothing). */
export async function recordQuestStart(
  tx: ServerContext,
  start: { appId: string; questId: string; playerId: string; at: Date },
): Promise<void> {
  await tx.db
    .insertInto('quest_player_returns')
    .values({ quest_id: start.questId, player_id: start.playerId, app_id: start.appId, started_at: start.at })
    .onConflict((oc) => oc.columns(['quest_id', 'player_id']).doNothing())
    .execute();
}

/** The `quest.step_completed` reaction (in the completion's transaction): a charged step adds to its player's cost. */
export async function addStepCost(tx: ServerContext, event: DomainEvent<'quest.step_completed'>): Promise<void> {
  const step = event.payload;
  if (step.chargeId === null || step.payoutCents <= 0) return;
  await tx.db
    .updateTable('quest_player_returns')
    .set({ cost_cents: sql`cost_cents + ${step.payoutCents}` })
    .where('quest_id', '=', step.questId)
    .where('player_id', '=', step.playerId)
    .execute();
}

/**
 * The `postback.stored` reaction (in the postback's transaction): a postback of a player (sub1) adds its revenue to
 * each of the player's starts of the app's quests it falls within 7 days of, and marks the return days it falls on.
 */
export async function addPostbackReturns(tx: ServerContext, event: DomainEvent<'postback.stored'>): Promise<void> {
  const postback = event.payload;
  if (!postback.sub1) return;
  const at = new Date(postback.receivedAt);
  const revenue = postback.revenue ?? 0;
  const day = (n: number) => sql`started_at + make_interval(days => ${n}::int)`;
  const on = (n: number) => sql<boolean>`(${at}::timestamptz >= ${day(n)} AND ${at}::timestamptz < ${day(n + 1)})`;
  await tx.db
    .updateTable('quest_player_returns')
    .set({
      revenue_d7: sql`revenue_d7 + CASE WHEN ${at}::timestamptz < ${day(REVENUE_DAYS)} THEN ${revenue}::float8 ELSE 0 END`,
      returned_d1: sql`returned_d1 OR ${on(RETURN_DAY_1)}`,
      returned_d7: sql`returned_d7 OR ${on(RETURN_DAY_7)}`,
    })
    .where('app_id', '=', postback.appId)
    .where('player_id', '=', postback.sub1)
    .where('started_at', '<=', at)
    .where('started_at', '>', new Date(at.getTime() - LAST_DAY * 86_400_000))
    .execute();
}

/** Apps with a quest, reused for a short while per server (a burst of postbacks asks once). */
const appsWithQuests = shortCache<boolean>(2_000);
/** Only a postback of a player (sub1) of an app with quests can change returns: others keep the postbacks' fast path. */
export async function reachesQuestReturns(ctx: ServerContext, subject: unknown): Promise<boolean> {
  const { appId, postback } = subject as PostbackSubject;
  if (!postback.sub1) return false;
  return appsWithQuests.get(
    ctx,
    appId,
    async () =>
      (await ctx.db.selectFrom('quests').select('id').where('app_id', '=', appId).limit(1).executeTakeFirst()) !==
      undefined,
  );
}

// ------------------------------------------------------------------------------------------------ reads

interface Sums {
  quest_id: string;
  players: number | string;
  cost_cents: number | string;
  first_start: Date | string | null;
  m7: number | string;
  cost7: number | string;
  revenue7: number;
  m1: number | string;
  r1: number | string;
  mr7: number | string;
  r7: number | string;
}

const dollars = (cents: number) => Math.round(cents) / 100;

/** One quest's sums as the contract's figures, with each window's maturity. */
function questReturnsOf(row: Sums): QuestReturns {
  const players = Number(row.players);
  const first = row.first_start === null ? null : new Date(row.first_start).getTime();
  const maturity = (mature: number, window: number) => ({
    maturePlayers: mature,
    matureOn: mature === 0 && first !== null ? maturesOn(first, window) : null,
  });
  const [m7, m1, mr7] = [Number(row.m7), Number(row.m1), Number(row.mr7)];
  const cost7 = Number(row.cost7) / 100;
  const revenue = Math.round(Number(row.revenue7) * 100) / 100;
  return {
    questId: row.quest_id,
    players,
    cost: dollars(Number(row.cost_cents)),
    d7: {
      ...maturity(m7, REVENUE_DAYS),
      cost: m7 ? dollars(Number(row.cost7)) : 0,
      revenue: m7 ? revenue : 0,
      roas: m7 ? kpiPercent(Number(row.revenue7), cost7) : null,
    },
    retentionD1: { ...maturity(m1, RETURN_DAY_1), value: m1 ? kpiPercent(Number(row.r1), m1) : null },
    retentionD7: { ...maturity(mr7, RETURN_DAY_7), value: mr7 ? kpiPercent(Number(row.r7), mr7) : null },
  };
}

/**
 * The returns of the app's quests (every quest, in the order they were created), or of one: one aggregate query. The
 * D7 figures (revenue, ROAS, retention D7) count the players whose start is mature for 7 days, retention D1 those
 * mature for 1 day, by the KPI card's rule.
 */
export async function questReturns(ctx: ServerContext, appId: string, questId?: string): Promise<QuestReturns[]> {
  const now = ctx.now();
  const by7 = matureStartedBy(now, REVENUE_DAYS);
  const by1 = matureStartedBy(now, RETURN_DAY_1);
  const byR7 = matureStartedBy(now, RETURN_DAY_7);
  let query = ctx.db
    .selectFrom('quests as q')
    .leftJoin('quest_player_returns as r', 'r.quest_id', 'q.id')
    .select([
      'q.id as quest_id',
      sql<string>`count(r.player_id)`.as('players'),
      sql<string>`coalesce(sum(r.cost_cents), 0)`.as('cost_cents'),
      sql<Date | null>`min(r.started_at)`.as('first_start'),
      sql<string>`count(*) FILTER (WHERE r.started_at <= ${by7})`.as('m7'),
      sql<string>`coalesce(sum(r.cost_cents) FILTER (WHERE r.started_at <= ${by7}), 0)`.as('cost7'),
      sql<number>`coalesce(sum(r.revenue_d7) FILTER (WHERE r.started_at <= ${by7}), 0)`.as('revenue7'),
      sql<string>`count(*) FILTER (WHERE r.started_at <= ${by1})`.as('m1'),
      sql<string>`count(*) FILTER (WHERE r.started_at <= ${by1} AND r.returned_d1)`.as('r1'),
      sql<string>`count(*) FILTER (WHERE r.started_at <= ${byR7})`.as('mr7'),
      sql<string>`count(*) FILTER (WHERE r.started_at <= ${byR7} AND r.returned_d7)`.as('r7'),
    ])
    .where('q.app_id', '=', appId)
    .groupBy('q.id')
    .orderBy(sql`min(q.created_at)`)
    .orderBy('q.id');
  if (questId !== undefined) query = query.where('q.id', '=', questId);
  return (await query.execute()).map(questReturnsOf);
}

/** One quest's returns; 404 when the app has no such quest. */
export async function oneQuestReturns(ctx: ServerContext, appId: string, questId: string): Promise<QuestReturns> {
  const [returns] = await questReturns(ctx, appId, questId);
  if (!returns) throw notFound('Quest');
  return returns;
}
