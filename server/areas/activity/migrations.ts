/**
 * The activity log's table (numbers 0800–0809, docs/activity.md §Speed and scale). Every read is one workspace's
 * newest entries first, walked with a (at, id) cursor (never OFFSET), optionally narrowed to an app, an area, a
 * person, a verb or one object: each has an index ending in (at DESC, id DESC), so a page reads at most 51 index
 * entries whatever the log's size. The retention job deletes by `at` alone (activity_at). The object-name search
 * first finds the matching names in `activity_names` (each distinct name once, with a trigram index where pg_trgm is
 * available: PostgreSQL with contrib, and every embedded PGlite, server/db/pglite-extensions.ts), then reads each
 * name's newest entries from (workspace_id, object_name, at, id): docs/activity.md §Speed and scale.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from '../../db/migrations';

/** pg_trgm can be created here (PostgreSQL with contrib, every embedded PGlite). */
async function trigramsAvailable(db: Kysely<any>) {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  return rows.length > 0;
}

export const activityMigrations: Record<string, Migration> = {
  '0800_activity': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE activity (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          workspace_id text NOT NULL,
          app_id text,
          at timestamptz NOT NULL,
          actor_id text,
          actor_name text NOT NULL,
          area text NOT NULL,
          verb text NOT NULL,
          object_type text NOT NULL,
          object_id text NOT NULL,
          object_name text NOT NULL,
          changes jsonb NOT NULL,
          event_id bigint
        );
        CREATE INDEX activity_workspace ON activity (workspace_id, at DESC, id DESC);
        CREATE INDEX activity_workspace_app ON activity (workspace_id, app_id, at DESC, id DESC);
        CREATE INDEX activity_workspace_area ON activity (workspace_id, area, at DESC, id DESC);
        CREATE INDEX activity_workspace_actor ON activity (workspace_id, actor_id, at DESC, id DESC);
        CREATE INDEX activity_workspace_verb ON activity (workspace_id, verb, at DESC, id DESC);
        CREATE INDEX activity_object ON activity (workspace_id, object_type, object_id, at DESC, id DESC);
        CREATE INDEX activity_at ON activity (at)
      `,
      );
    },
  },
  '0801_activity_name_search': {
    async up(db: Kysely<any>) {
      if (!(await trigramsAvailable(db))) return;
      await runStatements(
        db,
        `
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX activity_object_name_trgm ON activity USING gin (object_name gin_trgm_ops)
      `,
      );
    },
  },
  '0802_activity_names': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE activity_names (
          workspace_id text NOT NULL,
          name text NOT NULL,
          PRIMARY KEY (workspace_id, name)
        );
        INSERT INTO activity_names (workspace_id, name) SELECT DISTINCT workspace_id, object_name FROM activity;
        CREATE INDEX activity_workspace_name ON activity (workspace_id, object_name, at DESC, id DESC);
        DROP INDEX IF EXISTS activity_object_name_trgm
      `,
      );
      if (!(await trigramsAvailable(db))) return;
      await runStatements(
        db,
        `
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX activity_names_trgm ON activity_names USING gin (name gin_trgm_ops)
      `,
      );
    },
  },
  /** The transaction that wrote each row: pairs a person's change with the plugin's feed line of that change (0925). */
  '0803_activity_xact': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        ALTER TABLE activity ADD COLUMN xact bigint;
        ALTER TABLE activity ALTER COLUMN xact SET DEFAULT (pg_current_xact_id()::text::bigint)
      `,
      );
    },
  },
};
