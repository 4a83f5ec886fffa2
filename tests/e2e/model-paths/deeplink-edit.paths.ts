/**
 * The deep link edit's paths (src/machines/deeplink-edit, src/views/settings/AcquisitionLinksTab.tsx; docs/app-settings.md §Entities
 * Deeplink, §API endpoints update deeplink, §Messages 'Deep link updated.' / 'Failed to update deep link.'): each event → what an admin
 * does with Dragon Merge (iOS)'s OneLink on App Settings → Acquisition Links, each state → the Update deep link dialog
 * or the list.
 *
 * Data: the seeded `dl-dragon-ios-onelink`; each test types a unique url on onelink.me, and the teardown puts the
 * seeded url back through the API, so the list stays as seeded. Refusals (`success: false`), crashes (500) and a
 * 403 with the server's words are routed.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  deeplinkEditMachine,
  type DeeplinkEditContext,
  type DeeplinkEditEvent,
} from '../../../src/machines/deeplink-edit/deeplink-edit.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath, unique } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-ios';
const LINK = {
  id: 'dl-dragon-ios-onelink',
  type: 'OneLink',
  platform: 'appsFlyer',
  url: 'https://dragonmerge.onelink.me/Qb7y?pid=questboard_int&c=quests',
};
/** The symbolic new url; each test saves its own unique one. */
const NEW_URL = 'https://dragonmerge.onelink.me/paths';
const FORBIDDEN = 'You do not have permission to do this.';

interface LinkUi extends Ui {
  shell: Shell;
  dialog: Modal;
  token: string;
  sent: number;
  real(url: string): string;
}

type Ev<K extends DeeplinkEditEvent['type']> = Extract<DeeplinkEditEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as DeeplinkEditContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const errorOf = (event: EventObject) => (event as EventObject & { error: { status?: number } }).error;
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;
const forbidden = new ApiError(403, FORBIDDEN, 'access_missing_role_for_action');

const E = {
  edit: { type: 'EDIT', link: LINK },
  offDomain: { type: 'CHANGE', url: 'https://evil.example.com/x' },
  fresh: { type: 'CHANGE', url: NEW_URL },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  saved: doneEvent('updateDeeplink', { success: true }),
  refused: doneEvent('updateDeeplink', { success: false }),
  crashed: crashEvent('updateDeeplink'),
  denied: { type: 'xstate.error.actor.updateDeeplink', error: forbidden, actorId: 'updateDeeplink' },
};

const updateCall = outcome<LinkUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/deeplinks\/update$/ },
  (event) => {
    if (isCrash(event))
      return errorOf(event).status === 403
        ? { status: 403, json: { success: false, message: FORBIDDEN, code: 'access_missing_role_for_action' } }
        : answers.crash;
    return succeeded(event) ? answers.server : answers.refused();
  },
  (event) =>
    isCrash(event)
      ? `update ${errorOf(event).status === 403 ? 403 : 500}`
      : succeeded(event)
        ? 'update ✓'
        : 'update refused',
);

const row = (ui: LinkUi) =>
  ui.page.getByRole('list', { name: 'Acquisition links' }).getByRole('listitem').filter({ hasText: 'OneLink' });
const field = (ui: LinkUi) => ui.dialog.root.getByLabel('Link URL');
const save = (ui: LinkUi) => ui.dialog.root.getByRole('button', { name: 'Save', exact: true });

async function restore(page: Page, token: string) {
  const res = await page.request.post(`/api/app/${APP}/deeplinks/update`, {
    headers: { authorization: `Bearer ${token}` },
    data: { deeplinkId: LINK.id, deeplink: LINK },
  });
  expect(res.status()).toBe(200);
}

export const deeplinkEditTable: FlowTable<LinkUi> = {
  flow: 'deeplink-edit',
  machine: deeplinkEditMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).fieldError !== null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const url = `https://dragonmerge.onelink.me/${unique('p').replace(/[^a-z0-9]/gi, '')}`;
    const ui: LinkUi = {
      page,
      token,
      shell: new Shell(page),
      dialog: new Modal(page, 'Update deep link'),
      sent: 0,
      real: (value) => (value === NEW_URL ? url : value),
    };
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/deeplinks/update')) ui.sent += 1;
    });
    return ui;
  },
  teardown: (ui) => restore(ui.page, ui.token),
  traversals: [
    {
      name: 'edit',
      kind: 'shortest',
      input: { appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'settings/acquisitionLinks')).then(() => undefined),
      events: [E.edit, E.cancel, E.offDomain],
    },
    {
      // Cancel, and Save with nothing changed, send nothing; a url off AppsFlyer's domains is refused as typed; a refusal, a crash
      // and a 403 keep the dialog and the typed url, each with its words; the retry saves.
      name: 'unchanged, refused as typed, failures, saved',
      kind: 'journey',
      input: { appId: APP },
      open: (ui) => ui.page.goto(appPath(APP, 'settings/acquisitionLinks')).then(() => undefined),
      events: [
        E.edit,
        E.cancel,
        E.edit,
        E.submit,
        E.edit,
        E.offDomain,
        E.fresh,
        E.submit,
        E.refused,
        E.submit,
        E.crashed,
        E.submit,
        E.denied,
        E.submit,
        E.saved,
      ],
    },
  ],
  events: {
    EDIT: { act: (ui) => row(ui).getByRole('button', { name: 'Edit URL of OneLink (AppsFlyer)' }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui).fill(ui.real(event.url)),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.url === NEW_URL ? 'new url' : event.url}`,
    },
    SUBMIT: { act: (ui) => save(ui).click() },
    CANCEL: { act: (ui) => ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.updateDeeplink': updateCall,
    'xstate.error.actor.updateDeeplink': updateCall,
  },
  states: {
    'deeplinkEdit.idle': async (ui, _state, via) => {
      await ui.dialog.expectClosed();
      if (via.type === 'xstate.done.actor.updateDeeplink') {
        await expect(ui.shell.snackbar('Deep link updated.')).toBeVisible();
        await expect(row(ui)).toContainText(ui.real(NEW_URL));
      } else {
        await expect(row(ui)).toContainText(LINK.url);
        // Nothing changed, nothing sent.
        expect(ui.sent).toBe(0);
      }
    },
    'deeplinkEdit.editing': async (ui, state, via) => {
      const c = ctx(state);
      await ui.dialog.expectOpen();
      await expect(field(ui)).toHaveValue(ui.real(c.url));
      if (c.fieldError) {
        await expect(
          ui.dialog.root.getByText('An AppsFlyer link must be on onelink.me or app.appsflyer.com.', { exact: true }),
        ).toBeVisible();
        await expect(save(ui)).toBeDisabled();
      } else await expect(save(ui)).toBeEnabled();
      const alert = ui.dialog.root.getByRole('alert');
      if (via.type.startsWith('xstate.error.') && errorOf(via).status === 403) {
        await expect(alert).toHaveText(FORBIDDEN);
        await expect(ui.shell.snackbar(FORBIDDEN)).toBeVisible();
      } else if (via.type.startsWith('xstate.')) {
        await expect(alert).toHaveText('Failed to update deep link.');
        await expect(ui.shell.snackbar('Failed to update deep link.').last()).toBeVisible();
      } else if (!c.failure) await expect(alert).toHaveCount(0);
    },
    'deeplinkEdit.saving': async (ui) => {
      await expect(save(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(ui.dialog.root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
  },
  timeout: 60_000,
};
