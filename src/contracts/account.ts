/**
 * The account's own flows (docs/accounts.md §Forgot password, §Account page): a reset link asked for by e-mail and
 * used once, the profile, the password change and the sessions list. Codecs and endpoints of the auth area.
 */
import * as t from 'io-ts';
import { struct, nullable, Email, Id, line, boundedString, MAX, Name, Token } from './codecs';
import { endpoint } from './endpoint';
import { SignInAnswer } from './auth';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/** Where mail goes: `sandbox` (the server's outbox and log: the page says so) or a real `smtp` server. */
export const MailDelivery = t.keyof({ sandbox: null, smtp: null }, 'MailDelivery');
export type MailDelivery = t.TypeOf<typeof MailDelivery>;

export const ForgotPasswordRequest = struct({ email: line(MAX.email) }, {}, 'ForgotPasswordRequest');
export type ForgotPasswordRequest = t.TypeOf<typeof ForgotPasswordRequest>;
/** The same answer whether or not an account uses the address (no account discovery). */
export const LinkSent = struct({ success: t.literal(true), delivery: MailDelivery }, {}, 'LinkSent');
export type LinkSent = t.TypeOf<typeof LinkSent>;

export const ResetTokenParams = struct({ token: Token });
/** What the reset page shows before the new password is typed: the address the link was sent to. */
export const ResetLinkPreview = struct({ email: t.string }, {}, 'ResetLinkPreview');
export type ResetLinkPreview = t.TypeOf<typeof ResetLinkPreview>;
export const ResetPasswordRequest = struct({ password: boundedString(MAX.password) }, {}, 'ResetPasswordRequest');
export type ResetPasswordRequest = t.TypeOf<typeof ResetPasswordRequest>;

/** Why a link no longer works (410 with these codes); an unknown link is 404. */
export const LINK_REFUSAL_CODES = { expired: 'link_expired', used: 'link_used' } as const;
export const RESET_LINK_REFUSED = {
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one if you still need it.',
} as const;
export const RESET_LINK_NOT_FOUND = 'This link is not valid. Check the link in your email, or ask for a new one.';

export const ProfileRequest = struct({ firstName: Name, lastName: Name }, {}, 'ProfileRequest');
export type ProfileRequest = t.TypeOf<typeof ProfileRequest>;
export const ChangePasswordRequest = struct(
  { currentPassword: boundedString(MAX.password), newPassword: boundedString(MAX.password) },
  {},
  'ChangePasswordRequest',
);
export type ChangePasswordRequest = t.TypeOf<typeof ChangePasswordRequest>;

/** One signed-in device of the account. */
export const AccountSession = struct(
  {
    sessionId: Id,
    createdAt: t.string,
    lastUsedAt: nullable(t.string),
    /** The client address it signed in from ('' when unknown). */
    ip: t.string,
    /** The user agent summarised ("Chrome on macOS"). */
    device: t.string,
    /** The session of this very request. */
    current: t.boolean,
  },
  {},
  'AccountSession',
);
export type AccountSession = t.TypeOf<typeof AccountSession>;
export const AccountSessions = struct({ sessions: t.array(AccountSession) }, {}, 'AccountSessions');
export type AccountSessions = t.TypeOf<typeof AccountSessions>;
export const SessionParams = struct({ sessionId: Id });
/** How many sessions a sign-out ended. */
export const SignedOut = struct({ success: t.literal(true), signedOut: t.number }, {}, 'SignedOut');
export type SignedOut = t.TypeOf<typeof SignedOut>;
export const ProfileSaved = struct(
  { success: t.literal(true), firstName: t.string, lastName: t.string },
  {},
  'ProfileSaved',
);
export type ProfileSaved = t.TypeOf<typeof ProfileSaved>;

export const accountEndpoints = {
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: ForgotPasswordRequest,
    response: LinkSent,
  }),
  resetPreview: endpoint({
    method: 'GET',
    path: '/api/auth/reset-password/:token',
    params: ResetTokenParams,
    response: ResetLinkPreview,
  }),
  /**
   * Sets the password, signs out every session and every other reset link, and signs this browser in (or, with
   * two-factor sign-in, opens the code step).
   */
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password/:token',
    params: ResetTokenParams,
    body: ResetPasswordRequest,
    response: SignInAnswer,
  }),
  saveProfile: endpoint({ method: 'PUT', path: '/api/account/profile', body: ProfileRequest, response: ProfileSaved }),
  /** Needs the current password (counted like a sign-in); signs out every other session. */
  changePassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    body: ChangePasswordRequest,
    response: SignedOut,
  }),
  sessions: endpoint({ method: 'GET', path: '/api/account/sessions', response: AccountSessions }),
  signOutSession: endpoint({
    method: 'POST',
    path: '/api/account/sessions/:sessionId/sign-out',
    params: SessionParams,
    response: SignedOut,
  }),
  signOutOthers: endpoint({ method: 'POST', path: '/api/account/sessions/sign-out-others', response: SignedOut }),
};

export { Email };
