/**
 * server/db/migrations.ts: a database migrated before an area with lower-numbered migrations landed (areas number their
 * migrations in ranges and land in any order) takes that area's migrations on the next start instead of refusing to
 * start ("corrupted migrations").
 */
import { PGlite } from '@electric-sql/pglite';
import { withPgliteExtensions } from '../../server/db/pglite-extensions';
import { sql, type Migration } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';

let handle: DbHandle | undefined;
afterAll(() => handle?.close());

const table = (name: string): Migration => ({
  up: async (db) => void (await sql`CREATE TABLE ${sql.table(name)} (id integer)`.execute(db)),
});

test('a later start runs a lower-numbered area migration that landed after the database was migrated', async () => {
  handle = await openDatabase({ pglite: await PGlite.create(withPgliteExtensions()) });
  await migrateToLatest(handle.db, [{ '0990_later_area': table('later_area') }]);
  await migrateToLatest(handle.db, [
    { '0990_later_area': table('later_area') },
    { '0980_earlier_area': table('earlier_area') },
  ]);
  const names = await handle.db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  expect(names.map((r) => (r as { name: string }).name)).toEqual(
    expect.arrayContaining(['0980_earlier_area', '0990_later_area']),
  );
  await expect(sql`SELECT count(*) FROM earlier_area`.execute(handle.db)).resolves.toBeTruthy();
});
