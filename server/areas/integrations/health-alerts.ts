/**
 * Degraded sources (docs/notifications.md §Degraded sources): a connected source whose health line (./health.ts, the
 * same checks the source's tab shows) turned Degraded is announced once per period with `plugin.degraded` (the
 * notifications' alert). The scheduler's task enqueues the check as a job at most every HEALTH_CHECK_EVERY_MS (some
 * checks ask Google Cloud, so not every minute); the job evaluates each connected source, claims a new period by
 * setting `plugins.degraded_since` where it is NULL in the event's transaction (several servers, a re-run or a
 * restart announce it once), and ends the period (NULL again) once the source is Receiving or Waiting. Broken is not
 * Degraded: it neither announces nor ends a period (a source going Degraded → Broken → Degraded is one period).
 */
import type { JobHandlers } from '../../jobs/queue';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { enqueueUnlessRecent } from '../../jobs/scheduler';
import { integrationHealth } from './health';

export const HEALTH_CHECK_JOB = 'source_health_check';
/** How often the scheduler asks for a health check (its ticks are every minute). */
export const HEALTH_CHECK_EVERY_MS = 60 * 60_000;
/** At most this many findings' words travel in the event (the alert says them all). */
const MAX_FINDINGS = 5;

/** The scheduler's task: a health check job unless one was made in the last HEALTH_CHECK_EVERY_MS. */
export const scheduleHealthCheck = (ctx: ServerContext): Promise<string[]> =>
  enqueueUnlessRecent(ctx, HEALTH_CHECK_JOB, new Date(ctx.now().getTime() - HEALTH_CHECK_EVERY_MS));

/** The job: announces each connected source whose health turned Degraded, once per period. */
export async function checkDegradedSources(ctx: ServerContext): Promise<number> {
  const plugins = await ctx.db
    .selectFrom('plugins')
    .innerJoin('apps', 'apps.id', 'plugins.app_id')
    .select(['plugins.id', 'plugins.app_id', 'plugins.type', 'plugins.degraded_since', 'apps.workspace_id'])
    .where('plugins.status', '=', 'connected')
    .execute();
  const byApp = new Map<string, typeof plugins>();
  for (const plugin of plugins) byApp.set(plugin.app_id, [...(byApp.get(plugin.app_id) ?? []), plugin]);
  let announced = 0;
  for (const [appId, appPlugins] of byApp) {
    const lines = await integrationHealth(ctx, appId);
    for (const plugin of appPlugins) {
      const line = lines.find((l) => l.pluginId === plugin.id);
      if (!line) continue;
      if (line.status === 'receiving' || line.status === 'waiting') {
        if (plugin.degraded_since !== null)
          await ctx.db.updateTable('plugins').set({ degraded_since: null }).where('id', '=', plugin.id).execute();
        continue;
      }
      if (line.status !== 'degraded' || plugin.degraded_since !== null) continue;
      const since = ctx.now().toISOString();
      const findings = line.findings
        .filter((f) => f.severity === 'degraded')
        .slice(0, MAX_FINDINGS)
        .map((f) => f.message);
      const claimed = await inTransaction(ctx, async (tx) => {
        const claim = await tx.db
          .updateTable('plugins')
          .set({ degraded_since: since })
          .where('id', '=', plugin.id)
          .where('degraded_since', 'is', null)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return false;
        await emit(tx, 'plugin.degraded', {
          workspaceId: plugin.workspace_id,
          appId,
          pluginId: plugin.id,
          pluginType: plugin.type,
          since,
          findings,
        });
        return true;
      });
      if (claimed) announced++;
    }
  }
  return announced;
}

/** The health check's job (run by the integrations worker beside integrationJobs: server/main.ts). */
export const sourceHealthJobs: JobHandlers = {
  handlers: {
    async [HEALTH_CHECK_JOB](ctx) {
      const announced = await checkDegradedSources(ctx);
      return `${announced} degraded source${announced === 1 ? '' : 's'} announced.`;
    },
  },
};
