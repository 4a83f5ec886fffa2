/**
 * Webhooks (docs/notifications.md §Webhooks): an admin points a workspace's alerts at up to 5 URLs. An alert that
 * fires writes one delivery per webhook that carries it, in the alert's transaction, unique per webhook and key (the
 * alert, its object and its period), so it is never sent twice for one period. The webhook job sends due deliveries
 * (claimed with SKIP LOCKED, so several servers share them): a POST signed with HMAC-SHA256 over "<t>.<body>", its
 * delivery id as Idempotency-Key, to a public address only (server/http/safe-post.ts); a failure is retried after 1,
 * 2, 4… minutes until the delivery is a day old, then it is failed and the webhook shows "Delivery failing".
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as t from 'io-ts';
import { ALERTS, type AlertKind } from '../../../src/contracts/notifications';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_LIMIT,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
} from '../../../src/contracts/notification-webhooks';
import { changesOf } from '../../../src/contracts/domain-events';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { enqueueWhenDue } from '../../jobs/scheduler';
import { conflict, invalid, notFound } from '../../errors';
import { emit } from '../../events/outbox';
import { ensureQueuedJob, nextAttempt, type JobRun } from '../../jobs/queue';
import { readJson, writeJson } from '../../db/json-column';
import { logLine } from '../../log';
import { checkUrlTarget, OutboundRefused, safePost, type OutboundPolicy } from '../../providers/safe-post';

export const WEBHOOK_JOB = 'notifications_webhook';
/** First retry after a failed delivery; doubling, until a delivery is a day old. */
export const WEBHOOK_RETRY = { baseMs: 60_000, giveUpMs: 24 * 60 * 60_000 };
/** A claimed delivery is due again after this long if its server stopped before recording the answer. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries one job run sends at most (the next job sends the rest). */
const WEBHOOK_BATCH = 100;
/** The most of a receiver's answer that is read. */
const RESPONSE_CAP_BYTES = 16 * 1024;

const Kinds = t.array(t.string);
const enc = encodeURIComponent;

const policyOf = (ctx: ServerContext): OutboundPolicy => ({ allowLoopback: ctx.config.allowHttpWebhooks });
/** A webhook as the activity log names it: its host (the rest of a URL can be a credential, e.g. Slack's). */
const hostOf = (url: string) => new URL(url).host;
const shortUrl = (url: string) => `${new URL(url).origin}/…`;

// ------------------------------------------------------------------------------------------------ the webhooks

async function failingOf(ctx: ServerContext, webhookIds: string[]): Promise<Set<string>> {
  if (webhookIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('notification_webhook_deliveries')
    .select(['webhook_id', 'status', 'last_error'])
    .distinctOn('webhook_id')
    .where('webhook_id', 'in', webhookIds)
    .where('attempts', '>', 0)
    .orderBy('webhook_id')
    .orderBy('last_attempt_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return new Set(
    rows
      .filter((row) => row.status === 'failed' || (row.status === 'pending' && row.last_error !== null))
      .map((row) => row.webhook_id),
  );
}

type WebhookRow = {
  id: string;
  url: string;
  format: 'slack' | 'json';
  alerts: string[];
  enabled: boolean;
  created_at: Date;
};
const columns = ['id', 'url', 'format', 'alerts', 'enabled', 'created_at'] as const;

const toWebhook = (row: WebhookRow, failing: Set<string>): Webhook => ({
  id: row.id,
  url: row.url,
  format: row.format,
  alerts: readJson(Kinds, 'notification_webhooks.alerts', row.alerts).filter(
    (kind): kind is AlertKind => kind in ALERTS,
  ),
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
  failing: failing.has(row.id),
});

export async function listWebhooks(ctx: ServerContext, workspaceId: string) {
  const rows = await ctx.db
    .selectFrom('notification_webhooks')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const failing = await failingOf(
    ctx,
    rows.map((row) => row.id),
  );
  return { success: true as const, webhooks: rows.map((row) => toWebhook(row, failing)) };
}

async function webhookOf(ctx: ServerContext, workspaceId: string, webhookId: string): Promise<Webhook> {
  const row = await ctx.db
    .selectFrom('notification_webhooks')
    .select(columns)
    .where('id', '=', webhookId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound('Webhook');
  return toWebhook(row, await failingOf(ctx, [row.id]));
}

/** Refuses a URL whose host is not a public address (checked again at every delivery). */
async function checkTarget(ctx: ServerContext, url: string) {
  const problem = await checkUrlTarget(url.trim(), policyOf(ctx));
  if (problem) throw invalid(`This URL cannot receive webhooks: ${problem}.`, ['url']);
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const lockWorkspace = (tx: ServerContext, workspaceId: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${workspaceId}`}))`.execute(tx.db);

/** Adds a webhook (at most 5 a workspace); its secret is answered this once. */
export async function createWebhook(ctx: ServerContext, workspaceId: string, input: WebhookInput) {
  const url = input.url.trim();
  await checkTarget(ctx, url);
  const id = randomUUID();
  const secret = newSecret();
  const alerts = [...new Set(input.alerts)];
  await inTransaction(ctx, async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const count = await tx.db
      .selectFrom('notification_webhooks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= WEBHOOKS_MAX) throw conflict(WEBHOOK_LIMIT, 'webhook_limit');
    await tx.db
      .insertInto('notification_webhooks')
      .values({
        id,
        workspace_id: workspaceId,
        url,
        format: input.format,
        alerts: writeJson(Kinds, alerts),
        enabled: input.enabled,
        secret_sealed: tx.providers.secrets.seal(secret),
        created_at: tx.now(),
      })
      .execute();
    await emit(tx, 'webhook.created', {
      workspaceId,
      webhookId: id,
      host: hostOf(url),
      changes: changesOf(null, { url: shortUrl(url), format: input.format, alerts, enabled: input.enabled }),
    });
  });
  return { success: true as const, webhook: await webhookOf(ctx, workspaceId, id), secret };
}

/** Changes a webhook's URL, format, alerts or switch (a changed URL is checked again). */
export async function updateWebhook(ctx: ServerContext, workspaceId: string, webhookId: string, input: WebhookInput) {
  const url = input.url.trim();
  const current = await webhookOf(ctx, workspaceId, webhookId);
  if (current.url !== url) await checkTarget(ctx, url);
  const alerts = [...new Set(input.alerts)];
  await inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom('notification_webhooks')
      .select(columns)
      .where('id', '=', webhookId)
      .where('workspace_id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Webhook');
    // Compared in full; the activity log gets a URL's origin only.
    const changes = changesOf(
      {
        url: before.url,
        format: before.format,
        alerts: readJson(Kinds, 'notification_webhooks.alerts', before.alerts),
        enabled: before.enabled,
      },
      { url, format: input.format, alerts, enabled: input.enabled },
    ).map((change) =>
      change.field === 'url' ? { field: 'url', before: shortUrl(before.url), after: shortUrl(url) } : change,
    );
    if (changes.length === 0) return;
    await tx.db
      .updateTable('notification_webhooks')
      .set({ url, format: input.format, alerts: writeJson(Kinds, alerts), enabled: input.enabled })
      .where('id', '=', webhookId)
      .execute();
    await emit(tx, 'webhook.changed', { workspaceId, webhookId, host: hostOf(url), changes });
  });
  return { success: true as const, webhook: await webhookOf(ctx, workspaceId, webhookId) };
}

/** Deletes a webhook and its deliveries (pending ones are not sent). */
export async function deleteWebhook(ctx: ServerContext, workspaceId: string, webhookId: string) {
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .deleteFrom('notification_webhooks')
      .where('id', '=', webhookId)
      .where('workspace_id', '=', workspaceId)
      .returning(['url'])
      .executeTakeFirst();
    if (!row) throw notFound('Webhook');
    await emit(tx, 'webhook.deleted', {
      workspaceId,
      webhookId,
      host: hostOf(row.url),
      changes: [{ field: 'url', before: shortUrl(row.url), after: null }],
    });
  });
  return listWebhooks(ctx, workspaceId);
}

/** A new signing secret (the old one stops at once), answered this once. */
export async function rollWebhookSecret(ctx: ServerContext, workspaceId: string, webhookId: string) {
  const secret = newSecret();
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .updateTable('notification_webhooks')
      .set({ secret_sealed: tx.providers.secrets.seal(secret) })
      .where('id', '=', webhookId)
      .where('workspace_id', '=', workspaceId)
      .returning(['url'])
      .executeTakeFirst();
    if (!row) throw notFound('Webhook');
    await emit(tx, 'webhook.changed', {
      workspaceId,
      webhookId,
      host: hostOf(row.url),
      changes: [{ field: 'signing secret', before: 'previous', after: 'rolled' }],
    });
  });
  return { success: true as const, webhook: await webhookOf(ctx, workspaceId, webhookId), secret };
}

const toDelivery = (row: {
  id: string;
  kind: string;
  title: string;
  status: 'pending' | 'delivered' | 'failed';
  http_status: number | null;
  attempts: number;
  created_at: Date;
  last_attempt_at: Date | null;
  last_error: string | null;
}): WebhookDelivery => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  status: row.status,
  httpStatus: row.http_status,
  attempts: row.attempts,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  error: row.last_error,
});
const deliveryColumns = [
  'id',
  'kind',
  'title',
  'status',
  'http_status',
  'attempts',
  'created_at',
  'last_attempt_at',
  'last_error',
] as const;

/** The webhook's newest 50 deliveries. */
export async function listDeliveries(ctx: ServerContext, workspaceId: string, webhookId: string) {
  await webhookOf(ctx, workspaceId, webhookId);
  const rows = await ctx.db
    .selectFrom('notification_webhook_deliveries')
    .select(deliveryColumns)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WEBHOOK_DELIVERIES_SHOWN)
    .execute();
  return { success: true as const, deliveries: rows.map(toDelivery) };
}

// ------------------------------------------------------------------------------------------------ the bodies

/** What a webhook tells of an alert: what the alert shows, nothing more. */
export interface WebhookAlert {
  /** An alert, a test, or a digest of a subscription (docs/notifications.md §Subscriptions). */
  kind: AlertKind | 'test' | 'digest';
  workspaceId: string;
  workspaceName: string;
  appId: string | null;
  title: string;
  body: string;
  /** The SPA path it leads to. */
  link: string;
  at: Date;
}

const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The request body: Slack-compatible (`text` and `blocks`) or the generic JSON. */
export function webhookBody(ctx: ServerContext, format: 'slack' | 'json', deliveryId: string, alert: WebhookAlert) {
  const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${alert.link}`;
  if (format === 'slack')
    return JSON.stringify({
      text: `${alert.title}: ${alert.body}`,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*${slackEscape(alert.title)}*\n${slackEscape(alert.body)}` },
        },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `${slackEscape(alert.workspaceName)} · <${url}|Open in Questboard>` }],
        },
      ],
    });
  return JSON.stringify({
    id: deliveryId,
    type: alert.kind === 'test' || alert.kind === 'digest' ? alert.kind : 'alert',
    alert: alert.kind === 'test' || alert.kind === 'digest' ? null : alert.kind,
    label:
      alert.kind === 'test' ? 'Test delivery' : alert.kind === 'digest' ? 'Subscription' : ALERTS[alert.kind].label,
    title: alert.title,
    text: alert.body,
    url,
    workspace: { id: alert.workspaceId, name: alert.workspaceName },
    appId: alert.appId,
    createdAt: alert.at.toISOString(),
  });
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the webhook's secret. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Writes one delivery of the alert per enabled webhook of its workspace that carries it (in the caller's transaction;
 * unique per webhook and key: a repeated event adds nothing) and makes sure a job sends them.
 */
export async function queueWebhookDeliveries(
  tx: ServerContext,
  alert: Omit<WebhookAlert, 'workspaceName'> & { kind: AlertKind; key: string },
): Promise<number> {
  const hooks = await tx.db
    .selectFrom('notification_webhooks')
    .select(['id', 'format', 'alerts'])
    .where('workspace_id', '=', alert.workspaceId)
    .where('enabled', '=', true)
    .execute();
  const carrying = hooks.filter((hook) =>
    readJson(Kinds, 'notification_webhooks.alerts', hook.alerts).includes(alert.kind),
  );
  if (carrying.length === 0) return 0;
  const workspace = await tx.db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', alert.workspaceId)
    .executeTakeFirst();
  const full: WebhookAlert = { ...alert, workspaceName: workspace?.name ?? alert.workspaceId };
  const rows = await tx.db
    .insertInto('notification_webhook_deliveries')
    .values(
      carrying.map((hook) => {
        const id = randomUUID();
        return {
          id,
          webhook_id: hook.id,
          workspace_id: alert.workspaceId,
          kind: alert.kind,
          dedupe_key: `${alert.kind}:${alert.key}`,
          title: alert.title,
          body: webhookBody(tx, hook.format, id, full),
          status: 'pending' as const,
          next_attempt_at: alert.at,
          created_at: alert.at,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['webhook_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  // One queued webhook job at a time is enough: it sends every due delivery.
  if (rows.length > 0) await ensureQueuedJob(tx, WEBHOOK_JOB);
  return rows.length;
}

/**
 * A digest's short summary to the one webhook its subscription names (docs/notifications.md §Subscriptions), once
 * per subscription and period; sent by the webhook job like an alert's delivery. Nothing when the webhook is gone or off.
 */
export async function queueDigestWebhookDelivery(
  tx: ServerContext,
  digest: Omit<WebhookAlert, 'workspaceName' | 'kind'> & { webhookId: string; key: string },
): Promise<number> {
  const hook = await tx.db
    .selectFrom('notification_webhooks')
    .select(['id', 'format'])
    .where('id', '=', digest.webhookId)
    .where('workspace_id', '=', digest.workspaceId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!hook) return 0;
  const workspace = await tx.db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', digest.workspaceId)
    .executeTakeFirst();
  const id = randomUUID();
  const full: WebhookAlert = { ...digest, kind: 'digest', workspaceName: workspace?.name ?? digest.workspaceId };
  const rows = await tx.db
    .insertInto('notification_webhook_deliveries')
    .values({
      id,
      webhook_id: hook.id,
      workspace_id: digest.workspaceId,
      kind: 'digest',
      dedupe_key: `digest:${digest.key}`,
      title: digest.title,
      body: webhookBody(tx, hook.format, id, full),
      status: 'pending' as const,
      next_attempt_at: digest.at,
      created_at: digest.at,
    })
    .onConflict((oc) => oc.columns(['webhook_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  if (rows.length > 0) await ensureQueuedJob(tx, WEBHOOK_JOB);
  return rows.length;
}

// ------------------------------------------------------------------------------------------------ delivery

interface Claimed {
  id: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
}

/**
 * Claims a due delivery (one by id, or the next due) for one attempt: SKIP LOCKED, its attempt counted and its next
 * attempt moved past a lease, so a server stopped mid-request leaves it to be tried again. A delivery whose webhook
 * was turned off is failed without a request.
 */
async function claimDelivery(ctx: ServerContext, deliveryId?: string): Promise<Claimed | 'none' | 'skipped'> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    let q = trx
      .selectFrom('notification_webhook_deliveries as d')
      .innerJoin('notification_webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.body', 'd.attempts', 'd.created_at', 'w.url', 'w.secret_sealed', 'w.enabled'])
      .where('d.status', '=', 'pending');
    q = deliveryId ? q.where('d.id', '=', deliveryId) : q.where('d.next_attempt_at', '<=', now);
    const row = await q
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(1)
      .forUpdate('d')
      .skipLocked()
      .executeTakeFirst();
    if (!row) return 'none';
    if (!row.enabled) {
      await trx
        .updateTable('notification_webhook_deliveries')
        .set({ status: 'failed', last_error: 'The webhook was turned off before this was delivered.' })
        .where('id', '=', row.id)
        .execute();
      return 'skipped';
    }
    const attempts = row.attempts + 1;
    await trx
      .updateTable('notification_webhook_deliveries')
      .set({ attempts, last_attempt_at: now, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts };
  });
}

/** Sends one claimed delivery and records the answer: delivered, retried later, or failed (retry: false, or a day old). */
async function sendDelivery(ctx: ServerContext, claimed: Claimed, retry: boolean) {
  const at = ctx.now();
  let httpStatus: number | null = null;
  let error: string | null = null;
  try {
    const answer = await safePost(
      claimed.url,
      {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Questboard-Webhooks/1',
          'questboard-signature': signatureHeader(ctx.providers.secrets.open(claimed.secret_sealed), claimed.body, at),
          'idempotency-key': claimed.id,
        },
        body: claimed.body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: RESPONSE_CAP_BYTES,
      },
      policyOf(ctx),
    );
    httpStatus = answer.status;
    if (answer.status < 200 || answer.status >= 300) error = `The receiver answered HTTP ${answer.status}.`;
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    error = caught instanceof OutboundRefused ? `Refused: ${message}.` : `Not delivered: ${message}.`;
  }
  const now = ctx.now();
  if (error === null) {
    await ctx.db
      .updateTable('notification_webhook_deliveries')
      .set({ status: 'delivered', http_status: httpStatus, last_error: null })
      .where('id', '=', claimed.id)
      .execute();
    return 'delivered' as const;
  }
  const attempt = nextAttempt(now, claimed.attempts, claimed.created_at, WEBHOOK_RETRY);
  const next = attempt.at;
  const givenUp = !retry || attempt.givenUp;
  await ctx.db
    .updateTable('notification_webhook_deliveries')
    .set({
      status: givenUp ? 'failed' : 'pending',
      http_status: httpStatus,
      last_error: error.slice(0, 500),
      next_attempt_at: next,
    })
    .where('id', '=', claimed.id)
    .execute();
  console.error(
    logLine('notifications', { webhookDelivery: claimed.id, attempt: claimed.attempts, failed: error, givenUp }),
  );
  return givenUp ? ('failed' as const) : ('retry' as const);
}

/** Sends a test delivery now (a real request with a test body, recorded among the deliveries; not retried). */
export async function testWebhook(ctx: ServerContext, workspaceId: string, webhookId: string) {
  const row = await ctx.db
    .selectFrom('notification_webhooks as w')
    .innerJoin('workspaces', 'workspaces.id', 'w.workspace_id')
    .select(['w.id', 'w.format', 'workspaces.name'])
    .where('w.id', '=', webhookId)
    .where('w.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound('Webhook');
  const id = randomUUID();
  const at = ctx.now();
  const title = 'Test delivery from Questboard';
  const alert: WebhookAlert = {
    kind: 'test',
    workspaceId,
    workspaceName: row.name,
    appId: null,
    title,
    body: `This webhook of ${row.name} works: Questboard will send the alerts it carries here.`,
    link: `/workspace/${enc(workspaceId)}/notifications`,
    at,
  };
  await ctx.db
    .insertInto('notification_webhook_deliveries')
    .values({
      id,
      webhook_id: row.id,
      workspace_id: workspaceId,
      kind: 'test',
      dedupe_key: `test:${id}`,
      title,
      body: webhookBody(ctx, row.format, id, alert),
      status: 'pending',
      // Not due for the job: this request sends it.
      next_attempt_at: new Date(at.getTime() + CLAIM_LEASE_MS),
      created_at: at,
    })
    .execute();
  const claimed = await claimDelivery(ctx, id);
  if (typeof claimed === 'object') await sendDelivery(ctx, claimed, false);
  const delivery = await ctx.db
    .selectFrom('notification_webhook_deliveries')
    .select(deliveryColumns)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    success: true as const,
    delivery: toDelivery(delivery),
    webhook: await webhookOf(ctx, workspaceId, webhookId),
  };
}

/** Deliveries in flight at once in one job: a slow receiver never holds up the others' (each has its 5 s timeout). */
const WEBHOOK_CONCURRENCY = 8;

/** The webhook job: sends what is due now, WEBHOOK_CONCURRENCY at a time. */
export async function runWebhookJob(ctx: ServerContext, run: JobRun): Promise<string> {
  let delivered = 0;
  let failed = 0;
  let taken = 0;
  let drained = false;
  await Promise.all(
    Array.from({ length: WEBHOOK_CONCURRENCY }, async () => {
      while (!drained && taken < WEBHOOK_BATCH) {
        taken++;
        const claimed = await claimDelivery(ctx);
        if (claimed === 'none') drained = true;
        else if (claimed !== 'skipped') {
          if ((await sendDelivery(ctx, claimed, true)) === 'delivered') delivered++;
          else failed++;
          await run.progress(((delivered + failed) / WEBHOOK_BATCH) * 100);
        }
      }
    }),
  );
  // A full batch may have left deliveries due: the next job takes them now, not the scheduler a minute later.
  if (!drained) await ensureQueuedJob(ctx, WEBHOOK_JOB);
  return `${delivered} webhook deliver${delivered === 1 ? 'y' : 'ies'} sent${failed ? `, ${failed} to retry or failed` : ''}.`;
}

/** The scheduler's task: a job when deliveries are due (retries, or what a stopped server left) and none is queued. */
export async function scheduleWebhookDeliveries(ctx: ServerContext): Promise<string[]> {
  return enqueueWhenDue(ctx, WEBHOOK_JOB, 'notification_webhook_deliveries');
}
