/**
 * Updating a connected Adjust plugin's table (src/machines/adjust-update/adjust-update.machine.ts, the Connection
 * Status card's Update buttons, Check Status and src/views/integrations/AdjustUpdateDialog.tsx; docs/postbacks.md
 * §Messages, §Rules and limits "blocked on a validation error"): each event → a button, the dialog's field or file
 * input, Save, Cancel / Back, Remove and Save, on the Adjust tab of a throwaway app connected through the API; each
 * state → the dialog (or its absence), the busy buttons, the card's link and file, and the words after each call.
 *
 * Real answers: a check that finds no callback, a saved link, a file with bad lines (refused, each line named), a file
 * that drops events (the confirm), the saved file. Routed: refusals, 500s and the 404 of a link that is gone.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  adjustUpdateMachine,
  type AdjustUpdateContext,
  type AdjustUpdateEvent,
} from '../../../src/machines/adjust-update/adjust-update.machine';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';
import { adjustCsv, connectAdjust, throwawayApp } from './attribution-apps';

const LINK = 'https://app.adjust.com/wg7abc1';
const NEW_LINK = 'https://app.adjust.com/wg7new2';
const FILES: Record<string, string> = {
  'events.csv':
    'event_token,event_name,revenue_type,currency,revenue_param\nwgpur1,Purchase,iap,USD,revenue\nwglvl1,Level Up,,,\n',
  'bad.csv': 'event_token,event_name\nwgpur1,Purchase\nBAD,Shouty\nwgpur1,Again\n',
  'next.csv':
    'event_token,event_name,revenue_type\nwgtut1,Tutorial Done,\nwgads1,"Ad Watched, rewarded",ads\nwgfx01,=1+2,other\n',
};
const NOT_FOUND = "Partner link not found! Can't update!";

interface UpdateUi extends Ui {
  workspaceId: string;
  appId: string;
  pluginId: string;
  shell: Shell;
  /** What the server holds now: the partner link and the file line of the card. */
  link: string;
  file: string;
}
type Ev<K extends AdjustUpdateEvent['type']> = Extract<AdjustUpdateEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AdjustUpdateContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const errorOf = (event: EventObject) => (event as EventObject & { error: unknown }).error;
const outputOf = <T>(event: EventObject) => (event as EventObject & { output: T }).output;
const file = (name: string) => ({ name, size: FILES[name]!.length, type: 'text/csv' }) as unknown as File;

const E = {
  check: { type: 'CHECK_STATUS', pluginId: 'throwaway-adjust', connected: false },
  checked: doneEvent('checkStatus', { connected: false, eventsReceived: false, lastEventAt: null }),
  checkCrashed: crashEvent('checkStatus'),
  openLink: { type: 'OPEN_LINK', current: LINK },
  notLink: { type: 'SET_LINK', value: 'not a link' },
  newLink: { type: 'SET_LINK', value: NEW_LINK },
  openFile: { type: 'OPEN_FILE' },
  badFile: { type: 'SET_FILE', file: file('bad.csv') },
  nextFile: { type: 'SET_FILE', file: file('next.csv') },
  save: { type: 'SAVE' },
  cancel: { type: 'CANCEL' },
  confirm: { type: 'CONFIRM' },
  linkSaved: doneEvent('updatePartnerLink', { success: true }),
  linkRefused: doneEvent('updatePartnerLink', { success: false }),
  linkCrashed: crashEvent('updatePartnerLink'),
  linkGone: {
    type: 'xstate.error.actor.updatePartnerLink',
    error: new ApiError(404, 'Partner link not found.', 'partner_link_not_found'),
    actorId: 'updatePartnerLink',
  } as EventObject,
  fileRefused: doneEvent('saveEventsFile', {
    success: false,
    errors: [
      'line 3: event_token must be 6 or more lowercase letters or digits',
      'line 4: event_token wgpur1 already used on line 2',
    ],
  }),
  fileDropsEvents: doneEvent('saveEventsFile', { success: false, removes: ['Purchase', 'Level Up'] }),
  fileSaved: doneEvent('saveEventsFile', { success: true }),
  fileCrashed: crashEvent('saveEventsFile'),
} satisfies Record<string, AdjustUpdateEvent | EventObject>;

const crashOrStatus = (event: EventObject) => {
  const error = errorOf(event);
  return error instanceof ApiError
    ? { status: error.status, json: { success: false, message: error.message, code: error.code } }
    : answers.crash;
};
const linkCall = outcome<UpdateUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/adjust\/partner-link$/ },
  (event) =>
    isCrash(event)
      ? crashOrStatus(event)
      : outputOf<{ success: boolean }>(event).success
        ? answers.server
        : answers.refused(),
  (event) =>
    `link ${isCrash(event) ? (errorOf(event) instanceof ApiError ? '404' : '500') : outputOf<{ success: boolean }>(event).success ? '✓' : 'refused'}`,
);
const fileKind = (event: EventObject) => {
  if (isCrash(event)) return '500';
  const out = outputOf<{ success: boolean; removes?: string[] }>(event);
  return out.success ? '✓' : out.removes ? 'drops events' : 'bad lines';
};
const fileCall = outcome<UpdateUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/adjust\/events-file(\?removeEvents=true)?$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) => `file ${fileKind(event)}`,
);
const checkCall = outcome<UpdateUi>(
  { method: 'GET', url: /\/api\/plugins\/[^/]+\/status$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) => `check ${isCrash(event) ? '500' : 'still waiting'}`,
);

const statusCard = (ui: UpdateUi) => ui.page.getByRole('region', { name: 'Connection Status' });
const linkDialog = (ui: UpdateUi) => new Modal(ui.page, 'Update Partner Link');
const fileDialog = (ui: UpdateUi) => new Modal(ui.page, 'Update Events File');
const removeDialog = (ui: UpdateUi) => new Modal(ui.page, 'Remove Events?');
const saveButton = (dialog: Modal) => dialog.root.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });

export const adjustUpdateTable: FlowTable<UpdateUi> = {
  flow: 'adjust-update',
  machine: adjustUpdateMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).partnerLink, ctx(state).file?.name ?? null, ctx(state).errors.length]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    const pluginId = await connectAdjust(
      page.request,
      token,
      appId,
      LINK,
      adjustCsv('events.csv', FILES['events.csv']!),
    );
    return { page, workspaceId, appId, pluginId, shell: new Shell(page), link: LINK, file: 'events.csv (2 events)' };
  },
  traversals: [
    {
      // Check Status (no callback yet; a 500); the link: an invalid one blocks Save, Cancel; refused, 500, gone (404),
      // then saved; the file: Cancel; bad lines (named), a 500, a file that drops events (Back, then Remove and Save).
      name: 'check, link, file',
      kind: 'journey',
      input: { appId: 'throwaway' },
      open: async (ui) => {
        await ui.page.goto(appPath(ui.appId, 'integrations/Adjust', ui.workspaceId));
        await expect(statusCard(ui).getByTestId('partner-url')).toHaveText(LINK, { timeout: 60_000 });
      },
      events: [
        E.check,
        E.checked,
        E.check,
        E.checkCrashed,
        E.openLink,
        E.notLink,
        E.cancel,
        E.openLink,
        E.newLink,
        E.save,
        E.linkRefused,
        E.save,
        E.linkCrashed,
        E.save,
        E.linkGone,
        E.openLink,
        E.newLink,
        E.save,
        E.linkSaved,
        E.openFile,
        E.cancel,
        E.openFile,
        E.badFile,
        E.save,
        E.fileRefused,
        E.save,
        E.fileCrashed,
        E.nextFile,
        E.save,
        E.fileDropsEvents,
        E.cancel,
        E.save,
        E.fileDropsEvents,
        E.confirm,
        E.fileSaved,
      ],
    },
  ],
  events: {
    CHECK_STATUS: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Check Status', exact: true }).click() },
    OPEN_LINK: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Update Partner URL' }).click() },
    OPEN_FILE: { act: (ui) => statusCard(ui).getByRole('button', { name: 'Update Events File' }).click() },
    SET_LINK: {
      act: (ui, event: Ev<'SET_LINK'>) =>
        linkDialog(ui).root.getByRole('textbox', { name: 'Partner Link' }).fill(event.value),
      label: (event: Ev<'SET_LINK'>) => `link '${event.value}'`,
    },
    SET_FILE: {
      act: (ui, event: Ev<'SET_FILE'>) =>
        fileDialog(ui)
          .root.getByLabel('Event File', { exact: true })
          .setInputFiles(adjustCsv(event.file!.name, FILES[event.file!.name]!)),
      label: (event: Ev<'SET_FILE'>) => `file ${event.file!.name}`,
    },
    SAVE: {
      act: (ui, _event, before) => saveButton(before.matches('link') ? linkDialog(ui) : fileDialog(ui)).click(),
    },
    CANCEL: {
      act: (ui, _event, before) =>
        before.matches({ file: 'confirming' })
          ? removeDialog(ui).root.getByRole('button', { name: 'Back', exact: true }).click()
          : (before.matches('link') ? linkDialog(ui) : fileDialog(ui)).root
              .getByRole('button', { name: 'Cancel', exact: true })
              .click(),
    },
    CONFIRM: { act: (ui) => removeDialog(ui).root.getByRole('button', { name: 'Remove and Save' }).click() },
    'xstate.done.actor.checkStatus': checkCall,
    'xstate.error.actor.checkStatus': checkCall,
    'xstate.done.actor.updatePartnerLink': {
      ...linkCall,
      act: async (ui, event, before) => {
        await linkCall.act(ui, event, before);
        if (outputOf<{ success: boolean }>(event).success) ui.link = ctx(before).partnerLink;
      },
    },
    'xstate.error.actor.updatePartnerLink': linkCall,
    'xstate.done.actor.saveEventsFile': {
      ...fileCall,
      act: async (ui, event, before) => {
        await fileCall.act(ui, event, before);
        if (fileKind(event) === '✓') ui.file = 'next.csv (3 events)';
      },
    },
    'xstate.error.actor.saveEventsFile': fileCall,
  },
  states: {
    'adjustUpdate.closed': async (ui, _state, via) => {
      // The snackbar first: it stays 6 s (an error) or 10 s.
      const words: Record<string, string> = {
        'xstate.done.actor.checkStatus': 'No events received yet',
        'xstate.error.actor.checkStatus': "Can't check status of Adjust plugin!",
        'xstate.done.actor.updatePartnerLink': 'Partner link updated successfully!',
        'xstate.error.actor.updatePartnerLink': NOT_FOUND,
        'xstate.done.actor.saveEventsFile': 'Events file saved successfully!',
      };
      if (words[via.type]) await expect(ui.shell.snackbar(words[via.type]!).last()).toBeVisible();
      await linkDialog(ui).expectClosed();
      await fileDialog(ui).expectClosed();
      await removeDialog(ui).expectClosed();
      const card = statusCard(ui);
      await expect(card.getByRole('button', { name: 'Check Status', exact: true })).toBeEnabled();
      await expect(card.getByTestId('plugin-status')).toHaveText('Waiting for Events');
      // The card: the saved link and file (a failed or refused change leaves them as they were).
      await expect(card.getByTestId('partner-url')).toHaveText(ui.link);
      await expect(card.getByTestId('events-file')).toHaveText(ui.file);
    },
    'adjustUpdate.checking': async (ui) => {
      await expect(statusCard(ui).getByRole('button', { name: 'Check Status', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'adjustUpdate.link.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type.endsWith('.updatePartnerLink'))
        await expect(ui.shell.snackbar('Failed to update partner link!').last()).toBeVisible();
      const dialog = linkDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root.getByRole('textbox', { name: 'Partner Link' })).toHaveValue(c.partnerLink);
      // Blocked on a validation error.
      if (/^https?:\/\//.test(c.partnerLink)) await expect(saveButton(dialog)).toBeEnabled();
      else {
        await expect(dialog.root.getByText('must be a valid URL')).toBeVisible();
        await expect(saveButton(dialog)).toBeDisabled();
      }
    },
    'adjustUpdate.link.saving': async (ui) => {
      await expect(saveButton(linkDialog(ui))).toHaveAttribute('aria-busy', 'true');
      await expect(linkDialog(ui).root.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    },
    'adjustUpdate.file.editing': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type.endsWith('.saveEventsFile'))
        await expect(ui.shell.snackbar('Failed to save events file!').last()).toBeVisible();
      const dialog = fileDialog(ui);
      await dialog.expectOpen();
      if (c.file) await expect(saveButton(dialog)).toBeEnabled();
      else await expect(saveButton(dialog)).toBeDisabled();
      // The lines the server refused (nothing saved).
      if (c.errors.length)
        await expect(dialog.root.getByTestId('events-file-errors').getByRole('listitem')).toHaveText(c.errors);
      else await expect(dialog.root.getByTestId('events-file-errors')).toHaveCount(0);
    },
    'adjustUpdate.file.saving': async (ui, state) => {
      const dialog = ctx(state).removeConfirmed ? removeDialog(ui) : fileDialog(ui);
      await expect(dialog.root.getByRole('button', { name: 'Saving...', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'adjustUpdate.file.confirming': async (ui, state) => {
      const dialog = removeDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root.getByTestId('events-file-removes').getByRole('listitem')).toHaveText(ctx(state).removes);
      // Nothing saved yet: the card behind still names the current file.
      await expect(ui.page.getByTestId('events-file')).toHaveText(ui.file);
    },
  },
  timeout: 240_000,
};
