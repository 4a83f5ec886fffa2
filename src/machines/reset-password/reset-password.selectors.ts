/** View model of /reset-password/{token}. */
import { RESET_LINK_NOT_FOUND, RESET_LINK_REFUSED } from '../../contracts/account';
import { LINK_UNAVAILABLE, type ResetPasswordSnapshot, type resetPasswordMachine } from './reset-password.machine';
import type { EventOf, SendTo } from '../shared/flow';

export type ResetPageStatus = 'loading' | 'form' | 'refused' | 'notFound' | 'unavailable' | 'done';

export const selectResetPassword = (s: ResetPasswordSnapshot) => {
  const status: ResetPageStatus = s.matches('loading')
    ? 'loading'
    : s.matches('ready') || s.matches('saving')
      ? 'form'
      : s.matches('refused')
        ? 'refused'
        : s.matches('notFound')
          ? 'notFound'
          : s.matches('unavailable')
            ? 'unavailable'
            : 'done';
  const message =
    status === 'refused'
      ? RESET_LINK_REFUSED[s.context.refusal ?? 'used']
      : status === 'notFound'
        ? RESET_LINK_NOT_FOUND
        : status === 'unavailable'
          ? LINK_UNAVAILABLE
          : null;
  return {
    status,
    message,
    email: s.context.email,
    password: s.context.password,
    confirm: s.context.confirm,
    errors: s.context.errors,
    error: s.context.error,
    busy: s.matches('saving') || s.matches('done'),
  };
};

export const resetPasswordActions = (send: SendTo<typeof resetPasswordMachine>) => ({
  change: (field: EventOf<typeof resetPasswordMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  retry: () => send({ type: 'RETRY' }),
});
