/**
 * Paths of the payment-methods machine (src/machines/payment-methods; docs/billing.md §Screens and routes billing, §API endpoints set default and delete):
 * every state reachable; set default → done, refused, thrown; delete → confirm → deleted; cancel before confirming;
 * a refusal that says why (the only method while charges are pending) keeps the dialog open, then a retry or a
 * cancel. Both calls are the shared confirm → mutate child (invoke ids `setDefault`, `deleteMethod`).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { paymentMethodsMachine } from '../../src/machines/payment-methods/payment-methods.machine';
import {
  selectDeleteDialog,
  selectIdle,
  selectSettingDefault,
} from '../../src/machines/payment-methods/payment-methods.selectors';
import { mutation, type MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { SuccessMessage } from '../../src/contracts/codecs';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingMutation,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  stateNodeIds,
  unreachedStateNodeIds,
} from './graph-harness';

const DEFAULT_SET = 'Default payment method updated.';
const SET_DEFAULT_FAILED = 'We could not change the default payment method. Please try again later.';
const METHOD_DELETED = 'Payment method deleted.';
const DELETE_FAILED = 'We could not delete the payment method. Please try again later.';
const ONLY_METHOD =
  'This is your only payment method and charges are still pending. Add another payment method before deleting this one.';

const input = { workspaceId: 'demo-studio' };
const visa = { id: 'pm_demo_visa', label: 'Visa ending in 4242' };
/** The only method while charges are pending: the list marks it not deletable. */
const onlyVisa = { ...visa, deletable: false };
const outcome = {
  done: { status: 'done', answer: { success: true, message: 'ok' } } as MutationOutcome<SuccessMessage>,
  notOk: { status: 'failed', answer: { success: false }, error: null } as MutationOutcome<SuccessMessage>,
  onlyMethod: {
    status: 'failed',
    answer: null,
    error: apiError(409, ONLY_METHOD, 'payment_method_required'),
  } as MutationOutcome<SuccessMessage>,
  crash: { status: 'failed', answer: null, error: serverCrash() } as MutationOutcome<SuccessMessage>,
};

const model = defineModel(paymentMethodsMachine, {
  SET_DEFAULT: { type: 'SET_DEFAULT', method: visa },
  DELETE: [
    { type: 'DELETE', method: visa },
    { type: 'DELETE', method: onlyVisa },
  ],
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  ADD_METHOD: { type: 'ADD_METHOD' },
  'xstate.done.actor.setDefault': [
    done('setDefault', outcome.done),
    done('setDefault', outcome.notOk),
    done('setDefault', outcome.crash),
  ],
  'xstate.done.actor.deleteMethod': [
    done('deleteMethod', outcome.done),
    done('deleteMethod', outcome.onlyMethod),
    done('deleteMethod', outcome.crash),
  ],
  'xstate.error.actor.setDefault': failed('setDefault', new Error('the child broke')),
  'xstate.error.actor.deleteMethod': failed('deleteMethod', new Error('the child broke')),
});
const ev = {
  setDefault: fixture(model, 'SET_DEFAULT'),
  del: fixture(model, 'DELETE'),
  delOnly: fixture(model, 'DELETE', 1),
  addMethod: fixture(model, 'ADD_METHOD'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  defaultOk: fixture(model, 'xstate.done.actor.setDefault', 0),
  defaultNotOk: fixture(model, 'xstate.done.actor.setDefault', 1),
  defaultCrash: fixture(model, 'xstate.done.actor.setDefault', 2),
  deleted: fixture(model, 'xstate.done.actor.deleteMethod', 0),
  onlyMethod: fixture(model, 'xstate.done.actor.deleteMethod', 1),
  deleteCrash: fixture(model, 'xstate.done.actor.deleteMethod', 2),
  setDefaultBroke: fixture(model, 'xstate.error.actor.setDefault'),
  deleteBroke: fixture(model, 'xstate.error.actor.deleteMethod'),
};
const spied = () =>
  spyActions(
    paymentMethodsMachine.provide({ actors: { setDefault: pendingMutation(), deleteMethod: pendingMutation() } }),
    ['notify', 'methodsChanged', 'addMethod'],
  );

describe('payment-methods machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(paymentMethodsMachine, model.events, { input });
    expect(unreachedStateNodeIds(paymentMethodsMachine, paths)).toEqual([]);
    expect(stateNodeIds(paymentMethodsMachine).sort()).toEqual([
      'paymentMethods.blocked',
      'paymentMethods.deleting',
      'paymentMethods.deleting.confirming',
      'paymentMethods.deleting.working',
      'paymentMethods.idle',
      'paymentMethods.refused',
      'paymentMethods.settingDefault',
    ]);
  });

  describe('set default', () => {
    it('success: snackbar, the methods re-read, idle again', async () => {
      const path = pathOf(paymentMethodsMachine, [ev.setDefault, ev.defaultOk], input);
      expect(selectSettingDefault(path.steps[1]!.state)).toBe('pm_demo_visa');
      expect(selectIdle(path.steps[1]!.state)).toBe(false);
      expect(selectIdle(path.state)).toBe(true);
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: DEFAULT_SET, kind: 'success' }]]);
      expect(spies.methodsChanged.mock.calls).toEqual([[{ workspaceId: 'demo-studio' }]]);
    });

    for (const [name, event] of [
      ['success: false', () => ev.defaultNotOk],
      ['a crash', () => ev.defaultCrash],
      ['a broken child', () => ev.setDefaultBroke],
    ] as const) {
      it(`${name}: our error words, nothing re-read`, async () => {
        const path = pathOf(paymentMethodsMachine, [ev.setDefault, event()], input);
        expect(selectIdle(path.state)).toBe(true);
        const { machine, spies } = spied();
        (await replay(machine, path, input)).stop();
        expect(spies.notify.mock.calls).toEqual([[{ message: SET_DEFAULT_FAILED, kind: 'error' }]]);
        expect(spies.methodsChanged).not.toHaveBeenCalled();
      });
    }

    it('calls at once (no confirm) with the workspace and method ids', () => {
      const call = vi.fn(
        (_request: { workspaceId: string; paymentMethodId: string }, _signal: AbortSignal) =>
          new Promise<SuccessMessage>(() => {}),
      );
      const actor = createActor(paymentMethodsMachine.provide({ actors: { setDefault: mutation(call) } }), {
        input,
      }).start();
      actor.send(ev.setDefault as never);
      expect(call.mock.calls[0]![0]).toEqual({ workspaceId: 'demo-studio', paymentMethodId: 'pm_demo_visa' });
      actor.stop();
    });
  });

  describe('delete', () => {
    it('confirm → deleted: the dialog names the method, snackbar, methods re-read', async () => {
      const path = pathOf(paymentMethodsMachine, [ev.del, ev.confirm, ev.deleted], input);
      expect(selectDeleteDialog(path.steps[1]!.state)).toEqual({
        open: true,
        busy: false,
        blocked: false,
        title: 'Delete payment method',
        error: null,
        confirmLabel: 'Delete',
        tone: 'danger',
        message: 'Are you sure you want to delete Visa ending in 4242? It can no longer be used to pay.',
      });
      expect(selectDeleteDialog(path.steps[2]!.state)).toMatchObject({ open: true, busy: true });
      expect(selectDeleteDialog(path.state).open).toBe(false);
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify.mock.calls).toEqual([[{ message: METHOD_DELETED, kind: 'success' }]]);
      expect(spies.methodsChanged.mock.calls).toEqual([[{ workspaceId: 'demo-studio' }]]);
    });

    it('nothing is deleted before CONFIRM; the child waits for it', () => {
      const call = vi.fn(
        (_request: { workspaceId: string; paymentMethodId: string }, _signal: AbortSignal) =>
          new Promise<SuccessMessage>(() => {}),
      );
      const actor = createActor(paymentMethodsMachine.provide({ actors: { deleteMethod: mutation(call) } }), {
        input,
      }).start();
      actor.send(ev.del as never);
      expect(call).not.toHaveBeenCalled();
      actor.send(ev.confirm as never);
      expect(call.mock.calls[0]![0]).toEqual({ workspaceId: 'demo-studio', paymentMethodId: 'pm_demo_visa' });
      actor.stop();
      const confirming = pathOf(paymentMethodsMachine, [ev.del], input).state;
      for (const event of [ev.deleted, ev.onlyMethod]) expect(confirming.can(event)).toBe(false);
    });

    it('cancel before confirming: nothing deleted, nothing said', async () => {
      const path = pathOf(paymentMethodsMachine, [ev.del, ev.cancel], input);
      expect(selectIdle(path.state)).toBe(true);
      const { machine, spies } = spied();
      (await replay(machine, path, input)).stop();
      expect(spies.notify).not.toHaveBeenCalled();
      expect(spies.methodsChanged).not.toHaveBeenCalled();
    });

    it('the only method while charges are pending: said up front, before any confirm, with adding a method offered instead', async () => {
      const path = pathOf(paymentMethodsMachine, [ev.delOnly], input);
      expect(path.state.matches('blocked')).toBe(true);
      expect(selectDeleteDialog(path.state)).toEqual({
        open: true,
        busy: false,
        blocked: true,
        title: 'This payment method is still needed',
        message: ONLY_METHOD,
        error: null,
        confirmLabel: 'Add payment method',
        tone: 'primary',
      });
      expect(path.state.can(ev.confirm), 'no delete and no "Try again" from here').toBe(false);
      const add = pathOf(paymentMethodsMachine, [ev.delOnly, ev.addMethod], input);
      expect(selectIdle(add.state)).toBe(true);
      const { machine, spies } = spied();
      (await replay(machine, add, input)).stop();
      expect(spies.addMethod).toHaveBeenCalledTimes(1);
      expect(spies.notify).not.toHaveBeenCalled();
      expect(selectIdle(pathOf(paymentMethodsMachine, [ev.delOnly, ev.cancel], input).state)).toBe(true);
    });

    it('refused by the server for that reason (pending charges arrived meanwhile): the same answer, never a "Try again"', async () => {
      const path = pathOf(paymentMethodsMachine, [ev.del, ev.confirm, ev.onlyMethod], input);
      expect(path.state.matches('blocked')).toBe(true);
      expect(selectDeleteDialog(path.state)).toMatchObject({
        open: true,
        busy: false,
        message: ONLY_METHOD,
        confirmLabel: 'Add payment method',
      });
      const { machine, spies } = spied();
      (
        await replay(
          machine,
          pathOf(paymentMethodsMachine, [ev.del, ev.confirm, ev.onlyMethod, ev.addMethod], input),
          input,
        )
      ).stop();
      expect(spies.addMethod).toHaveBeenCalledTimes(1);
    });

    it("a crash or a broken child says our words, never the server's; CONFIRM retries without asking again", async () => {
      expect(
        selectDeleteDialog(pathOf(paymentMethodsMachine, [ev.del, ev.confirm, ev.deleteCrash], input).state).error,
      ).toBe(DELETE_FAILED);
      expect(selectDeleteDialog(pathOf(paymentMethodsMachine, [ev.del, ev.deleteBroke], input).state).error).toBe(
        DELETE_FAILED,
      );
      const retry = pathOf(paymentMethodsMachine, [ev.del, ev.confirm, ev.deleteCrash, ev.confirm, ev.deleted], input);
      expect(retry.steps[4]!.state.matches({ deleting: 'working' })).toBe(true);
      expect(selectIdle(retry.state)).toBe(true);

      const call = vi.fn(
        async (
          _request: { workspaceId: string; paymentMethodId: string },
          _signal: AbortSignal,
        ): Promise<SuccessMessage> => new Promise(() => {}),
      );
      const actor = createActor(paymentMethodsMachine.provide({ actors: { deleteMethod: mutation(call) } }), {
        input,
      }).start();
      actor.send(ev.del as never);
      actor.send(ev.confirm as never);
      actor.send(ev.deleteCrash as never);
      expect(actor.getSnapshot().matches('refused')).toBe(true);
      actor.send(ev.confirm as never);
      expect(call).toHaveBeenCalledTimes(2);
      actor.stop();
    });

    it('a row action cannot start while another is under way', () => {
      const busy = pathOf(paymentMethodsMachine, [ev.setDefault], input).state;
      expect(busy.can(ev.del)).toBe(false);
      expect(busy.can(ev.setDefault)).toBe(false);
    });
  });
});
