/**
 * App-database changes of the auth area (`/api/me` on the hot path): `view_versions` holds, per workspace, a
 * number that grows whenever anything the signed-in account's view of it shows changes: the workspace row, its
 * memberships (team count, roles), its apps, their plugins, API keys and deep links (0530), and the accounts of its members (names and
 * e-mails: the team count hides internal staff). Row triggers bump it in the writer's own transaction, so a
 * committed change and its new version are seen together. `/api/me` (server/areas/workspace/accounts.ts) reads the account's
 * versions with one small query and reuses the account it built for the same versions.
 *
 * No foreign key: a workspace's row is bumped while its apps are deleted by cascade; a deleted workspace leaves a
 * harmless row behind (it is deleted with the workspace when the workspace row goes first).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from '../../db/migrations';
import { summariseUserAgent } from './user-agent';

/** Table → how a changed row names its workspace(s), in plpgsql over the row variable `r`. */
const WORKSPACE_OF: Record<string, string> = {
  workspaces: 'r.id',
  memberships: 'r.workspace_id',
  apps: 'r.workspace_id',
  plugins: '(SELECT workspace_id FROM apps WHERE id = r.app_id)',
  app_api_keys: '(SELECT workspace_id FROM apps WHERE id = r.app_id)',
};

/** A row trigger on `table` that bumps the version of the workspace(s) a changed row belongs to. */
async function bumpOnChange(db: Kysely<any>, table: string, workspaceOf: string) {
  // The old row's workspace on UPDATE and DELETE, the new row's on INSERT and UPDATE (a row may move).
  await sql
    .raw(
      `CREATE FUNCTION ${table}_bump_view_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r ${table}%ROWTYPE; w text;
    BEGIN
      IF TG_OP <> 'INSERT' THEN r := OLD; w := ${workspaceOf}; IF w IS NOT NULL THEN PERFORM bump_view_version(w); END IF; END IF;
      IF TG_OP <> 'DELETE' THEN r := NEW; IF ${workspaceOf} IS DISTINCT FROM w THEN w := ${workspaceOf}; IF w IS NOT NULL THEN PERFORM bump_view_version(w); END IF; END IF; END IF;
      RETURN NULL;
    END
  $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_view_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
    FOR EACH ROW EXECUTE FUNCTION ${table}_bump_view_version()`,
    )
    .execute(db);
}

export const accountsMigrations: Record<string, Migration> = {
  '0520_view_versions': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE view_versions (workspace_id text PRIMARY KEY, version bigint NOT NULL)`.execute(db);
      await sql
        .raw(
          `CREATE FUNCTION bump_view_version(w text) RETURNS void LANGUAGE sql AS $$
        INSERT INTO view_versions (workspace_id, version) VALUES (w, 1)
        ON CONFLICT (workspace_id) DO UPDATE SET version = view_versions.version + 1
      $$`,
        )
        .execute(db);
      for (const [table, workspaceOf] of Object.entries(WORKSPACE_OF)) await bumpOnChange(db, table, workspaceOf);
      // An account's name or e-mail shows in every workspace it belongs to.
      await sql
        .raw(
          `CREATE FUNCTION accounts_bump_view_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.email IS DISTINCT FROM OLD.email OR NEW.first_name IS DISTINCT FROM OLD.first_name
             OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.is_tp_user IS DISTINCT FROM OLD.is_tp_user THEN
            PERFORM bump_view_version(workspace_id) FROM memberships WHERE account_id = NEW.id;
          END IF;
          RETURN NULL;
        END
      $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER accounts_view_version AFTER UPDATE ON accounts
        FOR EACH ROW EXECUTE FUNCTION accounts_bump_view_version()`,
        )
        .execute(db);
    },
  },
  '0530_view_versions_deeplinks': {
    async up(db: Kysely<any>) {
      await bumpOnChange(db, 'app_deeplinks', '(SELECT workspace_id FROM apps WHERE id = r.app_id)');
    },
  },
  // Several workspaces' rows are locked in one order (their ids), so two members renamed at once cannot deadlock.
  '0540_view_versions_ordered': {
    async up(db: Kysely<any>) {
      await sql
        .raw(
          `CREATE OR REPLACE FUNCTION accounts_bump_view_version() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE w text;
        BEGIN
          IF NEW.email IS DISTINCT FROM OLD.email OR NEW.first_name IS DISTINCT FROM OLD.first_name
             OR NEW.last_name IS DISTINCT FROM OLD.last_name OR NEW.is_tp_user IS DISTINCT FROM OLD.is_tp_user THEN
            FOR w IN SELECT workspace_id FROM memberships WHERE account_id = NEW.id ORDER BY workspace_id LOOP
              PERFORM bump_view_version(w);
            END LOOP;
          END IF;
          RETURN NULL;
        END
      $$`,
        )
        .execute(db);
    },
  },
  // Account links (reset, sign-up and e-mail confirmations) and what the sessions list shows of each session; the
  // sign-in attempt rows also count the links asked for (`kind`), so both limits are one mechanism.
  '0850_account_links_and_sessions': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE account_links (
          token_hash text PRIMARY KEY,
          purpose text NOT NULL CHECK (purpose IN ('reset_password','confirm_sign_up','change_email')),
          account_id text REFERENCES accounts(id) ON DELETE CASCADE,
          email text NOT NULL,
          details jsonb NOT NULL DEFAULT '{}'::jsonb,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        );
        CREATE INDEX account_links_account ON account_links (account_id, purpose) WHERE used_at IS NULL;
        ALTER TABLE sessions ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text;
        CREATE UNIQUE INDEX sessions_id ON sessions (id);
        CREATE INDEX sessions_account ON sessions (account_id);
        ALTER TABLE sessions ADD COLUMN ip text NOT NULL DEFAULT '';
        ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
        ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
        ALTER TABLE sign_in_attempts ADD COLUMN kind text NOT NULL DEFAULT 'password' CHECK (kind IN ('password','link'))
      `,
      );
    },
  },
  // Two-factor sign-in: the TOTP secret sealed with the server key (pending until a typed code confirms it), the last
  // time step used (a code works once), the recovery codes' hashes, the code step of a sign-in, and `code` attempts
  // (the code step's own rate limit).
  '0860_two_factor': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE account_two_factor (
          account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
          secret_sealed text NOT NULL,
          enabled_at timestamptz,
          last_step bigint,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE account_recovery_codes (
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          code_hash text NOT NULL,
          used_at timestamptz,
          PRIMARY KEY (account_id, code_hash)
        );
        CREATE TABLE sign_in_challenges (
          token_hash text PRIMARY KEY,
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          email text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        );
        CREATE INDEX sign_in_challenges_account ON sign_in_challenges (account_id);
        ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_kind_check;
        ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_kind_check CHECK (kind IN ('password','link','code'))
      `,
      );
    },
  },
  // Sign in with Google: a Google account (its `sub`, unique) linked to at most one account and an account to at most
  // one Google account; a started sign-in's single-use state; the ticket its callback hands the page (hashed, single
  // use, short-lived) with the identity Google verified.
  '0940_google_sign_in': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE account_google_links (
          sub text PRIMARY KEY,
          account_id text NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
          email text NOT NULL,
          linked_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE google_sign_in_states (
          id text PRIMARY KEY,
          expires_at timestamptz NOT NULL
        );
        CREATE TABLE google_sign_in_tickets (
          token_hash text PRIMARY KEY,
          sub text NOT NULL,
          email text NOT NULL,
          email_verified boolean NOT NULL,
          name text NOT NULL DEFAULT '',
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        )
      `,
      );
    },
  },
  // The devices (user agent summaries, e.g. "Chrome on Windows") each account signed in from: a sign-in from a device
  // not listed here tells the account's own address (docs/accounts.md §Mail to the account).
  '0941_account_devices': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE account_devices (
          account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          device text NOT NULL,
          first_seen_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (account_id, device)
        )
      `,
      );
      // The devices of the sessions so far, so nobody is told of a device they already used.
      const seen = await db
        .selectFrom('sessions')
        .select(['account_id', 'user_agent', (eb) => eb.fn.min('created_at').as('first')])
        .groupBy(['account_id', 'user_agent'])
        .execute();
      for (const row of seen)
        await db
          .insertInto('account_devices')
          .values({
            account_id: row.account_id,
            device: summariseUserAgent(row.user_agent ?? ''),
            first_seen_at: row.first,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
    },
  },
};
