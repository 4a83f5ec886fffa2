/**
 * App-database changes of the App Settings area: the API keys of an app (docs/app-settings.md §Entities API key: key, type api|s2s, status
 * active|terminated). The key itself is never stored: a short prefix to recognise it and its SHA-256 hash (the key
 * is 256 random bits, so a fast hash is enough; a unique index makes a lookup by hash one row).
 */
import { sqlMigrations } from '../../db/migrations';

export const appSettingsMigrations = sqlMigrations({
  '0360_app_api_keys': `
        CREATE TABLE app_api_keys (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          type text NOT NULL CHECK (type IN ('api', 's2s')),
          prefix text NOT NULL,
          key_hash text NOT NULL UNIQUE,
          status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'terminated')),
          created_at timestamptz NOT NULL DEFAULT now(),
          terminated_at timestamptz
        );
        CREATE INDEX app_api_keys_app ON app_api_keys (app_id, created_at, id);
      `,
});
