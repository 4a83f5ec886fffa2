/**
 * Notifications (docs/notifications.md): what Questboard tells a person when something matters in a workspace. The
 * built-in alerts are one registry (ALERTS): each is fired by a domain event of the catalogue, on by default for the
 * roles it names, and switchable per person (and per app, where it is about an app). The bell in the header reads
 * the person's inbox page by page (a cursor, newest first) with its unread count.
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import { isGoogleCloudType } from './plugin-types';
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX, WorkspaceParams, type Role } from './codecs';
import { binary, endpoint } from './endpoint';
import type { DomainEventName } from './domain-events';

export interface AlertEntry {
  /** The domain event that fires it. */
  readonly event: DomainEventName;
  /** Its name in the preferences. */
  readonly label: string;
  /** What it tells, in the preferences. */
  readonly description: string;
  /** Who gets it unless they turn it off. */
  readonly roles: readonly Role[];
  /** It is about one app: it can be turned off for one app. */
  readonly perApp: boolean;
}

/** Days of runway (Billing's balance at its spending pace) under which the balance is running out. */
export const RUNWAY_ALERT_DAYS = 7;

/** Hours without a postback after which a connected attribution source is silent, unless the source says otherwise. */
export const SILENT_HOURS_DEFAULT = 6;
/** Hours without new export data after which a BigQuery-linked source (BigQuery, Firebase) is silent, unless set. */
export const EXPORT_SILENT_HOURS_DEFAULT = 36;
/** A source's own silence threshold is 1 to 720 hours (30 days). */
export const SILENT_HOURS_MIN = 1;
export const SILENT_HOURS_MAX = 720;
/** The sources whose data arrives through the app's BigQuery export: the Google Cloud types (docs/notifications.md §Silent sources). */
export const isExportSource = (type: string): boolean => isGoogleCloudType(type);
/** A source's threshold: its own (`plugins.silent_hours`) or the default of its kind. */
export const silentHoursOf = (type: string, own: number | null): number =>
  own ?? (isExportSource(type) ? EXPORT_SILENT_HOURS_DEFAULT : SILENT_HOURS_DEFAULT);

/** The built-in alerts, one line each: every list of alerts (preferences, reactions, docs) derives from it. */
export const ALERTS = {
  quest_capped: {
    event: 'quest.capped',
    label: 'Quest reached its daily cap',
    description: 'A live quest reached its daily cap: further completions today are counted but not charged.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  holds_burst: {
    event: 'quest.holds_burst',
    label: 'Burst of held completions',
    description:
      'Many completions of an app were held for review within an hour: they look fake and wait for a decision.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  quest_cap_near: {
    event: 'quest.cap_near',
    label: 'Quest will reach its daily cap',
    description: 'A live quest will reach its daily cap before midnight UTC at today’s pace.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  budget_fast: {
    event: 'target.budget_fast',
    label: 'Budget spent faster than the day',
    description:
      'The app’s quests spend its daily budget faster than the day goes by: it runs out before midnight UTC.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  kpi_below: {
    event: 'target.kpi_below',
    label: 'Target KPI below target',
    description:
      'The app’s target KPI, counted over the players old enough to be mature, is below its target value once more players matured.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  source_silent: {
    event: 'plugin.silent',
    label: 'Source went silent',
    description: `A connected source sent nothing new for its threshold: no postback for ${SILENT_HOURS_DEFAULT} hours, no BigQuery export data for ${EXPORT_SILENT_HOURS_DEFAULT} hours, unless the source sets its own.`,
    roles: ['admin', 'editor'],
    perApp: true,
  },
  source_degraded: {
    event: 'plugin.degraded',
    label: 'Source health turned Degraded',
    description: 'A connected source’s health line turned Degraded: it works, but something needs a look.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  process_failed: {
    event: 'plugin.process_failed',
    label: 'Process Data failed',
    description: 'A Process Data run failed: the days it covered were not updated.',
    roles: ['admin', 'editor'],
    perApp: true,
  },
  runway_low: {
    event: 'balance.ran_low',
    label: 'Balance running out',
    description: `At the last 30 days’ spending pace the balance lasts fewer than ${RUNWAY_ALERT_DAYS} days.`,
    roles: ['admin'],
    perApp: false,
  },
  payment_failed: {
    event: 'payment.failed',
    label: 'Payment failed',
    description: 'An invoice could not be paid with the payment method on file.',
    roles: ['admin'],
    perApp: false,
  },
  invitation_accepted: {
    event: 'member.joined',
    label: 'Invitation accepted',
    description: 'Someone accepted an invitation and joined the workspace.',
    roles: ['admin'],
    perApp: false,
  },
  // A person's own rule on a saved report's metric (docs/notifications.md §Metric alerts): it goes to the rule's
  // owner only (no role gets it by default, so the preferences list no card for it), and to the webhooks carrying it.
  metric_alert: {
    event: 'plugin.data_processed',
    label: 'Metric alert',
    description:
      'A metric of a saved report crossed the threshold of one of your metric alerts, or was unusual for the weekday.',
    roles: [],
    perApp: true,
  },
} as const satisfies Readonly<Record<string, AlertEntry>>;

export type AlertKind = keyof typeof ALERTS;
export const ALERT_KINDS = Object.keys(ALERTS) as AlertKind[];
/** The alerts a role gets (the only ones its preferences list). */
export const alertsForRole = (role: Role): AlertKind[] =>
  ALERT_KINDS.filter((kind) => (ALERTS[kind].roles as readonly Role[]).includes(role));
export const AlertKindCodec = t.keyof(
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, null])) as Record<AlertKind, null>,
  'AlertKind',
);

/** Entries per page of the inbox. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const Notification = struct({
  id: t.string,
  kind: t.string,
  appId: nullable(t.string),
  title: t.string,
  body: t.string,
  /** The page of the object it is about (an SPA path). */
  link: t.string,
  /** When it was made, ISO 8601. */
  at: t.string,
  read: t.boolean,
});
export type Notification = t.TypeOf<typeof Notification>;

export const NotificationsPage = struct({
  success: t.literal(true),
  notifications: t.array(Notification),
  unread: t.number,
  nextCursor: nullable(t.string),
});
export type NotificationsPage = t.TypeOf<typeof NotificationsPage>;

export const NotificationsQuery = struct({}, { cursor: line(MAX.token) });
export const NotificationParams = struct({ workspaceId: Id, notificationId: Id });
export const ReadAnswer = struct({ success: t.literal(true), unread: t.number });
export type ReadAnswer = t.TypeOf<typeof ReadAnswer>;

/**
 * One alert's setting for the person: on or off (off: neither the bell nor e-mail), also by e-mail, and the apps it
 * is off for (per-app alerts).
 */
export const AlertPreference = struct({
  kind: AlertKindCodec,
  enabled: t.boolean,
  email: t.boolean,
  mutedApps: t.array(Id),
  /** The person's newest e-mail of this alert was given up after a day of retries (docs/notifications.md §Delivery). */
  deliveryFailing: t.boolean,
});
export type AlertPreference = t.TypeOf<typeof AlertPreference>;
export const AlertPreferences = struct({ success: t.literal(true), alerts: t.array(AlertPreference) });
export type AlertPreferences = t.TypeOf<typeof AlertPreferences>;
/** At most this many apps muted in one alert's setting. */
export const MUTED_APPS_MAX = 500;
export const AlertPreferenceInput = struct({
  kind: AlertKindCodec,
  enabled: t.boolean,
  email: t.boolean,
  mutedApps: t.refinement(t.array(Id), (ids) => ids.length <= MUTED_APPS_MAX, `at most ${MUTED_APPS_MAX} apps`),
});
export type AlertPreferenceInput = t.TypeOf<typeof AlertPreferenceInput>;

/** An unsubscribe link's signed token (docs/notifications.md §E-mail). */
export const UnsubscribeQuery = struct({ token: line(512) }, {}, 'UnsubscribeQuery');
/** The one-click form body mail clients post (RFC 8058: `List-Unsubscribe=One-Click`), or the page's own form. */
export const UnsubscribeForm = t.UnknownRecord;

export const notificationEndpoints = {
  /** The person's inbox in a workspace, newest first, with the unread count. */
  list: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/notifications',
    params: WorkspaceParams,
    query: NotificationsQuery,
    response: NotificationsPage,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/notifications/:notificationId/read',
    params: NotificationParams,
    response: ReadAnswer,
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/notifications/read-all',
    params: WorkspaceParams,
    response: ReadAnswer,
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/notifications/preferences',
    params: WorkspaceParams,
    response: AlertPreferences,
  }),
  setPreference: endpoint({
    method: 'PUT',
    path: '/api/workspace/:workspaceId/notifications/preferences',
    params: WorkspaceParams,
    body: AlertPreferenceInput,
    response: AlertPreferences,
  }),
  /** The page an e-mail's unsubscribe link opens (no sign-in: the signed token is the credential). */
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    query: UnsubscribeQuery,
    response: binary,
  }),
  /** One click: the page's button, or the mail client's List-Unsubscribe-Post. Turns the alert's e-mails off. */
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    query: UnsubscribeQuery,
    body: UnsubscribeForm,
    response: binary,
  }),
};
