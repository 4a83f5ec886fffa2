/**
 * Sign-up (docs/accounts.md §Sign-up): asking at /sign-up, then the mailed link at /confirm-sign-up/{token}.
 *
 *   start ─(no token)─► checking (GET whether sign-up is open) ─open─► editing | ─closed─► closed (invite-only)
 *                                                              └─error─► editing (the server refuses if closed)
 *   editing: CHANGE a field; SUBMIT (names, an address, the shared password rule, a workspace name) ─► sending
 *   sending ─ok─► sent (the same answer for any address; where mail goes) ─AGAIN─► editing
 *           ├─403 sign_up_closed─► closed
 *           └─other─► editing (the server's words, or SEND_FAILED; fields kept)
 *   start ─(a token)─► confirming (POST the link) ─ok─► done (`signedIn`: signed in, the new workspace opens)
 *           ├─410 link_expired / link_used, 409 account_exists─► refused (the server's words)
 *           ├─404─► notFound   ├─403 sign_up_closed─► closed
 *           └─network or 5xx─► unavailable ─RETRY─► confirming
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isEmail, MAX } from '../../contracts/codecs';
import type { LinkSent, MailDelivery } from '../../contracts/account';
import { passwordProblem } from '../../contracts/passwords';
import {
  SIGN_UP_CLOSED_CODE,
  type SignUpConfirmed,
  type SignUpRequest,
  type SignUpStatus,
} from '../../contracts/sign-up';
import { apiFailure, hasStatus, networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';
import { validatedFormEvents } from '../shared/validated-form';

export const FIRST_NAME_REQUIRED = 'First name is required.';
export const LAST_NAME_REQUIRED = 'Last name is required.';
export const INVALID_EMAIL = 'Enter a valid email address.';
export const WORKSPACE_NAME_REQUIRED = 'Workspace name is required.';
export const NAME_TOO_LONG = `At most ${MAX.name} characters.`;
export const SEND_FAILED = 'We could not create your account. Please try again.';
export const CONFIRM_UNAVAILABLE = 'We could not check this link. Please try again.';

export type SignUpForm = SignUpRequest;
export type SignUpField = keyof SignUpForm;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

const named = (value: string, required: string) =>
  !value.trim() ? required : value.trim().length > MAX.name ? NAME_TOO_LONG : null;

/** The rules the server applies (server/areas/auth/sign-up.ts), mirrored in the form. */
export function validateSignUp(form: SignUpForm): SignUpErrors {
  const errors: SignUpErrors = {};
  const checks: Array<[SignUpField, string | null]> = [
    ['firstName', named(form.firstName, FIRST_NAME_REQUIRED)],
    ['lastName', named(form.lastName, LAST_NAME_REQUIRED)],
    ['email', isEmail(form.email) ? null : INVALID_EMAIL],
    ['password', passwordProblem(form.password)],
    ['workspaceName', named(form.workspaceName, WORKSPACE_NAME_REQUIRED)],
  ];
  for (const [field, problem] of checks) if (problem) errors[field] = problem;
  return errors;
}

export interface SignUpContext extends SignUpForm {
  token: string | null;
  errors: SignUpErrors;
  submitted: boolean;
  error: string | null;
  delivery: MailDelivery | null;
}
export type SignUpEvent =
  { type: 'CHANGE'; field: SignUpField; value: string } | { type: 'SUBMIT' } | { type: 'AGAIN' } | { type: 'RETRY' };

const isClosed = (error: unknown) => apiFailure(error)?.code === SIGN_UP_CLOSED_CODE;
const isRefused = (error: unknown) => hasStatus(error, 410) || hasStatus(error, 409);

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { token: string | null },
    children: {} as { loadStatus: 'loadStatus'; requestSignUp: 'requestSignUp'; confirmSignUp: 'confirmSignUp' },
  },
  actors: {
    loadStatus: toProvide<SignUpStatus, void>('loadStatus'),
    requestSignUp: toProvide<LinkSent, SignUpRequest>('requestSignUp'),
    confirmSignUp: toProvide<SignUpConfirmed, { token: string }>('confirmSignUp'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    open: (_, status: SignUpStatus) => status.open,
    closed: (_, error: unknown) => isClosed(error),
    refused: (_, error: unknown) => isRefused(error),
    linkNotFound: (_, error: unknown) => hasStatus(error, 404),
    formValid: ({ context }) => Object.keys(validateSignUp(context)).length === 0,
  },
  actions: {
    /** Signs the session in with the new account and opens its workspace (provided by sign-up.actors.ts). */
    signedIn: (_args, _params: SignUpConfirmed) => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    token: input.token,
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    workspaceName: '',
    errors: {},
    submitted: false,
    error: null,
    delivery: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'checking' }] },
    checking: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'open', params: ({ event }) => event.output }, target: 'editing' },
          { target: 'closed' },
        ],
        onError: { target: 'editing' },
      },
    },
    closed: {},
    editing: { on: validatedFormEvents(validateSignUp, 'sending') },
    sending: {
      invoke: {
        id: 'requestSignUp',
        src: 'requestSignUp',
        input: ({ context }) => ({
          firstName: context.firstName.trim(),
          lastName: context.lastName.trim(),
          email: context.email.trim(),
          password: context.password,
          workspaceName: context.workspaceName.trim(),
        }),
        onDone: { target: 'sent', actions: assign({ delivery: ({ event }) => event.output.delivery }) },
        onError: [
          {
            guard: { type: 'closed', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'closed',
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SEND_FAILED,
            }),
          },
        ],
      },
    },
    sent: { on: { AGAIN: { target: 'editing', actions: assign({ password: '', submitted: false }) } } },
    confirming: {
      invoke: {
        id: 'confirmSignUp',
        src: 'confirmSignUp',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'closed', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'closed',
          },
          {
            guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ error: ({ event }) => serverWords(event.error) }),
          },
          {
            guard: { type: 'linkNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notFound',
          },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: { on: { RETRY: 'confirming' } },
    refused: {},
    notFound: {},
    done: {},
  },
});

export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;
