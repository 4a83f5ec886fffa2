/**
 * The AppsFlyer plugin (docs/postbacks.md §Screens and routes AppsFlyer tab, §Partner plugin states AppsFlyer lifecycle): Enable Plugin creates the app's
 * AppsFlyer plugin waiting for events (or re-enables a disconnected one) and its postback secret; the plugin becomes
 * connected when Check Status finds a postback (server/areas/postbacks/postbacks.ts). Disconnect and delete are the
 * integrations area's plugin actions.
 */
import { randomUUID } from 'node:crypto';
import type { Plugin } from '../../../../src/contracts/plugin';
import { inTransaction, type ServerContext } from '../../../context';
import { addFeed, emitPluginEvent, getPlugin } from '../integrations';
import { forgetPostbackTarget, postbackUrl } from '../../postbacks/index';
import { notFound } from '../../../errors';
import { JsonObject, writeJson } from '../../../db/json-column';

export const APPSFLYER_SOURCE = 'appsflyer';

export async function enableAppsFlyer(ctx: ServerContext, appId: string): Promise<Plugin> {
  const app = await ctx.db.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst();
  if (!app) throw notFound('App');
  await postbackUrl(ctx, appId, APPSFLYER_SOURCE);
  const pluginId = await inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom('plugins')
      .select(['id', 'status'])
      .where('app_id', '=', appId)
      .where('type', '=', 'AppsFlyer')
      .forUpdate()
      .executeTakeFirst();
    await tx.db
      .insertInto('plugins')
      .values({
        id: randomUUID(),
        app_id: appId,
        type: 'AppsFlyer',
        status: 'waiting_for_events',
        attributes: writeJson(JsonObject, {}),
        refresh_schedule: null,
        last_refresh: null,
        data_start: null,
        data_end: null,
        created_at: tx.now(),
      })
      .onConflict((oc) => oc.columns(['app_id', 'type']).doNothing())
      .execute();
    const plugin = await tx.db
      .selectFrom('plugins')
      .select(['id', 'status'])
      .where('app_id', '=', appId)
      .where('type', '=', 'AppsFlyer')
      .executeTakeFirstOrThrow();
    if (plugin.status === 'disconnected') {
      await tx.db.updateTable('plugins').set({ status: 'waiting_for_events' }).where('id', '=', plugin.id).execute();
    }
    await addFeed(tx, plugin.id, 'AppsFlyer plugin enabled. Waiting for events.', 'success');
    // Enabled for the first time or again after a disconnect: a change; enabling an enabled one is not.
    if (!before || before.status === 'disconnected')
      await emitPluginEvent(tx, 'plugin.connected', { id: plugin.id, app_id: appId, type: 'AppsFlyer' }, [
        { field: 'status', before: before?.status ?? null, after: 'waiting_for_events' },
      ]);
    return plugin.id;
  });
  forgetPostbackTarget(ctx, appId);
  return getPlugin(ctx, pluginId);
}
