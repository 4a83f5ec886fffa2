/**
 * Two-factor sign-in on the account page (docs/accounts.md §Two-factor sign-in).
 *
 *   loading (GET the status) ─off─► off | ─on─► on | ─error─► unavailable ─RETRY─► loading
 *   off ─ENROL─► starting (a new secret) ─ok─► enrolling | ─error─► off (words)
 *   enrolling: the QR code and the secret as text; CHANGE otp; SUBMIT (a code typed) ─► confirming; CANCEL ─► off
 *   confirming ─ok─► showingCodes (ten recovery codes, shown once) ─DONE─► on
 *              └─error─► enrolling (the server's words: a wrong code, too many codes)
 *   on ─DISABLE─► disabling: CHANGE password / otp; SUBMIT (both typed) ─► turningOff; CANCEL ─► on
 *   turningOff ─ok─► off (notified) | ─error─► disabling (the server's words, under the field it names)
 * Turning it on or off is `changed` (the binding refreshes the session: a workspace may require two-factor sign-in).
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type {
  DisableTwoFactorRequest,
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '../../contracts/two-factor';
import { apiFailure, networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const DISABLE_CODE_REQUIRED = 'Enter a code from your authenticator app, or a recovery code.';
export const PASSWORD_REQUIRED = 'Enter your password.';
export const STATUS_UNAVAILABLE = 'We could not load your two-factor sign-in. Please try again.';
export const START_FAILED = 'We could not start the set-up. Please try again.';
export const CONFIRM_FAILED = 'We could not turn on two-factor sign-in. Please try again.';
export const DISABLE_FAILED = 'We could not turn off two-factor sign-in. Please try again.';
export const TURNED_OFF = 'Two-factor sign-in is off.';

export type TwoFactorField = 'otp' | 'password';
export type TwoFactorErrors = Partial<Record<TwoFactorField, string>>;

export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  enrolment: TwoFactorEnrolment | null;
  recoveryCodes: string[];
  otp: string;
  password: string;
  errors: TwoFactorErrors;
  error: string | null;
}
export type TwoFactorEvent =
  | { type: 'ENROL' }
  | { type: 'CHANGE'; field: TwoFactorField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'DONE' }
  | { type: 'DISABLE' }
  | { type: 'RETRY' };

/** A refusal naming a field (wrong_password, wrong_code) goes under it; anything else above the buttons. */
const fieldOf = (error: unknown): TwoFactorField | null => {
  const fields = apiFailure(error)?.fields ?? [];
  return fields.includes('password') ? 'password' : fields.includes('otp') ? 'otp' : null;
};
const refusal = (error: unknown, fallback: string) => {
  const words = serverWords(error) ?? networkWords(error) ?? fallback;
  const field = fieldOf(error);
  return field ? { errors: { [field]: words }, error: null } : { errors: {}, error: words };
};
const cleared = { otp: '', password: '', errors: {}, error: null };

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    children: {} as {
      loadStatus: 'loadStatus';
      startEnrolment: 'startEnrolment';
      confirmEnrolment: 'confirmEnrolment';
      disableTwoFactor: 'disableTwoFactor';
    },
  },
  actors: {
    loadStatus: toProvide<TwoFactorStatus, void>('loadStatus'),
    startEnrolment: toProvide<TwoFactorEnrolment, void>('startEnrolment'),
    confirmEnrolment: toProvide<TwoFactorEnabled, { otp: string }>('confirmEnrolment'),
    disableTwoFactor: toProvide<{ success: true }, DisableTwoFactorRequest>('disableTwoFactor'),
  },
  guards: {
    enabled: (_, status: TwoFactorStatus) => status.enabled,
    codeTyped: ({ context }) => context.otp.trim().length > 0,
    disableTyped: ({ context }) => context.otp.trim().length > 0 && context.password.length > 0,
  },
  actions: {
    notify,
    /** Two-factor sign-in was turned on or off: the session re-reads the account (a workspace may require it). */
    changed: () => {},
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, enrolment: null, recoveryCodes: [], otp: '', password: '', errors: {}, error: null },
  initial: 'loading',
  on: {
    CHANGE: {
      actions: assign(({ context, event }) => ({
        [event.field]: event.value,
        errors: { ...context.errors, [event.field]: undefined },
        error: null,
      })),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'enabled', params: ({ event }) => event.output },
            target: 'on',
            actions: assign({ status: ({ event }) => event.output }),
          },
          { target: 'off', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: { on: { RETRY: 'loading' } },
    off: { on: { ENROL: { target: 'starting', actions: assign(cleared) } } },
    starting: {
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: { target: 'enrolling', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: {
          target: 'off',
          actions: assign({
            error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? START_FAILED,
          }),
        },
      },
    },
    enrolling: {
      on: {
        SUBMIT: [
          { guard: 'codeTyped', target: 'confirming', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: { otp: CODE_REQUIRED } }) },
        ],
        CANCEL: { target: 'off', actions: assign({ enrolment: null, ...cleared }) },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ context }) => ({ otp: context.otp.trim() }),
        onDone: {
          target: 'showingCodes',
          actions: [
            assign({
              recoveryCodes: ({ event }) => event.output.recoveryCodes,
              enrolment: null,
              status: ({ event }) => ({ enabled: true, recoveryCodesLeft: event.output.recoveryCodes.length }),
              ...cleared,
            }),
            'changed',
          ],
        },
        onError: { target: 'enrolling', actions: assign(({ event }) => refusal(event.error, CONFIRM_FAILED)) },
      },
    },
    showingCodes: { on: { DONE: { target: 'on', actions: assign({ recoveryCodes: [] }) } } },
    on: { on: { DISABLE: { target: 'disabling', actions: assign(cleared) } } },
    disabling: {
      on: {
        SUBMIT: [
          { guard: 'disableTyped', target: 'turningOff', actions: assign({ errors: {}, error: null }) },
          {
            actions: assign(({ context }) => ({
              errors: {
                ...(context.password ? {} : { password: PASSWORD_REQUIRED }),
                ...(context.otp.trim() ? {} : { otp: DISABLE_CODE_REQUIRED }),
              },
            })),
          },
        ],
        CANCEL: { target: 'on', actions: assign(cleared) },
      },
    },
    turningOff: {
      invoke: {
        id: 'disableTwoFactor',
        src: 'disableTwoFactor',
        input: ({ context }) => ({ password: context.password, otp: context.otp.trim() }),
        onDone: {
          target: 'off',
          actions: [
            assign({ status: { enabled: false, recoveryCodesLeft: 0 }, ...cleared }),
            'changed',
            { type: 'notify', params: { message: TURNED_OFF, kind: 'success' as const } },
          ],
        },
        onError: { target: 'disabling', actions: assign(({ event }) => refusal(event.error, DISABLE_FAILED)) },
      },
    },
  },
});

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;
