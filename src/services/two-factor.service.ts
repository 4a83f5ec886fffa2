/** Two-factor sign-in's account-page calls (contract: src/contracts/two-factor.ts), used by the two-factor flow. */
import { call } from './http';
import { twoFactorEndpoints, type DisableTwoFactorRequest } from '../contracts/two-factor';

export const fetchTwoFactorStatus = (signal?: AbortSignal) => call(twoFactorEndpoints.status, { signal });
export const startTwoFactorEnrolment = (signal?: AbortSignal) => call(twoFactorEndpoints.enrol, { signal });
export const confirmTwoFactor = (otp: string, signal?: AbortSignal) =>
  call(twoFactorEndpoints.confirm, { body: { otp }, signal });
export const disableTwoFactor = (input: DisableTwoFactorRequest, signal?: AbortSignal) =>
  call(twoFactorEndpoints.disable, { body: input, signal });
