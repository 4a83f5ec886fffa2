/**
 * The integrations area's demo rows, written once (marker `integrations-demo`): Demo Studio's Questboard
 * service-account credential (Google Cloud sandbox) on its BigQuery and Firebase plugins and their first Latest
 * Updates, the credential last used when the demo events were processed. The demo BigQuery plugins' raw Firebase exports, their processing and their plugin events come from the
 * first start's demo data (server/demo/demo-data.ts), through the same path as a newly connected app.
 */
import { randomUUID } from 'node:crypto';
import { GOOGLE_CLOUD_PLUGIN_TYPES } from '../../../src/contracts/plugin-types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DEMO_WORKSPACE_ID } from '../../demo/ids';
import { sandboxGoogleCloud } from '../../providers/google-cloud/sandbox';

export const INTEGRATIONS_DEMO_MARKER = 'integrations-demo';

export async function seedIntegrationsDemo(db: Kysely<Database>, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom('seed_markers')
      .select('name')
      .where('name', '=', INTEGRATIONS_DEMO_MARKER)
      .executeTakeFirst();
    if (marker) return;
    const plugins = await trx
      .selectFrom('plugins')
      .innerJoin('apps', 'apps.id', 'plugins.app_id')
      .select(['plugins.id', 'plugins.data_start', 'plugins.data_end'])
      .where('apps.workspace_id', '=', DEMO_WORKSPACE_ID)
      .where('plugins.type', 'in', GOOGLE_CLOUD_PLUGIN_TYPES)
      .execute();
    const email = sandboxGoogleCloud.productServiceAccountEmail(DEMO_WORKSPACE_ID);
    const processed = plugins.some((plugin) => plugin.data_start && plugin.data_end);
    await trx
      .insertInto('credentials')
      .values({
        id: randomUUID(),
        workspace_id: DEMO_WORKSPACE_ID,
        type: 'TP_SERVICE_ACCOUNT',
        email,
        project_id: null,
        secret: null,
        created_by: null,
        // The processing below read the exports through it (its Latest Updates line, one minute ago).
        last_used_at: processed ? new Date(now.getTime() - 60_000) : null,
      })
      .onConflict((oc) => oc.column('workspace_id').where('type', '=', 'TP_SERVICE_ACCOUNT').doNothing())
      .execute();
    const credential = await trx
      .selectFrom('credentials')
      .select('id')
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .where('type', '=', 'TP_SERVICE_ACCOUNT')
      .executeTakeFirstOrThrow();
    for (const plugin of plugins) {
      await trx
        .updateTable('plugins')
        .set({ credential_id: credential.id })
        .where('id', '=', plugin.id)
        .where('credential_id', 'is', null)
        .execute();
      const feed = ['Plugin created. Connection configured.'];
      if (plugin.data_start && plugin.data_end)
        feed.push(`Processed the demo events from ${plugin.data_start} to ${plugin.data_end}.`);
      for (const [i, message] of feed.entries()) {
        await trx
          .insertInto('plugin_feed')
          .values({
            plugin_id: plugin.id,
            message,
            type: 'success',
            created_at: new Date(now.getTime() - (feed.length - i) * 60_000),
          })
          .execute();
      }
    }
    await trx.insertInto('seed_markers').values({ name: INTEGRATIONS_DEMO_MARKER }).execute();
  });
}
