/**
 * The notifications' tables (numbers 0900–0909, metric alerts 0960–0969, docs/notifications.md §Delivery). An inbox entry is unique per person
 * and `dedupe_key` (the alert, its object and its period): an event delivered twice, or two servers racing, make one
 * entry (and one e-mail). The inbox is read newest first with an (created_at, id) cursor; the unread count from a partial index.
 */
import { sqlMigrations } from '../../db/migrations';

export const notificationsMigrations = sqlMigrations({
  '0900_notifications': `
        CREATE TABLE notifications (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          workspace_id text NOT NULL,
          account_id text NOT NULL,
          app_id text,
          kind text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          link text NOT NULL,
          dedupe_key text NOT NULL,
          created_at timestamptz NOT NULL,
          read_at timestamptz,
          UNIQUE (account_id, dedupe_key)
        );
        CREATE INDEX notifications_inbox ON notifications (account_id, workspace_id, created_at DESC, id DESC);
        CREATE INDEX notifications_unread ON notifications (account_id, workspace_id) WHERE read_at IS NULL;
        CREATE TABLE notification_preferences (
          account_id text NOT NULL,
          workspace_id text NOT NULL,
          kind text NOT NULL,
          enabled boolean NOT NULL,
          muted_apps jsonb NOT NULL,
          PRIMARY KEY (account_id, workspace_id, kind)
        )
      `,
  // E-mail: a per-alert switch (on by default), one message per person and key (the same unique key as the inbox),
  // sent by a job with retries; the key signing unsubscribe links.
  '0901_notification_emails': `
        ALTER TABLE notification_preferences ADD COLUMN email boolean NOT NULL DEFAULT true;
        CREATE TABLE notification_emails (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          workspace_id text NOT NULL,
          account_id text NOT NULL,
          kind text NOT NULL,
          dedupe_key text NOT NULL,
          to_email text NOT NULL,
          subject text NOT NULL,
          body text NOT NULL,
          headers jsonb NOT NULL,
          status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
          attempts integer NOT NULL DEFAULT 0,
          next_attempt_at timestamptz NOT NULL,
          created_at timestamptz NOT NULL,
          sent_at timestamptz,
          last_error text,
          UNIQUE (account_id, dedupe_key)
        );
        CREATE INDEX notification_emails_due ON notification_emails (next_attempt_at) WHERE status = 'pending';
        CREATE TABLE notification_keys (
          id text PRIMARY KEY,
          secret text NOT NULL
        )
      `,
  // Webhooks of a workspace (at most 5) and their deliveries: one per webhook and key (the alert, its object and its
  // period, like the inbox), sent by the webhook job with retries; a delivery's id is its Idempotency-Key.
  '0902_notification_webhooks': `
        CREATE TABLE notification_webhooks (
          id text PRIMARY KEY,
          workspace_id text NOT NULL,
          url text NOT NULL,
          format text NOT NULL CHECK (format IN ('slack', 'json')),
          alerts jsonb NOT NULL,
          enabled boolean NOT NULL,
          secret_sealed text NOT NULL,
          created_at timestamptz NOT NULL
        );
        CREATE INDEX notification_webhooks_workspace ON notification_webhooks (workspace_id, created_at);
        CREATE TABLE notification_webhook_deliveries (
          id text PRIMARY KEY,
          webhook_id text NOT NULL REFERENCES notification_webhooks (id) ON DELETE CASCADE,
          workspace_id text NOT NULL,
          kind text NOT NULL,
          dedupe_key text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
          attempts integer NOT NULL DEFAULT 0,
          next_attempt_at timestamptz NOT NULL,
          created_at timestamptz NOT NULL,
          last_attempt_at timestamptz,
          http_status integer,
          last_error text,
          UNIQUE (webhook_id, dedupe_key)
        );
        CREATE INDEX notification_webhook_deliveries_due ON notification_webhook_deliveries (next_attempt_at)
          WHERE status = 'pending';
        CREATE INDEX notification_webhook_deliveries_recent ON notification_webhook_deliveries (webhook_id, created_at DESC)
      `,
  // Report and dashboard subscriptions (docs/notifications.md §Subscriptions): a person's schedule for one saved
  // report or dashboard, its next due instant indexed so the scheduler finds the due ones without reading the
  // others; one digest per subscription and period (the due instant), sent by the digest job with retries.
  '0950_report_subscriptions': `
        CREATE TABLE report_subscriptions (
          id text PRIMARY KEY,
          workspace_id text NOT NULL,
          account_id text NOT NULL,
          app_id text NOT NULL,
          target_kind text NOT NULL CHECK (target_kind IN ('report', 'dashboard')),
          target_id text NOT NULL,
          title text NOT NULL,
          frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly')),
          hour integer NOT NULL CHECK (hour BETWEEN 0 AND 23),
          weekday integer CHECK (weekday BETWEEN 0 AND 6),
          time_zone text NOT NULL,
          email boolean NOT NULL,
          webhook_id text REFERENCES notification_webhooks (id) ON DELETE SET NULL,
          paused boolean NOT NULL DEFAULT false,
          next_run_at timestamptz,
          last_sent_at timestamptz,
          created_at timestamptz NOT NULL
        );
        CREATE INDEX report_subscriptions_due ON report_subscriptions (next_run_at) WHERE NOT paused;
        CREATE INDEX report_subscriptions_owner ON report_subscriptions (account_id, workspace_id, created_at);
        CREATE INDEX report_subscriptions_target ON report_subscriptions (target_kind, target_id);
        CREATE TABLE report_digests (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          subscription_id text NOT NULL REFERENCES report_subscriptions (id) ON DELETE CASCADE,
          period text NOT NULL,
          status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
          attempts integer NOT NULL DEFAULT 0,
          next_attempt_at timestamptz NOT NULL,
          created_at timestamptz NOT NULL,
          sent_at timestamptz,
          last_error text,
          UNIQUE (subscription_id, period)
        );
        CREATE INDEX report_digests_due ON report_digests (next_attempt_at) WHERE status = 'pending'
      `,
  // Metric alerts (docs/notifications.md §Metric alerts): a person's rules on a saved report's metric, and the days
  // each fired (the row is the claim: once per rule and day).
  '0960_metric_alerts': `
        CREATE TABLE metric_alerts (
          id text PRIMARY KEY,
          workspace_id text NOT NULL,
          app_id text NOT NULL,
          report_id text NOT NULL,
          account_id text NOT NULL,
          metric text NOT NULL,
          condition text NOT NULL CHECK (condition IN ('above', 'below', 'change', 'anomaly')),
          threshold double precision NOT NULL,
          email boolean NOT NULL,
          paused boolean NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX metric_alerts_app ON metric_alerts (app_id) WHERE NOT paused;
        CREATE INDEX metric_alerts_owner ON metric_alerts (account_id, workspace_id, created_at);
        CREATE TABLE metric_alert_firings (
          rule_id text NOT NULL REFERENCES metric_alerts (id) ON DELETE CASCADE,
          day text NOT NULL,
          value double precision NOT NULL,
          fired_at timestamptz NOT NULL,
          PRIMARY KEY (rule_id, day)
        )
      `,
});
