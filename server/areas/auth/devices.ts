/**
 * New devices (docs/accounts.md §Mail to the account): each account's devices (user agent summaries, "Chrome on
 * Windows") are kept as it signs in; a session from a device the account never used, when it used another before,
 * tells the account's own address. The first device of an account (its sign-up) tells nothing.
 */
import type { ServerContext } from '../../context';
import { summariseUserAgent } from './user-agent';

export const NEW_DEVICE_SUBJECT = 'New sign-in to your Questboard account';

export async function noticeDevice(
  ctx: ServerContext,
  accountId: string,
  client: { ip: string; userAgent: string },
  at: Date,
): Promise<void> {
  const device = summariseUserAgent(client.userAgent);
  const added = await ctx.db
    .insertInto('account_devices')
    .values({ account_id: accountId, device, first_seen_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'device']).doNothing())
    .returning('device')
    .executeTakeFirst();
  if (!added) return;
  const before = await ctx.db
    .selectFrom('account_devices')
    .select('device')
    .where('account_id', '=', accountId)
    .where('device', '<>', device)
    .limit(1)
    .executeTakeFirst();
  if (!before) return;
  const account = await ctx.db.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirst();
  if (!account) return;
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await ctx.providers.mailer.send(ctx.db, {
    to: account.email,
    subject: NEW_DEVICE_SUBJECT,
    body:
      `Your Questboard account ${account.email} was just signed in to from a device it had not used before: ` +
      `${device}, from the address ${client.ip || 'unknown'}, at ${when}.\n\n` +
      `If this was you, there is nothing to do. If it was not, reset your password now: ` +
      `${ctx.config.publicUrl}/forgot-password, then sign out the other sessions on your account page: ` +
      `${ctx.config.publicUrl}/account`,
  });
}
