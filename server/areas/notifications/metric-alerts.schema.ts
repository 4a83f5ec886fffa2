/** Kysely table types of the metric alerts (server/areas/notifications/migrations.ts 0960; docs/notifications.md §Metric alerts). */
import type { ColumnType } from 'kysely';

/** A person's rule on one metric of a saved report. */
export interface MetricAlertsTable {
  id: string;
  workspace_id: string;
  app_id: string;
  report_id: string;
  account_id: string;
  metric: string;
  condition: 'above' | 'below' | 'change' | 'anomaly';
  /** The value (above/below), the percent (change) or k (anomaly). */
  threshold: number;
  email: boolean;
  paused: boolean;
  created_at: ColumnType<Date, Date | string, never>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/** A rule fired for a day: its row is the claim that makes it fire once per rule and day. */
export interface MetricAlertFiringsTable {
  rule_id: string;
  day: string;
  value: number;
  fired_at: ColumnType<Date, Date | string, never>;
}

export interface MetricAlertTables {
  metric_alerts: MetricAlertsTable;
  metric_alert_firings: MetricAlertFiringsTable;
}
