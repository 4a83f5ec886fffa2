/**
 * Server entry point for `npm start`: reads the environment, opens (and migrates) the database, seeds the demo
 * workspace and its game events on first start, opens the analytics engine, then serves the API and the built SPA from one process and prints how to sign in.
 */
import fs from 'node:fs';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_PASSWORD, isSeeded, markAnalyticsData, seedDemo } from './db/seed';
import { openAnalytics, seedDemoEvents, type AnalyticsEngine, type AnalyticsOptions } from './analytics/index';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { buildApp, migrate } from './app';
import { outboxMailer } from './providers/mailer';

/** BigQuery clients (loaded only when configured), one per GCP project of the apps' BigQuery plugins. */
async function bigQueryOptions(config: ServerConfig): Promise<AnalyticsOptions['bigquery']> {
  if (!config.bigquery) return undefined;
  const { BigQuery } = await import('@google-cloud/bigquery');
  return { ...config.bigquery, createClient: (projectId) => new BigQuery({ projectId, location: config.bigquery?.location }) };
}

/**
 * Demo game events for the Dragon Merge apps when the event store has none (first start, ~16 s for 1.2 M events;
 * `DEMO_EVENTS` changes the count), and their BigQuery plugins marked as having data. A fresh database beside an
 * existing event store (e.g. a new DATABASE_URL) only gets the plugins marked.
 */
async function ensureDemoEvents(analytics: AnalyticsEngine, db: Kysely<Database>, firstStart: boolean) {
  const existing = await analytics.store.dataRange(DEMO_APP_IDS.dragonMergeAndroid);
  if (existing) {
    if (firstStart) await markAnalyticsData(db, existing);
    return;
  }
  const totalEvents = Number(process.env.DEMO_EVENTS ?? 1_200_000);
  console.log(`First start: generating ${totalEvents.toLocaleString('en-US')} demo game events (about 90 days)…`);
  const started = Date.now();
  const [android] = await seedDemoEvents(
    analytics,
    [
      { id: DEMO_APP_IDS.dragonMergeAndroid, platform: 'android' },
      { id: DEMO_APP_IDS.dragonMergeIos, platform: 'ios' },
    ],
    { totalEvents },
  );
  await markAnalyticsData(db, { start: android!.start, end: android!.end });
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const config = configFromEnv();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(handle.db);
  const firstStart = !(await isSeeded(handle.db));
  if (firstStart) {
    console.log('First start: seeding the demo workspace…');
    await seedDemo(handle.db);
  }
  const analytics = await openAnalytics({ dataDir: config.dataDir, ...config.analytics, bigquery: await bigQueryOptions(config) });
  await ensureDemoEvents(analytics, handle.db, firstStart);
  const logRequests = process.env.LOG_REQUESTS === '1';
  // Invite emails always reach the server log (the embedded outbox mailer); with request logging on, through it.
  const app = await buildApp({ config, db: handle.db, providers: { analytics, ...(logRequests ? {} : { mailer: outboxMailer((line) => console.log(line)) }) }, logger: logRequests });
  const shutdown = async () => {
    await app.close();
    await analytics.close();
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
      `  analytics: embedded DuckDB in ${config.dataDir}/events.duckdb${config.bigquery ? ', BigQuery for apps configured for it' : ''}`,
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
