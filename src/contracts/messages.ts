/**
 * The app's player notifications (docs/app-settings.md §Entities App.notificationSettings {questStart, questComplete}; docs/app-settings.md Settings →
 * Messages): what a player's phone shows when a quest starts and when it is completed. docs/app-settings.md §Screens and routes names the two settings
 * but not their shape; ours, per setting:
 *
 *   NotificationMessage { enabled, title, body }
 *     title  at most 50 characters, one line (what fits a lock-screen title)
 *     body   at most 180 characters (what a push shows before it is cut)
 *   Both are required while the message is enabled. Placeholders are allow-listed: {questName}, {appName} and
 *   {reward}; any other {word} is refused, so a typo never reaches players as raw braces.
 *
 * An app with nothing saved gets DEFAULT_NOTIFICATION_SETTINGS. The rules are `validateNotificationSettings`, shared
 * by the form and the server.
 *
 * Our paths (app routes):
 *   GET /api/app/:appId/notification-settings  → NotificationSettingsResponse                          (viewer)
 *   PUT /api/app/:appId/notification-settings  NotificationSettings → NotificationSettingsResponse     (editor)
 */
import * as t from 'io-ts';
import { struct, line, boundedString, MAX, AppParams } from './codecs';
import { endpoint } from './endpoint';
import type { FieldErrors } from './validation';

export const NOTIFICATION_TITLE_MAX = 50;
export const NOTIFICATION_BODY_MAX = 180;
export const PLACEHOLDERS = ['questName', 'appName', 'reward'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export const NOTIFICATION_KINDS = ['questStart', 'questComplete'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  questStart: 'Quest started',
  questComplete: 'Quest completed',
};

export const NotificationMessage = struct(
  { enabled: t.boolean, title: line(MAX.name), body: boundedString(MAX.label) },
  {},
  'NotificationMessage',
);
export type NotificationMessage = t.TypeOf<typeof NotificationMessage>;
export const NotificationSettings = struct(
  { questStart: NotificationMessage, questComplete: NotificationMessage },
  {},
  'NotificationSettings',
);
export type NotificationSettings = t.TypeOf<typeof NotificationSettings>;
export const NotificationSettingsResponse = struct(
  { success: t.boolean, data: NotificationSettings },
  { message: t.string },
  'NotificationSettingsResponse',
);
export type NotificationSettingsResponse = t.TypeOf<typeof NotificationSettingsResponse>;

export const messagesEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/app/:appId/notification-settings',
    params: AppParams,
    response: NotificationSettingsResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/app/:appId/notification-settings',
    params: AppParams,
    body: NotificationSettings,
    response: NotificationSettingsResponse,
  }),
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  questStart: {
    enabled: true,
    title: 'New quest: {questName}',
    body: 'A new quest is waiting in {appName}. Complete it to earn {reward}!',
  },
  questComplete: {
    enabled: true,
    title: 'Quest complete!',
    body: 'You finished {questName} in {appName}. Your {reward} is ready to collect.',
  },
};

export const MESSAGES_SAVED = 'Messages saved.';
export const MESSAGES_SAVE_FAILED = 'Something went wrong when saving the messages. Try again later!';
export const TITLE_REQUIRED = 'Title is required while the message is on.';
export const BODY_REQUIRED = 'Message is required while the message is on.';
export const TITLE_TOO_LONG = `Title must be at most ${NOTIFICATION_TITLE_MAX} characters.`;
export const BODY_TOO_LONG = `Message must be at most ${NOTIFICATION_BODY_MAX} characters.`;
export const unknownPlaceholder = (name: string) =>
  `Unknown placeholder {${name}}. Use {questName}, {appName} or {reward}.`;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The first placeholder of a text that is not allow-listed, or null. */
export function unknownPlaceholderIn(text: string): string | null {
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(match[1]!)) return match[1]!;
  }
  return null;
}

function messageErrors(message: NotificationMessage, prefix: NotificationKind, errors: FieldErrors) {
  const title = message.title.trim();
  const body = message.body.trim();
  if (message.enabled && !title) errors[`${prefix}.title`] = TITLE_REQUIRED;
  else if (title.length > NOTIFICATION_TITLE_MAX) errors[`${prefix}.title`] = TITLE_TOO_LONG;
  else if (unknownPlaceholderIn(title) !== null)
    errors[`${prefix}.title`] = unknownPlaceholder(unknownPlaceholderIn(title)!);
  if (message.enabled && !body) errors[`${prefix}.body`] = BODY_REQUIRED;
  else if (body.length > NOTIFICATION_BODY_MAX) errors[`${prefix}.body`] = BODY_TOO_LONG;
  else if (unknownPlaceholderIn(body) !== null)
    errors[`${prefix}.body`] = unknownPlaceholder(unknownPlaceholderIn(body)!);
}

/** Field errors keyed `questStart.title`, `questComplete.body` …; empty when valid. */
export function validateNotificationSettings(settings: NotificationSettings): FieldErrors {
  const errors: FieldErrors = {};
  for (const kind of NOTIFICATION_KINDS) messageErrors(settings[kind], kind, errors);
  return errors;
}

/** What is stored: trimmed texts. */
export const normalizeNotificationSettings = (settings: NotificationSettings): NotificationSettings => ({
  questStart: {
    ...settings.questStart,
    title: settings.questStart.title.trim(),
    body: settings.questStart.body.trim(),
  },
  questComplete: {
    ...settings.questComplete,
    title: settings.questComplete.title.trim(),
    body: settings.questComplete.body.trim(),
  },
});

/** The preview's text: each allow-listed placeholder replaced by the sample value (others left as typed). */
export function renderNotification(text: string, values: Record<Placeholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );
}
