/**
 * App entity (SPEC §3): store listing, plugins, API keys, deeplinks and settings of one Android or iOS app; and the
 * apps area's endpoints (SPEC §7 `POST /app/enable/{appId}`, under /api).
 */
import * as t from 'io-ts';
import { struct, nullable, Platform, AppParams } from './codecs';
import { endpoint } from './endpoint';
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

/** Apps route: open analyze/overview when the app has plugins, otherwise integrations/Overview (SPEC §2). */
export const appLandingSection = (app: Pick<App, 'plugins'>) =>
  app.plugins.length > 0 ? 'analyze/overview' : 'integrations/Overview';

export const EnableAppRequest = struct({ enabled: t.boolean });
export const EnableAppResponse = struct({ success: t.boolean, data: struct({ enabled: t.boolean }) });
export const AppResponse = struct({ success: t.boolean, data: App }, {}, 'AppResponse');

export const appsEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/app/:appId', params: AppParams, response: AppResponse }),
  /** The 'Show on Questboard App' switch. */
  enable: endpoint({ method: 'POST', path: '/api/app/enable/:appId', params: AppParams, body: EnableAppRequest, response: EnableAppResponse }),
};

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
