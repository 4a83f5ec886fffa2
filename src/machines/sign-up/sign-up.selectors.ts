/** View model of /sign-up and /confirm-sign-up/{token}. */
import { RESET_LINK_NOT_FOUND } from '../../contracts/account';
import { SIGN_UP_CLOSED } from '../../contracts/sign-up';
import { CONFIRM_UNAVAILABLE, type SignUpSnapshot, type signUpMachine } from './sign-up.machine';
import type { EventOf, SendTo } from '../shared/flow';

export type SignUpPageStatus =
  'loading' | 'form' | 'sent' | 'closed' | 'confirming' | 'refused' | 'notFound' | 'unavailable';

export const selectSignUp = (s: SignUpSnapshot) => {
  const status: SignUpPageStatus =
    s.matches('start') || s.matches('checking')
      ? 'loading'
      : s.matches('editing') || s.matches('sending')
        ? 'form'
        : s.matches('sent')
          ? 'sent'
          : s.matches('closed')
            ? 'closed'
            : s.matches('refused')
              ? 'refused'
              : s.matches('notFound')
                ? 'notFound'
                : s.matches('unavailable')
                  ? 'unavailable'
                  : 'confirming';
  const message =
    status === 'closed'
      ? SIGN_UP_CLOSED
      : status === 'refused'
        ? s.context.error
        : status === 'notFound'
          ? RESET_LINK_NOT_FOUND
          : status === 'unavailable'
            ? CONFIRM_UNAVAILABLE
            : null;
  return {
    status,
    message,
    form: {
      firstName: s.context.firstName,
      lastName: s.context.lastName,
      email: s.context.email,
      password: s.context.password,
      workspaceName: s.context.workspaceName,
    },
    errors: s.context.errors,
    error: s.matches('editing') || s.matches('sending') ? s.context.error : null,
    busy: s.matches('sending'),
    sandbox: s.context.delivery === 'sandbox',
  };
};

export const signUpActions = (send: SendTo<typeof signUpMachine>) => ({
  change: (field: EventOf<typeof signUpMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  again: () => send({ type: 'AGAIN' }),
  retry: () => send({ type: 'RETRY' }),
});
