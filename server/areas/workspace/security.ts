/**
 * A workspace's security settings (docs/accounts.md §Two-factor sign-in): an admin may require two-factor sign-in of
 * every member. The requirement itself is enforced where every workspace route resolves its membership
 * (server/http/define-route.ts); this module reads and changes the setting.
 */
import {
  TWO_FACTOR_YOURS_FIRST,
  TWO_FACTOR_YOURS_FIRST_CODE,
  type WorkspaceSecurity,
} from '../../../src/contracts/workspace';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { conflict } from '../../errors';
import { hasTwoFactor } from '../../auth/two-factor-state';

/** The setting, how many members lack two-factor sign-in, and whether the asking admin has it. */
export async function workspaceSecurity(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
): Promise<WorkspaceSecurity> {
  const row = await ctx.db
    .selectFrom('workspaces')
    .select((eb) => [
      'workspaces.require_two_factor',
      eb
        .selectFrom('memberships')
        .leftJoin('account_two_factor', 'account_two_factor.account_id', 'memberships.account_id')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('memberships.workspace_id', '=', 'workspaces.id')
        .where('account_two_factor.enabled_at', 'is', null)
        .as('without'),
    ])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return {
    success: true,
    requireTwoFactor: row.require_two_factor,
    membersWithoutTwoFactor: Number(row.without ?? 0),
    youHaveTwoFactor: await hasTwoFactor(ctx, accountId),
  };
}

/**
 * Turns the requirement on or off. Only an admin who has two-factor sign-in may turn it on (else they would lock
 * themselves out); the change is an activity entry (`workspace.settings_changed`). Setting the same value is no change.
 */
export async function setWorkspaceSecurity(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  requireTwoFactor: boolean,
): Promise<WorkspaceSecurity> {
  if (requireTwoFactor && !(await hasTwoFactor(ctx, accountId)))
    throw conflict(TWO_FACTOR_YOURS_FIRST, TWO_FACTOR_YOURS_FIRST_CODE);
  await inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom('workspaces')
      .select(['name', 'require_two_factor'])
      .where('id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.require_two_factor === requireTwoFactor) return;
    await tx.db
      .updateTable('workspaces')
      .set({ require_two_factor: requireTwoFactor })
      .where('id', '=', workspaceId)
      .execute();
    await emit(tx, 'workspace.settings_changed', {
      workspaceId,
      workspaceName: before.name,
      changes: [{ field: 'requireTwoFactor', before: before.require_two_factor, after: requireTwoFactor }],
    });
  });
  return workspaceSecurity(ctx, workspaceId, accountId);
}
