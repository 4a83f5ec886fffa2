/** View model of the account page's Google sign-in section. */
import { GOOGLE_LINK_LOAD_FAILED, type GoogleLinkSnapshot, type googleLinkMachine } from './google-link.machine';
import type { SendTo } from '../shared/flow';

export type GoogleLinkStatus = 'loading' | 'loadFailed' | 'notLinked' | 'linked' | 'confirming' | 'unlinking';

export const selectGoogleLink = (s: GoogleLinkSnapshot) => {
  const status: GoogleLinkStatus = s.matches('loadFailed')
    ? 'loadFailed'
    : s.matches('notLinked')
      ? 'notLinked'
      : s.matches('linked')
        ? 'linked'
        : s.matches('confirming')
          ? 'confirming'
          : s.matches('unlinking')
            ? 'unlinking'
            : 'loading';
  return {
    status,
    email: s.context.email,
    error: status === 'loadFailed' ? GOOGLE_LINK_LOAD_FAILED : s.context.error,
  };
};

export const googleLinkActions = (send: SendTo<typeof googleLinkMachine>) => ({
  unlink: () => send({ type: 'UNLINK' }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
  retry: () => send({ type: 'RETRY' }),
});
