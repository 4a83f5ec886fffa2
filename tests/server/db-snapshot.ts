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

/** Where a snapshot was taken: the WAL insert position then (docs/engineering/testing.md §Suite time). */
export interface SnapshotMark {
  lsn: string;
  snapshot: DbSnapshot;
}

/**
 * dbSnapshot for many requests in a row: a snapshot is computed again only when the WAL insert position moved since
 * the last one. Every committed change writes WAL, so an unmoved position means the same data and the snapshot held
 * is still the database's; a moved one (a write, or another database's on a shared PostgreSQL server) computes it
 * anew. On the embedded database, where nothing else writes, most refused requests then cost two small queries
 * instead of two whole-database fingerprints.
 */
export function snapshotWatcher(
  db: Kysely<Database>,
  ignore: readonly string[] = [],
  ignoreColumns: Readonly<Record<string, readonly string[]>> = {},
) {
  let held: SnapshotMark | null = null;
  const lsn = async () =>
    (await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db)).rows[0]!.lsn;
  const take = async (): Promise<DbSnapshot> => {
    const from = await lsn();
    const snapshot = await dbSnapshot(db, ignore, ignoreColumns);
    // Kept only when nothing was written while it was taken.
    if ((await lsn()) === from) held = { lsn: from, snapshot };
    return snapshot;
  };
  /** The database's snapshot now. */
  return async (): Promise<DbSnapshot> => {
    if (held && (await lsn()) === held.lsn) return held.snapshot;
    held = null;
    return take();
  };
}
