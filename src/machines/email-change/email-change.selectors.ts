/** View model of the account page's e-mail section. */
import { STATUS_UNAVAILABLE, type EmailChangeSnapshot, type emailChangeMachine } from './email-change.machine';
import type { EventOf, SendTo } from '../shared/flow';

export type EmailChangeView = 'loading' | 'unavailable' | 'idle' | 'editing' | 'pending';

export const selectEmailChange = (s: EmailChangeSnapshot) => {
  const view: EmailChangeView = s.matches('loading')
    ? 'loading'
    : s.matches('unavailable')
      ? 'unavailable'
      : s.matches('editing') || s.matches('sending')
        ? 'editing'
        : s.matches('pending') || s.matches('cancelling')
          ? 'pending'
          : 'idle';
  return {
    view,
    unavailable: view === 'unavailable' ? STATUS_UNAVAILABLE : null,
    currentEmail: s.context.currentEmail,
    email: s.context.email,
    password: s.context.password,
    pendingEmail: s.context.pending?.email ?? null,
    sandbox: s.context.delivery === 'sandbox',
    errors: s.context.errors,
    error: s.context.error,
    sending: s.matches('sending'),
    cancelling: s.matches('cancelling'),
  };
};

export const emailChangeActions = (send: SendTo<typeof emailChangeMachine>) => ({
  edit: () => send({ type: 'EDIT' }),
  change: (field: EventOf<typeof emailChangeMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
  cancelChange: () => send({ type: 'CANCEL_CHANGE' }),
  retry: () => send({ type: 'RETRY' }),
});
