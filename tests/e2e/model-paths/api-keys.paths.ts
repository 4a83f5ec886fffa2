/**
 * The API keys tab's paths (src/machines/api-keys, src/views/settings/ApiKeysTab.tsx; docs/app-settings.md §Entities API key, §API endpoints update API
 * keys): each event → what an admin does on App Settings → API Keys, each state → the key list and its dialogs.
 *
 * Data: every test adds its own app to a throwaway workspace of its own (through the API), so its keys are its own.
 * A refused (`success: false`) or crashed (500) call is routed; successes are the real server's (a real key). SYNC
 * is the page reading the app again (a reload), with the keys the server holds.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { apiKeysMachine, type ApiKeysContext } from '../../../src/machines/api-keys/api-keys.machine';
import type { MutationOutcome } from '../../../src/machines/shared/confirm-mutation.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

/** SPEC-side words (src/contracts/app-settings.ts), literal. */
const CREATED = 'API key created. Copy it now: it will not be shown again.';
const TERMINATED = 'API key terminated.';
const FAILED = 'Something went wrong when updating the API keys. Try again later!';

interface KeysUi extends Ui {
  shell: Shell;
  appId: string;
  workspaceId: string;
}

// Symbolic apps of the payloads: what the machine holds (only its keys matter to the page).
const key = (status: 'active' | 'terminated') => ({ id: 0, key: 'qb_s2s_symbolic', type: 's2s', status });
const APP = { id: 'path-app', apiKeys: [] };
const WITH_KEY = { ...APP, apiKeys: [key('active')] };
const WITH_TERMINATED = { ...APP, apiKeys: [key('terminated')] };

const ok = (data: unknown, createdKey?: string) =>
  ({ status: 'done', answer: { success: true, data, createdKey } }) as unknown as MutationOutcome;
const refused = { status: 'failed', answer: { success: false }, error: null } as unknown as MutationOutcome;

const E = {
  create: { type: 'CREATE', keyType: 's2s' },
  created: doneEvent('createKey', ok(WITH_KEY, 'qb_s2s_symbolic')),
  createRefused: doneEvent('createKey', refused),
  createCrashed: crashEvent('createKey'),
  dismiss: { type: 'DISMISS' },
  terminate: { type: 'TERMINATE', index: 0 },
  cancel: { type: 'CANCEL' },
  confirm: { type: 'CONFIRM' },
  terminated: doneEvent('terminateKey', ok(WITH_TERMINATED)),
  terminateRefused: doneEvent('terminateKey', refused),
  terminateCrashed: crashEvent('terminateKey'),
  reread: { type: 'SYNC', app: WITH_TERMINATED },
};

const ctx = (state: AnyMachineSnapshot) => state.context as ApiKeysContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = (event: EventObject) => (event as EventObject & { output: MutationOutcome }).output;
const succeeded = (event: EventObject) => !isCrash(event) && outputOf(event).status === 'done';
const failedCall = (event: EventObject) => /^xstate\.(done|error)\.actor\./.test(event.type) && !succeeded(event);

/** POST /api/app/:appId/api-keys (create and terminate both send the app's keys). */
const keysCall = outcome<KeysUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/api-keys$/ },
  (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
  (event) => {
    const id = event.type.split('.').pop();
    return isCrash(event) ? `${id} 500` : succeeded(event) ? `${id} ✓` : `${id} refused`;
  },
);

const newKeyDialog = (ui: KeysUi) => new Modal(ui.page, 'Your new API key');
const terminateDialog = (ui: KeysUi) => new Modal(ui.page, 'Terminate API key?');
const terminateButtons = (ui: KeysUi) => ui.page.getByRole('button', { name: /^Terminate qb_/, includeHidden: true });

export const apiKeysTable: FlowTable<KeysUi> = {
  flow: 'api-keys',
  machine: apiKeysMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).app.apiKeys?.map((k) => k.status)]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Keys');
    return { page, shell: new Shell(page), appId, workspaceId: workspace.id };
  },
  // One journey: shortest paths would only repeat its first steps (each a real key), at 17 s a test.
  traversals: [
    {
      // Create refused and crashed (SPEC-side words, no key); created (the full key once); terminate cancelled, then
      // refused and crashed (the key stays active), then terminated; read again, the key is still terminated.
      name: 'failures, create, terminate',
      kind: 'journey',
      input: { app: APP },
      open: (ui) => ui.page.goto(appPath(ui.appId, 'settings/apikeys', ui.workspaceId)).then(() => undefined),
      events: [
        E.create,
        E.createRefused,
        E.create,
        E.createCrashed,
        E.create,
        E.created,
        E.dismiss,
        E.terminate,
        E.cancel,
        E.terminate,
        E.confirm,
        E.terminateRefused,
        E.terminate,
        E.confirm,
        E.terminateCrashed,
        E.terminate,
        E.confirm,
        E.terminated,
        E.reread,
      ],
    },
  ],
  events: {
    CREATE: {
      act: async (ui, event: { keyType: string }) => {
        await ui.page.getByLabel('Key type').selectOption(event.keyType);
        await ui.page.getByRole('button', { name: 'Create API key' }).click();
      },
    },
    DISMISS: { act: (ui) => newKeyDialog(ui).root.getByRole('button', { name: 'Done' }).click() },
    TERMINATE: { act: (ui) => terminateButtons(ui).first().click() },
    CANCEL: { act: (ui) => terminateDialog(ui).root.getByRole('button', { name: 'Cancel' }).click() },
    CONFIRM: { act: (ui) => terminateDialog(ui).root.getByRole('button', { name: 'Terminate', exact: true }).click() },
    SYNC: { act: (ui) => ui.page.reload().then(() => undefined), label: () => 'SYNC (read again)' },
    'xstate.done.actor.createKey': keysCall,
    'xstate.error.actor.createKey': keysCall,
    'xstate.done.actor.terminateKey': keysCall,
    'xstate.error.actor.terminateKey': keysCall,
  },
  states: {
    'apiKeys.idle': async (ui, state, via) => {
      // Snackbars first: they stay 3 s (docs/app-settings.md §Rules and limits).
      if (failedCall(via)) await expect(ui.shell.snackbar(FAILED).last()).toBeVisible();
      if (via.type === 'xstate.done.actor.terminateKey' && succeeded(via))
        await expect(ui.shell.snackbar(TERMINATED)).toBeVisible();
      await newKeyDialog(ui).expectClosed();
      await terminateDialog(ui).expectClosed();
      const keys = ctx(state).app.apiKeys ?? [];
      if (keys.length === 0) await expect(ui.page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
      await expect(terminateButtons(ui)).toHaveCount(keys.filter((k) => k.status === 'active').length);
      await expect(ui.page.getByRole('row').filter({ hasText: 'Terminated' })).toHaveCount(
        keys.filter((k) => k.status === 'terminated').length,
      );
      await expect(ui.page.getByRole('button', { name: 'Create API key' })).toBeEnabled();
    },
    'apiKeys.creating': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Create API key' })).toHaveAttribute('aria-busy', 'true');
    },
    'apiKeys.showingKey': async (ui) => {
      const dialog = newKeyDialog(ui);
      await dialog.expectOpen();
      await expect(ui.shell.snackbar(CREATED)).toBeVisible();
      // The full key, once: the list shows only its prefix.
      const full = await dialog.root.getByLabel('API key').inputValue();
      expect(full).toMatch(/^qb_s2s_[A-Za-z0-9_-]{43}$/);
      await expect(
        ui.page.getByRole('row', { name: new RegExp(`${full.slice(0, 13)}…`), includeHidden: true }),
      ).toContainText('Active');
    },
    'apiKeys.terminate.confirming': async (ui) => {
      const dialog = terminateDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText('stop working at once. This cannot be undone.');
      await expect(dialog.root.getByRole('button', { name: 'Terminate', exact: true })).toBeEnabled();
    },
    'apiKeys.terminate.terminating': async (ui) => {
      await expect(terminateDialog(ui).root.getByRole('button', { name: 'Terminate', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 60_000,
};
