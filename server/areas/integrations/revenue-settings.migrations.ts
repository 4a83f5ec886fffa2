/**
 * App-database table of the revenue settings (docs/integrations.md §Entities plugin event monetizeMetadata, §Rules and limits revenue settings): one row
 * per plugin event that has settings, going with its event; `app_id` lets the analytics rebuild read an app's rules
 * in one query (server/areas/integrations/revenue-settings.ts).
 */
import type { ColumnType } from 'kysely';
import { sqlMigrations } from '../../db/migrations';

export interface RevenueSettingsTable {
  event_id: string;
  app_id: string;
  event_name: string;
  revenue_type: 'ads' | 'iap' | 'other';
  revenue_ep: string;
  currency_ep: string;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface RevenueSettingsTables {
  revenue_settings: RevenueSettingsTable;
}

export const revenueSettingsMigrations = sqlMigrations({
  '0380_revenue_settings': `
        CREATE TABLE revenue_settings (
          event_id text PRIMARY KEY REFERENCES plugin_events(id) ON DELETE CASCADE,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          event_name text NOT NULL,
          revenue_type text NOT NULL CHECK (revenue_type IN ('ads','iap','other')),
          revenue_ep text NOT NULL,
          currency_ep text NOT NULL,
          updated_by text REFERENCES accounts(id) ON DELETE SET NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX revenue_settings_app ON revenue_settings (app_id, updated_at DESC)
      `,
});
