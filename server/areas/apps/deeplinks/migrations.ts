/**
 * App-database changes of the acquisition links (docs/app-settings.md §Entities Deeplink): one row per link of an app, in the order the
 * partner listed them. The platform is free text on purpose: a partner may send one Questboard does not support yet,
 * which is kept, shown and logged, never updated.
 */
import { sqlMigrations } from '../../../db/migrations';

export const deeplinksMigrations = sqlMigrations({
  '0440_app_deeplinks': `
        CREATE TABLE app_deeplinks (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          type text NOT NULL,
          url text NOT NULL,
          platform text NOT NULL,
          position integer NOT NULL DEFAULT 0,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX app_deeplinks_app ON app_deeplinks (app_id, position, id);
      `,
});
