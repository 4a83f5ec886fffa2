/** People's Google sign-in calls (contract: src/contracts/google-sign-in.ts): the start, the ticket, the account page's link. */
import { call } from './http';
import { googleSignInEndpoints as api } from '../contracts/google-sign-in';

/** Anonymous: answers the consent page's address and sets the cookie binding the sign-in to this browser. */
export const startGoogleSignIn = (signal?: AbortSignal) => call(api.start, { signal, auth: false });
/** The single-use ticket is the credential. */
export const continueGoogleSignIn = (input: { ticket: string; workspaceName?: string }, signal?: AbortSignal) =>
  call(api.continue, { body: input, signal, auth: false });
export const linkGoogleAccount = (input: { ticket: string; password: string }, signal?: AbortSignal) =>
  call(api.link, { body: input, signal, auth: false });
export const fetchGoogleLink = (signal?: AbortSignal) => call(api.status, { signal });
export const unlinkGoogleAccount = (signal?: AbortSignal) => call(api.unlink, { signal });
