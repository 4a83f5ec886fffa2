/**
 * The active-source flow's table (src/machines/active-source/active-source.machine.ts, the Overview's active switch
 * of src/views/integrations/OverviewTab.tsx; docs/integrations.md §Plugin states "Only one source can be active. Activating another asks 'Confirm
 * Change?' 'This will cause all events to be stopped.'"): each event → what the admin does on the Overview, each
 * state → what the switch and the dialog show. Every test works on a throwaway app of a throwaway workspace with a
 * Firebase plugin (made through the API, nothing active yet), so no demo app changes. Refusals and crashes are
 * answered through Playwright routes.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  activeSourceMachine,
  type ActiveSourceContext,
} from '../../../src/machines/active-source/active-source.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface ActiveUi extends Ui {
  workspaceId: string;
  appId: string;
  /** The source the server holds as active (null: none yet). */
  active: string | null;
}

// docs/integrations.md §Plugin states words, and ours for the outcome (docs/integrations.md §Messages gives none).
const ACTIVATED = 'Firebase is now the active source.';
const ACTIVATE_FAILED = 'Failed to change the active source.';

const FIREBASE = { id: 'firebase-plugin', source: 'Firebase' as const };
const E = {
  activate: { type: 'ACTIVATE', plugin: FIREBASE },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  activated: doneEvent('activate', { status: 'done', answer: { success: true } } satisfies MutationOutcome),
  refused: doneEvent('activate', {
    status: 'failed',
    answer: { success: false },
    error: null,
  } satisfies MutationOutcome),
  crashed: crashEvent('activate'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as ActiveSourceContext;
const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) => !isError(event) && outputOf(event).status === 'done';
const activateCall = outcome<ActiveUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/active-plugin$/ },
  (event) => (isError(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => (isError(event) ? 'activate 500' : succeeded(event) ? 'activate ✓' : 'activate refused'),
);
const activateOutcome = {
  ...activateCall,
  act: async (ui: ActiveUi, event: EventObject, before: AnyMachineSnapshot) => {
    await activateCall.act(ui, event, before);
    if (succeeded(event)) ui.active = ctx(before).plugin!.source;
  },
};

// includeHidden: while the dialog is open the page behind it is inert.
const firebaseSwitch = (page: Page) => page.getByRole('switch', { name: 'Firebase active', includeHidden: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Change?' });
const open = async (ui: ActiveUi) => {
  await ui.page.goto(appPath(ui.appId, 'integrations/Overview', ui.workspaceId));
  await expect(firebaseSwitch(ui.page)).toBeEnabled();
};
const input = { appId: 'paths' };

export const activeSourceTable: FlowTable<ActiveUi> = {
  flow: 'active-source',
  machine: activeSourceMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const headers = { authorization: `Bearer ${token}` };
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Source');
    const credential = await page.request.post(`/api/app/${appId}/credentials/product`, { headers });
    expect(credential.status(), 'the product service account').toBe(200);
    const credentialId = ((await credential.json()) as { credential: { id: string } }).credential.id;
    const plugin = await page.request.post(`/api/app/${appId}/plugins`, {
      headers,
      data: { type: 'Firebase', credentialId, attributes: { targetProject: `${workspace.id}-analytics` } },
    });
    expect(plugin.status(), `a Firebase plugin: ${await plugin.text()}`).toBe(200);
    return { page, workspaceId: workspace.id, appId, active: null };
  },
  traversals: [
    { name: 'activate', kind: 'shortest', input, open, events: [E.activate, E.confirm, E.activated] },
    {
      // Cancel leaves it as it was; a refusal and a crash say so and leave the switch off; then it is activated.
      name: 'cancel, failures, activate',
      kind: 'journey',
      input,
      open,
      events: [
        E.activate,
        E.cancel,
        E.activate,
        E.confirm,
        E.refused,
        E.activate,
        E.confirm,
        E.crashed,
        E.activate,
        E.confirm,
        E.activated,
      ],
    },
  ],
  events: {
    ACTIVATE: {
      act: async (ui) => {
        await firebaseSwitch(ui.page).click({ force: true });
      },
    }, // the input hides behind its track
    CONFIRM: {
      act: async (ui) => {
        await dialog(ui.page).getByRole('button', { name: 'Confirm' }).click();
      },
    },
    CANCEL: {
      act: async (ui) => {
        await dialog(ui.page).getByRole('button', { name: 'Cancel' }).click();
      },
    },
    'xstate.done.actor.activate': activateOutcome,
    'xstate.error.actor.activate': activateOutcome,
  },
  states: {
    'activeSource.idle': async (ui, _state, via) => {
      await expect(dialog(ui.page)).toBeHidden();
      const active = ui.active === 'Firebase';
      await expect(firebaseSwitch(ui.page)).toBeChecked({ checked: active });
      // The active source's switch is off limits; another may be switched on.
      if (active) await expect(firebaseSwitch(ui.page)).toBeDisabled();
      else await expect(firebaseSwitch(ui.page)).toBeEnabled();
      const shell = new Shell(ui.page);
      if (via.type.startsWith('xstate.') && via.type !== 'xstate.init') {
        await expect(shell.snackbar(succeeded(via) ? ACTIVATED : ACTIVATE_FAILED).last()).toBeVisible();
      }
    },
    'activeSource.working.confirming': async (ui) => {
      await expect(dialog(ui.page)).toContainText('This will cause all events to be stopped.');
      await expect(dialog(ui.page).getByRole('button', { name: 'Confirm' })).toBeEnabled();
      // The switch waits for the confirm: it has not moved.
      await expect(firebaseSwitch(ui.page)).not.toBeChecked();
    },
    'activeSource.working.running': async (ui) => {
      await expect(dialog(ui.page).getByRole('button', { name: 'Confirm' })).toHaveAttribute('aria-busy', 'true');
      await expect(dialog(ui.page).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
  },
  timeout: 60_000,
};
