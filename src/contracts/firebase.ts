/**
 * Firebase conversion events and the integration health line (docs/integrations.md remainder; docs/integrations.md §Screens and routes Firebase tab, §Entities plugin
 * event, §Plugin states Firebase no-data text, §API endpoints "Enable/disable Firebase events (pluginId, eventNames, appId)", §Messages "Firebase
 * enable/disable errors are only logged").
 *
 * Paths are ours (docs/integrations.md §API endpoints shows none):
 *   GET  /api/plugins/:pluginId/firebase/events            → ConversionEventsResponse            (viewer)
 *   POST /api/plugins/:pluginId/firebase/events/enable     ConversionEventsRequest → SuccessResponse (editor)
 *   POST /api/plugins/:pluginId/firebase/events/disable    ConversionEventsRequest → SuccessResponse (editor)
 *   GET  /api/app/:appId/integrations/health               → IntegrationHealthResponse           (viewer)
 */
import * as t from 'io-ts';
import { Id, MAX, line, nullable, struct } from './codecs';
import { endpoint } from './endpoint';
import { PluginEvent, PluginType } from './plugin';
import { AppPluginParams, PluginParams, SuccessResponse } from './integrations';
import { maxItems } from './validation';

/** At most this many events are enabled or disabled in one call (a Firebase project logs at most 500 event names). */
export const MAX_EVENTS_PER_CALL = 500;
/** A Firebase event name: up to 40 characters (Google Analytics' limit); we accept up to 100. */
export const FirebaseEventName = line(MAX.name, { name: 'FirebaseEventName' });

/** docs/integrations.md §API endpoints: enable / disable Firebase events (pluginId in the path, eventNames, appId). */
export const ConversionEventsRequest = struct(
  { eventNames: maxItems(FirebaseEventName, MAX_EVENTS_PER_CALL, 'EventNames'), appId: Id },
  {},
  'ConversionEventsRequest',
);
export type ConversionEventsRequest = t.TypeOf<typeof ConversionEventsRequest>;

export const ConversionEventsResponse = struct(
  { success: t.boolean, events: t.array(PluginEvent) },
  {},
  'ConversionEventsResponse',
);
export type ConversionEventsResponse = t.TypeOf<typeof ConversionEventsResponse>;

/** docs/integrations.md §Screens and routes Firebase tab words. The banner is the Firebase no-data text (docs/integrations.md §Plugin states) (NO_DATA_TEXT.Firebase). */
export const ENABLING_EVENTS = 'Enabling Events';
export const GO_TO_ACQUIRE = 'Go to Acquire';
/** Our words for the function-deploy in-progress state (docs/integrations.md §Screens and routes names the state, not its text). */
export const DEPLOYING_FUNCTION = 'Deploying the conversion function...';

// ---------------------------------------------------------------- health line (docs/integrations.md "Beyond the peers")

export const HealthStatus = t.keyof({ waiting: null, receiving: null, degraded: null, broken: null }, 'HealthStatus');
export type HealthStatus = t.TypeOf<typeof HealthStatus>;
export const HEALTH_LABELS: Record<HealthStatus, string> = {
  waiting: 'Waiting',
  receiving: 'Receiving',
  degraded: 'Degraded',
  broken: 'Broken',
};

export const HealthFinding = struct(
  { check: t.string, severity: t.keyof({ degraded: null, broken: null }), message: t.string },
  {},
  'HealthFinding',
);
export type HealthFinding = t.TypeOf<typeof HealthFinding>;

export const SourceHealth = struct(
  { source: PluginType, pluginId: t.string, status: HealthStatus, findings: t.array(HealthFinding) },
  { lastSeenAt: nullable(t.number), checkedAt: t.number },
  'SourceHealth',
);
export type SourceHealth = t.TypeOf<typeof SourceHealth>;

export const IntegrationHealthResponse = struct(
  { success: t.boolean, sources: t.array(SourceHealth) },
  {},
  'IntegrationHealthResponse',
);
export type IntegrationHealthResponse = t.TypeOf<typeof IntegrationHealthResponse>;

export const firebaseEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/api/plugins/:pluginId/firebase/events',
    params: PluginParams,
    response: ConversionEventsResponse,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/firebase/events/enable',
    params: PluginParams,
    body: ConversionEventsRequest,
    response: SuccessResponse,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/firebase/events/disable',
    params: PluginParams,
    body: ConversionEventsRequest,
    response: SuccessResponse,
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/app/:appId/integrations/health',
    params: AppPluginParams,
    response: IntegrationHealthResponse,
  }),
};
