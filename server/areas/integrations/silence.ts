/**
 * Silent sources (docs/notifications.md §Silent sources): a connected source that received nothing new for its
 * threshold (`silent_hours`, else the default of its kind: 6 hours for an attribution source's postbacks, 36 for a
 * BigQuery plugin's export) is announced once with `plugin.silent` (the notifications' alert). The scheduler's task
 * enqueues the check as a job at most every SILENCE_CHECK_EVERY_MS; the job looks at each connected source's last
 * postback (one index probe) or newest exported event (the events its Process Data recorded) and claims the
 * announcement with a conditional UPDATE of `silence_announced_for` in the event's transaction, so several servers, a
 * re-run or a restart announce a silence once. New data after it starts a new period: the next silence is announced
 * again. A source that never received anything is Waiting, not silent.
 */
import { isPostbackPartner, sourceOf } from '../../../src/contracts/partners';
import { silentHoursOf } from '../../../src/contracts/notifications';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { enqueueUnlessRecent } from '../../jobs/scheduler';
import { lastPostbackAt } from '../postbacks/index';

export const SILENCE_CHECK_JOB = 'source_silence_check';
/** How often the scheduler asks for a check (its ticks are every minute). */
export const SILENCE_CHECK_EVERY_MS = 10 * 60_000;
const HOUR = 3_600_000;

/** The scheduler's task: a silence check job unless one was made in the last SILENCE_CHECK_EVERY_MS. */
export const scheduleSilenceCheck = (ctx: ServerContext): Promise<string[]> =>
  enqueueUnlessRecent(ctx, SILENCE_CHECK_JOB, new Date(ctx.now().getTime() - SILENCE_CHECK_EVERY_MS));

/**
 * When a source last received data, or null when it never did or is not watched: an attribution partner's last
 * postback; a BigQuery plugin's newest exported event, only while it processes daily (nothing else reads its export
 * on a clock, so without daily processing no new data could be seen).
 */
async function lastDataAt(
  ctx: ServerContext,
  plugin: { id: string; app_id: string; type: string; attributes: unknown },
): Promise<{ at: number; signal: 'postback' | 'export' } | null> {
  if (isPostbackPartner(plugin.type)) {
    const at = await lastPostbackAt(ctx, plugin.app_id, sourceOf(plugin.type));
    return at === null ? null : { at, signal: 'postback' };
  }
  if (plugin.type !== 'BigQuery' || (plugin.attributes as Record<string, unknown>).dailyProcess !== true) return null;
  const row = await ctx.db
    .selectFrom('plugin_events')
    .select((eb) => eb.fn.max('last_received_at').as('at'))
    .where('plugin_id', '=', plugin.id)
    .executeTakeFirst();
  const at = Number(row?.at ?? 0);
  return at > 0 ? { at, signal: 'export' } : null;
}

/** The job: announces each connected source silent for its threshold and not announced for that silence. */
export async function checkSilentSources(ctx: ServerContext): Promise<number> {
  const now = ctx.now().getTime();
  const plugins = await ctx.db
    .selectFrom('plugins')
    .innerJoin('apps', 'apps.id', 'plugins.app_id')
    .select([
      'plugins.id',
      'plugins.app_id',
      'plugins.type',
      'plugins.attributes',
      'plugins.silent_hours',
      'plugins.silence_announced_for',
      'apps.workspace_id',
    ])
    .where('plugins.status', '=', 'connected')
    .execute();
  let announced = 0;
  for (const plugin of plugins) {
    const last = await lastDataAt(ctx, plugin);
    const hours = silentHoursOf(plugin.type, plugin.silent_hours);
    if (last === null || now - last.at < hours * HOUR) continue;
    const lastAt = new Date(last.at).toISOString();
    if (plugin.silence_announced_for === lastAt) continue;
    const claimed = await inTransaction(ctx, async (tx) => {
      const claim = await tx.db
        .updateTable('plugins')
        .set({ silence_announced_for: lastAt })
        .where('id', '=', plugin.id)
        .where((eb) => eb.or([eb('silence_announced_for', 'is', null), eb('silence_announced_for', '<>', lastAt)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await emit(tx, 'plugin.silent', {
        workspaceId: plugin.workspace_id,
        appId: plugin.app_id,
        pluginId: plugin.id,
        pluginType: plugin.type,
        lastPostbackAt: lastAt,
        silentHours: hours,
        signal: last.signal,
      });
      return true;
    });
    if (claimed) announced++;
  }
  return announced;
}
