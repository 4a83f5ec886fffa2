/**
 * Storing a held completion (docs/acquire.md §Fraud holds), in the completion's transaction: the hold row (once per
 * quest, player and step), its `quest.completion_held` event, and `quest.holds_burst` each time the app's holds of the
 * UTC hour reach another FRAUD_HOLDS_ALERT (the alert it fires is once per app and hour).
 */
import { sql } from 'kysely';
import { FRAUD_HOLDS_ALERT, type HoldEvidence, type HoldReason } from '../../../src/contracts/acquire-fraud';
import type { ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { hourOf } from './spend-hours';

export interface QuestIds {
  workspaceId: string;
  appId: string;
  questId: string;
  questName: string;
}

export interface NewHold {
  playerId: string;
  stepIndex: number;
  eventName: string;
  payoutCents: number;
  country: string | null;
  completedAt: Date;
  eventTime: Date | null;
  postbackId: string | null;
  reason: HoldReason;
  evidence: HoldEvidence;
}

/** Adds `by` to the app's count of holds in `status` (the review list's counts). */
export async function countHold(tx: ServerContext, appId: string, status: string, by: number): Promise<void> {
  await tx.db
    .insertInto('quest_hold_counts')
    .values({ app_id: appId, status, holds: by })
    .onConflict((oc) => oc.columns(['app_id', 'status']).doUpdateSet({ holds: sql`quest_hold_counts.holds + ${by}` }))
    .execute();
}

/** Stores the hold; false when the player's step was already held (nothing new). */
export async function holdCompletion(tx: ServerContext, ids: QuestIds, hold: NewHold): Promise<boolean> {
  const inserted = await tx.db
    .insertInto('quest_completion_holds')
    .values({
      app_id: ids.appId,
      quest_id: ids.questId,
      player_id: hold.playerId,
      step_index: hold.stepIndex,
      event_name: hold.eventName,
      payout_cents: hold.payoutCents,
      country: hold.country,
      completed_at: hold.completedAt,
      event_time: hold.eventTime,
      postback_id: hold.postbackId,
      reason: hold.reason,
      evidence: JSON.stringify(hold.evidence),
      held_at: tx.now(),
    })
    .onConflict((oc) => oc.columns(['quest_id', 'player_id', 'step_index']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await countHold(tx, ids.appId, 'held', 1);
  await emit(tx, 'quest.completion_held', {
    ...ids,
    holdId: String(inserted.id),
    playerId: hold.playerId,
    stepIndex: hold.stepIndex,
    eventName: hold.eventName,
    payoutCents: hold.payoutCents,
    reason: hold.reason,
  });
  const hour = hourOf(tx.now());
  const recent = await tx.db
    .selectFrom('quest_completion_holds')
    .select(sql<string>`count(*)`.as('holds'))
    .where('app_id', '=', ids.appId)
    .where('held_at', '>=', hour)
    .executeTakeFirstOrThrow();
  const holds = Number(recent.holds);
  if (holds % FRAUD_HOLDS_ALERT === 0)
    await emit(tx, 'quest.holds_burst', {
      workspaceId: ids.workspaceId,
      appId: ids.appId,
      hour: hour.toISOString(),
      holds,
    });
  return true;
}
