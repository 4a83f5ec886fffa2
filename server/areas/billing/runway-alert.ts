/**
 * The balance running out (docs/notifications.md §Alerts): Billing's own runway (the balance at the last 30 days'
 * pace, `getRunway`) below RUNWAY_ALERT_DAYS is announced once per fall with `balance.ran_low`. The scheduler's task
 * enqueues the check at most every RUNWAY_CHECK_EVERY_MS (the runway moves with charges and with the clock); the job
 * looks at each workspace charged in the pace window or marked low, claims the announcement by inserting its row in
 * `billing_runway_alerts` in the event's transaction (several servers, a re-run or a restart announce a fall once),
 * and removes the row when the runway is long again, so the next fall is announced again.
 */
import { RUNWAY_ALERT_DAYS } from '../../../src/contracts/notifications';
import { PACE_DAYS } from '../../../src/contracts/billing';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import type { JobHandlers } from '../../jobs/queue';
import { enqueueUnlessRecent } from '../../jobs/scheduler';
import { getRunway } from './billing';

export const RUNWAY_CHECK_JOB = 'billing_runway_check';
export const RUNWAY_CHECK_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

export const scheduleRunwayCheck = (ctx: ServerContext): Promise<string[]> =>
  enqueueUnlessRecent(ctx, RUNWAY_CHECK_JOB, new Date(ctx.now().getTime() - RUNWAY_CHECK_EVERY_MS));

/** The job: announces each workspace whose runway fell below the alert's days; forgets the ones that recovered. */
export async function checkRunways(ctx: ServerContext): Promise<number> {
  const since = new Date(ctx.now().getTime() - PACE_DAYS * DAY_MS);
  const workspaces = await ctx.db
    .selectFrom('billing_charges')
    .select('workspace_id')
    .where('created_at', '>', since)
    .union(ctx.db.selectFrom('billing_runway_alerts').select('workspace_id'))
    .execute();
  let announced = 0;
  for (const { workspace_id: workspaceId } of workspaces) {
    const runway = await getRunway(ctx, workspaceId);
    const low = runway.runwayDays !== null && runway.runwayDays < RUNWAY_ALERT_DAYS;
    if (!low) {
      await ctx.db.deleteFrom('billing_runway_alerts').where('workspace_id', '=', workspaceId).execute();
      continue;
    }
    const claimed = await inTransaction(ctx, async (tx) => {
      const row = await tx.db
        .insertInto('billing_runway_alerts')
        .values({ workspace_id: workspaceId, low_since: tx.now() })
        .onConflict((oc) => oc.column('workspace_id').doNothing())
        .returning('workspace_id')
        .executeTakeFirst();
      if (!row) return false;
      await emit(tx, 'balance.ran_low', {
        workspaceId,
        runwayDays: runway.runwayDays!,
        dailySpendCents: Math.round(runway.dailySpend * 100),
      });
      return true;
    });
    if (claimed) announced++;
  }
  return announced;
}

/** The check's job handler (its own worker lane: server/main.ts). */
export const billingJobs: JobHandlers = {
  handlers: {
    async [RUNWAY_CHECK_JOB](ctx) {
      const announced = await checkRunways(ctx);
      return `${announced} low runway${announced === 1 ? '' : 's'} announced.`;
    },
  },
};
