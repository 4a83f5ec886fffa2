/**
 * The account page's Google sign-in (docs/accounts.md §Sign in with Google): which Google account is linked, and
 * unlinking it after a confirmation (the password still signs in).
 *
 *   loading ─► linked ─UNLINK─► confirming ─CONFIRM─► unlinking ─► notLinked ('Google sign-in was unlinked.')
 *           │                              └─CANCEL─► linked    └─ failed ─► linked (error)
 *           ├─► notLinked
 *           └─ failed ─► loadFailed ─RETRY─► loading
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { GoogleLinkStatus } from '../../contracts/google-sign-in';
import { notify } from '../shared/notice';
import { networkWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export const GOOGLE_UNLINKED = 'Google sign-in was unlinked.';
export const GOOGLE_UNLINK_FAILED = 'We could not unlink Google. Please try again.';
export const GOOGLE_LINK_LOAD_FAILED = 'We could not load your Google sign-in. Please try again.';

export interface GoogleLinkContext {
  email: string | null;
  error: string | null;
}
export type GoogleLinkEvent = { type: 'UNLINK' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

export const googleLinkMachine = setup({
  types: {
    context: {} as GoogleLinkContext,
    events: {} as GoogleLinkEvent,
    children: {} as { loadGoogleLink: 'loadGoogleLink'; unlinkGoogle: 'unlinkGoogle' },
  },
  actors: {
    loadGoogleLink: toProvide<GoogleLinkStatus, void>('loadGoogleLink'),
    unlinkGoogle: toProvide<GoogleLinkStatus, void>('unlinkGoogle'),
  },
  guards: { isLinked: ({ context }) => context.email !== null },
  actions: { notify },
}).createMachine({
  id: 'googleLink',
  context: { email: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadGoogleLink',
        src: 'loadGoogleLink',
        onDone: {
          target: 'loaded',
          actions: assign({ email: ({ event }) => event.output.linked?.email ?? null, error: null }),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    loaded: { always: [{ guard: 'isLinked', target: 'linked' }, { target: 'notLinked' }] },
    notLinked: {},
    linked: { on: { UNLINK: { target: 'confirming', actions: assign({ error: null }) } } },
    confirming: { on: { CONFIRM: 'unlinking', CANCEL: 'linked' } },
    unlinking: {
      invoke: {
        id: 'unlinkGoogle',
        src: 'unlinkGoogle',
        onDone: {
          target: 'notLinked',
          actions: [
            assign({ email: null }),
            { type: 'notify', params: { message: GOOGLE_UNLINKED, kind: 'success' as const } },
          ],
        },
        onError: {
          target: 'linked',
          actions: assign({ error: ({ event }) => networkWords(event.error) ?? GOOGLE_UNLINK_FAILED }),
        },
      },
    },
  },
});

export type GoogleLinkSnapshot = SnapshotFrom<typeof googleLinkMachine>;
