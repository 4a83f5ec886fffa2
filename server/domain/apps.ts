/**
 * Apps (SPEC §3, §4): rows of apps + plugins mapped to the contract shape, the enabled switch, and THE rule for
 * "Analyze is enabled", used both for an app's `enableAnalyze` (what the UI shows) and by server/domain/analyze.ts
 * before it runs a report (the 409 `analyze_not_enabled`), so the two can never disagree.
 */
import type { Selectable } from 'kysely';
import type { AppsTable, PluginsTable } from '../db/schema';
import type { App } from '../../src/contracts/apps';
import type { Plugin } from '../../src/contracts/plugin';
import type { ServerContext } from '../context';
import { fileUrl } from './files';
import { notFound } from './errors';

export function toPlugin(row: Selectable<PluginsTable>): Plugin {
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

type PluginRow = Selectable<PluginsTable>;
/** A BigQuery plugin with its processed data range. */
export type AnalyzePlugin = PluginRow & { data_start: string; data_end: string };

/**
 * SPEC §4: Analyze is enabled only after the BigQuery plugin has data, i.e. a processed data range (set when its
 * data is processed: BigQuery "process data", or the embedded store's demo events). The first such plugin (oldest
 * first) is the one reports run with; undefined when Analyze is not enabled. `plugins` are the app's plugin rows.
 */
export function analyzePlugin(plugins: readonly PluginRow[]): AnalyzePlugin | undefined {
  return [...plugins]
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .find((p): p is AnalyzePlugin => p.type === 'BigQuery' && !!p.data_start && !!p.data_end);
}

const pluginRows = (ctx: ServerContext, appIds: readonly string[]) =>
  ctx.db.selectFrom('plugins').selectAll().where('app_id', 'in', appIds).orderBy('created_at').execute();

/** The plugin Analyze of an app runs with, or undefined when Analyze is not enabled for it. */
export async function analyzePluginOf(ctx: ServerContext, appId: string): Promise<AnalyzePlugin | undefined> {
  return analyzePlugin(await pluginRows(ctx, [appId]));
}

export async function isAnalyzeEnabled(ctx: ServerContext, appId: string): Promise<boolean> {
  return (await analyzePluginOf(ctx, appId)) !== undefined;
}

export function toApp(row: Selectable<AppsTable>, allPluginRows: readonly PluginRow[]): App {
  const details = row.details as Partial<App>;
  const rows = allPluginRows.filter((p) => p.app_id === row.id);
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
    plugins: rows.map(toPlugin),
    enableAnalyze: analyzePlugin(rows) !== undefined,
  };
}

export async function loadApps(ctx: ServerContext, workspaceIds: string[]): Promise<App[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('apps').selectAll().where('workspace_id', 'in', workspaceIds).orderBy('created_at').orderBy('app_name').execute();
  if (rows.length === 0) return [];
  const plugins = await pluginRows(ctx, rows.map((r) => r.id));
  return rows.map((row) => toApp(row, plugins));
}

export async function loadApp(ctx: ServerContext, appId: string): Promise<App> {
  const row = await ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  if (!row) throw notFound('App');
  return toApp(row, await pluginRows(ctx, [appId]));
}

export async function setAppEnabled(ctx: ServerContext, appId: string, enabled: boolean) {
  await ctx.db.updateTable('apps').set({ enabled }).where('id', '=', appId).execute();
  return enabled;
}
