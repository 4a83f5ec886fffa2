/** View model of the account page's sessions list. */
import {
  SESSIONS_UNAVAILABLE,
  type AccountSessionsSnapshot,
  type accountSessionsMachine,
} from './account-sessions.machine';
import type { SendTo } from '../shared/flow';

export const selectAccountSessions = (s: AccountSessionsSnapshot) => ({
  loading: s.matches('loading') && s.context.sessions.length === 0,
  unavailable: s.matches('unavailable') ? SESSIONS_UNAVAILABLE : null,
  sessions: s.context.sessions,
  /** The session whose "Sign out" is busy. */
  pending: s.matches('signingOut') ? s.context.pending : null,
  busyOthers: s.matches('signingOutOthers'),
  /** Buttons wait while a call or a reload runs. */
  idle: s.matches('ready'),
  hasOthers: s.context.sessions.some((session) => !session.current),
  error: s.context.error,
});

export const accountSessionsActions = (send: SendTo<typeof accountSessionsMachine>) => ({
  signOut: (sessionId: string) => send({ type: 'SIGN_OUT', sessionId }),
  signOutOthers: () => send({ type: 'SIGN_OUT_OTHERS' }),
  retry: () => send({ type: 'RETRY' }),
  refresh: () => send({ type: 'REFRESH' }),
});
