/**
 * Paths of the Firebase conversion events table (src/machines/firebase-conversion-events; docs/integrations.md §Screens and routes Firebase tab, §API endpoints
 * enable / disable Firebase events, §Messages "Firebase enable/disable errors are only logged"): every state reachable;
 * checking boxes, Enable with the 'Enabling Events' state, Disable; a refusal and a thrown call are only logged (no
 * notice exists in this flow) and keep the selection; nothing happens without a chosen event.
 */
import { describe, expect, it } from 'vitest';
import { firebaseConversionEventsMachine } from '../../src/machines/firebase-conversion-events/firebase-conversion-events.machine';
import { selectConversionTable } from '../../src/machines/firebase-conversion-events/firebase-conversion-events.selectors';
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
const model = defineModel(firebaseConversionEventsMachine, {
  TOGGLE: { type: 'TOGGLE', eventName: 'level_complete' },
  ENABLE: [
    { type: 'ENABLE', eventNames: ['level_complete'] },
    { type: 'ENABLE', eventNames: [] },
  ],
  DISABLE: { type: 'DISABLE', eventNames: ['level_complete'] },
  'xstate.done.actor.saveConversionEvents': [
    done('saveConversionEvents', { success: true }),
    done('saveConversionEvents', { success: false }),
  ],
  'xstate.error.actor.saveConversionEvents': [
    failed('saveConversionEvents', apiError(500, 'boom', 'internal')),
    failed('saveConversionEvents', apiError(409, 'Connect the plugin first.', 'disconnected')),
  ],
});
const ev = {
  toggle: fixture(model, 'TOGGLE'),
  enable: fixture(model, 'ENABLE'),
  enableNothing: fixture(model, 'ENABLE', 1),
  disable: fixture(model, 'DISABLE'),
  saved: fixture(model, 'xstate.done.actor.saveConversionEvents'),
  refused: fixture(model, 'xstate.done.actor.saveConversionEvents', 1),
  thrown: fixture(model, 'xstate.error.actor.saveConversionEvents'),
  conflict: fixture(model, 'xstate.error.actor.saveConversionEvents', 1),
};
const events = [
  { id: 'e1', eventName: 'level_complete', status: 'ACTIVE' as const },
  { id: 'e2', eventName: 'level_start', status: 'ENABLED' as const },
];
const spied = () =>
  spyActions(firebaseConversionEventsMachine.provide({ actors: { saveConversionEvents: pendingForever() } }), [
    'changed',
    'logError',
  ]);

describe('firebase-conversion-events machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(
        firebaseConversionEventsMachine,
        shortestPaths(firebaseConversionEventsMachine, model.events, { input }),
      ),
    ).toEqual([]);
  });

  it('check a box, Enable: Enabling Events, then the selection clears and the reads reload', async () => {
    const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, ev.enable, ev.saved], input);
    const checked = selectConversionTable(path.steps[1]!.state as never, events);
    expect([...checked.selected]).toEqual(['level_complete']);
    expect(checked.toEnable).toEqual(['level_complete']);
    expect(checked.toDisable).toEqual([]);
    expect(selectConversionTable(path.steps[2]!.state as never, events)).toMatchObject({
      enabling: true,
      disabling: false,
      busy: true,
    });
    expect(path.steps[2]!.state.context.action).toBe('enable');
    expect(path.state.value).toBe('idle');
    expect(path.state.context.selected).toEqual([]);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'app-1' }]]);
    expect(spies.logError).not.toHaveBeenCalled();
  });

  it('Disable saves with its own action and reloads', async () => {
    const path = pathOf(firebaseConversionEventsMachine, [ev.toggle, ev.disable, ev.saved], input);
    expect(selectConversionTable(path.steps[2]!.state as never, events)).toMatchObject({
      enabling: false,
      disabling: true,
      busy: true,
    });
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.changed).toHaveBeenCalledTimes(1);
  });

  it('failures are only logged (docs/integrations.md §Messages) and keep the selection', async () => {
    for (const [action, outcome] of [
      [ev.enable, ev.refused],
      [ev.enable, ev.thrown],
      [ev.disable, ev.refused],
      [ev.disable, ev.conflict],
    ] as const) {
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
