/**
 * Starts the real server for the end-to-end run (scripts/e2e-server.ts: free port, fresh temporary DATA_DIR with the
 * seeded demo database, dist/ served) and exposes its URL as process.env.E2E_BASE_URL, which the workers inherit and
 * playwright.config.ts uses as baseURL, the file holding the server's output as process.env.E2E_SERVER_LOG, and the
 * secret of the server's test-only outbox read as process.env.E2E_OUTBOX_TOKEN (tests/e2e/pages/mailbox.ts). The returned function is
 * Playwright's global teardown: it stops the server and removes the data folder. When E2E_BASE_URL is already set,
 * that server is used and nothing is started (start it with E2E_OUTBOX_TOKEN set, and set the same value here, for the specs that read invite emails).
 */
import type { FullConfig } from '@playwright/test';
import { startServer } from '../../scripts/e2e-server';

export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the server at ${process.env.E2E_BASE_URL}`);
    return;
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SERVER_LOG = server.logFile;
  process.env.E2E_OUTBOX_TOKEN = server.outboxToken;
  return async () => {
    await server.stop();
    delete process.env.E2E_BASE_URL;
    delete process.env.E2E_SERVER_LOG;
    delete process.env.E2E_OUTBOX_TOKEN;
  };
}
