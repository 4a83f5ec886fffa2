/** View model of the Add payment method button and the 'Payment method added successfully' banner. */
import { PAYMENT_METHOD_ADDED, type PaymentMethodSetupSnapshot } from './payment-method-setup.machine';

export const selectSetup = (s: PaymentMethodSetupSnapshot) => ({
  busy: s.matches('requesting') || s.matches('redirecting'),
  added: s.matches('returned') ? PAYMENT_METHOD_ADDED : null,
  error: s.matches('failed') ? s.context.error : null,
});
