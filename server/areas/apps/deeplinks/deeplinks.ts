/**
 * Acquisition links of an app (docs/app-settings.md §Entities Deeplink; §API endpoints update deeplink): the list in the partner's order, and the one
 * change a publisher makes, a link's url. Only ios, android and appsFlyer links are updated; a link of any other
 * platform is listed, logged as unsupported and refused on update (400 `unsupported_platform`). The url rules are the
 * contract's (`deeplinkUrlError`), the same the browser shows as the user types.
 */
import type { Deeplink } from '../../../../src/contracts/apps';
import {
  DEEPLINK_UNSUPPORTED,
  deeplinkUrlError,
  isSupportedDeeplinkPlatform,
} from '../../../../src/contracts/deeplinks';
import type { UpdateDeeplinkRequest } from '../../../../src/contracts/integrations';
import { inTransaction, type ServerContext } from '../../../context';
import { emit } from '../../../events/outbox';
import { changesOf } from '../../../../src/contracts/domain-events';
import { logLine } from '../../../log';
import { invalid, notFound } from '../../../errors';

const logUnsupported = (appId: string, link: { id: string; platform: string }) =>
  console.warn(
    logLine('deeplinks', { app: appId, deeplink: link.id, platform: link.platform, outcome: 'unsupported platform' }),
  );

/** The links of several apps as the App entity carries them (docs/app-settings.md §Entities App.deepLinks), each app's in order. */
export async function deeplinksOf(
  ctx: Pick<ServerContext, 'db'>,
  appIds: readonly string[],
): Promise<Map<string, Deeplink[]>> {
  const result = new Map<string, Deeplink[]>();
  if (appIds.length === 0) return result;
  const rows = await ctx.db
    .selectFrom('app_deeplinks')
    .select(['app_id', 'id', 'type', 'url', 'platform'])
    .where('app_id', 'in', appIds)
    .orderBy('app_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { app_id, ...link } of rows) result.set(app_id, [...(result.get(app_id) ?? []), link]);
  return result;
}

/** The app's links, in order; links of unsupported platforms are included and logged. */
export async function listDeeplinks(ctx: ServerContext, appId: string): Promise<Deeplink[]> {
  const rows = (await deeplinksOf(ctx, [appId])).get(appId) ?? [];
  for (const row of rows) if (!isSupportedDeeplinkPlatform(row.platform)) logUnsupported(appId, row);
  return rows;
}

/** docs/app-settings.md §API endpoints: the deeplink id and the deeplink object carrying the new url. Only the url changes. */
export async function updateDeeplink(ctx: ServerContext, appId: string, request: UpdateDeeplinkRequest): Promise<void> {
  if (request.deeplink.id !== request.deeplinkId)
    throw invalid('The deep link id does not match the link sent.', ['deeplink.id'], 'deeplink_mismatch');
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('app_deeplinks')
      .innerJoin('apps', 'apps.id', 'app_deeplinks.app_id')
      .select([
        'app_deeplinks.id',
        'app_deeplinks.platform',
        'app_deeplinks.type',
        'app_deeplinks.url',
        'apps.workspace_id',
      ])
      .where('app_deeplinks.id', '=', request.deeplinkId)
      .where('app_deeplinks.app_id', '=', appId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Deep link');
    if (!isSupportedDeeplinkPlatform(row.platform)) {
      logUnsupported(appId, row);
      throw invalid(DEEPLINK_UNSUPPORTED, ['deeplink.platform'], 'unsupported_platform');
    }
    const error = deeplinkUrlError(row.platform, request.deeplink.url);
    if (error) throw invalid(error, ['deeplink.url'], 'invalid_url');
    const url = request.deeplink.url.trim();
    await tx.db
      .updateTable('app_deeplinks')
      .set({ url, updated_at: tx.now() })
      .where('id', '=', row.id)
      .where('app_id', '=', appId)
      .execute();
    // The log's before → after (docs/activity.md): a query value that looks like a secret is masked there.
    const changes = changesOf({ url: row.url }, { url });
    if (changes.length)
      await emit(tx, 'deep_link.updated', {
        workspaceId: row.workspace_id,
        appId,
        deeplinkId: row.id,
        label: `${row.type} (${row.platform})`,
        changes,
      });
  });
}
