/** View model of the session for the shell and the sign-in page. */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const selectStatus = (s: Snapshot) =>
  s.matches('signedIn') ? 'signedIn' : s.matches('signedOut') ? 'signedOut' : 'checking';
export const selectAccount = (s: Snapshot) => s.context.account;
export const selectSigningIn = (s: Snapshot) => s.matches({ signedOut: 'signingIn' });
export const selectSigningOut = (s: Snapshot) => s.matches({ signedIn: 'signingOut' });
export const selectSignInError = (s: Snapshot) => s.context.error;
export const selectNotice = (s: Snapshot) => s.context.notice;
/** Whether the account was taken out of this workspace while signed in (the session already said so). */
export const selectWasRemovedFrom = (workspaceId: string | undefined) => (s: Snapshot) =>
  workspaceId !== undefined && s.context.removedFrom.some((w) => w.id === workspaceId);
