/**
 * The e-mail change of the account page (docs/accounts.md §E-mail change): the new address and the current password
 * ask for a link mailed to the new address; the link switches the account's e-mail and the old address is told. The
 * same answer whether or not another account uses the new address (that address is told so by mail).
 */
import * as t from 'io-ts';
import { struct, line, boundedString, nullable, MAX } from './codecs';
import { endpoint } from './endpoint';
import { MailDelivery, ResetTokenParams } from './account';

/** How long an e-mail change link works. */
export const EMAIL_CHANGE_MINUTES = 60;

export const SAME_EMAIL = 'This is already your email address.';
export const EMAIL_TAKEN =
  'This email already has a Questboard account. Ask for the change again with another address.';
export const EMAIL_TAKEN_CODE = 'email_taken';

export const EmailChangeRequest = struct(
  { email: line(MAX.email), password: boundedString(MAX.password) },
  {},
  'EmailChangeRequest',
);
export type EmailChangeRequest = t.TypeOf<typeof EmailChangeRequest>;

/** The address a link was sent to and until when it works. */
export const PendingEmail = struct({ email: t.string, expiresAt: t.string }, {}, 'PendingEmail');
export type PendingEmail = t.TypeOf<typeof PendingEmail>;
/** The account's e-mail change waiting for its link, if any. */
export const EmailChangeStatus = struct({ pending: nullable(PendingEmail) }, {}, 'EmailChangeStatus');
export type EmailChangeStatus = t.TypeOf<typeof EmailChangeStatus>;
/** The same answer whether or not another account uses the address. */
export const EmailChangeSent = struct(
  { success: t.literal(true), delivery: MailDelivery, pending: PendingEmail },
  {},
  'EmailChangeSent',
);
export type EmailChangeSent = t.TypeOf<typeof EmailChangeSent>;
export const EmailChangeCancelled = struct({ success: t.literal(true) }, {}, 'EmailChangeCancelled');
export type EmailChangeCancelled = t.TypeOf<typeof EmailChangeCancelled>;
/** The account's e-mail after the link was used. */
export const EmailChanged = struct({ success: t.literal(true), email: t.string }, {}, 'EmailChanged');
export type EmailChanged = t.TypeOf<typeof EmailChanged>;

export const emailChangeEndpoints = {
  status: endpoint({ method: 'GET', path: '/api/account/email', response: EmailChangeStatus }),
  /** Needs the current password (counted like a sign-in); limited like the reset links; replaces a pending change. */
  request: endpoint({
    method: 'POST',
    path: '/api/account/email',
    body: EmailChangeRequest,
    response: EmailChangeSent,
  }),
  cancel: endpoint({ method: 'POST', path: '/api/account/email/cancel', response: EmailChangeCancelled }),
  /** The link is the credential: works signed in or signed out. */
  confirm: endpoint({
    method: 'POST',
    path: '/api/auth/confirm-email/:token',
    params: ResetTokenParams,
    response: EmailChanged,
  }),
};
