/**
 * Child process for tests/server/embedded-worker.test.ts: opens the embedded database the way `npm start` does (PGlite
 * in a worker thread, in the folder given as argv[2]), then commits numbered rows one by one and prints
 * `ack <n>` after each commit was answered — until the test kills it with SIGKILL.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connect';

const handle = await openDatabase({ dataDir: process.argv[2] });
await sql`CREATE TABLE IF NOT EXISTS durability (n integer PRIMARY KEY)`.execute(handle.db);
for (let n = 1; ; n++) {
  await handle.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO durability (n) VALUES (${n})`.execute(trx);
  });
  process.stdout.write(`ack ${n}\n`);
}
