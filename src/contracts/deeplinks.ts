/**
 * Acquisition links of an app (docs/app-settings.md §Entities Deeplink: id, type such as AdjustLink, url, platform ios | android | appsFlyer,
 * others logged as unsupported; §API endpoints update deeplink: the deeplink id and the deeplink object with its new url → success;
 * §Messages 'Deep link copied to clipboard.'). The request codec is the one designed in integrations.ts (UpdateDeeplinkRequest).
 *
 *   GET  /api/app/:appId/deeplinks                                   → DeeplinksResponse      (viewer)
 *   POST /api/app/:appId/deeplinks/update   UpdateDeeplinkRequest    → SuccessResponse        (editor)
 *
 * Only the url of a link changes; its type and platform are the partner's. The url rules below run in the browser as
 * the user types and again on the server.
 */
import * as t from 'io-ts';
import { AppParams, MAX, struct } from './codecs';
import { endpoint } from './endpoint';
import { Deeplink } from './apps';
import { SuccessResponse, UpdateDeeplinkRequest } from './integrations';

export const DEEPLINK_PLATFORMS = ['ios', 'android', 'appsFlyer'] as const;
export type DeeplinkPlatform = (typeof DEEPLINK_PLATFORMS)[number];
export const DEEPLINK_PLATFORM_LABELS: Record<DeeplinkPlatform, string> = {
  ios: 'iOS',
  android: 'Android',
  appsFlyer: 'AppsFlyer',
};
export const isSupportedDeeplinkPlatform = (platform: string): platform is DeeplinkPlatform =>
  (DEEPLINK_PLATFORMS as readonly string[]).includes(platform);

/** docs/app-settings.md §Messages, verbatim. */
export const DEEPLINK_COPIED = 'Deep link copied to clipboard.';
/** Ours (docs/app-settings.md §Messages names none for the update). */
export const DEEPLINK_UPDATED = 'Deep link updated.';
export const DEEPLINK_UPDATE_FAILED = 'Failed to update deep link.';
export const DEEPLINK_UNSUPPORTED = 'Questboard cannot update links of this platform.';

export const DEEPLINK_URL_ERRORS = {
  required: 'Enter the link URL.',
  tooLong: `The URL must be at most ${MAX.url.toLocaleString('en-US')} characters.`,
  spaces: 'The URL must not contain spaces.',
  https: 'Enter a full URL starting with https://.',
  appsFlyer: 'An AppsFlyer link must be on onelink.me or app.appsflyer.com.',
} as const;

const APPSFLYER_HOST = /(^|\.)onelink\.me$|^app\.appsflyer\.com$/i;

/** Why a new url is refused for a link of this platform, or null. An AppsFlyer link stays on AppsFlyer's domains. */
export function deeplinkUrlError(platform: string, url: string): string | null {
  const value = url.trim();
  if (!value) return DEEPLINK_URL_ERRORS.required;
  if (value.length > MAX.url) return DEEPLINK_URL_ERRORS.tooLong;
  if (/\s/.test(value)) return DEEPLINK_URL_ERRORS.spaces;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return DEEPLINK_URL_ERRORS.https;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.includes('.') || parsed.username || parsed.password)
    return DEEPLINK_URL_ERRORS.https;
  if (platform === 'appsFlyer' && !APPSFLYER_HOST.test(parsed.hostname)) return DEEPLINK_URL_ERRORS.appsFlyer;
  return null;
}

export const DeeplinksResponse = struct({ success: t.boolean, deepLinks: t.array(Deeplink) }, {}, 'DeeplinksResponse');
export type DeeplinksResponse = t.TypeOf<typeof DeeplinksResponse>;

export const deeplinkEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/app/:appId/deeplinks', params: AppParams, response: DeeplinksResponse }),
  /** docs/app-settings.md §API endpoints update deeplink (path ours, designed in integrations.ts). */
  update: endpoint({
    method: 'POST',
    path: '/api/app/:appId/deeplinks/update',
    params: AppParams,
    body: UpdateDeeplinkRequest,
    response: SuccessResponse,
  }),
};
