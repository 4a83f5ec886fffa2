/** View model of the account page's password change. */
import type { ChangePasswordSnapshot, changePasswordMachine } from './change-password.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectChangePassword = (s: ChangePasswordSnapshot) => ({
  currentPassword: s.context.currentPassword,
  newPassword: s.context.newPassword,
  confirm: s.context.confirm,
  errors: s.context.errors,
  error: s.context.error,
  busy: s.matches('saving'),
});

export const changePasswordActions = (send: SendTo<typeof changePasswordMachine>) => ({
  change: (field: EventOf<typeof changePasswordMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
});
