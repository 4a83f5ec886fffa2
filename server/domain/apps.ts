/** App entities (SPEC §3) as the API returns them: rows of apps + plugins mapped to the contract shape. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, AppsTable, PluginsTable } from '../db/schema';
import type { App } from '../../src/contracts/apps';
import type { Plugin } from '../../src/contracts/plugin';
import { fileUrl } from './files';

/** Rows as read directly or as JSON (jsonArrayFrom: timestamps arrive as strings). */
type AppRow = Omit<Selectable<AppsTable>, 'created_at'>;
type PluginRow = Omit<Selectable<PluginsTable>, 'created_at' | 'last_refresh'> & { last_refresh: Date | string | null };

export function toPlugin(row: PluginRow): Plugin {
  return {
    id: row.id,
    source: row.type,
    connected: row.status,
    attributes: row.attributes as Plugin['attributes'],
    refreshSchedule: row.refresh_schedule,
    lastRefresh: row.last_refresh ? new Date(row.last_refresh).getTime() : null,
    dataRange: row.data_start && row.data_end ? { start: row.data_start, end: row.data_end } : null,
  };
}

/** SPEC §4: Analyze is enabled only after the BigQuery plugin has data. */
export const analyzeEnabled = (plugins: Plugin[]) => plugins.some((p) => p.source === 'BigQuery' && p.dataRange !== null);

export function toApp(row: AppRow, pluginRows: PluginRow[]): App {
  const details = row.details as Partial<App>;
  const plugins = pluginRows.filter((p) => p.app_id === row.id).map(toPlugin);
  return {
    googleStatus: 'NotReady',
    appleStatus: 'NotReady',
    apiKeys: [],
    deepLinks: [],
    ...details,
    id: row.id,
    workspaceId: row.workspace_id,
    appName: row.app_name,
    platform: row.platform,
    enabled: row.enabled,
    image: fileUrl(row.image_file_id),
    plugins,
    enableAnalyze: analyzeEnabled(plugins),
  };
}

export async function loadApps(db: Kysely<Database>, workspaceIds: string[]): Promise<App[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db.selectFrom('apps').selectAll().where('workspace_id', 'in', workspaceIds).orderBy('created_at').orderBy('app_name').execute();
  if (rows.length === 0) return [];
  const plugins = await db.selectFrom('plugins').selectAll().where('app_id', 'in', rows.map((r) => r.id)).orderBy('created_at').execute();
  return rows.map((row) => toApp(row, plugins));
}

export async function loadApp(db: Kysely<Database>, appId: string): Promise<App | null> {
  const row = await db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  if (!row) return null;
  const plugins = await db.selectFrom('plugins').selectAll().where('app_id', '=', appId).execute();
  return toApp(row, plugins);
}

export async function setAppEnabled(db: Kysely<Database>, appId: string, enabled: boolean) {
  await db.updateTable('apps').set({ enabled }).where('id', '=', appId).execute();
  return enabled;
}
