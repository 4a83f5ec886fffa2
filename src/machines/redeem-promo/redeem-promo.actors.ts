/** The redeem-promo flow bound to the billing service, the snackbars and the billing queries. */
import { fromPromise } from 'xstate';
import { redeemPromoMachine } from './redeem-promo.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { redeemPromoCode } from '../../services/billing.service';
import { billingQueryKey } from '../../services/billing.queries';
import { queryClient } from '../../queryClient';

export const liveRedeemPromoMachine = redeemPromoMachine.provide({
  actors: {
    redeem: fromPromise(({ input, signal }) => redeemPromoCode(input.workspaceId, input.code, signal)),
  },
  actions: {
    notify: showNotice,
    creditsChanged: (_, { workspaceId }) => {
      void queryClient.invalidateQueries({ queryKey: billingQueryKey(workspaceId) });
    },
  },
});

export const redeemPromoFlow = defineFlow({ name: 'redeem-promo', bind: () => liveRedeemPromoMachine });
