/**
 * Redeeming a promo code on the Balance tab (docs/billing.md §Rules and limits "Promo code Redeem disabled when empty"; §Entities credit
 * transaction; the server's refusals: unknown 404, expired 410, already used 409, too many attempts 429).
 *
 *   editing ─TYPE─► editing (the code; a refusal shown before is cleared)
 *   editing ─REDEEM (code not blank)─► redeeming ─┬─ success ───────► editing (code emptied, success snackbar,
 *                                                  │                   `creditsChanged`)
 *                                                  ├─ success: false ─► editing (REDEEM_FAILED, code kept)
 *                                                  └─ thrown ─────────► editing (the server's reason when it gave one
 *                                                                       on purpose, else REDEEM_FAILED; code kept)
 *   redeeming ─CANCEL─► editing (the call is aborted)
 *
 * `notify` and `creditsChanged` are provided by redeem-promo.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { canRedeemVoucher, PROMO_CODE_MAX } from '../../contracts/billing';
import type { SuccessMessage } from '../../contracts/codecs';
import { toProvide } from '../shared/to-provide';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { answerSucceeded } from '../shared/answer-guards';

/** Ours (docs/billing.md §Messages gives no billing messages). */
export const REDEEM_FAILED = 'We could not redeem the promo code. Please try again later.';
export const REDEEMED = 'Promo code redeemed.';

export interface RedeemInput {
  workspaceId: string;
}
export interface RedeemContext {
  workspaceId: string;
  code: string;
  error: string | null;
}
export type RedeemEvent = { type: 'TYPE'; code: string } | { type: 'REDEEM' } | { type: 'CANCEL' };

export const redeemPromoMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
    input: {} as RedeemInput,
    children: {} as { redeem: 'redeem' },
  },
  actors: {
    redeem: toProvide<SuccessMessage, { workspaceId: string; code: string }>('redeem'),
  },
  guards: {
    answerSucceeded,
    hasCode: ({ context }) => canRedeemVoucher(context.code),
  },
  actions: {
    notify,
    /** A credit was added: read the balance, runway and credits again. */
    creditsChanged: (_args, _params: { workspaceId: string }) => {},
  },
}).createMachine({
  id: 'redeemPromo',
  context: ({ input }) => ({ workspaceId: input.workspaceId, code: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        TYPE: { actions: assign({ code: ({ event }) => event.code.slice(0, PROMO_CODE_MAX), error: null }) },
        REDEEM: { guard: 'hasCode', target: 'redeeming' },
      },
    },
    redeeming: {
      entry: assign({ error: null }),
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ workspaceId: context.workspaceId, code: context.code.trim() }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({ message: event.output.message ?? REDEEMED, kind: 'success' as const }),
              },
              { type: 'creditsChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
              assign({ code: '' }),
            ],
          },
          { target: 'editing', actions: assign({ error: REDEEM_FAILED }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? REDEEM_FAILED,
          }),
        },
      },
      on: { CANCEL: 'editing' },
    },
  },
});

export type RedeemPromoActor = ActorRefFrom<typeof redeemPromoMachine>;
export type RedeemPromoSnapshot = SnapshotFrom<typeof redeemPromoMachine>;
