/** View model of the session for the shell and the sign-in page. */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const selectStatus = (s: Snapshot) =>
  s.matches('signedIn') ? 'signedIn' : s.matches('signedOut') ? 'signedOut' : 'checking';
export const selectAccount = (s: Snapshot) => s.context.account;
export const selectSigningIn = (s: Snapshot) => s.matches({ signedOut: 'signingIn' });
export const selectSigningOut = (s: Snapshot) => s.matches({ signedIn: 'signingOut' });
export const selectSignInError = (s: Snapshot) => s.context.error;
/** Two-factor sign-in's code step is on screen (`verifying` while the code is checked). */
export const selectCodeStep = (s: Snapshot) => ({
  open: s.matches({ signedOut: 'code' }) || s.matches({ signedOut: 'verifyingCode' }),
  verifying: s.matches({ signedOut: 'verifyingCode' }),
});
export const selectNotice = (s: Snapshot) => s.context.notice;
/** Whether the account was taken out of this workspace while signed in (the session already said so). */
export const selectWasRemovedFrom = (workspaceId: string | undefined) => (s: Snapshot) =>
  workspaceId !== undefined && s.context.removedFrom.some((w) => w.id === workspaceId);

/** The events views send to the session, as named senders. */
export const sessionActions = (send: SendTo<typeof sessionMachine>) => ({
  signIn: (email: string, password: string) => send({ type: 'SIGN_IN', email, password }),
  submitCode: (otp: string) => send({ type: 'SUBMIT_CODE', otp }),
  cancelCode: () => send({ type: 'CANCEL_CODE' }),
  signOut: () => send({ type: 'SIGN_OUT' }),
  refresh: () => send({ type: 'REFRESH' }),
});
