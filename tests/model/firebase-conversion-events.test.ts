/**
 * Paths of the Firebase conversion events table (src/machines/firebase-conversion-events; SPEC §2 Firebase tab, §7
 * enable / disable Firebase events, §8 "Firebase enable/disable errors are only logged"): every state reachable;
 * checking boxes, Enable with the 'Enabling Events' state, Disable; a refusal and a thrown call are only logged (no
 * notice exists in this flow) and keep the selection; nothing happens without a chosen event.
 */
import { describe, expect, it } from 'vitest';
import { firebaseConversionEventsMachine } from '../../src/machines/firebase-conversion-events/firebase-conversion-events.machine';
import { selectConversionTable } from '../../src/machines/firebase-conversion-events/firebase-conversion-events.selectors';
import { apiError, defineModel, done, failed, fixture, pathOf, pendingForever, replay, shortestPaths, spyActions, unreachedStateNodeIds } from './graph-harness';

const input = { pluginId: 'plugin-1', appId: 'app-1' };
const model = defineModel(firebaseConversionEventsMachine, {
  TOGGLE: { type: 'TOGGLE', eventName: 'level_complete' },
  ENABLE: [{ type: 'ENABLE', eventNames: ['level_complete'] }, { type: 'ENABLE', eventNames: [] }],
  DISABLE: { type: 'DISABLE', eventNames: ['level_complete'] },
  'xstate.done.actor.enableEvents': [done('enableEvents', { success: true }), done('enableEvents', { success: false })],
  'xstate.error.actor.enableEvents': failed('enableEvents', apiError(500, 'boom', 'internal')),
  'xstate.done.actor.disableEvents': [done('disableEvents', { success: true }), done('disableEvents', { success: false })],
  'xstate.error.actor.disableEvents': failed('disableEvents', apiError(409, 'Connect the plugin first.', 'disconnected')),
});
const ev = {
  toggle: fixture(model, 'TOGGLE'),
  enable: fixture(model, 'ENABLE'),
  enableNothing: fixture(model, 'ENABLE', 1),
  disable: fixture(model, 'DISABLE'),
  enabled: fixture(model, 'xstate.done.actor.enableEvents'),
  enableRefused: fixture(model, 'xstate.done.actor.enableEvents', 1),
  enableThrown: fixture(model, 'xstate.error.actor.enableEvents'),
  disabled: fixture(model, 'xstate.done.actor.disableEvents'),
  disableRefused: fixture(model, 'xstate.done.actor.disableEvents', 1),
  disableThrown: fixture(model, 'xstate.error.actor.disableEvents'),
};
const events = [
  { id: 'e1', eventName: 'level_complete', status: 'ACTIVE' as const },
  { id: 'e2', eventName: 'level_start', status: 'ENABLED' as const },
];
const spied = () => spyActions(firebaseConversionEventsMachine.provide({ actors: { enableEvents: pendingForever(), disableEvents: pendingForever() } }), ['changed', 'logError']);

describe('firebase-conversion-events machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(firebaseConversionEventsMachine, shortestPaths(firebaseConversionEventsMachine, model.events, { input }))).toEqual([]);
  });

  it('check a box, Enable: Enabling Events, then the selection clears and the reads reload', async () => {
    const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, ev.enable, ev.enabled], input);
    const checked = selectConversionTable(path.steps[1]!.state as never, events);
    expect([...checked.selected]).toEqual(['level_complete']);
    expect(checked.toEnable).toEqual(['level_complete']);
    expect(checked.toDisable).toEqual([]);
    expect(selectConversionTable(path.steps[2]!.state as never, events)).toMatchObject({ enabling: true, busy: true });
    expect(path.state.value).toBe('idle');
    expect(path.state.context.selected).toEqual([]);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'app-1' }]]);
    expect(spies.logError).not.toHaveBeenCalled();
  });

  it('Disable goes through disabling and reloads', async () => {
    const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, ev.disable, ev.disabled], input);
    expect(path.steps[2]!.state.value).toBe('disabling');
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.changed).toHaveBeenCalledTimes(1);
  });

  it('failures are only logged (SPEC §8) and keep the selection', async () => {
    for (const [action, outcome] of [[ev.enable, ev.enableRefused], [ev.enable, ev.enableThrown], [ev.disable, ev.disableRefused], [ev.disable, ev.disableThrown]] as const) {
      const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, action, outcome], input);
      expect(path.state.value).toBe('idle');
      expect(path.state.context.selected).toEqual(['level_complete']);
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.logError).toHaveBeenCalledTimes(1);
    }
  });

  it('unchecking a box clears it; Enable with nothing chosen is refused by its guard', () => {
    const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, ev.toggle], input);
    expect(path.state.context.selected).toEqual([]);
    expect(path.state.can(ev.enableNothing)).toBe(false);
    expect(path.state.can(ev.enable)).toBe(true);
  });
});
