/**
 * Integrations calls, form rules and constants (SPEC §2 Integrations page, AppsFlyer and Adjust tabs; §3 AppsFlyer test
 * link parameters; §4 plugin statuses and Check Status; §5 revenue settings, GCP project name, AppsFlyer test
 * advertising id, Adjust; §7 plugin calls; §8 revenue and integrations messages; §9 plugin constants).
 * The entities themselves (Plugin, Credential, PluginEvent, FeedItem) live in plugin.ts. Adjust events CSV format:
 * DOMAIN.md (ours): header event_token,event_name plus optional revenue_type, currency, revenue_param.
 *
 * Calls whose path and shape SPEC §7 gives (our server mounts them under /api):
 *   GET  /plugins/{pluginId}          → Plugin; the client yields PluginFailure {success:false, reason} on failure
 *   POST /plugins/{pluginId}/update   UpdatePluginRequest → SuccessResponse
 * Calls with a shape but no path in SPEC §7; paths ours:
 *   GET    /api/plugins/:pluginId/status                            → CheckPluginStatusResponse      (viewer)
 *   PUT    /api/app/:appId/events/:eventId/revenue-settings  RevenueSettings → SuccessResponse       (editor)
 *   DELETE /api/app/:appId/events/:eventId/revenue-settings         → SuccessResponse               (editor)
 *   POST   /api/app/:appId/deeplinks/update      UpdateDeeplinkRequest → SuccessResponse            (editor)
 *   POST   /api/app/:appId/adjust/events-file    multipart `file` (.csv, AdjustEventRows) → SuccessResponse (editor)
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { struct, describeErrors, type Platform } from './codecs';
import { Deeplink } from './apps';
import {
  ConnectionStatus,
  CredentialType,
  MonetizeMetadata,
  Plugin,
  RevenueType,
  type PluginType,
} from './plugin';
import { type FieldErrors, REQUIRED, MUST_BE_URL, isBlank, isHttpUrl, mustBeOneOf, refine, requiredString } from './validation';

type RevenueTypeValue = t.TypeOf<typeof RevenueType>;
type CredentialTypeValue = t.TypeOf<typeof CredentialType>;

// ---------------------------------------------------------------- constants (SPEC §2, §9)

export const PLUGIN_TYPES: readonly PluginType[] = ['BigQuery', 'Firebase', 'AppsFlyer', 'Adjust', 'Singular'];
export const CREDENTIAL_TYPES: readonly CredentialTypeValue[] = ['USER_OAUTH', 'TP_SERVICE_ACCOUNT', 'ORG_SERVICE_ACCOUNT'];

export const REVENUE_TYPES: readonly RevenueTypeValue[] = ['ads', 'iap', 'other'];
export const REVENUE_TYPE_LABELS: Record<RevenueTypeValue, string> = { ads: 'Ads', iap: 'IAP', other: 'Other' };

const EVENT_SOURCE_FEATURES = ['Real-Time Quest Triggers', 'Enhanced User Segmentation', 'Custom Analytics for Engagement'];
/** Features Unlocked per plugin (SPEC §9). Singular has no plugin screen (SPEC §2), so none are listed. */
export const FEATURES_UNLOCKED: Record<PluginType, readonly string[]> = {
  BigQuery: ['Actionable Game Insights', 'AI-Driven Quest Generation'],
  Firebase: EVENT_SOURCE_FEATURES,
  AppsFlyer: EVENT_SOURCE_FEATURES,
  Adjust: EVENT_SOURCE_FEATURES,
  Singular: [],
};

/** Integrations Overview table (SPEC §2): rows, and which sources support each. */
export const INTEGRATION_CAPABILITIES = ['Custom Analytics', 'Smart Quests', 'Realtime Triggers'] as const;
export type IntegrationCapability = (typeof INTEGRATION_CAPABILITIES)[number];
export const SUPPORTED_CAPABILITIES: Record<PluginType, readonly IntegrationCapability[]> = {
  BigQuery: ['Custom Analytics', 'Smart Quests'],
  Firebase: ['Realtime Triggers'],
  AppsFlyer: ['Realtime Triggers'],
  Adjust: ['Realtime Triggers'],
  Singular: ['Realtime Triggers'],
};

export const APPSFLYER_CLICK_LOOKBACK = '7d';
export const APPSFLYER_REENGAGEMENT_WINDOW = '30d';
export const QR_CODE_SIZE = 150;
export const QR_CODE_ERROR_CORRECTION_LEVEL = 'H';
export const EVENTS_DOWNLOAD_FILENAME = 'events.csv';
export const EVENTS_UPLOAD_ACCEPT = '.csv';
/** AppsFlyer/Adjust snackbars (SPEC §9). */
export const INTEGRATION_SNACKBAR_MS = { error: 6000, success: 10000 } as const;
/** Events table search debounce (SPEC §2). */
export const EVENT_SEARCH_DEBOUNCE_MS = 500;

/** SPEC §8, verbatim. */
export const REVENUE_SETTINGS_MESSAGES = {
  saved: 'Revenue Settings saved successfully.',
  saveFailed: 'Failed to save Revenue Settings.',
  deleted: 'Revenue Settings deleted successfully.',
  deleteFailed: 'Failed to delete Revenue Settings.',
} as const;
export const ADJUST_MESSAGES = {
  statusFailed: "Can't check status of Adjust plugin!",
  partnerLinkUpdated: 'Partner link updated successfully!',
  partnerLinkUpdateFailed: 'Failed to update partner link!',
  partnerLinkNotFound: "Partner link not found! Can't update!",
  eventsFileSaved: 'Events file saved successfully!',
  eventsFileSaveFailed: 'Failed to save events file!',
} as const;
export const APPSFLYER_STATUS_FAILED = "Can't check status of AppsFlyer plugin!";

// ---------------------------------------------------------------- plugin calls (SPEC §7)

export const PluginParams = struct({ pluginId: t.string }, {}, 'PluginParams');

/** What the client yields when GET /plugins/{pluginId} fails (SPEC §7). */
export const PluginFailure = struct({ success: t.literal(false), reason: t.string }, {}, 'PluginFailure');
export type PluginFailure = t.TypeOf<typeof PluginFailure>;
export const GetPluginResponse = t.union([Plugin, PluginFailure], 'GetPluginResponse');
export type GetPluginResponse = t.TypeOf<typeof GetPluginResponse>;
export const isPluginFailure = (response: GetPluginResponse): response is PluginFailure =>
  'success' in response && response.success === false;

export const SuccessResponse = struct({ success: t.boolean }, {}, 'SuccessResponse');
export type SuccessResponse = t.TypeOf<typeof SuccessResponse>;

/** SPEC §7 POST /plugins/{pluginId}/update body. The target project fields matter only when writing results back. */
export const UpdatePluginRequest = struct(
  {
    attributes: struct({}, { targetProject: t.string, targetProjectName: t.string }, 'UpdatePluginAttributes'),
    credentialId: t.string,
  },
  {},
  'UpdatePluginRequest',
);
export type UpdatePluginRequest = t.TypeOf<typeof UpdatePluginRequest>;

/** SPEC §5: the GCP project name is a required string when 'write results back' is on (message not shown). */
export const targetProjectNameError = (writeResultsBack: boolean, name: unknown): string | null =>
  writeResultsBack ? requiredString(name) : null;

/** Check plugin status: success and plugin.connected (SPEC §7). */
export const CheckPluginStatusResponse = struct(
  { success: t.boolean },
  { plugin: struct({ connected: ConnectionStatus }, {}, 'PluginStatus') },
  'CheckPluginStatusResponse',
);
export type CheckPluginStatusResponse = t.TypeOf<typeof CheckPluginStatusResponse>;
/** SPEC §4 Check Status: reload plugins only when the answer succeeded and the plugin is now connected. */
export const isNowConnected = (response: CheckPluginStatusResponse): boolean =>
  response.success && response.plugin?.connected === 'connected';

/** Update deeplink: the deeplink id and the deeplink object carrying the new url (SPEC §7). */
export const UpdateDeeplinkRequest = struct({ deeplinkId: t.string, deeplink: Deeplink }, {}, 'UpdateDeeplinkRequest');
export type UpdateDeeplinkRequest = t.TypeOf<typeof UpdateDeeplinkRequest>;

// ---------------------------------------------------------------- revenue settings (SPEC §5, §7)

export const RevenueSettingsParams = struct({ appId: t.string, eventId: t.string }, {}, 'RevenueSettingsParams');
/** Body of save revenue settings: {revenueEp, revenueType, currencyEp} (same shape as PluginEvent.monetizeMetadata). */
export const RevenueSettings = MonetizeMetadata;
export type RevenueSettings = t.TypeOf<typeof MonetizeMetadata>;

/** SPEC §5: revenueEp, revenueType, currencyEp each required strings (revenueType one of ads, iap, other). */
export function validateRevenueSettings(form: Partial<Record<keyof RevenueSettings, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['revenueEp', 'revenueType', 'currencyEp'] as const) {
    const error = requiredString(form[field]);
    if (error) errors[field] = error;
  }
  if (!errors.revenueType && !RevenueType.is(form.revenueType)) errors.revenueType = mustBeOneOf(REVENUE_TYPES);
  return errors;
}

// ---------------------------------------------------------------- AppsFlyer (SPEC §2, §3, §5, §7, §9)

export const WHITESPACES_NOT_ALLOWED = 'whitespaces not allowed';

/** SPEC §5: 'required' if empty or blank, 'whitespaces not allowed' if it contains any whitespace, else null. */
export function advertisingIdError(value: string | null | undefined): string | null {
  if (isBlank(value)) return REQUIRED;
  return /\s/.test(value as string) ? WHITESPACES_NOT_ALLOWED : null;
}
/** Generate Link is disabled on error or when empty. */
export const canGenerateTestLink = (advertisingId: string | null | undefined): boolean =>
  advertisingIdError(advertisingId) === null;

/**
 * The AppsFlyer test attribution link's query (SPEC §3; parameter names per DOMAIN.md): site id, campaign name, pid,
 * click lookback, deep link target, sub1 user id placeholder, sub2 app id, sub3 quest id placeholder, re-engagement
 * window, is_retargeting false, and the device id: advertising_id (Android) or idfa (iOS, per DOMAIN.md).
 */
export const AppsFlyerTestLinkParams = struct(
  {
    af_siteid: t.string,
    c: t.string,
    pid: t.string,
    af_click_lookback: t.string,
    af_dp: t.string,
    af_sub1: t.string,
    af_sub2: t.string,
    af_sub3: t.string,
    af_reengagement_window: t.string,
    is_retargeting: t.literal('false'),
  },
  { advertising_id: t.string, idfa: t.string },
  'AppsFlyerTestLinkParams',
);
export type AppsFlyerTestLinkParams = t.TypeOf<typeof AppsFlyerTestLinkParams>;

export const APPSFLYER_LINK_BASE = 'https://app.appsflyer.com/';
/** Placeholders the quest service replaces when it serves the link (ours; SPEC does not show them). */
export const APPSFLYER_USER_ID_PLACEHOLDER = 'USER_ID';
export const APPSFLYER_QUEST_ID_PLACEHOLDER = 'QUEST_ID';

export interface AppsFlyerTestLinkInput {
  platform: Platform;
  /** Path of the link: the Android package name, or the iOS App Store id with its `id` prefix. */
  appPath: string;
  siteId: string;
  campaign: string;
  /** Differs for a small list of Android packages (SPEC §9; list not shown): the caller picks it. */
  pid: string;
  deepLinkTarget: string;
  /** Our app id, sent as sub2. */
  appId: string;
  advertisingId: string;
}

export function appsFlyerTestLinkParams(input: AppsFlyerTestLinkInput): AppsFlyerTestLinkParams {
  const deviceId = input.platform === 'ios' ? { idfa: input.advertisingId.trim() } : { advertising_id: input.advertisingId.trim() };
  return {
    af_siteid: input.siteId,
    c: input.campaign,
    pid: input.pid,
    af_click_lookback: APPSFLYER_CLICK_LOOKBACK,
    af_dp: input.deepLinkTarget,
    af_sub1: APPSFLYER_USER_ID_PLACEHOLDER,
    af_sub2: input.appId,
    af_sub3: APPSFLYER_QUEST_ID_PLACEHOLDER,
    af_reengagement_window: APPSFLYER_REENGAGEMENT_WINDOW,
    is_retargeting: 'false',
    ...deviceId,
  };
}

/** The link itself: provider domain, app package or App Store id as path, the parameters as query (SPEC §7). */
export function appsFlyerTestLink(input: AppsFlyerTestLinkInput): string {
  const query = new URLSearchParams(AppsFlyerTestLinkParams.encode(appsFlyerTestLinkParams(input)));
  return `${APPSFLYER_LINK_BASE}${encodeURIComponent(input.appPath)}?${query.toString()}`;
}

/** Link path for an app: Android package name; iOS `id` + the numeric App Store id from the store URL, else the bundle id. */
export function appsFlyerAppPath(app: {
  platform: Platform;
  googlePackageName?: string | null;
  appleStoreUrl?: string | null;
  appleBundleId?: string | null;
}): string | null {
  if (app.platform === 'android') return app.googlePackageName || null;
  const storeId = app.appleStoreUrl?.match(/\/id(\d+)/)?.[1];
  return storeId ? `id${storeId}` : app.appleBundleId || null;
}

// ---------------------------------------------------------------- Adjust (SPEC §2, §5; CSV format DOMAIN.md)

export const CSV_ONLY_HINT = 'Only .CSV file is accepted.';
export const ADJUST_INVALID_TOOLTIP = 'Please enter a valid Partner Link and upload a valid Events File.';

/** SPEC §5: partnerLink required URL string. 'required' when blank, else 'must be a valid URL' (ours) unless http(s). */
export function partnerLinkError(value: unknown): string | null {
  const error = requiredString(value);
  if (error) return error;
  return isHttpUrl(value as string) ? null : MUST_BE_URL;
}

/** SPEC §5: eventFile required, .csv only (any case); the error reads like the field hint. */
export function eventsFileError(file: { name: string } | null | undefined): string | null {
  if (!file || isBlank(file.name)) return REQUIRED;
  return /\.csv$/i.test(file.name.trim()) ? null : CSV_ONLY_HINT;
}

export interface AdjustConnectForm {
  partnerLink?: unknown;
  eventFile?: { name: string } | null;
}
export function validateAdjustConnect(form: AdjustConnectForm): FieldErrors {
  const errors: FieldErrors = {};
  const link = partnerLinkError(form.partnerLink);
  if (link) errors.partnerLink = link;
  const file = eventsFileError(form.eventFile);
  if (file) errors.eventFile = file;
  return errors;
}
/** SPEC §5: Connect is disabled while invalid, empty or processing. */
export const canConnectAdjust = (form: AdjustConnectForm, processing: boolean): boolean =>
  !processing && Object.keys(validateAdjustConnect(form)).length === 0;
/** SPEC §2: the tooltip shows when the form is invalid and the user is not a viewer. */
export const adjustConnectTooltip = (form: AdjustConnectForm, role: string): string | null =>
  role !== 'viewer' && Object.keys(validateAdjustConnect(form)).length > 0 ? ADJUST_INVALID_TOOLTIP : null;

export const ADJUST_EVENT_TOKEN = /^[a-z0-9]{6,}$/;
export const AdjustEventToken = refine(
  t.string,
  (token) => ADJUST_EVENT_TOKEN.test(token),
  'AdjustEventToken',
  'must be 6 or more lowercase letters or digits',
);
const EventName = refine(t.string, (name) => name.trim() !== '', 'EventName', REQUIRED);

export const ADJUST_CSV_REQUIRED_COLUMNS = ['event_token', 'event_name'] as const;
export const ADJUST_CSV_OPTIONAL_COLUMNS = ['revenue_type', 'currency', 'revenue_param'] as const;

/** One row of the Adjust events CSV. */
export const AdjustEventRow = struct(
  { event_token: AdjustEventToken, event_name: EventName },
  { revenue_type: RevenueType, currency: t.string, revenue_param: t.string },
  'AdjustEventRow',
);
export type AdjustEventRow = t.TypeOf<typeof AdjustEventRow>;

const duplicateTokens = (rows: readonly AdjustEventRow[]): string[] => {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const row of rows) (seen.has(row.event_token) ? duplicates : seen).add(row.event_token);
  return [...duplicates];
};
/** All rows of one events file: event tokens unique per app. */
export const AdjustEventRows = refine(
  t.array(AdjustEventRow),
  (rows) => duplicateTokens(rows).length === 0,
  'AdjustEventRows',
  'event_token values must be unique',
);

/** RFC 4180 records (quoted fields, doubled quotes, CRLF/LF/CR), each with the line it starts on. */
export function parseCsvRecords(text: string): { records: { line: number; cells: string[] }[] } | { error: string } {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let atFieldStart = true;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    atFieldStart = true;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && source[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      atFieldStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      atFieldStart = false;
    }
  }
  if (quoted) return { error: `line ${recordLine}: unterminated quoted field` };
  if (cell !== '' || cells.length > 0) endRecord();
  return { records };
}

export type AdjustEventsParse = { ok: true; rows: AdjustEventRow[] } | { ok: false; errors: string[] };

/**
 * Parse and check an Adjust events file (DOMAIN.md): a header with event_token and event_name (optional revenue_type,
 * currency, revenue_param; other columns are ignored), one event per row, blank rows skipped, cells trimmed, empty
 * cells omitted (an empty required cell reads '… is required'), tokens 6+ lowercase alphanumerics and unique. Messages (ours) name the line.
 */
export function parseAdjustEventsCsv(text: string): AdjustEventsParse {
  const parsed = parseCsvRecords(text);
  if ('error' in parsed) return { ok: false, errors: [parsed.error] };
  const records = parsed.records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ['The events file is empty.'] };

  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const errors: string[] = [];
  for (const column of ADJUST_CSV_REQUIRED_COLUMNS) {
    if (!columns.includes(column)) errors.push(`header: missing column ${column}`);
  }
  const known: readonly string[] = [...ADJUST_CSV_REQUIRED_COLUMNS, ...ADJUST_CSV_OPTIONAL_COLUMNS];
  for (const column of new Set(columns.filter((column, index) => known.includes(column) && columns.indexOf(column) !== index))) {
    errors.push(`header: duplicate column ${column}`);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (body.length === 0) return { ok: false, errors: ['The events file has no events.'] };

  const rows: AdjustEventRow[] = [];
  const firstLine = new Map<string, number>();
  for (const record of body) {
    if (record.cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
      errors.push(`line ${record.line}: more cells than header columns`);
      continue;
    }
    const raw: Record<string, string> = {};
    columns.forEach((column, index) => {
      const value = (record.cells[index] ?? '').trim();
      if (known.includes(column) && value !== '') {
        raw[column] = column === 'revenue_type' ? value.toLowerCase() : value;
      }
    });
    const decoded = AdjustEventRow.decode(raw);
    if (isLeft(decoded)) {
      for (const message of new Set(describeErrors(decoded.left))) errors.push(`line ${record.line}: ${message}`);
      continue;
    }
    const token = decoded.right.event_token;
    const first = firstLine.get(token);
    if (first !== undefined) errors.push(`line ${record.line}: event_token ${token} already used on line ${first}`);
    else firstLine.set(token, record.line);
    rows.push(decoded.right);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
