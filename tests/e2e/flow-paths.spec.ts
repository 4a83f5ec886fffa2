/**
 * Model-based browser tests (docs/architecture.md §Testing tiers, issue 8): the paths of the invitation (team) and
 * report-builder machines, taken from xstate/graph, driven in Chromium through the real UI against the real server.
 * Each flow's table (tests/e2e/model-paths/<flow>.paths.ts) maps every event to a page-object action and every state
 * to an assertion in the page; tests/e2e/model-paths/driver.ts turns each de-duplicated path into one test, and the
 * first test of each flow fails when a state or event has no entry (or no path visits it). A new flow adds its table
 * here.
 */
import { test } from '@playwright/test';
import { pathTests } from './model-paths/driver';
import { expectAnalyticsReady } from './pages/report-builder.page';
import { reportBuilderTable } from './model-paths/report-builder.paths';
import { teamTable } from './model-paths/team.paths';
import { addAppTable } from './model-paths/add-app.paths';
import { appVisibilityTable } from './model-paths/app-visibility.paths';
import { workspaceSettingsTable } from './model-paths/workspace-settings.paths';
import { redeemPromoTable } from './model-paths/redeem-promo.paths';
import { paymentMethodsTable } from './model-paths/payment-methods.paths';
import { paymentMethodSetupTable } from './model-paths/payment-method-setup.paths';
import { askAnalyzeTable } from './model-paths/ask-analyze.paths';
import { dailyProcessTable } from './model-paths/daily-process.paths';
import { activeSourceTable } from './model-paths/active-source.paths';
import { activityTable } from './model-paths/activity.paths';

test.beforeAll(({ request }) => expectAnalyticsReady(request));

pathTests(teamTable);
pathTests(reportBuilderTable);
pathTests(addAppTable);
pathTests(appVisibilityTable);
pathTests(workspaceSettingsTable);
pathTests(redeemPromoTable);
pathTests(paymentMethodsTable);
pathTests(paymentMethodSetupTable);
pathTests(askAnalyzeTable);
pathTests(dailyProcessTable);
pathTests(activeSourceTable);
pathTests(activityTable);
