/**
 * Process Data for one BigQuery plugin, the one function both the `bigquery_process_event` job
 * (server/areas/integrations/integrations.ts) and the demo seed's first start (server/demo/demo-data.ts) run: the app's raw Firebase
 * export of [start, end] flattened into its processed tables by the app's engine (`processor`: the deployment's
 * analytics store's `processRange`, server/analytics/store.ts, or the BigQuery processor of server/analytics/bigquery-process.ts),
 * then, in one transaction, the plugin's data range, Last Refreshed, status and events (docs/integrations.md §Entities plugin event).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSchema, ProcessResult } from '../../analytics/raw-export';
import { JsonTexts, writeJson } from '../../db/json-column';

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

/** Runs the processing, then records its outcome on the plugin. Returns the processing's result. */
export async function processPluginData(
  db: Kysely<Database>,
  args: { pluginId: string; now: () => Date; process: Processor },
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<ProcessResult> {
  const result = await args.process(progress);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('plugins')
      .set({
        data_start: result.range?.start ?? null,
        data_end: result.range?.end ?? null,
        last_refresh: args.now(),
        ...(result.range ? { status: 'connected' as const } : {}),
      })
      .where('id', '=', args.pluginId)
      .execute();
    await recordPluginEvents(trx, args.pluginId, result.schema);
  });
  return result;
}
