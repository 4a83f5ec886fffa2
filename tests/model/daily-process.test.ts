/**
 * Paths of the Process Data Daily switch (src/machines/daily-process; docs/integrations.md §Plugin states "toggles attributes.dailyProcess; on
 * failure it reverts"): every state reachable; the switch shows the new value while saving and keeps it once saved;
 * a refusal or a thrown call reverts it to the plugin's value with a notice.
 */
import { describe, expect, it } from 'vitest';
import { dailyProcessMachine } from '../../src/machines/daily-process/daily-process.machine';
import { selectDailySwitch } from '../../src/machines/daily-process/daily-process.selectors';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { pluginId: 'plugin-1', appId: 'app-1' };
const model = defineModel(dailyProcessMachine, {
  TOGGLE: { type: 'TOGGLE', value: true },
  'xstate.done.actor.saveDailyProcess': [
    done('saveDailyProcess', { success: true }),
    done('saveDailyProcess', { success: false }),
  ],
  'xstate.error.actor.saveDailyProcess': failed('saveDailyProcess', apiError(500, 'boom', 'internal')),
});
const ev = {
  toggle: fixture(model, 'TOGGLE'),
  saved: fixture(model, 'xstate.done.actor.saveDailyProcess', 0),
  refused: fixture(model, 'xstate.done.actor.saveDailyProcess', 1),
  thrown: fixture(model, 'xstate.error.actor.saveDailyProcess'),
};
const spied = () =>
  spyActions(dailyProcessMachine.provide({ actors: { saveDailyProcess: pendingForever() } }), [
    'notify',
    'saved',
    'logError',
  ]);

describe('daily-process machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(dailyProcessMachine, shortestPaths(dailyProcessMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('on: shown at once, kept when saved, the plugin reloads', async () => {
    const path = pathOf(dailyProcessMachine, [ev.toggle, ev.saved], input);
    expect(selectDailySwitch(path.steps[1]!.state as never, false)).toEqual({ checked: true, saving: true });
    expect(selectDailySwitch(path.state as never, false)).toEqual({ checked: true, saving: false });
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.saved.mock.calls).toEqual([[{ appId: 'app-1' }]]);
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('a refusal or a thrown call reverts the switch and says so', async () => {
    for (const event of [ev.refused, ev.thrown]) {
      const path = pathOf(dailyProcessMachine, [ev.toggle, event], input);
      expect(selectDailySwitch(path.state as never, false)).toEqual({ checked: false, saving: false });
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to update Process Data Daily.', kind: 'error' }]]);
      expect(spies.saved).not.toHaveBeenCalled();
    }
  });
});
