/** The payment-methods flow bound to the billing service, the snackbars and the billing queries. */
import { paymentMethodsMachine } from './payment-methods.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { deletePaymentMethod, setDefaultPaymentMethod } from '../../services/billing.service';
import { billingQueryKey } from '../../services/billing.queries';
import { queryClient } from '../../queryClient';

export interface PaymentMethodsDeps {
  /** Starts the payment-method-setup flow of the tab. */
  addMethod(): void;
}

const livePaymentMethodsMachine = paymentMethodsMachine.provide({
  actors: {
    setDefault: mutation(({ workspaceId, paymentMethodId }, signal) =>
      setDefaultPaymentMethod(workspaceId, paymentMethodId, signal),
    ),
    deleteMethod: mutation(({ workspaceId, paymentMethodId }, signal) =>
      deletePaymentMethod(workspaceId, paymentMethodId, signal),
    ),
  },
  actions: {
    notify: showNotice,
    methodsChanged: (_, { workspaceId }) => {
      void queryClient.invalidateQueries({ queryKey: billingQueryKey(workspaceId) });
    },
  },
});

export const paymentMethodsFlow = defineFlow({
  name: 'payment-methods',
  bind: (deps: () => PaymentMethodsDeps) =>
    livePaymentMethodsMachine.provide({ actions: { addMethod: () => deps().addMethod() } }),
});
