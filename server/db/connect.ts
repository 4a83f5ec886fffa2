/** Opens the app database: PostgreSQL when a URL is given, otherwise embedded PGlite (in a worker thread, or in-process for tests). */
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
import { PGliteSession, type SessionOp, type SessionResult } from './pglite-session';
import { openPgliteWorker } from './pglite-worker-client';
import { preparedQueryRunner } from './pglite-prepared';

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL server (a pool of connections). */
  databaseUrl?: string;
  /** Folder of the embedded database (`<dataDir>/pg`), opened in a worker thread. Absent: in memory, in a worker. */
  dataDir?: string;
  /** An in-process PGlite instance (tests and scripts): no worker thread. */
  pglite?: PGlite;
  /** Called if the database worker dies unexpectedly. */
  onWorkerCrash?: (error: Error) => void;
}

/**
 * PostgreSQL when a URL is given; an in-process PGlite when one is passed (tests); otherwise the embedded PGlite
 * in its own worker thread (`npm start`), so that queries never block the server's event loop.
 */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can fail at any time (server restart, terminated backend); without a listener the pool's
    // 'error' event would crash the process. The pool drops that client and opens a new one on demand.
    pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.pglite) {
    const client = options.pglite;
    const session = new PGliteSession(preparedQueryRunner(client));
    const db = new Kysely<Database>({
      dialect: pgliteDialect(session, async () => {
        await session.idle();
        if (!client.closed) await client.close();
      }),
    });
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const worker = await openPgliteWorker({
    dataDir: options.dataDir ? `${options.dataDir}/pg` : undefined,
    onCrash: options.onWorkerCrash,
  });
  const db = new Kysely<Database>({ dialect: pgliteDialect(worker, () => worker.close()) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Where a connection's statements go: a PGliteSession in this thread, or the database worker. */
interface SessionLike {
  submit(conn: number, op: SessionOp, sql?: string, params?: unknown[]): Promise<SessionResult>;
}

/**
 * Kysely over one PGlite session. Written here rather than taken from kysely-pglite, whose driver (0.6) has two
 * faults: it drops PGlite's affectedRows (so every numUpdatedRows/numDeletedRows read 0) and it lets any query run
 * inside another request's open transaction (PGlite is a single session), so a rollback took concurrent writes with it.
 * Here every connection has an id and PGliteSession runs its statements: a transaction holds the session from BEGIN
 * to COMMIT/ROLLBACK, other statements queue without waiting for each other's connection to be released.
 * Consequence: inside `db.transaction().execute(trx => …)` use `trx`, never `db` (that would wait for itself).
 */
function pgliteDialect(session: SessionLike, destroy: () => Promise<void>): Dialect {
  let nextConnection = 1;
  const connection = (id: number): DatabaseConnection & { id: number; inTransaction: boolean } => ({
    id,
    inTransaction: false,
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const result = await session.submit(id, 'query', query.sql, [...query.parameters]);
      return typeof result.affectedRows === 'number'
        ? { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) }
        : { rows: result.rows as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error('PGlite does not support streaming.');
    },
  });
  const state = (conn: DatabaseConnection) => conn as ReturnType<typeof connection>;
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection(nextConnection++);
    },
    async beginTransaction(conn) {
      state(conn).inTransaction = true;
      try {
        await session.submit(state(conn).id, 'begin');
      } catch (error) {
        state(conn).inTransaction = false;
        throw error;
      }
    },
    async commitTransaction(conn) {
      state(conn).inTransaction = false;
      await session.submit(state(conn).id, 'commit');
    },
    async rollbackTransaction(conn) {
      state(conn).inTransaction = false;
      await session.submit(state(conn).id, 'rollback');
    },
    // Outside a transaction a connection holds nothing: releasing it costs no round trip.
    async releaseConnection(conn) {
      if (state(conn).inTransaction) await session.submit(state(conn).id, 'release');
    },
    destroy,
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
