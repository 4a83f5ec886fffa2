/** View model of /forgot-password. */
import type { ForgotPasswordSnapshot, forgotPasswordMachine } from './forgot-password.machine';
import type { SendTo } from '../shared/flow';

export const selectForgotPassword = (s: ForgotPasswordSnapshot) => ({
  email: s.context.email,
  fieldError: s.context.fieldError,
  error: s.context.error,
  busy: s.matches('sending'),
  sent: s.matches('sent'),
  /** The sandbox keeps mail in the server's outbox: the page says so. */
  sandbox: s.context.delivery === 'sandbox',
});

export const forgotPasswordActions = (send: SendTo<typeof forgotPasswordMachine>) => ({
  change: (email: string) => send({ type: 'CHANGE', email }),
  submit: () => send({ type: 'SUBMIT' }),
  again: () => send({ type: 'AGAIN' }),
});
