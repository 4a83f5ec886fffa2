/** The payment-method setup flow bound to the billing service, the browser's location and the billing queries. */
import { fromPromise } from 'xstate';
import { paymentMethodSetupMachine } from './payment-method-setup.machine';
import { defineFlow } from '../shared/flow';
import { requestPaymentMethodSetup } from '../../services/billing.service';
import { billingQueryKey } from '../../services/billing.queries';
import { queryClient } from '../../queryClient';

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
    clearReturnFlag: () => {
      const url = new URL(window.location.href);
      if (!url.searchParams.has('success')) return;
      url.searchParams.delete('success');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    },
  },
});

export const paymentMethodSetupFlow = defineFlow({ name: 'payment-method-setup', bind: () => livePaymentMethodSetupMachine });
