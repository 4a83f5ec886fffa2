/** Auth calls (contract: src/contracts/auth.ts `authEndpoints`): sign-in, sign-out and the current account. */
import { call } from './http';
import { authEndpoints, type SignInRequest } from '../contracts/auth';
import { twoFactorEndpoints, type CodeSignInRequest } from '../contracts/two-factor';

export const signIn = (input: SignInRequest, signal?: AbortSignal) =>
  call(authEndpoints.signIn, { body: input, signal, auth: false });
export const signOut = (signal?: AbortSignal) => call(authEndpoints.signOut, { signal });
/** Revokes a session token that is no longer the stored one (the session switched to another account). */
export const revokeToken = (token: string) => call(authEndpoints.signOut, { token });
export const fetchMe = (signal?: AbortSignal) => call(authEndpoints.me, { signal });
/** The code step of two-factor sign-in (contract: src/contracts/two-factor.ts). */
export const signInWithCode = (input: CodeSignInRequest, signal?: AbortSignal) =>
  call(twoFactorEndpoints.signInWithCode, { body: input, signal, auth: false });
