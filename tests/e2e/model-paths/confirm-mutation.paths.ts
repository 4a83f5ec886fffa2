/**
 * The shared confirm → mutate child's paths (src/machines/shared/confirm-mutation.machine.ts), seen through one of
 * the dialogs that run it: Terminate API key? on App Settings → API Keys (src/views/settings/ApiKeysTab.tsx). Each
 * path starts with the dialog open (the child starts in `start`, asks, and waits); each ends in a final state, which
 * the parent turns into the page's outcome: terminated, the failure's words, or nothing at all.
 *
 * Data: every test adds its own app to a throwaway workspace (through the API) and creates one key in the page
 * before the path starts. The call's refusal and crash are routed; its success is the real server's.
 */
import { expect } from '@playwright/test';
import type { EventObject } from 'xstate';
import { confirmMutationMachine } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

const TERMINATED = 'API key terminated.';
const FAILED = 'Something went wrong when updating the API keys. Try again later!';

interface ConfirmUi extends Ui {
  shell: Shell;
  dialog: Modal;
  appId: string;
  workspaceId: string;
  sent: number;
}

const E = {
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  done: doneEvent('mutate', { success: true }),
  refused: doneEvent('mutate', { success: false }),
  crashed: crashEvent('mutate'),
};

const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const mutateCall = outcome<ConfirmUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/api-keys$/ },
  (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => (isCrash(event) ? 'mutate 500' : succeeded(event) ? 'mutate ✓' : 'mutate refused'),
);

const keyRow = (ui: ConfirmUi) => ui.page.getByRole('row').filter({ hasText: /qb_api_/ });

/** The key to terminate, created in the page; then Terminate opens the dialog (the child starts). */
async function open(ui: ConfirmUi) {
  await ui.page.goto(appPath(ui.appId, 'settings/apikeys', ui.workspaceId));
  await ui.page.getByRole('button', { name: 'Create API key' }).click();
  const created = new Modal(ui.page, 'Your new API key');
  await created.expectOpen();
  await created.root.getByRole('button', { name: 'Done' }).click();
  await created.expectClosed();
  ui.sent = 0;
  await keyRow(ui)
    .getByRole('button', { name: /^Terminate/ })
    .click();
}

const traversal = (name: string, events: EventObject[]) => ({
  name,
  kind: 'shortest' as const,
  input: { request: {}, confirm: true },
  open,
  events,
});

export const confirmMutationTable: FlowTable<ConfirmUi> = {
  flow: 'confirm-mutation',
  machine: confirmMutationMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Confirm');
    const ui: ConfirmUi = {
      page,
      shell: new Shell(page),
      dialog: new Modal(page, 'Terminate API key?'),
      appId,
      workspaceId: workspace.id,
      sent: 0,
    };
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/api-keys')) ui.sent += 1;
    });
    return ui;
  },
  // Each final state ends a path, so each outcome has its own (the crash's own traversal: it lands where the
  // refusal does).
  traversals: [traversal('ask', [E.confirm, E.cancel, E.done, E.refused]), traversal('crash', [E.confirm, E.crashed])],
  events: {
    CONFIRM: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Terminate', exact: true }).click() },
    CANCEL: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel' }).click() },
    'xstate.done.actor.mutate': mutateCall,
    'xstate.error.actor.mutate': mutateCall,
  },
  states: {
    'confirmMutation.start': TRANSIENT,
    'confirmMutation.confirming': async (ui) => {
      await ui.dialog.expectOpen();
      await expect(ui.dialog.root).toContainText('stop working at once. This cannot be undone.');
      await expect(ui.dialog.root.getByRole('button', { name: 'Terminate', exact: true })).toBeEnabled();
      expect(ui.sent, 'asking sends nothing').toBe(0);
    },
    'confirmMutation.mutating': async (ui) => {
      await expect(ui.dialog.root.getByRole('button', { name: 'Terminate', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    'confirmMutation.done': async (ui) => {
      await expect(ui.shell.snackbar(TERMINATED)).toBeVisible();
      await ui.dialog.expectClosed();
      await expect(keyRow(ui)).toContainText('Terminated');
    },
    'confirmMutation.failed': async (ui) => {
      await expect(ui.shell.snackbar(FAILED)).toBeVisible();
      await ui.dialog.expectClosed();
      await expect(keyRow(ui)).toContainText('Active');
    },
    'confirmMutation.cancelled': async (ui) => {
      await ui.dialog.expectClosed();
      await expect(keyRow(ui)).toContainText('Active');
      expect(ui.sent, 'a cancelled confirm sends nothing').toBe(0);
    },
  },
  timeout: 60_000,
};
