/**
 * How other areas read the plugins and their events, which this area owns (docs/architecture.md §Areas and their
 * doors): the rows of some apps' plugins, the plugins as a JSON array inside another area's query (the account
 * answer is one statement), an app's event source and a plugin's events.
 */
import type { ExpressionBuilder, Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';
import { JsonTexts, writeJson } from '../../db/json-column';
import type { ServerContext } from '../../context';

/** Every plugin row of these apps, oldest first. */
export const pluginRowsOf = (ctx: ServerContext, appIds: readonly string[]) =>
  appIds.length === 0
    ? Promise.resolve([])
    : ctx.db.selectFrom('plugins').selectAll().where('app_id', 'in', appIds).orderBy('created_at').execute();

/** The plugins of the app row of the enclosing query (`apps`), oldest first, as a JSON array of rows. */
export const pluginsJsonOf = (apps: ExpressionBuilder<Database, 'apps'>) =>
  jsonArrayFrom(
    apps
      .selectFrom('plugins')
      .selectAll('plugins')
      .whereRef('plugins.app_id', '=', 'apps.id')
      .orderBy('plugins.created_at'),
  );

/**
 * An app's event source: its active plugin (`activePluginId`, when the app names one and it is the app's), else,
 * when it names none, its oldest plugin that has events; null when there is none.
 */
export async function eventSourcePluginOf(
  ctx: ServerContext,
  appId: string,
  activePluginId: string | null,
): Promise<{ id: string; type: string } | null> {
  if (activePluginId !== null)
    return (
      (await ctx.db
        .selectFrom('plugins')
        .select(['id', 'type'])
        .where('id', '=', activePluginId)
        .where('app_id', '=', appId)
        .executeTakeFirst()) ?? null
    );
  return (
    (await ctx.db
      .selectFrom('plugins')
      .select(['plugins.id', 'plugins.type'])
      .where('plugins.app_id', '=', appId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('plugin_events')
            .select('plugin_events.id')
            .whereRef('plugin_events.plugin_id', '=', 'plugins.id'),
        ),
      )
      .orderBy('plugins.created_at')
      .orderBy('plugins.id')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** A plugin's events by name (at most `limit`), without the disabled ones unless asked. */
export function pluginEventsOf(
  ctx: ServerContext,
  pluginId: string,
  options: { includeDisabled?: boolean; limit?: number } = {},
) {
  return ctx.db
    .selectFrom('plugin_events')
    .select(['id', 'event_name', 'event_params', 'last_received_at'])
    .where('plugin_id', '=', pluginId)
    .$if(!options.includeDisabled, (qb) => qb.where('status', '<>', 'DISABLED'))
    .orderBy('event_name')
    .limit(options.limit ?? 1000)
    .execute();
}

/** Demo seeds of other areas: events a plugin has received (kept when they exist). */
export async function seedPluginEvents(
  trx: Transaction<Database>,
  pluginId: string,
  events: readonly { name: string; params: Record<string, string>; lastReceivedAt: number }[],
): Promise<void> {
  for (const event of events) {
    await trx
      .insertInto('plugin_events')
      .values({
        id: `${pluginId}-${event.name}`,
        plugin_id: pluginId,
        event_name: event.name,
        event_params: writeJson(JsonTexts, event.params),
        status: 'ACTIVE',
        last_received_at: event.lastReceivedAt,
        monetize_metadata: null,
      })
      .onConflict((oc) => oc.columns(['plugin_id', 'event_name']).doNothing())
      .execute();
  }
}
