/** Plugins, credentials, plugin events and feed items (docs/integrations.md §Entities) for the integrations area. */
import * as t from 'io-ts';
import { struct, nullable } from './codecs';
import { PLUGIN_TYPE_REGISTRY, type PluginTypeName } from './plugin-types';

/** A plugin's type: a key of the plugin types registry (plugin-types.ts). */
export const PluginType = t.keyof(PLUGIN_TYPE_REGISTRY as Record<PluginTypeName, unknown>, 'PluginType');
export type PluginType = t.TypeOf<typeof PluginType>;

export const ConnectionStatus = t.keyof(
  { connected: null, disconnected: null, waiting_for_events: null, no_data: null, pending: null },
  'ConnectionStatus',
);
export type ConnectionStatus = t.TypeOf<typeof ConnectionStatus>;

export const PluginAttributes = struct(
  {},
  { dailyProcess: t.boolean, targetProject: t.string, targetProjectName: t.string },
);

export const DataRange = struct({ start: t.string, end: t.string });

/**
 * docs/integrations.md §Plugin states in-progress operations: integration (Connecting...), delete (Deleting...), bigquery_process_event
 * (Processing Data), function_deploy (the Firebase function-deploy in-progress state).
 */
export const InProgressOperation = t.keyof(
  { integration: null, delete: null, bigquery_process_event: null, function_deploy: null },
  'InProgressOperation',
);
export type InProgressOperation = t.TypeOf<typeof InProgressOperation>;

export const Plugin = struct(
  { id: t.string, source: PluginType, connected: ConnectionStatus },
  {
    appId: t.string,
    credentials: nullable(t.string),
    inProgress: t.array(InProgressOperation),
    attributes: PluginAttributes,
    refreshSchedule: nullable(t.string),
    lastRefresh: nullable(t.number),
    dataRange: nullable(DataRange),
    /** Its own silence threshold in hours, or null: the default of its kind (docs/notifications.md §Silent sources). */
    silentHours: nullable(t.number),
  },
  'Plugin',
);
export type Plugin = t.TypeOf<typeof Plugin>;

export const CredentialType = t.keyof(
  { USER_OAUTH: null, TP_SERVICE_ACCOUNT: null, ORG_SERVICE_ACCOUNT: null },
  'CredentialType',
);
export const CredentialProject = struct({
  tpAppId: t.string,
  packageName: t.string,
  displayName: t.string,
  platform: t.string,
  appId: t.string,
  roles: t.array(t.string),
});
export const Credential = struct(
  { id: t.string, type: CredentialType, authenticatedEntity: struct({ email: t.string }) },
  // `name`: the name given on the Credentials tab (docs/integrations.md §Credentials), when it has one.
  { projects: t.record(t.string, t.array(CredentialProject)), name: t.string },
  'Credential',
);
export type Credential = t.TypeOf<typeof Credential>;

export const RevenueType = t.keyof({ ads: null, iap: null, other: null }, 'RevenueType');
export const MonetizeMetadata = struct({ revenueEp: t.string, revenueType: RevenueType, currencyEp: t.string });
export const PluginEventStatus = t.keyof({ ACTIVE: null, ENABLED: null, DISABLED: null });
export const PluginEvent = struct(
  { id: t.string, eventName: t.string, status: PluginEventStatus },
  {
    event_params: t.record(t.string, t.string),
    lastReceivedAt: t.number,
    monetizeMetadata: nullable(MonetizeMetadata),
  },
  'PluginEvent',
);
export type PluginEvent = t.TypeOf<typeof PluginEvent>;

export const FeedType = t.keyof({ error: null, success: null, default: null });
/** A Latest Updates line: the plugin's own update, or a person's change from the activity log (`by`: who). */
export const FeedItem = struct(
  { createdAt: t.number, message: t.string },
  { type: FeedType, by: t.string },
  'FeedItem',
);
export type FeedItem = t.TypeOf<typeof FeedItem>;
