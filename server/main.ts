/**
 * Server entry point for `npm start`: reads the environment, opens (and migrates) the database, seeds the demo
 * workspace on first start, then serves the API and the built SPA from one process and prints how to sign in.
 */
import fs from 'node:fs';
import { configFromEnv } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded, seedDemo } from './db/seed';
import { buildApp } from './app';
import { outboxMailer } from './providers/mailer';

async function main() {
  const config = configFromEnv();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  const firstStart = !(await isSeeded(handle.db));
  if (firstStart) {
    console.log('First start: seeding the demo workspace…');
    await seedDemo(handle.db);
  }
  const logRequests = process.env.LOG_REQUESTS === '1';
  // Invite emails always reach the server log (the embedded outbox mailer); with request logging on, through it.
  const app = await buildApp({ config, db: handle.db, logger: logRequests, ...(logRequests ? {} : { mailer: outboxMailer((line) => console.log(line)) }) });
  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}`;
  console.log(
    [
      '',
      `Questboard is running at ${url}`,
      `  database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
      '',
      `Sign in at ${url}/continue with any demo account (password "${DEMO_PASSWORD}"):`,
      `  admin   ${DEMO_ACCOUNTS.admin}`,
      `  editor  ${DEMO_ACCOUNTS.editor}`,
      `  viewer  ${DEMO_ACCOUNTS.viewer}`,
      `  staff   ${DEMO_ACCOUNTS.staff}   (Questboard staff)`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
