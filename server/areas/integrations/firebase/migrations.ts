/**
 * App-database changes of the Firebase part of the integrations area (migrations 0350–0359): the conversion function
 * deployed for a Firebase plugin (server/areas/integrations/firebase/firebase.ts): which version forwards which enabled events, and when
 * it was deployed. One row per plugin, replaced by each successful `function_deploy` job.
 */
import { sqlMigrations } from '../../../db/migrations';

export const firebaseMigrations = sqlMigrations({
  '0350_firebase_functions': `
        CREATE TABLE firebase_functions (
          plugin_id text PRIMARY KEY REFERENCES plugins(id) ON DELETE CASCADE,
          version text NOT NULL,
          event_names jsonb NOT NULL DEFAULT '[]'::jsonb,
          deployed_at timestamptz NOT NULL
        );
        CREATE INDEX jobs_plugin_latest ON jobs (plugin_id, kind, created_at);
      `,
});
