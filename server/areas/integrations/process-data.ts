/**
 * Process Data for one BigQuery plugin, the one function both the `bigquery_process_event` job
 * (server/areas/integrations/integrations.ts) and the demo seed's first start (server/demo/demo-data.ts) run: the app's raw Firebase
 * export of [start, end] flattened into its processed tables by the app's engine (`processor`: the deployment's
 * analytics store's `processRange`, server/analytics/store.ts, or the BigQuery processor of server/analytics/bigquery-process.ts),
 * then, in one transaction, the plugin's data range, Last Refreshed, status and events (docs/integrations.md §Entities plugin event)
 * and the app versions seen for the first time (app-versions.ts), and `plugin.data_processed` (the days landed).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSchema, ProcessResult } from '../../analytics/raw-export';
import { JsonTexts, writeJson } from '../../db/json-column';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { recordAppVersions, rememberAppVersions } from './app-versions';
import { embeddedProcessBytes, recordQueryJob } from './query-jobs';
import type { AnalyticsStore } from '../../analytics/store';

export type Processor = (progress: (percent: number) => Promise<void>) => Promise<ProcessResult>;

/** The plugin's events from the export's schema: new names added, known ones updated. */
export async function recordPluginEvents(db: Kysely<Database>, pluginId: string, schema: EventSchema) {
  for (const event of schema) {
    await db
      .insertInto('plugin_events')
      .values({
        id: randomUUID(),
        plugin_id: pluginId,
        event_name: event.eventName,
        event_params: writeJson(JsonTexts, event.params),
        status: 'ACTIVE',
        last_received_at: event.lastReceivedAt,
        monetize_metadata: null,
      })
      .onConflict((oc) =>
        oc.columns(['plugin_id', 'event_name']).doUpdateSet({
          event_params: writeJson(JsonTexts, event.params),
          last_received_at: event.lastReceivedAt,
        }),
      )
      .execute();
  }
}

/** An app's store package (Android package name, iOS bundle id), or its id when it has none yet. */
export function packageNameOf(row: { id: string; platform: 'android' | 'ios'; details: unknown }): string {
  const details = row.details as Record<string, unknown>;
  const name = row.platform === 'ios' ? details.appleBundleId : details.googlePackageName;
  return typeof name === 'string' && name ? name : row.id;
}

/** The run's outcome on the plugin: its data range, Last Refreshed, status and events. */
async function recordOutcome(db: Kysely<Database>, pluginId: string, now: Date, result: ProcessResult) {
  await db
    .updateTable('plugins')
    .set({
      data_start: result.range?.start ?? null,
      data_end: result.range?.end ?? null,
      last_refresh: now,
      ...(result.range ? { status: 'connected' as const } : {}),
    })
    .where('id', '=', pluginId)
    .execute();
  await recordPluginEvents(db, pluginId, result.schema);
}

/**
 * Runs the processing, then records its outcome on the plugin and the app versions its events show for the first
 * time (`app.version_seen`, app-versions.ts), in one transaction. Returns the processing's result.
 */
export async function processPluginData(
  ctx: ServerContext,
  args: { pluginId: string; appId: string; process: Processor; days?: { start: string; end: string } },
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<ProcessResult> {
  const result = await args.process(progress);
  await inTransaction(ctx, async (tx) => {
    await recordOutcome(tx.db, args.pluginId, tx.now(), result);
    await recordAppVersions(tx, args.appId, result.versions);
    // The days landed: what evaluates the app's metric alerts (docs/notifications.md §Metric alerts).
    if (args.days && result.range) {
      const app = await tx.db
        .selectFrom('apps')
        .innerJoin('plugins', 'plugins.app_id', 'apps.id')
        .select(['apps.workspace_id', 'plugins.type'])
        .where('plugins.id', '=', args.pluginId)
        .executeTakeFirst();
      if (app)
        await emit(tx, 'plugin.data_processed', {
          workspaceId: app.workspace_id,
          appId: args.appId,
          pluginId: args.pluginId,
          pluginType: app.type,
          start: args.days.start,
          end: args.days.end,
          events: result.events,
        });
    }
  });
  return result;
}

/**
 * The demo's first start (before the server exists): the same outcome, and the run in the app's job history like any
 * Process Data run (query-jobs.ts); the versions of the generated months are remembered as the app's known ones
 * without announcing them (docs/activity.md §Decisions).
 */
export async function processDemoPluginData(
  db: Kysely<Database>,
  args: { pluginId: string; appId: string; store: AnalyticsStore; range: { start: string; end: string } },
): Promise<ProcessResult> {
  const { pluginId, appId, store, range } = args;
  const result = await recordQueryJob(
    { db, now: () => new Date() },
    { appId, pluginId, kind: 'process', engine: store.kind, label: `${range.start} to ${range.end}` },
    () => store.processRange({ appId, dataset: appId, start: range.start, end: range.end }, async () => {}),
    () => embeddedProcessBytes(store, appId, range.start, range.end),
  );
  await db.transaction().execute(async (trx) => {
    await recordOutcome(trx, args.pluginId, new Date(), result);
    await rememberAppVersions(trx, args.appId, result.versions);
  });
  return result;
}
