/**
 * A person's own account (docs/accounts.md §Forgot password, §Account page): reset links, the profile, the password
 * change and the sessions list. Links are 256 random bits mailed once and stored only as their SHA-256, compared in
 * constant time, single use and short-lived; a new password signs out every other session and voids every other
 * reset link. Every change emits an `account.*` event per workspace of the account (the activity log's rows).
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { emit } from '../../events/outbox';
import { DomainError, gone, invalid, notFound } from '../../errors';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../auth/crypto';
import { isEmail } from '../../../src/contracts/codecs';
import { passwordProblem } from '../../../src/contracts/passwords';
import {
  LINK_REFUSAL_CODES,
  RESET_LINK_MINUTES,
  RESET_LINK_NOT_FOUND,
  RESET_LINK_REFUSED,
  type AccountSession,
  type LinkSent,
} from '../../../src/contracts/account';
import type { DomainEventName, FieldChange } from '../../../src/contracts/domain-events';
import type { AccountLinkPurpose } from './schema';
import {
  assertPasswordAttemptAllowed,
  createSession,
  hasTwoFactor,
  openChallenge,
  recordPasswordAttempt,
  takeLinkRequest,
  type Client,
} from './auth';
import { summariseUserAgent } from './user-agent';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

type AccountEvent = Extract<DomainEventName, `account.${string}`>;

/** One event per workspace the account belongs to (in the caller's transaction), each naming the account. */
export async function emitForAccount(tx: ServerContext, name: AccountEvent, accountId: string, changes: FieldChange[]) {
  const account = await tx.db.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirst();
  const memberships = await tx.db
    .selectFrom('memberships')
    .select('workspace_id')
    .where('account_id', '=', accountId)
    .orderBy('workspace_id')
    .execute();
  for (const { workspace_id } of memberships)
    await emit(tx, name, { workspaceId: workspace_id, accountId, email: account?.email ?? '', changes });
}

// ------------------------------------------------------------------------------------------------ reset links

/**
 * Asks for a reset link. The same answer whatever the address: an account gets the link, an unknown address a note
 * that no account uses it (so the work done, and the mail sent, look alike). Limited per address and per client.
 */
export async function requestPasswordReset(ctx: ServerContext, rawEmail: string, ip: string): Promise<LinkSent> {
  const email = rawEmail.trim().toLowerCase();
  if (!isEmail(email)) throw invalid('Enter a valid email address.', ['email']);
  await takeLinkRequest(ctx, email, ip);
  const account = await ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  const delivery = ctx.providers.mailer.kind;
  if (!account) {
    await ctx.providers.mailer.send(ctx.db, {
      to: email,
      subject: 'Reset your Questboard password',
      body:
        `Someone asked to reset the Questboard password of ${email}, but no Questboard account uses this address.\n\n` +
        `If it was you, sign in with the address your workspace invited, or ask your workspace admin.\n` +
        `If it was not you, you can ignore this message.`,
    });
    return { success: true, delivery };
  }
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('account_links')
    .values({
      token_hash: hashToken(token),
      purpose: 'reset_password',
      account_id: account.id,
      email,
      details: '{}',
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    })
    .execute();
  await ctx.providers.mailer.send(ctx.db, {
    to: email,
    subject: 'Reset your Questboard password',
    body:
      `Someone (hopefully you) asked to reset the Questboard password of ${email}.\n\n` +
      `Choose a new password: ${ctx.config.publicUrl}/reset-password/${token}\n\n` +
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this message: ` +
      `your password stays as it is.`,
  });
  return { success: true, delivery };
}

/** The link behind `token` if it may still be used; 404 unknown, 410 used or expired (in words). */
export async function usableLink(ctx: ServerContext, token: string, purpose: AccountLinkPurpose) {
  const tokenHash = hashToken(token);
  const link = await ctx.db
    .selectFrom('account_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!link || !sameHash(link.token_hash, tokenHash)) throw notFoundLink();
  if (link.used_at) throw gone(RESET_LINK_REFUSED.used, LINK_REFUSAL_CODES.used);
  if (new Date(link.expires_at).getTime() <= ctx.now().getTime())
    throw gone(RESET_LINK_REFUSED.expired, LINK_REFUSAL_CODES.expired);
  return link;
}
const notFoundLink = () => new DomainError('not_found', RESET_LINK_NOT_FOUND, 'not_found');

/** Marks a link used inside the transaction that acts on it; a second use meanwhile (a race) gets 410. */
export async function claimLink(tx: ServerContext, tokenHash: string) {
  const now = tx.now();
  const claimed = await tx.db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw gone(RESET_LINK_REFUSED.used, LINK_REFUSAL_CODES.used);
}

export async function previewResetLink(ctx: ServerContext, token: string) {
  const link = await usableLink(ctx, token, 'reset_password');
  return { email: link.email };
}

/**
 * Sets the new password from a reset link, in one transaction: the link is claimed (a second use gets 410), every
 * session of the account and every other reset link are ended, and this browser gets a new session.
 */
export async function resetPassword(
  ctx: ServerContext,
  token: string,
  password: string,
  client: Client,
): Promise<
  { accountId: string } & ({ token: string; challengeToken?: never } | { challengeToken: string; token?: never })
> {
  const link = await usableLink(ctx, token, 'reset_password');
  const problem = passwordProblem(password);
  if (problem) throw invalid(problem, ['password']);
  const passwordHash = await hashPassword(password);
  const accountId = link.account_id!;
  return inTransaction({ ...ctx, actor: accountId }, async (tx) => {
    const now = ctx.now();
    await claimLink(tx, link.token_hash);
    await tx.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
    await endOtherResetLinks(tx, accountId);
    await tx.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    await emitForAccount(tx, 'account.password_reset', accountId, [
      { field: 'sign-in', before: null, after: 'reset by e-mail link' },
    ]);
    await passwordChangedMail(tx, link.email);
    // The link proves the mailbox only: with two-factor sign-in the code is still asked for.
    if (await hasTwoFactor(tx, accountId))
      return { accountId, challengeToken: await openChallenge(tx, accountId, link.email) };
    return { accountId, token: await createSession(tx, accountId, client) };
  });
}

/** A new password voids the account's other reset links and any e-mail change waiting for its link. */
async function endOtherResetLinks(tx: ServerContext, accountId: string) {
  await tx.db
    .updateTable('account_links')
    .set({ used_at: tx.now() })
    .where('account_id', '=', accountId)
    .where('purpose', 'in', ['reset_password', 'change_email'])
    .where('used_at', 'is', null)
    .execute();
}

async function passwordChangedMail(ctx: ServerContext, email: string) {
  await ctx.providers.mailer.send(ctx.db, {
    to: email,
    subject: 'Your Questboard password was changed',
    body:
      `The password of your Questboard account ${email} was just changed, and every other device was signed out.\n\n` +
      `If this was not you, reset it now: ${ctx.config.publicUrl}/forgot-password`,
  });
}

// ------------------------------------------------------------------------------------------------ account page

export async function saveProfile(ctx: ServerContext, accountId: string, firstName: string, lastName: string) {
  const next = { firstName: firstName.trim(), lastName: lastName.trim() };
  return inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom('accounts')
      .select(['first_name', 'last_name'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes: FieldChange[] = [];
    if (before.first_name !== next.firstName)
      changes.push({ field: 'firstName', before: before.first_name, after: next.firstName });
    if (before.last_name !== next.lastName)
      changes.push({ field: 'lastName', before: before.last_name, after: next.lastName });
    if (changes.length) {
      await tx.db
        .updateTable('accounts')
        .set({ first_name: next.firstName, last_name: next.lastName })
        .where('id', '=', accountId)
        .execute();
      await emitForAccount(tx, 'account.profile_changed', accountId, changes);
    }
    return { success: true as const, ...next };
  });
}

/**
 * The signed-in person's current password, counted like a sign-in (its limit first, the attempt recorded); a wrong
 * one is 400 `wrong_password` under `field` (never 401: the session stays). Changing the password or the e-mail asks it.
 */
export async function checkCurrentPassword(
  ctx: ServerContext,
  caller: { accountId: string; email: string },
  password: string,
  ip: string,
  field: string,
) {
  await assertPasswordAttemptAllowed(ctx, caller.email, ip);
  const row = await ctx.db
    .selectFrom('accounts')
    .select('password_hash')
    .where('id', '=', caller.accountId)
    .executeTakeFirstOrThrow();
  const ok = await verifyPassword(password, row.password_hash);
  await recordPasswordAttempt(ctx, caller.email, ip, ok);
  if (!ok) throw invalid(WRONG_CURRENT_PASSWORD, [field], 'wrong_password');
}

/**
 * Changes the password: the current one is checked like a sign-in (and limited like one), the new one by the shared
 * rule; every other session is signed out and every reset link voided. Answers how many sessions ended.
 */
export async function changePassword(
  ctx: ServerContext,
  caller: { accountId: string; email: string; tokenHash: string },
  currentPassword: string,
  newPassword: string,
  ip: string,
) {
  const problem = passwordProblem(newPassword);
  if (problem) throw invalid(problem, ['newPassword']);
  await checkCurrentPassword(ctx, caller, currentPassword, ip, 'currentPassword');
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable('accounts')
      .set({ password_hash: passwordHash })
      .where('id', '=', caller.accountId)
      .execute();
    await endOtherResetLinks(tx, caller.accountId);
    const signedOut = await revokeOthers(tx, caller.accountId, caller.tokenHash);
    await emitForAccount(tx, 'account.password_changed', caller.accountId, [
      { field: 'sign-in', before: null, after: 'changed on the account page' },
    ]);
    await passwordChangedMail(tx, caller.email);
    return { success: true as const, signedOut };
  });
}

async function revokeOthers(tx: ServerContext, accountId: string, keepTokenHash: string) {
  const result = await tx.db
    .updateTable('sessions')
    .set({ revoked_at: tx.now() })
    .where('account_id', '=', accountId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', tx.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The account's live sessions, the current one first, then the most recently used. */
export async function listSessions(
  ctx: ServerContext,
  accountId: string,
  currentTokenHash: string,
): Promise<AccountSession[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  const sessions = rows.map((row) => ({
    sessionId: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    ip: row.ip,
    device: summariseUserAgent(row.user_agent),
    current: row.token_hash === currentTokenHash,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Signs out one session of the caller's own (404 for any other id, live or not). */
export async function signOutSession(ctx: ServerContext, accountId: string, sessionId: string) {
  return inTransaction(ctx, async (tx) => {
    const result = await tx.db
      .updateTable('sessions')
      .set({ revoked_at: tx.now() })
      .where('id', '=', sessionId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', tx.now())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Session');
    await emitForAccount(tx, 'account.sessions_signed_out', accountId, [
      { field: 'sessions', before: null, after: 'one device signed out' },
    ]);
    return { success: true as const, signedOut: 1 };
  });
}

export async function signOutOtherSessions(ctx: ServerContext, accountId: string, currentTokenHash: string) {
  return inTransaction(ctx, async (tx) => {
    const signedOut = await revokeOthers(tx, accountId, currentTokenHash);
    if (signedOut > 0)
      await emitForAccount(tx, 'account.sessions_signed_out', accountId, [
        { field: 'sessions', before: null, after: `${signedOut} other device${signedOut === 1 ? '' : 's'} signed out` },
      ]);
    return { success: true as const, signedOut };
  });
}
