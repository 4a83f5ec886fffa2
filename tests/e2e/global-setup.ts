/**
 * Starts the real servers for the end-to-end run, one per worker slot (tests/e2e/worker-servers.ts): each is
 * scripts/e2e-server.ts (free port, fresh temporary DATA_DIR with the seeded demo database, dist/ served), published
 * as E2E_BASE_URL_<slot>, E2E_OUTBOX_TOKEN_<slot> (the secret of its test-only outbox read, tests/e2e/pages/mailbox.ts)
 * and E2E_SERVER_LOG_<slot>, which the workers inherit; playwright.config.ts maps a worker's slot to the plain names.
 * The plain names also hold slot 0's server, for anything outside a worker. The returned function is Playwright's
 * global teardown: it stops the servers and removes their data folders. When E2E_BASE_URL is already set, that server
 * is used by one worker and nothing is started (start it with E2E_OUTBOX_TOKEN set, and set the same value here, for
 * the specs that read invite emails).
 */
import type { FullConfig } from '@playwright/test';
import { startServer } from '../../scripts/e2e-server';
import { SERVER_ENV, slotName } from './worker-servers';

/** Demo game events each e2e server seeds (docs/engineering/testing.md §End-to-end servers). */
export const E2E_DEMO_EVENTS = 200_000;

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the server at ${process.env.E2E_BASE_URL}`);
    return;
  }
  // Started together: each seeds its own demo workspace (the same deterministic data).
  // 200,000 demo events, not the 1.2 M of `npm start`: every spec's data (90 days of both apps, cohorts, funnels,
  // dashboards) is there, and each server seeds in a third of the time. DEMO_EVENTS in the environment wins.
  const demoEvents = process.env.DEMO_EVENTS ? undefined : E2E_DEMO_EVENTS;
  const settled = await Promise.allSettled(Array.from({ length: config.workers }, () => startServer({ demoEvents })));
  const servers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  servers.forEach((server, slot) => {
    const values = { E2E_BASE_URL: server.url, E2E_OUTBOX_TOKEN: server.outboxToken, E2E_SERVER_LOG: server.logFile };
    for (const name of SERVER_ENV) {
      process.env[slotName(name, slot)] = values[name];
      if (slot === 0) process.env[name] = values[name];
    }
  });
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const name of SERVER_ENV) {
      delete process.env[name];
      servers.forEach((_, slot) => delete process.env[slotName(name, slot)]);
    }
  };
}
