/**
 * Firebase conversion events (docs/integrations.md remainder; docs/integrations.md §Screens and routes Firebase tab, §Entities plugin event, §Plugin states Firebase no-data text,
 * §API endpoints "Enable/disable Firebase events (pluginId, eventNames, appId)"): the events an app logs, read from the Google
 * Cloud provider and kept as the plugin's events (their conversion status ours), enabling and disabling them, and
 * the `function_deploy` job that deploys the function forwarding the enabled events (docs/integrations.md §Screens and routes "function-deploy
 * in-progress state"): a row of the jobs queue (server/jobs/queue.ts, FOR UPDATE SKIP LOCKED), its steps in the feed.
 *
 * Plugin status of a Firebase plugin (docs/integrations.md §Plugin states): no_data while no event is enabled (the banner), pending while the
 * function deploys (hourglass), then connected when an enabled event has arrived, else waiting_for_events.
 */
import type { Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { PluginEventsTable, PluginsTable } from '../../../db/schema';
import type { PluginEvent } from '../../../../src/contracts/plugin';
import type { ServerContext } from '../../../context';
import type { CredentialSubject, FirebaseTarget } from '../../../providers/google-cloud/provider';
import { enqueueJob, type JobHandlers } from '../../../jobs/queue';
import { addFeed, credentialSubject, emitPluginEvent } from '../integrations';
import { touchCredential } from '../credential-use';
import { packageNameOf, recordPluginEvents } from '../process-data';
import { conflict, invalid, notFound } from '../../../errors';
import { JsonTexts, writeJson } from '../../../db/json-column';

type PluginRow = Selectable<PluginsTable>;

export const FUNCTION_DEPLOY = 'function_deploy';

async function firebasePlugin(ctx: ServerContext, pluginId: string): Promise<PluginRow> {
  const row = await ctx.db.selectFrom('plugins').selectAll().where('id', '=', pluginId).executeTakeFirst();
  if (!row) throw notFound('Plugin');
  if (row.type !== 'Firebase')
    throw invalid('Conversion events belong to Firebase plugins.', ['pluginId'], 'not_firebase');
  return row;
}

/** The plugin's credential and target (its GCP project, the app), or null when it has no credential yet. */
export async function pluginTargetOf(
  ctx: ServerContext,
  row: PluginRow,
): Promise<{ credential: CredentialSubject; target: FirebaseTarget } | null> {
  if (!row.credential_id) return null;
  const credential = await ctx.db
    .selectFrom('credentials')
    .select(['type', 'email', 'project_id', 'workspace_id', 'secret'])
    .where('id', '=', row.credential_id)
    .executeTakeFirst();
  const app = await ctx.db
    .selectFrom('apps')
    .select(['id', 'app_name', 'platform', 'details', 'workspace_id'])
    .where('id', '=', row.app_id)
    .executeTakeFirst();
  if (!credential || !app) return null;
  await touchCredential(ctx, row.credential_id);
  const subject = credentialSubject(ctx, credential);
  const workspaceApp = { id: app.id, appName: app.app_name, platform: app.platform, packageName: packageNameOf(app) };
  let project = (row.attributes as Record<string, unknown>).targetProject;
  if (typeof project !== 'string' || !project) {
    const projects = await ctx.providers.googleCloud.projects(subject, {
      workspaceId: app.workspace_id,
      apps: [workspaceApp],
    });
    project = Object.keys(projects)[0];
  }
  if (typeof project !== 'string') return null;
  return {
    credential: subject,
    target: { workspaceId: app.workspace_id, project, app: workspaceApp, now: ctx.now().getTime() },
  };
}

const toEvent = (row: Selectable<PluginEventsTable>): PluginEvent => ({
  id: row.id,
  eventName: row.event_name,
  status: row.status,
  event_params: row.event_params,
  lastReceivedAt: Number(row.last_received_at),
  monetizeMetadata: (row.monetize_metadata as PluginEvent['monetizeMetadata']) ?? null,
});

/**
 * The conversion events table (docs/integrations.md §Screens and routes): the events the app logs (fresh from the provider: Refresh asks again) with
 * their conversion status, plus enabled events that never arrived. A provider that cannot answer leaves the stored list.
 */
export async function listConversionEvents(ctx: ServerContext, pluginId: string): Promise<PluginEvent[]> {
  const row = await firebasePlugin(ctx, pluginId);
  const target = await pluginTargetOf(ctx, row).catch(() => null); // Google unreachable: the stored list stands
  if (target) {
    try {
      // What the provider says the app logs (parameters, last arrival); conversion statuses stay ours.
      await recordPluginEvents(
        ctx.db,
        pluginId,
        await ctx.providers.googleCloud.firebaseEvents(target.credential, target.target),
      );
    } catch {
      // The provider cannot answer now: the stored list stands (the health line says why the source is not receiving).
    }
  }
  const rows = await ctx.db
    .selectFrom('plugin_events')
    .selectAll()
    .where('plugin_id', '=', pluginId)
    .orderBy('event_name')
    .limit(1000)
    .execute();
  return rows.map(toEvent);
}

/** The plugin's status from its enabled events (docs/integrations.md §Plugin states): no_data without any; connected once one has arrived. */
async function statusFromEvents(
  ctx: ServerContext,
  pluginId: string,
): Promise<'no_data' | 'connected' | 'waiting_for_events'> {
  const enabled = await ctx.db
    .selectFrom('plugin_events')
    .select(['last_received_at'])
    .where('plugin_id', '=', pluginId)
    .where('status', '=', 'ENABLED')
    .execute();
  if (enabled.length === 0) return 'no_data';
  return enabled.some((e) => Number(e.last_received_at) > 0) ? 'connected' : 'waiting_for_events';
}

const list = (names: readonly string[]) => names.join(', ');

/**
 * docs/integrations.md §API endpoints enable / disable Firebase events. Enabling marks the events as conversion events and queues the function
 * deployment (status pending, hourglass); disabling the last one goes back to no_data (the banner) and, when some stay
 * enabled, redeploys. Names the app has not logged yet may be enabled (they wait for their first arrival).
 */
export async function setConversionEvents(
  ctx: ServerContext,
  pluginId: string,
  appId: string,
  eventNames: readonly string[],
  enable: boolean,
) {
  const row = await firebasePlugin(ctx, pluginId);
  if (row.app_id !== appId) throw invalid('The plugin does not belong to this app.', ['appId'], 'plugin_not_found');
  const names = [...new Set(eventNames.map((n) => n.trim()).filter(Boolean))];
  if (names.length === 0) throw invalid('Choose at least one event.', ['eventNames'], 'no_events');
  if (row.status === 'disconnected')
    throw conflict('Connect the plugin before changing its conversion events.', 'disconnected');
  if (enable && !row.credential_id) throw conflict('Configure the connection before enabling events.', 'no_credential');
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await trx.selectFrom('plugins').select('id').where('id', '=', pluginId).forUpdate().execute();
    for (const name of names) {
      if (enable) {
        await trx
          .insertInto('plugin_events')
          .values({
            id: randomUUID(),
            plugin_id: pluginId,
            event_name: name,
            event_params: writeJson(JsonTexts, {}),
            status: 'ENABLED',
            last_received_at: 0,
            monetize_metadata: null,
          })
          .onConflict((oc) => oc.columns(['plugin_id', 'event_name']).doUpdateSet({ status: 'ENABLED' }))
          .execute();
      } else {
        await trx
          .updateTable('plugin_events')
          .set({ status: 'ACTIVE' })
          .where('plugin_id', '=', pluginId)
          .where('event_name', '=', name)
          .execute();
      }
    }
    await emitPluginEvent(tx, 'plugin.updated', row, [
      {
        field: enable ? 'conversion events enabled' : 'conversion events disabled',
        before: null,
        after: names.join(', '),
      },
    ]);
    const status = await statusFromEvents(tx, pluginId);
    const deploy = status !== 'no_data';
    if (deploy) {
      // One deployment at a time (jobs_one_active); it reads the enabled events when it runs, and again when it ends.
      const active = await trx
        .selectFrom('jobs')
        .select('id')
        .where('plugin_id', '=', pluginId)
        .where('kind', '=', FUNCTION_DEPLOY)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!active) await enqueueJob(tx, { kind: FUNCTION_DEPLOY, pluginId, appId: row.app_id });
    }
    await trx
      .updateTable('plugins')
      .set({ status: deploy ? 'pending' : 'no_data' })
      .where('id', '=', pluginId)
      .execute();
    await addFeed(tx, pluginId, `${enable ? 'Enabled' : 'Disabled'} conversion events: ${list(names)}.`);
  });
}

/** The function_deploy job: deploys the function for the enabled events, step by step in the feed. */
export const firebaseJobs: JobHandlers = {
  handlers: {
    async [FUNCTION_DEPLOY](ctx, { job, progress }) {
      const pluginId = job.plugin_id!;
      const row = await firebasePlugin(ctx, pluginId);
      const target = await pluginTargetOf(ctx, row);
      if (!target) throw new Error('The plugin has no credential to deploy with.');
      const enabledNow = async () =>
        (
          await ctx.db
            .selectFrom('plugin_events')
            .select('event_name')
            .where('plugin_id', '=', pluginId)
            .where('status', '=', 'ENABLED')
            .orderBy('event_name')
            .execute()
        ).map((e) => e.event_name);
      let eventNames = await enabledNow();
      let version = '';
      // Events enabled or disabled while it deployed: deploy again (at most three times) so the function matches.
      for (let round = 0; round < 3; round += 1) {
        ({ version } = await ctx.providers.googleCloud.deployConversionFunction(
          target.credential,
          { ...target.target, eventNames },
          async (message, percent) => {
            await addFeed(ctx, pluginId, message);
            await progress(percent);
          },
        ));
        const latest = await enabledNow();
        if (latest.join('\n') === eventNames.join('\n')) break;
        eventNames = latest;
      }
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('firebase_functions')
          .values({ plugin_id: pluginId, version, event_names: JSON.stringify(eventNames), deployed_at: ctx.now() })
          .onConflict((oc) =>
            oc
              .column('plugin_id')
              .doUpdateSet({ version, event_names: JSON.stringify(eventNames), deployed_at: ctx.now() }),
          )
          .execute();
        const status = await statusFromEvents({ ...ctx, db: trx }, pluginId);
        await trx
          .updateTable('plugins')
          .set({ status })
          .where('id', '=', pluginId)
          .where('status', '<>', 'disconnected')
          .execute();
      });
      const message = `Conversion function ${version} deployed for ${eventNames.length} event${eventNames.length === 1 ? '' : 's'}.`;
      await addFeed(ctx, pluginId, message, 'success');
      return message;
    },
  },
  async onFailed(ctx, job, message) {
    if (!job.plugin_id) return;
    await addFeed(ctx, job.plugin_id, `Deploying the conversion function failed: ${message}`, 'error');
    const status = await statusFromEvents(ctx, job.plugin_id);
    await ctx.db
      .updateTable('plugins')
      .set({ status: status === 'no_data' ? 'no_data' : 'waiting_for_events' })
      .where('id', '=', job.plugin_id)
      .where('status', '=', 'pending')
      .execute();
  },
};
