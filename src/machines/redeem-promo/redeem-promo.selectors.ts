/** View model of the promo code box (docs/billing.md §Rules and limits: Redeem disabled while the code is empty). */
import { canRedeemVoucher } from '../../contracts/billing';
import type { RedeemPromoSnapshot, redeemPromoMachine } from './redeem-promo.machine';
import type { SendTo } from '../shared/flow';

export const selectRedeem = (s: RedeemPromoSnapshot) => ({
  code: s.context.code,
  busy: s.matches('redeeming'),
  canRedeem: s.matches('editing') && canRedeemVoucher(s.context.code),
  error: s.context.error,
});

/** The events the promo code form sends, as named senders. */
export const redeemPromoActions = (send: SendTo<typeof redeemPromoMachine>) => ({
  type: (code: string) => send({ type: 'TYPE', code }),
  redeem: () => send({ type: 'REDEEM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
