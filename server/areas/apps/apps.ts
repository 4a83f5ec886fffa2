/**
 * Apps (docs/apps.md §Entities, §App states): rows of apps + plugins mapped to the contract shape, the enabled switch, and THE rule for
 * "Analyze is enabled", used both for an app's `enableAnalyze` (what the UI shows) and by server/areas/analyze/analyze.ts
 * before it runs a report (the 409 `analyze_not_enabled`), so the two can never disagree. Adding an app (docs/apps.md §Screens and routes
 * search modal → review → Add App, §API endpoints search / details by store URL / create app) goes through the configured app
 * store provider (server/providers/app-store/).
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';
import type { AppsTable, PluginsTable } from '../../db/schema';
import {
  APP_ICON_MAX_BYTES,
  parseStoreUrl,
  SEARCH_MIN_CHARS,
  type App,
  type NewAppData,
} from '../../../src/contracts/apps';
import type { Platform } from '../../../src/contracts/codecs';
import type { Plugin } from '../../../src/contracts/plugin';
import { FILE_TOO_LARGE, ICON_TYPE_MESSAGE } from '../../../src/contracts/workspace';
import { newId } from '../../auth/crypto';
import { inTransaction, type ServerContext } from '../../context';
import { StoreUnavailableError } from '../../providers/app-store/provider';
import { fileUrl, storeFile, type UploadedImage } from '../files/index';
import { apiKeysOf } from './api-keys';
import { deeplinksOf } from './deeplinks/deeplinks';
import { conflict, invalid, notFound, unavailable } from '../../errors';
import { checkIconDimensions } from '../files/index';
import { JsonObject, writeJson } from '../../db/json-column';
import { emit } from '../../events/outbox';
import { pluginRowsOf, pluginsJsonOf } from '../integrations/index';
import { changesOf } from '../../../src/contracts/domain-events';

/** Rows as read directly or as nested JSON (jsonArrayFrom, server/areas/workspace/accounts.ts: timestamps arrive as text). */
type AppRow = Omit<Selectable<AppsTable>, 'created_at'>;
type PluginRow = Omit<Selectable<PluginsTable>, 'created_at' | 'last_refresh'> & {
  created_at: Date | string;
  last_refresh: Date | string | null;
};

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

/** A BigQuery plugin with its processed data range. */
export type AnalyzePlugin = PluginRow & { data_start: string; data_end: string };

/**
 * docs/apps.md §App states: Analyze is enabled only after the BigQuery plugin has data, i.e. a processed data range (set when its
 * data is processed: BigQuery "process data", or the embedded store's demo events). The first such plugin (oldest
 * first) is the one reports run with; undefined when Analyze is not enabled. `plugins` are the app's plugin rows.
 */
export function analyzePlugin(plugins: readonly PluginRow[]): AnalyzePlugin | undefined {
  return [...plugins]
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .find((p): p is AnalyzePlugin => p.type === 'BigQuery' && !!p.data_start && !!p.data_end);
}

/** The plugin Analyze of an app runs with, or undefined when Analyze is not enabled for it. */
export async function analyzePluginOf(ctx: ServerContext, appId: string): Promise<AnalyzePlugin | undefined> {
  return analyzePlugin(await pluginRowsOf(ctx, [appId]));
}

export async function isAnalyzeEnabled(ctx: ServerContext, appId: string): Promise<boolean> {
  return (await analyzePluginOf(ctx, appId)) !== undefined;
}

export function toApp(row: AppRow, allPluginRows: readonly PluginRow[]): App {
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
  const rows = await ctx.db
    .selectFrom('apps')
    .selectAll()
    .where('workspace_id', 'in', workspaceIds)
    .orderBy('created_at')
    .orderBy('app_name')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [plugins, keys, links] = await Promise.all([
    pluginRowsOf(ctx, ids),
    apiKeysOf(ctx, ids),
    deeplinksOf(ctx, ids),
  ]);
  return rows.map((row) => ({
    ...toApp(row, plugins),
    apiKeys: keys.get(row.id) ?? [],
    deepLinks: links.get(row.id) ?? [],
  }));
}

export async function loadApp(ctx: ServerContext, appId: string): Promise<App> {
  const row = await ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  if (!row) throw notFound('App');
  const [plugins, keys, links] = await Promise.all([
    pluginRowsOf(ctx, [appId]),
    apiKeysOf(ctx, [appId]),
    deeplinksOf(ctx, [appId]),
  ]);
  return { ...toApp(row, plugins), apiKeys: keys.get(appId) ?? [], deepLinks: links.get(appId) ?? [] };
}

export async function setAppEnabled(ctx: ServerContext, appId: string, enabled: boolean) {
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('apps')
      .select(['workspace_id', 'app_name', 'enabled'])
      .where('id', '=', appId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx.db.updateTable('apps').set({ enabled }).where('id', '=', appId).execute();
    if (row.enabled !== enabled)
      await emit(tx, 'app.switched', {
        workspaceId: row.workspace_id,
        appId,
        appName: row.app_name,
        changes: [{ field: 'enabled', before: row.enabled, after: enabled }],
      });
  });
  return enabled;
}

// ------------------------------------------------------------------------------------------------ adding an app

/** Our words for the one refusal docs/apps.md §Messages leaves open: the same store app twice in one workspace. */
export const APP_ALREADY_ADDED = 'This app is already in this workspace.';
const APP_ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** The app icon by its content: a PNG, JPEG or GIF of at most 1,000,000 bytes (docs/apps.md §Rules and limits) and 1024 × 1024 pixels, else a 400. */
export function checkAppIcon(image: UploadedImage | undefined): void {
  if (!image) return;
  if (!image.detectedType || !APP_ICON_TYPES.includes(image.detectedType)) throw invalid(ICON_TYPE_MESSAGE, ['image']);
  if (image.bytes.length > APP_ICON_MAX_BYTES) throw invalid(FILE_TOO_LARGE, ['image'], 'file_too_large');
  checkIconDimensions(image);
}

/** docs/apps.md §API endpoints GET /app/search through the configured store (sandbox catalogue by default). */
export async function searchStore(ctx: ServerContext, platform: Platform, query: string) {
  if (query.trim().length < SEARCH_MIN_CHARS)
    return { success: true, data: [], catalogue: ctx.providers.appStore.catalogue };
  try {
    return {
      success: true,
      data: await ctx.providers.appStore.search(platform, query.trim()),
      catalogue: ctx.providers.appStore.catalogue,
    };
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      throw unavailable('The app store could not be searched. Please try again.', 'store_unavailable', error);
    throw error;
  }
}

/** App details by store URL: `success: false` with the docs/apps.md §Messages key as message when the store cannot give them. */
export async function lookupStore(ctx: ServerContext, url: string) {
  const outcome = await ctx.providers.appStore.lookup(url.trim());
  const catalogue = ctx.providers.appStore.catalogue;
  return outcome.ok
    ? { success: true, data: outcome.app, catalogue }
    : { success: false, message: outcome.reason, catalogue };
}

export interface NewAppInput {
  data: NewAppData;
  organisationId: string;
  image?: UploadedImage;
}

/** The store id that makes an app unique in a workspace (the apps_store_app index), checked against its store URL. */
function storeListing(data: NewAppData) {
  const android = data.platform === 'android';
  const id = android ? data.googlePackageName : data.appleBundleId;
  const field = android ? 'googlePackageName' : 'appleBundleId';
  if (!id?.trim()) throw invalid(`${field} is required for an ${android ? 'Android' : 'iOS'} app`, [field]);
  const url = android ? data.googleStoreUrl : data.appleStoreUrl;
  if (url !== undefined) {
    const parsed = parseStoreUrl(url);
    const matches =
      parsed?.platform === data.platform &&
      (android ? parsed.storeId === id : !data.applePackageName || parsed.storeId === data.applePackageName);
    if (!matches)
      throw invalid(`${android ? 'googleStoreUrl' : 'appleStoreUrl'} must be the app's store listing`, [
        android ? 'googleStoreUrl' : 'appleStoreUrl',
      ]);
  }
  return android
    ? { googleStatus: 'InStore', googlePackageName: id.trim(), ...(url ? { googleStoreUrl: url } : {}) }
    : {
        appleStatus: 'InStore',
        appleBundleId: id.trim(),
        ...(data.applePackageName ? { applePackageName: data.applePackageName } : {}),
        ...(url ? { appleStoreUrl: url } : {}),
      };
}

/**
 * Create app (docs/apps.md §API endpoints multipart data, image, organisationId) into the workspace of the path: the listing's store
 * fields, its developer and description, and the icon (PNG, JPG or GIF by its bytes, at most 1,000,000 bytes: the
 * docs/apps.md §Rules and limits app icon validator). The same store app twice in one workspace is refused (409) by a unique index, so two
 * concurrent adds cannot both succeed.
 */
export async function createApp(
  ctx: ServerContext,
  workspaceId: string,
  { data, organisationId, image }: NewAppInput,
): Promise<string> {
  if (organisationId !== workspaceId)
    throw invalid('organisationId must be the workspace of the path', ['organisationId']);
  const listing = storeListing(data);
  checkAppIcon(image);
  const id = newId();
  try {
    await inTransaction(ctx, async (tx) => {
      const imageId = image ? await storeFile(tx, image.detectedType!, image.bytes) : null;
      const details = {
        notificationSettings: { questStart: true, questComplete: true },
        ...listing,
        ...(data.developer ? { developer: data.developer } : {}),
        ...(data.description ? { description: data.description } : {}),
      };
      await tx.db
        .insertInto('apps')
        .values({
          id,
          workspace_id: workspaceId,
          app_name: data.appName.trim(),
          platform: data.platform,
          enabled: true,
          image_file_id: imageId,
          details: writeJson(JsonObject, details),
        })
        .execute();
      await emit(tx, 'app.added', {
        workspaceId,
        appId: id,
        appName: data.appName.trim(),
        changes: changesOf(null, { platform: data.platform, ...listing, icon: imageId ? 'set' : null }),
      });
    });
  } catch (error) {
    if ((error as { code?: unknown })?.code === '23505') throw conflict(APP_ALREADY_ADDED, 'app_exists');
    throw error;
  }
  return id;
}

/**
 * The apps of the workspace row of the enclosing query (`workspaces`), each with its plugins, key prefixes and deep
 * links, as a JSON array (the account answer is one statement; `toApp` reads each element).
 */
export const appsJsonOf = (eb: ExpressionBuilder<Database, 'workspaces'>) =>
  jsonArrayFrom(
    eb
      .selectFrom('apps')
      .selectAll('apps')
      .select((apps) => pluginsJsonOf(apps).as('plugins'))
      .select((apps) =>
        jsonArrayFrom(
          apps
            .selectFrom('app_api_keys')
            .select(['prefix', 'type', 'status'])
            .whereRef('app_api_keys.app_id', '=', 'apps.id')
            .orderBy('app_api_keys.created_at')
            .orderBy('app_api_keys.id'),
        ).as('api_keys'),
      )
      .select((apps) =>
        jsonArrayFrom(
          apps
            .selectFrom('app_deeplinks')
            .select(['id', 'type', 'url', 'platform'])
            .whereRef('app_deeplinks.app_id', '=', 'apps.id')
            .orderBy('app_deeplinks.position')
            .orderBy('app_deeplinks.id'),
        ).as('deep_links'),
      )
      .whereRef('apps.workspace_id', '=', 'workspaces.id')
      .orderBy('apps.created_at')
      .orderBy('apps.app_name'),
  );
