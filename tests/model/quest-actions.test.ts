/**
 * Paths of the quest-actions machine (src/machines/quest-actions): every state reachable; each menu action (stop with
 * its confirmation, restart, delete the active version then the draft) succeeding and failing with per docs/acquire.md §Messages words
 * ('Failed to stop campaign', 'Failed to restart campaign' with the server's message, 'Failed to delete active
 * quest!', 'Failed to delete draft quest'); cancel.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { questActionsMachine } from '../../src/machines/quest-actions/quest-actions.machine';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { appId: 'dragon-merge-ios' };
const both = { id: 'q1', name: 'Dragon Tamer', hasActive: true, hasDraft: true };
const draftOnly = { id: 'q2', name: 'Treasure Hunter', hasActive: false, hasDraft: true };
const activeOnly = { id: 'q3', name: 'Merge Master', hasActive: true, hasDraft: false };
const ok = { success: true, message: 'Done.' };
const model = defineModel(questActionsMachine, {
  STOP: { type: 'STOP', quest: both },
  RESTART: { type: 'RESTART', quest: activeOnly },
  DELETE: [
    { type: 'DELETE', quest: both },
    { type: 'DELETE', quest: draftOnly },
    { type: 'DELETE', quest: activeOnly },
  ],
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.stopQuest': [done('stopQuest', ok), done('stopQuest', { success: false })],
  'xstate.error.actor.stopQuest': failed('stopQuest', serverCrash()),
  'xstate.done.actor.restartQuest': [
    done('restartQuest', ok),
    done('restartQuest', { success: false, message: 'Budget exhausted' }),
  ],
  'xstate.error.actor.restartQuest': failed(
    'restartQuest',
    apiError(409, 'A quest in status LIVE cannot be restarted.', 'not_restartable'),
  ),
  'xstate.done.actor.deleteActive': [done('deleteActive', ok), done('deleteActive', { success: false })],
  'xstate.error.actor.deleteActive': failed('deleteActive', serverCrash()),
  'xstate.done.actor.deleteDraft': [done('deleteDraft', ok), done('deleteDraft', { success: false })],
  'xstate.error.actor.deleteDraft': failed('deleteDraft', serverCrash()),
});
const ev = {
  stop: fixture(model, 'STOP'),
  restart: fixture(model, 'RESTART'),
  deleteBoth: fixture(model, 'DELETE', 0),
  deleteDraftOnly: fixture(model, 'DELETE', 1),
  deleteActiveOnly: fixture(model, 'DELETE', 2),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
};
const o = (type: Parameters<typeof fixture<typeof questActionsMachine, any>>[1], i = 0) => fixture(model, type, i);
const path = (events: EventObject[]) => pathOf(questActionsMachine, events, INPUT);
const pending = questActionsMachine.provide({
  actors: {
    stopQuest: pendingForever(),
    restartQuest: pendingForever(),
    deleteActive: pendingForever(),
    deleteDraft: pendingForever(),
  },
});
async function notices(events: EventObject[]) {
  const { machine, spies } = spyActions(pending, ['notify', 'questsChanged']);
  await replay(machine, path(events), INPUT);
  return spies;
}

describe('quest-actions machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(questActionsMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(questActionsMachine, paths, ['questActions.remove.deleted'])).toEqual([]);
  });

  it('stop asks first; confirmed it stops and refreshes the grid; a failure reads docs/acquire.md §Messages', async () => {
    expect(path([ev.stop]).state.matches({ stop: 'confirming' })).toBe(true);
    expect(path([ev.stop, ev.cancel]).state.matches('idle')).toBe(true);
    const stopped = await notices([ev.stop, ev.confirm, o('xstate.done.actor.stopQuest')]);
    expect(stopped.notify).toHaveBeenCalledWith({ message: 'Done.', kind: 'success' });
    expect(stopped.questsChanged).toHaveBeenCalledTimes(1);
    for (const failure of [o('xstate.done.actor.stopQuest', 1), o('xstate.error.actor.stopQuest')]) {
      const spies = await notices([ev.stop, ev.confirm, failure]);
      expect(spies.notify).toHaveBeenCalledWith({
        message: 'Failed to stop campaign',
        kind: 'error',
        duration: 'long',
      });
    }
  });

  it("restart: 'Failed to restart campaign' with the server's message", async () => {
    expect((await notices([ev.restart, o('xstate.done.actor.restartQuest', 1)])).notify).toHaveBeenCalledWith({
      message: 'Failed to restart campaign: Budget exhausted',
      kind: 'error',
      duration: 'long',
    });
    expect((await notices([ev.restart, o('xstate.error.actor.restartQuest')])).notify).toHaveBeenCalledWith({
      message: 'Failed to restart campaign: A quest in status LIVE cannot be restarted.',
      kind: 'error',
      duration: 'long',
    });
    expect((await notices([ev.restart, o('xstate.done.actor.restartQuest')])).questsChanged).toHaveBeenCalledTimes(1);
  });

  it('delete removes the active version, then the draft; only the versions that exist', async () => {
    const bothDeleted = path([
      ev.deleteBoth,
      ev.confirm,
      o('xstate.done.actor.deleteActive'),
      o('xstate.done.actor.deleteDraft'),
    ]);
    expect(bothDeleted.steps[3]!.state.matches({ remove: 'deletingDraft' })).toBe(true);
    expect(bothDeleted.state.matches('idle')).toBe(true);
    expect(path([ev.deleteDraftOnly, ev.confirm]).state.matches({ remove: 'deletingDraft' })).toBe(true);
    expect(path([ev.deleteActiveOnly, ev.confirm, o('xstate.done.actor.deleteActive')]).state.matches('idle')).toBe(
      true,
    );
    const spies = await notices([
      ev.deleteBoth,
      ev.confirm,
      o('xstate.done.actor.deleteActive'),
      o('xstate.done.actor.deleteDraft'),
    ]);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Quest deleted.', kind: 'success' });
  });

  it("delete failures: 'Failed to delete active quest!' stops before the draft; 'Failed to delete draft quest'", async () => {
    const activeFailed = path([ev.deleteBoth, ev.confirm, o('xstate.error.actor.deleteActive')]);
    expect(activeFailed.state.matches('idle')).toBe(true);
    expect(
      (await notices([ev.deleteBoth, ev.confirm, o('xstate.done.actor.deleteActive', 1)])).notify,
    ).toHaveBeenCalledWith({ message: 'Failed to delete active quest!', kind: 'error', duration: 'long' });
    expect(
      (
        await notices([
          ev.deleteBoth,
          ev.confirm,
          o('xstate.done.actor.deleteActive'),
          o('xstate.error.actor.deleteDraft'),
        ])
      ).notify,
    ).toHaveBeenCalledWith({ message: 'Failed to delete draft quest', kind: 'error', duration: 'long' });
    expect(
      (await notices([ev.deleteDraftOnly, ev.confirm, o('xstate.done.actor.deleteDraft', 1)])).notify,
    ).toHaveBeenCalledWith({ message: 'Failed to delete draft quest', kind: 'error', duration: 'long' });
    expect(path([ev.deleteBoth, ev.cancel]).state.matches('idle')).toBe(true);
  });
});
