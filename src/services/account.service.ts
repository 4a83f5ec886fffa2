/** The account's own calls (contract: src/contracts/account.ts `accountEndpoints`), used by the account flows. */
import { call } from './http';
import { accountEndpoints, type ChangePasswordRequest, type ProfileRequest } from '../contracts/account';

/** Anonymous: the answer is the same whether or not an account uses the address. */
export const requestPasswordReset = (email: string, signal?: AbortSignal) =>
  call(accountEndpoints.forgotPassword, { body: { email }, signal, auth: false });

/** Anonymous: the reset link is the credential. */
export const previewResetLink = (token: string, signal?: AbortSignal) =>
  call(accountEndpoints.resetPreview, { params: { token }, signal, auth: false });

export const resetPassword = (token: string, password: string, signal?: AbortSignal) =>
  call(accountEndpoints.resetPassword, { params: { token }, body: { password }, signal, auth: false });

export const saveProfile = (input: ProfileRequest, signal?: AbortSignal) =>
  call(accountEndpoints.saveProfile, { body: input, signal });

export const changePassword = (input: ChangePasswordRequest, signal?: AbortSignal) =>
  call(accountEndpoints.changePassword, { body: input, signal });

export const fetchSessions = (signal?: AbortSignal) => call(accountEndpoints.sessions, { signal });

export const signOutSession = (sessionId: string, signal?: AbortSignal) =>
  call(accountEndpoints.signOutSession, { params: { sessionId }, signal });

export const signOutOtherSessions = (signal?: AbortSignal) => call(accountEndpoints.signOutOthers, { signal });
