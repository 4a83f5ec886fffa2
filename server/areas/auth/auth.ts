/**
 * Sign-in and sessions. Tokens are random (256 bits), stored only as a hash, expire, and are revoked on logout.
 * Repeated failed password checks (sign-in, and accepting an invite as an existing account) are limited per account
 * and client address, per account and per address, using rows (works across processes).
 */
import { hasTwoFactor } from '../../auth/two-factor-state';
import { noticeDevice } from './devices';
import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../auth/crypto';
import { rateLimited, unauthenticated } from '../../errors';
import { CHALLENGE_MINUTES, TOO_MANY_CODES_CODE, tooManyCodes } from '../../../src/contracts/two-factor';

export const SIGN_IN_FAILED = 'Incorrect email or password.';
export const tooManyAttempts = (minutes: number) =>
  `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;

// A constant hash to compare against when the email is unknown, so both paths cost the same.
const dummyHash = hashPassword('questboard-timing-equaliser');

/** Where a request comes from, as the sessions list shows it (the user agent is kept to 512 characters). */
export interface Client {
  ip: string;
  userAgent: string;
}

export async function createSession(ctx: ServerContext, accountId: string, client?: Client) {
  const { db, config } = ctx;
  const now = ctx.now();
  const token = newToken();
  const expires = new Date(now.getTime() + config.sessionDays * 24 * 60 * 60 * 1000);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      expires_at: expires,
      created_at: now,
      last_used_at: now,
      ...(client ? { ip: client.ip.slice(0, 64), user_agent: client.userAgent.slice(0, 512) } : {}),
    })
    .execute();
  if (client) await noticeDevice(ctx, accountId, client, now);
  return token;
}

/**
 * Refused (429) when a password check for `email` from `ip` would exceed a limit of config.signInLimit within its
 * window: failures for this account from this address (`attempts`), for this account from anywhere
 * (`accountAttempts`, higher: a distributed guess is slowed without one attacker locking the user out), or from this
 * address for any account (`addressAttempts`). Shared by sign-in and by accepting an invite with an existing
 * account's password.
 */
export async function assertPasswordAttemptAllowed(ctx: ServerContext, email: string, ip: string) {
  const limit = ctx.config.signInLimit;
  const failures = await countAttempts(ctx, 'password', email, ip, limit.windowMinutes);
  if (
    Number(failures.pair) >= limit.attempts ||
    Number(failures.account) >= limit.accountAttempts ||
    Number(failures.address) >= limit.addressAttempts
  ) {
    throw rateLimited(tooManyAttempts(limit.windowMinutes), 'too_many_attempts');
  }
}

export async function recordPasswordAttempt(ctx: ServerContext, email: string, ip: string, succeeded: boolean) {
  await ctx.db.insertInto('sign_in_attempts').values({ email, ip, succeeded }).execute();
}

/**
 * The rows of one kind within the last `windowMinutes`: for this e-mail from this address (`pair`), for the e-mail
 * (`account`) and from the address (`address`). Failed password checks count; every link asked for counts (a link
 * row is never a success).
 */
async function countAttempts(
  ctx: ServerContext,
  kind: 'password' | 'link' | 'code',
  email: string,
  ip: string,
  windowMinutes: number,
) {
  const since = new Date(ctx.now().getTime() - windowMinutes * 60 * 1000);
  return ctx.db
    .selectFrom('sign_in_attempts')
    .select([
      sql<string>`count(*) FILTER (WHERE email = ${email} AND ip = ${ip})`.as('pair'),
      sql<string>`count(*) FILTER (WHERE email = ${email})`.as('account'),
      sql<string>`count(*) FILTER (WHERE ip = ${ip})`.as('address'),
    ])
    .where('kind', '=', kind)
    .where('succeeded', '=', false)
    .where('at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
}

export const tooManyLinks = (minutes: number) =>
  `Too many requests for this address. Please wait ${minutes} minutes and try again.`;

/**
 * A mailed link (reset, sign-up, e-mail change) asked for `email` from `ip`: refused (429) past the link limits, else
 * counted. Counted whether or not an account uses the address, so the limit reveals nothing either.
 */
export async function takeLinkRequest(ctx: ServerContext, email: string, ip: string) {
  const limit = ctx.config.linkLimit;
  const asked = await countAttempts(ctx, 'link', email, ip, limit.windowMinutes);
  if (Number(asked.account) >= limit.perAddress || Number(asked.address) >= limit.perClient)
    throw rateLimited(tooManyLinks(limit.windowMinutes), 'too_many_requests');
  await ctx.db
    .insertInto('sign_in_attempts')
    .values({ email, ip, succeeded: false, kind: 'link', at: ctx.now() })
    .execute();
}

/**
 * The code step of two-factor sign-in (and the codes typed on the account page) has its own limit, of the same numbers
 * as the password's, counted in `code` rows: a right password does not buy more guesses at the code.
 */
export async function assertCodeAttemptAllowed(ctx: ServerContext, email: string, ip: string) {
  const limit = ctx.config.signInLimit;
  const failures = await countAttempts(ctx, 'code', email, ip, limit.windowMinutes);
  if (
    Number(failures.pair) >= limit.attempts ||
    Number(failures.account) >= limit.accountAttempts ||
    Number(failures.address) >= limit.addressAttempts
  ) {
    throw rateLimited(tooManyCodes(limit.windowMinutes), TOO_MANY_CODES_CODE);
  }
}

export async function recordCodeAttempt(ctx: ServerContext, email: string, ip: string, succeeded: boolean) {
  await ctx.db.insertInto('sign_in_attempts').values({ email, ip, succeeded, kind: 'code', at: ctx.now() }).execute();
}

/**
 * Checks the password (limited); answers the session, or, when the account has two-factor sign-in, the token of the
 * code step (docs/accounts.md §Two-factor sign-in).
 */
export async function signIn(
  ctx: ServerContext,
  email: string,
  password: string,
  ip: string,
  userAgent = '',
): Promise<
  { accountId: string } & ({ token: string; challengeToken?: never } | { challengeToken: string; token?: never })
> {
  const normalised = email.trim().toLowerCase();
  await assertPasswordAttemptAllowed(ctx, normalised, ip);
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'password_hash'])
    .where('email', '=', normalised)
    .executeTakeFirst();
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyHash));
  await recordPasswordAttempt(ctx, normalised, ip, ok && !!account);
  if (!ok || !account) throw unauthenticated(SIGN_IN_FAILED, 'invalid_credentials');
  if (await hasTwoFactor(ctx, account.id))
    return { accountId: account.id, challengeToken: await openChallenge(ctx, account.id, normalised) };
  return { accountId: account.id, token: await createSession(ctx, account.id, { ip, userAgent }) };
}

export async function revokeSession(ctx: ServerContext, tokenHash: string) {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('token_hash', '=', tokenHash).execute();
}

/** The code step of a sign-in whose password was right: a token (stored hashed) valid for CHALLENGE_MINUTES. */
export async function openChallenge(ctx: ServerContext, accountId: string, email: string) {
  const token = newToken();
  await ctx.db
    .insertInto('sign_in_challenges')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      email,
      expires_at: new Date(ctx.now().getTime() + CHALLENGE_MINUTES * 60_000),
    })
    .execute();
  return token;
}

export { hasTwoFactor };
