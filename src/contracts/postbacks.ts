/**
 * Attribution postbacks (docs/postbacks.md §Screens and routes AppsFlyer / Adjust tabs, §Partner plugin states Check Status, §API endpoints check plugin status): the
 * public endpoint partners send in-app event postbacks to, the app's postback URL, the postback log ("Beyond the
 * peers") and the check-status call whose "Events are received" means a postback row exists. Paths are ours.
 *
 *   GET|POST /postbacks/:source/:appId/:secret     partner postback (public; secret in the URL)   → PostbackAnswer
 *   GET  /api/plugins/:pluginId/status                                                   (editor) → CheckStatusResponse
 *   GET  /api/app/:appId/postbacks/:source/url                                           (editor) → PostbackUrlResponse
 *   GET  /api/app/:appId/postbacks/:source/log                                           (viewer) → PostbackLogResponse
 *   GET  /api/app/:appId/postbacks/:source/summary                                       (viewer) → PostbackSummaryResponse
 *   GET  /api/app/:appId/postbacks/:source/entries  PostbackLogQuery (filters, cursor)   (viewer) → PostbackLogPage
 *   GET  /api/app/:appId/postbacks/:source/entries/export  PostbackLogQuery (no cursor)  (viewer) → PostbackLogPage
 *   POST /api/app/:appId/appsflyer/enable                                                (editor) → PluginAnswer
 *   POST /api/app/:appId/appsflyer/test-links  TestLinkRequest                           (viewer) → TestLinkResponse
 *   GET  /t/:code                              the short test link (public)  → 302 to the test link, or 404 / 410 page
 *
 * `source` is the partner's name in lower case (partners.ts `sourceOf`): each partner of the registry that sends
 * postbacks has a format on the server (server/areas/integrations/<source>/postback-format.ts).
 */
import * as t from 'io-ts';
import { struct, nullable, line, boundedString, Id, Token, MAX } from './codecs';
import { isIsoDate } from './analyze';
import { binary, endpoint } from './endpoint';
import { ConnectionStatus, type PluginType } from './plugin';
import { isPostbackPartner, sourceOf } from './partners';
import {
  PluginAnswer,
  PluginParams,
  AppPluginParams,
  TestLinkParams,
  TestLinkRequest,
  TestLinkResponse,
} from './integrations';
import { SafeNumber } from './numbers';

/** The URL segment of a source's postbacks: its plugin type in lower case. */
export const postbackSourceOf = (type: PluginType): string => sourceOf(type);
/** Plugin types whose events arrive as postbacks: the partners of the registry that send them. */
export const hasPostbacks = (type: PluginType): boolean => isPostbackPartner(type);

/** Longest postback parameter value we accept (a rich event_value JSON fits). */
export const POSTBACK_VALUE_MAX = 4_000;
export const PostbackParams = struct({ source: line(32), appId: Id, secret: Token }, {}, 'PostbackParams');
export const PostbackQuery = t.record(line(MAX.label), boundedString(POSTBACK_VALUE_MAX), 'PostbackQuery');
/** A POSTed postback: JSON or a form, flat. */
export const PostbackBody = t.record(
  line(MAX.label),
  t.union([boundedString(POSTBACK_VALUE_MAX), SafeNumber, t.boolean, t.null]),
  'PostbackBody',
);
export const PostbackOutcome = t.keyof({ stored: null, duplicate: null }, 'PostbackOutcome');
export type PostbackOutcome = t.TypeOf<typeof PostbackOutcome>;
export const PostbackAnswer = struct({ success: t.boolean }, { outcome: PostbackOutcome }, 'PostbackAnswer');

export const PostbackSourceParams = struct({ appId: Id, source: line(32) }, {}, 'PostbackSourceParams');

export const PostbackLogOutcome = t.keyof({ stored: null, duplicate: null, refused: null }, 'PostbackLogOutcome');
export type PostbackLogOutcome = t.TypeOf<typeof PostbackLogOutcome>;
/** One line of the postback log: when, which event, what became of it and why, the device id masked. */
export const PostbackLogEntry = struct(
  {
    id: t.string,
    receivedAt: t.number,
    eventName: nullable(t.string),
    outcome: PostbackLogOutcome,
    reason: nullable(t.string),
    advertisingId: nullable(t.string),
  },
  {},
  'PostbackLogEntry',
);
export type PostbackLogEntry = t.TypeOf<typeof PostbackLogEntry>;
export const PostbackLogResponse = struct(
  { success: t.boolean, entries: t.array(PostbackLogEntry) },
  {},
  'PostbackLogResponse',
);
export type PostbackLogResponse = t.TypeOf<typeof PostbackLogResponse>;
/** How many log lines the tab shows. */
export const POSTBACK_LOG_LIMIT = 50;

// ------------------------------------------------------------------------------------------------ the postback log page

/** docs/postbacks.md §Postback log: entries per page, at most this many in one CSV, the longest search text. */
export const POSTBACK_LOG_PAGE_SIZE = 50;
export const POSTBACK_LOG_EXPORT_LIMIT = 10_000;
export const POSTBACK_LOG_SEARCH_MAX = 100;
/** The longest event name and device id a filter takes (the stored values are bounded by the formats). */
export const POSTBACK_LOG_FILTER_MAX = 200;

/** Why a postback was not stored, as a bounded code (the reason's words say the detail). */
export const PostbackReasonCode = t.keyof(
  {
    already_received: null,
    plugin_missing: null,
    plugin_disconnected: null,
    malformed: null,
    unknown_event: null,
  },
  'PostbackReasonCode',
);
export type PostbackReasonCode = t.TypeOf<typeof PostbackReasonCode>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** A day `YYYY-MM-DD` (UTC, the whole day) or an instant in ISO 8601 with its offset (`2026-11-20T10:00Z`). */
export function isPostbackLogTime(s: string): boolean {
  const day = s.slice(0, 10);
  if (s.length === 10) return isIsoDate(day);
  return ISO_INSTANT.test(s) && isIsoDate(day) && !Number.isNaN(Date.parse(s));
}
export const PostbackLogTime = line(MAX.date, {
  name: 'PostbackLogTime',
  expected: 'a day (YYYY-MM-DD) or an ISO 8601 time',
  check: (s) => (isPostbackLogTime(s) ? null : 'must be a day (YYYY-MM-DD) or an ISO 8601 time with its offset'),
});

export const PostbackLogQuery = struct(
  {},
  {
    /** The event name, exactly. */
    event: line(POSTBACK_LOG_FILTER_MAX),
    outcome: PostbackLogOutcome,
    /** The device id (advertising id), exactly. */
    device: line(POSTBACK_LOG_FILTER_MAX),
    /** Received at or after (a day: from its start, UTC). */
    from: PostbackLogTime,
    /** Received at or before (a day: to its end, UTC). */
    to: PostbackLogTime,
    /** Text searched in event names, device ids and reasons (case-insensitive). */
    q: line(POSTBACK_LOG_SEARCH_MAX),
    /** The cursor of the next page, as the previous page answered it. */
    cursor: line(MAX.token),
  },
  'PostbackLogQuery',
);
export type PostbackLogQuery = t.TypeOf<typeof PostbackLogQuery>;

/** One line of the log page: a log line with its reason's code (null when stored). */
export const PostbackLogRow = struct(
  {
    id: t.string,
    receivedAt: t.number,
    eventName: nullable(t.string),
    outcome: PostbackLogOutcome,
    reasonCode: nullable(PostbackReasonCode),
    reason: nullable(t.string),
    advertisingId: nullable(t.string),
  },
  {},
  'PostbackLogRow',
);
export type PostbackLogRow = t.TypeOf<typeof PostbackLogRow>;
export const PostbackLogPage = struct(
  {
    success: t.literal(true),
    entries: t.array(PostbackLogRow),
    nextCursor: nullable(t.string),
    /**
     * A filter no index serves (event, outcome, search) looks among a bounded number of postbacks per request: when
     * the answer stopped there, the receipt time it searched back to (older ones: the next cursor); else null.
     */
    searchedTo: nullable(t.number),
  },
  {},
  'PostbackLogPage',
);
export type PostbackLogPage = t.TypeOf<typeof PostbackLogPage>;
/** The CSV's file name and columns (docs/postbacks.md §Postback log). */
export const POSTBACK_LOG_CSV_FILE_NAME = 'postbacks.csv';
export const POSTBACK_LOG_CSV_HEADER = [
  'Received (UTC)',
  'Event',
  'Outcome',
  'Reason code',
  'Reason',
  'Device ID',
] as const;

export const PostbackUrlResponse = struct({ success: t.boolean, url: t.string }, {}, 'PostbackUrlResponse');
export type PostbackUrlResponse = t.TypeOf<typeof PostbackUrlResponse>;

/** The conversion events received for the app from this source (docs/postbacks.md §Screens and routes conversion events list). */
export const ConversionEvent = struct(
  { eventName: t.string, count: t.number, lastReceivedAt: t.number },
  {},
  'ConversionEvent',
);
export type ConversionEvent = t.TypeOf<typeof ConversionEvent>;
export const PostbackSummaryResponse = struct(
  { success: t.boolean, eventsReceived: t.boolean, lastEventAt: nullable(t.number), events: t.array(ConversionEvent) },
  {},
  'PostbackSummaryResponse',
);
export type PostbackSummaryResponse = t.TypeOf<typeof PostbackSummaryResponse>;

/** docs/postbacks.md §API endpoints check plugin status (success and plugin.connected), plus whether postbacks arrived and the last one's time. */
export const CheckStatusResponse = struct(
  { success: t.boolean },
  {
    plugin: struct({ connected: ConnectionStatus }, {}, 'PluginStatus'),
    eventsReceived: t.boolean,
    lastEventAt: nullable(t.number),
  },
  'CheckStatusResponse',
);
export type CheckStatusResponse = t.TypeOf<typeof CheckStatusResponse>;

/** docs/postbacks.md §Screens and routes status chip. */
export const EVENTS_RECEIVED = 'Events are received';
export const NO_EVENTS_RECEIVED = 'No Events Received';
/** The feed line of a waiting plugin that its first stored postback connected. */
export const connectedByPostback = (source: PluginType) => `${source} connected: events are received.`;
/** What Check Status says when the plugin still waits and nothing arrived (ours: docs/postbacks.md §Partner plugin states gives no words). */
export const NO_EVENTS_YET = 'No events received yet';
/** docs/postbacks.md §Partner plugin states Check Status success (10 s), e.g. 'AppsFlyer connected successfully'. */
export const connectedSuccessfully = (source: string) => `${source} connected successfully`;

/** Shows the first and last 4 characters of a device id (the postback log never shows it whole). */
export function maskAdvertisingId(id: string | null | undefined): string | null {
  if (!id) return null;
  return id.length <= 8 ? '****' : `${id.slice(0, 4)}…${id.slice(-4)}`;
}

export const postbackEndpoints = {
  receiveGet: endpoint({
    method: 'GET',
    path: '/postbacks/:source/:appId/:secret',
    params: PostbackParams,
    query: PostbackQuery,
    response: PostbackAnswer,
  }),
  receivePost: endpoint({
    method: 'POST',
    path: '/postbacks/:source/:appId/:secret',
    params: PostbackParams,
    query: PostbackQuery,
    body: PostbackBody,
    response: PostbackAnswer,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/plugins/:pluginId/status',
    params: PluginParams,
    response: CheckStatusResponse,
  }),
  url: endpoint({
    method: 'GET',
    path: '/api/app/:appId/postbacks/:source/url',
    params: PostbackSourceParams,
    response: PostbackUrlResponse,
  }),
  log: endpoint({
    method: 'GET',
    path: '/api/app/:appId/postbacks/:source/log',
    params: PostbackSourceParams,
    response: PostbackLogResponse,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/app/:appId/postbacks/:source/summary',
    params: PostbackSourceParams,
    response: PostbackSummaryResponse,
  }),
  /** The postback log page: filtered, newest first, 50 a page by cursor. */
  entries: endpoint({
    method: 'GET',
    path: '/api/app/:appId/postbacks/:source/entries',
    params: PostbackSourceParams,
    query: PostbackLogQuery,
    response: PostbackLogPage,
  }),
  /** Every entry the filters match, newest first, up to POSTBACK_LOG_EXPORT_LIMIT: the SPA writes them as CSV. */
  exportEntries: endpoint({
    method: 'GET',
    path: '/api/app/:appId/postbacks/:source/entries/export',
    params: PostbackSourceParams,
    query: PostbackLogQuery,
    response: PostbackLogPage,
  }),
};

export const appsflyerEndpoints = {
  /** Enable Plugin (docs/postbacks.md §Screens and routes): creates the app's AppsFlyer plugin waiting for events, or re-enables a disconnected one. */
  enable: endpoint({
    method: 'POST',
    path: '/api/app/:appId/appsflyer/enable',
    params: AppPluginParams,
    response: PluginAnswer,
  }),
  /** Generate Link: the test link for a device, stored behind a short link that the QR code holds. */
  testLink: endpoint({
    method: 'POST',
    path: '/api/app/:appId/appsflyer/test-links',
    params: AppPluginParams,
    body: TestLinkRequest,
    response: TestLinkResponse,
  }),
  /** The short link (public, what the test device scans): 302 to the test link, or a page saying it is unknown or expired. */
  openTestLink: endpoint({ method: 'GET', path: '/t/:code', params: TestLinkParams, response: binary }),
};
