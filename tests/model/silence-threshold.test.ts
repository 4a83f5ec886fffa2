/**
 * Paths of a source's silence threshold (src/machines/silence-threshold; docs/notifications.md §Silent sources):
 * every state reachable; a bad value is refused in the field without a call; a saved value reloads the plugin and
 * says "Saved."; "Use default" saves null; a refusal or a thrown call keeps the form with its message.
 */
import { describe, expect, it } from 'vitest';
import { silenceThresholdMachine } from '../../src/machines/silence-threshold/silence-threshold.machine';
import { selectSilenceThreshold } from '../../src/machines/silence-threshold/silence-threshold.selectors';
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
const model = defineModel(silenceThresholdMachine, {
  EDIT: { type: 'EDIT', hours: 36 },
  CHANGE: [
    { type: 'CHANGE', value: '48' },
    { type: 'CHANGE', value: '721' },
  ],
  SAVE: { type: 'SAVE' },
  USE_DEFAULT: { type: 'USE_DEFAULT' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.saveSilentHours': [
    done('saveSilentHours', { success: true }),
    done('saveSilentHours', { success: false }),
  ],
  'xstate.error.actor.saveSilentHours': failed('saveSilentHours', apiError(500, 'boom', 'internal')),
});
const ev = {
  edit: fixture(model, 'EDIT'),
  to48: fixture(model, 'CHANGE', 0),
  tooMany: fixture(model, 'CHANGE', 1),
  save: fixture(model, 'SAVE'),
  useDefault: fixture(model, 'USE_DEFAULT'),
  cancel: fixture(model, 'CANCEL'),
  saved: fixture(model, 'xstate.done.actor.saveSilentHours', 0),
  refused: fixture(model, 'xstate.done.actor.saveSilentHours', 1),
  thrown: fixture(model, 'xstate.error.actor.saveSilentHours'),
};
const spied = () =>
  spyActions(silenceThresholdMachine.provide({ actors: { saveSilentHours: pendingForever() } }), [
    'notify',
    'saved',
    'logError',
  ]);

describe('silence-threshold machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(silenceThresholdMachine, shortestPaths(silenceThresholdMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('edit, 48 hours, save: saved, the plugin reloads, "Saved."', async () => {
    const path = pathOf(silenceThresholdMachine, [ev.edit, ev.to48, ev.save, ev.saved], input);
    expect(path.steps[1]!.state.context.draft).toBe('36');
    expect(path.steps[3]!.state.context.saving).toBe(48);
    expect(selectSilenceThreshold(path.state as never).editing).toBe(false);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.saved.mock.calls).toEqual([[{ appId: 'app-1' }]]);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Saved.', kind: 'success', duration: 'short' }]]);
  });

  it('721 hours is refused in the field, nothing is sent; typing again clears the problem', () => {
    const path = pathOf(silenceThresholdMachine, [ev.edit, ev.tooMany, ev.save], input);
    expect(path.state.value).toBe('editing');
    expect(path.state.context.problem).toBe('Enter a whole number of hours from 1 to 720.');
    const again = pathOf(silenceThresholdMachine, [ev.edit, ev.tooMany, ev.save, ev.to48], input);
    expect(again.state.context.problem).toBeNull();
  });

  it('use default saves null', () => {
    const path = pathOf(silenceThresholdMachine, [ev.edit, ev.useDefault], input);
    expect(path.state.value).toBe('saving');
    expect(path.state.context.saving).toBeNull();
  });

  it('a refusal or a thrown call keeps the form and says so; cancel goes back', async () => {
    for (const event of [ev.refused, ev.thrown]) {
      const path = pathOf(silenceThresholdMachine, [ev.edit, ev.save, event], input);
      expect(path.state.value).toBe('editing');
      expect(selectSilenceThreshold(path.state as never).error).toBe(
        'We could not save the silence threshold. Please try again.',
      );
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.saved).not.toHaveBeenCalled();
    }
    const back = pathOf(silenceThresholdMachine, [ev.edit, ev.save, ev.refused, ev.cancel], input);
    expect(back.state.value).toBe('idle');
    expect(back.state.context.error).toBeNull();
  });
});
