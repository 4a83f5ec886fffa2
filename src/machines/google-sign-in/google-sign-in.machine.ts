/**
 * Sign in with Google (docs/accounts.md §Sign in with Google). On the sign-in and sign-up pages: START asks the server
 * for Google's consent page (the sandbox's by default) and the page goes there. On /google-sign-in, where the
 * callback sends the browser with a single-use ticket (or the callback's refusal), the ticket is continued:
 *
 *   entering ─ticket─► continuing ─signedIn─► done (`signedIn`: the session takes the account)
 *            │                    ├─twoFactor─► codeStep (`codeNeeded`: the sign-in page's code step)
 *            │                    ├─workspace─► workspace ─SUBMIT_WORKSPACE─► creating ─► done | workspace (error) | refused
 *            │                    ├─link─► link ─SUBMIT_PASSWORD─► linking ─► done | codeStep | link (wrong password) | refused
 *            │                    ├─403 / 409 / 410─► refused (the server's words)
 *            │                    └─network or 5xx─► unavailable ─RETRY─► continuing
 *            ├─the callback's error─► refused (our words for its code)
 *            └─neither─► idle ─START─► starting ─► redirecting (`goTo`: Google's page) | idle (error)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { GoogleContinueAnswer, GoogleStartResponse } from '../../contracts/google-sign-in';
import { GOOGLE_CALLBACK_ERRORS, GOOGLE_FAILED } from '../../contracts/google-sign-in';
import type { Account } from '../../contracts/auth';
import { apiFailure, networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export const GOOGLE_START_FAILED = 'We could not start Google sign-in. Please try again.';
export const GOOGLE_CONTINUE_FAILED = 'We could not finish signing in with Google. Please try again.';
export const WORKSPACE_NAME_REQUIRED = 'Workspace name is required.';
export const GOOGLE_CREATE_FAILED = 'We could not create your account. Please try again.';
export const LINK_PASSWORD_REQUIRED = 'Enter your password.';
export const GOOGLE_LINK_FAILED = 'We could not link your Google account. Please try again.';
export const GOOGLE_CODE_NEEDED = 'Enter the code from your authenticator app to finish signing in with Google.';

export interface GoogleSignInInput {
  ticket: string | null;
  /** The callback's refusal code (`#error=`). */
  error: string | null;
}
export interface GoogleSignInContext {
  ticket: string;
  errorCode: string | null;
  /** The words shown: a refusal, or the step's error. */
  error: string | null;
  /** The Google account's address (workspace and link steps). */
  email: string;
  name: string;
  /** The last continue or link answer (read by `answered`). */
  answer: Answer | null;
}
export type GoogleSignInEvent =
  | { type: 'START' }
  | { type: 'RETRY' }
  | { type: 'SUBMIT_WORKSPACE'; name: string }
  | { type: 'SUBMIT_PASSWORD'; password: string };

type Answer = GoogleContinueAnswer;
/** A refusal that ends the sign-in (the ticket ended, Google's address unverified, sign-up off, already linked). */
const ends = (error: unknown) => [403, 409, 410].includes(apiFailure(error)?.status ?? -1);
/** The link step's own refusals: a wrong password (400), too many attempts (429). */
const retryable = (error: unknown) => [400, 429].includes(apiFailure(error)?.status ?? -1);
const endsWith = (error: unknown) => serverWords(error) ?? GOOGLE_FAILED;

export const googleSignInMachine = setup({
  types: {
    context: {} as GoogleSignInContext,
    events: {} as GoogleSignInEvent,
    input: {} as GoogleSignInInput,
    children: {} as { startGoogle: 'startGoogle'; continueGoogle: 'continueGoogle'; linkGoogle: 'linkGoogle' },
  },
  actors: {
    startGoogle: toProvide<GoogleStartResponse, void>('startGoogle'),
    continueGoogle: toProvide<Answer, { ticket: string; workspaceName?: string }>('continueGoogle'),
    linkGoogle: toProvide<Answer, { ticket: string; password: string }>('linkGoogle'),
  },
  guards: {
    hasTicket: ({ context }) => context.ticket !== '',
    hasErrorCode: ({ context }) => context.errorCode !== null,
    answered: ({ context }, step: Answer['step']) => context.answer?.step === step,
    ends: (_, error: unknown) => ends(error),
    retryable: (_, error: unknown) => retryable(error),
    workspaceNamed: ({ event }) => event.type === 'SUBMIT_WORKSPACE' && event.name.trim() !== '',
    passwordEntered: ({ event }) => event.type === 'SUBMIT_PASSWORD' && event.password !== '',
  },
  actions: {
    /** Provided: the browser goes to Google's (or the sandbox's) consent page. */
    goTo: (_args, _url: string) => {},
    /** Provided: the session takes the account (and the page opens its workspace). */
    signedIn: (_args, _answer: Answer) => {},
    /** Provided: the session's code step with this challenge (the sign-in page). */
    codeNeeded: (_args, _answer: Answer) => {},
  },
}).createMachine({
  id: 'googleSignIn',
  context: ({ input }) => ({
    ticket: input.ticket ?? '',
    errorCode: input.error,
    error: null,
    email: '',
    name: '',
    answer: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      always: [
        { guard: 'hasTicket', target: 'continuing' },
        {
          guard: 'hasErrorCode',
          target: 'refused',
          actions: assign({ error: ({ context }) => GOOGLE_CALLBACK_ERRORS[context.errorCode ?? ''] ?? GOOGLE_FAILED }),
        },
        { target: 'idle' },
      ],
    },
    idle: { on: { START: { target: 'starting', actions: assign({ error: null }) } } },
    starting: {
      invoke: {
        id: 'startGoogle',
        src: 'startGoogle',
        onDone: {
          target: 'redirecting',
          actions: { type: 'goTo', params: ({ event }) => event.output.url },
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => networkWords(event.error) ?? GOOGLE_START_FAILED }),
        },
      },
    },
    /** The browser is on its way to the consent page. */
    redirecting: {},
    continuing: {
      invoke: {
        id: 'continueGoogle',
        src: 'continueGoogle',
        input: ({ context }) => ({ ticket: context.ticket }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'ends', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ error: ({ event }) => endsWith(event.error) }),
          },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: { on: { RETRY: 'continuing' } },
    workspace: {
      on: {
        SUBMIT_WORKSPACE: [
          { guard: 'workspaceNamed', target: 'creating', actions: assign({ error: null }) },
          { actions: assign({ error: WORKSPACE_NAME_REQUIRED }) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'continueGoogle',
        src: 'continueGoogle',
        input: ({ context, event }) => ({
          ticket: context.ticket,
          workspaceName: (event as Extract<GoogleSignInEvent, { type: 'SUBMIT_WORKSPACE' }>).name.trim(),
        }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'ends', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ error: ({ event }) => endsWith(event.error) }),
          },
          {
            target: 'workspace',
            actions: assign({ error: ({ event }) => networkWords(event.error) ?? GOOGLE_CREATE_FAILED }),
          },
        ],
      },
    },
    link: {
      on: {
        SUBMIT_PASSWORD: [
          { guard: 'passwordEntered', target: 'linking', actions: assign({ error: null }) },
          { actions: assign({ error: LINK_PASSWORD_REQUIRED }) },
        ],
      },
    },
    linking: {
      invoke: {
        id: 'linkGoogle',
        src: 'linkGoogle',
        input: ({ context, event }) => ({
          ticket: context.ticket,
          password: (event as Extract<GoogleSignInEvent, { type: 'SUBMIT_PASSWORD' }>).password,
        }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'ends', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ error: ({ event }) => endsWith(event.error) }),
          },
          {
            guard: { type: 'retryable', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'link',
            actions: assign({ error: ({ event }) => serverWords(event.error) ?? GOOGLE_LINK_FAILED }),
          },
          {
            target: 'link',
            actions: assign({ error: ({ event }) => networkWords(event.error) ?? GOOGLE_LINK_FAILED }),
          },
        ],
      },
    },
    /** Where a continue or link answer leads. */
    answered: {
      always: [
        {
          guard: { type: 'answered', params: 'signedIn' },
          target: 'done',
          actions: { type: 'signedIn', params: ({ context }) => context.answer! },
        },
        {
          guard: { type: 'answered', params: 'twoFactor' },
          target: 'codeStep',
          actions: { type: 'codeNeeded', params: ({ context }) => context.answer! },
        },
        {
          guard: { type: 'answered', params: 'workspace' },
          target: 'workspace',
          actions: assign({
            email: ({ context }) => (context.answer?.step === 'workspace' ? context.answer.email : ''),
            name: ({ context }) => (context.answer?.step === 'workspace' ? context.answer.name : ''),
            error: null,
          }),
        },
        {
          target: 'link',
          actions: assign({
            email: ({ context }) => (context.answer?.step === 'link' ? context.answer.email : ''),
            error: null,
          }),
        },
      ],
    },
    refused: {},
    done: {},
    codeStep: {},
  },
});

export type GoogleSignInSnapshot = SnapshotFrom<typeof googleSignInMachine>;
export type { Account };
