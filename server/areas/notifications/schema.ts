/** Kysely table types of the notifications (server/areas/notifications/migrations.ts). */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** One entry of a person's inbox in a workspace. */
export interface NotificationsTable {
  id: Generated<string>;
  workspace_id: string;
  account_id: string;
  app_id: string | null;
  /** A key of the alerts registry (src/contracts/notifications.ts). */
  kind: string;
  title: string;
  body: string;
  /** The SPA path of the object it is about. */
  link: string;
  /** The alert, its object and its period: one entry per person and key. */
  dedupe_key: string;
  created_at: ColumnType<Date, Date | string, never>;
  read_at: ColumnType<Date | null, never, Date | string | null>;
}

/** A person's setting of one alert in a workspace; no row: the alert's default (on for its roles). */
export interface NotificationPreferencesTable {
  account_id: string;
  workspace_id: string;
  kind: string;
  enabled: boolean;
  /** Also by e-mail (0901; default on). */
  email: ColumnType<boolean, boolean | undefined, boolean>;
  muted_apps: JSONColumnType<string[], string, string>;
}

/** One alert's e-mail to one person, sent by the e-mail job (pending → sent, or failed after a day of retries). */
export interface NotificationEmailsTable {
  id: Generated<string>;
  workspace_id: string;
  account_id: string;
  kind: string;
  dedupe_key: string;
  to_email: string;
  subject: string;
  body: string;
  headers: JSONColumnType<Record<string, string>, string, string>;
  status: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string, never>;
  sent_at: ColumnType<Date | null, never, Date | string | null>;
  last_error: ColumnType<string | null, never, string | null>;
}

/** Keys of the area (the one signing unsubscribe links), made on first use. */
export interface NotificationKeysTable {
  id: string;
  secret: string;
}

/** A workspace's webhook (0902): where its alerts are POSTed, signed with its sealed secret. */
export interface NotificationWebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  format: 'slack' | 'json';
  /** The alerts it carries (keys of the registry). */
  alerts: JSONColumnType<string[], string, string>;
  enabled: boolean;
  /** The signing secret, sealed with the server key (CREDENTIALS_KEY). */
  secret_sealed: string;
  created_at: ColumnType<Date, Date | string, never>;
}

/** One delivery of an alert (or a test) to a webhook; its id is the Idempotency-Key. */
export interface NotificationWebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  kind: string;
  dedupe_key: string;
  title: string;
  /** The exact JSON body sent at every attempt. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string, never>;
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  http_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A person's digest of a saved report or dashboard on a schedule (0950, docs/notifications.md §Subscriptions). */
export interface ReportSubscriptionsTable {
  id: string;
  workspace_id: string;
  account_id: string;
  app_id: string;
  target_kind: 'report' | 'dashboard';
  target_id: string;
  title: string;
  frequency: 'daily' | 'weekly';
  hour: number;
  /** 0 Monday … 6 Sunday; null when daily. */
  weekday: number | null;
  time_zone: string;
  email: boolean;
  webhook_id: string | null;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  /** The next due instant; null while paused. */
  next_run_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string, never>;
}

/** One digest of a subscription for one period (its due instant): pending → sent, or failed after a day. */
export interface ReportDigestsTable {
  id: Generated<string>;
  subscription_id: string;
  period: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  created_at: ColumnType<Date, Date | string, never>;
  sent_at: ColumnType<Date | null, never, Date | string | null>;
  last_error: ColumnType<string | null, never, string | null>;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_emails: NotificationEmailsTable;
  notification_keys: NotificationKeysTable;
  notification_webhooks: NotificationWebhooksTable;
  notification_webhook_deliveries: NotificationWebhookDeliveriesTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_digests: ReportDigestsTable;
}
