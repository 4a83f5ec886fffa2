/**
 * The App Settings Events tab (docs/app-settings.md §Entities App eventSchemas; §Screens and routes Settings tab `events`): the app's events as seen in its
 * data, each with its parameters and their data types, merged over the app's plugins (the same plugin events the
 * Integrations Events table lists: server/areas/integrations/integrations.ts listPluginEvents).
 *
 *   GET /api/app/:appId/event-schemas?search=   → EventSchemasResponse   (viewer)
 */
import * as t from 'io-ts';
import { AppParams, MAX, line, struct } from './codecs';
import { endpoint } from './endpoint';

export const EventSchema = struct(
  {
    eventName: t.string,
    /** Parameter name → data type (STRING, INT64, FLOAT64 …), sorted by name. */
    params: t.record(t.string, t.string),
    /** The plugins (BigQuery, Firebase …) whose data carried it. */
    sources: t.array(t.string),
    /** Epoch milliseconds of the last time it was seen; 0 when never. */
    lastReceivedAt: t.number,
  },
  {},
  'EventSchema',
);
export type EventSchema = t.TypeOf<typeof EventSchema>;

export const EventSchemasQuery = struct({}, { search: line(MAX.name) }, 'EventSchemasQuery');
export const EventSchemasResponse = struct(
  {
    success: t.boolean,
    events: t.array(EventSchema),
    /** The app's plugins that bring events (an empty list: nothing is connected yet). */
    sources: t.array(t.string),
  },
  {},
  'EventSchemasResponse',
);
export type EventSchemasResponse = t.TypeOf<typeof EventSchemasResponse>;

export const eventSchemaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/event-schemas',
    params: AppParams,
    query: EventSchemasQuery,
    response: EventSchemasResponse,
  }),
};
