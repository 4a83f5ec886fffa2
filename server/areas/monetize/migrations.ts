/**
 * App-database changes of the Monetize area (docs/monetize.md §Entities Monetize campaign): one campaign per app (a unique index, so two
 * racing creates end in one row and a 409), its lists and target conditions as JSON, LIVE or STOPPED.
 */
import { sqlMigrations } from '../../db/migrations';

export const monetizeMigrations = sqlMigrations({
  '0480_monetize_campaigns': `
        CREATE TABLE monetize_campaigns (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          ref_public_price double precision NOT NULL,
          min_accepted_price double precision,
          send_traffic_to_app_ids jsonb NOT NULL DEFAULT '[]',
          countries jsonb NOT NULL DEFAULT '[]',
          target_conditions jsonb NOT NULL DEFAULT '[]',
          status text NOT NULL CHECK (status IN ('LIVE', 'STOPPED')),
          updated_by text REFERENCES accounts(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX monetize_campaigns_app ON monetize_campaigns (app_id);
      `,
});
