/**
 * The review list of held completions and an editor's decision on one (docs/acquire.md §Fraud holds):
 *  - `listHolds`: the app's holds of one status (held by default), newest first, HOLDS_PAGE_SIZE a page by cursor,
 *    with the app's count of each status (the tab's badge and the rejected count shown apart);
 *  - `decideHold`: release (the step is completed and charged now, exactly once) or reject (never charged). The hold
 *    row is locked and must still be `held`, so two editors deciding at once make one decision; the other is told
 *    ALREADY_DECIDED. Each decision is a domain event, so an activity entry.
 */
import { sql } from 'kysely';
import {
  ALREADY_DECIDED,
  HOLDS_PAGE_SIZE,
  type Hold,
  type HoldCounts,
  type HoldReason,
  type HoldStatus,
  type HoldsQuery,
} from '../../../src/contracts/acquire-fraud';
import { newId } from '../../auth/crypto';
import { inTransaction, type ServerContext } from '../../context';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor';
import { conflict, notFound } from '../../errors';
import { emit } from '../../events/outbox';
import { addToSpendHour, countStep } from './spend-hours';
import { countHold } from './hold-writer';

const columns = [
  'h.id',
  'h.quest_id',
  'h.player_id',
  'h.step_index',
  'h.event_name',
  'h.payout_cents',
  'h.reason',
  'h.evidence',
  'h.status',
  'h.completed_at',
  'h.held_at',
  'h.decided_at',
] as const;

function holdsOf(ctx: ServerContext) {
  return ctx.db
    .selectFrom('quest_completion_holds as h')
    .innerJoin('quests', 'quests.id', 'h.quest_id')
    .leftJoin('accounts', 'accounts.id', 'h.decided_by')
    .select([
      ...columns,
      sql<string>`coalesce(quests.active->>'name', quests.draft->>'name', quests.id)`.as('quest_name'),
      sql<string | null>`CASE WHEN accounts.id IS NULL THEN NULL
        ELSE coalesce(nullif(trim(accounts.first_name || ' ' || accounts.last_name), ''), accounts.email) END`.as(
        'decided_by_name',
      ),
    ]);
}
type HoldRow = Awaited<ReturnType<ReturnType<typeof holdsOf>['executeTakeFirstOrThrow']>>;

const iso = (at: Date | string) => new Date(at).toISOString();
const toHold = (row: HoldRow): Hold => ({
  id: String(row.id),
  questId: row.quest_id,
  questName: row.quest_name,
  playerId: row.player_id,
  stepIndex: row.step_index,
  eventName: row.event_name,
  payout: row.payout_cents / 100,
  reason: row.reason as HoldReason,
  evidence: typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence,
  status: row.status,
  completedAt: iso(row.completed_at),
  decidedBy: row.decided_by_name,
  decidedAt: row.decided_at ? iso(row.decided_at) : null,
});

export async function holdCounts(ctx: ServerContext, appId: string): Promise<HoldCounts> {
  const rows = await ctx.db
    .selectFrom('quest_hold_counts')
    .select(['status', 'holds'])
    .where('app_id', '=', appId)
    .execute();
  const of = (status: HoldStatus) => Number(rows.find((r) => r.status === status)?.holds ?? 0);
  return { held: of('held'), released: of('released'), rejected: of('rejected') };
}

export async function listHolds(
  ctx: ServerContext,
  appId: string,
  query: HoldsQuery,
): Promise<{ holds: Hold[]; nextCursor: string | null; counts: HoldCounts }> {
  let q = holdsOf(ctx)
    .where('h.app_id', '=', appId)
    .where('h.status', '=', query.status ?? 'held');
  if (query.cursor) {
    const cursor = decodeTimeCursor(query.cursor);
    q = q.where(sql<boolean>`(h.held_at, h.id) < (${new Date(cursor.at)}, ${cursor.id}::bigint)`);
  }
  const [rows, counts] = await Promise.all([
    q
      .orderBy('h.held_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(HOLDS_PAGE_SIZE + 1)
      .execute(),
    holdCounts(ctx, appId),
  ]);
  const page = rows.slice(0, HOLDS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    holds: page.map(toHold),
    nextCursor:
      rows.length > HOLDS_PAGE_SIZE && last ? encodeTimeCursor({ at: iso(last.held_at), id: String(last.id) }) : null,
    counts,
  };
}

/**
 * Releases (charges) or rejects one held completion, in one transaction with the hold row locked: a hold already
 * decided answers 409 ALREADY_DECIDED, so a completion is charged at most once however many editors click.
 */
export async function decideHold(
  ctx: ServerContext,
  appId: string,
  holdId: string,
  decision: 'release' | 'reject',
): Promise<{ message: string; hold: Hold; counts: HoldCounts }> {
  if (!/^\d{1,18}$/.test(holdId)) throw notFound('Held completion');
  const hold = await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('quest_completion_holds as h')
      .innerJoin('quests', 'quests.id', 'h.quest_id')
      .innerJoin('apps', 'apps.id', 'h.app_id')
      .select([
        'h.id',
        'h.quest_id',
        'h.player_id',
        'h.step_index',
        'h.event_name',
        'h.payout_cents',
        'h.country',
        'h.completed_at',
        'h.event_time',
        'h.postback_id',
        'h.reason',
        'h.status',
        'apps.workspace_id',
        sql<string>`coalesce(quests.active->>'name', quests.draft->>'name', quests.id)`.as('quest_name'),
      ])
      .where('h.id', '=', holdId as never)
      .where('h.app_id', '=', appId)
      .forUpdate('h')
      .executeTakeFirst();
    if (!row) throw notFound('Held completion');
    if (row.status !== 'held') throw conflict(ALREADY_DECIDED, 'already_decided');
    const ids = { workspaceId: row.workspace_id, appId, questId: row.quest_id, questName: row.quest_name };
    let chargeId: string | null = null;
    if (decision === 'release') {
      // The step is completed as it arrived, and charged now (counted in today's spend): the editor's decision.
      const inserted = await tx.db
        .insertInto('quest_step_completions')
        .values({
          quest_id: row.quest_id,
          player_id: row.player_id,
          step_index: row.step_index,
          event_name: row.event_name,
          payout_cents: row.payout_cents,
          charge_id: `ch_q_${newId()}`,
          completed_at: row.completed_at,
          country: row.country,
          event_time: row.event_time,
          postback_id: row.postback_id,
        })
        .onConflict((oc) => oc.columns(['quest_id', 'player_id', 'step_index']).doNothing())
        .returning('charge_id')
        .executeTakeFirst();
      chargeId = inserted?.charge_id ?? null;
      if (chargeId) {
        await addToSpendHour(tx, row.quest_id, tx.now(), row.payout_cents, true);
        await countStep(tx, row.quest_id, row.step_index);
        await emit(tx, 'quest.step_completed', {
          ...ids,
          playerId: row.player_id,
          stepIndex: row.step_index,
          eventName: row.event_name,
          payoutCents: row.payout_cents,
          chargeId,
          completedAt: iso(row.completed_at),
        });
      }
    }
    await tx.db
      .updateTable('quest_completion_holds')
      .set({
        status: decision === 'release' ? 'released' : 'rejected',
        decided_by: tx.actor ?? null,
        decided_at: tx.now(),
        charge_id: chargeId,
      })
      .where('id', '=', row.id as never)
      .execute();
    await countHold(tx, appId, 'held', -1);
    await countHold(tx, appId, decision === 'release' ? 'released' : 'rejected', 1);
    await emit(tx, decision === 'release' ? 'quest.completion_released' : 'quest.completion_rejected', {
      ...ids,
      holdId: String(row.id),
      playerId: row.player_id,
      stepIndex: row.step_index,
      payoutCents: row.payout_cents,
      reason: row.reason,
      chargeId,
    });
    return toHold(
      await holdsOf(tx)
        .where('h.id', '=', row.id as never)
        .executeTakeFirstOrThrow(),
    );
  });
  const dollars = `$${hold.payout.toFixed(2)}`;
  return {
    message:
      decision === 'release'
        ? `Released: ${dollars} charged for ${hold.playerId}.`
        : `Rejected: ${hold.playerId}'s step is never charged.`,
    hold,
    counts: await holdCounts(ctx, appId),
  };
}
