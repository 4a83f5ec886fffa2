/**
 * Sign-up (docs/accounts.md §Sign-up): a person asks for an account and their first workspace; a link mailed to the
 * address confirms it, signs them in and opens the workspace. The same answer whether or not the address already has
 * an account (that address is told so by mail). `SIGN_UP=off` closes it (invite-only).
 */
import * as t from 'io-ts';
import { struct, line, boundedString, MAX, Name, Id } from './codecs';
import { endpoint } from './endpoint';
import { Account } from './auth';
import { LinkSent, ResetTokenParams } from './account';

/** How long a sign-up confirmation link works. */
export const SIGN_UP_LINK_HOURS = 24;

/** 403 with this code while sign-up is turned off. */
export const SIGN_UP_CLOSED_CODE = 'sign_up_closed';
export const SIGN_UP_CLOSED = 'Sign-up is turned off on this server. Ask a workspace admin to invite you.';

export const SignUpStatus = struct({ open: t.boolean }, {}, 'SignUpStatus');
export type SignUpStatus = t.TypeOf<typeof SignUpStatus>;

export const SignUpRequest = struct(
  {
    firstName: Name,
    lastName: Name,
    email: line(MAX.email),
    password: boundedString(MAX.password),
    workspaceName: Name,
  },
  {},
  'SignUpRequest',
);
export type SignUpRequest = t.TypeOf<typeof SignUpRequest>;

/** The confirmed account, signed in, and the workspace it created. */
export const SignUpConfirmed = struct({ token: t.string, account: Account, workspaceId: Id }, {}, 'SignUpConfirmed');
export type SignUpConfirmed = t.TypeOf<typeof SignUpConfirmed>;

export const signUpEndpoints = {
  signUpStatus: endpoint({ method: 'GET', path: '/api/auth/sign-up', response: SignUpStatus }),
  /** The same answer for an address with or without an account; limited like the reset links. */
  signUp: endpoint({ method: 'POST', path: '/api/auth/sign-up', body: SignUpRequest, response: LinkSent }),
  /** Uses the link once: creates the account and its workspace and signs this browser in. */
  confirmSignUp: endpoint({
    method: 'POST',
    path: '/api/auth/confirm-sign-up/:token',
    params: ResetTokenParams,
    response: SignUpConfirmed,
  }),
};
