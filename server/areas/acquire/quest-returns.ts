/**
 * Returns per quest (docs/acquire.md §Returns per quest): for each quest, what its players cost, how many started it,
 * their postback revenue within 7 days of their start, ROAS D7 and retention D1 / D7, each over the players mature for
 * its window by the KPI card's rule (src/contracts/acquire.ts matureStartedBy, which kpi.ts calls too).
 *
 * Reads from rows kept beside the facts: one `quest_player_returns` row per quest and player, made by the player's
 * first start, and its sums per quest and UTC day and hour of start (`quest_return_sums`), all kept by the writers in their
 * own transactions — a charged step adds its payout (the `quest.step_completed` reaction), a stored postback of the
 * player adds its revenue within the D7 window and marks the D1 / D7 return days (the `postback.stored` reaction).
 * A window's mature players are the days wholly before its cutoff's day, that day's hours before the cutoff's hour and
 * the players of that hour up to the cutoff (the KPI card's rule to the instant), so the quest list is one query
 * reading a quest's days, at most a day of hours and an hour of players, however many completions and postbacks. Migration 0455 fills both from the stored
 * rows (FILL_QUEST_RETURNS_SQL, FILL_QUEST_RETURN_SUMS_SQL).
 */
import { sql } from 'kysely';
import { KPI_WINDOW_DAYS, kpiPercent, maturesOn, matureStartedBy } from '../../../src/contracts/acquire';
import type { QuestReturns } from '../../../src/contracts/acquire-returns';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';
import { batchedLookup } from '../../batched-lookup';
import { shortCache } from '../../short-cache';
import type { PostbackSubject } from '../postbacks/index';
import { DAY_MS, hourOf } from './spend-hours';

/** The windows, in days, as the KPI card has them: revenue D7 (days 0–6 after the start), return on day 1 and day 7. */
export const REVENUE_DAYS = KPI_WINDOW_DAYS.roas_d7!;
export const RETURN_DAY_1 = KPI_WINDOW_DAYS.retention_d1!;
export const RETURN_DAY_7 = KPI_WINDOW_DAYS.retention_d7!;
/** How long after a start a postback can still change the start's returns (the last return day's end). */
const LAST_DAY = Math.max(REVENUE_DAYS, RETURN_DAY_1 + 1, RETURN_DAY_7 + 1);

/** Fills the returns of every first start from the stored rows (migration 0455, then FILL_QUEST_RETURN_SUMS_SQL; the bench fills its rows so). */
export const FILL_QUEST_RETURNS_SQL = `
        WITH s AS (
          SELECT app_id, quest_id, player_id, min(at) AS started FROM quest_player_events
          WHERE kind = 'start' GROUP BY 1, 2, 3
        ), c AS (
          SELECT quest_id, player_id, sum(payout_cents) AS cents FROM quest_step_completions
          WHERE charge_id IS NOT NULL GROUP BY 1, 2
        ), p AS (
          SELECT s.quest_id, s.player_id,
            sum(b.revenue) FILTER (WHERE b.received_at < s.started + interval '${REVENUE_DAYS} days') AS revenue,
            bool_or(b.received_at >= s.started + interval '${RETURN_DAY_1} days'
                    AND b.received_at < s.started + interval '${RETURN_DAY_1 + 1} days') AS d1,
            bool_or(b.received_at >= s.started + interval '${RETURN_DAY_7} days'
                    AND b.received_at < s.started + interval '${RETURN_DAY_7 + 1} days') AS d7
          FROM s JOIN postbacks b ON b.app_id = s.app_id AND b.sub1 = s.player_id
            AND b.received_at >= s.started AND b.received_at < s.started + interval '${LAST_DAY} days'
          GROUP BY 1, 2
        )
        INSERT INTO quest_player_returns (quest_id, player_id, app_id, started_at, cost_cents, revenue_d7, returned_d1, returned_d7)
        SELECT s.quest_id, s.player_id, s.app_id, s.started, coalesce(c.cents, 0), coalesce(p.revenue, 0),
          coalesce(p.d1, false), coalesce(p.d7, false)
        FROM s LEFT JOIN c USING (quest_id, player_id) LEFT JOIN p USING (quest_id, player_id)
        ON CONFLICT (quest_id, player_id) DO NOTHING`;
/**
 * Sums the players' returns into the UTC day and the UTC hour of their starts (after FILL_QUEST_RETURNS_SQL;
 * recomputes every sum).
 */
export const FILL_QUEST_RETURN_SUMS_SQL = `
        INSERT INTO quest_return_sums (quest_id, span, at, players, cost_cents, revenue_d7, returned_d1, returned_d7)
        SELECT quest_id, span, date_trunc(span, started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
          sum(cost_cents), sum(revenue_d7), count(*) FILTER (WHERE returned_d1), count(*) FILTER (WHERE returned_d7)
        FROM quest_player_returns, (VALUES ('day'), ('hour')) AS spans(span) GROUP BY 1, 2, 3
        ON CONFLICT (quest_id, span, at) DO UPDATE SET players = excluded.players, cost_cents = excluded.cost_cents,
          revenue_d7 = excluded.revenue_d7, returned_d1 = excluded.returned_d1, returned_d7 = excluded.returned_d7`;

// ------------------------------------------------------------------------------------------------ writers

const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** Adds a player's change to the UTC day and the UTC hour of their start (their rows are made by the start). */
async function addToSums(
  tx: ServerContext,
  questId: string,
  startedAt: Date,
  add: { players?: number; costCents?: number; revenue?: number; returnedD1?: number; returnedD7?: number },
): Promise<void> {
  const sums = {
    players: add.players ?? 0,
    cost_cents: add.costCents ?? 0,
    revenue_d7: add.revenue ?? 0,
    returned_d1: add.returnedD1 ?? 0,
    returned_d7: add.returnedD7 ?? 0,
  };
  await tx.db
    .insertInto('quest_return_sums')
    .values([
      { quest_id: questId, span: 'day', at: utcDay(startedAt), ...sums },
      { quest_id: questId, span: 'hour', at: hourOf(startedAt), ...sums },
    ])
    .onConflict((oc) =>
      oc.columns(['quest_id', 'span', 'at']).doUpdateSet({
        players: sql`quest_return_sums.players + excluded.players`,
        cost_cents: sql`quest_return_sums.cost_cents + excluded.cost_cents`,
        revenue_d7: sql`quest_return_sums.revenue_d7 + excluded.revenue_d7`,
        returned_d1: sql`quest_return_sums.returned_d1 + excluded.returned_d1`,
        returned_d7: sql`quest_return_sums.returned_d7 + excluded.returned_d7`,
      }),
    )
    .execute();
}

/** A player's start of a quest: the first one makes the player's returns row (later ones change nothing). */
export async function recordQuestStart(
  tx: ServerContext,
  start: { appId: string; questId: string; playerId: string; at: Date },
): Promise<void> {
  const made = await tx.db
    .insertInto('quest_player_returns')
    .values({ quest_id: start.questId, player_id: start.playerId, app_id: start.appId, started_at: start.at })
    .onConflict((oc) => oc.columns(['quest_id', 'player_id']).doNothing())
    .returning('started_at')
    .executeTakeFirst();
  if (made) await addToSums(tx, start.questId, start.at, { players: 1 });
}

/** The `quest.step_completed` reaction (in the completion's transaction): a charged step adds to its player's cost. */
export async function addStepCost(tx: ServerContext, event: DomainEvent<'quest.step_completed'>): Promise<void> {
  const step = event.payload;
  if (step.chargeId === null || step.payoutCents <= 0) return;
  const player = await tx.db
    .updateTable('quest_player_returns')
    .set({ cost_cents: sql`cost_cents + ${step.payoutCents}` })
    .where('quest_id', '=', step.questId)
    .where('player_id', '=', step.playerId)
    .returning('started_at')
    .executeTakeFirst();
  if (player) await addToSums(tx, step.questId, new Date(player.started_at), { costCents: step.payoutCents });
}

/** Whether `at` falls on day `n` after `start` (ms epoch): [start + n days, start + n + 1 days). */
export const onDay = (start: number, at: number, n: number) =>
  at >= start + n * DAY_MS && at < start + (n + 1) * DAY_MS;

/**
 * The `postback.stored` reaction (in the postback's transaction): a postback of a player (sub1) adds its revenue to
 * each of the player's starts of the app's quests it falls within 7 days of, and marks the return days it falls on.
 */
export async function addPostbackReturns(tx: ServerContext, event: DomainEvent<'postback.stored'>): Promise<void> {
  const postback = event.payload;
  if (!postback.sub1) return;
  const at = new Date(postback.receivedAt);
  const when = at.getTime();
  const starts = await tx.db
    .selectFrom('quest_player_returns')
    .select(['quest_id', 'started_at', 'returned_d1', 'returned_d7'])
    .where('app_id', '=', postback.appId)
    .where('player_id', '=', postback.sub1)
    .where('started_at', '<=', at)
    .where('started_at', '>', new Date(when - LAST_DAY * DAY_MS))
    .forUpdate()
    .execute();
  for (const row of starts) {
    const start = new Date(row.started_at).getTime();
    const revenue = when < start + REVENUE_DAYS * DAY_MS ? (postback.revenue ?? 0) : 0;
    const d1 = !row.returned_d1 && onDay(start, when, RETURN_DAY_1);
    const d7 = !row.returned_d7 && onDay(start, when, RETURN_DAY_7);
    if (revenue === 0 && !d1 && !d7) continue;
    await tx.db
      .updateTable('quest_player_returns')
      .set({
        revenue_d7: sql`revenue_d7 + ${revenue}::float8`,
        returned_d1: row.returned_d1 || d1,
        returned_d7: row.returned_d7 || d7,
      })
      .where('quest_id', '=', row.quest_id)
      .where('player_id', '=', postback.sub1)
      .execute();
    await addToSums(tx, row.quest_id, new Date(start), { revenue, returnedD1: d1 ? 1 : 0, returnedD7: d7 ? 1 : 0 });
  }
}

/** Apps with a quest, reused for a short while per server (a burst of postbacks asks once). */
const appsWithQuests = shortCache<boolean>(2_000);
/**
 * Of these players of the app, those who started one of its quests in the last 8 days: postbacks arriving together ask
 * in one query (server/batched-lookup.ts), not one each.
 */
const recentStarters = batchedLookup(async (ctx, appId, playerIds) =>
  (
    await ctx.db
      .selectFrom('quest_player_returns')
      .select('player_id')
      .distinct()
      .where('app_id', '=', appId)
      .where(sql<boolean>`player_id = any(${playerIds}::text[])`) // one statement text for any number of players
      .where('started_at', '>', new Date(ctx.now().getTime() - LAST_DAY * DAY_MS))
      .execute()
  ).map((row) => row.player_id),
);
/**
 * Only a postback of a player (sub1) who started one of the app's quests in the last 8 days can change returns: asked
 * before the postback is stored (apps without quests answer from a short cache, the others with the postbacks that
 * arrive together), so every other postback keeps the postbacks' fast path.
 */
export async function reachesQuestReturns(ctx: ServerContext, subject: unknown): Promise<boolean> {
  const { appId, postback } = subject as PostbackSubject;
  if (!postback.sub1) return false;
  const hasQuests = await appsWithQuests.get(
    ctx,
    appId,
    async () =>
      (await ctx.db.selectFrom('quests').select('id').where('app_id', '=', appId).limit(1).executeTakeFirst()) !==
      undefined,
  );
  if (!hasQuests) return false;
  return recentStarters(ctx, appId, postback.sub1);
}

// ------------------------------------------------------------------------------------------------ reads

type Count = number | string | null;
interface Sums {
  quest_id: string;
  players: Count;
  cost_cents: Count;
  first_start: Date | string | null;
  m7: Count;
  cost7: Count;
  revenue7: Count;
  m1: Count;
  r1: Count;
  mr7: Count;
  r7: Count;
}

const n = (value: Count) => Number(value ?? 0);
const dollars = (cents: number) => Math.round(cents) / 100;

/** One quest's sums as the contract's figures, with each window's maturity. */
function questReturnsOf(row: Sums): QuestReturns {
  const first = row.first_start === null ? null : new Date(row.first_start).getTime();
  const maturity = (mature: number, window: number) => ({
    maturePlayers: mature,
    matureOn: mature === 0 && first !== null ? maturesOn(first, window) : null,
  });
  const [m7, m1, mr7] = [n(row.m7), n(row.m1), n(row.mr7)];
  return {
    questId: row.quest_id,
    players: n(row.players),
    cost: dollars(n(row.cost_cents)),
    d7: {
      ...maturity(m7, REVENUE_DAYS),
      cost: m7 ? dollars(n(row.cost7)) : 0,
      revenue: m7 ? Math.round(n(row.revenue7) * 100) / 100 : 0,
      roas: m7 ? kpiPercent(n(row.revenue7), n(row.cost7) / 100) : null,
    },
    retentionD1: { ...maturity(m1, RETURN_DAY_1), value: m1 ? kpiPercent(n(row.r1), m1) : null },
    retentionD7: { ...maturity(mr7, RETURN_DAY_7), value: mr7 ? kpiPercent(n(row.r7), mr7) : null },
  };
}

/**
 * The returns of the app's quests (every quest, in the order they were created), or of one: one query. For each
 * window, the mature players are those started by the KPI card's cutoff: the UTC days wholly before the cutoff's day,
 * the hours of that day before the cutoff's hour (quest_return_sums) and that hour's players up to the cutoff
 * (quest_player_returns), so a quest reads its days, at most a day of hours and at most an hour of players.
 */
export async function questReturns(ctx: ServerContext, appId: string, questId?: string): Promise<QuestReturns[]> {
  const result = await questReturnsQuery(ctx.now(), appId, questId).execute(ctx.db);
  return result.rows.map(questReturnsOf);
}

/** The one query of questReturns. */
export function questReturnsQuery(now: Date, appId: string, questId?: string) {
  const cut = (window: number) => {
    const by = matureStartedBy(now, window);
    return { by, hour: hourOf(by), day: utcDay(by) };
  };
  const [c7, c1, cr7] = [cut(REVENUE_DAYS), cut(RETURN_DAY_1), cut(RETURN_DAY_7)];
  const inHours = (c: { hour: Date; day: Date }) => sql`at >= ${c.day} AND at < ${c.hour}`;
  const edge = (c: { by: Date; hour: Date }) => sql`r.started_at >= ${c.hour} AND r.started_at <= ${c.by}`;
  const sums = (span: 'day' | 'hour', before: (c: { hour: Date; day: Date }) => ReturnType<typeof sql>) => sql`
      SELECT sum(players) AS players, sum(cost_cents) AS cost_cents,
        sum(players) FILTER (WHERE ${before(c7)}) AS m7,
        sum(cost_cents) FILTER (WHERE ${before(c7)}) AS cost7,
        sum(revenue_d7) FILTER (WHERE ${before(c7)}) AS revenue7,
        sum(players) FILTER (WHERE ${before(c1)}) AS m1,
        sum(returned_d1) FILTER (WHERE ${before(c1)}) AS r1,
        sum(players) FILTER (WHERE ${before(cr7)}) AS mr7,
        sum(returned_d7) FILTER (WHERE ${before(cr7)}) AS r7
      FROM quest_return_sums WHERE quest_id = q.id AND span = ${span}`;
  const earliest = [c7, c1, cr7].reduce((a, b) => (a.day < b.day ? a : b)).day;
  const latest = [c7, c1, cr7].reduce((a, b) => (a.hour > b.hour ? a : b)).hour;
  const total = (name: string) => sql.raw(`coalesce(d.${name}, 0) + coalesce(h.${name}, 0)`);
  return sql<Sums>`
    SELECT q.id AS quest_id,
      d.players, d.cost_cents,
      (SELECT min(r.started_at) FROM quest_player_returns r WHERE r.quest_id = q.id) AS first_start,
      ${total('m7')} + coalesce(e7.players, 0) AS m7,
      ${total('cost7')} + coalesce(e7.cost_cents, 0) AS cost7,
      ${total('revenue7')} + coalesce(e7.revenue, 0) AS revenue7,
      ${total('m1')} + coalesce(e1.players, 0) AS m1,
      ${total('r1')} + coalesce(e1.returned, 0) AS r1,
      ${total('mr7')} + coalesce(er7.players, 0) AS mr7,
      ${total('r7')} + coalesce(er7.returned, 0) AS r7
    FROM quests q
    LEFT JOIN LATERAL (${sums('day', (c) => sql`at < ${c.day}`)}) d ON true
    LEFT JOIN LATERAL (${sums('hour', inHours)} AND at >= ${earliest} AND at < ${latest}) h ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS players, sum(cost_cents) AS cost_cents, sum(revenue_d7) AS revenue
      FROM quest_player_returns r WHERE r.quest_id = q.id AND ${edge(c7)}
    ) e7 ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS players, count(*) FILTER (WHERE r.returned_d1) AS returned
      FROM quest_player_returns r WHERE r.quest_id = q.id AND ${edge(c1)}
    ) e1 ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS players, count(*) FILTER (WHERE r.returned_d7) AS returned
      FROM quest_player_returns r WHERE r.quest_id = q.id AND ${edge(cr7)}
    ) er7 ON true
    WHERE q.app_id = ${appId} ${questId === undefined ? sql`` : sql`AND q.id = ${questId}`}
    ORDER BY q.created_at, q.id`;
}

/** One quest's returns; 404 when the app has no such quest. */
export async function oneQuestReturns(ctx: ServerContext, appId: string, questId: string): Promise<QuestReturns> {
  const [returns] = await questReturns(ctx, appId, questId);
  if (!returns) throw notFound('Quest');
  return returns;
}

/** Whether the app has any quest (a draft counts): the Game health dashboard then shows the returns per quest. */
export async function appHasQuests(ctx: ServerContext, appId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('quests').select('id').where('app_id', '=', appId).limit(1).executeTakeFirst();
  return row !== undefined;
}
