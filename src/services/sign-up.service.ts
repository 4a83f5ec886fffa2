/** Sign-up's calls (contract: src/contracts/sign-up.ts), used by the sign-up flow; all anonymous. */
import { call } from './http';
import { signUpEndpoints, type SignUpRequest } from '../contracts/sign-up';

export const fetchSignUpStatus = (signal?: AbortSignal) => call(signUpEndpoints.signUpStatus, { signal, auth: false });
/** The same answer whether or not an account uses the address. */
export const requestSignUp = (input: SignUpRequest, signal?: AbortSignal) =>
  call(signUpEndpoints.signUp, { body: input, signal, auth: false });
/** The confirmation link is the credential. */
export const confirmSignUp = (token: string, signal?: AbortSignal) =>
  call(signUpEndpoints.confirmSignUp, { params: { token }, signal, auth: false });
