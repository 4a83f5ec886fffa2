/**
 * The database of the operator commands (admin:create, staff, demo:remove): the server's own, from the same
 * environment (DATABASE_URL, else the embedded PGlite in DATA_DIR, default ./data), migrated to the latest version.
 * The embedded database is refused while a server runs on it (server/db/data-dir-lock.ts).
 */
import fs from 'node:fs';
import { configFromEnv } from '../server/config';
import { openDatabase, type DbHandle } from '../server/db/connect';
import { assertNoServerOn } from '../server/db/data-dir-lock';
import { migrate } from '../server/app';

export async function openServerDatabase(
  env: NodeJS.ProcessEnv = process.env,
): Promise<DbHandle & { config: ReturnType<typeof configFromEnv> }> {
  const config = configFromEnv(env);
  if (!config.databaseUrl) {
    assertNoServerOn(config.dataDir);
    fs.mkdirSync(config.dataDir, { recursive: true });
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { ...handle, config };
}

/** Runs a command's body with the database, printing a refusal's message alone and exiting 1 on failure. */
export async function runCommand(
  body: (handle: DbHandle & { config: ReturnType<typeof configFromEnv> }) => Promise<void>,
): Promise<void> {
  let handle: Awaited<ReturnType<typeof openServerDatabase>> | null = null;
  try {
    handle = await openServerDatabase();
    await body(handle);
    await handle.close();
  } catch (error) {
    await handle?.close().catch(() => {});
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
