/**
 * A workspace's credentials managed (docs/integrations.md §Credentials): the list with the plugins that use each, its
 * last use, who added it and when, and its last check (never a secret); renaming one (a name unique in the workspace),
 * Refresh (checking it against Google Cloud again: the provider signs in with it and lists what it reaches), and
 * revoking one (refused while a plugin uses it, naming the plugins; otherwise its row and sealed secret go, in one
 * transaction with the activity entry).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { emit } from '../../events/outbox';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import { GoogleCloudError } from '../../providers/google-cloud/provider';
import {
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_MESSAGES,
  credentialInUse,
  credentialUseLabel,
  type CredentialUse,
  type ManagedCredential,
} from '../../../src/contracts/credentials';
import { credentialSubject, googleCloudFailure, workspaceApps } from './integrations';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The plugins using the workspace's credentials (one credential, or all), with their apps' names. */
async function usesOf(ctx: ServerContext, workspaceId: string, credentialId?: string) {
  let query = ctx.db
    .selectFrom('plugins')
    .innerJoin('apps', 'apps.id', 'plugins.app_id')
    .innerJoin('credentials', 'credentials.id', 'plugins.credential_id')
    .select([
      'plugins.id as pluginId',
      'plugins.type as pluginType',
      'apps.id as appId',
      'apps.app_name as appName',
      'apps.platform as platform',
      'credentials.id as credentialId',
    ])
    .where('credentials.workspace_id', '=', workspaceId)
    .orderBy('apps.app_name')
    .orderBy('plugins.type');
  if (credentialId) query = query.where('credentials.id', '=', credentialId);
  const rows = await query.execute();
  const byCredential = new Map<string, CredentialUse[]>();
  for (const { credentialId: id, ...use } of rows) byCredential.set(id, [...(byCredential.get(id) ?? []), use]);
  return byCredential;
}

async function rowsOf(ctx: ServerContext, workspaceId: string, credentialId?: string) {
  let query = ctx.db
    .selectFrom('credentials')
    .leftJoin('accounts', 'accounts.id', 'credentials.created_by')
    .select([
      'credentials.id',
      'credentials.type',
      'credentials.email',
      'credentials.project_id',
      'credentials.label',
      'credentials.last_used_at',
      'credentials.created_at',
      'credentials.checked_at',
      'credentials.check_ok',
      'credentials.check_message',
      'accounts.email as added_by_email',
      'accounts.first_name',
      'accounts.last_name',
    ])
    .where('credentials.workspace_id', '=', workspaceId)
    .orderBy('credentials.created_at')
    .orderBy('credentials.id');
  if (credentialId) query = query.where('credentials.id', '=', credentialId);
  return query.execute();
}
type Row = Awaited<ReturnType<typeof rowsOf>>[number];

function toManaged(row: Row, uses: Map<string, CredentialUse[]>): ManagedCredential {
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return {
    id: row.id,
    type: row.type,
    name: row.label ?? row.email,
    email: row.email,
    projectId: row.project_id,
    usedBy: uses.get(row.id) ?? [],
    lastUsedAt: iso(row.last_used_at),
    addedAt: iso(row.created_at)!,
    addedBy: row.added_by_email ? { name: name || row.added_by_email, email: row.added_by_email } : null,
    lastCheck:
      row.checked_at && row.check_ok !== null
        ? { at: iso(row.checked_at)!, ok: row.check_ok, message: row.check_message ?? '' }
        : null,
  };
}

/** The workspace's credentials, oldest first, each with its plugins (never a secret). */
export async function listManagedCredentials(ctx: ServerContext, workspaceId: string) {
  const [rows, uses] = await Promise.all([rowsOf(ctx, workspaceId), usesOf(ctx, workspaceId)]);
  return { success: true as const, credentials: rows.map((row) => toManaged(row, uses)) };
}

async function managed(ctx: ServerContext, workspaceId: string, credentialId: string) {
  const [row] = await rowsOf(ctx, workspaceId, credentialId);
  if (!row) throw notFound('Credential');
  return toManaged(row, await usesOf(ctx, workspaceId, credentialId));
}

/** A new name (trimmed; the codec bounds it): unique in the workspace, case-insensitively. */
export async function renameCredential(ctx: ServerContext, workspaceId: string, credentialId: string, name: string) {
  const label = name.trim();
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('credentials')
      .select(['label', 'email'])
      .where('id', '=', credentialId)
      .where('workspace_id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Credential');
    const before = row.label ?? row.email;
    if (before === label) return;
    const taken = await tx.db
      .selectFrom('credentials')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '<>', credentialId)
      .where(sql<string>`lower(label)`, '=', label.toLowerCase())
      .executeTakeFirst();
    if (taken) throw conflict(CREDENTIAL_MESSAGES.nameTaken, 'credential_name_taken');
    await tx.db.updateTable('credentials').set({ label }).where('id', '=', credentialId).execute();
    await emit(tx, 'credential.renamed', {
      workspaceId,
      credentialId,
      name: label,
      changes: [{ field: 'name', before, after: label }],
    });
  }).catch((error: unknown) => {
    // Two renames to the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(CREDENTIAL_MESSAGES.nameTaken, 'credential_name_taken');
    throw error;
  });
  return { success: true as const, credential: await managed(ctx, workspaceId, credentialId) };
}

const projectsWord = (n: number) => `${n} GCP project${n === 1 ? '' : 's'}`;

/**
 * Refresh: the credential checked against Google Cloud now. The provider signs in with it (a Google account's refresh
 * token is exchanged for an access token, a key signs a token request, the Questboard account uses the server's key)
 * and lists the projects it reaches with the workspace's apps. Google refusing it (sign-in revoked, key deleted) is the
 * check's outcome, recorded and answered (not an error); Google not answering is a 503 and records nothing. In the
 * sandbox every credential works.
 */
export async function refreshCredential(ctx: ServerContext, workspaceId: string, credentialId: string) {
  const row = await ctx.db
    .selectFrom('credentials')
    .select(['id', 'type', 'email', 'project_id', 'secret', 'label', 'check_ok', 'check_message'])
    .where('id', '=', credentialId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound('Credential');
  let ok: boolean;
  let message: string;
  try {
    const projects = await ctx.providers.googleCloud.projects(credentialSubject(ctx, row), {
      workspaceId,
      apps: await workspaceApps(ctx, workspaceId),
    });
    const count = Object.keys(projects).length;
    ok = true;
    message =
      count === 0
        ? "Works, but reaches no GCP project with this workspace's apps."
        : `Works: reaches ${projectsWord(count)}.`;
  } catch (error) {
    if (!(error instanceof GoogleCloudError) || error.reason !== 'credential') googleCloudFailure(error);
    ok = false;
    message = error.message;
  }
  const outcome = (works: boolean, words: string) => (works ? words : `Refused: ${words}`);
  const before = row.check_ok === null ? null : outcome(row.check_ok, row.check_message ?? '');
  await inTransaction(ctx, async (tx) => {
    const now = tx.now();
    const updated = await tx.db
      .updateTable('credentials')
      .set({ checked_at: now, check_ok: ok, check_message: message, ...(ok ? { last_used_at: now } : {}) })
      .where('id', '=', credentialId)
      .where('workspace_id', '=', workspaceId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Credential'); // revoked meanwhile
    await emit(tx, 'credential.refreshed', {
      workspaceId,
      credentialId,
      name: row.label ?? row.email,
      changes: [{ field: 'check', before, after: outcome(ok, message) }],
    });
  });
  return { success: true as const, credential: await managed(ctx, workspaceId, credentialId) };
}

/**
 * Revoke: refused (409, naming them) while any plugin of the workspace uses the credential, connected or not (a
 * disconnected plugin connects again with it). Otherwise the row goes with its sealed secret. The row is locked first,
 * so a connection saved meanwhile with this credential waits (its foreign key) and then finds it gone.
 */
export async function revokeCredential(ctx: ServerContext, workspaceId: string, credentialId: string) {
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .selectFrom('credentials')
      .select(['type', 'email', 'label'])
      .where('id', '=', credentialId)
      .where('workspace_id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Credential');
    const uses = (await usesOf(tx, workspaceId, credentialId)).get(credentialId) ?? [];
    if (uses.length > 0) throw conflict(credentialInUse(uses.map(credentialUseLabel)), 'credential_in_use');
    await tx.db.deleteFrom('credentials').where('id', '=', credentialId).execute();
    await emit(tx, 'credential.revoked', {
      workspaceId,
      credentialId,
      name: row.label ?? row.email,
      // ('account': a field named "credential" would be masked as a secret by the activity log.)
      changes: [{ field: 'account', before: `${CREDENTIAL_KIND_LABELS[row.type]} ${row.email}`, after: null }],
    });
  });
  return listManagedCredentials(ctx, workspaceId);
}
