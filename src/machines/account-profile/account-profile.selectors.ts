/** View model of the account page's name form. */
import type { AccountProfileSnapshot, accountProfileMachine } from './account-profile.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectAccountProfile = (s: AccountProfileSnapshot) => ({
  firstName: s.context.firstName,
  lastName: s.context.lastName,
  errors: s.context.errors,
  error: s.context.error,
  busy: s.matches('saving'),
});

export const accountProfileActions = (send: SendTo<typeof accountProfileMachine>) => ({
  change: (field: EventOf<typeof accountProfileMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
});
