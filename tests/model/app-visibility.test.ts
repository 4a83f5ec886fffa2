/**
 * Paths of the app-visibility machine (src/machines/app-visibility/app-visibility.machine.ts): every state
 * reachable; the switch moves at once (optimistic) and stays on success; a refusal or a thrown call puts it back and
 * says so; the workspace's value syncs in while idle.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { appVisibilityMachine } from '../../src/machines/app-visibility/app-visibility.machine';
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

const INPUT = { appId: 'app-1', enabled: true };
const model = defineModel(appVisibilityMachine, {
  TOGGLE: { type: 'TOGGLE' },
  SYNC: [
    { type: 'SYNC', enabled: false },
    { type: 'SYNC', enabled: true },
  ],
  'xstate.done.actor.setEnabled': [
    done('setEnabled', { success: true, data: { enabled: false } }),
    done('setEnabled', { success: false, data: { enabled: true } }),
  ],
  'xstate.error.actor.setEnabled': [
    failed('setEnabled', apiError(403, 'You do not have permission to do this.', 'access_missing_role_for_action')),
    failed('setEnabled', serverCrash()),
  ],
});
const ev = { toggle: fixture(model, 'TOGGLE'), syncOff: fixture(model, 'SYNC', 0) };
const outcome = {
  saved: fixture(model, 'xstate.done.actor.setEnabled', 0),
  refused: fixture(model, 'xstate.done.actor.setEnabled', 1),
  forbidden: fixture(model, 'xstate.error.actor.setEnabled', 0),
  crashed: fixture(model, 'xstate.error.actor.setEnabled', 1),
};
const path = (events: EventObject[]) => pathOf(appVisibilityMachine, events, INPUT);
const pending = appVisibilityMachine.provide({ actors: { setEnabled: pendingForever() } });

describe('app-visibility machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(appVisibilityMachine, shortestPaths(appVisibilityMachine, model.events, { input: INPUT })),
    ).toEqual([]);
  });

  it('hides the app at once and keeps it hidden when the server agrees; the workspace is refreshed', async () => {
    const journey = path([ev.toggle, outcome.saved]);
    expect(journey.steps[1]!.state.matches('saving')).toBe(true);
    expect(journey.steps[1]!.state.context.enabled).toBe(false);
    expect(journey.state.matches('idle')).toBe(true);
    expect(journey.state.context.enabled).toBe(false);
    const { machine, spies } = spyActions(pending, ['changed', 'notify']);
    await replay(machine, journey, INPUT);
    expect(spies.changed).toHaveBeenCalledTimes(1);
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('a refusal or failure reverts the switch and says so', async () => {
    for (const failure of [outcome.refused, outcome.forbidden, outcome.crashed]) {
      const journey = path([ev.toggle, failure]);
      expect(journey.state.matches('idle')).toBe(true);
      expect(journey.state.context.enabled).toBe(true);
      const { machine, spies } = spyActions(pending, ['changed', 'notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message: 'Failed to update the app visibility.', kind: 'error' });
      expect(spies.changed).not.toHaveBeenCalled();
    }
  });

  it("the workspace's value syncs in while idle, not while a change is on its way", () => {
    expect(path([ev.syncOff]).state.context.enabled).toBe(false);
    expect(path([ev.toggle]).state.can(ev.syncOff)).toBe(false);
    expect(path([ev.syncOff, ev.toggle]).state.context.enabled).toBe(true);
  });
});
