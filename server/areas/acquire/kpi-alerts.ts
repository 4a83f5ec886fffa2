/**
 * The target KPI below target once mature (docs/notifications.md §Target KPI below target): the scheduler's task
 * enqueues the check at most every KPI_CHECK_EVERY_MS (maturity moves with the clock, not with an event); the job
 * computes each app's KPI card (kpi.ts, the same numbers the Target tab shows) and, when the verdict is Below target
 * and more players are mature than at the app's last announcement, announces the period (the UTC day up to which
 * started players are mature) once with `target.kpi_below`: its row in `acquire_kpi_alerts` is inserted in the event's
 * transaction (ON CONFLICT DO NOTHING), so several servers, a re-run or a restart announce it once.
 */
import { sql } from 'kysely';
import { KPI_WINDOW_DAYS, matureStartedBy } from '../../../src/contracts/acquire';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import type { JobHandlers } from '../../jobs/queue';
import { enqueueUnlessRecent } from '../../jobs/scheduler';
import { kpiTracking } from './kpi';

export const KPI_CHECK_JOB = 'acquire_kpi_check';
/** How often the scheduler asks for a KPI check: a period is a UTC day, so hourly is soon enough. */
export const KPI_CHECK_EVERY_MS = 60 * 60_000;

export const scheduleKpiCheck = (ctx: ServerContext): Promise<string[]> =>
  enqueueUnlessRecent(ctx, KPI_CHECK_JOB, new Date(ctx.now().getTime() - KPI_CHECK_EVERY_MS));

/** The job: announces each app whose target KPI is below target for a newly mature period. */
export async function checkKpiBelowTarget(ctx: ServerContext): Promise<number> {
  // Apps with players acquired through quests (the only ones a KPI card counts).
  const apps = await ctx.db
    .selectFrom('quest_player_events')
    .innerJoin('apps', 'apps.id', 'quest_player_events.app_id')
    .select(['apps.id', 'apps.workspace_id'])
    .where('quest_player_events.kind', '=', 'start')
    .groupBy(['apps.id', 'apps.workspace_id'])
    .execute();
  let announced = 0;
  for (const app of apps) {
    const kpi = await kpiTracking(ctx, app.id);
    const window = KPI_WINDOW_DAYS[kpi.kpi];
    if (kpi.verdict !== 'below_target' || kpi.value === null || window === null) continue;
    const period = matureStartedBy(ctx.now(), window).toISOString().slice(0, 10);
    const last = await ctx.db
      .selectFrom('acquire_kpi_alerts')
      .select(['period', sql<number>`mature_players`.as('mature_players')])
      .where('app_id', '=', app.id)
      .orderBy('period', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && (last.period >= period || Number(last.mature_players) >= kpi.maturePlayers)) continue;
    const claimed = await inTransaction(ctx, async (tx) => {
      const row = await tx.db
        .insertInto('acquire_kpi_alerts')
        .values({
          app_id: app.id,
          period,
          kpi: kpi.kpi,
          value: kpi.value!,
          mature_players: kpi.maturePlayers,
        })
        .onConflict((oc) => oc.columns(['app_id', 'period']).doNothing())
        .returning('app_id')
        .executeTakeFirst();
      if (!row) return false;
      await emit(tx, 'target.kpi_below', {
        workspaceId: app.workspace_id,
        appId: app.id,
        kpi: kpi.kpi,
        value: kpi.value!,
        target: kpi.target,
        period,
        maturePlayers: kpi.maturePlayers,
      });
      return true;
    });
    if (claimed) announced++;
  }
  return announced;
}

/** The KPI check's job (run in the integrations worker's lane beside the sources' checks: server/main.ts). */
export const acquireJobs: JobHandlers = {
  handlers: {
    async [KPI_CHECK_JOB](ctx) {
      const announced = await checkKpiBelowTarget(ctx);
      return `${announced} target KPI${announced === 1 ? '' : 's'} below target announced.`;
    },
  },
};
