/**
 * The app-visibility flow's table (src/machines/app-visibility/app-visibility.machine.ts, src/views/apps/
 * AppVisibility.tsx; docs/workspace.md §Workspace states 'Show on Questboard App'): each event → what the admin does in one app card's options
 * popover, each state → what the switch and the card show. Every test works in a throwaway workspace with two apps
 * of its own: the path's app, and another one whose switch makes the page refresh the workspace (that is how a change
 * made elsewhere, through the API, reaches the path's card as SYNC). Failures are answered through Playwright routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  appVisibilityMachine,
  type AppVisibilityContext,
  type AppVisibilityEvent,
} from '../../../src/machines/app-visibility/app-visibility.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { AppCard, AppsPage, appByApi, enableByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface VisibilityUi extends Ui {
  apps: AppsPage;
  card: AppCard;
  other: AppCard;
  token: string;
}

/** Our words for a failed switch (docs/workspace.md §Messages names none). */
const VISIBILITY_FAILED = 'Failed to update the app visibility.';

const E = {
  toggle: { type: 'TOGGLE' },
  hidden: doneEvent('setEnabled', { success: true, data: { enabled: false } }),
  refused: doneEvent('setEnabled', { success: false, data: { enabled: true } }),
  crashed: crashEvent('setEnabled'),
  shownElsewhere: { type: 'SYNC', enabled: true },
};

const ctx = (state: AnyMachineSnapshot) => state.context as AppVisibilityContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isError(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const setEnabledCall = outcome<VisibilityUi>(
  { method: 'POST', url: /\/api\/app\/enable\/[^/]+$/ },
  (event) => (isError(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => (isError(event) ? 'setEnabled 500' : succeeded(event) ? 'setEnabled ✓' : 'setEnabled refused'),
);

/** The apps page, with the path's card's options open. */
const open = async (ui: VisibilityUi) => {
  await ui.apps.goto();
  await ui.card.openOptions();
};

export const appVisibilityTable: FlowTable<VisibilityUi> = {
  flow: 'app-visibility',
  machine: appVisibilityMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).enabled]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Shown');
    const otherId = await appByApi(page.request, token, workspace.id, 'Path Other');
    return {
      page,
      token,
      apps: new AppsPage(page, workspace.id),
      card: new AppCard(page, appId),
      other: new AppCard(page, otherId),
    };
  },
  traversals: [
    {
      name: 'hide',
      kind: 'shortest',
      input: { appId: 'path-app', enabled: true },
      open,
      events: [E.toggle, E.hidden],
    },
    {
      // A refusal and a crash put the switch back and say so; the retry hides the app; shown again elsewhere (another
      // admin, through the API), the card follows once the page refreshes the workspace.
      name: 'failures, then elsewhere',
      kind: 'journey',
      input: { appId: 'path-app', enabled: true },
      open,
      events: [E.toggle, E.refused, E.toggle, E.crashed, E.toggle, E.hidden, E.shownElsewhere],
    },
  ],
  events: {
    TOGGLE: {
      act: async (ui) => {
        await ui.card.openOptions();
        await ui.card.toggle.click();
      },
    },
    SYNC: {
      act: async (ui, event: Extract<AppVisibilityEvent, { type: 'SYNC' }>) => {
        await enableByApi(ui.page.request, ui.token, ui.card.appId, event.enabled);
        // The other app's switch makes the page refresh the workspace, which brings the change to this card.
        await ui.other.openOptions();
        const before = await ui.other.toggle.getAttribute('aria-checked');
        await ui.other.toggle.click();
        await expect(ui.other.toggle).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
        await expect(ui.other.toggle).not.toHaveAttribute('aria-busy', 'true');
        await ui.page.keyboard.press('Escape');
        await ui.card.openOptions();
      },
      label: (event: Extract<AppVisibilityEvent, { type: 'SYNC' }>) =>
        event.enabled ? 'SYNC shown elsewhere' : 'SYNC hidden elsewhere',
    },
    'xstate.done.actor.setEnabled': setEnabledCall,
    'xstate.error.actor.setEnabled': setEnabledCall,
  },
  states: {
    'appVisibility.idle': async (ui, state, via) => {
      const { enabled } = ctx(state);
      await expect(ui.card.toggle).toHaveAttribute('aria-checked', String(enabled));
      await expect(ui.card.toggle).toBeEnabled();
      if (enabled) await expect(ui.card.root).not.toHaveAttribute('data-hidden', 'true');
      else await expect(ui.card.root).toHaveAttribute('data-hidden', 'true');
      const failed = via.type.startsWith('xstate.') && via.type !== 'xstate.init' && !succeeded(via);
      if (failed) await expect(new Shell(ui.page).snackbar(VISIBILITY_FAILED).last()).toBeVisible();
    },
    'appVisibility.saving': async (ui, state) => {
      // Optimistic: the switch has moved already, and waits.
      await expect(ui.card.toggle).toHaveAttribute('aria-checked', String(ctx(state).enabled));
      await expect(ui.card.toggle).toHaveAttribute('aria-busy', 'true');
      await expect(ui.card.toggle).toBeDisabled();
    },
  },
  timeout: 60_000,
};
