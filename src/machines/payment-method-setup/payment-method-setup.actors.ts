/** The payment-method setup flow bound to the billing service, the browser's location and the billing queries. */
import { fromPromise } from 'xstate';
import { paymentMethodSetupMachine } from './payment-method-setup.machine';
import { defineFlow } from '../shared/flow';
import { requestPaymentMethodSetup } from '../../services/billing.service';
import { billingQueryKey } from '../../services/billing.queries';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export const livePaymentMethodSetupMachine = paymentMethodSetupMachine.provide({
  actors: {
    requestSetup: fromPromise(({ input, signal }) => requestPaymentMethodSetup(input.workspaceId, signal)),
  },
  actions: {
    redirect: (_, { url }) => {
      window.location.assign(url);
    },
    methodsChanged: (_, { workspaceId }) => {
      void queryClient.invalidateQueries({ queryKey: billingQueryKey(workspaceId) });
    },
    clearReturnFlag: (_, { workspaceId }) => {
      window.history.replaceState(window.history.state, '', href.billingTab(workspaceId, 'payment-methods'));
    },
  },
});

export const paymentMethodSetupFlow = defineFlow({
  name: 'payment-method-setup',
  bind: () => livePaymentMethodSetupMachine,
});
