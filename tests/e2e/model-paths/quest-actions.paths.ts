/**
 * A quest's options menu (src/machines/quest-actions, src/views/acquire/QuestsTab.tsx; docs/acquire.md §Quest
 * states, §Messages): each event → what the admin picks in a quest's menu on Dragon Merge (iOS)'s Quests grid or
 * in its Stop / Delete confirmation, each state → the dialogs, the grid's row and the words.
 *
 * Data: every test makes its own quest through the API (live for stop and restart; stopped with a draft for delete)
 * and removes what is left of it at its end. Each call's refusal and crash are routed; its success is the real
 * server's.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  questActionsMachine,
  type QuestActionsContext,
  type QuestRef,
} from '../../../src/machines/quest-actions/quest-actions.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { Modal } from '../pages/modal';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';
import { QUEST_APP, questByApi, questMenu, questRow, questsPath, removeQuestByApi, uniqueQuestName } from './quests';

// docs/acquire.md §Messages, verbatim.
const STOP_FAILED = 'Failed to stop campaign';
const RESTART_FAILED = 'Failed to restart campaign';
const DELETE_ACTIVE_FAILED = 'Failed to delete active quest!';
const DELETE_DRAFT_FAILED = 'Failed to delete draft quest';
const QUEST_DELETED = 'Quest deleted.';
const NOT_RESTARTABLE = 'The quest cannot be restarted now.';

const NAME = 'Path quest';
interface ActionsUi extends Ui {
  shell: Shell;
  token: string;
  questId: string;
  name: string;
  /** The row's status as the grid should show it now. */
  status: 'Live' | 'Stopped' | 'Draft';
}

const ctx = (state: AnyMachineSnapshot) => state.context as QuestActionsContext;
const live: QuestRef = { id: 'q', name: NAME, hasActive: true, hasDraft: false };
const stoppedWithDraft: QuestRef = { id: 'q', name: NAME, hasActive: true, hasDraft: true };
const draftOnly: QuestRef = { id: 'q', name: NAME, hasActive: false, hasDraft: true };
const ok = { success: true, message: '' };
const no = (message?: string) => (message ? { success: false, message } : { success: false });

const E = {
  stop: { type: 'STOP', quest: live },
  restart: { type: 'RESTART', quest: { ...live } },
  remove: { type: 'DELETE', quest: stoppedWithDraft },
  removeDraft: { type: 'DELETE', quest: draftOnly },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  stopped: doneEvent('stopQuest', ok),
  stopRefused: doneEvent('stopQuest', no()),
  stopCrashed: crashEvent('stopQuest'),
  restarted: doneEvent('restartQuest', ok),
  restartRefused: doneEvent('restartQuest', no(NOT_RESTARTABLE)),
  restartCrashed: crashEvent('restartQuest'),
  activeDeleted: doneEvent('deleteActive', ok),
  activeRefused: doneEvent('deleteActive', no()),
  activeCrashed: crashEvent('deleteActive'),
  draftDeleted: doneEvent('deleteDraft', ok),
  draftRefused: doneEvent('deleteDraft', no()),
  draftCrashed: crashEvent('deleteDraft'),
};

const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = (event: EventObject) =>
  (event as EventObject & { output: { success: boolean; message?: string } }).output;
const call = (method: 'POST' | 'DELETE', path: string, name: string) =>
  outcome<ActionsUi>(
    { method, url: new RegExp(`/api/app/${QUEST_APP}/acquire/quests/[^/]+/${path}$`) },
    (event) =>
      isCrash(event)
        ? answers.crash
        : outputOf(event).success
          ? answers.server
          : answers.refused(outputOf(event).message),
    (event) => `${name} ${isCrash(event) ? '500' : outputOf(event).success ? '✓' : 'refused'}`,
  );

const stopDialog = (ui: ActionsUi) => new Modal(ui.page, 'Stop quest');
const deleteDialog = (ui: ActionsUi) => new Modal(ui.page, 'Delete quest');
const options = (ui: ActionsUi) => ui.page.getByRole('button', { name: `Options for ${ui.name}` });

/** What `via` says in a snackbar back in idle (the successes' words are the server's: the grid is checked instead). */
function failureWords(via: EventObject): string | null {
  const failed = isCrash(via) || (via.type.startsWith('xstate.done.') && !outputOf(via).success);
  if (!failed) return null;
  if (via.type.endsWith('stopQuest')) return STOP_FAILED;
  if (via.type.endsWith('restartQuest')) return isCrash(via) ? RESTART_FAILED : `${RESTART_FAILED}: ${NOT_RESTARTABLE}`;
  if (via.type.endsWith('deleteActive')) return DELETE_ACTIVE_FAILED;
  return DELETE_DRAFT_FAILED;
}

/** The Quests grid with this test's quest (the first load may take a while on a busy machine). */
async function openGrid(ui: { page: import('@playwright/test').Page; name: string }) {
  await ui.page.goto(questsPath);
  await expect(questRow(ui.page, ui.name)).toBeVisible({ timeout: 30_000 });
}

export const questActionsTable: FlowTable<ActionsUi> = {
  flow: 'quest-actions',
  machine: questActionsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).quest?.hasActive ?? null]),
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const name = uniqueQuestName();
    const deletes = events.some((event) => event.type === 'DELETE');
    const questId = await questByApi(page.request, token, name, deletes ? 'stopped+draft' : 'live');
    return { page, token, questId, name, shell: new Shell(page), status: deletes ? 'Stopped' : 'Live' };
  },
  async teardown(ui) {
    await removeQuestByApi(ui.page.request, ui.token, ui.questId);
  },
  traversals: [
    {
      // Stop asks (cancel keeps it live); refused and crashed keep it live with the words; stopped; restart refused
      // (the server's reason) and crashed keep it stopped; restarted.
      name: 'stop and restart',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open: openGrid,
      events: [
        E.stop,
        E.cancel,
        E.stop,
        E.confirm,
        E.stopRefused,
        E.stop,
        E.confirm,
        E.stopCrashed,
        E.stop,
        E.confirm,
        E.stopped,
        E.restart,
        E.restartRefused,
        E.restart,
        E.restartCrashed,
        E.restart,
        E.restarted,
      ],
    },
    {
      // Delete asks (cancel keeps it); the active version's delete refused and crashed keep it; the active version
      // goes but the draft's delete is refused: the draft stays; deleting the draft crashes, then it goes.
      name: 'delete',
      kind: 'journey',
      input: { appId: QUEST_APP },
      open: openGrid,
      events: [
        E.remove,
        E.cancel,
        E.remove,
        E.confirm,
        E.activeRefused,
        E.remove,
        E.confirm,
        E.activeCrashed,
        E.remove,
        E.confirm,
        E.activeDeleted,
        E.draftRefused,
        E.removeDraft,
        E.confirm,
        E.draftCrashed,
        E.removeDraft,
        E.confirm,
        E.draftDeleted,
      ],
    },
  ],
  events: {
    STOP: { act: (ui) => questMenu(ui.page, ui.name, 'Stop') },
    RESTART: { act: (ui) => questMenu(ui.page, ui.name, 'Restart') },
    DELETE: {
      act: (ui) => questMenu(ui.page, ui.name, 'Delete'),
      label: (event: EventObject & { quest: QuestRef }) => (event.quest.hasActive ? 'DELETE' : 'DELETE (draft only)'),
    },
    CONFIRM: {
      act: (ui, _event, before) =>
        (before.matches('stop') ? stopDialog(ui) : deleteDialog(ui)).root
          .getByRole('button', { name: before.matches('stop') ? 'Stop' : 'Delete', exact: true })
          .click(),
    },
    CANCEL: { act: (ui) => ui.page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.stopQuest': call('POST', 'stop', 'stop'),
    'xstate.error.actor.stopQuest': call('POST', 'stop', 'stop'),
    'xstate.done.actor.restartQuest': call('POST', 'restart', 'restart'),
    'xstate.error.actor.restartQuest': call('POST', 'restart', 'restart'),
    'xstate.done.actor.deleteActive': call('DELETE', 'active', 'delete active'),
    'xstate.error.actor.deleteActive': call('DELETE', 'active', 'delete active'),
    'xstate.done.actor.deleteDraft': call('DELETE', 'draft', 'delete draft'),
    'xstate.error.actor.deleteDraft': call('DELETE', 'draft', 'delete draft'),
  },
  states: {
    'questActions.idle': async (ui, _state, via) => {
      const words = failureWords(via);
      if (words) await expect(ui.shell.snackbar(words).last()).toBeVisible();
      await stopDialog(ui).expectClosed();
      await deleteDialog(ui).expectClosed();
      const succeeded = via.type.startsWith('xstate.done.') && outputOf(via).success;
      if (via.type === 'xstate.done.actor.deleteDraft' && succeeded) {
        await expect(ui.shell.snackbar(QUEST_DELETED)).toBeVisible();
        await expect(questRow(ui.page, ui.name)).toHaveCount(0);
        return;
      }
      // The row's status: stopped and restarted by the successes; the draft alone once the active version is gone.
      if (via.type === 'xstate.done.actor.stopQuest' && succeeded) ui.status = 'Stopped';
      if (via.type === 'xstate.done.actor.restartQuest' && succeeded) ui.status = 'Live';
      if (via.type.endsWith('.deleteDraft')) ui.status = 'Draft';
      await expect(questRow(ui.page, ui.name)).toContainText(ui.status);
      await expect(options(ui)).toBeEnabled();
    },
    'questActions.stop.confirming': async (ui) => {
      const dialog = stopDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(
        `Stop ${ui.name}? Players will no longer see it and nothing more is charged.`,
      );
      await expect(dialog.root.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
    },
    'questActions.stop.stopping': async (ui) => {
      await expect(stopDialog(ui).root.getByRole('button', { name: 'Stop', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'questActions.restarting': async (ui) => {
      await expect(options(ui)).toBeDisabled();
    },
    'questActions.remove.confirming': async (ui) => {
      const dialog = deleteDialog(ui);
      await dialog.expectOpen();
      await expect(dialog.root).toContainText(`Delete ${ui.name}? Its published version and its draft are removed.`);
      await expect(dialog.root.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
    },
    'questActions.remove.deletingActive': async (ui) => {
      await expect(deleteDialog(ui).root.getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'questActions.remove.deletingDraft': async (ui) => {
      await expect(deleteDialog(ui).root.getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'questActions.remove.deleted': TRANSIENT,
  },
  timeout: 90_000,
};
