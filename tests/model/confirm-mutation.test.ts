/**
 * Paths of the shared confirm → mutate child (src/machines/shared/confirm-mutation.machine.ts): every state node
 * reachable with and without the confirm step; a success is done with the answer; a `success: false` answer and a
 * thrown call are both failed, told apart in the output; CANCEL ends it without a call; the call gets the request
 * and the abort signal.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { confirmMutation, confirmMutationMachine, mutation } from '../../src/machines/shared/confirm-mutation.machine';
import { notOk, ok } from '../fixtures/team';
import {
  apiError,
  defineModel,
  eventTypes,
  pathOf,
  pendingForever,
  shortestPaths,
  shortestPathTo,
  unreachedStateNodeIds,
} from './graph-harness';
import { calls } from './fixtures';

const mutate = calls('mutate');

const model = defineModel(confirmMutationMachine, {
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.mutate': [mutate.done(ok('Saved.')), mutate.done(notOk('No.'))],
  'xstate.error.actor.mutate': mutate.status(409, 'Already there.', 'conflict'),
});
const [confirmEvent, cancelEvent, answered, refused, thrown] = model.events;
const machine = confirmMutationMachine.provide({ actors: { mutate: pendingForever() } });
const asking = { request: { id: 'r-1' }, confirm: true };
const atOnce = { request: { id: 'r-1' }, confirm: false };

describe('confirm-mutation machine paths', () => {
  it('reaches every state node, asking first or not', () => {
    const paths = [
      ...shortestPaths(machine, model.events, { input: asking }),
      ...shortestPaths(machine, model.events, { input: atOnce }),
    ];
    expect(unreachedStateNodeIds(confirmMutationMachine, paths, ['confirmMutation.start'])).toEqual([]);
  });

  it('asking: CONFIRM → mutating → done, the answer in the output', () => {
    const path = shortestPathTo(machine, model.events, { input: asking, toState: (s) => s.matches('done') });
    expect(eventTypes(path)).toEqual(['CONFIRM', 'xstate.done.actor.mutate']);
    expect(path.steps[1]!.state.matches('mutating')).toBe(true);
    expect(path.state.status).toBe('done');
    expect(path.state.output).toEqual({ status: 'done', answer: { success: true, message: 'Saved.' } });
  });

  it('without confirm it calls at once; CONFIRM and CANCEL mean nothing then', () => {
    const start = pathOf(machine, [], atOnce).state;
    expect(start.matches('mutating')).toBe(true);
    expect(start.can(confirmEvent!)).toBe(false);
    expect(start.can(cancelEvent!)).toBe(false);
  });

  it('a success: false answer and a thrown call are both failed, told apart', () => {
    expect(pathOf(machine, [refused!], atOnce).state.output).toEqual({
      status: 'failed',
      answer: { success: false, message: 'No.' },
      error: null,
    });
    const output = pathOf(machine, [thrown!], atOnce).state.output;
    expect(output).toMatchObject({ status: 'failed', answer: null });
    expect(output.error).toBeInstanceOf(Error);
    expect(pathOf(machine, [confirmEvent!, answered!], asking).state.matches('done')).toBe(true);
  });

  it('CANCEL while asking ends it cancelled, without a call', async () => {
    const call = vi.fn();
    const live = confirmMutationMachine.provide({ actors: { mutate: fromPromise(async () => call()) } });
    const actor = createActor(live, { input: asking }).start();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().output).toEqual({ status: 'cancelled' });
    expect(call).not.toHaveBeenCalled();
  });

  it('mutation(call) binds the call: it gets the request and the abort signal', async () => {
    const call = vi.fn(async (_request: { id: string }, _signal: AbortSignal) => ok('Done.'));
    const actor = createActor(mutation(call), { input: asking }).start();
    actor.send({ type: 'CONFIRM' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.output).toEqual({ status: 'done', answer: { success: true, message: 'Done.' } });
    expect(call.mock.calls[0]![0]).toEqual({ id: 'r-1' });
    expect(call.mock.calls[0]![1]).toBeInstanceOf(AbortSignal);
  });

  it('a failing call is failed with what it threw', async () => {
    const error = apiError(500, 'Something went wrong. Please try again later.', 'internal');
    const actor = createActor(
      confirmMutation<{ id: string }, { success: boolean }>().provide({
        actors: { mutate: fromPromise(async () => Promise.reject(error)) },
      }),
      { input: atOnce },
    ).start();
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.output).toEqual({ status: 'failed', answer: null, error });
  });
});
