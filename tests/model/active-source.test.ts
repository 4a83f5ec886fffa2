/**
 * Paths of the Overview's active switch (src/machines/active-source; docs/integrations.md §Plugin states one active source, 'Confirm Change?' /
 * 'This will cause all events to be stopped.'): every state reachable; confirm → activated; cancel; each failure.
 */
import { describe, expect, it } from 'vitest';
import { activeSourceMachine } from '../../src/machines/active-source/active-source.machine';
import { selectActiveConfirm } from '../../src/machines/active-source/active-source.selectors';
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

const input = { appId: 'dragon-merge-ios' };
const model = defineModel(activeSourceMachine, {
  ACTIVATE: { type: 'ACTIVATE', plugin: { id: 'p-bq', source: 'BigQuery' } },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.activate': [
    done('activate', { status: 'done', answer: { success: true } } as MutationOutcome<SuccessResponse>),
    done('activate', { status: 'failed', answer: { success: false }, error: null } as MutationOutcome<SuccessResponse>),
    done('activate', {
      status: 'failed',
      answer: null,
      error: apiError(409, 'Connect the source to activate it', 'not_connected'),
    } as MutationOutcome<SuccessResponse>),
  ],
  'xstate.error.actor.activate': failed('activate', new Error('the child broke')),
});
const ev = {
  activate: fixture(model, 'ACTIVATE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  done: fixture(model, 'xstate.done.actor.activate', 0),
  refused: fixture(model, 'xstate.done.actor.activate', 1),
  thrown: fixture(model, 'xstate.done.actor.activate', 2),
};
const spied = () =>
  spyActions(activeSourceMachine.provide({ actors: { activate: pendingMutation() } }), [
    'notify',
    'changed',
    'logError',
  ]);

describe('active-source machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(activeSourceMachine, shortestPaths(activeSourceMachine, model.events, { input })),
    ).toEqual([]);
  });

  it("asks 'Confirm Change?' with the SPEC words, then activates and reloads", async () => {
    const path = pathOf(activeSourceMachine, [ev.activate, ev.confirm, ev.done], input);
    expect(selectActiveConfirm(path.steps[1]!.state as never)).toEqual({
      open: true,
      busy: false,
      title: 'Confirm Change?',
      message: 'This will cause all events to be stopped.',
    });
    expect(path.state.matches('idle')).toBe(true);
    const { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'BigQuery is now the active source.', kind: 'success' }]]);
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'dragon-merge-ios' }]]);
  });

  it('cancel changes nothing; a refusal or a thrown call says it failed', async () => {
    let path = pathOf(activeSourceMachine, [ev.activate, ev.cancel], input);
    let { machine, spies } = spied();
    (await replay(machine, path, input)).stop();
    expect(spies.notify).not.toHaveBeenCalled();
    expect(pathOf(activeSourceMachine, [ev.activate], input).state.can(ev.done)).toBe(false);
    for (const event of [ev.refused, ev.thrown]) {
      path = pathOf(activeSourceMachine, [ev.activate, ev.confirm, event], input);
      ({ machine, spies } = spied());
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to change the active source.', kind: 'error' }]]);
      expect(spies.changed).not.toHaveBeenCalled();
    }
  });
});
