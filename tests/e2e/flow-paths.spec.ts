/**
 * Model-based browser tests (docs/architecture.md §Testing tiers): every flow's machine paths, taken from xstate/graph,
 * driven in Chromium through the real UI against the real server. Each flow's table
 * (tests/e2e/model-paths/<flow>.paths.ts, listed in tests/e2e/model-paths/tables.ts) maps every event to a page-object
 * action and every state to an assertion in the page; tests/e2e/model-paths/driver.ts turns each de-duplicated path
 * into one test, and the first test of each flow fails when a state or event has no entry (or no path visits it).
 * `npm run paths -- <flow>` prints a flow's tests; docs/engineering/machine-paths.md explains how to add one.
 */
import { test } from '@playwright/test';
import { pathTests } from './model-paths/driver';
import { expectAnalyticsReady } from './pages/report-builder.page';
import { flowTables } from './model-paths/tables';

// Flows are spread over the workers (each with its own server); a flow's paths run in order in one worker
// (pathTests declares each flow's group sequential).
test.describe.configure({ mode: 'parallel' });
test.beforeAll(({ request }) => expectAnalyticsReady(request));

for (const table of flowTables) pathTests(table);
