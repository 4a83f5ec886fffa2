/**
 * Model-based browser tests (ARCHITECTURE "Testing tiers", issue 8): the paths of the invitation (team) and
 * report-builder machines, taken from xstate/graph, driven in Chromium through the real UI against the real server.
 * Each flow's table (tests/e2e/model-paths/<flow>.paths.ts) maps every event to a page-object action and every state
 * to an assertion in the page; tests/e2e/model-paths/driver.ts turns each de-duplicated path into one test and fails
 * when a state or event has no entry. A new flow adds its table here.
 */
import { pathTests } from './model-paths/driver';
import { teamTable } from './model-paths/team.paths';

pathTests(teamTable);
