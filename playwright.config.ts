/**
 * End-to-end tests (tests/e2e) in real Chromium against the production build and the real server on a fresh seeded
 * database. tests/e2e/global-setup.ts starts one `server/main.ts` per worker, each on a free port with its own seeded
 * data, and each worker's baseURL is its own server (tests/e2e/worker-servers.ts; set E2E_BASE_URL yourself to run
 * against a server you started, with one worker). The browser is found by scripts/chromium-path.ts
 * (CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own); nothing is ever downloaded from here
 * (`npx tsx scripts/ensure-chromium.ts` installs one when missing).
 */
import { register } from 'node:module';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path';
import { e2eWorkers, pointAtWorkerServer } from './tests/e2e/worker-servers';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD ??= '1';
// Specs import the machines (tests/e2e/model-paths), whose contracts import fp-ts folders Node's ESM cannot resolve.
register('./scripts/esm-directory-imports.mjs', import.meta.url);
const chromium = findChromium();
const isCI = !!process.env.CI;
// In a worker: E2E_BASE_URL and the other names now mean this worker's own server.
pointAtWorkerServer();

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  // Each worker has its own server (above); E2E_WORKERS sets how many (docs/engineering/testing.md §End-to-end servers).
  workers: e2eWorkers(),
  // Nothing is retried, in CI or anywhere: a test that passes on a second try is a flaky test, and that is a bug.
  retries: 0,
  // Two browsers and two servers share 2 cores, so a step may wait on the other worker: limits on being stuck, not
  // speed targets (those are benchmarks).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list as tests run, and each spec file's time at the end (also read by scripts/test-all.ts).
  reporter: [['list'], ['./tests/e2e/reporters/file-times.ts']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs about as much CPU as the test itself: off unless E2E_TRACE=1 (a failure still leaves
    // its screenshot and the server's log).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium?.path,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium' }],
});
