/**
 * App-database tables of the integrations area (PGlite and PostgreSQL alike): Google Cloud credentials (their secret
 * part encrypted with AES-GCM under the server key, server/providers/google-cloud/secret-box.ts), each plugin's
 * credential, its events (docs/integrations.md §Entities plugin event) and its feed (Latest Updates), and the jobs table: work that outlives
 * a request (process data, the sandbox export), claimed with FOR UPDATE SKIP LOCKED (server/jobs/queue.ts).
 */
import type { ColumnType } from 'kysely';
import { sqlMigrations } from '../../db/migrations';

export const integrationsMigrations = sqlMigrations({
  '0320_integrations': `
        CREATE TABLE credentials (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          type text NOT NULL CHECK (type IN ('USER_OAUTH','TP_SERVICE_ACCOUNT','ORG_SERVICE_ACCOUNT')),
          email text NOT NULL,
          project_id text,
          secret text,
          created_by text REFERENCES accounts(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX credentials_workspace ON credentials (workspace_id, created_at);
        CREATE UNIQUE INDEX credentials_one_product ON credentials (workspace_id) WHERE type = 'TP_SERVICE_ACCOUNT';
        ALTER TABLE plugins ADD COLUMN credential_id text REFERENCES credentials(id) ON DELETE SET NULL;
        CREATE UNIQUE INDEX plugins_one_per_type ON plugins (app_id, type);
        CREATE TABLE plugin_events (
          id text PRIMARY KEY,
          plugin_id text NOT NULL REFERENCES plugins(id) ON DELETE CASCADE,
          event_name text NOT NULL,
          event_params jsonb NOT NULL DEFAULT '{}'::jsonb,
          status text NOT NULL CHECK (status IN ('ACTIVE','ENABLED','DISABLED')),
          last_received_at bigint NOT NULL DEFAULT 0,
          monetize_metadata jsonb,
          UNIQUE (plugin_id, event_name)
        );
        CREATE TABLE plugin_feed (
          id serial PRIMARY KEY,
          plugin_id text NOT NULL REFERENCES plugins(id) ON DELETE CASCADE,
          message text NOT NULL,
          type text NOT NULL DEFAULT 'default' CHECK (type IN ('error','success','default')),
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX plugin_feed_plugin ON plugin_feed (plugin_id, id);
        CREATE TABLE jobs (
          id text PRIMARY KEY,
          kind text NOT NULL,
          plugin_id text REFERENCES plugins(id) ON DELETE CASCADE,
          app_id text REFERENCES apps(id) ON DELETE CASCADE,
          payload jsonb NOT NULL DEFAULT '{}'::jsonb,
          status text NOT NULL CHECK (status IN ('queued','running','succeeded','failed')),
          progress integer NOT NULL DEFAULT 0,
          result text,
          attempts integer NOT NULL DEFAULT 0,
          locked_by text,
          locked_until timestamptz,
          created_at timestamptz NOT NULL DEFAULT now(),
          finished_at timestamptz
        );
        CREATE INDEX jobs_claim ON jobs (status, created_at);
        CREATE UNIQUE INDEX jobs_one_active ON jobs (plugin_id, kind) WHERE status IN ('queued','running')
      `,
  /** The UTC day of the last refresh-schedule run the daily scheduler enqueued (server/jobs/scheduler.ts). */
  '0510_plugins_last_scheduled_day': 'ALTER TABLE plugins ADD COLUMN last_scheduled_day text',
  /** Google sign-ins started and not yet completed: the callback consumes its row, so a state link works once. */
  '0556_oauth_states': `
        CREATE TABLE oauth_states (
          id text PRIMARY KEY,
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          expires_at timestamptz NOT NULL
        );
        CREATE INDEX oauth_states_expiry ON oauth_states (expires_at)
      `,
  /**
   * One credential per workspace, type and account e-mail (a second Google sign-in with the same account, or a new
   * key of the same service account, refreshes it: server/areas/integrations/integrations.ts saveCredential). Existing twins are
   * folded into their newest: plugins move to it, the others go.
   */
  // A connected attribution source is silent after silent_hours without a postback (default 6); the last postback whose
  // silence was announced, so each silence is announced once (scheduleSilenceCheck).
  '0627_plugins_silence': `
        ALTER TABLE plugins ADD COLUMN silent_hours integer NOT NULL DEFAULT 6 CHECK (silent_hours BETWEEN 1 AND 720);
        ALTER TABLE plugins ADD COLUMN silence_announced_for text
      `,
  '0620_credentials_one_per_identity': `
        UPDATE credentials SET email = lower(btrim(email)) WHERE email <> lower(btrim(email));
        CREATE TEMPORARY TABLE credential_twins AS
          SELECT id, first_value(id) OVER (PARTITION BY workspace_id, type, email ORDER BY created_at DESC, id DESC) AS keep FROM credentials;
        UPDATE plugins SET credential_id = t.keep FROM credential_twins t WHERE plugins.credential_id = t.id AND t.id <> t.keep;
        DELETE FROM credentials WHERE id IN (SELECT id FROM credential_twins WHERE id <> keep);
        DROP TABLE credential_twins;
        CREATE UNIQUE INDEX credentials_one_per_identity ON credentials (workspace_id, type, email)
      `,
  /** The app versions seen in each app's processed events (app-versions.ts): one row per app and version. */
  '0915_app_versions': `
        CREATE TABLE app_versions (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          version text NOT NULL,
          first_seen_at timestamptz NOT NULL,
          PRIMARY KEY (app_id, version)
        )
      `,
  /**
   * Managing a workspace's credentials (docs/integrations.md §Credentials): a name of its own (unique per workspace,
   * case-insensitively), when a plugin or connection last used it, and the outcome of the last check against Google
   * Cloud (Refresh). Plugins are found by credential for the list and the revoke refusal.
   */
  '0916_credentials_manage': `
        ALTER TABLE credentials ADD COLUMN label text CHECK (label IS NULL OR char_length(label) BETWEEN 1 AND 60);
        ALTER TABLE credentials ADD COLUMN last_used_at timestamptz;
        ALTER TABLE credentials ADD COLUMN checked_at timestamptz;
        ALTER TABLE credentials ADD COLUMN check_ok boolean;
        ALTER TABLE credentials ADD COLUMN check_message text;
        CREATE UNIQUE INDEX credentials_label_per_workspace ON credentials (workspace_id, lower(label)) WHERE label IS NOT NULL;
        CREATE INDEX plugins_credential ON plugins (credential_id) WHERE credential_id IS NOT NULL
      `,
  /**
   * A source's silence threshold is its own only when someone set it (1–720 hours, the Integrations source page);
   * NULL means the default of its kind: 6 hours for attribution sources, 36 for BigQuery-linked ones
   * (docs/notifications.md §Silent sources). No screen set it before, so the old default 6 becomes NULL.
   */
  '0917_plugins_silent_hours_default': `
        ALTER TABLE plugins ALTER COLUMN silent_hours DROP DEFAULT;
        ALTER TABLE plugins ALTER COLUMN silent_hours DROP NOT NULL;
        UPDATE plugins SET silent_hours = NULL WHERE silent_hours = 6
      `,
  /**
   * The start (ISO 8601) of a source's current Degraded period as the health check first saw it, NULL while it is not
   * degraded: claimed in the `plugin.degraded` event's transaction, so a period is announced once
   * (docs/notifications.md §Degraded sources).
   */
  '0918_plugins_degraded_since': 'ALTER TABLE plugins ADD COLUMN degraded_since text',
  /**
   * The transaction that wrote each feed line: a person's change (its activity row, 0803) written in the same
   * transaction names who did it on that line (docs/activity.md, the plugin page).
   */
  '0925_plugin_feed_xact': `
        ALTER TABLE plugin_feed ADD COLUMN xact bigint;
        ALTER TABLE plugin_feed ALTER COLUMN xact SET DEFAULT (pg_current_xact_id()::text::bigint)
      `,
  /**
   * The job history (docs/integrations.md §Job history): one row per Process Data run and report run, newest first per
   * app by id (query-jobs.ts). `cancel_requested` reaches the server process running the job (it polls its row).
   */
  '0926_query_jobs': `
        CREATE TABLE query_jobs (
          id bigserial PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          plugin_id text REFERENCES plugins(id) ON DELETE SET NULL,
          kind text NOT NULL CHECK (kind IN ('process', 'report')),
          engine text NOT NULL CHECK (engine IN ('bigquery', 'duckdb', 'postgres')),
          label text NOT NULL CHECK (char_length(label) <= 200),
          started_at timestamptz NOT NULL,
          finished_at timestamptz,
          state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed', 'cancelled')),
          bytes_processed bigint CHECK (bytes_processed >= 0),
          bytes_billed bigint CHECK (bytes_billed >= 0),
          bytes_estimated boolean NOT NULL DEFAULT false,
          bigquery_job_id text,
          error text CHECK (char_length(error) <= 2000),
          cancel_requested boolean NOT NULL DEFAULT false
        );
        CREATE INDEX query_jobs_app ON query_jobs (app_id, id DESC)
      `,
});

/** `query_jobs` (0926): the job history (query-jobs.ts). */
export type QueryJobTables = {
  query_jobs: {
    id: ColumnType<string, never, never>;
    app_id: string;
    plugin_id: string | null;
    kind: 'process' | 'report';
    engine: 'bigquery' | 'duckdb' | 'postgres';
    label: string;
    started_at: ColumnType<Date, Date, never>;
    finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    state: 'running' | 'succeeded' | 'failed' | 'cancelled';
    bytes_processed: ColumnType<string | null, number | null | undefined, number | null>;
    bytes_billed: ColumnType<string | null, number | null | undefined, number | null>;
    bytes_estimated: ColumnType<boolean, boolean | undefined, boolean>;
    bigquery_job_id: ColumnType<string | null, string | null | undefined, string | null>;
    error: ColumnType<string | null, string | null | undefined, string | null>;
    cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
  };
};

/** The table's row type (used with `db.withTables<OAuthStateTables>()`, so the shared schema file stays untouched). */
export type OAuthStateTables = {
  oauth_states: { id: string; account_id: string; expires_at: Date };
};

/** `app_versions` (0915): the versions seen in an app's processed events (app-versions.ts). */
export type AppVersionTables = {
  app_versions: {
    app_id: string;
    version: string;
    first_seen_at: ColumnType<Date, Date | string, never>;
  };
};
