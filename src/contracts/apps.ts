/**
 * App entity (docs/apps.md §Entities): store listing, plugins, API keys, deeplinks and settings of one Android or iOS app; and the
 * apps area's endpoints (docs/apps.md §API endpoints `POST /app/enable/{appId}`, under /api).
 */
import * as t from 'io-ts';
import { struct, nullable, Platform, AppParams, WorkspaceParams, Name, Id, MAX, line, boundedString } from './codecs';
import { endpoint, multipart } from './endpoint';
import { Plugin } from './plugin';

export const StoreStatus = t.keyof({ NotReady: null, InDev: null, InStore: null }, 'StoreStatus');
export type StoreStatus = t.TypeOf<typeof StoreStatus>;

export const ApiKey = struct(
  { key: t.string, type: t.keyof({ api: null, s2s: null }), status: t.keyof({ active: null, terminated: null }) },
  { id: t.number },
  'ApiKey',
);
export type ApiKey = t.TypeOf<typeof ApiKey>;

export const Deeplink = struct({ id: t.string, type: t.string, url: t.string, platform: t.string }, {}, 'Deeplink');
export type Deeplink = t.TypeOf<typeof Deeplink>;

export const NotificationSettings = struct({ questStart: t.boolean, questComplete: t.boolean });

export const App = struct(
  {
    id: t.string,
    appName: t.string,
    platform: Platform,
    enabled: t.boolean,
    image: nullable(t.string),
    plugins: t.array(Plugin),
  },
  {
    workspaceId: t.string,
    enableAnalyze: t.boolean,
    googleStatus: StoreStatus,
    googlePackageName: nullable(t.string),
    googleStoreUrl: nullable(t.string),
    appleStatus: StoreStatus,
    appleBundleId: nullable(t.string),
    applePackageName: nullable(t.string),
    appleStoreUrl: nullable(t.string),
    catalogue: t.array(t.unknown),
    deepLinks: t.array(Deeplink),
    apiKeys: t.array(ApiKey),
    callback: nullable(t.string),
    eventSchemas: t.array(t.unknown),
    crmInfo: nullable(t.unknown),
    notificationSettings: NotificationSettings,
    activePluginId: nullable(t.string),
  },
  'App',
);
export type App = t.TypeOf<typeof App>;

/** Apps route: open analyze/overview when the app has plugins, otherwise integrations/Overview (docs/apps.md §Screens and routes). */
export const appLandingSection = (app: Pick<App, 'plugins'>) =>
  app.plugins.length > 0 ? 'analyze/overview' : 'integrations/Overview';

export const EnableAppRequest = struct({ enabled: t.boolean });
export const EnableAppResponse = struct({ success: t.boolean, data: struct({ enabled: t.boolean }) });
export const AppResponse = struct({ success: t.boolean, data: App }, {}, 'AppResponse');

export const AppSearchResult = struct(
  { appId: t.string, title: t.string, platform: Platform },
  {
    developer: t.string,
    icon: t.string,
    url: t.string,
    appUrl: t.string,
    description: t.string,
    name: t.string,
    imageBase64: t.string,
    androidPackageName: t.string,
    appleBundleId: t.string,
    applePackageName: t.string,
  },
  'AppSearchResult',
);
export type AppSearchResult = t.TypeOf<typeof AppSearchResult>;

/** The store id of a listing: the Android package name or the iOS bundle id (the app id when the store gives none). */
export const listingStoreId = (listing: AppSearchResult) =>
  (listing.platform === 'android' ? listing.androidPackageName : listing.appleBundleId) ?? listing.appId;
/** What makes an app one store app in a workspace (the server's apps_store_app index): platform and store id, any case. */
export const storeKey = (platform: Platform, storeId: string) => `${platform}:${storeId.trim().toLowerCase()}`;
export const listingStoreKey = (listing: AppSearchResult) => storeKey(listing.platform, listingStoreId(listing));
/** The store key of a workspace's app, or null when it has no store id yet. */
export function appStoreKey(app: Pick<App, 'platform' | 'googlePackageName' | 'appleBundleId'>): string | null {
  const id = app.platform === 'android' ? app.googlePackageName : app.appleBundleId;
  return id?.trim() ? storeKey(app.platform, id) : null;
}

/** Which catalogue answered: the embedded sandbox catalogue, or the real stores (APP_STORE=live). */
export const Catalogue = t.keyof({ sandbox: null, store: null }, 'Catalogue');
export type Catalogue = t.TypeOf<typeof Catalogue>;

/** docs/apps.md §Rules and limits: search from 3 characters. The query is bounded like a name. */
export const SEARCH_MIN_CHARS = 3;
export const AppSearchQuery = struct({ platform: Platform, query: line(MAX.name) }, {}, 'AppSearchQuery');
/** docs/apps.md §API endpoints GET /app/search: success and a data list. */
export const AppSearchResponse = struct(
  { success: t.boolean, data: t.array(AppSearchResult) },
  { catalogue: Catalogue, message: t.string },
  'AppSearchResponse',
);

/** docs/apps.md §Messages search-modal error keys a store lookup answers with (the SPA shows docs/apps.md §Messages words for each). */
export const LookupError = t.keyof({ invalid_url: null, cant_load_data: null, cant_get_app_data: null }, 'LookupError');
export type LookupError = t.TypeOf<typeof LookupError>;
export const AppLookupQuery = struct({ url: line(MAX.url) }, {}, 'AppLookupQuery');
/** docs/apps.md §API endpoints app details by store URL: success, data, message (on `success: false` the message is a LookupError key). */
export const AppLookupResponse = struct(
  { success: t.boolean },
  { data: AppSearchResult, message: t.string, catalogue: Catalogue },
  'AppLookupResponse',
);

const StoreId = line(MAX.label);
const StoreUrl = line(MAX.url);
/** The `data` part of Create app (docs/apps.md §API endpoints): the app as docs/apps.md §Entities names its fields, from the reviewed store listing. */
export const NewAppData = struct(
  { appName: Name, platform: Platform },
  {
    googlePackageName: StoreId,
    googleStoreUrl: StoreUrl,
    appleBundleId: StoreId,
    applePackageName: StoreId,
    appleStoreUrl: StoreUrl,
    developer: line(MAX.name),
    description: boundedString(MAX.text),
  },
  'NewAppData',
);
export type NewAppData = t.TypeOf<typeof NewAppData>;
/** docs/apps.md §API endpoints Create app: multipart with `data` (JSON of the app), `image` and `organisationId`. */
export const CreateAppParts = multipart({ json: { data: NewAppData }, text: { organisationId: Id }, files: ['image'] });
export const CreateAppResponse = struct(
  { success: t.boolean, message: t.string },
  { data: struct({ id: t.string }) },
  'CreateAppResponse',
);
export type CreateAppResponse = t.TypeOf<typeof CreateAppResponse>;

/** docs/apps.md §Rules and limits / §Rules and limits: the app icon validator's limit (the helper text says 3 MB: both readings stand). */
export const APP_ICON_MAX_BYTES = 1_000_000;
export const APP_ICON_HELPER = 'PNG, JPG or GIF, up to 3 MB';

export const appsEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/app/:appId', params: AppParams, response: AppResponse }),
  /** The 'Show on Questboard App' switch. */
  enable: endpoint({
    method: 'POST',
    path: '/api/app/enable/:appId',
    params: AppParams,
    body: EnableAppRequest,
    response: EnableAppResponse,
  }),
  /** docs/apps.md §API endpoints `GET /app/search?platform&query` (under /api like every path of the main API, docs/architecture.md §Endpoints and errors). */
  search: endpoint({ method: 'GET', path: '/api/app/search', query: AppSearchQuery, response: AppSearchResponse }),
  /** App details by store URL (docs/apps.md §API endpoints: path not shown). */
  lookup: endpoint({
    method: 'GET',
    path: '/api/app/store-lookup',
    query: AppLookupQuery,
    response: AppLookupResponse,
  }),
  /** Create app (docs/apps.md §API endpoints: path not shown): into the workspace of the path, which `organisationId` must name too. */
  create: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/apps',
    params: WorkspaceParams,
    body: CreateAppParts,
    response: CreateAppResponse,
  }),
};

/** A Google Play or App Store listing URL read: its platform and store id; null when it is neither. */
export interface StoreUrl {
  platform: Platform;
  /** Android package name, or the App Store's numeric id. */
  storeId: string;
}
const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
export function parseStoreUrl(text: string): StoreUrl | null {
  if (text.length > MAX.url) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (host === 'play.google.com' && url.pathname.replace(/\/$/, '') === '/store/apps/details') {
    const id = url.searchParams.get('id') ?? '';
    return PACKAGE.test(id) && id.length <= MAX.label ? { platform: 'android', storeId: id } : null;
  }
  if (host === 'apps.apple.com' || host === 'itunes.apple.com') {
    const match = /\/id(\d{1,12})\/?$/.exec(url.pathname);
    return match ? { platform: 'ios', storeId: match[1]! } : null;
  }
  return null;
}
