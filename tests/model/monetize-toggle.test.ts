/**
 * Paths of the Monetize switch (src/machines/monetize-toggle; docs/monetize.md §Campaign states "switch on sets LIVE and shows the form; switching
 * off an existing campaign deletes it", §Messages 'Failed to remove Monetize!'): every state reachable; on opens the form,
 * off on an unsaved form closes it; off on a campaign confirms, removes and says so; cancel; each failure. And the
 * journey across both Monetize machines: on → save → off.
 */
import { describe, expect, it } from 'vitest';
import { monetizeToggleMachine } from '../../src/machines/monetize-toggle/monetize-toggle.machine';
import { monetizeFormMachine } from '../../src/machines/monetize-form/monetize-form.machine';
import {
  selectMonetizeSwitch,
  selectRemoveConfirm,
} from '../../src/machines/monetize-toggle/monetize-toggle.selectors';
import type { MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { MonetizeResponse } from '../../src/contracts/monetize';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  live,
  pathOf,
  pendingForever,
  pendingMutation,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';
import * as fx from '../fixtures/monetize';

const OFF = { appId: 'app_android_1', campaignId: null };
const ON = { appId: 'app_android_1', campaignId: 'monetize_1' };
type Outcome = MutationOutcome<MonetizeResponse>;
const model = defineModel(monetizeToggleMachine, {
  TURN_ON: { type: 'TURN_ON' },
  TURN_OFF: { type: 'TURN_OFF' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  SYNC: [
    { type: 'SYNC', campaignId: 'monetize_1' },
    { type: 'SYNC', campaignId: null },
  ],
  'xstate.done.actor.remove': [
    done('remove', { status: 'done', answer: { success: true, data: null } } as Outcome),
    done('remove', {
      status: 'failed',
      answer: { success: false, reason: 'Campaign not found' },
      error: null,
    } as Outcome),
    done('remove', {
      status: 'failed',
      answer: null,
      error: apiError(403, 'You do not have permission to do this.', 'access_missing_role_for_action'),
    } as Outcome),
  ],
  'xstate.error.actor.remove': failed('remove', new Error('the child broke')),
});
const ev = {
  on: fixture(model, 'TURN_ON'),
  off: fixture(model, 'TURN_OFF'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  synced: fixture(model, 'SYNC', 0),
  removed: fixture(model, 'xstate.done.actor.remove', 0),
  refused: fixture(model, 'xstate.done.actor.remove', 1),
  thrown: fixture(model, 'xstate.done.actor.remove', 2),
  broke: fixture(model, 'xstate.error.actor.remove'),
};
const spied = () =>
  spyActions(monetizeToggleMachine.provide({ actors: { remove: pendingMutation() } }), [
    'notify',
    'openForm',
    'closeForm',
    'removed',
    'logError',
  ]);

describe('monetize-toggle machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(monetizeToggleMachine, shortestPaths(monetizeToggleMachine, model.events, { input: OFF })),
    ).toEqual([]);
  });

  it('on, with no campaign, opens the new form; off on that unsaved form only closes it', async () => {
    const path = pathOf(monetizeToggleMachine, [ev.on, ev.off], OFF);
    expect(path.state.matches('idle')).toBe(true);
    const { machine, spies } = spied();
    (await replay(machine, path, OFF)).stop();
    expect(spies.openForm.mock.calls).toEqual([[{ appId: 'app_android_1' }]]);
    expect(spies.closeForm.mock.calls).toEqual([[{ appId: 'app_android_1' }]]);
    expect(spies.notify).not.toHaveBeenCalled();
    expect(pathOf(monetizeToggleMachine, [], ON).state.can(ev.on)).toBe(false);
  });

  it('off on a campaign asks first, then removes it and says so', async () => {
    const path = pathOf(monetizeToggleMachine, [ev.off, ev.confirm, ev.removed], ON);
    expect(selectRemoveConfirm(path.steps[1]!.state as never, 'Dragon Merge')).toEqual({
      open: true,
      busy: false,
      title: 'Turn off Monetize?',
      message: 'This removes the Monetize campaign of Dragon Merge. Its settings cannot be restored.',
    });
    expect(selectRemoveConfirm(path.steps[2]!.state as never, 'Dragon Merge').busy).toBe(true);
    expect(path.state.context.campaignId).toBeNull();
    expect(selectMonetizeSwitch(path.state as never)).toEqual({ on: false, busy: false });
    const { machine, spies } = spied();
    (await replay(machine, path, ON)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Monetize removed successfully.', kind: 'success' }]]);
    expect(spies.removed.mock.calls).toEqual([[{ appId: 'app_android_1' }]]);
  });

  it("cancel keeps the campaign; a refusal or a failed call says 'Failed to remove Monetize!'", async () => {
    const cancelled = pathOf(monetizeToggleMachine, [ev.off, ev.cancel], ON);
    expect(cancelled.state.context.campaignId).toBe('monetize_1');
    expect(pathOf(monetizeToggleMachine, [ev.off], ON).state.can(ev.removed)).toBe(false);
    for (const outcome of [ev.refused, ev.thrown, ev.broke]) {
      const path = pathOf(monetizeToggleMachine, [ev.off, ev.confirm, outcome], ON);
      expect(path.state.matches('idle')).toBe(true);
      expect(path.state.context.campaignId).toBe('monetize_1');
      const { machine, spies } = spied();
      (await replay(machine, path, ON)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to remove Monetize!', kind: 'error' }]]);
      expect(spies.removed).not.toHaveBeenCalled();
    }
  });

  it('journey: monetize on → save → off', () => {
    // On: the switch opens the new campaign's form.
    const toggle = live(monetizeToggleMachine.provide({ actors: { remove: pendingMutation() } }), {
      input: OFF,
      spies: ['notify', 'openForm', 'removed'],
    });
    toggle.send({ type: 'TURN_ON' });
    expect(toggle.spies.openForm).toHaveBeenCalledTimes(1);
    // Save: the form, LIVE at refPublicPrice 1, is created.
    const form = live(monetizeFormMachine.provide({ actors: { save: pendingForever() } }), {
      input: { appId: 'app_android_1', campaign: null, source: { id: fx.activePluginId, events: [] } },
      spies: ['notify', 'saved'],
    });
    form.send({ type: 'SET_LIST', field: 'countries', value: ['US'] }, { type: 'SUBMIT' });
    expect(form.actor.getSnapshot().matches('saving')).toBe(true);
    const created = {
      ...fx.liveCampaign,
      id: 'monetize_new',
      appId: 'app_android_1',
      refPublicPrice: 1,
      countries: ['US'],
      targetConditions: [],
      sendTrafficToAppIds: [],
    };
    form.send(done('save', { success: true, data: created }));
    expect(form.notices()).toEqual(['Monetize created successfully.']);
    expect(form.spies.saved).toHaveBeenCalledWith({ appId: 'app_android_1', campaign: created });
    form.actor.stop();
    // Off: the list read now has the campaign; switching off confirms and removes it.
    toggle.send({ type: 'SYNC', campaignId: created.id }, { type: 'TURN_OFF' }, { type: 'CONFIRM' });
    toggle.send(done('remove', { status: 'done', answer: { success: true, data: null } } as Outcome));
    expect(toggle.notices()).toEqual(['Monetize removed successfully.']);
    expect(toggle.spies.removed).toHaveBeenCalledTimes(1);
    expect(toggle.actor.getSnapshot().context.campaignId).toBeNull();
    toggle.actor.stop();
  });
});
