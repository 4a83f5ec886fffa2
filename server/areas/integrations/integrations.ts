/**
 * Integrations (docs/integrations.md §Screens and routes Integrations page, §Entities Plugin / Credential / Plugin event / Feed item, §Plugin states plugin
 * statuses and in-progress operations, §Rules and limits IAM roles and Process Data preconditions, §Roles admin-only service accounts,
 * §API endpoints plugin calls, §Messages plugin and IAM messages): plugins of an app, the Google Cloud credentials of a workspace
 * (secrets sealed with the server key, never returned), their IAM check through the Google Cloud provider, the
 * Latest Updates feed, and Process Data as a job (server/jobs/queue.ts) whose first success gives the plugin data and
 * so enables Analyze (the one rule: server/areas/apps/apps.ts analyzePlugin).
 */
import { sql, type Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { PluginsTable } from '../../db/schema';
import type {
  ConnectionStatus,
  Credential,
  InProgressOperation,
  Plugin,
  PluginType,
} from '../../../src/contracts/plugin';
import { isGoogleCloudType } from '../../../src/contracts/plugin-types';
import {
  IAM_MESSAGES,
  PLUGIN_MESSAGES,
  hasAllRoles,
  iamRows,
  missingRoles,
  processEndInFuture,
  rolesInProject,
  type CreatePluginRequest,
  type ServiceAccountKey,
  type UpdatePluginRequest,
} from '../../../src/contracts/integrations';
import type { Role } from '../../../src/contracts/codecs';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf, type FieldChange } from '../../../src/contracts/domain-events';
import { isPostbackPartner } from '../../../src/contracts/partners';
import { silentHoursOf } from '../../../src/contracts/notifications';
import { latestFire, parseCron } from '../../jobs/cron';
import { addDays, utcToday } from '../../../src/contracts/analyze';
import { GoogleCloudError, type CredentialSubject, type WorkspaceApp } from '../../providers/google-cloud/provider';
import { enqueueJob, type JobHandlers } from '../../jobs/queue';
import { packageNameOf, processPluginData } from './process-data';
import { touchCredential } from './credential-use';
import { checkSilentSources, SILENCE_CHECK_JOB } from './silence';
import { DomainError, conflict, forbidden, invalid, notFound, unavailable } from '../../errors';
import { embeddedProcessBytes, recordQueryJob } from './query-jobs';
import { QUERY_CANCELLED_MESSAGE } from '../../analytics/query-scope';
import {
  PROCESSING_CANCELLED,
  QUERY_JOB_MESSAGES,
  queryCostUsd,
  type ProcessEstimateAnswer,
} from '../../../src/contracts/query-jobs';
import { monetizeMetadataOf, revenueRules } from './revenue-settings';
import { JsonObject, writeJson } from '../../db/json-column';
import { peopleActivityAbout } from '../activity/index';
import { VERB_LABELS, type ActivityEntry, type ActivityVerb } from '../../../src/contracts/activity';
import type { FeedItem } from '../../../src/contracts/plugin';

type PluginRow = Selectable<PluginsTable>;

/** Job kinds of this area and the in-progress operation each drives (docs/integrations.md §Plugin states). */
export const JOB_KINDS = { process: 'bigquery_process_event', sandboxExport: 'sandbox_export' } as const;
const OPERATION_OF: Record<string, InProgressOperation> = {
  [JOB_KINDS.process]: 'bigquery_process_event',
  [JOB_KINDS.sandboxExport]: 'integration',
  function_deploy: 'function_deploy', // server/areas/integrations/firebase/firebase.ts
};
/** Refresh schedule of a BigQuery plugin processing daily: 03:00 UTC (cron, shown in UTC by the UI). */
export const DAILY_SCHEDULE = '0 3 * * *';

// ------------------------------------------------------------------------------------------------ plugins

export function toPluginView(row: PluginRow, operations: readonly InProgressOperation[]): Plugin {
  const attributes = row.attributes as Record<string, unknown>;
  return {
    id: row.id,
    appId: row.app_id,
    source: row.type,
    connected: row.status,
    credentials: row.credential_id,
    inProgress: [...operations],
    attributes: {
      ...(typeof attributes.dailyProcess === 'boolean' ? { dailyProcess: attributes.dailyProcess } : {}),
      ...(typeof attributes.targetProject === 'string' ? { targetProject: attributes.targetProject } : {}),
      ...(typeof attributes.targetProjectName === 'string' ? { targetProjectName: attributes.targetProjectName } : {}),
    },
    refreshSchedule: row.refresh_schedule,
    lastRefresh: row.last_refresh ? new Date(row.last_refresh).getTime() : null,
    dataRange: row.data_start && row.data_end ? { start: row.data_start, end: row.data_end } : null,
    silentHours: row.silent_hours,
  };
}

async function activeOperations(ctx: ServerContext, pluginIds: readonly string[]) {
  const byPlugin = new Map<string, InProgressOperation[]>();
  if (pluginIds.length === 0) return byPlugin;
  const rows = await ctx.db
    .selectFrom('jobs')
    .select(['plugin_id', 'kind'])
    .where('plugin_id', 'in', pluginIds)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  for (const row of rows) {
    const operation = OPERATION_OF[row.kind];
    if (row.plugin_id && operation) byPlugin.set(row.plugin_id, [...(byPlugin.get(row.plugin_id) ?? []), operation]);
  }
  return byPlugin;
}

/** The app's active source (docs/integrations.md §Entities App.activePluginId), kept in the app's details. */
export async function activePluginOf(ctx: ServerContext, appId: string): Promise<string | null> {
  const app = await ctx.db.selectFrom('apps').select('details').where('id', '=', appId).executeTakeFirst();
  const id = (app?.details as Record<string, unknown> | undefined)?.activePluginId;
  return typeof id === 'string' ? id : null;
}

/** docs/integrations.md §Plugin states: only one source is active; only a connected source can become it. */
export async function setActivePlugin(ctx: ServerContext, appId: string, pluginId: string) {
  const row = await ctx.db
    .selectFrom('plugins')
    .select(['id', 'type', 'status'])
    .where('id', '=', pluginId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!row) throw invalid('The plugin does not belong to this app.', ['pluginId'], 'plugin_not_found');
  if (row.status === 'disconnected') throw conflict('Connect the source to activate it', 'not_connected');
  await inTransaction(ctx, async (tx) => {
    const app = await tx.db
      .selectFrom('apps')
      .select('details')
      .where('id', '=', appId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = (app.details as Record<string, unknown>).activePluginId;
    const details = { ...(app.details as Record<string, unknown>), activePluginId: pluginId };
    await tx.db
      .updateTable('apps')
      .set({ details: writeJson(JsonObject, details) })
      .where('id', '=', appId)
      .execute();
    await addFeed(tx, pluginId, `${row.type} is now the active source.`, 'success');
    if (before !== pluginId)
      await emitPluginEvent(tx, 'plugin.updated', { id: row.id, app_id: appId, type: row.type }, [
        { field: 'active source', before: false, after: true },
      ]);
  });
}

export async function listPlugins(ctx: ServerContext, appId: string): Promise<Plugin[]> {
  const rows = await ctx.db
    .selectFrom('plugins')
    .selectAll()
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .execute();
  const operations = await activeOperations(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPluginView(row, operations.get(row.id) ?? []));
}

async function pluginRow(ctx: ServerContext, pluginId: string): Promise<PluginRow> {
  const row = await ctx.db.selectFrom('plugins').selectAll().where('id', '=', pluginId).executeTakeFirst();
  if (!row) throw notFound('Plugin');
  return row;
}

export async function getPlugin(ctx: ServerContext, pluginId: string): Promise<Plugin> {
  const row = await pluginRow(ctx, pluginId);
  return toPluginView(row, (await activeOperations(ctx, [row.id])).get(row.id) ?? []);
}

/** The status of the app's plugin of this type, or null when it has none (other areas ask through the door). */
export async function pluginStatusOf(
  ctx: ServerContext,
  appId: string,
  type: PluginType,
): Promise<ConnectionStatus | null> {
  const row = await ctx.db
    .selectFrom('plugins')
    .select('status')
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.status ?? null;
}

/** The app's plugins of these types, oldest first: id, type and status (other areas ask through the door). */
export async function pluginsOfTypes(
  ctx: ServerContext,
  appId: string,
  types: readonly PluginType[],
): Promise<{ id: string; type: PluginType; status: ConnectionStatus }[]> {
  if (types.length === 0) return [];
  return ctx.db
    .selectFrom('plugins')
    .select(['id', 'type', 'status'])
    .where('app_id', '=', appId)
    .where('type', 'in', [...types])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The attributes of the app's oldest plugin of this type, or null when it has none (other areas ask through the door). */
export async function pluginAttributesOf(ctx: ServerContext, appId: string, type: PluginType): Promise<unknown> {
  const row = await ctx.db
    .selectFrom('plugins')
    .select('attributes')
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .orderBy('created_at')
    .executeTakeFirst();
  return row ? row.attributes : null;
}

/** A plugin's app, type and status, or null (other areas ask through the door). */
export async function pluginSummaryOf(
  ctx: ServerContext,
  pluginId: string,
): Promise<{ appId: string; type: PluginType; status: ConnectionStatus } | null> {
  const row = await ctx.db
    .selectFrom('plugins')
    .select(['app_id', 'type', 'status'])
    .where('id', '=', pluginId)
    .executeTakeFirst();
  return row ? { appId: row.app_id, type: row.type, status: row.status } : null;
}

/**
 * A plugin's domain event (docs/activity.md): the plugin names its app and type, the changes are before → after.
 * Written in the caller's transaction, with the change and its feed line.
 */
export async function emitPluginEvent(
  tx: ServerContext,
  name:
    | 'plugin.connected'
    | 'plugin.disconnected'
    | 'plugin.created'
    | 'plugin.updated'
    | 'plugin.deleted'
    | 'plugin.processed',
  plugin: { id: string; app_id: string; type: string },
  changes: FieldChange[],
) {
  if (changes.length === 0) return;
  await emit(tx, name, {
    workspaceId: await appWorkspace(tx, plugin.app_id),
    appId: plugin.app_id,
    pluginId: plugin.id,
    pluginType: plugin.type,
    changes,
  });
}

export async function addFeed(
  ctx: ServerContext,
  pluginId: string,
  message: string,
  type: 'error' | 'success' | 'default' = 'default',
) {
  await ctx.db
    .insertInto('plugin_feed')
    .values({ plugin_id: pluginId, message, type, created_at: ctx.now() })
    .execute();
}

const FEED_LENGTH = 200;

/** A person's change as a Latest Updates line: "Ada Admin updated plugin Adjust: partnerLink a → b." */
function feedLine(entry: ActivityEntry): FeedItem {
  const changes = entry.changes
    .map(
      (c) =>
        `${c.field} ${c.before === null ? '' : `${String(c.before)} → `}${c.after === null ? 'removed' : String(c.after)}`,
    )
    .join('; ');
  const verb = VERB_LABELS[entry.verb as ActivityVerb] ?? entry.verb;
  return {
    createdAt: new Date(entry.at).getTime(),
    message: `${entry.actor.name} ${verb} ${entry.object.name}${changes ? `: ${changes}` : ''}.`,
    by: entry.actor.name,
  };
}

/**
 * Latest Updates: the plugin's own messages merged in time order with the people's changes to it from the activity
 * log (who connected or updated it), oldest first (the UI scrolls to the newest), the last 200.
 */
export async function pluginFeed(ctx: ServerContext, pluginId: string): Promise<FeedItem[]> {
  const plugin = await pluginRow(ctx, pluginId);
  const [rows, people] = await Promise.all([
    ctx.db
      .selectFrom('plugin_feed')
      .select(['message', 'type', 'created_at', sql<string | null>`xact::text`.as('xact')])
      .where('plugin_id', '=', pluginId)
      .orderBy('id', 'desc')
      .limit(FEED_LENGTH)
      .execute(),
    peopleActivityAbout(ctx, await appWorkspace(ctx, plugin.app_id), { type: 'plugin', id: pluginId }, FEED_LENGTH),
  ]);
  const own = rows.reverse().map((row) => {
    const item: FeedItem = { createdAt: new Date(row.created_at).getTime(), message: row.message, type: row.type };
    return { item, xact: row.xact };
  });
  // A person's change made in the same transaction as one of the plugin's own lines names who did it on that line;
  // any other change of theirs is a line of its own. Then a stable merge in time order.
  const alone: FeedItem[] = [];
  for (const entry of people.reverse()) {
    const line = feedLine(entry);
    const same = entry.xact === null ? undefined : own.find((o) => !o.item.by && o.xact === entry.xact);
    if (same) same.item.by = line.by;
    else alone.push(line);
  }
  return [...own.map((o) => o.item), ...alone]
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.createdAt - b.item.createdAt || a.index - b.index)
    .map(({ item }) => item)
    .slice(-FEED_LENGTH);
}

// ------------------------------------------------------------------------------------------------ credentials

async function appWorkspace(ctx: ServerContext, appId: string) {
  const app = await ctx.db.selectFrom('apps').select(['workspace_id']).where('id', '=', appId).executeTakeFirst();
  if (!app) throw notFound('App');
  return app.workspace_id;
}

/** The workspace's apps as Firebase apps. */
export async function workspaceApps(ctx: ServerContext, workspaceId: string): Promise<WorkspaceApp[]> {
  const rows = await ctx.db
    .selectFrom('apps')
    .select(['id', 'app_name', 'platform', 'details'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    appName: row.app_name,
    platform: row.platform,
    packageName: packageNameOf(row),
  }));
}

type CredentialRow = {
  id: string;
  workspace_id: string;
  type: CredentialSubject['type'];
  email: string;
  project_id: string | null;
  secret: string | null;
  /** Its name in the workspace (docs/integrations.md §Credentials), when someone gave it one. */
  label: string | null;
};

/** A credential as the Google Cloud provider sees it: its secret opened only if the adapter asks (server side only). */
export function credentialSubject(
  ctx: ServerContext,
  row: Pick<CredentialRow, 'type' | 'email' | 'project_id' | 'secret'>,
): CredentialSubject {
  const sealed = row.secret;
  return {
    type: row.type,
    email: row.email,
    projectId: row.project_id,
    secret: () => (sealed ? ctx.providers.secrets.open(sealed) : null),
  };
}

/** What the real adapter could not do, in its words: the credential's fault (409) or Google's (503). */
export function googleCloudFailure(error: unknown): never {
  if (error instanceof GoogleCloudError) {
    throw error.reason === 'credential'
      ? conflict(error.message, 'credential_unusable')
      : unavailable(error.message, 'google_cloud_unavailable', error);
  }
  throw error;
}

/** What a connection's credential list says of one: its id, kind, account and name (never its secret). */
const credentialHead = (row: CredentialRow) => ({
  id: row.id,
  type: row.type,
  authenticatedEntity: { email: row.email },
  ...(row.label ? { name: row.label } : {}),
});

async function toCredential(
  ctx: ServerContext,
  row: CredentialRow,
  apps: readonly WorkspaceApp[],
): Promise<Credential> {
  const projects = await ctx.providers.googleCloud
    .projects(credentialSubject(ctx, row), { workspaceId: row.workspace_id, apps })
    .catch(googleCloudFailure);
  return { ...credentialHead(row), projects };
}

const CREDENTIAL_COLUMNS = ['id', 'workspace_id', 'type', 'email', 'project_id', 'secret', 'label'] as const;

/** The credentials of the app's workspace with the projects each reaches (never their secrets). */
export async function listCredentials(ctx: ServerContext, appId: string) {
  const workspaceId = await appWorkspace(ctx, appId);
  const rows = await ctx.db
    .selectFrom('credentials')
    .select(CREDENTIAL_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute();
  const apps = await workspaceApps(ctx, workspaceId);
  return {
    // A credential Google refuses (sign-in revoked, key deleted) or cannot check now is listed reaching no project.
    credentials: await Promise.all(
      rows.map((row) =>
        toCredential(ctx, row, apps).catch((error: unknown) => {
          if (!(error instanceof DomainError)) throw error;
          return { ...credentialHead(row), projects: {} } satisfies Credential;
        }),
      ),
    ),
    provider: ctx.providers.googleCloud.kind,
    productServiceAccount: ctx.providers.googleCloud.productServiceAccountEmail(workspaceId),
  };
}

async function credentialOf(ctx: ServerContext, workspaceId: string, credentialId: string): Promise<CredentialRow> {
  const row = await ctx.db
    .selectFrom('credentials')
    .select(CREDENTIAL_COLUMNS)
    .where('id', '=', credentialId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw invalid('The credential does not exist.', ['credentialId'], 'credential_not_found');
  return row;
}

/** The product's service account credential of the app's workspace (created once; a second call returns it). */
export async function addProductCredential(ctx: ServerContext, appId: string, accountId: string): Promise<Credential> {
  const workspaceId = await appWorkspace(ctx, appId);
  const email = ctx.providers.googleCloud.productServiceAccountEmail(workspaceId);
  // The partial index's predicate as a literal: a bound value stops matching it once PostgreSQL plans generically.
  await ctx.db
    .insertInto('credentials')
    .values({
      id: randomUUID(),
      workspace_id: workspaceId,
      type: 'TP_SERVICE_ACCOUNT',
      email,
      project_id: null,
      secret: null,
      created_by: accountId,
    })
    .onConflict((oc) => oc.column('workspace_id').where('type', '=', sql.lit('TP_SERVICE_ACCOUNT')).doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('credentials')
    .select(CREDENTIAL_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'TP_SERVICE_ACCOUNT')
    .executeTakeFirstOrThrow();
  return toCredential(ctx, row, await workspaceApps(ctx, workspaceId));
}

/**
 * Saves a Google account's or a workspace key's credential: one per workspace, type and e-mail (the unique index
 * credentials_one_per_identity). Signing in again with the same account, or uploading a new key of the same service
 * account, refreshes the existing row in place (new secret, listed as the newest) and keeps its id, so plugins that
 * use it stay connected; two at once meet in the same row (INSERT … ON CONFLICT).
 */
export async function saveCredential(
  ctx: ServerContext,
  values: {
    workspaceId: string;
    type: 'USER_OAUTH' | 'ORG_SERVICE_ACCOUNT';
    email: string;
    projectId: string | null;
    secret: string;
    createdBy: string;
  },
): Promise<CredentialRow> {
  const now = ctx.now();
  return ctx.db
    .insertInto('credentials')
    .values({
      id: randomUUID(),
      workspace_id: values.workspaceId,
      type: values.type,
      email: values.email.trim().toLowerCase(),
      project_id: values.projectId,
      secret: values.secret,
      created_by: values.createdBy,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'type', 'email'])
        .doUpdateSet({ secret: values.secret, project_id: values.projectId, created_at: now }),
    )
    .returning(CREDENTIAL_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A workspace service-account key (docs/integrations.md §Roles admin only): sealed with the server key; only e-mail and project kept in clear. */
export async function addServiceAccount(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  key: ServiceAccountKey,
): Promise<Credential> {
  const workspaceId = await appWorkspace(ctx, appId);
  if (!key.private_key.includes('PRIVATE KEY'))
    throw invalid(
      'The file is not a service account key: its private_key holds no private key.',
      ['key.private_key'],
      'invalid_service_account',
    );
  const row = await saveCredential(ctx, {
    workspaceId,
    type: 'ORG_SERVICE_ACCOUNT',
    email: key.client_email,
    projectId: key.project_id.trim(),
    secret: ctx.providers.secrets.seal(JSON.stringify(key)),
    createdBy: accountId,
  });
  return toCredential(ctx, row, await workspaceApps(ctx, workspaceId));
}

/**
 * docs/integrations.md §Roles: saving a connection with the product's or the workspace's service account is for admins; docs/integrations.md §Rules and limits: the
 * credential must hold every required role in the target project, else the docs/integrations.md §Messages IAM message.
 */
async function checkCredential(
  ctx: ServerContext,
  type: PluginType,
  workspaceId: string,
  role: Role,
  credentialId: string,
  project: string | undefined,
) {
  const credential = await credentialOf(ctx, workspaceId, credentialId);
  if (credential.type !== 'USER_OAUTH' && role !== 'admin') {
    throw forbidden('Only administrators can save a connection that uses a service account.');
  }
  if (!isGoogleCloudType(type)) return credential;
  const view = await toCredential(ctx, credential, await workspaceApps(ctx, workspaceId));
  const target = project ?? Object.keys(view.projects ?? {})[0];
  if (!target || !view.projects?.[target])
    throw invalid(
      'The credential cannot reach this GCP project.',
      ['attributes.targetProject'],
      'project_not_reachable',
    );
  await touchCredential(ctx, credential.id);
  const rows = iamRows(type, rolesInProject(view, target), credential.type);
  if (!hasAllRoles(rows)) {
    const message = credential.type === 'USER_OAUTH' ? IAM_MESSAGES.missingIam : IAM_MESSAGES.missing;
    throw conflict(`${message} Missing: ${missingRoles(rows).join(', ')}.`, 'missing_permissions');
  }
  return credential;
}

// ------------------------------------------------------------------------------------------------ plugin lifecycle

export async function createPlugin(
  ctx: ServerContext,
  appId: string,
  role: Role,
  request: CreatePluginRequest,
): Promise<Plugin> {
  if (!isGoogleCloudType(request.type)) {
    throw invalid(`${request.type} is connected from its own tab.`, ['type'], 'unsupported_plugin_type');
  }
  if (!request.credentialId) throw invalid('A credential is required.', ['credentialId']);
  const workspaceId = await appWorkspace(ctx, appId);
  await checkCredential(ctx, request.type, workspaceId, role, request.credentialId, request.attributes?.targetProject);
  const existing = await ctx.db
    .selectFrom('plugins')
    .select('id')
    .where('app_id', '=', appId)
    .where('type', '=', request.type)
    .executeTakeFirst();
  if (existing) throw conflict(`This app already has a ${request.type} plugin.`, 'plugin_exists');
  const id = randomUUID();
  const bigQuery = request.type === 'BigQuery';
  await inTransaction(ctx, async (tx) => {
    const trx = tx.db;
    await trx
      .insertInto('plugins')
      .values({
        id,
        app_id: appId,
        type: request.type,
        status: 'no_data',
        credential_id: request.credentialId ?? null,
        attributes: writeJson(JsonObject, { ...(bigQuery ? { dailyProcess: false } : {}), ...request.attributes }),
        refresh_schedule: null,
        last_refresh: null,
        data_start: null,
        data_end: null,
        created_at: ctx.now(),
      })
      .execute();
    await addFeed(tx, id, PLUGIN_MESSAGES.created, 'success');
    await emitPluginEvent(tx, 'plugin.created', { id, app_id: appId, type: request.type }, [
      { field: 'status', before: null, after: 'no_data' },
      ...changesOf(null, request.attributes ?? {}),
    ]);
    // A new app in the sandbox gets a synthetic Firebase export to process (Connecting... until it is written).
    if (bigQuery && ctx.providers.googleCloud.kind === 'sandbox') {
      await enqueueJob(tx, { kind: JOB_KINDS.sandboxExport, pluginId: id, appId });
    }
  }).catch((error: unknown) => {
    if (/plugins_one_per_type|duplicate key/i.test(String((error as Error).message)))
      throw conflict(`This app already has a ${request.type} plugin.`, 'plugin_exists');
    throw error;
  });
  return getPlugin(ctx, id);
}

/** docs/integrations.md §API endpoints POST /plugins/{pluginId}/update: the credential and target project of the connection. */
export async function updatePlugin(ctx: ServerContext, pluginId: string, role: Role, request: UpdatePluginRequest) {
  const row = await pluginRow(ctx, pluginId);
  const workspaceId = await appWorkspace(ctx, row.app_id);
  await checkCredential(ctx, row.type, workspaceId, role, request.credentialId, request.attributes.targetProject);
  const attributes = { ...(row.attributes as Record<string, unknown>), ...request.attributes };
  const status = row.status === 'disconnected' ? (row.data_start ? 'connected' : 'no_data') : row.status;
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable('plugins')
      .set({ credential_id: request.credentialId, attributes: writeJson(JsonObject, attributes), status })
      .where('id', '=', pluginId)
      .execute();
    await addFeed(tx, pluginId, PLUGIN_MESSAGES.updated, 'success');
    await emitPluginEvent(tx, 'plugin.updated', row, [
      ...changesOf({ credential: row.credential_id, status: row.status }, { credential: request.credentialId, status }),
      ...changesOf(row.attributes as Record<string, unknown>, attributes),
    ]);
  });
}

export async function connectPlugin(ctx: ServerContext, pluginId: string) {
  const row = await pluginRow(ctx, pluginId);
  if (!row.credential_id) throw conflict('Configure the connection first.', 'no_credential');
  const status = row.data_start ? 'connected' : 'no_data';
  await inTransaction(ctx, async (tx) => {
    await tx.db.updateTable('plugins').set({ status }).where('id', '=', pluginId).execute();
    await addFeed(tx, pluginId, `${row.type} connected.`, 'success');
    await emit(tx, 'plugin.connected', {
      workspaceId: await appWorkspace(tx, row.app_id),
      appId: row.app_id,
      pluginId,
      pluginType: row.type,
      changes: changesOf({ status: row.status }, { status }),
    });
  });
}

export async function disconnectPlugin(ctx: ServerContext, pluginId: string) {
  const row = await pluginRow(ctx, pluginId);
  await inTransaction(ctx, async (tx) => {
    await tx.db.updateTable('plugins').set({ status: 'disconnected' }).where('id', '=', pluginId).execute();
    await addFeed(tx, pluginId, `${row.type} disconnected.`);
    await emit(tx, 'plugin.disconnected', {
      workspaceId: await appWorkspace(tx, row.app_id),
      appId: row.app_id,
      pluginId,
      pluginType: row.type,
      changes: changesOf({ status: row.status }, { status: 'disconnected' }),
    });
  });
}

/** Deletes the plugin (its events, feed and jobs go with it) and, for BigQuery, the app's processed tables. */
export async function deletePlugin(ctx: ServerContext, pluginId: string) {
  const row = await pluginRow(ctx, pluginId);
  await inTransaction(ctx, async (tx) => {
    await tx.db.deleteFrom('plugins').where('id', '=', pluginId).execute();
    await emitPluginEvent(tx, 'plugin.deleted', row, [{ field: 'status', before: row.status, after: null }]);
  });
  const analytics = ctx.providers.analytics;
  if (row.type === 'BigQuery' && analytics) await (await analytics.storeFor(row.app_id)).deleteApp(row.app_id);
}

export async function setDailyProcess(ctx: ServerContext, pluginId: string, dailyProcess: boolean) {
  const row = await pluginRow(ctx, pluginId);
  if (row.type !== 'BigQuery') throw invalid('Only BigQuery plugins process data daily.', ['dailyProcess']);
  const attributes = { ...(row.attributes as Record<string, unknown>), dailyProcess };
  // Turned on: the first run is the schedule's next time (a time already past today is not caught up).
  const schedule = dailyProcess ? (row.refresh_schedule ?? DAILY_SCHEDULE) : null;
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .updateTable('plugins')
      .set({
        attributes: writeJson(JsonObject, attributes),
        refresh_schedule: schedule,
        last_scheduled_day: schedule ? firedDay(schedule, ctx.now()) : null,
      })
      .where('id', '=', pluginId)
      .execute();
    await addFeed(tx, pluginId, dailyProcess ? 'Daily processing turned on.' : 'Daily processing turned off.');
    await emitPluginEvent(
      tx,
      'plugin.updated',
      row,
      changesOf({ dailyProcess: (row.attributes as Record<string, unknown>).dailyProcess ?? false }, { dailyProcess }),
    );
  });
}

/** The sources the silence check watches (docs/notifications.md §Silent sources): postback partners and BigQuery. */
export const isWatchedForSilence = (type: string) => isPostbackPartner(type) || type === 'BigQuery';
export const NOT_WATCHED_FOR_SILENCE =
  'This source is not watched for silence: its data comes from the BigQuery plugin.';

/**
 * Sets a source's own silence threshold (hours, 1–720, the codec's bounds), or null for the default of its kind;
 * logged as `plugin.updated` with the field before → after, and a feed line.
 */
export async function setSilentHours(ctx: ServerContext, pluginId: string, silentHours: number | null) {
  const row = await pluginRow(ctx, pluginId);
  if (!isWatchedForSilence(row.type)) throw invalid(NOT_WATCHED_FOR_SILENCE, ['silentHours']);
  if (row.silent_hours === silentHours) return;
  const shown = (hours: number | null) =>
    `${silentHoursOf(row.type, hours)} hours${hours === null ? ' (the default)' : ''}`;
  await inTransaction(ctx, async (tx) => {
    await tx.db.updateTable('plugins').set({ silent_hours: silentHours }).where('id', '=', pluginId).execute();
    await addFeed(tx, pluginId, `Silent after ${shown(silentHours)} without new data.`);
    await emitPluginEvent(tx, 'plugin.updated', row, changesOf({ silentHours: row.silent_hours }, { silentHours }));
  });
}

/** Days processed again by each daily run before the new ones: the export's daily tables change for up to 3 days. */
export const DAILY_REPROCESS_DAYS = 3;

/** The UTC day (YYYY-MM-DD) of the schedule's latest time at or before `now`; null when it never fired or is not cron. */
function firedDay(schedule: string, now: Date): string | null {
  try {
    return latestFire(parseCron(schedule), now)?.toISOString().slice(0, 10) ?? null;
  } catch {
    return null;
  }
}

/**
 * The daily scheduler's task (server/jobs/scheduler.ts): for each connected BigQuery plugin with dailyProcess on, once
 * per UTC day at or after its refresh schedule, a Process Data job for the days since its last processed day (the
 * last DAILY_REPROCESS_DAYS again, for late events) up to yesterday, UTC (today is still being written). The run is
 * claimed with a conditional UPDATE of last_scheduled_day in the job's transaction: with several servers ticking at
 * once exactly one enqueues it; after downtime the next tick finds the missed run and one job catches up every day
 * since. A plugin seen for the first time (null day, e.g. the demo seed) starts counting from its latest scheduled
 * time without a run. While a processing job is queued or running (jobs_one_active) the claim rolls back and the next
 * tick tries again.
 */
export async function scheduleDailyProcessing(ctx: ServerContext): Promise<string[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('plugins')
    .select(['id', 'app_id', 'attributes', 'refresh_schedule', 'last_scheduled_day', 'data_end'])
    .where('type', '=', 'BigQuery')
    .where('status', '<>', 'disconnected')
    .where('credential_id', 'is not', null)
    .where('refresh_schedule', 'is not', null)
    .execute();
  const jobIds: string[] = [];
  for (const row of rows) {
    if ((row.attributes as Record<string, unknown>).dailyProcess !== true) continue;
    const day = firedDay(row.refresh_schedule!, now);
    if (!day || (row.last_scheduled_day && row.last_scheduled_day >= day)) continue;
    if (!row.last_scheduled_day) {
      await ctx.db
        .updateTable('plugins')
        .set({ last_scheduled_day: day })
        .where('id', '=', row.id)
        .where('last_scheduled_day', 'is', null)
        .execute();
      continue;
    }
    const end = addDays(day, -1);
    const start = addDays(row.data_end && row.data_end < end ? row.data_end : end, 1 - DAILY_REPROCESS_DAYS);
    try {
      const jobId = await inTransaction(ctx, async (tx) => {
        const claimed = await tx.db
          .updateTable('plugins')
          .set({ last_scheduled_day: day })
          .where('id', '=', row.id)
          .where('last_scheduled_day', '<', day)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        const id = await enqueueJob(tx, {
          kind: JOB_KINDS.process,
          pluginId: row.id,
          appId: row.app_id,
          payload: { start, end, daily: true },
        });
        await addFeed(tx, row.id, `Daily processing started: data from ${start} to ${end}.`);
        await emitPluginEvent(tx, 'plugin.processed', { id: row.id, app_id: row.app_id, type: 'BigQuery' }, [
          { field: 'days processed', before: null, after: `${start} to ${end} (daily)` },
        ]);
        return id;
      });
      if (jobId) jobIds.push(jobId);
    } catch (error) {
      if (!/jobs_one_active|duplicate key/i.test(String((error as Error).message))) throw error;
    }
  }
  return jobIds;
}

// ------------------------------------------------------------------------------------------------ process data

export const PROCESSING_IN_PROGRESS = 'Data is already being processed for this plugin.';

/** docs/integrations.md §Rules and limits: Process Data needs both dates, a plugin with credentials, and no processing in progress. */
export async function startProcessing(
  ctx: ServerContext,
  pluginId: string,
  start: string,
  end: string,
): Promise<string> {
  const row = await pluginRow(ctx, pluginId);
  if (row.type !== 'BigQuery') throw invalid('Only BigQuery plugins process data.', ['pluginId']);
  if (start > end) throw invalid('The start date must not be after the end date.', ['start', 'end'], 'invalid_range');
  const today = utcToday(ctx.now());
  if (end > today) throw invalid(processEndInFuture(today), ['end'], 'date_in_future');
  if (!row.credential_id) throw conflict('Configure the connection before processing data.', 'no_credential');
  if (row.status === 'disconnected') throw conflict('Connect to BigQuery to reprocess data.', 'disconnected');
  try {
    return await inTransaction(ctx, async (tx) => {
      const jobId = await enqueueJob(tx, {
        kind: JOB_KINDS.process,
        pluginId,
        appId: row.app_id,
        payload: { start, end },
      });
      await addFeed(tx, pluginId, `Processing data from ${start} to ${end} started.`);
      await emitPluginEvent(tx, 'plugin.processed', row, [
        { field: 'days processed', before: null, after: `${start} to ${end}` },
      ]);
      return jobId;
    });
  } catch (error) {
    if (/jobs_one_active|duplicate key/i.test(String((error as Error).message)))
      throw conflict(PROCESSING_IN_PROGRESS, 'processing_in_progress');
    throw error;
  }
}

/**
 * Process Data's estimate before it starts (docs/integrations.md §Job history): on BigQuery the dry runs' bytes
 * (BigQueryProcessor.dryRunBytes), on the embedded engine the estimate of ./query-jobs.ts; the cost at the configured
 * on-demand price. The same date rules as starting.
 */
export async function estimateProcessing(
  ctx: ServerContext,
  pluginId: string,
  start: string,
  end: string,
): Promise<ProcessEstimateAnswer> {
  const row = await pluginRow(ctx, pluginId);
  if (row.type !== 'BigQuery') throw invalid('Only BigQuery plugins process data.', ['pluginId']);
  if (start > end) throw invalid('The start date must not be after the end date.', ['start', 'end'], 'invalid_range');
  const today = utcToday(ctx.now());
  if (end > today) throw invalid(processEndInFuture(today), ['end'], 'date_in_future');
  const analytics = analyticsOf(ctx);
  const bigQuery = analytics.bigQueryProcessorFor(row);
  const appId = row.app_id;
  const bytes = bigQuery
    ? await bigQuery.dryRunBytes({ appId, start, end, revenue: () => revenueRules(ctx, appId) }).catch((error) => {
        throw unavailable(QUERY_JOB_MESSAGES.estimateFailed, 'estimate_failed', error);
      })
    : await embeddedProcessBytes(await analytics.storeFor(appId), appId, start, end);
  const usdPerTiB = ctx.config.bigqueryUsdPerTiB;
  return { success: true, bytes, estimated: !bigQuery, costUsd: queryCostUsd(bytes, usdPerTiB), usdPerTiB };
}

function analyticsOf(ctx: ServerContext) {
  const analytics = ctx.providers.analytics;
  if (!analytics) throw unavailable('The analytics engine is not running on this server.', 'analytics_unavailable');
  return analytics;
}

async function packageOf(ctx: ServerContext, appId: string) {
  const row = await ctx.db
    .selectFrom('apps')
    .select(['id', 'platform', 'details'])
    .where('id', '=', appId)
    .executeTakeFirstOrThrow();
  return { platform: row.platform, packageName: packageNameOf(row) };
}

/** The job handlers of this area, and what a failure writes to the plugin's feed. */
export const integrationJobs: JobHandlers = {
  handlers: {
    /** Connected attribution sources without a postback for their threshold are announced (./silence.ts). */
    async [SILENCE_CHECK_JOB](ctx) {
      const announced = await checkSilentSources(ctx);
      return `${announced} silent source${announced === 1 ? '' : 's'} announced.`;
    },
    /** The app's raw export in the sandbox: a synthetic game for a newly connected app. */
    async [JOB_KINDS.sandboxExport](ctx, { job }) {
      const appId = job.app_id!;
      const pluginId = job.plugin_id!;
      const store = await analyticsOf(ctx).storeFor(appId);
      if (!(await store.exportRange(appId))) {
        const { platform, packageName } = await packageOf(ctx, appId);
        await store.writeSandboxExport({ appId, platform, packageName, ...ctx.config.sandboxExport });
      }
      const range = await store.exportRange(appId);
      if (!range) throw new Error('The sandbox export is empty.');
      const message = `Sandbox Firebase export ready: ${range.events.toLocaleString('en-US')} raw events from ${range.start} to ${range.end}.`;
      await addFeed(ctx, pluginId, message, 'success');
      return message;
    },
    /** Process Data (manual or daily): on BigQuery when the plugin's reports run there, else on the embedded engine. */
    async [JOB_KINDS.process](ctx, { job, progress }) {
      const { start, end } = job.payload as { start: string; end: string };
      const appId = job.app_id!;
      const pluginId = job.plugin_id!;
      const analytics = analyticsOf(ctx);
      const revenue = () => revenueRules(ctx, appId);
      const plugin = await pluginRow(ctx, pluginId);
      await touchCredential(ctx, plugin.credential_id); // the run reads the export under the plugin's connection
      const bigQuery = analytics.bigQueryProcessorFor(plugin);
      const store = await analytics.storeFor(appId);
      if (!bigQuery && !(await store.exportRange(appId)))
        throw new Error('No raw Firebase export was found for this app.');
      await progress(5);
      // The run is a recorded query job (./query-jobs.ts): the job history shows it, and it can be cancelled.
      const result = await processPluginData(
        ctx,
        {
          pluginId,
          appId,
          days: { start, end },
          process: (report) =>
            recordQueryJob(
              ctx,
              {
                appId,
                pluginId,
                kind: 'process',
                engine: bigQuery ? 'bigquery' : store.kind,
                label: `${start} to ${end}`,
              },
              () =>
                bigQuery
                  ? bigQuery.processRange({ appId, start, end, revenue }, report)
                  : store.processRange({ appId, dataset: appId, start, end, revenue }, report),
              () => embeddedProcessBytes(store, appId, start, end),
            ),
        },
        progress,
      );
      const message = `Processed ${result.events.toLocaleString('en-US')} events from ${start} to ${end}.`;
      await addFeed(ctx, pluginId, message, 'success');
      return message;
    },
  },
  async onFailed(ctx, job, message) {
    const pluginId = job.plugin_id;
    if (!pluginId) return;
    const processing = job.kind === JOB_KINDS.process;
    // A cancelled run is no failure: the feed says so, and no alert goes out (docs/integrations.md §Job history).
    if (processing && message === QUERY_CANCELLED_MESSAGE) {
      await addFeed(ctx, pluginId, PROCESSING_CANCELLED);
      return;
    }
    await inTransaction(ctx, async (tx) => {
      await addFeed(
        tx,
        pluginId,
        `${processing ? 'Processing data failed' : 'Preparing the sandbox export failed'}: ${message}`,
        'error',
      );
      // A failed Process Data run is announced (the notifications' alert, docs/notifications.md), once per run.
      if (!processing || !job.app_id) return;
      const plugin = await tx.db.selectFrom('plugins').select('type').where('id', '=', pluginId).executeTakeFirst();
      if (!plugin) return;
      await emit(tx, 'plugin.process_failed', {
        workspaceId: await appWorkspace(tx, job.app_id),
        appId: job.app_id,
        pluginId,
        pluginType: plugin.type,
        jobId: job.id,
        reason: message.slice(0, 500),
      });
    });
  },
};

// ------------------------------------------------------------------------------------------------ events table

/** The plugin's events (docs/integrations.md §Screens and routes Events table), by name; `search` matches a part of the name, any case. */
export async function listPluginEvents(ctx: ServerContext, pluginId: string, search: string | undefined) {
  let query = ctx.db
    .selectFrom('plugin_events')
    .leftJoin('revenue_settings', 'revenue_settings.event_id', 'plugin_events.id')
    .selectAll('plugin_events')
    .select(['revenue_settings.revenue_ep', 'revenue_settings.revenue_type', 'revenue_settings.currency_ep'])
    .where('plugin_events.plugin_id', '=', pluginId);
  const term = search?.trim();
  if (term) query = query.where('plugin_events.event_name', 'ilike', `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await query.orderBy('plugin_events.event_name').limit(1000).execute();
  return rows.map((row) => ({
    id: row.id,
    eventName: row.event_name,
    status: row.status,
    event_params: row.event_params as Record<string, string>,
    lastReceivedAt: Number(row.last_received_at),
    monetizeMetadata: monetizeMetadataOf(row),
  }));
}
