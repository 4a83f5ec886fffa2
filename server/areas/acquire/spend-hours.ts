/**
 * The sums kept beside the completions (docs/acquire.md §Spend and pacing): each completed step adds itself to its
 * quest's UTC hour (`quest_spend_hours`) and to its step's count of players (`quest_step_counts`) in the completion's
 * own transaction, where the quest row is already locked, so the sums stay equal to the completions they count and
 * the quest grid, the pacing card and a chart read a few rows of a quest however many completions it has.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../../context';

export const HOUR_MS = 3_600_000;

/** Sums the stored completions into their hours (the migration's backfill; the bench fills its generated rows so). */
export const FILL_SPEND_HOURS_SQL = `
        INSERT INTO quest_spend_hours (quest_id, hour, completions, over_cap, charged_cents)
        SELECT quest_id, date_trunc('hour', completed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
               count(*) FILTER (WHERE charge_id IS NULL),
               coalesce(sum(payout_cents) FILTER (WHERE charge_id IS NOT NULL), 0)
        FROM quest_step_completions GROUP BY 1, 2`;
export const DAY_MS = 24 * HOUR_MS;
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

/** Sums the stored completions per quest and step (the migration's backfill). */
export const FILL_STEP_COUNTS_SQL = `
        INSERT INTO quest_step_counts (quest_id, step_index, players)
        SELECT quest_id, step_index, count(*) FROM quest_step_completions GROUP BY 1, 2`;

export async function countStep(tx: ServerContext, questId: string, stepIndex: number): Promise<void> {
  await tx.db
    .insertInto('quest_step_counts')
    .values({ quest_id: questId, step_index: stepIndex, players: 1 })
    .onConflict((oc) =>
      oc.columns(['quest_id', 'step_index']).doUpdateSet({ players: sql`quest_step_counts.players + 1` }),
    )
    .execute();
}

export async function addToSpendHour(
  tx: ServerContext,
  questId: string,
  at: Date,
  payoutCents: number,
  charged: boolean,
): Promise<void> {
  await tx.db
    .insertInto('quest_spend_hours')
    .values({
      quest_id: questId,
      hour: hourOf(at),
      completions: 1,
      over_cap: charged ? 0 : 1,
      charged_cents: charged ? payoutCents : 0,
    })
    .onConflict((oc) =>
      oc.columns(['quest_id', 'hour']).doUpdateSet({
        completions: sql`quest_spend_hours.completions + 1`,
        over_cap: sql`quest_spend_hours.over_cap + excluded.over_cap`,
        charged_cents: sql`quest_spend_hours.charged_cents + excluded.charged_cents`,
      }),
    )
    .execute();
}
