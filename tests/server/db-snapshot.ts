/**
 * A fingerprint of the whole database for "a refused request writes nothing" checks: every table of the public
 * schema with its row count and an md5 of its rows (sorted), taken in one query.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

export type DbSnapshot = Record<string, string>;

/**
 * A session's last use is written after any answered request, at most once a minute (docs/accounts.md §Account
 * page), by design: a test running longer than a minute sees it move on a refusal.
 */
export const SESSION_LAST_USE = { sessions: ['last_used_at'] } as const;

/**
 * `ignore`: tables left out of the comparison, each for a reason the test states (e.g. sign-in attempts of a refused
 * sign-in); `ignoreColumns`: columns left out of a table's rows, likewise (e.g. a session's last use).
 */
export async function dbSnapshot(
  db: Kysely<Database>,
  ignore: readonly string[] = [],
  ignoreColumns: Readonly<Record<string, readonly string[]>> = {},
): Promise<DbSnapshot> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const names = tables.rows.map((r) => r.name).filter((name) => !ignore.includes(name));
  if (names.length === 0) return {};
  const parts = names.map((name) => {
    const columns = ignoreColumns[name];
    const row = columns?.length ? sql`(to_jsonb(t) - ${sql.val([...columns])}::text[])::text` : sql`t::text`;
    return sql`SELECT ${name}::text AS name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' ORDER BY ${row})), '') AS print FROM ${sql.table(name)} t`;
  });
  const query = sql.join(parts, sql` UNION ALL `);
  const rows = await sql<{ name: string; print: string }>`${query}`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.print]));
}
