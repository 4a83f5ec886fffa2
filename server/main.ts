/**
 * Server entry point for `npm start`: reads the environment, opens (and migrates) the database — the embedded PGlite
 * in its own worker thread unless DATABASE_URL names a PostgreSQL server — opens the analytics engine, completes the
 * demo data when DEMO=on (first start, or one that was interrupted: server/demo/demo-mode.ts; refused with
 * NODE_ENV=production while demo accounts exist), then serves the API and the built SPA from one process and prints
 * how to sign in. SIGTERM/SIGINT finish requests in flight and close both stores.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed';
import { playDemoCrowdOnce, prepareStartData, StartRefused } from './demo/demo-mode';
import { seedDemoHistoryOnce } from './demo/demo-history';
import { claimDataDir } from './db/data-dir-lock';
import { openAnalytics, type AnalyticsOptions } from './analytics/index';
import { sharedStoreRefusal } from './analytics/placements';
import { joinServers, ServerRefused } from './jobs/heartbeat';
import { buildApp, migrate } from './app';
import { mailerFromEnv } from './providers/mailer';
import { appStoreFromEnv } from './providers/app-store/select';
import { registerTestOutbox } from './testing/outbox-route';
import { registerTestFixtures } from './testing/fixtures-route';
import { startJobWorker } from './jobs/queue';
import { startEventDispatcher } from './events/outbox';
import {
  integrationJobs,
  scheduleDailyProcessing,
  scheduleHealthCheck,
  scheduleSilenceCheck,
  sourceHealthJobs,
} from './areas/integrations/index';
import {
  notificationLanes,
  scheduleDigests,
  scheduleNotificationEmails,
  scheduleWebhookDeliveries,
} from './areas/notifications/index';
import { startScheduler } from './jobs/scheduler';
import { billingJobs, scheduleRunwayCheck } from './areas/billing/index';
import { acquireJobs, scheduleKpiCheck } from './areas/acquire/index';
import { firebaseJobs } from './areas/integrations/index';
import { activityJobs, scheduleActivityPruning } from './areas/activity/index';
import type { ServerContext } from './context';

/** BigQuery clients (loaded only when configured), one per GCP project of the apps' BigQuery plugins. */
async function bigQueryOptions(config: ServerConfig): Promise<AnalyticsOptions['bigquery']> {
  if (!config.bigquery) return undefined;
  const { BigQuery } = await import('@google-cloud/bigquery');
  return {
    ...config.bigquery,
    createClient: (projectId) => new BigQuery({ projectId, location: config.bigquery?.location }),
  };
}

/** The payments provider: Stripe when configured (its module loaded only then), else the embedded sandbox. */
async function paymentsProvider(config: ServerConfig) {
  if (!config.stripe) return undefined;
  const { stripePayments } = await import('./providers/payments/stripe');
  return stripePayments(config.stripe);
}

/** The Google Cloud provider: the real adapter when GOOGLE_CLOUD=live (its modules loaded only then), else the sandbox. */
async function googleCloudProvider(config: ServerConfig) {
  if (!config.googleCloud) return undefined;
  const { googleCloudFromConfig } = await import('./providers/google-cloud/google');
  return googleCloudFromConfig(config.googleCloud, config.publicUrl);
}

/** People's Google sign-in: the real adapter when GOOGLE_SIGN_IN=live, else the sandbox. */
async function peopleSignInProvider(config: ServerConfig) {
  if (!config.googleSignIn) return undefined;
  const { googlePeopleSignIn } = await import('./providers/google-cloud/people-sign-in');
  return googlePeopleSignIn({
    ...config.googleSignIn,
    redirectUri: `${config.publicUrl.replace(/\/+$/, '')}/api/auth/google/callback`,
  });
}

async function main() {
  const config = configFromEnv();
  fs.mkdirSync(config.dataDir, { recursive: true });
  // The embedded database is one process's: commands (admin:create, staff, demo:remove) refuse while this one runs.
  const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onWorkerCrash: (error) => {
      console.error(`[db] the embedded database stopped unexpectedly: ${error.message}`);
      process.exit(1);
    },
  });
  await migrate(handle.db);
  // This server's heartbeat row; the embedded analytics store refuses to run beside another live server.
  const heartbeat = await joinServers(handle.db, {
    store: config.analyticsStore,
    log: (line) => console.error(line),
  }).catch(async (error: unknown) => {
    await handle.close();
    releaseDataDir();
    throw error;
  });
  const database = { db: handle.db, dbKind: handle.kind };
  const refused = config.analyticsStore === 'postgres' ? await sharedStoreRefusal(handle.db) : null;
  if (refused) {
    await heartbeat.stop().catch(() => {});
    await handle.close();
    releaseDataDir();
    throw new ServerRefused(refused);
  }
  const bigquery = await bigQueryOptions(config);
  const analytics =
    config.analyticsStore === 'postgres'
      ? await openAnalytics({ ...config.analytics, bigquery, shared: database })
      : await openAnalytics({ dataDir: config.dataDir, ...config.analytics, bigquery, placements: database });
  try {
    await prepareStartData(handle.db, analytics, {
      demo: config.demo,
      production: config.production,
      totalEvents: Number(process.env.DEMO_EVENTS ?? 1_200_000),
      log: (line) => console.log(line),
    });
  } catch (error) {
    await analytics.close();
    await heartbeat.stop().catch(() => {});
    await handle.close();
    releaseDataDir();
    throw error;
  }
  const logRequests = process.env.LOG_REQUESTS === '1';
  // Sandbox mail always reaches the server log (the embedded outbox mailer); with request logging on, through it.
  // SMTP_URL sends through a real mail server instead.
  const mailer = await mailerFromEnv(process.env, config.publicUrl, (line) => console.log(line));
  const payments = await paymentsProvider(config);
  const googleCloud = await googleCloudProvider(config);
  const peopleSignIn = await peopleSignInProvider(config);
  const app = await buildApp({
    config,
    db: handle.db,
    providers: {
      analytics,
      appStore: appStoreFromEnv(process.env),
      ...(payments ? { payments } : {}),
      ...(googleCloud ? { googleCloud } : {}),
      ...(peopleSignIn ? { peopleSignIn } : {}),
      ...(logRequests && mailer.kind === 'sandbox' ? {} : { mailer }),
    },
    logger: logRequests ? true : { level: 'error' },
  });
  // The demo's month of activity, made through the domain by its team (once per database).
  if (config.demo)
    await seedDemoHistoryOnce((app as unknown as { questboard: ServerContext }).questboard, (line) =>
      console.log(line),
    );
  // TEST ONLY: the end-to-end server (scripts/e2e-server.ts) sets a random secret to read the outbox; never set otherwise.
  if (process.env.E2E_OUTBOX_TOKEN) {
    registerTestOutbox(app, handle.db, process.env.E2E_OUTBOX_TOKEN);
    // …and to make throwaway data the product has no route for (a workspace with Monetize on).
    registerTestFixtures(app, handle.db, process.env.E2E_OUTBOX_TOKEN);
  }
  // Jobs (process data, sandbox exports): rows claimed with FOR UPDATE SKIP LOCKED, so any number of servers share them.
  // (Fastify instances are thenables, so `await buildApp()` types away the `questboard` context it carries.)
  // The integrations lane also runs the sources' health check and Acquire's KPI check (alerts: docs/notifications.md).
  const integrationLane = {
    ...integrationJobs,
    handlers: { ...integrationJobs.handlers, ...sourceHealthJobs.handlers, ...acquireJobs.handlers },
  };
  const jobs = startJobWorker((app as unknown as { questboard: ServerContext }).questboard, integrationLane, {
    log: (line) => console.error(line),
  });
  // Firebase function deployments have their own lane, so a long export or processing job never holds them up.
  const firebaseWorker = startJobWorker((app as unknown as { questboard: ServerContext }).questboard, firebaseJobs, {
    log: (line) => console.error(line),
  });
  // The activity log's daily retention prune (ACTIVITY_DAYS), in a lane of its own.
  const activityWorker = startJobWorker((app as unknown as { questboard: ServerContext }).questboard, activityJobs, {
    log: (line) => console.error(line),
  });
  // Alerts by e-mail, and webhooks with digests (docs/notifications.md §Delivery): two lanes of their own, so a long job
  // elsewhere never holds them up, nor a burst of one the other.
  const notificationWorkers = notificationLanes.map((lane) =>
    startJobWorker((app as unknown as { questboard: ServerContext }).questboard, lane, {
      log: (line) => console.error(line),
    }),
  );
  const billingWorker = startJobWorker((app as unknown as { questboard: ServerContext }).questboard, billingJobs, {
    log: (line) => console.error(line),
  });
  // Domain events committed but not yet delivered (a server stopped in between, a subscriber that failed) go out here.
  const dispatcher = startEventDispatcher((app as unknown as { questboard: ServerContext }).questboard, {
    log: (line) => console.error(line),
  });
  // Daily Process Data of BigQuery plugins at their refresh schedule, the silent-source and runway checks, e-mail and webhook retries (safe
  // with several servers: server/jobs/scheduler.ts).
  const scheduler = startScheduler(
    (app as unknown as { questboard: ServerContext }).questboard,
    [
      scheduleDailyProcessing,
      scheduleActivityPruning,
      scheduleSilenceCheck,
      scheduleHealthCheck,
      scheduleKpiCheck,
      scheduleNotificationEmails,
      scheduleWebhookDeliveries,
      scheduleRunwayCheck,
      scheduleDigests,
    ],
    { log: (line) => console.error(line) },
  );
  // Idempotent: a process group kill (npx → tsx → node) can deliver the signal twice. Requests in flight finish,
  // then the analytics store checkpoints and the database worker closes PGlite (flushing the data folder).
  let stopping: Promise<void> | null = null;
  const shutdown = () => {
    stopping ??= (async () => {
      try {
        await app.close();
        await scheduler.stop();
        await jobs.stop();
        await firebaseWorker.stop();
        await activityWorker.stop();
        for (const worker of notificationWorkers) await worker.stop();
        await billingWorker.stop();
        await dispatcher.stop();
        await analytics.close();
        await heartbeat.stop();
        await handle.close();
        releaseDataDir();
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    })();
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
      `  payments: ${payments ? 'Stripe (STRIPE_SECRET_KEY)' : 'embedded sandbox (no real card is charged)'}`,
      `  analytics: ${config.analyticsStore === 'postgres' ? "the database's analytics schema (ANALYTICS_STORE=postgres, shared by every server on it)" : `embedded DuckDB in ${config.dataDir}/events.duckdb (one server only; ANALYTICS_STORE=postgres to share)`}${config.bigquery ? ', BigQuery for apps configured for it' : ''}`,
      `  google cloud: ${googleCloud ? `live (${googleCloud.productServiceAccountEmail('')})` : 'sandbox (GOOGLE_CLOUD=live for the real Google Cloud)'}`,
      `  google sign-in: ${peopleSignIn ? 'live (GOOGLE_SIGN_IN=live)' : 'sandbox (GOOGLE_SIGN_IN=live for Google)'}`,
      `  app store: ${process.env.APP_STORE?.toLowerCase() === 'live' ? 'live (App Store and Google Play)' : 'sandbox catalogue (APP_STORE=live for the real stores)'}`,
      '',
      ...(config.demo
        ? [
            `Sign in at ${url}/continue with any demo account (password "${DEMO_PASSWORD}"; DEMO=off seeds none):`,
            `  admin   ${DEMO_ACCOUNTS.admin}`,
            `  editor  ${DEMO_ACCOUNTS.editor}`,
            `  viewer  ${DEMO_ACCOUNTS.viewer}`,
            `  staff   ${DEMO_ACCOUNTS.staff}   (Questboard staff)`,
          ]
        : (await handle.db.selectFrom('accounts').select('id').limit(1).execute()).length === 0
          ? [
              'No account yet (DEMO=off). Create the first admin and workspace:',
              '  npm run admin:create -- --email you@example.com --workspace "Your Studio"',
            ]
          : [`Sign in at ${url}/continue (DEMO=off).`]),
      '',
    ].join('\n'),
  );
  if (config.demo) {
    await playDemoCrowdOnce(handle.db, {
      url: `http://127.0.0.1:${config.port}`,
      players: Number(process.env.DEMO_PLAYERS ?? 40),
      keyFile: path.join(config.dataDir, 'players-simulate-keys.json'), // so that `npm run players:simulate` reuses its key
      log: (line) => console.log(line),
    });
  }
}

main().catch((error) => {
  console.error(error instanceof StartRefused || error instanceof ServerRefused ? error.message : error);
  process.exit(1);
});
