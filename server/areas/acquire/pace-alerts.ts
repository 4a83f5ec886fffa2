/**
 * The pace events (docs/acquire.md §Spend and pacing), announced in a charged completion's transaction:
 *   - `quest.cap_near`: the step takes a live quest past another tenth of its daily cap (30 % and up) and, at today's
 *     pace, the cap is reached before midnight UTC;
 *   - `target.budget_fast`: the step takes the app's charges today past another tenth of the target's daily budget
 *     while they run faster than the day, so the budget runs out before midnight UTC.
 * A total passes a tenth at most nine times a day, so the events stay few; the alerts they fire are once per quest (or
 * app) and day (the inbox's unique key, docs/notifications.md §Delivery).
 */
import { sql } from 'kysely';
import { paceOf, projectedAt } from '../../../src/contracts/acquire-pacing';
import type { ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { DAY_MS, utcDayStart } from './spend-hours';

/** From the tenth `from` on, `after` is in a higher tenth of `limit` than `before`, and still under it. */
export function crossedTenth(before: number, after: number, limit: number, from: number): boolean {
  if (limit <= 0 || after >= limit) return false;
  const tenth = Math.floor((after * 10) / limit);
  return tenth > Math.floor((before * 10) / limit) && tenth >= from;
}

/** Where a quest's charges pass 30 %, 40 % … of its cap, it may be near. */
const CAP_NEAR_FROM_TENTH = 3;

export async function announcePace(
  tx: ServerContext,
  step: {
    workspaceId: string;
    appId: string;
    questId: string;
    questName: string;
    publishedAt: Date | string | null;
    /** The quest's charges today before this step, and the step's payout (charged). */
    before: number;
    payoutCents: number;
    capCents: number;
  },
): Promise<void> {
  const now = tx.now().getTime();
  const dayStart = utcDayStart(tx.now()).getTime();
  const dayEnd = dayStart + DAY_MS;
  const day = new Date(dayStart).toISOString().slice(0, 10);
  const ids = { workspaceId: step.workspaceId, appId: step.appId };
  const spent = step.before + step.payoutCents;
  if (crossedTenth(step.before, spent, step.capCents, CAP_NEAR_FROM_TENTH)) {
    const published = step.publishedAt ? new Date(step.publishedAt).getTime() : dayStart;
    const at = projectedAt(spent, step.capCents, Math.max(dayStart, published), now, dayEnd);
    if (at !== null)
      await emit(tx, 'quest.cap_near', {
        ...ids,
        questId: step.questId,
        questName: step.questName,
        day,
        spentCents: spent,
        capCents: step.capCents,
        projectedAt: new Date(at).toISOString(),
      });
  }
  const settings = await tx.db
    .selectFrom('acquire_settings')
    .select('daily_budget')
    .where('app_id', '=', step.appId)
    .executeTakeFirst();
  const budgetCents = Math.round(Number(settings?.daily_budget ?? 0) * 100);
  if (budgetCents <= 0) return;
  // The app's charges today, this step included (its hour was written just before).
  const total = await tx.db
    .selectFrom('quest_spend_hours')
    .innerJoin('quests', 'quests.id', 'quest_spend_hours.quest_id')
    .select(sql<string>`coalesce(sum(quest_spend_hours.charged_cents), 0)`.as('cents'))
    .where('quests.app_id', '=', step.appId)
    .where('quest_spend_hours.hour', '>=', new Date(dayStart))
    .executeTakeFirstOrThrow();
  const appSpent = Number(total.cents);
  if (!crossedTenth(appSpent - step.payoutCents, appSpent, budgetCents, 1)) return;
  if (paceOf(budgetCents, appSpent, (now - dayStart) / DAY_MS) !== 'fast') return;
  const runsOut = projectedAt(appSpent, budgetCents, dayStart, now, dayEnd);
  if (runsOut !== null)
    await emit(tx, 'target.budget_fast', {
      ...ids,
      day,
      spentCents: appSpent,
      budgetCents,
      runsOutAt: new Date(runsOut).toISOString(),
    });
}
