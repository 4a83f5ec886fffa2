/**
 * docs/team.md §Rules and limits invite rules mirrored in the dialog: email required and valid; role admin, editor or viewer (default
 * admin), limited to the roles the inviter may give (server/areas/team/team.ts refuses the others). The server
 * checks again: its codec is InviteRequest in src/contracts/team.ts.
 */
import { isEmail, MAX, type Role } from '../../contracts/codecs';

export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email address.';
/** Ours (the server's bound, src/contracts/codecs.ts MAX.email). */
export const EMAIL_TOO_LONG = `Email must be at most ${MAX.email} characters.`;
export const ROLE_NOT_ALLOWED = 'You cannot invite with this role.';

export interface InviteFormErrors {
  email?: string;
  role?: string;
}

export function validateInvite(input: { email: string; role: Role; roles: readonly Role[] }): InviteFormErrors {
  const errors: InviteFormErrors = {};
  if (!input.email.trim()) errors.email = EMAIL_REQUIRED;
  else if (input.email.trim().length > MAX.email) errors.email = EMAIL_TOO_LONG;
  else if (!isEmail(input.email)) errors.email = EMAIL_INVALID;
  if (!input.roles.includes(input.role)) errors.role = ROLE_NOT_ALLOWED;
  return errors;
}

/** docs/team.md §Rules and limits default is admin; an inviter who may not give admin starts at their best allowed role. */
export const defaultInviteRole = (roles: readonly Role[]): Role =>
  roles.includes('admin') ? 'admin' : (roles[0] ?? 'viewer');
