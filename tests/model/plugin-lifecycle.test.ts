/**
 * Paths of the plugin lifecycle machine (src/machines/plugin-lifecycle; docs/integrations.md §Screens and routes 'Delete Plugin?' / 'Disconnect
 * Plugin?', §Plugin states "Disconnect always requires confirmation", §API endpoints connect / disconnect / delete): every state reachable;
 * connect runs at once; disconnect and delete ask first, cancel changes nothing; success reloads the plugins; a refusal
 * and a thrown call each say their failure.
 */
import { describe, expect, it } from 'vitest';
import { pluginLifecycleMachine } from '../../src/machines/plugin-lifecycle/plugin-lifecycle.machine';
import { selectPluginConfirm } from '../../src/machines/plugin-lifecycle/plugin-lifecycle.selectors';
import type { MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { SuccessResponse } from '../../src/contracts/integrations';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingMutation,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { appId: 'pixel-racer-android' };
const plugin = { id: 'plugin-1', source: 'BigQuery' as const };
const outcome = {
  done: { status: 'done', answer: { success: true } } as MutationOutcome<SuccessResponse>,
  refused: { status: 'failed', answer: { success: false }, error: null } as MutationOutcome<SuccessResponse>,
  thrown: { status: 'failed', answer: null, error: apiError(503, 'down') } as MutationOutcome<SuccessResponse>,
};
const model = defineModel(pluginLifecycleMachine, {
  CONNECT: { type: 'CONNECT', plugin },
  DISCONNECT: { type: 'DISCONNECT', plugin },
  DELETE: { type: 'DELETE', plugin },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.pluginAction': [
    done('pluginAction', outcome.done),
    done('pluginAction', outcome.refused),
    done('pluginAction', outcome.thrown),
  ],
  'xstate.error.actor.pluginAction': failed('pluginAction', new Error('the child broke')),
});
const ev = {
  connect: fixture(model, 'CONNECT'),
  disconnect: fixture(model, 'DISCONNECT'),
  del: fixture(model, 'DELETE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  done: fixture(model, 'xstate.done.actor.pluginAction', 0),
  refused: fixture(model, 'xstate.done.actor.pluginAction', 1),
  thrown: fixture(model, 'xstate.done.actor.pluginAction', 2),
  broke: fixture(model, 'xstate.error.actor.pluginAction'),
};
const spied = () =>
  spyActions(pluginLifecycleMachine.provide({ actors: { pluginAction: pendingMutation() } }), [
    'notify',
    'changed',
    'logError',
  ]);

describe('plugin-lifecycle machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(pluginLifecycleMachine, shortestPaths(pluginLifecycleMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('delete asks "Delete Plugin?", then deletes, says so and reloads the plugins', async () => {
    const path = pathOf(pluginLifecycleMachine, [ev.del, ev.confirm, ev.done], input);
    expect(selectPluginConfirm(path.steps[1]!.state as never)).toMatchObject({
      open: true,
      busy: false,
      title: 'Delete Plugin?',
      message: 'Are you sure you want to delete the BigQuery plugin?',
    });
    expect(selectPluginConfirm(path.steps[2]!.state as never)).toMatchObject({ open: true, busy: true });
    expect(path.state.matches('idle')).toBe(true);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'BigQuery plugin deleted.', kind: 'success' }]]);
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'pixel-racer-android' }]]);
  });

  it('disconnect asks "Disconnect Plugin?" (SPEC: always confirmed); cancel changes nothing', async () => {
    const path = pathOf(pluginLifecycleMachine, [ev.disconnect, ev.cancel], input);
    expect(selectPluginConfirm(path.steps[1]!.state as never)).toMatchObject({
      title: 'Disconnect Plugin?',
      message: 'Are you sure you want to disconnect BigQuery plugin?',
    });
    expect(path.state.matches('idle')).toBe(true);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.changed).not.toHaveBeenCalled();
  });

  it('connect runs without a confirm; nothing the child says counts before CONFIRM of a confirmed action', () => {
    const running = pathOf(pluginLifecycleMachine, [ev.connect], input).state;
    expect(running.matches({ working: 'running' })).toBe(true);
    expect(selectPluginConfirm(running).open).toBe(false);
    const confirming = pathOf(pluginLifecycleMachine, [ev.del], input).state;
    for (const event of [ev.done, ev.refused, ev.thrown]) expect(confirming.can(event)).toBe(false);
  });

  it('a refusal and a thrown call say the failure; only the thrown one is logged', async () => {
    for (const [event, logged] of [
      [ev.refused, false],
      [ev.thrown, true],
      [ev.broke, true],
    ] as const) {
      const path = pathOf(pluginLifecycleMachine, [ev.connect, event], input);
      expect(path.state.matches('idle')).toBe(true);
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to connect BigQuery.', kind: 'error' }]]);
      expect(spies.logError).toHaveBeenCalledTimes(logged ? 1 : 0);
      expect(spies.changed).not.toHaveBeenCalled();
    }
  });
});
