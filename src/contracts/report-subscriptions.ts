/**
 * Report and dashboard subscriptions (docs/notifications.md §Subscriptions): a person asks for a digest of a saved
 * report or a dashboard on a schedule — daily at an hour, or weekly on a day at an hour, in a time zone (UTC unless
 * chosen) — by e-mail (the table's first rows, the chart as a PNG, the full CSV attached) and, for admins, to one of
 * the workspace's webhooks (a short summary). Bounds live here so the server and the dialog agree.
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, WorkspaceParams } from './codecs';
import { endpoint } from './endpoint';
import { boundedNumber } from './numbers';

/** A person has at most this many subscriptions in one workspace. */
export const SUBSCRIPTIONS_MAX = 50;
/** Rows of a table a digest shows (the CSV attachment holds them all). */
export const DIGEST_ROWS = 20;
/** Rows a report's CSV attachment holds at most. */
export const DIGEST_CSV_ROWS_MAX = 50_000;
export const DEFAULT_TIME_ZONE = 'UTC';

export const SubscriptionTargetKind = t.keyof({ report: null, dashboard: null }, 'SubscriptionTargetKind');
export type SubscriptionTargetKind = t.TypeOf<typeof SubscriptionTargetKind>;
export const SubscriptionFrequency = t.keyof({ daily: null, weekly: null }, 'SubscriptionFrequency');
export type SubscriptionFrequency = t.TypeOf<typeof SubscriptionFrequency>;

/** Days of a weekly schedule: 0 is Monday … 6 is Sunday (ISO order). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const HOUR_MESSAGE = 'The hour must be a whole number from 0 to 23.';
export const WEEKDAY_REQUIRED = 'A weekly subscription needs its day (0 for Monday to 6 for Sunday).';
export const TIME_ZONE_MESSAGE = 'The time zone must be an IANA name, like Europe/Berlin or UTC.';
export const CHANNEL_REQUIRED = 'Choose at least one channel: e-mail or a webhook.';
export const WEBHOOK_NOT_FOUND = 'This webhook is not one of the workspace’s.';
export const WEBHOOK_ADMINS_ONLY = 'Only admins can send a subscription to a webhook.';
export const SUBSCRIPTIONS_LIMIT = `You have at most ${SUBSCRIPTIONS_MAX} subscriptions in a workspace. Delete one to add another.`;

/** True when the runtime knows this IANA time zone. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const Hour = boundedNumber({ name: 'Hour', min: 0, max: 23, integer: true });
export const Weekday = boundedNumber({ name: 'Weekday', min: 0, max: 6, integer: true });
export const TimeZone = line(64, {
  check: (s) => (isTimeZone(s) ? null : TIME_ZONE_MESSAGE.replace(/\.$/, '')),
  expected: 'an IANA time zone',
  name: 'TimeZone',
});

export const Schedule = struct(
  { frequency: SubscriptionFrequency, hour: Hour },
  { weekday: nullable(Weekday), timeZone: TimeZone },
  'Schedule',
);
export type Schedule = t.TypeOf<typeof Schedule>;

export const Channels = struct({ email: t.boolean, webhookId: nullable(Id) }, {}, 'Channels');
export type Channels = t.TypeOf<typeof Channels>;

export const SubscriptionTarget = struct({ kind: SubscriptionTargetKind, appId: Id, id: Id }, {}, 'SubscriptionTarget');
export type SubscriptionTarget = t.TypeOf<typeof SubscriptionTarget>;

export const CreateSubscriptionRequest = struct(
  { target: SubscriptionTarget, schedule: Schedule, channels: Channels },
  {},
  'CreateSubscriptionRequest',
);
export type CreateSubscriptionRequest = t.TypeOf<typeof CreateSubscriptionRequest>;
export const UpdateSubscriptionRequest = struct(
  { schedule: Schedule, channels: Channels, paused: t.boolean },
  {},
  'UpdateSubscriptionRequest',
);
export type UpdateSubscriptionRequest = t.TypeOf<typeof UpdateSubscriptionRequest>;

export const Subscription = struct(
  {
    id: t.string,
    target: SubscriptionTarget,
    /** The report's or dashboard's name (as of the last change or digest). */
    title: t.string,
    frequency: SubscriptionFrequency,
    hour: t.number,
    weekday: nullable(t.number),
    timeZone: t.string,
    email: t.boolean,
    webhookId: nullable(t.string),
    paused: t.boolean,
    /** The next digest's instant (ISO, UTC); null while paused. */
    nextRunAt: nullable(t.string),
    lastSentAt: nullable(t.string),
    createdAt: t.string,
    /** The newest digest was given up after a day of retries (docs/notifications.md §Delivery). */
    deliveryFailing: t.boolean,
  },
  {},
  'Subscription',
);
export type Subscription = t.TypeOf<typeof Subscription>;

/** A webhook a subscription may use: its id and host (never the URL, which can be a credential). */
export const SubscriptionWebhook = struct({ id: t.string, host: t.string }, {}, 'SubscriptionWebhook');
export type SubscriptionWebhook = t.TypeOf<typeof SubscriptionWebhook>;

export const SubscriptionList = struct(
  {
    success: t.literal(true),
    subscriptions: t.array(Subscription),
    /** The workspace's enabled webhooks, for admins (others: empty). */
    webhooks: t.array(SubscriptionWebhook),
  },
  {},
  'SubscriptionList',
);
export type SubscriptionList = t.TypeOf<typeof SubscriptionList>;
export const SubscriptionSaved = struct(
  { success: t.literal(true), subscription: Subscription },
  {},
  'SubscriptionSaved',
);
export type SubscriptionSaved = t.TypeOf<typeof SubscriptionSaved>;

export const SubscriptionParams = struct({ workspaceId: Id, subscriptionId: Id });
export const SubscriptionListQuery = struct({}, { kind: SubscriptionTargetKind, appId: Id, id: Id });
export type SubscriptionListQuery = t.TypeOf<typeof SubscriptionListQuery>;

/** How a schedule reads: "Daily at 08:00 (UTC)", "Weekly on Monday at 17:00 (Europe/Berlin)". */
export function scheduleText(schedule: {
  frequency: SubscriptionFrequency;
  hour: number;
  weekday?: number | null;
  timeZone?: string;
}): string {
  const at = `${String(schedule.hour).padStart(2, '0')}:00 (${schedule.timeZone ?? DEFAULT_TIME_ZONE})`;
  return schedule.frequency === 'daily'
    ? `Daily at ${at}`
    : `Weekly on ${WEEKDAYS[schedule.weekday ?? 0] ?? WEEKDAYS[0]} at ${at}`;
}

const base = '/api/workspace/:workspaceId/notifications/subscriptions';
export const subscriptionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    params: WorkspaceParams,
    query: SubscriptionListQuery,
    response: SubscriptionList,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    params: WorkspaceParams,
    body: CreateSubscriptionRequest,
    response: SubscriptionSaved,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:subscriptionId`,
    params: SubscriptionParams,
    body: UpdateSubscriptionRequest,
    response: SubscriptionSaved,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:subscriptionId`,
    params: SubscriptionParams,
    response: SubscriptionList,
  }),
};
