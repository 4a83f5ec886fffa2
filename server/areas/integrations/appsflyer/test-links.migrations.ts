/**
 * App-database table of the AppsFlyer test links (migrations 0610–0619): the short link a test device scans
 * (PUBLIC_URL/t/{code}) and the full test link it redirects to, one row per app and link (generating the same link
 * again refreshes its expiry in place). Rows long expired are removed when the app's next link is generated.
 */
import { sqlMigrations } from '../../../db/migrations';

/** The table's row type (used with `db.withTables<TestLinkTables>()`, so the shared schema file stays untouched). */
export type TestLinkTables = {
  test_links: {
    code: string;
    app_id: string;
    link: string;
    created_by: string | null;
    created_at: Date;
    expires_at: Date;
  };
};

export const testLinksMigrations = sqlMigrations({
  '0610_test_links': `
        CREATE TABLE test_links (
          code text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          link text NOT NULL,
          created_by text REFERENCES accounts(id) ON DELETE SET NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL
        );
        CREATE UNIQUE INDEX test_links_one_per_link ON test_links (app_id, link);
        CREATE INDEX test_links_expiry ON test_links (app_id, expires_at)
      `,
});
