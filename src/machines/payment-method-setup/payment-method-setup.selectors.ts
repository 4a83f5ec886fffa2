/** View model of the Add payment method button and the 'Payment method added successfully' banner. */
import {
  PAYMENT_METHOD_ADDED,
  type PaymentMethodSetupSnapshot,
  type paymentMethodSetupMachine,
} from './payment-method-setup.machine';
import type { SendTo } from '../shared/flow';

export const selectSetup = (s: PaymentMethodSetupSnapshot) => ({
  busy: s.matches('requesting') || s.matches('redirecting'),
  added: s.matches('returned') ? PAYMENT_METHOD_ADDED : null,
  error: s.matches('failed') ? s.context.error : null,
});

/** The events the billing page (adding a payment method) sends, as named senders. */
export const paymentMethodSetupActions = (send: SendTo<typeof paymentMethodSetupMachine>) => ({
  start: () => send({ type: 'START' }),
  dismiss: () => send({ type: 'DISMISS' }),
  cancel: () => send({ type: 'CANCEL' }),
});
