/** Kysely table types of the auth area's own tables (server/areas/auth/migrations.ts, 0850). */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type AccountLinkPurpose = 'reset_password' | 'confirm_sign_up' | 'change_email';

/**
 * A link mailed to a person (docs/accounts.md §Links): only the SHA-256 of its token is kept; single use (`used_at`),
 * valid until `expires_at`. `account_id` is null for a sign-up not confirmed yet; `details` holds what the link
 * confirms (the new address; the sign-up's names, workspace and password hash), never the token.
 */
export interface AccountLinksTable {
  token_hash: string;
  purpose: AccountLinkPurpose;
  account_id: string | null;
  email: string;
  details: JSONColumnType<Record<string, string>, string, string>;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Two-factor sign-in of an account (0860): the TOTP secret sealed (CREDENTIALS_KEY); pending while `enabled_at` is null. */
export interface AccountTwoFactorTable {
  account_id: string;
  secret_sealed: string;
  enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last 30-second step a code was accepted for: a code works once. */
  last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Generated<Date>;
}
/** A recovery code's SHA-256 (the code itself is shown once); single use. */
export interface AccountRecoveryCodesTable {
  account_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
/** The code step of one sign-in whose password was right: only the token's SHA-256 is kept. */
export interface SignInChallengesTable {
  token_hash: string;
  account_id: string;
  email: string;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A Google account linked to an account (0940): `sub` unique, one per account. */
export interface AccountGoogleLinksTable {
  sub: string;
  account_id: string;
  email: string;
  linked_at: Generated<Date>;
}
/** A started Google sign-in (its id is sealed in the state): deleted when the callback uses it. */
export interface GoogleSignInStatesTable {
  id: string;
  expires_at: ColumnType<Date, Date, Date>;
}
/** The identity a Google callback verified, for the page to continue with (only the ticket's SHA-256 kept). */
export interface GoogleSignInTicketsTable {
  token_hash: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A device an account signed in from (its user agent summary), first seen when. */
export interface AccountDevicesTable {
  account_id: string;
  device: string;
  first_seen_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AuthTables {
  account_devices: AccountDevicesTable;
  account_google_links: AccountGoogleLinksTable;
  google_sign_in_states: GoogleSignInStatesTable;
  google_sign_in_tickets: GoogleSignInTicketsTable;
  account_links: AccountLinksTable;
  account_two_factor: AccountTwoFactorTable;
  account_recovery_codes: AccountRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
}
