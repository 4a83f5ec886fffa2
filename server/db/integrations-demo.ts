/**
 * The integrations area's demo rows (issue 11), completed on every start until done (marker `integrations-demo`):
 * Demo Studio's Questboard service-account credential (Google Cloud sandbox) on its BigQuery and Firebase plugins, the
 * Latest Updates of the BigQuery plugins, their plugin events, and — for the apps whose demo events were generated
 * straight into the processed tables — the raw Firebase export those events would have come from, so Process Data
 * works on the demo apps as on a newly connected one.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { DEMO_WORKSPACE_ID } from './seed';
import type { AnalyticsEngine } from '../analytics/index';
import { exportFromProcessed, exportRange, exportSchema } from '../analytics/raw-export';
import { sandboxGoogleCloud } from '../providers/google-cloud/sandbox';

export const INTEGRATIONS_DEMO_MARKER = 'integrations-demo';

export async function seedIntegrationsDemo(db: Kysely<Database>, analytics: AnalyticsEngine, now = new Date()) {
  const marker = await db.selectFrom('seed_markers').select('name').where('name', '=', INTEGRATIONS_DEMO_MARKER).executeTakeFirst();
  if (marker) return;
  const plugins = await db.selectFrom('plugins').innerJoin('apps', 'apps.id', 'plugins.app_id')
    .select(['plugins.id', 'plugins.type', 'plugins.app_id', 'plugins.data_start', 'plugins.data_end', 'apps.platform', 'apps.details'])
    .where('apps.workspace_id', '=', DEMO_WORKSPACE_ID).where('plugins.type', 'in', ['BigQuery', 'Firebase']).execute();
  // Raw exports first (outside the transaction: the event store is another database).
  const schemas = new Map<string, Awaited<ReturnType<typeof exportSchema>>>();
  for (const plugin of plugins) {
    if (plugin.type !== 'BigQuery' || !plugin.data_start || !plugin.data_end) continue;
    if (!(await exportRange(analytics.store, plugin.app_id))) {
      const details = plugin.details as Record<string, unknown>;
      const name = plugin.platform === 'ios' ? details.appleBundleId : details.googlePackageName;
      await exportFromProcessed(analytics.store, plugin.app_id, typeof name === 'string' ? name : plugin.app_id);
    }
    schemas.set(plugin.id, await exportSchema(analytics.store, plugin.app_id, plugin.data_start, plugin.data_end));
  }
  await db.transaction().execute(async (trx) => {
    const email = sandboxGoogleCloud.productServiceAccountEmail(DEMO_WORKSPACE_ID);
    await trx.insertInto('credentials').values({
      id: randomUUID(), workspace_id: DEMO_WORKSPACE_ID, type: 'TP_SERVICE_ACCOUNT', email, project_id: null, secret: null, created_by: null,
    }).onConflict((oc) => oc.column('workspace_id').where('type', '=', 'TP_SERVICE_ACCOUNT').doNothing()).execute();
    const credential = await trx.selectFrom('credentials').select('id').where('workspace_id', '=', DEMO_WORKSPACE_ID).where('type', '=', 'TP_SERVICE_ACCOUNT').executeTakeFirstOrThrow();
    for (const plugin of plugins) {
      await trx.updateTable('plugins').set({ credential_id: credential.id }).where('id', '=', plugin.id).where('credential_id', 'is', null).execute();
      const feed = ['Plugin created. Connection configured.'];
      if (plugin.data_start && plugin.data_end) feed.push(`Processed the demo events from ${plugin.data_start} to ${plugin.data_end}.`);
      for (const [i, message] of feed.entries()) {
        await trx.insertInto('plugin_feed').values({ plugin_id: plugin.id, message, type: 'success', created_at: new Date(now.getTime() - (feed.length - i) * 60_000) }).execute();
      }
      for (const event of schemas.get(plugin.id) ?? []) {
        await trx.insertInto('plugin_events').values({
          id: randomUUID(), plugin_id: plugin.id, event_name: event.eventName, event_params: JSON.stringify(event.params) as never,
          status: 'ACTIVE', last_received_at: event.lastReceivedAt, monetize_metadata: null,
        }).onConflict((oc) => oc.columns(['plugin_id', 'event_name']).doNothing()).execute();
      }
    }
    await trx.insertInto('seed_markers').values({ name: INTEGRATIONS_DEMO_MARKER }).onConflict((oc) => oc.column('name').doNothing()).execute();
  });
}
