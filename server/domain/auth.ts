/**
 * Sign-in and sessions. Tokens are random (256 bits), stored only as a hash, expire, and are revoked on logout.
 * Repeated failed sign-ins are limited per email and per client address using rows (works across processes).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/crypto';
import { rateLimited, unauthenticated } from './errors';

export const SIGN_IN_FAILED = 'Incorrect email or password.';
export const tooManyAttempts = (minutes: number) =>
  `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;

// A constant hash to compare against when the email is unknown, so both paths cost the same.
const dummyHash = hashPassword('questboard-timing-equaliser');

export async function createSession(ctx: ServerContext, accountId: string) {
  const { db, config } = ctx;
  const now = ctx.now();
  const token = newToken();
  const expires = new Date(now.getTime() + config.sessionDays * 24 * 60 * 60 * 1000);
  await db.insertInto('sessions').values({ token_hash: hashToken(token), account_id: accountId, expires_at: expires }).execute();
  return token;
}

export async function signIn(ctx: ServerContext, email: string, password: string, ip: string) {
  const { db, config } = ctx;
  const now = ctx.now();
  const normalised = email.trim().toLowerCase();
  const since = new Date(now.getTime() - config.signInLimit.windowMinutes * 60 * 1000);
  const failures = await db
    .selectFrom('sign_in_attempts')
    .select([
      sql<string>`count(*) FILTER (WHERE email = ${normalised})`.as('by_email'),
      sql<string>`count(*) FILTER (WHERE ip = ${ip})`.as('by_ip'),
    ])
    .where('succeeded', '=', false)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(failures.by_email) >= config.signInLimit.attempts || Number(failures.by_ip) >= config.signInLimit.attempts * 10) {
    throw rateLimited(tooManyAttempts(config.signInLimit.windowMinutes), 'too_many_attempts');
  }
  const account = await db.selectFrom('accounts').select(['id', 'password_hash']).where('email', '=', normalised).executeTakeFirst();
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyHash));
  await db.insertInto('sign_in_attempts').values({ email: normalised, ip, succeeded: ok && !!account }).execute();
  if (!ok || !account) throw unauthenticated(SIGN_IN_FAILED, 'invalid_credentials');
  return { accountId: account.id, token: await createSession(ctx, account.id) };
}

export async function revokeSession(ctx: ServerContext, tokenHash: string) {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('token_hash', '=', tokenHash).execute();
}
