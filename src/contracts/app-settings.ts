/**
 * App Settings (docs/app-settings.md §Screens and routes Settings tabs, §Entities App, §App settings states store status per platform, §API endpoints update app general): the General tab's
 * form rules, shared by the SPA (shown as the user types) and the server (checked again on every save), and the
 * endpoint.
 *
 * docs/app-settings.md §API endpoints shows no path; ours (app routes):
 *   POST /api/app/:appId/general  multipart: `data` (AppGeneralData JSON), `image` (the icon, optional) → AppResponse
 *
 * Store status rules (docs/app-settings.md §App settings states): the package / bundle fields show (and are required) when the status is not NotReady;
 * the store URL shows (and is required) only when InStore. Formats:
 *   - Android package name: Java package rules as Google Play applies them: at least two segments separated by dots,
 *     each starting with a letter and made of letters, digits and underscores ('com.example.game').
 *   - iOS bundle id: reverse-DNS of letters, digits, hyphens and dots, at least two segments ('com.example.Game').
 *   - App Store id (applePackageName): the numeric id of the listing ('1234567890'), optional.
 *   - Store URL: a listing on the right store's domain (play.google.com/store/apps/details?id=… for Google Play, whose
 *     id must be the package name; apps.apple.com/…/id<digits> for the App Store, whose id must be the App Store id
 *     when one is given), read by `parseStoreUrl`.
 */
import * as t from 'io-ts';
import { struct, nullable, AppParams, Name, Id, line, MAX, characterProblem } from './codecs';
import { maxItems } from './validation';
import { endpoint, multipart } from './endpoint';
import { App as AppCodec, AppResponse, StoreStatus, parseStoreUrl, APP_ICON_MAX_BYTES, type App } from './apps';
import { FILE_TOO_LARGE, ICON_EXTENSIONS, ICON_TYPES, ICON_TYPE_MESSAGE, type IconFile } from './workspace';
import { Count } from './numbers';

/** The labelled tabs (docs/app-settings.md §Screens and routes); the other tab routes exist too (paths.ts SETTINGS_TABS). */
export const LABELLED_SETTINGS_TABS = [
  { tab: 'general', label: 'General' },
  { tab: 'details', label: 'Details' },
  { tab: 'apikeys', label: 'API Keys' },
] as const;
/** The tab bar: every tab that exists, the labelled ones first as docs/app-settings.md §Screens and routes labels them, then the others. */
export const SETTINGS_TAB_BAR = [
  ...LABELLED_SETTINGS_TABS,
  { tab: 'events', label: 'Events' },
  { tab: 'catalogue', label: 'Catalogue' },
  { tab: 'messages', label: 'Messages' },
  { tab: 'acquisitionLinks', label: 'Acquisition Links' },
] as const;

export const APP_UPDATED = 'App settings saved.';
export const APP_UPDATE_FAILED = 'Something went wrong when saving the app settings. Try again later!';

const StoreField = nullable(line(MAX.label));
const StoreUrlField = nullable(line(MAX.url));
/** The `data` part of Update app general (docs/app-settings.md §API endpoints): the General tab's fields, as docs/app-settings.md §Entities names them. */
export const AppGeneralData = struct(
  {
    appName: Name,
    googleStatus: StoreStatus,
    googlePackageName: StoreField,
    googleStoreUrl: StoreUrlField,
    appleStatus: StoreStatus,
    appleBundleId: StoreField,
    applePackageName: StoreField,
    appleStoreUrl: StoreUrlField,
  },
  {},
  'AppGeneralData',
);
export type AppGeneralData = t.TypeOf<typeof AppGeneralData>;
export const AppGeneralParts = multipart({ json: { data: AppGeneralData }, files: ['image'] });

// ---------------------------------------------------------------- API keys (docs/app-settings.md §Entities API key, §API endpoints update API keys)

/** At most this many keys per app (active and terminated together). */
export const API_KEYS_MAX = 20;
export const API_KEY_TYPES = ['api', 's2s'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];
/** A key as the app object carries it: `key` is only its prefix (the full key is shown once, when created). */
const ApiKeyItem = struct(
  {
    key: line(MAX.token),
    type: t.keyof({ api: null, s2s: null }),
    status: t.keyof({ active: null, terminated: null }),
  },
  { id: Count },
  'ApiKeyItem',
);
/**
 * Update API keys (docs/app-settings.md §API endpoints: the whole app object is sent). The server reads its id and apiKeys (other fields are
 * dropped at the boundary) and compares the list with the stored keys by index (docs/app-settings.md §Entities: items get a local id from
 * their index): an item after the stored ones with an empty key asks for a new key of its type; a stored active key
 * sent as terminated is terminated. Anything else that differs is refused.
 */
export const ApiKeysUpdate = struct(
  { id: Id, apiKeys: maxItems(ApiKeyItem, API_KEYS_MAX + 1, 'ApiKeys') },
  {},
  'ApiKeysUpdate',
);
export type ApiKeysUpdate = t.TypeOf<typeof ApiKeysUpdate>;
/** The app after the change; `createdKey` is the new key in full, sent this once and never again. */
export const ApiKeysResponse = struct(
  { success: t.boolean, data: AppCodec },
  { createdKey: t.string, message: t.string },
  'ApiKeysResponse',
);
export type ApiKeysResponse = t.TypeOf<typeof ApiKeysResponse>;

/** How a stored key is shown: its prefix and an ellipsis. */
export const maskedKey = (prefix: string) => `${prefix}…`;
/** docs/app-settings.md §Entities: items get a local id from their index. */
export const withLocalIds = <K extends object>(keys: readonly K[]) => keys.map((key, index) => ({ ...key, id: index }));

export const API_KEY_CREATED = 'API key created. Copy it now: it will not be shown again.';
export const API_KEY_TERMINATED = 'API key terminated.';
export const API_KEY_FAILED = 'Something went wrong when updating the API keys. Try again later!';

export const appSettingsEndpoints = {
  updateGeneral: endpoint({
    method: 'POST',
    path: '/api/app/:appId/general',
    params: AppParams,
    body: AppGeneralParts,
    response: AppResponse,
  }),
  updateApiKeys: endpoint({
    method: 'POST',
    path: '/api/app/:appId/api-keys',
    params: AppParams,
    body: ApiKeysUpdate,
    response: ApiKeysResponse,
  }),
};

// ---------------------------------------------------------------- the General form's rules

export type GeneralField = keyof AppGeneralData | 'icon';
export type GeneralErrors = Partial<Record<GeneralField, string>>;

export const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
export const IOS_BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const APP_STORE_ID = /^\d{1,12}$/;

export const isAndroidPackage = (s: string) => s.length <= MAX.label && ANDROID_PACKAGE.test(s);
export const isIosBundleId = (s: string) => s.length <= MAX.label && IOS_BUNDLE_ID.test(s);

/** The form's values from an app (null store fields become empty text, as inputs hold them). */
export function generalDataOf(app: App): AppGeneralData {
  return {
    appName: app.appName,
    googleStatus: app.googleStatus ?? 'NotReady',
    googlePackageName: app.googlePackageName ?? null,
    googleStoreUrl: app.googleStoreUrl ?? null,
    appleStatus: app.appleStatus ?? 'NotReady',
    appleBundleId: app.appleBundleId ?? null,
    applePackageName: app.applePackageName ?? null,
    appleStoreUrl: app.appleStoreUrl ?? null,
  };
}

/** What is saved: fields a status hides are cleared (a NotReady store keeps no package, only InStore keeps a URL). */
export function normalizeGeneral(data: AppGeneralData): AppGeneralData {
  const text = (s: string | null) => (s && s.trim() ? s.trim() : null);
  const google = data.googleStatus !== 'NotReady';
  const apple = data.appleStatus !== 'NotReady';
  return {
    appName: data.appName.trim(),
    googleStatus: data.googleStatus,
    googlePackageName: google ? text(data.googlePackageName) : null,
    googleStoreUrl: data.googleStatus === 'InStore' ? text(data.googleStoreUrl) : null,
    appleStatus: data.appleStatus,
    appleBundleId: apple ? text(data.appleBundleId) : null,
    applePackageName: apple ? text(data.applePackageName) : null,
    appleStoreUrl: data.appleStatus === 'InStore' ? text(data.appleStoreUrl) : null,
  };
}

/** The app icon (docs/app-settings.md §Rules and limits): PNG, JPG or GIF by name or type, at most 1,000,000 bytes. */
export function appIconError(icon: IconFile | null): string | undefined {
  if (!icon) return undefined;
  const extension = icon.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ICON_EXTENSIONS.includes(extension) && !ICON_TYPES.includes(icon.type)) return ICON_TYPE_MESSAGE;
  if (icon.size > APP_ICON_MAX_BYTES) return FILE_TOO_LARGE;
  return undefined;
}

/** docs/app-settings.md §App settings states/§Rules and limits General tab rules; the server applies the same function to what it receives. */
export function validateGeneral(input: AppGeneralData, icon: IconFile | null = null): GeneralErrors {
  const errors: GeneralErrors = {};
  const data = normalizeGeneral(input);
  if (!data.appName) errors.appName = 'App name is required.';
  else if (data.appName.length > MAX.name) errors.appName = `App name must be at most ${MAX.name} characters.`;
  else if (characterProblem(data.appName, true)) errors.appName = 'App name must be a single line of text.';

  if (data.googleStatus !== 'NotReady') {
    if (!data.googlePackageName) errors.googlePackageName = 'Package name is required.';
    else if (!isAndroidPackage(data.googlePackageName))
      errors.googlePackageName = 'Enter a valid package name, such as com.example.game.';
  }
  if (data.googleStatus === 'InStore') {
    const parsed = data.googleStoreUrl ? parseStoreUrl(data.googleStoreUrl) : null;
    if (!data.googleStoreUrl) errors.googleStoreUrl = 'Store URL is required.';
    else if (parsed?.platform !== 'android')
      errors.googleStoreUrl = 'Enter the Google Play listing URL (https://play.google.com/store/apps/details?id=…).';
    else if (data.googlePackageName && parsed.storeId !== data.googlePackageName)
      errors.googleStoreUrl = 'The Google Play URL must be the listing of this package name.';
  }

  if (data.appleStatus !== 'NotReady') {
    if (!data.appleBundleId) errors.appleBundleId = 'Bundle ID is required.';
    else if (!isIosBundleId(data.appleBundleId))
      errors.appleBundleId = 'Enter a valid bundle ID, such as com.example.game.';
    if (data.applePackageName && !APP_STORE_ID.test(data.applePackageName))
      errors.applePackageName = 'The App Store ID is the number in the listing URL, such as 1234567890.';
  }
  if (data.appleStatus === 'InStore') {
    const parsed = data.appleStoreUrl ? parseStoreUrl(data.appleStoreUrl) : null;
    if (!data.appleStoreUrl) errors.appleStoreUrl = 'Store URL is required.';
    else if (parsed?.platform !== 'ios')
      errors.appleStoreUrl = 'Enter the App Store listing URL (https://apps.apple.com/…/id1234567890).';
    else if (data.applePackageName && parsed.storeId !== data.applePackageName)
      errors.appleStoreUrl = 'The App Store URL must be the listing of this App Store ID.';
  }
  const iconError = appIconError(icon);
  if (iconError) errors.icon = iconError;
  return errors;
}
