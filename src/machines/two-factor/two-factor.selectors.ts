/** View model of the account page's two-factor sign-in section. */
import { STATUS_UNAVAILABLE, type TwoFactorSnapshot, type twoFactorMachine } from './two-factor.machine';
import type { EventOf, SendTo } from '../shared/flow';

export type TwoFactorView = 'loading' | 'unavailable' | 'off' | 'enrolling' | 'codes' | 'on' | 'disabling';

export const selectTwoFactor = (s: TwoFactorSnapshot) => {
  const view: TwoFactorView = s.matches('loading')
    ? 'loading'
    : s.matches('unavailable')
      ? 'unavailable'
      : s.matches('off') || s.matches('starting')
        ? 'off'
        : s.matches('enrolling') || s.matches('confirming')
          ? 'enrolling'
          : s.matches('showingCodes')
            ? 'codes'
            : s.matches('on')
              ? 'on'
              : 'disabling';
  return {
    view,
    unavailable: view === 'unavailable' ? STATUS_UNAVAILABLE : null,
    recoveryCodesLeft: s.context.status?.recoveryCodesLeft ?? 0,
    secret: s.context.enrolment?.secret ?? null,
    uri: s.context.enrolment?.uri ?? null,
    recoveryCodes: s.context.recoveryCodes,
    otp: s.context.otp,
    password: s.context.password,
    errors: s.context.errors,
    error: s.context.error,
    starting: s.matches('starting'),
    busy: s.matches('confirming') || s.matches('turningOff'),
  };
};

export const twoFactorActions = (send: SendTo<typeof twoFactorMachine>) => ({
  enrol: () => send({ type: 'ENROL' }),
  change: (field: EventOf<typeof twoFactorMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
  done: () => send({ type: 'DONE' }),
  disable: () => send({ type: 'DISABLE' }),
  retry: () => send({ type: 'RETRY' }),
});
