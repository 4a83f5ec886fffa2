/**
 * App-database table of the Adjust integration (migrations 0420–0429): the rows of the app's events file (docs/domain.md
 * CSV, ours), one per event token. The primary key makes a token unique per plugin, so per app (one Adjust plugin per
 * app: plugins_one_per_type). The partner link, file name and upload time are the plugin's attributes.
 */
import { sqlMigrations } from '../../../db/migrations';

/** The table's row type (used with `db.withTables<AdjustTables>()`, so the shared schema file stays untouched). */
export type AdjustTables = {
  adjust_events: {
    plugin_id: string;
    event_token: string;
    event_name: string;
    revenue_type: 'ads' | 'iap' | 'other' | null;
    currency: string | null;
    revenue_param: string | null;
    position: number;
  };
};

export const adjustMigrations = sqlMigrations({
  '0420_adjust_events': `
        CREATE TABLE adjust_events (
          plugin_id text NOT NULL REFERENCES plugins(id) ON DELETE CASCADE,
          event_token text NOT NULL,
          event_name text NOT NULL,
          revenue_type text CHECK (revenue_type IN ('ads','iap','other')),
          currency text,
          revenue_param text,
          position integer NOT NULL,
          PRIMARY KEY (plugin_id, event_token)
        );
      `,
});
