/** View model of the promo code box (docs/billing.md §Rules and limits: Redeem disabled while the code is empty). */
import { canRedeemVoucher } from '../../contracts/billing';
import type { RedeemPromoSnapshot } from './redeem-promo.machine';

export const selectRedeem = (s: RedeemPromoSnapshot) => ({
  code: s.context.code,
  busy: s.matches('redeeming'),
  canRedeem: s.matches('editing') && canRedeemVoucher(s.context.code),
  error: s.context.error,
});
