/**
 * The Adjust integration's calls (docs/postbacks.md §Screens and routes Adjust tab, §Partner plugin states Adjust lifecycle, §Rules and limits Adjust rules, §API endpoints connect Adjust with
 * partner link and file, save events file; §Messages Adjust messages; events CSV format docs/domain.md, ours). The form rules,
 * messages and the CSV row checks live in integrations.ts (ADJUST_*, partnerLinkError, adjustEventsFromRecords).
 *
 * Paths are ours (docs/postbacks.md §API endpoints: "connect Adjust (partner link and file): paths not shown"); the events-file path is the one
 * integrations.ts documents:
 *   GET  /api/app/:appId/adjust                                      → AdjustIntegrationResponse     (viewer)
 *   POST /api/app/:appId/adjust/connect       multipart partnerLink + file (.csv) → AdjustFileAnswer (editor)
 *   POST /api/app/:appId/adjust/events-file   multipart file (.csv)   → AdjustFileAnswer              (editor)
 *        ?removeEvents=true confirms a file that drops events of the current one: without it such a file is not saved
 *        and the answer names the events it would remove (`removes`), for the publisher to confirm first.
 *   POST /api/app/:appId/adjust/partner-link  PartnerLinkRequest      → SuccessResponse               (editor)
 * A file with invalid lines is a domain outcome: `{success: false, errors: ['line 3: …']}` and nothing is stored.
 * "Partner link not found! Can't update!" is the 404 (code `partner_link_not_found`) of the partner-link call.
 */
import * as t from 'io-ts';
import { AppParams, MAX, line, nullable, struct } from './codecs';
import { endpoint, multipart } from './endpoint';
import { Plugin, RevenueType } from './plugin';
import { SuccessResponse } from './integrations';
import { MUST_BE_URL, isHttpUrl } from './validation';

/** Largest events file accepted (bytes): a few thousand events. */
export const ADJUST_EVENTS_FILE_MAX_BYTES = 256 * 1024;
/** Most events one file may hold. */
export const ADJUST_EVENTS_MAX = 2000;
export const PARTNER_LINK_NOT_FOUND_CODE = 'partner_link_not_found';

/** docs/postbacks.md §Rules and limits: partnerLink a required URL string (http or https, single line, bounded). */
export const PartnerLink = line(MAX.url, {
  name: 'PartnerLink',
  expected: 'a valid URL',
  check: (s) => (isHttpUrl(s) ? null : MUST_BE_URL),
});

/** One event of the app's Adjust events file, as the client shows and downloads it (revenue nested). */
export const AdjustEvent = struct(
  { event_token: t.string, event_name: t.string },
  { revenue: struct({ type: RevenueType }, { currency: t.string, param: t.string }, 'AdjustEventRevenue') },
  'AdjustEvent',
);
export type AdjustEvent = t.TypeOf<typeof AdjustEvent>;

export const AdjustIntegrationResponse = struct(
  { success: t.boolean, partnerLink: nullable(t.string), events: t.array(AdjustEvent) },
  { fileName: nullable(t.string), uploadedAt: nullable(t.number) },
  'AdjustIntegrationResponse',
);
export type AdjustIntegrationResponse = t.TypeOf<typeof AdjustIntegrationResponse>;

/**
 * The answer of a file upload: success with the plugin, or the lines that are wrong, or the events a new file would
 * remove while that was not confirmed (nothing stored in either case).
 */
export const AdjustFileAnswer = struct(
  { success: t.boolean },
  { plugin: Plugin, errors: t.array(t.string), removes: t.array(t.string) },
  'AdjustFileAnswer',
);
export type AdjustFileAnswer = t.TypeOf<typeof AdjustFileAnswer>;

export const AdjustConnectParts = multipart({ text: { partnerLink: PartnerLink }, files: ['file'] });
export const AdjustEventsFileParts = multipart({ files: ['file'] });
/** The confirm before a new events file removes events (our words). */
export const REMOVE_EVENTS_TITLE = 'Remove Events?';
export const removeEventsQuestion = (count: number) =>
  `The new events file does not have ${count === 1 ? 'this event' : `these ${count} events`}. Saving it removes ${count === 1 ? 'it' : 'them'} from the conversion events; events already received stay.`;
/** `removeEvents=true`: the publisher confirmed the events the new file removes. */
export const AdjustEventsFileQuery = struct({}, { removeEvents: t.keyof({ true: null }) }, 'AdjustEventsFileQuery');
export const PartnerLinkRequest = struct({ partnerLink: PartnerLink }, {}, 'PartnerLinkRequest');
export type PartnerLinkRequest = t.TypeOf<typeof PartnerLinkRequest>;

export const adjustEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/app/:appId/adjust',
    params: AppParams,
    response: AdjustIntegrationResponse,
  }),
  connect: endpoint({
    method: 'POST',
    path: '/api/app/:appId/adjust/connect',
    params: AppParams,
    body: AdjustConnectParts,
    response: AdjustFileAnswer,
  }),
  saveEventsFile: endpoint({
    method: 'POST',
    path: '/api/app/:appId/adjust/events-file',
    params: AppParams,
    query: AdjustEventsFileQuery,
    body: AdjustEventsFileParts,
    response: AdjustFileAnswer,
  }),
  updatePartnerLink: endpoint({
    method: 'POST',
    path: '/api/app/:appId/adjust/partner-link',
    params: AppParams,
    body: PartnerLinkRequest,
    response: SuccessResponse,
  }),
};

/**
 * The callback the publisher sets up in Adjust for Questboard (the app's postback URL with Adjust's placeholders, read
 * by server/areas/integrations/adjust/postback-format.ts). sub1 / sub3 are the callback parameters the quest link carries.
 */
export const ADJUST_CALLBACK_PARAMS = [
  'activity_kind',
  'event',
  'revenue',
  'currency',
  'adid',
  'gps_adid',
  'idfa',
  'created_at',
  'installed_at',
  'sub1',
  'sub2',
  'sub3',
] as const;
export const adjustCallbackTemplate = (postbackUrl: string) =>
  `${postbackUrl}?${ADJUST_CALLBACK_PARAMS.map((name) => `${name}={${name}}`).join('&')}`;
