/**
 * The e-mail change (docs/accounts.md §E-mail change). Asking needs the current password (checked and limited like a
 * sign-in) and is limited like the reset links; it mails a single-use link (256 random bits, stored only as its
 * SHA-256, 60 minutes) to the new address and voids any older one. An address another account uses gets the same
 * answer and the same pending row, but its mail says the address has an account and carries no link. Using the link
 * switches the e-mail in one transaction (the unique index catches a race), tells the old address and emits
 * `account.email_changed`. Sessions are kept.
 */
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { conflict, invalid, isUniqueViolation } from '../../errors';
import { hashToken, newToken } from '../../auth/crypto';
import { isEmail } from '../../../src/contracts/codecs';
import {
  EMAIL_CHANGE_MINUTES,
  EMAIL_TAKEN,
  EMAIL_TAKEN_CODE,
  SAME_EMAIL,
  type EmailChangeSent,
  type EmailChangeStatus,
} from '../../../src/contracts/email-change';
import { takeLinkRequest } from './auth';
import { checkCurrentPassword, claimLink, emitForAccount, usableLink } from './account';

type Caller = { accountId: string; email: string };

async function voidEmailLinks(tx: ServerContext, accountId: string) {
  await tx.db
    .updateTable('account_links')
    .set({ used_at: tx.now() })
    .where('account_id', '=', accountId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .execute();
}

/** The change waiting for its link (the newest unused one that has not expired), if any. */
export async function emailChangeStatus(ctx: ServerContext, accountId: string): Promise<EmailChangeStatus> {
  const link = await ctx.db
    .selectFrom('account_links')
    .select(['email', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return {
    pending: link ? { email: link.email, expiresAt: new Date(link.expires_at).toISOString() } : null,
  };
}

/**
 * Asks to move the account to `rawEmail`: 400 for a malformed or the current address, 400 `wrong_password` (counted
 * like a sign-in, 429 past its limit), 429 past the link limits; else the same answer whether or not the address
 * has an account.
 */
export async function requestEmailChange(
  ctx: ServerContext,
  caller: Caller,
  rawEmail: string,
  password: string,
  ip: string,
): Promise<EmailChangeSent> {
  const email = rawEmail.trim().toLowerCase();
  if (!isEmail(email)) throw invalid('Enter a valid email address.', ['email']);
  if (email === caller.email) throw invalid(SAME_EMAIL, ['email']);
  await checkCurrentPassword(ctx, caller, password, ip, 'password');
  await takeLinkRequest(ctx, email, ip);
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + EMAIL_CHANGE_MINUTES * 60_000);
  return inTransaction(ctx, async (tx) => {
    await voidEmailLinks(tx, caller.accountId);
    // A row either way, so the pending change looks the same; a taken address's token is never mailed.
    await tx.db
      .insertInto('account_links')
      .values({
        token_hash: hashToken(token),
        purpose: 'change_email',
        account_id: caller.accountId,
        email,
        details: '{}',
        expires_at: expiresAt,
      })
      .execute();
    const taken = await tx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
    await tx.providers.mailer.send(tx.db, {
      to: email,
      subject: 'Confirm your new Questboard email',
      body: taken
        ? `Someone (hopefully you) asked to change the email of a Questboard account to ${email}, but this address ` +
          `already has a Questboard account, so nothing was changed.\n\n` +
          `To use this address, sign in to its account: ${tx.config.publicUrl}/continue\n` +
          `If it was not you, you can ignore this message.`
        : `Someone (hopefully you) asked to change the email of the Questboard account ${caller.email} to ${email}.\n\n` +
          `Confirm the new address: ${tx.config.publicUrl}/confirm-email/${token}\n\n` +
          `The link works once, for ${EMAIL_CHANGE_MINUTES} minutes. If you did not ask, ignore this message: ` +
          `nothing changes.`,
    });
    return {
      success: true as const,
      delivery: tx.providers.mailer.kind,
      pending: { email, expiresAt: expiresAt.toISOString() },
    };
  });
}

export async function cancelEmailChange(ctx: ServerContext, accountId: string) {
  await inTransaction(ctx, (tx) => voidEmailLinks(tx, accountId));
  return { success: true as const };
}

/**
 * Uses a link (404 unknown, 410 used, voided or expired): the account's e-mail becomes the link's address, in one
 * transaction; an address another account took meanwhile is 409. The old address is told.
 */
export async function confirmEmailChange(ctx: ServerContext, token: string) {
  const link = await usableLink(ctx, token, 'change_email');
  const accountId = link.account_id!;
  return inTransaction({ ...ctx, actor: accountId }, async (tx) => {
    await claimLink(tx, link.token_hash);
    const before = await tx.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const taken = await tx.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', link.email)
      .where('id', '<>', accountId)
      .executeTakeFirst();
    if (taken) throw conflict(EMAIL_TAKEN, EMAIL_TAKEN_CODE);
    await tx.db.updateTable('accounts').set({ email: link.email }).where('id', '=', accountId).execute();
    await voidEmailLinks(tx, accountId);
    await emitForAccount(tx, 'account.email_changed', accountId, [
      { field: 'email', before: before.email, after: link.email },
    ]);
    await tx.providers.mailer.send(tx.db, {
      to: before.email,
      subject: 'Your Questboard email was changed',
      body:
        `The email of your Questboard account was changed from ${before.email} to ${link.email}. ` +
        `From now on, sign in with ${link.email}; messages go there.\n\n` +
        `If this was not you, ask your workspace admin for help right away.`,
    });
    return { success: true as const, email: link.email };
  }).catch((error: unknown) => {
    // Another account took the address between the check and the update (unique index on accounts.email).
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, EMAIL_TAKEN_CODE);
    throw error;
  });
}
