/**
 * The sessions list of the account page (docs/accounts.md §Account page): every signed-in device, one signed out at
 * a time or all the others at once.
 *
 *   loading (GET sessions) → ready | unavailable (RETRY → loading)
 *   ready ─SIGN_OUT {sessionId}─► signingOut ─┬─ done ──► loading (the list read again; SIGNED_OUT_ONE notice)
 *                                               └─ error ─► ready (the server's words, else SIGN_OUT_FAILED)
 *   ready ─REFRESH (the password changed elsewhere on the page)─► loading
 *   ready ─SIGN_OUT_OTHERS (others listed)─► signingOutOthers → loading (SIGNED_OUT_OTHERS notice) | ready (error)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { AccountSession, AccountSessions, SignedOut } from '../../contracts/account';
import { toProvide } from '../shared/to-provide';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';

export const SESSIONS_UNAVAILABLE = 'We could not load your sessions. Please try again.';
export const SIGN_OUT_FAILED = 'We could not sign that session out. Please try again.';
export const SIGNED_OUT_ONE = 'Session signed out.';
export const signedOutOthers = (count: number) =>
  count === 0 ? 'No other session was signed in.' : `Signed out ${count} other session${count === 1 ? '' : 's'}.`;

export interface AccountSessionsContext {
  sessions: AccountSession[];
  /** The session being signed out (SIGN_OUT), for its busy button. */
  pending: string | null;
  error: string | null;
}
export type AccountSessionsEvent =
  { type: 'SIGN_OUT'; sessionId: string } | { type: 'SIGN_OUT_OTHERS' } | { type: 'RETRY' } | { type: 'REFRESH' };

const failureWords = ({ event }: { event: { error: unknown } }) =>
  serverWords(event.error) ?? networkWords(event.error) ?? SIGN_OUT_FAILED;

export const accountSessionsMachine = setup({
  types: {
    context: {} as AccountSessionsContext,
    events: {} as AccountSessionsEvent,
    children: {} as { loadSessions: 'loadSessions'; signOut: 'signOut'; signOutOthers: 'signOutOthers' },
  },
  actors: {
    loadSessions: toProvide<AccountSessions, void>('loadSessions'),
    signOut: toProvide<SignedOut, { sessionId: string }>('signOut'),
    signOutOthers: toProvide<SignedOut, void>('signOutOthers'),
  },
  guards: {
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
  },
  actions: { notify },
}).createMachine({
  id: 'accountSessions',
  context: { sessions: [], pending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output.sessions }) },
        onError: 'unavailable',
      },
    },
    unavailable: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        SIGN_OUT: {
          target: 'signingOut',
          actions: assign({ pending: ({ event }) => event.sessionId, error: null }),
        },
        SIGN_OUT_OTHERS: { guard: 'hasOthers', target: 'signingOutOthers', actions: assign({ error: null }) },
        REFRESH: 'loading',
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ sessionId: context.pending ?? '' }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ pending: null }),
            { type: 'notify', params: { message: SIGNED_OUT_ONE, kind: 'success' as const } },
          ],
        },
        onError: { target: 'ready', actions: assign({ pending: null, error: failureWords }) },
      },
    },
    signingOutOthers: {
      invoke: {
        id: 'signOutOthers',
        src: 'signOutOthers',
        onDone: {
          target: 'loading',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ message: signedOutOthers(event.output.signedOut), kind: 'success' as const }),
          },
        },
        onError: { target: 'ready', actions: assign({ error: failureWords }) },
      },
    },
  },
});

export type AccountSessionsSnapshot = SnapshotFrom<typeof accountSessionsMachine>;
