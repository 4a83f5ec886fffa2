/** The signed-in account as SPEC §3 describes it: profile, organisations (workspaces with role and apps), all apps. */
import type { ServerContext } from '../context';
import type { Account } from '../../src/contracts/auth';
import type { Workspace } from '../../src/contracts/workspace';
import type { Role } from '../../src/contracts/codecs';
import { fileUrl } from './files';
import { loadApps } from './apps';
import { notFound } from './errors';

/** Countries the product supports for targeting (ISO 3166-1 alpha-2). */
export const SUPPORTED_COUNTRIES = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'NO', 'DK', 'FI', 'PL', 'BR', 'MX', 'AR', 'JP', 'KR', 'TW', 'IN', 'ID', 'TH', 'VN', 'PH', 'TR', 'SA', 'AE', 'ZA', 'NZ'];

export async function loadWorkspaces(ctx: ServerContext, accountId: string): Promise<Workspace[]> {
  const { db } = ctx;
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select(['workspaces.id', 'workspaces.name', 'workspaces.website', 'workspaces.icon_file_id', 'workspaces.allow_monetize', 'memberships.role'])
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('workspaces.name')
    .execute();
  const apps = await loadApps(ctx, rows.map((r) => r.id));
  const counts = rows.length
    ? await db
        .selectFrom('memberships')
        .select(['workspace_id', db.fn.countAll<string>().as('n')])
        .where('workspace_id', 'in', rows.map((r) => r.id))
        .groupBy('workspace_id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    website: row.website,
    icon: fileUrl(row.icon_file_id),
    allowMonetize: row.allow_monetize,
    role: row.role as Role,
    accounts: Number(counts.find((c) => c.workspace_id === row.id)?.n ?? 0),
    apps: apps.filter((a) => a.workspaceId === row.id),
  }));
}

/** One workspace of the caller (with role and apps); 404 when they are not a member. */
export async function loadWorkspace(ctx: ServerContext, accountId: string, workspaceId: string): Promise<Workspace> {
  const workspace = (await loadWorkspaces(ctx, accountId)).find((w) => w.id === workspaceId);
  if (!workspace) throw notFound('Workspace');
  return workspace;
}

export async function loadAccount(ctx: ServerContext, accountId: string): Promise<Account> {
  const row = await ctx.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound('Account');
  const organisations = await loadWorkspaces(ctx, accountId);
  return {
    accountId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    workEmail: row.email,
    isTpUser: row.is_tp_user,
    workspaceRole: organisations[0]?.role,
    organisations,
    allApps: organisations.flatMap((o) => o.apps ?? []),
    supportedCountries: SUPPORTED_COUNTRIES,
  };
}
