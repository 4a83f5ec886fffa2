/** Opens the app database: PostgreSQL when a URL is given, otherwise embedded PGlite (a folder, or memory). */
import { Kysely, PostgresDialect } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const client = options.pglite ?? (await PGlite.create(options.dataDir ? `${options.dataDir}/pg` : undefined));
  const db = new Kysely<Database>({ dialect: new KyselyPGlite(client).dialect });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
