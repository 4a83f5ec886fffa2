/**
 * App-database tables of the analytics area (PGlite and PostgreSQL alike): saved report templates, report results
 * (the rows a signed result url answers with; rows, not memory, so any server process can serve the url) and the
 * HMAC key that signs result urls (generated at random on first use, never a default), and the dashboards
 * (docs/analyze.md §Dashboards).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from '../../db/migrations';

export const analyticsMigrations: Record<string, Migration> = {
  '0100_reports': {
    async up(db: Kysely<any>) {
      // One statement per query: PGlite (like any prepared statement) refuses several commands in one.
      await runStatements(
        db,
        `
        CREATE TABLE report_templates (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          title text NOT NULL,
          model_id text NOT NULL,
          configuration jsonb NOT NULL,
          created_by text REFERENCES accounts(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX report_templates_app ON report_templates (app_id, updated_at DESC);
        CREATE TABLE report_results (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          template_id text REFERENCES report_templates(id) ON DELETE CASCADE,
          rows jsonb NOT NULL,
          resolved jsonb NOT NULL DEFAULT '{}'::jsonb,
          row_count integer NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX report_results_template ON report_results (template_id, created_at DESC);
        CREATE INDEX report_results_created ON report_results (created_at);
        CREATE TABLE report_url_keys (
          id text PRIMARY KEY,
          secret text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
      `,
      );
    },
  },
  // Result rows keep their column order (group-by first, then metrics: the chart's x axis is the first column);
  // jsonb would reorder the keys, json keeps the text as written.
  '0101_report_rows_json': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE report_results ALTER COLUMN rows TYPE json USING rows::json`.execute(db);
    },
  },
  // The SQL each result was computed with, for 'View SQL' when a saved report is reopened.
  '0102_report_results_compiled': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE report_results ADD COLUMN compiled jsonb`.execute(db);
    },
  },
  // Saved cohort tables live beside saved reports: `kind` tells them apart ('report' | 'cohort'; the configuration
  // then holds the cohort question). IF NOT EXISTS: other saved kinds may add the same column.
  '0103_report_templates_kind': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE report_templates ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'report'`.execute(db);
      await sql`CREATE INDEX IF NOT EXISTS report_templates_app_kind ON report_templates (app_id, kind, updated_at DESC)`.execute(
        db,
      );
    },
  },
  // Dashboards (docs/analyze.md §Dashboards): tiles and filters as json, checked by src/contracts/dashboards.ts. One
  // Game health dashboard per app: the partial unique index makes concurrent first visits create it once.
  '0105_dashboards': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE dashboards (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
          kind text NOT NULL DEFAULT 'custom' CHECK (kind IN ('custom', 'game_health')),
          tiles jsonb NOT NULL DEFAULT '[]'::jsonb,
          filters jsonb NOT NULL DEFAULT '{}'::jsonb,
          created_by text REFERENCES accounts(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX dashboards_app ON dashboards (app_id, updated_at DESC);
        CREATE UNIQUE INDEX dashboards_one_game_health ON dashboards (app_id) WHERE kind = 'game_health';
      `,
      );
    },
  },
};
