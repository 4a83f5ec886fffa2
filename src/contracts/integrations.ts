/**
 * Integrations calls, form rules and constants (docs/integrations.md §Screens and routes Integrations page, AppsFlyer and Adjust tabs; §Entities AppsFlyer test
 * link parameters; §Plugin states plugin statuses and Check Status; §Rules and limits revenue settings, GCP project name, AppsFlyer test
 * advertising id, Adjust; §API endpoints plugin calls; §Messages revenue and integrations messages; §Rules and limits plugin constants).
 * The entities themselves (Plugin, Credential, PluginEvent, FeedItem) live in plugin.ts. Adjust events CSV format:
 * docs/domain.md (ours): header event_token,event_name plus optional revenue_type, currency, revenue_param.
 *
 * Calls whose path and shape docs/integrations.md §API endpoints gives (our server mounts them under /api):
 *   GET  /plugins/{pluginId}          → Plugin; the client yields PluginFailure {success:false, reason} on failure
 *   POST /plugins/{pluginId}/update   UpdatePluginRequest → SuccessResponse
 * Calls with a shape but no path in docs/integrations.md §API endpoints; paths ours:
 *   GET    /api/plugins/:pluginId/status                            → CheckPluginStatusResponse      (viewer)
 *   PUT    /api/app/:appId/events/:eventId/revenue-settings  RevenueSettings → SuccessResponse       (editor)
 *   DELETE /api/app/:appId/events/:eventId/revenue-settings         → SuccessResponse               (editor)
 *   POST   /api/app/:appId/deeplinks/update      UpdateDeeplinkRequest → SuccessResponse            (editor)
 *   POST   /api/app/:appId/adjust/events-file    multipart `file` (.csv, AdjustEventRows) → SuccessResponse (editor)
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { struct, describeErrors, Id, line, boundedString, MAX, type Platform } from './codecs';
import { binary, endpoint } from './endpoint';
import { boundedNumber } from './numbers';
import { SILENT_HOURS_MAX, SILENT_HOURS_MIN } from './notifications';
import {
  ConnectionStatus,
  Credential,
  CredentialType,
  FeedItem,
  MonetizeMetadata,
  Plugin,
  PluginEvent,
  PluginType as PluginTypeCodec,
  RevenueType,
  type PluginType,
} from './plugin';
import {
  INTEGRATION_CAPABILITIES,
  PLUGIN_TYPE_NAMES,
  PLUGIN_TYPE_REGISTRY,
  type GoogleCloudPluginType,
  type IntegrationCapability,
  type PluginTypeEntry,
} from './plugin-types';
import {
  type FieldErrors,
  REQUIRED,
  MUST_BE_URL,
  isBlank,
  isHttpUrl,
  mustBeOneOf,
  refine,
  requiredString,
} from './validation';

type RevenueTypeValue = t.TypeOf<typeof RevenueType>;
type CredentialTypeValue = t.TypeOf<typeof CredentialType>;

// ---------------------------------------------------------------- constants (docs/integrations.md §Screens and routes, §Rules and limits)

/** The plugin types in the tabs' order (the registry's, plugin-types.ts). */
export const PLUGIN_TYPES: readonly PluginType[] = PLUGIN_TYPE_NAMES;
export const CREDENTIAL_TYPES: readonly CredentialTypeValue[] = [
  'USER_OAUTH',
  'TP_SERVICE_ACCOUNT',
  'ORG_SERVICE_ACCOUNT',
];

export const REVENUE_TYPES: readonly RevenueTypeValue[] = ['ads', 'iap', 'other'];
export const REVENUE_TYPE_LABELS: Record<RevenueTypeValue, string> = { ads: 'Ads', iap: 'IAP', other: 'Other' };

const byType = <T>(pick: (entry: PluginTypeEntry) => T) =>
  Object.fromEntries(PLUGIN_TYPE_NAMES.map((type) => [type, pick(PLUGIN_TYPE_REGISTRY[type])])) as Record<
    PluginType,
    T
  >;
/** Features Unlocked per plugin (docs/integrations.md §Rules and limits), from the registry. Singular has no plugin screen (docs/integrations.md §Screens and routes), so none are listed. */
export const FEATURES_UNLOCKED: Record<PluginType, readonly string[]> = byType((entry) => entry.featuresUnlocked);

/** Integrations Overview table (docs/integrations.md §Screens and routes): rows, and which sources support each (from the registry). */
export { INTEGRATION_CAPABILITIES, type IntegrationCapability };
export const SUPPORTED_CAPABILITIES: Record<PluginType, readonly IntegrationCapability[]> = byType(
  (entry) => entry.capabilities,
);

export const APPSFLYER_CLICK_LOOKBACK = '7d';
export const APPSFLYER_REENGAGEMENT_WINDOW = '30d';
export const QR_CODE_SIZE = 150;
export const QR_CODE_ERROR_CORRECTION_LEVEL = 'H';
/** The downloadable PNG of the QR code (print or share it larger than on screen). */
export const QR_DOWNLOAD_SIZE = 600;
/**
 * How the QR code is drawn, on screen and in the download: level H with the standard 4-module quiet zone (scanners
 * need it). It encodes the short link (PUBLIC_URL/t/{code}), so its modules stay several pixels wide at 150 px.
 */
export const qrCodeOptions = (width: number = QR_CODE_SIZE) =>
  ({ width, errorCorrectionLevel: QR_CODE_ERROR_CORRECTION_LEVEL, margin: 4 }) as const;
export const QR_DOWNLOAD_FILENAME = 'appsflyer-test-link-qr.png';
export const EVENTS_DOWNLOAD_FILENAME = 'events.csv';
export const EVENTS_UPLOAD_ACCEPT = '.csv';
/** AppsFlyer/Adjust snackbars (docs/integrations.md §Rules and limits). */
export const INTEGRATION_SNACKBAR_MS = { error: 6000, success: 10000 } as const;
/** Events table search debounce (docs/integrations.md §Screens and routes). */
export const EVENT_SEARCH_DEBOUNCE_MS = 500;

/** docs/integrations.md §Messages, verbatim. */
export const REVENUE_SETTINGS_MESSAGES = {
  saved: 'Revenue Settings saved successfully.',
  saveFailed: 'Failed to save Revenue Settings.',
  deleted: 'Revenue Settings deleted successfully.',
  deleteFailed: 'Failed to delete Revenue Settings.',
} as const;
/** Check Status failed for a partner's plugin (docs/integrations.md §Messages: "Can't check status of AppsFlyer plugin!"). */
export const statusCheckFailed = (partner: string) => `Can't check status of ${partner} plugin!`;
export const ADJUST_MESSAGES = {
  statusFailed: statusCheckFailed('Adjust'),
  partnerLinkUpdated: 'Partner link updated successfully!',
  partnerLinkUpdateFailed: 'Failed to update partner link!',
  partnerLinkNotFound: "Partner link not found! Can't update!",
  eventsFileSaved: 'Events file saved successfully!',
  eventsFileSaveFailed: 'Failed to save events file!',
} as const;
export const APPSFLYER_STATUS_FAILED = statusCheckFailed('AppsFlyer');

// ---------------------------------------------------------------- plugin calls (docs/integrations.md §API endpoints)

export const PluginParams = struct({ pluginId: Id }, {}, 'PluginParams');

/** What the client yields when GET /plugins/{pluginId} fails (docs/integrations.md §API endpoints). */
export const PluginFailure = struct({ success: t.literal(false), reason: t.string }, {}, 'PluginFailure');
export type PluginFailure = t.TypeOf<typeof PluginFailure>;
export const GetPluginResponse = t.union([Plugin, PluginFailure], 'GetPluginResponse');
export type GetPluginResponse = t.TypeOf<typeof GetPluginResponse>;
export const isPluginFailure = (response: GetPluginResponse): response is PluginFailure =>
  'success' in response && response.success === false;

export const SuccessResponse = struct({ success: t.boolean }, {}, 'SuccessResponse');
export type SuccessResponse = t.TypeOf<typeof SuccessResponse>;

/** A GCP project id (6–30 lowercase letters, digits and hyphens; we accept up to 100 single-line characters). */
export const GcpProjectId = line(MAX.name, { name: 'GcpProjectId' });

/** docs/integrations.md §API endpoints POST /plugins/{pluginId}/update body. The target project fields matter only when writing results back. */
export const UpdatePluginRequest = struct(
  {
    attributes: struct(
      {},
      { targetProject: GcpProjectId, targetProjectName: line(MAX.name) },
      'UpdatePluginAttributes',
    ),
    credentialId: Id,
  },
  {},
  'UpdatePluginRequest',
);
export type UpdatePluginRequest = t.TypeOf<typeof UpdatePluginRequest>;

/** docs/integrations.md §Rules and limits: the GCP project name is a required string when 'write results back' is on (message not shown). */
export const targetProjectNameError = (writeResultsBack: boolean, name: unknown): string | null =>
  writeResultsBack ? requiredString(name) : null;

/** Check plugin status: success and plugin.connected (docs/integrations.md §API endpoints). */
export const CheckPluginStatusResponse = struct(
  { success: t.boolean },
  { plugin: struct({ connected: ConnectionStatus }, {}, 'PluginStatus') },
  'CheckPluginStatusResponse',
);
export type CheckPluginStatusResponse = t.TypeOf<typeof CheckPluginStatusResponse>;
/** docs/integrations.md §Plugin states Check Status: reload plugins only when the answer succeeded and the plugin is now connected. */
export const isNowConnected = (response: CheckPluginStatusResponse): boolean =>
  response.success && response.plugin?.connected === 'connected';

/** The deeplink object a client sends (docs/integrations.md §Entities Deeplink), every string bounded (src/contracts/deeplinks.ts uses it). */
export const DeeplinkInput = struct(
  { id: Id, type: line(MAX.label), url: line(MAX.url), platform: line(MAX.label) },
  {},
  'DeeplinkInput',
);
/** Update deeplink: the deeplink id and the deeplink object carrying the new url (docs/integrations.md §API endpoints). */
export const UpdateDeeplinkRequest = struct({ deeplinkId: Id, deeplink: DeeplinkInput }, {}, 'UpdateDeeplinkRequest');
export type UpdateDeeplinkRequest = t.TypeOf<typeof UpdateDeeplinkRequest>;

// ---------------------------------------------------------------- revenue settings (docs/integrations.md §Rules and limits, §API endpoints)

export const RevenueSettingsParams = struct({ appId: Id, eventId: Id }, {}, 'RevenueSettingsParams');
/** Body of save revenue settings: {revenueEp, revenueType, currencyEp} (same shape as PluginEvent.monetizeMetadata). */
export const RevenueSettings = MonetizeMetadata;
export type RevenueSettings = t.TypeOf<typeof MonetizeMetadata>;

/** docs/integrations.md §Rules and limits: revenueEp, revenueType, currencyEp each required strings (revenueType one of ads, iap, other). */
export function validateRevenueSettings(form: Partial<Record<keyof RevenueSettings, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['revenueEp', 'revenueType', 'currencyEp'] as const) {
    const error = requiredString(form[field]);
    if (error) errors[field] = error;
  }
  if (!errors.revenueType && !RevenueType.is(form.revenueType)) errors.revenueType = mustBeOneOf(REVENUE_TYPES);
  return errors;
}

// ---------------------------------------------------------------- AppsFlyer (docs/integrations.md §Screens and routes, §Entities, §Rules and limits, §API endpoints, §Rules and limits)

export const WHITESPACES_NOT_ALLOWED = 'whitespaces not allowed';

/** docs/integrations.md §Rules and limits: 'required' if empty or blank, 'whitespaces not allowed' if it contains any whitespace, else null. */
export function advertisingIdError(value: string | null | undefined): string | null {
  if (isBlank(value)) return REQUIRED;
  return /\s/.test(value as string) ? WHITESPACES_NOT_ALLOWED : null;
}
/** Generate Link is disabled on error or when empty. */
export const canGenerateTestLink = (advertisingId: string | null | undefined): boolean =>
  advertisingIdError(advertisingId) === null;

/**
 * The AppsFlyer test attribution link's query (docs/integrations.md §Entities; parameter names per docs/domain.md): site id, campaign name, pid,
 * click lookback, deep link target, sub1 user id placeholder, sub2 app id, sub3 quest id placeholder, re-engagement
 * window, is_retargeting false, and the device id: advertising_id (Android) or idfa (iOS, per docs/domain.md).
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
/** Placeholders the quest service replaces when it serves the link (ours: docs/integrations.md §Decisions). */
export const APPSFLYER_USER_ID_PLACEHOLDER = 'USER_ID';
export const APPSFLYER_QUEST_ID_PLACEHOLDER = 'QUEST_ID';

export interface AppsFlyerTestLinkInput {
  platform: Platform;
  /** Path of the link: the Android package name, or the iOS App Store id with its `id` prefix. */
  appPath: string;
  siteId: string;
  campaign: string;
  /** Differs for a small list of Android packages (docs/integrations.md §Rules and limits; list not shown): the caller picks it. */
  pid: string;
  deepLinkTarget: string;
  /** Our app id, sent as sub2. */
  appId: string;
  advertisingId: string;
}

export function appsFlyerTestLinkParams(input: AppsFlyerTestLinkInput): AppsFlyerTestLinkParams {
  const deviceId =
    input.platform === 'ios' ? { idfa: input.advertisingId.trim() } : { advertising_id: input.advertisingId.trim() };
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

/** The link itself: provider domain, app package or App Store id as path, the parameters as query (docs/integrations.md §API endpoints). */
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

/** Our values of the test link's fixed parameters (docs/integrations.md §Entities names them, not their values). */
export const TEST_LINK_SITE_ID = 'questboard';
export const TEST_LINK_CAMPAIGN = 'questboard_test';
export const TEST_LINK_PID = 'questboard_int';
/** docs/integrations.md §Rules and limits: the pid differs for a small list of Android packages (ours: the Questboard apps measured on their own pid). */
export const SPECIAL_PID_PACKAGES: readonly string[] = ['io.questboard.app', 'io.questboard.app.beta'];
export const SPECIAL_PID = 'questboard_s2s_int';
export const TEST_LINK_DEEP_LINK = 'questboard://quests';

/** The test link's parameters for an app (without the device id), or null when the app has no package or store id yet. */
export function testLinkBase(app: {
  id: string;
  platform: Platform;
  appPath: string | null;
}): Omit<AppsFlyerTestLinkInput, 'advertisingId'> | null {
  if (!app.appPath) return null;
  const special = app.platform === 'android' && SPECIAL_PID_PACKAGES.includes(app.appPath);
  return {
    platform: app.platform,
    appPath: app.appPath,
    appId: app.id,
    siteId: TEST_LINK_SITE_ID,
    campaign: TEST_LINK_CAMPAIGN,
    pid: special ? SPECIAL_PID : TEST_LINK_PID,
    deepLinkTarget: TEST_LINK_DEEP_LINK,
  };
}

/** Days a short test link (PUBLIC_URL/t/{code}) keeps redirecting to its test link. */
export const TEST_LINK_TTL_DAYS = 7;
/** The short link's path on our server. */
export const TEST_LINK_PATH = '/t/';
/** Create (or refresh) the short link of the app's test link for a test device's advertising id (its form rules). */
export const TestLinkRequest = struct(
  { advertisingId: line(64, { check: (s) => advertisingIdError(s) }) },
  {},
  'TestLinkRequest',
);
export type TestLinkRequest = t.TypeOf<typeof TestLinkRequest>;
/** The full test link, the short link the QR code holds, and when the short link expires. */
export const TestLinkResponse = struct(
  { success: t.boolean, link: t.string, shortUrl: t.string, expiresAt: t.number },
  {},
  'TestLinkResponse',
);
export type TestLinkResponse = t.TypeOf<typeof TestLinkResponse>;
export const TestLinkParams = struct({ code: line(MAX.id) }, {}, 'TestLinkParams');

// ---------------------------------------------------------------- Adjust (docs/integrations.md §Screens and routes, §Rules and limits; CSV format docs/domain.md)

export const CSV_ONLY_HINT = 'Only .CSV file is accepted.';
export const ADJUST_INVALID_TOOLTIP = 'Please enter a valid Partner Link and upload a valid Events File.';

/** docs/integrations.md §Rules and limits: partnerLink required URL string. 'required' when blank, else 'must be a valid URL' (ours) unless http(s). */
export function partnerLinkError(value: unknown): string | null {
  const error = requiredString(value);
  if (error) return error;
  return isHttpUrl(value as string) ? null : MUST_BE_URL;
}

/** docs/integrations.md §Rules and limits: eventFile required, .csv only (any case); the error reads like the field hint. */
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
/** docs/integrations.md §Rules and limits: Connect is disabled while invalid, empty or processing. */
export const canConnectAdjust = (form: AdjustConnectForm, processing: boolean): boolean =>
  !processing && Object.keys(validateAdjustConnect(form)).length === 0;
/** docs/integrations.md §Screens and routes: the tooltip shows when the form is invalid and the user is not a viewer. */
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

/**
 * Header aliases: the dotted columns of the events.csv download (the nested `revenue` object flattened), so a
 * downloaded file uploads again unchanged.
 */
export const ADJUST_CSV_ALIASES: Record<string, (typeof ADJUST_CSV_OPTIONAL_COLUMNS)[number]> = {
  'revenue.type': 'revenue_type',
  'revenue.currency': 'currency',
  'revenue.param': 'revenue_param',
};

/** One CSV record with the line it starts on (the server reads them with csv-parse: server/areas/integrations/adjust/csv.ts). */
export interface CsvRecord {
  line: number;
  cells: string[];
}
export type AdjustEventsParse = { ok: true; rows: AdjustEventRow[] } | { ok: false; errors: string[] };

/**
 * Check the records of an Adjust events file (docs/domain.md): a header with event_token and event_name (optional
 * revenue_type, currency, revenue_param, or their dotted aliases; other columns are ignored), one event per row, blank
 * rows skipped, cells trimmed, empty cells omitted (an empty required cell reads '… is required'), tokens 6+ lowercase
 * alphanumerics and unique. Messages (ours) name the line.
 */
export function adjustEventsFromRecords(all: readonly CsvRecord[]): AdjustEventsParse {
  const records = all.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ['The events file is empty.'] };

  const columns = header.cells.map((cell): string => {
    const name = cell.trim().toLowerCase();
    return ADJUST_CSV_ALIASES[name] ?? name;
  });
  const errors: string[] = [];
  for (const column of ADJUST_CSV_REQUIRED_COLUMNS) {
    if (!columns.includes(column)) errors.push(`header: missing column ${column}`);
  }
  const known: readonly string[] = [...ADJUST_CSV_REQUIRED_COLUMNS, ...ADJUST_CSV_OPTIONAL_COLUMNS];
  for (const column of new Set(
    columns.filter((column, index) => known.includes(column) && columns.indexOf(column) !== index),
  )) {
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

// ---------------------------------------------------------------- IAM roles (docs/integrations.md §Rules and limits, §Messages)

/** docs/integrations.md §Messages under the permissions table, and its row badges. */
export const IAM_MISSING = 'Some required IAM permissions are missing.';
export const ACCESS_GRANTED = 'Access Granted';
export const NO_ACCESS = 'No Access';

/** One required role of docs/integrations.md §Rules and limits: its label, and the GCP roles that grant it (itself or broader ones). */
export interface RequiredRole {
  label: string;
  satisfiedBy: readonly string[];
  /** The Service Account User check is skipped in the OAuth case (docs/integrations.md §Rules and limits). */
  skippedForOAuth?: boolean;
}
const BASIC = ['roles/owner', 'roles/editor'];
const SERVICE_ACCOUNT_USER: RequiredRole = {
  label: 'Service Account User',
  satisfiedBy: ['roles/iam.serviceAccountUser', 'roles/iam.serviceAccountAdmin', ...BASIC],
  skippedForOAuth: true,
};
const VIEWER: RequiredRole = { label: 'Viewer', satisfiedBy: ['roles/viewer', ...BASIC] };
/** docs/integrations.md §Rules and limits: required IAM roles per plugin type (each satisfiable by broader roles). */
export const REQUIRED_ROLES: Record<GoogleCloudPluginType, readonly RequiredRole[]> = {
  BigQuery: [
    {
      label: 'BigQuery Data Viewer',
      satisfiedBy: [
        'roles/bigquery.dataViewer',
        'roles/bigquery.dataEditor',
        'roles/bigquery.dataOwner',
        'roles/bigquery.admin',
        ...BASIC,
      ],
    },
    {
      label: 'BigQuery Job User',
      satisfiedBy: ['roles/bigquery.jobUser', 'roles/bigquery.user', 'roles/bigquery.admin', ...BASIC],
    },
    SERVICE_ACCOUNT_USER,
    VIEWER,
  ],
  Firebase: [
    {
      label: 'Firebase Admin or Develop Admin',
      satisfiedBy: ['roles/firebase.admin', 'roles/firebase.developAdmin', 'roles/owner'],
    },
    SERVICE_ACCOUNT_USER,
    VIEWER,
  ],
};

export interface IamRow {
  label: string;
  granted: boolean;
}
/** The permission table's rows for a credential's roles in a project (docs/integrations.md §Rules and limits: Service Account User skipped for OAuth). */
export function iamRows(
  type: GoogleCloudPluginType,
  granted: readonly string[],
  credentialType: CredentialTypeValue,
): IamRow[] {
  return REQUIRED_ROLES[type]
    .filter((role) => !(role.skippedForOAuth && credentialType === 'USER_OAUTH'))
    .map((role) => ({ label: role.label, granted: role.satisfiedBy.some((r) => granted.includes(r)) }));
}
export const missingRoles = (rows: readonly IamRow[]) => rows.filter((row) => !row.granted).map((row) => row.label);
export const hasAllRoles = (rows: readonly IamRow[]) => rows.every((row) => row.granted);

/** The roles a credential holds in one GCP project (every app of a project lists the same roles). */
export function rolesInProject(credential: Pick<Credential, 'projects'>, project: string | null | undefined): string[] {
  const apps = project ? credential.projects?.[project] : undefined;
  return apps?.[0]?.roles ?? [];
}

// ---------------------------------------------------------------- plugin, credential and process-data messages (docs/integrations.md §Messages)

export const PLUGIN_MESSAGES = {
  updated: 'Plugin updated. Connection configured.',
  created: 'Plugin created. Connection configured.',
  updateFailed: 'Failed to update plugin.',
  createFailed: 'Failed to create plugin.',
} as const;
export const IAM_MESSAGES = {
  missingIam: 'Connection could not be configured due to missing IAM permissions.',
  missing: 'Connection could not be configured due to missing permissions.',
  userCreated: 'User credential created.',
  productCreated: 'Questboard service account credential created.',
  workspaceCreated: 'Workspace service account credential created.',
  productFailed: 'Failed to add Questboard service account.',
  userFailed: 'Failed to add user service account.',
  /** Ours, on the pattern of the two above: the uploaded key is the workspace's service account (docs/decisions.md). */
  workspaceFailed: 'Failed to add workspace service account.',
} as const;
export const SERVICE_ACCOUNT_EMAIL_COPIED = 'Service account email copied to clipboard';
export const copiedMessage = (label: string) => `${label} copied to clipboard.`;

/** docs/integrations.md §Plugin states: no-data texts and the overview switch's words. */
export const NO_DATA_TEXT: Record<GoogleCloudPluginType, string> = {
  BigQuery: 'Run a processing job to activate the Analyze section.',
  Firebase: 'Enable at least one conversion event to unlock the Acquire section and start creating quests.',
};
export const CONFIRM_CHANGE_TITLE = 'Confirm Change?';
export const CONFIRM_CHANGE_MESSAGE = 'This will cause all events to be stopped.';
export const CONNECT_TO_ACTIVATE = 'Connect the source to activate it';
export const DELETE_PLUGIN_TITLE = 'Delete Plugin?';
export const DISCONNECT_PLUGIN_TITLE = 'Disconnect Plugin?';
/** The note 'X Connect to BigQuery to reprocess data' (docs/integrations.md §Screens and routes): the X is an icon beside the words, not a letter. */
export const RECONNECT_NOTE = 'Connect to BigQuery to reprocess data';

/** Label text of each connection status (docs/integrations.md §Plugin states "from a map (not shown)": ours). */
export const STATUS_LABELS: Record<t.TypeOf<typeof ConnectionStatus>, string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  waiting_for_events: 'Waiting for Events',
  no_data: 'No Data',
  pending: 'Pending',
};

// ---------------------------------------------------------------- the integrations area's endpoints

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
export const Day = line(MAX.date, {
  name: 'Day',
  expected: 'a date YYYY-MM-DD',
  check: (s) => (isDay(s) ? null : 'must be a date YYYY-MM-DD'),
});

export const AppPluginParams = struct({ appId: Id }, {}, 'AppPluginParams');
export const PluginsResponse = struct(
  { success: t.boolean, plugins: t.array(Plugin) },
  { activePluginId: t.union([t.string, t.null]) },
  'PluginsResponse',
);
/** Events table (docs/integrations.md §Screens and routes): the plugin's events, optionally those whose name contains `search`. */
export const PluginEventsQuery = struct({}, { search: line(MAX.name) }, 'PluginEventsQuery');
export const PluginEventsResponse = struct(
  { success: t.boolean, events: t.array(PluginEvent) },
  {},
  'PluginEventsResponse',
);
export type PluginEventsResponse = t.TypeOf<typeof PluginEventsResponse>;
export const EVENT_STATUS_LABELS = { ACTIVE: 'Active', ENABLED: 'Enabled', DISABLED: 'Disabled' } as const;
export const SEARCH_EVENT_PLACEHOLDER = 'Search Event Name';

/** Change the active source (docs/integrations.md §Plugin states: only one source is active). */
export const ActivePluginRequest = struct({ pluginId: Id }, {}, 'ActivePluginRequest');
export type PluginsResponse = t.TypeOf<typeof PluginsResponse>;

/** Create plugin (docs/integrations.md §API endpoints): BigQuery with (app, credentialId, attributes); other sources with (app, credentialId). */
export const CreatePluginRequest = struct(
  { type: PluginTypeCodec },
  {
    credentialId: Id,
    attributes: struct(
      {},
      { targetProject: GcpProjectId, targetProjectName: line(MAX.name) },
      'CreatePluginAttributes',
    ),
  },
  'CreatePluginRequest',
);
export type CreatePluginRequest = t.TypeOf<typeof CreatePluginRequest>;
export const PluginAnswer = struct({ success: t.boolean }, { plugin: Plugin }, 'PluginAnswer');
export type PluginAnswer = t.TypeOf<typeof PluginAnswer>;

export const DailyProcessRequest = struct({ dailyProcess: t.boolean }, {}, 'DailyProcessRequest');
/** A source's silence threshold (docs/notifications.md §Silent sources): whole hours, 1–720. */
export const SilentHours = boundedNumber({
  name: 'SilentHours',
  min: SILENT_HOURS_MIN,
  max: SILENT_HOURS_MAX,
  integer: true,
});
/** Its own threshold, or null for the default of its kind. */
export const SilentHoursRequest = struct({ silentHours: t.union([SilentHours, t.null]) }, {}, 'SilentHoursRequest');
export type SilentHoursRequest = t.TypeOf<typeof SilentHoursRequest>;
/** The threshold field's words (the same rule as the server's). */
export const SILENT_HOURS_INVALID = `Enter a whole number of hours from ${SILENT_HOURS_MIN} to ${SILENT_HOURS_MAX}.`;
/** The threshold field's problem, or null: a whole number of hours within the bounds. */
export function silentHoursProblem(input: string): string | null {
  const text = input.trim();
  if (!/^\d{1,4}$/.test(text)) return SILENT_HOURS_INVALID;
  return SilentHours.problem(Number(text)) === null ? null : SILENT_HOURS_INVALID;
}
/** Start a BigQuery reprocess over a date range (docs/integrations.md §Rules and limits: both dates required). */
export const ProcessDataRequest = struct({ start: Day, end: Day }, {}, 'ProcessDataRequest');
/** Process Data reaches today at most: a day of the data is a UTC day (utcToday in analyze.ts). */
export const processEndInFuture = (today: string) =>
  `The end date must be today (${today}, UTC) or earlier: there is no data after today.`;
/**
 * Bounds of the Process Data pickers: from the first day of the data range (when there is one) to today; the start no
 * later than the end, the end no earlier than the start.
 */
export function processDateBounds(
  picked: { start: string; end: string },
  dataRange: { start: string } | null,
  today: string,
) {
  const earliest = dataRange?.start ?? '';
  return {
    start: { min: earliest || undefined, max: picked.end && picked.end < today ? picked.end : today },
    end: { min: (picked.start > earliest ? picked.start : earliest) || undefined, max: today },
  };
}
export type ProcessDataRequest = t.TypeOf<typeof ProcessDataRequest>;
export const ProcessDataResponse = struct({ success: t.boolean }, { jobId: t.string }, 'ProcessDataResponse');
export type ProcessDataResponse = t.TypeOf<typeof ProcessDataResponse>;

export const FeedResponse = struct({ success: t.boolean, feed: t.array(FeedItem) }, {}, 'FeedResponse');
export type FeedResponse = t.TypeOf<typeof FeedResponse>;

export const CredentialsResponse = struct(
  { success: t.boolean, credentials: t.array(Credential) },
  { provider: t.keyof({ sandbox: null, google: null }), productServiceAccount: t.string },
  'CredentialsResponse',
);
export type CredentialsResponse = t.TypeOf<typeof CredentialsResponse>;
export const CredentialAnswer = struct({ success: t.boolean }, { credential: Credential }, 'CredentialAnswer');
export type CredentialAnswer = t.TypeOf<typeof CredentialAnswer>;

/** A Google service-account key file (the JSON the console downloads); the server keeps it encrypted, never returns it. */
export const ServiceAccountKey = struct(
  {
    type: t.literal('service_account'),
    project_id: GcpProjectId,
    private_key: boundedString(8_000),
    client_email: line(MAX.email),
  },
  {
    private_key_id: line(MAX.label),
    client_id: line(MAX.label),
    auth_uri: line(MAX.url),
    token_uri: line(MAX.url),
    auth_provider_x509_cert_url: line(MAX.url),
    client_x509_cert_url: line(MAX.url),
    universe_domain: line(MAX.label),
  },
  'ServiceAccountKey',
);
export type ServiceAccountKey = t.TypeOf<typeof ServiceAccountKey>;
export const ServiceAccountRequest = struct({ key: ServiceAccountKey }, {}, 'ServiceAccountRequest');

/** Google sign-in for a USER_OAUTH credential: where to come back to (a page of ours) → the consent page's address. */
export const OAuthStartRequest = struct({ returnTo: line(MAX.url) }, {}, 'OAuthStartRequest');
export const OAuthStartResponse = struct({ success: t.boolean, url: t.string }, {}, 'OAuthStartResponse');
export const OAuthStateQuery = struct({ state: line(MAX.url) }, {}, 'OAuthStateQuery');
export const OAuthCallbackQuery = struct(
  { state: line(MAX.url) },
  { code: line(MAX.url), error: line(MAX.label) },
  'OAuthCallbackQuery',
);
/** The query the page comes back with (docs/integrations.md §Screens and routes: opens the dialog in OAuth-redirect mode, then it is stripped). */
export const OAUTH_REDIRECT_PARAM = 'oAuthRedirect';

export const integrationsEndpoints = {
  /** docs/integrations.md §API endpoints GET /plugins/{pluginId}, under /api. */
  plugin: endpoint({
    method: 'GET',
    path: '/api/plugins/:pluginId',
    params: PluginParams,
    response: GetPluginResponse,
  }),
  /** docs/integrations.md §API endpoints POST /plugins/{pluginId}/update, under /api. */
  update: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/update',
    params: PluginParams,
    body: UpdatePluginRequest,
    response: SuccessResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/plugins',
    params: AppPluginParams,
    response: PluginsResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/app/:appId/plugins',
    params: AppPluginParams,
    body: CreatePluginRequest,
    response: PluginAnswer,
  }),
  connect: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/connect',
    params: PluginParams,
    response: SuccessResponse,
  }),
  disconnect: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/disconnect',
    params: PluginParams,
    response: SuccessResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/plugins/:pluginId',
    params: PluginParams,
    response: SuccessResponse,
  }),
  dailyProcess: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/daily-process',
    params: PluginParams,
    body: DailyProcessRequest,
    response: SuccessResponse,
  }),
  silentHours: endpoint({
    method: 'PUT',
    path: '/api/plugins/:pluginId/silent-hours',
    params: PluginParams,
    body: SilentHoursRequest,
    response: SuccessResponse,
  }),
  process: endpoint({
    method: 'POST',
    path: '/api/plugins/:pluginId/process',
    params: PluginParams,
    body: ProcessDataRequest,
    response: ProcessDataResponse,
  }),
  feed: endpoint({ method: 'GET', path: '/api/plugins/:pluginId/feed', params: PluginParams, response: FeedResponse }),
  credentials: endpoint({
    method: 'GET',
    path: '/api/app/:appId/credentials',
    params: AppPluginParams,
    response: CredentialsResponse,
  }),
  addProductCredential: endpoint({
    method: 'POST',
    path: '/api/app/:appId/credentials/product',
    params: AppPluginParams,
    response: CredentialAnswer,
  }),
  addServiceAccount: endpoint({
    method: 'POST',
    path: '/api/app/:appId/credentials/service-account',
    params: AppPluginParams,
    body: ServiceAccountRequest,
    response: CredentialAnswer,
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/plugins/:pluginId/events',
    params: PluginParams,
    query: PluginEventsQuery,
    response: PluginEventsResponse,
  }),
  activePlugin: endpoint({
    method: 'POST',
    path: '/api/app/:appId/active-plugin',
    params: AppPluginParams,
    body: ActivePluginRequest,
    response: SuccessResponse,
  }),
  oauthStart: endpoint({
    method: 'POST',
    path: '/api/app/:appId/credentials/oauth',
    params: AppPluginParams,
    body: OAuthStartRequest,
    response: OAuthStartResponse,
  }),
  /** The Google Cloud sandbox's consent page (HTML; the real adapter sends the browser to Google's instead). */
  oauthConsent: endpoint({
    method: 'GET',
    path: '/api/oauth/sandbox/consent',
    query: OAuthStateQuery,
    response: binary,
  }),
  /** Where the consent page sends the browser back: creates the credential, then returns to the page with ?oAuthRedirect. */
  oauthCallback: endpoint({ method: 'GET', path: '/api/oauth/callback', query: OAuthCallbackQuery, response: binary }),
};
