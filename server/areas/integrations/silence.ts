/**
 * Silent sources (docs/notifications.md §Alerts): a connected attribution source that sent no postback for its
 * `silent_hours` (default 6) since its last one is announced once with `plugin.silent` (the notifications' alert).
 * The scheduler's task enqueues the check as a job at most every SILENCE_CHECK_EVERY_MS; the job looks at each
 * connected source's last postback (one index probe) and claims the announcement with a conditional UPDATE of
 * `silence_announced_for` in the event's transaction, so several servers, a re-run or a restart announce a silence
 * once. A postback after it starts a new period: the next silence is announced again. A source that never received a
 * postback is Waiting, not silent.
 */
import { isPostbackPartner, sourceOf } from '../../../src/contracts/partners';
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

/** The job: announces each connected attribution source silent for its threshold and not announced for that silence. */
export async function checkSilentSources(ctx: ServerContext): Promise<number> {
  const now = ctx.now().getTime();
  const plugins = await ctx.db
    .selectFrom('plugins')
    .innerJoin('apps', 'apps.id', 'plugins.app_id')
    .select([
      'plugins.id',
      'plugins.app_id',
      'plugins.type',
      'plugins.silent_hours',
      'plugins.silence_announced_for',
      'apps.workspace_id',
    ])
    .where('plugins.status', '=', 'connected')
    .execute();
  let announced = 0;
  for (const plugin of plugins) {
    if (!isPostbackPartner(plugin.type)) continue;
    const last = await lastPostbackAt(ctx, plugin.app_id, sourceOf(plugin.type));
    if (last === null || now - last < plugin.silent_hours * HOUR) continue;
    const lastAt = new Date(last).toISOString();
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
        silentHours: plugin.silent_hours,
      });
      return true;
    });
    if (claimed) announced++;
  }
  return announced;
}
