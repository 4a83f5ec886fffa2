/**
 * The App Settings Events tab (docs/app-settings.md §Entities App eventSchemas): the app's events as its data shows them, merged over its
 * plugins. Each plugin's events come from the Integrations Events table's own reader (listPluginEvents, fed by the
 * analytics engine's export schema when data is processed), so both screens always agree.
 */
import type { EventSchema } from '../../../src/contracts/event-schemas';
import { PLUGIN_TYPES } from '../../../src/contracts/integrations';
import type { ServerContext } from '../../context';
import { listPluginEvents } from './integrations';

export async function appEventSchemas(ctx: ServerContext, appId: string, search: string | undefined) {
  const rows = await ctx.db.selectFrom('plugins').select(['id', 'type']).where('app_id', '=', appId).execute();
  // In the product's order of sources (docs/app-settings.md §Rules and limits plugin types), so sources read the same everywhere.
  const plugins = rows.sort(
    (a, b) => PLUGIN_TYPES.indexOf(a.type) - PLUGIN_TYPES.indexOf(b.type) || a.id.localeCompare(b.id),
  );
  const byName = new Map<string, EventSchema>();
  for (const plugin of plugins) {
    for (const event of await listPluginEvents(ctx, plugin.id, search)) {
      const known = byName.get(event.eventName);
      const params = { ...known?.params, ...event.event_params };
      byName.set(event.eventName, {
        eventName: event.eventName,
        params: Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))),
        sources: [...new Set([...(known?.sources ?? []), plugin.type])],
        lastReceivedAt: Math.max(known?.lastReceivedAt ?? 0, event.lastReceivedAt || 0),
      });
    }
  }
  return {
    events: [...byName.values()].sort((a, b) => a.eventName.localeCompare(b.eventName)),
    sources: [...new Set(plugins.map((p) => p.type))],
  };
}
