/**
 * Session lifecycle (SPEC §2 /continue, header profile menu → Logout; §7 sign-in, /api/me; §6 the account's roles).
 * checking (a stored token is verified with GET /api/me) → signedIn | signedOut;
 * signedOut: idle → signingIn → signedIn, or back to idle with the error in words;
 * signedIn: refreshing the account after workspace/app changes; signingOut revokes the token → signedOut.
 * A 401 from any call while signed in (expired or revoked token) sends EXPIRED and lands in signedOut.
 * SIGNED_IN (a token and account handed over, e.g. by an accepted invitation) signs in from signedOut; while
 * restoring or already signed in it switches the session: the new token replaces the old one, the account is
 * replaced at once and then fetched again with the new token (GET /api/me), any refresh or sign-out of the old
 * session being cancelled so its answer cannot overwrite the new one.
 * A failed sign-in shows the server's refusal in its words ('wrong email or password'), the network's, or ours —
 * never a crash's text. Every invoke has an id and an onError; the calls (with their abort signal) and the token
 * store are provided by session.actors.ts; src/views/flows/session.tsx hands the actor to the views.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Account, SignInResponse } from '../../contracts/auth';
import { hasStatus, networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export interface SessionContext {
  account: Account | null;
  error: string | null;
  /** Why the user was signed out, shown on the sign-in page. */
  notice: string | null;
}

export type SessionEvent =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'SIGNED_IN'; token: string; account: Account }
  | { type: 'SIGN_OUT' }
  | { type: 'REFRESH' }
  | { type: 'EXPIRED' };

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.';
export const SESSION_UNCHECKED = 'We could not reach Questboard to check your session. Reload the page to try again, or sign in.';
export const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { restoreAccount: 'loadAccount'; signIn: 'signIn'; refreshAccount: 'loadAccount'; signOut: 'signOut' },
  },
  actors: {
    loadAccount: toProvide<Account, void>('loadAccount'),
    signIn: toProvide<SignInResponse, { email: string; password: string }>('signIn'),
    signOut: toProvide<void, void>('signOut'),
  },
  guards: {
    hasToken: () => false,
    /** The server refused the token (401): only then is a stored token dropped; a network error or abort keeps it. */
    tokenRefused: ({ event }) => hasStatus((event as { error?: unknown }).error, 401),
  },
  actions: {
    storeToken: (_, _params: { token: string | null }) => {},
    /** SIGNED_IN (an accepted invitation): its account becomes the session's. */
    adoptAccount: assign(({ event }) => (event.type === 'SIGNED_IN' ? { account: event.account, error: null, notice: null } : {})),
  },
}).createMachine({
  id: 'session',
  context: { account: null, error: null, notice: null },
  initial: 'checking',
  on: {
    // While restoring or signed in (signedOut has its own): the handed-over session replaces the current one. Every
    // active state is exited and entered again, so a check, refresh or sign-out of the old token in flight is
    // cancelled, and refreshing starts again with the new token.
    SIGNED_IN: {
      target: '.signedIn.refreshing',
      actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.token }) }, 'adoptAccount'],
    },
  },
  states: {
    checking: {
      always: [{ guard: { type: 'hasToken' }, target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        id: 'restoreAccount',
        src: 'loadAccount',
        onDone: { target: 'signedIn', actions: assign({ account: ({ event }) => event.output }) },
        onError: [
          { guard: 'tokenRefused', target: 'signedOut', actions: { type: 'storeToken', params: { token: null } } },
          // Not refused, just not checked (offline, server down, the page closing): keep the token for the next load.
          { target: 'signedOut', actions: assign({ notice: SESSION_UNCHECKED }) },
        ],
      },
    },
    signedOut: {
      initial: 'idle',
      entry: assign({ account: null }),
      states: {
        idle: {
          on: {
            SIGN_IN: { target: 'signingIn', actions: assign({ error: null, notice: null }) },
          },
        },
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'SIGN_IN' }>;
              return { email: e.email, password: e.password };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ account: ({ event }) => event.output.account, error: null }),
              ],
            },
            onError: {
              target: 'idle',
              // The server's refusal in its words ('wrong email or password', too many attempts), else ours.
              actions: assign({ error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SIGN_IN_FAILED }),
            },
          },
        },
      },
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.token }) }, 'adoptAccount'],
        },
      },
    },
    signedIn: {
      initial: 'ready',
      states: {
        ready: { on: { REFRESH: 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refreshAccount',
            src: 'loadAccount',
            onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
            onError: { target: 'ready' },
          },
        },
        // Inside signedIn so the shell stays on screen while the token is revoked.
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: '#session.signedOut', actions: { type: 'storeToken', params: { token: null } } },
            // The token is dropped locally even when the server could not be told.
            onError: { target: '#session.signedOut', actions: { type: 'storeToken', params: { token: null } } },
          },
        },
      },
      on: {
        SIGN_OUT: { target: '.signingOut' },
        EXPIRED: {
          target: 'signedOut',
          actions: [{ type: 'storeToken', params: { token: null } }, assign({ notice: SESSION_EXPIRED })],
        },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
