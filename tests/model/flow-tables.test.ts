/**
 * The browser-path tables (tests/e2e/model-paths, run by tests/e2e/flow-paths.spec.ts) checked in the model tier,
 * without a browser: every state and event of the team and report-builder machines has an entry, every entry names
 * one, and the flow's de-duplicated paths visit them all; so a machine change that needs a new row fails here first.
 */
import { describe, expect, it } from 'vitest';
import { flowPaths, tableProblems, type FlowTable, type Ui } from '../e2e/model-paths/driver';
import { teamTable } from '../e2e/model-paths/team.paths';
import { reportBuilderTable } from '../e2e/model-paths/report-builder.paths';
import { addAppTable } from '../e2e/model-paths/add-app.paths';
import { appVisibilityTable } from '../e2e/model-paths/app-visibility.paths';
import { workspaceSettingsTable } from '../e2e/model-paths/workspace-settings.paths';
import { redeemPromoTable } from '../e2e/model-paths/redeem-promo.paths';
import { paymentMethodsTable } from '../e2e/model-paths/payment-methods.paths';
import { paymentMethodSetupTable } from '../e2e/model-paths/payment-method-setup.paths';
import { askAnalyzeTable } from '../e2e/model-paths/ask-analyze.paths';
import { dailyProcessTable } from '../e2e/model-paths/daily-process.paths';
import { activeSourceTable } from '../e2e/model-paths/active-source.paths';
import { activityTable } from '../e2e/model-paths/activity.paths';

const tables = [teamTable, reportBuilderTable, addAppTable, appVisibilityTable, workspaceSettingsTable, redeemPromoTable, paymentMethodsTable, paymentMethodSetupTable, askAnalyzeTable, dailyProcessTable, activeSourceTable, activityTable] as unknown as FlowTable<Ui>[];

describe('flow tables of the browser paths', () => {
  for (const table of tables) {
    it(`${table.flow}: complete, and its paths are few, distinct and named after their events`, () => {
      const paths = flowPaths(table);
      expect(tableProblems(table, paths)).toEqual([]);
      expect(paths.length).toBeGreaterThan(1);
      // Bounded: each path is a browser test.
      expect(paths.length).toBeLessThanOrEqual(12);
      expect(new Set(paths.map((p) => p.name)).size).toBe(paths.length);
      for (const { name } of paths) expect(name.startsWith(`${table.flow} › `)).toBe(true);
    });
  }

  it('names what is missing: a table without a state and an event entry', () => {
    const [first] = tables;
    const { ['team.inviteDialog.sending']: _state, ...states } = first!.states;
    const { SUBMIT_INVITE: _event, ...events } = first!.events;
    expect(tableProblems({ ...first!, states, events })).toEqual(
      expect.arrayContaining(['state team.inviteDialog.sending has no entry', 'event SUBMIT_INVITE has no entry']),
    );
  });
});
