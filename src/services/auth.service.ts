/** Sign-in, sign-out and the current account (`/api/auth/*`, `/api/me`). */
import { request } from './http';
import { Account, SignInResponse, type SignInRequest } from '../contracts/auth';
import { SuccessMessage } from '../contracts/codecs';

export const signIn = (input: SignInRequest, signal?: AbortSignal) =>
  request(SignInResponse, '/api/auth/sign-in', { body: input, signal, auth: false });
export const signOut = (signal?: AbortSignal) => request(SuccessMessage, '/api/auth/sign-out', { method: 'POST', signal });
/** Revokes a session token that is no longer the stored one (the session switched to another account). */
export const revokeToken = (token: string) => request(SuccessMessage, '/api/auth/sign-out', { method: 'POST', token });
export const fetchMe = (signal?: AbortSignal) => request(Account, '/api/me', { signal });
