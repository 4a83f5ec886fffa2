/**
 * Setting a new password from a mailed link at /reset-password/{token} (docs/accounts.md §Forgot password).
 *
 *  loading (GET the link) → ready (the link works: the address it was sent to)
 *                         | refused (410: expired or used) | notFound (404) | unavailable (RETRY → loading)
 *  ready: CHANGE password / confirm; SUBMIT (the shared password rule, both typed alike) → saving
 *  saving (POST the password) → done (`signedIn`: every other session ended, this browser signed in, home opens;
 *                                   with two-factor sign-in the sign-in page asks for the code)
 *                             | refused (410: used or expired meanwhile)
 *                             | ready with the server's words (a refused password), or SAVE_FAILED for a crash
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { SignInAnswer } from '../../contracts/auth';
import { LINK_REFUSAL_CODES, type ResetLinkPreview } from '../../contracts/account';
import { passwordProblem } from '../../contracts/passwords';
import { apiFailure, hasStatus, networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';
import { validatedFormEvents } from '../shared/validated-form';

export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const SAVE_FAILED = 'We could not set the new password. Please try again.';
export const LINK_UNAVAILABLE = 'We could not check this link. Please try again.';

export type LinkRefusal = keyof typeof LINK_REFUSAL_CODES;
export interface NewPasswordForm {
  password: string;
  confirm: string;
}
export type NewPasswordField = keyof NewPasswordForm;
export type NewPasswordErrors = Partial<Record<NewPasswordField, string>>;

/** The rule the server applies (src/contracts/passwords.ts), and the two fields typed alike. */
export function validateNewPassword(form: NewPasswordForm): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const problem = passwordProblem(form.password);
  if (problem) errors.password = problem;
  else if (form.confirm !== form.password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

export interface ResetPasswordContext extends NewPasswordForm {
  token: string;
  email: string | null;
  errors: NewPasswordErrors;
  submitted: boolean;
  error: string | null;
  refusal: LinkRefusal | null;
}
export type ResetPasswordEvent =
  { type: 'CHANGE'; field: NewPasswordField; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

const refusalOf = (error: unknown): LinkRefusal | null => {
  const failure = apiFailure(error);
  if (failure?.status !== 410) return null;
  return failure.code === LINK_REFUSAL_CODES.expired ? 'expired' : 'used';
};

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string },
    children: {} as { loadLink: 'loadLink'; resetPassword: 'resetPassword' },
  },
  actors: {
    loadLink: toProvide<ResetLinkPreview, { token: string }>('loadLink'),
    resetPassword: toProvide<SignInAnswer, { token: string; password: string }>('resetPassword'),
  },
  guards: {
    linkNotFound: (_, error: unknown) => hasStatus(error, 404),
    refused: (_, error: unknown) => refusalOf(error) !== null,
    formValid: ({ context }) => Object.keys(validateNewPassword(context)).length === 0,
  },
  actions: {
    /**
     * Signs the session in with the new token and opens the workspace, or, for an account with two-factor sign-in,
     * hands the code step to the session on the sign-in page (provided by reset-password.actors.ts).
     */
    signedIn: (_args, _params: SignInAnswer) => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token,
    email: null,
    password: '',
    confirm: '',
    errors: {},
    submitted: false,
    error: null,
    refusal: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: assign({ email: ({ event }) => event.output.email }) },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          {
            guard: { type: 'linkNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notFound',
          },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: { on: { RETRY: 'loading' } },
    notFound: {},
    refused: {},
    ready: { on: validatedFormEvents(validateNewPassword, 'saving') },
    saving: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          {
            target: 'ready',
            actions: assign({
              error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SAVE_FAILED,
            }),
          },
        ],
      },
    },
    done: {},
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
