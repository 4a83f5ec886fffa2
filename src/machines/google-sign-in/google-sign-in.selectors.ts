/** View model of Google sign-in: the "Continue with Google" button and the /google-sign-in page's steps. */
import { GOOGLE_CONTINUE_FAILED, type GoogleSignInSnapshot, type googleSignInMachine } from './google-sign-in.machine';
import type { SendTo } from '../shared/flow';

export type GoogleSignInStatus =
  | 'idle'
  | 'starting'
  | 'redirecting'
  | 'continuing'
  | 'unavailable'
  | 'workspace'
  | 'creating'
  | 'link'
  | 'linking'
  | 'refused'
  | 'done'
  | 'codeStep';

const STATUSES: readonly GoogleSignInStatus[] = [
  'idle',
  'starting',
  'redirecting',
  'continuing',
  'unavailable',
  'workspace',
  'creating',
  'link',
  'linking',
  'refused',
  'done',
  'codeStep',
];

export const selectGoogleSignIn = (s: GoogleSignInSnapshot) => ({
  status: STATUSES.find((status) => s.matches(status)) ?? 'continuing',
  error: s.matches('unavailable') ? GOOGLE_CONTINUE_FAILED : s.context.error,
  email: s.context.email,
  name: s.context.name,
});

export const googleSignInActions = (send: SendTo<typeof googleSignInMachine>) => ({
  start: () => send({ type: 'START' }),
  retry: () => send({ type: 'RETRY' }),
  createAccount: (name: string) => send({ type: 'SUBMIT_WORKSPACE', name }),
  link: (password: string) => send({ type: 'SUBMIT_PASSWORD', password }),
});
