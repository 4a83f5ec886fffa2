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

export interface AuthTables {
  account_links: AccountLinksTable;
}
