/**
 * Paths of the quest-review machine (src/machines/quest-review): every state reachable; review → publish (and the
 * pre-publish block in the server's words), review → discard ('Failed to discard changes.'); publish all with a
 * partial failure (the server's words say which), none succeeding ('All quests failed to publish.'); discard all
 * ('All quests failed to discard.'), asked first, naming how many quests revert and which never-published ones are
 * deleted; close.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import { discardAllPlan, questReviewMachine } from '../../src/machines/quest-review/quest-review.machine';
import { selectQuestReview } from '../../src/machines/quest-review/quest-review.selectors';
import type { MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { BulkQuestResult } from '../../src/contracts/acquire';
import * as acquireFx from '../fixtures/acquire';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  pendingMutation,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { appId: 'dragon-merge-ios' };
const BLOCKED =
  'Stale cannot be published yet. Step 1 (af_subscribe): no event received from AppsFlyer in the last 48 hours.';
const model = defineModel(questReviewMachine, {
  OPEN: { type: 'OPEN', questId: 'q1' },
  PUBLISH: { type: 'PUBLISH' },
  DISCARD: { type: 'DISCARD' },
  CLOSE: { type: 'CLOSE' },
  PUBLISH_ALL: { type: 'PUBLISH_ALL' },
  DISCARD_ALL: [
    { type: 'DISCARD_ALL', plan: { questIds: ['q1', 'q2', 'q3'], reverted: 2, deleted: ['Level 5 Rush'] } },
    { type: 'DISCARD_ALL', plan: { questIds: ['q3', 'q4'], reverted: 0, deleted: ['Level 5 Rush', 'Daily Grind'] } },
    { type: 'DISCARD_ALL', plan: { questIds: ['q1'], reverted: 1, deleted: [] } },
  ],
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.publishQuest': [
    done('publishQuest', { success: true, message: 'Dragon Tamer published.' }),
    done('publishQuest', { success: false }),
  ],
  'xstate.error.actor.publishQuest': failed('publishQuest', apiError(409, BLOCKED, 'prepublish_blocked')),
  'xstate.done.actor.discardQuest': [done('discardQuest', { success: true }), done('discardQuest', { success: false })],
  'xstate.error.actor.discardQuest': failed('discardQuest', serverCrash()),
  'xstate.done.actor.publishAll': [
    done('publishAll', { success: true, succeeded: ['q1', 'q2'], failed: [], message: '2 quests published.' }),
    done('publishAll', {
      success: true,
      succeeded: ['q1'],
      failed: ['q2'],
      message: '1 of 2 quests failed to publish: Stale one (no event…)',
    }),
    done('publishAll', {
      success: false,
      succeeded: [],
      failed: ['q1', 'q2'],
      message: '2 of 2 quests failed to publish: …',
    }),
  ],
  'xstate.error.actor.publishAll': failed('publishAll', serverCrash()),
  'xstate.done.actor.discardAll': [
    done('discardAll', {
      status: 'done',
      answer: { success: true, succeeded: ['q1'], failed: [], message: '1 quest discarded.' },
    } as MutationOutcome<BulkQuestResult>),
    done('discardAll', {
      status: 'failed',
      answer: { success: false, succeeded: [], failed: ['q1'] },
      error: null,
    } as MutationOutcome<BulkQuestResult>),
    done('discardAll', { status: 'failed', answer: null, error: serverCrash() } as MutationOutcome<BulkQuestResult>),
  ],
  'xstate.error.actor.discardAll': failed('discardAll', serverCrash()),
});
const f = (type: Parameters<typeof fixture<typeof questReviewMachine, any>>[1], i = 0) => fixture(model, type, i);
const path = (events: EventObject[]) => pathOf(questReviewMachine, events, INPUT);
const pending = questReviewMachine.provide({
  actors: {
    publishQuest: pendingForever(),
    discardQuest: pendingForever(),
    publishAll: pendingForever(),
    discardAll: pendingMutation(),
  },
});
async function spiesOf(events: EventObject[]) {
  const { machine, spies } = spyActions(pending, ['notify', 'questsChanged']);
  await replay(machine, path(events), INPUT);
  return spies;
}

describe('quest-review machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(questReviewMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.error]),
    });
    expect(unreachedStateNodeIds(questReviewMachine, paths)).toEqual([]);
  });

  it("review → publish closes with the server's words and refreshes; the pre-publish block stays open with the reason", async () => {
    const published = await spiesOf([f('OPEN'), f('PUBLISH'), f('xstate.done.actor.publishQuest')]);
    expect(published.notify).toHaveBeenCalledWith({ message: 'Dragon Tamer published.', kind: 'success' });
    expect(published.questsChanged).toHaveBeenCalledTimes(1);
    const blocked = path([f('OPEN'), f('PUBLISH'), f('xstate.error.actor.publishQuest')]);
    expect(blocked.state.matches({ open: 'reviewing' })).toBe(true);
    expect(blocked.state.context.error).toBe(BLOCKED);
    expect(path([f('OPEN'), f('PUBLISH'), f('xstate.done.actor.publishQuest', 1)]).state.context.error).toBe(
      'Failed to publish changes.',
    );
  });

  it("review → discard; a failure reads 'Failed to discard changes.'; close", async () => {
    expect(path([f('OPEN'), f('DISCARD'), f('xstate.done.actor.discardQuest')]).state.matches('closed')).toBe(true);
    for (const failure of [f('xstate.done.actor.discardQuest', 1), f('xstate.error.actor.discardQuest')]) {
      const journey = path([f('OPEN'), f('DISCARD'), failure]);
      expect(journey.state.context.error).toBe('Failed to discard changes.');
      expect((await spiesOf([f('OPEN'), f('DISCARD'), failure])).notify).toHaveBeenCalledWith({
        message: 'Failed to discard changes.',
        kind: 'error',
        duration: 'long',
      });
    }
    expect(path([f('OPEN'), f('CLOSE')]).state.matches('closed')).toBe(true);
  });

  it('publish all: all done, a partial failure saying which, none', async () => {
    expect((await spiesOf([f('PUBLISH_ALL'), f('xstate.done.actor.publishAll')])).notify).toHaveBeenCalledWith({
      message: '2 quests published.',
      kind: 'success',
    });
    expect((await spiesOf([f('PUBLISH_ALL'), f('xstate.done.actor.publishAll', 1)])).notify).toHaveBeenCalledWith({
      message: '1 of 2 quests failed to publish: Stale one (no event…)',
      kind: 'warning',
      duration: 'long',
    });
    expect((await spiesOf([f('PUBLISH_ALL'), f('xstate.done.actor.publishAll', 2)])).notify).toHaveBeenCalledWith({
      message: 'All quests failed to publish.',
      kind: 'error',
      duration: 'long',
    });
    expect((await spiesOf([f('PUBLISH_ALL'), f('xstate.error.actor.publishAll')])).notify).toHaveBeenCalledWith({
      message: 'All quests failed to publish.',
      kind: 'error',
      duration: 'long',
    });
  });

  it('discard all asks first, naming how many quests revert and which never-published ones are deleted; cancel discards nothing', async () => {
    const asking = path([f('DISCARD_ALL')]);
    expect(selectQuestReview(asking.state as never).discardAllConfirm).toEqual({
      open: true,
      busy: false,
      title: 'Discard all changes?',
      message:
        'Discard the unpublished changes of 3 quests? 2 published quests go back to the published version. Level 5 Rush was never published and will be deleted.',
    });
    expect(selectQuestReview(path([f('DISCARD_ALL', 1)]).state as never).discardAllConfirm.message).toBe(
      'Discard the unpublished changes of 2 quests? 2 quests were never published and will be deleted: Level 5 Rush, Daily Grind.',
    );
    expect(selectQuestReview(path([f('DISCARD_ALL', 2)]).state as never).discardAllConfirm.message).toBe(
      'Discard the unpublished changes of 1 quest? 1 published quest goes back to the published version.',
    );
    expect(asking.state.can(f('xstate.done.actor.discardAll'))).toBe(false);
    const cancelled = path([f('DISCARD_ALL'), f('CANCEL')]);
    expect(cancelled.state.matches('closed')).toBe(true);
    expect(cancelled.state.context.discardPlan).toBeNull();
    const spies = await spiesOf([f('DISCARD_ALL'), f('CANCEL')]);
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.questsChanged).not.toHaveBeenCalled();
    expect(selectQuestReview(path([f('DISCARD_ALL'), f('CONFIRM')]).state as never).discardAllConfirm.busy).toBe(true);
  });

  it('discard all sends the quests it asked about, so a draft saved after the question is not discarded', async () => {
    const actor = createActor(pending, { input: INPUT }).start();
    actor.send(f('DISCARD_ALL') as never);
    const child = actor.getSnapshot().children.discardAll as AnyActorRef;
    expect(child.getSnapshot().context.request).toEqual({ appId: INPUT.appId, questIds: ['q1', 'q2', 'q3'] });
    actor.stop();
  });

  it('the plan of the grid: published quests with a draft revert, never-published ones are deleted, quests without a draft are untouched', () => {
    expect(
      discardAllPlan([
        acquireFx.editedQuest,
        acquireFx.draftOnlyQuest,
        { ...acquireFx.editedQuest, id: 'quest_3', diff: false, draft: null },
      ]),
    ).toEqual({
      questIds: [acquireFx.editedQuest.id, acquireFx.draftOnlyQuest.id],
      reverted: 1,
      deleted: [acquireFx.draftOnlyQuest.draft!.name],
    });
  });

  it("discard all, once confirmed; none succeeding reads 'All quests failed to discard.'", async () => {
    const confirmed = [f('DISCARD_ALL'), f('CONFIRM')];
    expect((await spiesOf([...confirmed, f('xstate.done.actor.discardAll')])).notify).toHaveBeenCalledWith({
      message: '1 quest discarded.',
      kind: 'success',
    });
    for (const failure of [
      f('xstate.done.actor.discardAll', 1),
      f('xstate.done.actor.discardAll', 2),
      f('xstate.error.actor.discardAll'),
    ]) {
      expect((await spiesOf([...confirmed, failure])).notify).toHaveBeenCalledWith({
        message: 'All quests failed to discard.',
        kind: 'error',
        duration: 'long',
      });
    }
  });
});
