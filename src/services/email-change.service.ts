/** The e-mail change's calls (contract: src/contracts/email-change.ts), used by the email-change and confirm-email flows. */
import { call } from './http';
import { emailChangeEndpoints, type EmailChangeRequest } from '../contracts/email-change';

export const fetchEmailChange = (signal?: AbortSignal) => call(emailChangeEndpoints.status, { signal });
/** The same answer whether or not another account uses the address. */
export const requestEmailChange = (input: EmailChangeRequest, signal?: AbortSignal) =>
  call(emailChangeEndpoints.request, { body: input, signal });
export const cancelEmailChange = (signal?: AbortSignal) => call(emailChangeEndpoints.cancel, { signal });
/** Anonymous: the link is the credential (the page works signed in or signed out). */
export const confirmEmailChange = (token: string, signal?: AbortSignal) =>
  call(emailChangeEndpoints.confirm, { params: { token }, signal, auth: false });
