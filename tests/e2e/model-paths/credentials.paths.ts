/**
 * The credentials' table (src/machines/credentials, src/views/integrations/CredentialsPage.tsx; docs/integrations.md
 * §Credentials): each event → what the admin does on /integrations/credentials, each state → what the page shows. The
 * credential calls are routed with the machine's own answers (a refusal in the server's words is an ApiError); the
 * real list, roles, rename rules and the revoke refusal are tested in tests/server/credentials.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { credentialsMachine, type CredentialsContext } from '../../../src/machines/credentials/credentials.machine';
import { credentialNameProblem, type ManagedCredential } from '../../../src/contracts/credentials';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const credential = (id: string, patch: Partial<ManagedCredential> = {}): ManagedCredential => ({
  id,
  type: 'USER_OAUTH',
  name: `${id}@demostudio.dev`,
  email: `${id}@demostudio.dev`,
  projectId: null,
  usedBy: [],
  lastUsedAt: null,
  addedAt: '2026-11-20T10:00:00.000Z',
  addedBy: { name: 'Ada Admin', email: 'admin@demostudio.dev' },
  lastCheck: null,
  ...patch,
});
const USED = credential('publisher', {
  type: 'TP_SERVICE_ACCOUNT',
  usedBy: [
    { pluginId: 'p1', pluginType: 'BigQuery', appId: 'dm-android', appName: 'Dragon Merge', platform: 'android' },
  ],
  lastUsedAt: '2026-11-27T09:30:00.000Z',
});
const SPARE = credential('spare');
/** SPEC-side words (src/contracts/credentials.ts), literal. */
const IN_USE =
  'This credential is used by the BigQuery plugin of Dragon Merge (Android). Connect it with another credential or delete it first.';
const TAKEN = 'Another credential of this workspace already has this name.';
const REFUSED = 'The Google account spare@demostudio.dev has expired or was revoked: sign in with Google again.';
const LOAD_FAILED = 'We could not load the credentials. Please try again.';
const checked = (ok: boolean, message: string) => ({ at: '2026-11-27T10:00:00.000Z', ok, message });
const refusal = (actor: string, status: number, message: string, code: string) =>
  ({ type: `xstate.error.actor.${actor}`, error: new ApiError(status, message, code), actorId: actor }) as EventObject;

const E = {
  retry: { type: 'RETRY' },
  rename: { type: 'RENAME', id: 'spare' },
  name: { type: 'CHANGE_NAME', value: 'Analytics account' },
  blank: { type: 'CHANGE_NAME', value: '' },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  refresh: { type: 'REFRESH', id: 'spare' },
  revokeUsed: { type: 'REVOKE', id: 'publisher' },
  revokeSpare: { type: 'REVOKE', id: 'spare' },
  confirm: { type: 'CONFIRM' },
  loaded: doneEvent('loadCredentials', { success: true, credentials: [USED, SPARE] }),
  loadedEmpty: doneEvent('loadCredentials', { success: true, credentials: [] }),
  loadFailed: crashEvent('loadCredentials'),
  renamed: doneEvent('renameCredential', { success: true, credential: { ...SPARE, name: 'Analytics account' } }),
  nameTaken: refusal('renameCredential', 409, TAKEN, 'credential_name_taken'),
  works: doneEvent('refreshCredential', {
    success: true,
    credential: { ...SPARE, lastCheck: checked(true, 'Works: reaches 1 GCP project.') },
  }),
  refused: doneEvent('refreshCredential', {
    success: true,
    credential: { ...SPARE, lastCheck: checked(false, REFUSED) },
  }),
  refreshCrashed: crashEvent('refreshCredential'),
  inUse: refusal('revokeCredential', 409, IN_USE, 'credential_in_use'),
  revokeCrashed: crashEvent('revokeCredential'),
  revoked: doneEvent('revokeCredential', { success: true, credentials: [USED] }),
};

const ctx = (state: AnyMachineSnapshot) => state.context as CredentialsContext;
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;
const routed = (method: string, url: RegExp, name: string): EventEntry<Ui> =>
  outcome<Ui>(
    { method, url },
    (event) => {
      const error = errorOf(event);
      if (error instanceof ApiError)
        return { status: error.status, json: { success: false, message: error.message, code: error.code } };
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      return { status: 200, json: (event as EventObject & { output: unknown }).output };
    },
    (event) => (event.type.startsWith('xstate.error.') ? `${name} refused` : `${name} ✓`),
  );
const CREDS = '/api/workspace/[^/]+/credentials';
const listCall = routed('GET', new RegExp(`${CREDS}$`), 'list');
const renameCall = routed('PUT', new RegExp(`${CREDS}/[^/]+/name$`), 'rename');
const refreshCall = routed('POST', new RegExp(`${CREDS}/[^/]+/refresh$`), 'refresh');
const revokeCall = routed('DELETE', new RegExp(`${CREDS}/[^/]+$`), 'revoke');

const list = (ui: Ui) => ui.page.getByRole('list', { name: 'Credentials', exact: true });
const dialog = (ui: Ui) => ui.page.getByRole('dialog');
const nameOf = (state: AnyMachineSnapshot, id: string) => ctx(state).credentials.find((c) => c.id === id)!.name;

const open = async (ui: Ui) => {
  await ui.page.goto(appPath('dragon-merge-android', 'integrations/credentials', WORKSPACE));
  await expect(ui.page.getByRole('link', { name: 'Credentials', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
    {
      timeout: 20_000,
    },
  );
};
const input = { workspaceId: WORKSPACE };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const credentialsTable: FlowTable<Ui> = {
  flow: 'credentials',
  machine: credentialsMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).credentials.length, ctx(state).showErrors, ctx(state).error !== null]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    return { page };
  },
  traversals: [
    // Rename: a blank name refused in the dialog, a taken name refused in the server's words, cancelled (Escape),
    // then saved.
    journey('rename', [
      E.loaded,
      E.rename,
      E.blank,
      E.submit,
      E.name,
      E.submit,
      E.nameTaken,
      E.cancel,
      E.rename,
      E.name,
      E.submit,
      E.renamed,
    ]),
    // Refresh: works, then refused by Google (the check's answer), then the call itself failing.
    journey('refresh', [E.loaded, E.refresh, E.works, E.refresh, E.refused, E.refresh, E.refreshCrashed]),
    // Revoke: a used credential refused naming its plugin, cancelled; an unused one failing once, then revoked.
    journey('revoke', [
      E.loaded,
      E.revokeUsed,
      E.confirm,
      E.inUse,
      E.cancel,
      E.revokeSpare,
      E.confirm,
      E.revokeCrashed,
      E.confirm,
      E.revoked,
    ]),
    // A crashed load (Try again), then no credentials at all.
    journey('load failed', [E.loadFailed, E.retry, E.loadedEmpty]),
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    RENAME: {
      act: (ui, _event: { id: string }, before) =>
        ui.page.getByRole('button', { name: `Rename ${nameOf(before, 'spare')}`, exact: true }).click(),
    },
    CHANGE_NAME: {
      act: (ui, event: { value: string }) => dialog(ui).getByLabel('Name', { exact: true }).fill(event.value),
      label: (event: { value: string }) => `CHANGE_NAME ${event.value ? 'name' : 'blank'}`,
    },
    SUBMIT: { act: (ui) => dialog(ui).getByRole('button', { name: 'Save name', exact: true }).click() },
    // By keyboard: Escape closes either dialog.
    CANCEL: { act: (ui) => ui.page.keyboard.press('Escape') },
    REFRESH: {
      act: (ui, _event: { id: string }, before) =>
        ui.page.getByRole('button', { name: `Refresh ${nameOf(before, 'spare')}`, exact: true }).click(),
    },
    REVOKE: {
      act: (ui, event: { id: string }, before) =>
        ui.page.getByRole('button', { name: `Revoke ${nameOf(before, event.id)}`, exact: true }).click(),
      label: (event: { id: string }) => `REVOKE ${event.id}`,
    },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Revoke', exact: true }).click() },
    'xstate.done.actor.loadCredentials': listCall,
    'xstate.error.actor.loadCredentials': listCall,
    'xstate.done.actor.renameCredential': renameCall,
    'xstate.error.actor.renameCredential': renameCall,
    'xstate.done.actor.refreshCredential': refreshCall,
    'xstate.error.actor.refreshCredential': refreshCall,
    'xstate.done.actor.revokeCredential': revokeCall,
    'xstate.error.actor.revokeCredential': revokeCall,
  },
  states: {
    'credentials.loading': async (ui) => {
      await expect(ui.page.getByText('Loading the credentials…', { exact: true })).toBeVisible();
    },
    'credentials.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'credentials.ready': async (ui, state) => {
      const { credentials, notice, error } = ctx(state);
      await expect(dialog(ui)).toHaveCount(0);
      if (credentials.length === 0)
        await expect(ui.page.getByText('No credentials yet.', { exact: true })).toBeVisible();
      else
        await expect(
          list(ui)
            .getByRole('listitem')
            .filter({ has: ui.page.getByRole('heading') }),
        ).toHaveCount(credentials.length);
      for (const c of credentials) {
        const card = list(ui).getByRole('listitem', { name: c.name, exact: true });
        await expect(card.getByRole('heading', { level: 2, name: c.name, exact: true })).toBeVisible();
        await expect(card).toContainText(c.usedBy.length ? 'BigQuery plugin of Dragon Merge (Android)' : 'No plugin');
        await expect(card).toContainText(c.lastUsedAt ? '2026-11-27 09:30 UTC' : 'Never');
        await expect(card).toContainText('2026-11-20 10:00 UTC by Ada Admin');
        if (c.lastCheck) await expect(card).toContainText(c.lastCheck.message);
        else await expect(card).toContainText('Not checked yet');
      }
      if (notice) await expect(ui.page.getByText(notice.text, { exact: true })).toBeVisible();
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    'credentials.renaming.editing': async (ui, state) => {
      const { draft, showErrors, error } = ctx(state);
      await expect(dialog(ui).getByRole('heading', { name: 'Rename credential' })).toBeVisible();
      await expect(dialog(ui).getByLabel('Name', { exact: true })).toHaveValue(draft);
      const problem = showErrors ? credentialNameProblem(draft) : null;
      if (problem) await expect(dialog(ui).getByText(problem, { exact: true })).toBeVisible();
      if (error) await expect(dialog(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    'credentials.renaming.saving': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Save name', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'credentials.refreshing': async (ui, state) => {
      await expect(
        ui.page.getByRole('button', { name: `Refresh ${nameOf(state, ctx(state).target!)}`, exact: true }),
      ).toHaveAttribute('aria-busy', 'true');
    },
    'credentials.revoking.confirming': async (ui, state) => {
      await expect(dialog(ui).getByRole('heading', { name: 'Revoke credential?' })).toBeVisible();
      const target = ctx(state).credentials.find((c) => c.id === ctx(state).target)!;
      if (target.usedBy.length > 0)
        await expect(dialog(ui)).toContainText('is used by the BigQuery plugin of Dragon Merge (Android)');
      if (ctx(state).error) await expect(dialog(ui).getByRole('alert')).toHaveText(ctx(state).error!);
    },
    'credentials.revoking.revoking': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Revoke', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 90_000,
};
