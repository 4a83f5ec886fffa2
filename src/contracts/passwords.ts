/**
 * The one password rule (docs/accounts.md §Rules and limits): every flow that sets a password (sign-up, reset,
 * change, accepting an invitation as a new account, the first admin) asks `passwordProblem`, on the server and,
 * mirrored, in the form. Pure: no io-ts needed.
 */
import { COMMON_PASSWORDS } from './common-passwords';
import { MAX } from './codecs';

export const PASSWORD_MIN_LENGTH = 10;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX.password} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
/** The hint under every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`;

/** Why `password` may not be used as a new password, in the words the form and the server show; null when it may. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > MAX.password) return PASSWORD_TOO_LONG;
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}
