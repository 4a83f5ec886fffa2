/**
 * Sign-up (docs/accounts.md §Sign-up). Asking mails a single-use confirmation link (256 random bits, stored only as its
 * SHA-256, 24 hours); until it is used the sign-up is only that link's row (its names, workspace and password hash),
 * so nobody holds an address they cannot read. An address that already has an account gets the same answer and a
 * mail saying so. Confirming creates the account and its first workspace in one transaction and signs in.
 */
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { emit } from '../../events/outbox';
import { conflict, forbidden, invalid } from '../../errors';
import { hashPassword, hashToken, newId, newToken } from '../../auth/crypto';
import { isEmail } from '../../../src/contracts/codecs';
import { passwordProblem } from '../../../src/contracts/passwords';
import { type LinkSent } from '../../../src/contracts/account';
import {
  SIGN_UP_CLOSED,
  SIGN_UP_CLOSED_CODE,
  SIGN_UP_LINK_HOURS,
  type SignUpRequest,
} from '../../../src/contracts/sign-up';
import { insertWorkspace, isInternalEmail } from '../workspace/index';
import { createSession, takeLinkRequest, type Client } from './auth';
import { claimLink, usableLink } from './account';

export const ACCOUNT_EXISTS = 'This email already has a Questboard account. Sign in instead.';

function assertOpen(ctx: ServerContext) {
  if (!ctx.config.signUp) throw forbidden(SIGN_UP_CLOSED, SIGN_UP_CLOSED_CODE);
}

/** Asks for an account: the same answer whether or not one uses the address; limited like the reset links. */
export async function requestSignUp(ctx: ServerContext, input: SignUpRequest, ip: string): Promise<LinkSent> {
  assertOpen(ctx);
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw invalid('Enter a valid email address.', ['email']);
  const problem = passwordProblem(input.password);
  if (problem) throw invalid(problem, ['password']);
  await takeLinkRequest(ctx, email, ip);
  // Hashed either way, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  const delivery = ctx.providers.mailer.kind;
  const existing = await ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await ctx.providers.mailer.send(ctx.db, {
      to: email,
      subject: 'You already have a Questboard account',
      body:
        `Someone (hopefully you) tried to sign up for Questboard with ${email}, but you already have an account.\n\n` +
        `Sign in: ${ctx.config.publicUrl}/continue\n` +
        `Forgot your password? ${ctx.config.publicUrl}/forgot-password\n\n` +
        `If it was not you, you can ignore this message: nothing was changed.`,
    });
    return { success: true, delivery };
  }
  const token = newToken();
  await ctx.db
    .insertInto('account_links')
    .values({
      token_hash: hashToken(token),
      purpose: 'confirm_sign_up',
      account_id: null,
      email,
      details: JSON.stringify({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        workspaceName: input.workspaceName.trim(),
        passwordHash,
      }),
      expires_at: new Date(ctx.now().getTime() + SIGN_UP_LINK_HOURS * 60 * 60_000),
    })
    .execute();
  await ctx.providers.mailer.send(ctx.db, {
    to: email,
    subject: 'Confirm your Questboard account',
    body:
      `Welcome to Questboard, ${input.firstName.trim()}.\n\n` +
      `Confirm your email to create your account and the workspace ${input.workspaceName.trim()}:\n` +
      `${ctx.config.publicUrl}/confirm-sign-up/${token}\n\n` +
      `The link works once, for ${SIGN_UP_LINK_HOURS} hours. If you did not sign up, ignore this message.`,
  });
  return { success: true, delivery };
}

/**
 * Uses a confirmation link (404 unknown, 410 used or expired): the account, its first workspace (as its admin) and a
 * session, in one transaction; the other sign-up links of the address are voided. An address that got an account
 * meanwhile (an invitation accepted) is 409.
 */
export async function confirmSignUp(ctx: ServerContext, token: string, client: Client) {
  assertOpen(ctx);
  const link = await usableLink(ctx, token, 'confirm_sign_up');
  const details = link.details as Record<string, string>;
  const accountId = newId();
  return inTransaction({ ...ctx, actor: accountId }, async (tx) => {
    const now = tx.now();
    await claimLink(tx, link.token_hash);
    const taken = await tx.db.selectFrom('accounts').select('id').where('email', '=', link.email).executeTakeFirst();
    if (taken) throw conflict(ACCOUNT_EXISTS, 'account_exists');
    await tx.db
      .insertInto('accounts')
      .values({
        id: accountId,
        email: link.email,
        first_name: details.firstName ?? '',
        last_name: details.lastName ?? '',
        password_hash: details.passwordHash ?? '',
        is_tp_user: isInternalEmail(link.email, tx.config.internalDomains),
      })
      .execute();
    const workspaceName = details.workspaceName ?? '';
    const workspaceId = await insertWorkspace(tx, accountId, { name: workspaceName, website: '', iconId: null });
    await tx.db
      .updateTable('account_links')
      .set({ used_at: now })
      .where('email', '=', link.email)
      .where('purpose', '=', 'confirm_sign_up')
      .where('used_at', 'is', null)
      .execute();
    await emit(tx, 'account.signed_up', {
      workspaceId,
      accountId,
      email: link.email,
      changes: [{ field: 'workspace', before: null, after: workspaceName }],
    });
    return { accountId, workspaceId, token: await createSession(tx, accountId, client) };
  });
}
