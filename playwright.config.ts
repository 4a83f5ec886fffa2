/**
 * End-to-end tests (tests/e2e) in real Chromium against the production build and the real server on a fresh seeded
 * database. tests/e2e/global-setup.ts starts `server/main.ts` on a free port and publishes its URL as E2E_BASE_URL
 * (set E2E_BASE_URL yourself to run against a server you started). The browser is found by scripts/chromium-path.ts
 * (CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own); nothing is ever downloaded from here
 * (`npx tsx scripts/ensure-chromium.ts` installs one when missing).
 */
import { register } from 'node:module';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD ??= '1';
// Specs import the machines (tests/e2e/model-paths), whose contracts import fp-ts folders Node's ESM cannot resolve.
register('./scripts/esm-directory-imports.mjs', import.meta.url);
const chromium = findChromium();
const isCI = !!process.env.CI;

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  // 2 cores: the server and one browser per worker share them.
  workers: isCI ? 1 : 2,
  // Nothing is retried, in CI or anywhere: a test that passes on a second try is a flaky test, and that is a bug.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The list as tests run, and each spec file's time at the end (also read by scripts/test-all.ts).
  reporter: [['list'], ['./tests/e2e/reporters/file-times.ts']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium?.path,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium' }],
});
