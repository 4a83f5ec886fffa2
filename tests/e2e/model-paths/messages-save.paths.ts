/**
 * The Messages tab's paths (src/machines/messages-save, src/views/settings/MessagesTab.tsx; docs/app-settings.md §Entities
 * App.notificationSettings, rules in src/contracts/messages.ts): each event → what an admin does on App Settings →
 * Messages, each state → the tab (loading, the load failure with Try again, the form, saving).
 *
 * Data: every test adds its own app to a throwaway workspace (through the API), so it starts from the default
 * messages and saves only its own. The load's failure and the save's refusal and crash are routed; the load and the
 * save that succeed are the real server's.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { messagesSaveMachine, type MessagesEvent } from '../../../src/machines/messages-save/messages-save.machine';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../src/contracts/messages';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const SAVED = 'Messages saved.';
const SAVE_FAILED = 'Something went wrong when saving the messages. Try again later!';

interface MessagesUi extends Ui {
  shell: Shell;
  appId: string;
  workspaceId: string;
}

type Ev<K extends MessagesEvent['type']> = Extract<MessagesEvent, { type: K }>;
interface Ctx {
  values: NotificationSettings | null;
  saved: NotificationSettings | null;
  errors: Record<string, string | undefined>;
  error: string | null;
}
const ctx = (state: AnyMachineSnapshot) => state.context as Ctx;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

const NEW_TITLE = 'Go: {questName}';
const edited: NotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  questStart: { ...DEFAULT_NOTIFICATION_SETTINGS.questStart, title: NEW_TITLE },
  questComplete: { ...DEFAULT_NOTIFICATION_SETTINGS.questComplete, enabled: false },
};

const E = {
  loaded: doneEvent('loadMessages', { success: true, data: DEFAULT_NOTIFICATION_SETTINGS }),
  loadCrashed: crashEvent('loadMessages'),
  retry: { type: 'RETRY' },
  title: { type: 'CHANGE', kind: 'questStart', field: 'title', value: NEW_TITLE },
  badBody: { type: 'CHANGE', kind: 'questStart', field: 'body', value: 'Hi {playerName}' },
  off: { type: 'TOGGLE', kind: 'questComplete', enabled: false },
  reset: { type: 'RESET' },
  submit: { type: 'SUBMIT' },
  saved: doneEvent('saveMessages', { success: true, data: edited }),
  saveRefused: doneEvent('saveMessages', { success: false, data: DEFAULT_NOTIFICATION_SETTINGS }),
  saveCrashed: crashEvent('saveMessages'),
};

const call = (method: 'GET' | 'PUT', id: string) =>
  outcome<MessagesUi>(
    { method, url: /\/api\/app\/[^/]+\/notification-settings$/ },
    (event) => (isCrash(event) ? answers.crash : succeeded(event) ? answers.server : answers.refused()),
    (event) => `${id} ${isCrash(event) ? '500' : succeeded(event) ? '✓' : 'refused'}`,
  );

const label = (kind: NotificationKind) => NOTIFICATION_LABELS[kind];
const titleField = (ui: MessagesUi, kind: NotificationKind) =>
  ui.page.getByLabel(`${label(kind)}: title`, { exact: true });
const bodyField = (ui: MessagesUi, kind: NotificationKind) =>
  ui.page.getByLabel(`${label(kind)}: message`, { exact: true });
const toggle = (ui: MessagesUi, kind: NotificationKind) =>
  ui.page.getByRole('switch', { name: `Send the ${label(kind).toLowerCase()} notification` });
const saveButton = (ui: MessagesUi) => ui.page.getByRole('button', { name: 'Save messages' });
const open = (ui: MessagesUi) =>
  ui.page.goto(appPath(ui.appId, 'settings/messages', ui.workspaceId)).then(() => undefined);

export const messagesSaveTable: FlowTable<MessagesUi> = {
  flow: 'messages-save',
  machine: messagesSaveMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const workspace = await throwawayWorkspace(page.request, token);
    const appId = await appByApi(page.request, token, workspace.id, 'Path Messages');
    return { page, shell: new Shell(page), appId, workspaceId: workspace.id };
  },
  // One journey: every state is on it, and each of its failures needs the retry after it.
  traversals: [
    {
      // The load crashes (Try again); loaded. A message naming an unknown placeholder is refused under its field
      // when saved, and Discard changes brings the saved messages back; then a refusal and a crash keep the edits
      // with the words; the retry saves.
      name: 'load fails, invalid, discarded, save fails, saved',
      kind: 'journey',
      input: { appId: 'path-app' },
      open,
      events: [
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.badBody,
        E.submit,
        E.reset,
        E.title,
        E.off,
        E.submit,
        E.saveRefused,
        E.submit,
        E.saveCrashed,
        E.submit,
        E.saved,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        (event.field === 'title' ? titleField(ui, event.kind) : bodyField(ui, event.kind)).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `${event.kind} ${event.field} "${event.value}"`,
    },
    TOGGLE: {
      act: (ui, event: Ev<'TOGGLE'>) => toggle(ui, event.kind).click(),
      label: (event: Ev<'TOGGLE'>) => `${event.kind} ${event.enabled ? 'on' : 'off'}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    RESET: { act: (ui) => ui.page.getByRole('button', { name: 'Discard changes' }).click() },
    'xstate.done.actor.loadMessages': call('GET', 'load'),
    'xstate.error.actor.loadMessages': call('GET', 'load'),
    'xstate.done.actor.saveMessages': call('PUT', 'save'),
    'xstate.error.actor.saveMessages': call('PUT', 'save'),
  },
  states: {
    'messagesSave.loading': async (ui) => {
      await expect(
        ui.page.getByRole('status', { name: 'Loading the messages' }).or(ui.page.getByLabel('Loading the messages')),
      ).toBeVisible();
    },
    'messagesSave.loadFailed': async (ui) => {
      await expect(ui.page.getByText('The messages could not be loaded', { exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'messagesSave.editing': async (ui, state, via) => {
      const c = ctx(state);
      // The snackbar first: it stays 3 s (docs/app-settings.md §Rules and limits).
      if (c.error && via.type.endsWith('.saveMessages'))
        await expect(ui.shell.snackbar(SAVE_FAILED).last()).toBeVisible();
      for (const kind of ['questStart', 'questComplete'] as const) {
        const message = c.values![kind];
        await expect(titleField(ui, kind)).toHaveValue(message.title);
        await expect(bodyField(ui, kind)).toHaveValue(message.body);
        await expect(toggle(ui, kind)).toHaveAttribute('aria-checked', String(message.enabled));
      }
      // An unknown placeholder is named under its field, in the contract's words, literally.
      if (c.errors['questStart.body'])
        await expect(
          ui.page.getByText('Unknown placeholder {playerName}. Use {questName}, {appName} or {reward}.', {
            exact: true,
          }),
        ).toBeVisible();
      else await expect(ui.page.getByText(/^Unknown placeholder/)).toHaveCount(0);
      // The page's own alert (the snackbar, outside the page's main region, says the same for 3 s).
      const alert = ui.page.getByRole('main').getByRole('alert').filter({ hasText: SAVE_FAILED });
      if (c.error) await expect(alert).toHaveCount(1);
      else await expect(alert).toHaveCount(0);
      if (via.type === 'xstate.done.actor.saveMessages' && succeeded(via)) {
        await expect(ui.shell.snackbar(SAVED)).toBeVisible();
        // Saved for real: read again, the page shows the saved messages.
        await ui.page.reload();
        await expect(titleField(ui, 'questStart')).toHaveValue(NEW_TITLE);
        await expect(toggle(ui, 'questComplete')).toHaveAttribute('aria-checked', 'false');
      }
      await expect(saveButton(ui)).toBeEnabled();
    },
    'messagesSave.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};
