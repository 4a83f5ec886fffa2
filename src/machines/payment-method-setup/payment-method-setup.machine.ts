/**
 * Adding a payment method through the provider's hosted page (docs/billing.md §Screens and routes billing: "The query parameter success=true
 * shows 'Payment method added successfully'"; §API endpoints "set up payment method returning a redirect URL").
 *
 *   start ─ input.returned ─► returned ('Payment method added successfully', the methods re-read, the address
 *                                                                          becomes the Payment Methods tab's)
 *         └ otherwise ──────► idle
 *   idle | returned | failed ─START─► requesting ─┬─ { success, url } ─► redirecting (final: `redirect` to the url)
 *                                                  ├─ success: false ──► failed (SETUP_FAILED)
 *                                                  └─ thrown ──────────► failed (the server's words when it chose
 *                                                                         them, else SETUP_FAILED)
 *   requesting ─CANCEL─► idle (the call is aborted)      returned | failed ─DISMISS─► idle
 *
 * `redirect`, `methodsChanged` and `clearReturnFlag` are provided by payment-method-setup.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SetupPaymentMethodResponse } from '../../contracts/billing';
import { toProvide } from '../shared/to-provide';
import { serverWords, networkWords } from '../shared/api-error';

/** docs/billing.md §Screens and routes, verbatim. */
export const PAYMENT_METHOD_ADDED = 'Payment method added successfully';
/** Ours. */
export const SETUP_FAILED = 'We could not open the payment page. Please try again later.';

export interface SetupInput {
  workspaceId: string;
  /** The page was opened with ?success=true (back from the hosted page). */
  returned: boolean;
}
export interface SetupContext {
  workspaceId: string;
  returned: boolean;
  error: string | null;
}
export type SetupEvent = { type: 'START' } | { type: 'CANCEL' } | { type: 'DISMISS' };

export const paymentMethodSetupMachine = setup({
  types: {
    context: {} as SetupContext,
    events: {} as SetupEvent,
    input: {} as SetupInput,
    children: {} as { requestSetup: 'requestSetup' },
  },
  actors: {
    requestSetup: toProvide<SetupPaymentMethodResponse, { workspaceId: string }>('requestSetup'),
  },
  guards: {
    setupUrlGiven: (_, answer: { success: boolean; url: string }) => answer.success && answer.url.length > 0,
    returned: ({ context }) => context.returned,
  },
  actions: {
    /** Leave for the hosted page. */
    redirect: (_args, _params: { url: string }) => {},
    /** The workspace's payment methods changed: read them again. */
    methodsChanged: (_args, _params: { workspaceId: string }) => {},
    /** Leave ?success=true for the Payment Methods tab's own address, so a reload does not say it again. */
    clearReturnFlag: (_args, _params: { workspaceId: string }) => {},
  },
}).createMachine({
  id: 'paymentMethodSetup',
  context: ({ input }) => ({ workspaceId: input.workspaceId, returned: input.returned, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'returned', target: 'returned' }, { target: 'idle' }],
    },
    returned: {
      entry: [
        { type: 'methodsChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
        { type: 'clearReturnFlag', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
      ],
      on: { START: 'requesting', DISMISS: 'idle' },
    },
    idle: {
      on: { START: 'requesting' },
    },
    requesting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'requestSetup',
        src: 'requestSetup',
        input: ({ context }) => ({ workspaceId: context.workspaceId }),
        onDone: [
          {
            guard: { type: 'setupUrlGiven', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) },
          },
          { target: 'failed', actions: assign({ error: SETUP_FAILED }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SETUP_FAILED,
          }),
        },
      },
      on: { CANCEL: 'idle' },
    },
    failed: {
      on: { START: 'requesting', DISMISS: { target: 'idle', actions: assign({ error: null }) } },
    },
    redirecting: { type: 'final' },
  },
});

export type PaymentMethodSetupActor = ActorRefFrom<typeof paymentMethodSetupMachine>;
export type PaymentMethodSetupSnapshot = SnapshotFrom<typeof paymentMethodSetupMachine>;
