/**
 * The app versions Questboard has seen in an app's processed events (docs/activity.md §Chart markers): one row per app
 * and version, written by Process Data in the transaction that records the run. A version not seen before becomes
 * `app.version_seen` (Questboard's own observation, timed at its first event), which the activity log and the
 * charts' markers show.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/schema';
import { emit } from '../../events/outbox';
import type { AppVersionFirstSeen } from '../../analytics/raw-export';
import { MAX } from '../../../src/contracts/codecs';

/** Versions a row can hold: the events' own text, bounded like any other name (longer ones are not versions). */
const usable = (versions: readonly AppVersionFirstSeen[]) =>
  versions.filter((v) => v.version.trim() !== '' && v.version.length <= MAX.name && Number.isFinite(v.firstSeenAt));

/** Stores the versions not seen before and returns them (no event: the demo's first start, which has no history). */
export async function rememberAppVersions(
  db: Kysely<Database>,
  appId: string,
  versions: readonly AppVersionFirstSeen[],
): Promise<AppVersionFirstSeen[]> {
  const rows = usable(versions);
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('app_versions')
    .values(rows.map((v) => ({ app_id: appId, version: v.version, first_seen_at: new Date(v.firstSeenAt) })))
    .onConflict((oc) => oc.columns(['app_id', 'version']).doNothing())
    .returning('version')
    .execute();
  const fresh = new Set(inserted.map((row) => row.version));
  return rows.filter((v) => fresh.has(v.version));
}

/**
 * In the caller's transaction: the versions not seen before are stored, and each is announced as `app.version_seen`
 * by Questboard, at the time of its first event (so a chart marks the day the version appeared in the data).
 */
export async function recordAppVersions(
  tx: ServerContext,
  appId: string,
  versions: readonly AppVersionFirstSeen[],
): Promise<void> {
  const fresh = await rememberAppVersions(tx.db, appId, versions);
  if (fresh.length === 0) return;
  const app = await tx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirst();
  if (!app) return;
  for (const seen of fresh) {
    const at = new Date(seen.firstSeenAt);
    await emit({ ...tx, actor: null, now: () => at }, 'app.version_seen', {
      workspaceId: app.workspace_id,
      appId,
      version: seen.version,
      firstSeenAt: at.toISOString(),
    });
  }
}
