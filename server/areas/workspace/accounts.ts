/** The signed-in account as docs/accounts.md §Entities describes it: profile, organisations (workspaces with role and apps), all apps. */
import { sql, type Expression, type ExpressionBuilder, type QueryCreator } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';
import type { ServerContext } from '../../context';
import type { Account } from '../../../src/contracts/auth';
import type { Workspace } from '../../../src/contracts/workspace';
import type { Role } from '../../../src/contracts/codecs';
import { fileUrl } from '../files/index';
import { appsJsonOf, toApp } from '../apps/index';
import { toApiKeys } from '../apps/index';
import { teamCount } from './workspace';
import { notFound } from '../../errors';
import { reusableQuery } from '../../db/reusable-query';
import { SUPPORTED_COUNTRIES } from '../../../src/contracts/countries';

/** Who is looking: values, or (inside the account query) references to the account row's columns. */
interface Viewer {
  accountId: string | Expression<string>;
  email: string | Expression<string>;
}

/** The viewer's memberships with their workspace, team count and apps (each with its plugins, key prefixes and deep links, as JSON arrays). */
function workspaceRows(db: QueryCreator<Database>, viewer: Viewer, internalDomains: string[], workspaceId?: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'workspaces.id',
      'workspaces.name',
      'workspaces.website',
      'workspaces.icon_file_id',
      'workspaces.allow_monetize',
      'workspaces.require_two_factor',
      'memberships.role',
    ])
    .select((eb) => [teamCount(eb, viewer.email, internalDomains).as('accounts'), appsJsonOf(eb).as('apps')])
    .where('memberships.account_id', '=', viewer.accountId)
    .$if(workspaceId !== undefined, (qb) => qb.where('workspaces.id', '=', workspaceId!))
    .orderBy('memberships.created_at')
    .orderBy('workspaces.name');
}

type WorkspaceRow = Awaited<ReturnType<ReturnType<typeof workspaceRows>['execute']>>[number];

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    icon: fileUrl(row.icon_file_id),
    allowMonetize: row.allow_monetize,
    role: row.role as Role,
    accounts: Number(row.accounts ?? 0),
    requireTwoFactor: row.require_two_factor,
    apps: row.apps.map((app) => ({
      ...toApp(app, app.plugins),
      apiKeys: toApiKeys(app.api_keys),
      deepLinks: app.deep_links,
    })),
  };
}

/** The viewer's workspaces (or the one asked for) with role, team count and apps, in one query. */
export async function loadWorkspaces(
  ctx: ServerContext,
  viewer: { accountId: string; email: string },
  workspaceId?: string,
): Promise<Workspace[]> {
  return (await workspaceRows(ctx.db, viewer, ctx.config.internalDomains, workspaceId).execute()).map(toWorkspace);
}

/** One workspace of the viewer (with role, team count and apps); 404 when they are not a member. */
export async function loadWorkspace(
  ctx: ServerContext,
  viewer: { accountId: string; email: string },
  workspaceId: string,
): Promise<Workspace> {
  const [workspace] = await loadWorkspaces(ctx, viewer, workspaceId);
  if (!workspace) throw notFound('Workspace');
  return workspace;
}

/** When the account turned on two-factor sign-in (null: it has not), as `two_factor`. */
const twoFactorOf = (eb: ExpressionBuilder<Database, 'accounts'>) =>
  eb
    .selectFrom('account_two_factor')
    .select('account_two_factor.enabled_at')
    .whereRef('account_two_factor.account_id', '=', 'accounts.id')
    .as('two_factor');

/** The account with its workspaces, apps, plugins and key prefixes as nested JSON: one query, compiled once. */
const accountQuery = reusableQuery((db, internalDomains: string[], accountId: string) =>
  db
    .selectFrom('accounts')
    .selectAll('accounts')
    .select((eb) => [
      jsonArrayFrom(
        workspaceRows(db, { accountId: eb.ref('accounts.id'), email: eb.ref('accounts.email') }, internalDomains),
      ).as('organisations'),
      twoFactorOf(eb),
    ])
    .where('accounts.id', '=', accountId),
);

/**
 * The Account of docs/accounts.md §Entities in ONE query (the workspaces, apps and plugins as nested JSON). `/api/me` asks
 * `currentAccount`, which builds it only when the account's view versions changed.
 */
export async function loadAccount(ctx: ServerContext, accountId: string): Promise<Account> {
  const [row] = await accountQuery(ctx.db, ctx.config.internalDomains, accountId);
  if (!row) throw notFound('Account');
  // JSON carries the same fields (timestamps as text, which toApp accepts).
  const organisations = row.organisations.map((workspace) => toWorkspace(workspace as unknown as WorkspaceRow));
  return {
    accountId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    workEmail: row.email,
    isTpUser: row.is_tp_user,
    workspaceRole: organisations[0]?.role,
    organisations,
    twoFactor: row.two_factor !== null,
    allApps: organisations.flatMap((o) => o.apps ?? []),
    supportedCountries: SUPPORTED_COUNTRIES,
  };
}

/**
 * What the account's view depends on, as one text: its own profile and, per workspace it belongs to, that workspace's
 * view version (bumped by triggers on every table the Account is built from: accounts.migrations.ts). One small
 * indexed query, compiled once.
 */
const viewKeyQuery = reusableQuery((db, _settings: null, accountId: string) =>
  db
    .selectFrom('accounts')
    .select((eb) => [
      'accounts.first_name',
      'accounts.last_name',
      'accounts.email',
      'accounts.is_tp_user',
      twoFactorOf(eb),
      eb
        .selectFrom('memberships')
        .leftJoin('view_versions', 'view_versions.workspace_id', 'memberships.workspace_id')
        .select(
          sql<string>`string_agg(memberships.workspace_id || ':' || coalesce(view_versions.version, 0), ',' ORDER BY memberships.workspace_id)`.as(
            'v',
          ),
        )
        .whereRef('memberships.account_id', '=', 'accounts.id')
        .as('versions'),
    ])
    .where('accounts.id', '=', accountId),
);

/** Accounts built per server, with the view key they were built for (at most CACHED_ACCOUNTS, oldest use dropped). */
const CACHED_ACCOUNTS = 5_000;
const builtAccounts = new WeakMap<object, Map<string, { key: string; account: Account }>>();

/**
 * `/api/me`: the account as `loadAccount` builds it, reused while its view key is the same. The key is read before
 * the account is built, so an account cached under a key is never older than that key: any later change bumps a
 * version and the next call builds it again (on every server: the versions are in the database).
 */
export async function currentAccount(ctx: ServerContext, accountId: string): Promise<Account> {
  const [row] = await viewKeyQuery(ctx.db, null, accountId);
  if (!row) throw notFound('Account');
  const key = JSON.stringify(row);
  let cache = builtAccounts.get(ctx.db);
  if (!cache) builtAccounts.set(ctx.db, (cache = new Map()));
  const found = cache.get(accountId);
  cache.delete(accountId); // re-inserted below: the Map's order is the order of last use
  if (found && found.key === key) {
    cache.set(accountId, found);
    return found.account;
  }
  const account = await loadAccount(ctx, accountId);
  cache.set(accountId, { key, account });
  if (cache.size > CACHED_ACCOUNTS) cache.delete(cache.keys().next().value!);
  return account;
}
