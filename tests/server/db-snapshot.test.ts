/**
 * tests/server/db-snapshot.ts: the snapshot watcher the fuzz test relies on for "a refused request writes nothing"
 * sees every committed write, also one that puts the data back as it was, and computes nothing again while nothing is
 * written.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from './helpers';
import { dbSnapshot, snapshotWatcher } from './db-snapshot';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

test('a write shows in the next snapshot; without one the held snapshot is the database', async () => {
  const snapshot = snapshotWatcher(server.db);
  const first = await snapshot();
  expect(first).toEqual(await dbSnapshot(server.db));
  await sql`UPDATE workspaces SET name = name || ' (watched)' WHERE id = (SELECT min(id) FROM workspaces)`.execute(
    server.db,
  );
  const changed = await snapshot();
  expect(changed.workspaces).not.toBe(first.workspaces);
  expect(changed).toEqual(await dbSnapshot(server.db));
  // Written back: the workspace's rows are the first ones again, and the snapshot says so.
  await sql`UPDATE workspaces SET name = replace(name, ' (watched)', '') WHERE id = (SELECT min(id) FROM workspaces)`.execute(
    server.db,
  );
  const back = await snapshot();
  expect(back.workspaces).toBe(first.workspaces);
  expect(back).toEqual(await dbSnapshot(server.db));
});

test('a snapshot held since the last write is handed back as it is (on the embedded database)', async () => {
  const snapshot = snapshotWatcher(server.db);
  const first = await snapshot();
  const again = await snapshot();
  // On PostgreSQL other test files write to the same server (one WAL), so only the embedded database can hold it.
  if (!process.env.TEST_DATABASE_URL) expect(again).toBe(first);
  expect(again).toEqual(first);
});
