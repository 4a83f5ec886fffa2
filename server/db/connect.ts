/** Opens the app database: PostgreSQL when a URL is given, otherwise embedded PGlite (a folder, or memory). */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema';

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can fail at any time (server restart, terminated backend); without a listener the pool's
    // 'error' event would crash the process. The pool drops that client and opens a new one on demand.
    pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const client = options.pglite ?? (await PGlite.create(options.dataDir ? `${options.dataDir}/pg` : undefined));
  const db = new Kysely<Database>({ dialect: pgliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Kysely over one PGlite instance. Written here rather than taken from kysely-pglite, whose driver (0.6) has two
 * faults: it drops PGlite's affectedRows (so every numUpdatedRows/numDeletedRows read 0) and it lets any query run
 * inside another request's open transaction (PGlite is a single session), so a rollback took concurrent writes with it.
 * Here a connection is exclusive until released: a transaction holds the session from BEGIN to COMMIT/ROLLBACK.
 * Consequence: inside `db.transaction().execute(trx => …)` use `trx`, never `db` (that would wait for itself).
 */
function pgliteDialect(client: PGlite): Dialect {
  let queue: Promise<void> = Promise.resolve();
  const connection = (release: () => void): DatabaseConnection & { release(): void } => ({
    release,
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const result = await client.query<R>(query.sql, [...query.parameters]);
      return typeof result.affectedRows === 'number'
        ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
        : { rows: result.rows };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error('PGlite does not support streaming.');
    },
  });
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((resolve) => (release = resolve));
      await previous;
      return connection(release);
    },
    async beginTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('BEGIN'));
    },
    async commitTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('COMMIT'));
    },
    async rollbackTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('ROLLBACK'));
    },
    async releaseConnection(conn) {
      (conn as ReturnType<typeof connection>).release();
    },
    async destroy() {
      if (!client.closed) await client.close();
    },
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
