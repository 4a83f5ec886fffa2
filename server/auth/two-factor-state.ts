/**
 * Whether an account signs in with a code after the password (docs/accounts.md §Two-factor sign-in): a fact of the
 * account that the auth area writes and others read (sign-in, invitations, a workspace that requires it), kept here
 * beside the crypto so that reading it imports no area.
 */
import type { ServerContext } from '../context';

export async function hasTwoFactor(ctx: Pick<ServerContext, 'db'>, accountId: string) {
  const row = await ctx.db
    .selectFrom('account_two_factor')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}
