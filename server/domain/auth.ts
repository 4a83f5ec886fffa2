/**
 * Sign-in and sessions. Tokens are random (256 bits), stored only as a hash, expire, and are revoked on logout.
 * Repeated failed password checks (sign-in, and accepting an invite as an existing account) are limited per account
 * and client address, per account and per address, using rows (works across processes).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerConfig } from '../config';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/crypto';
import { HttpError } from '../http/errors';

export const SIGN_IN_FAILED = 'Incorrect email or password.';
export const tooManyAttempts = (minutes: number) =>
  `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;

// A constant hash to compare against when the email is unknown, so both paths cost the same.
const dummyHash = hashPassword('questboard-timing-equaliser');

export async function createSession(db: Kysely<Database>, accountId: string, config: ServerConfig, now: Date) {
  const token = newToken();
  const expires = new Date(now.getTime() + config.sessionDays * 24 * 60 * 60 * 1000);
  await db.insertInto('sessions').values({ token_hash: hashToken(token), account_id: accountId, expires_at: expires }).execute();
  return token;
}

/**
 * 429 when a password check for `email` from `ip` would exceed a limit of config.signInLimit within its window:
 * failures for this account from this address (`attempts`), for this account from anywhere (`accountAttempts`,
 * higher: a distributed guess is slowed without one attacker locking the user out), or from this address for any
 * account (`addressAttempts`). Shared by sign-in and by accepting an invite with an existing account's password.
 */
export async function assertPasswordAttemptAllowed(db: Kysely<Database>, config: ServerConfig, email: string, ip: string, now: Date) {
  const limit = config.signInLimit;
  const since = new Date(now.getTime() - limit.windowMinutes * 60 * 1000);
  const failures = await db
    .selectFrom('sign_in_attempts')
    .select([
      sql<string>`count(*) FILTER (WHERE email = ${email} AND ip = ${ip})`.as('pair'),
      sql<string>`count(*) FILTER (WHERE email = ${email})`.as('account'),
      sql<string>`count(*) FILTER (WHERE ip = ${ip})`.as('address'),
    ])
    .where('succeeded', '=', false)
    .where('at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  if (Number(failures.pair) >= limit.attempts || Number(failures.account) >= limit.accountAttempts || Number(failures.address) >= limit.addressAttempts) {
    throw new HttpError(429, tooManyAttempts(limit.windowMinutes), 'too_many_attempts');
  }
}

export async function recordPasswordAttempt(db: Kysely<Database>, email: string, ip: string, succeeded: boolean) {
  await db.insertInto('sign_in_attempts').values({ email, ip, succeeded }).execute();
}

export async function signIn(db: Kysely<Database>, config: ServerConfig, email: string, password: string, ip: string, now: Date) {
  const normalised = email.trim().toLowerCase();
  await assertPasswordAttemptAllowed(db, config, normalised, ip, now);
  const account = await db.selectFrom('accounts').select(['id', 'password_hash']).where('email', '=', normalised).executeTakeFirst();
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyHash));
  await recordPasswordAttempt(db, normalised, ip, ok && !!account);
  if (!ok || !account) throw new HttpError(401, SIGN_IN_FAILED, 'invalid_credentials');
  return { accountId: account.id, token: await createSession(db, account.id, config, now) };
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: Date) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}
