/**
 * "Last used" of a credential (docs/integrations.md §Credentials): written wherever a plugin or a connection uses a
 * credential with Google Cloud (saving a connection, Firebase events and deployments, the health line's role check,
 * Process Data). At most one write a minute per credential, so a busy plugin costs nothing noticeable.
 */
import type { ServerContext } from '../../context';

/** A use closer than this to the recorded one is not written again. */
export const LAST_USED_GRANULARITY_MS = 60_000;

export async function touchCredential(ctx: ServerContext, credentialId: string | null | undefined): Promise<void> {
  if (!credentialId) return;
  const now = ctx.now();
  const before = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await ctx.db
    .updateTable('credentials')
    .set({ last_used_at: now })
    .where('id', '=', credentialId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
    .execute();
}
