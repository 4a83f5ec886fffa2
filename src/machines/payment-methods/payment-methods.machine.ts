/**
 * Actions on the Payment Methods tab (docs/billing.md §Screens and routes billing, §Entities payment method, §API endpoints "set default, delete"): making a method
 * the default, and deleting one behind a confirm. Both calls are the shared confirm → mutate child
 * (src/machines/shared/confirm-mutation.machine.ts): set default calls at once, delete waits for CONFIRM.
 *
 *   idle ─SET_DEFAULT(method)─► settingDefault ─┬─ success ─► idle (DEFAULT_SET snackbar, `methodsChanged`)
 *                                                └─ refused / thrown ─► idle (the server's reason, else
 *                                                                       SET_DEFAULT_FAILED, as an error snackbar)
 *   idle ─DELETE(method)─► deleting.confirming ─CONFIRM─► deleting.working ─┬─ success ─► idle (DELETED snackbar,
 *        └─CANCEL─► idle                                                      │             `methodsChanged`)
 *                                                                             └─ refused / thrown ─► refused
 *   refused: the dialog stays open and says why (the server's reason, else DELETE_FAILED) ─CONFIRM─►
 *   deleting.working (again, no second confirm) | ─CANCEL─► idle
 *   blocked: a delete that cannot succeed (the only method while charges are pending): said up front, before any
 *   confirm, when the list marks the method `deletable: false`, or when the server refuses it that way
 *   (409 payment_method_required); no "Try again", the way out is adding a method:
 *   ─ADD_METHOD─► idle (`addMethod` starts the hosted setup) | ─CANCEL─► idle
 *
 * `notify`, `methodsChanged` and `addMethod` are provided by payment-methods.actors.ts.
 */
import { and, assign, sendTo, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SuccessMessage } from '../../contracts/codecs';
import {
  answerWords,
  confirmMutation,
  outcomeDone,
  outcomeFailed,
  outcome,
  type MutationOutcome,
} from '../shared/confirm-mutation.machine';
import { apiFailure, networkWords, serverWords } from '../shared/api-error';
import { LAST_DEFAULT_PENDING, PAYMENT_METHOD_REQUIRED } from '../../contracts/billing';
import { notify } from '../shared/notice';

/** Ours (docs/billing.md §Messages gives no billing messages). */
export const DEFAULT_SET = 'Default payment method updated.';
export const SET_DEFAULT_FAILED = 'We could not change the default payment method. Please try again later.';
export const METHOD_DELETED = 'Payment method deleted.';
export const DELETE_FAILED = 'We could not delete the payment method. Please try again later.';
export const DELETE_TITLE = 'Delete payment method';
export const CANNOT_DELETE_TITLE = 'This payment method is still needed';
export const ADD_METHOD_LABEL = 'Add payment method';
export const deleteQuestion = (label: string) =>
  `Are you sure you want to delete ${label}? It can no longer be used to pay.`;

/** The method an action is about, with the words that name it ("Visa ending in 4242", "Manual invoice"). */
export interface MethodRef {
  id: string;
  label: string;
  /** false: deleting it would be refused (the only method while charges are pending); absent: may be deleted. */
  deletable?: boolean;
}
export interface MethodRequest {
  workspaceId: string;
  paymentMethodId: string;
}
export interface PaymentMethodsInput {
  workspaceId: string;
}
export interface PaymentMethodsContext {
  workspaceId: string;
  method: MethodRef | null;
  error: string | null;
  /** Deleting again after a refusal: the child calls without asking a second time. */
  retrying: boolean;
}
export type PaymentMethodsEvent =
  | { type: 'SET_DEFAULT'; method: MethodRef }
  | { type: 'DELETE'; method: MethodRef }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'ADD_METHOD' };

/** Why a call failed, in words: the server's reason when it gave one on purpose, else the fallback. */
const reasonOf = (outcome: MutationOutcome, fallback: string) =>
  outcome.status === 'failed'
    ? ((outcome.answer ? answerWords(outcome) : (serverWords(outcome.error) ?? networkWords(outcome.error))) ??
      fallback)
    : fallback;

/** The server refused the delete because the method is still needed: retrying cannot help. */
const stillNeeded = (outcome: MutationOutcome) =>
  outcome.status === 'failed' && apiFailure(outcome.error)?.code === PAYMENT_METHOD_REQUIRED;

const request = (context: PaymentMethodsContext): MethodRequest => ({
  workspaceId: context.workspaceId,
  paymentMethodId: context.method!.id,
});
const WORKING = { deleting: 'working' };

export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
    input: {} as PaymentMethodsInput,
    children: {} as { deleteMethod: 'deleteMethod'; setDefault: 'setDefault' },
  },
  actors: {
    deleteMethod: confirmMutation<MethodRequest, SuccessMessage>(),
    setDefault: confirmMutation<MethodRequest, SuccessMessage>(),
  },
  guards: {
    /** DELETE of a method the server says cannot go yet. */
    notDeletable: ({ event }) => event.type === 'DELETE' && event.method.deletable === false,
    outcomeDone,
    outcomeFailed,
    /** The delete was confirmed: the child is calling (its answer before CONFIRM cannot happen). */
    deleteConfirmed: stateIn(WORKING),
  },
  actions: {
    notify,
    /** The workspace's payment methods changed: read them again. */
    methodsChanged: (_args, _params: { workspaceId: string }) => {},
    /** Start adding a payment method (the hosted setup page). */
    addMethod: () => {},
  },
}).createMachine({
  id: 'paymentMethods',
  context: ({ input }) => ({ workspaceId: input.workspaceId, method: null, error: null, retrying: false }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ method: null, error: null, retrying: false }),
      on: {
        SET_DEFAULT: { target: 'settingDefault', actions: assign({ method: ({ event }) => event.method }) },
        DELETE: [
          {
            guard: 'notDeletable',
            target: 'blocked',
            actions: assign({ method: ({ event }) => event.method, error: LAST_DEFAULT_PENDING }),
          },
          { target: 'deleting', actions: assign({ method: ({ event }) => event.method }) },
        ],
      },
    },
    settingDefault: {
      invoke: {
        id: 'setDefault',
        src: 'setDefault',
        input: ({ context }) => ({ request: request(context), confirm: false }),
        onDone: [
          {
            guard: outcome('outcomeDone'),
            target: 'idle',
            actions: [
              { type: 'notify', params: { message: DEFAULT_SET, kind: 'success' } },
              { type: 'methodsChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ event }) => ({ message: reasonOf(event.output, SET_DEFAULT_FAILED), kind: 'error' as const }),
            },
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: { message: SET_DEFAULT_FAILED, kind: 'error' } },
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteMethod',
        src: 'deleteMethod',
        input: ({ context }) => ({ request: request(context), confirm: !context.retrying }),
        onDone: [
          {
            guard: and(['deleteConfirmed', outcome('outcomeDone')]),
            target: 'idle',
            actions: [
              { type: 'notify', params: { message: METHOD_DELETED, kind: 'success' } },
              { type: 'methodsChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
            ],
          },
          {
            guard: and(['deleteConfirmed', ({ event }) => stillNeeded(event.output)]),
            target: 'blocked',
            actions: assign({ error: ({ event }) => reasonOf(event.output, LAST_DEFAULT_PENDING) }),
          },
          {
            guard: and(['deleteConfirmed', outcome('outcomeFailed')]),
            target: 'refused',
            actions: assign({ error: ({ event }) => reasonOf(event.output, DELETE_FAILED) }),
          },
        ],
        onError: { target: 'refused', actions: assign({ error: DELETE_FAILED }) },
      },
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'working', actions: sendTo('deleteMethod', { type: 'CONFIRM' }) },
            CANCEL: { target: '#paymentMethods.idle' },
          },
        },
        working: {},
      },
    },
    refused: {
      on: {
        CONFIRM: { target: '#paymentMethods.deleting.working', actions: assign({ retrying: true, error: null }) },
        CANCEL: 'idle',
      },
    },
    blocked: {
      on: {
        ADD_METHOD: { target: 'idle', actions: 'addMethod' },
        CANCEL: 'idle',
      },
    },
  },
});

export type PaymentMethodsActor = ActorRefFrom<typeof paymentMethodsMachine>;
export type PaymentMethodsSnapshot = SnapshotFrom<typeof paymentMethodsMachine>;
