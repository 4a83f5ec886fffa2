/**
 * Versioned migrations, run at every start (and by tests). Plain SQL that PGlite and PostgreSQL both accept.
 * Add a new entry at the end; never edit one that has shipped. The areas' own migrations are passed in by the caller
 * (server/areas.ts `areaMigrations`, through server/app.ts `migrate`), so this module depends on no area.
 */
import { sql, type Kysely, type Migration, Migrator } from 'kysely';

/** Runs a block of DDL one statement at a time (prepared statements take a single command). Exported for areas. */
export async function runStatements(db: Kysely<any>, block: string) {
  for (const statement of block
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * Migrations that are each a block of plain SQL (run by runStatements), from their names and their SQL: how the areas
 * write theirs.
 */
export function sqlMigrations(blocks: Readonly<Record<string, string>>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(blocks).map(([name, block]) => [name, { up: (db: Kysely<any>) => runStatements(db, block) }]),
  );
}

const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE accounts (
          id text PRIMARY KEY,
          email text NOT NULL UNIQUE,
          first_name text NOT NULL DEFAULT '',
          last_name text NOT NULL DEFAULT '',
          password_hash text NOT NULL,
          is_tp_user boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE files (
          id text PRIMARY KEY,
          content_type text NOT NULL,
          bytes bytea NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE workspaces (
          id text PRIMARY KEY,
          name text NOT NULL,
          website text NOT NULL,
          icon_file_id text REFERENCES files(id),
          allow_monetize integer NOT NULL DEFAULT 0,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE memberships (
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          role text NOT NULL CHECK (role IN ('admin','editor','viewer')),
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (workspace_id, account_id)
        );
        CREATE TABLE invites (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          email text NOT NULL,
          role text NOT NULL CHECK (role IN ('admin','editor','viewer')),
          token_hash text NOT NULL UNIQUE,
          invited_by text REFERENCES accounts(id) ON DELETE SET NULL,
          sent_at timestamptz NOT NULL,
          state text NOT NULL CHECK (state IN ('pending','accepted','revoked')),
          accepted_at timestamptz
        );
        CREATE UNIQUE INDEX invites_one_pending ON invites (workspace_id, email) WHERE state = 'pending';
        CREATE TABLE sessions (
          token_hash text PRIMARY KEY,
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          revoked_at timestamptz
        );
        CREATE TABLE sign_in_attempts (
          id serial PRIMARY KEY,
          email text NOT NULL,
          ip text NOT NULL,
          succeeded boolean NOT NULL,
          at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX sign_in_attempts_email_at ON sign_in_attempts (email, at);
        CREATE TABLE apps (
          id text PRIMARY KEY,
          workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          app_name text NOT NULL,
          platform text NOT NULL CHECK (platform IN ('android','ios')),
          enabled boolean NOT NULL DEFAULT true,
          image_file_id text REFERENCES files(id),
          details jsonb NOT NULL DEFAULT '{}'::jsonb,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX apps_workspace ON apps (workspace_id);
        CREATE TABLE plugins (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          type text NOT NULL,
          status text NOT NULL,
          attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
          refresh_schedule text,
          last_refresh timestamptz,
          data_start text,
          data_end text,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX plugins_app ON plugins (app_id);
        CREATE TABLE outbox (
          id serial PRIMARY KEY,
          to_email text NOT NULL,
          subject text NOT NULL,
          body text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
      `,
      );
    },
  },
  // (Named after every area's migrations so far: Kysely refuses a new name sorting before one already run.)
  // Indexes for the queries every request or sign-in runs: /api/me lists an account's memberships, the
  // sign-in limits count failures per client address.
  '0200_load_indexes': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE INDEX memberships_account ON memberships (account_id);
        CREATE INDEX sign_in_attempts_ip_at ON sign_in_attempts (ip, at);
      `,
      );
    },
  },
  // Completed steps of the resumable first-start demo seed (server/demo/demo-data.ts).
  '0201_seed_markers': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE seed_markers (name text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now())`.execute(
        db,
      );
    },
  },
  // The servers running on this database, by heartbeat (server/jobs/heartbeat.ts).
  '0210_servers_heartbeat': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE servers (
        id text PRIMARY KEY,
        host text NOT NULL,
        pid integer NOT NULL,
        analytics_store text NOT NULL,
        started_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
      )`.execute(db);
    },
  },
  // Which analytics store holds each app's data, and the days an interrupted move already copied
  // (server/analytics/placements.ts, server/analytics/move.ts).
  ...sqlMigrations({
    '0220_analytics_placements': `
      CREATE TABLE analytics_placements (
        app_id text PRIMARY KEY,
        store text NOT NULL CHECK (store IN ('duckdb', 'postgres')),
        placed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE analytics_move_days (
        app_id text NOT NULL,
        to_store text NOT NULL,
        table_name text NOT NULL,
        day text NOT NULL,
        row_count integer NOT NULL,
        checksum text NOT NULL,
        PRIMARY KEY (app_id, to_store, table_name, day)
      );
    `,
  }),
};

/** Foundation migrations plus each area's own, ordered by name. */
function allMigrations(areaMigrations: readonly Record<string, Migration>[]): Record<string, Migration> {
  const merged: Record<string, Migration> = { ...migrations };
  for (const set of areaMigrations) {
    for (const [name, migration] of Object.entries(set)) {
      if (merged[name]) throw new Error(`duplicate migration ${name}`);
      merged[name] = migration;
    }
  }
  return merged;
}

export async function migrateToLatest(db: Kysely<any>, areaMigrations: readonly Record<string, Migration>[]) {
  const all = allMigrations(areaMigrations);
  // Areas are built side by side, each numbering its migrations in its own range, so a database migrated before an
  // area with lower numbers landed must still take that area's migrations: they run in name order, after the rest.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
