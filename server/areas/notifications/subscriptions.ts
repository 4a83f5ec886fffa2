/**
 * Report and dashboard subscriptions (docs/notifications.md §Subscriptions): a person's own schedules for digests of
 * the saved reports and dashboards of the workspace's apps. Every member may subscribe themselves (viewers too: they
 * see every report and dashboard); a person lists, changes and deletes only their own (another's id is not found);
 * only admins may send a digest to one of the workspace's webhooks (admins alone see webhooks). The next due instant
 * is stored and indexed, so the scheduler (./digests.ts) reads only the subscriptions that are due.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type ServerContext } from '../../context';
import { forbidden, invalid, notFound } from '../../errors';
import type { Role } from '../../../src/contracts/codecs';
import {
  CHANNEL_REQUIRED,
  DEFAULT_TIME_ZONE,
  SUBSCRIPTIONS_LIMIT,
  SUBSCRIPTIONS_MAX,
  WEBHOOK_ADMINS_ONLY,
  WEBHOOK_NOT_FOUND,
  WEEKDAY_REQUIRED,
  type Channels,
  type CreateSubscriptionRequest,
  type Schedule,
  type Subscription,
  type SubscriptionListQuery,
  type UpdateSubscriptionRequest,
} from '../../../src/contracts/report-subscriptions';
import { digestTargetTitle } from '../analyze/index';
import type { ReportSubscriptionsTable } from './schema';
import type { Selectable } from 'kysely';
import { nextRun } from './schedule';

type Row = Selectable<ReportSubscriptionsTable>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The subscriptions among `ids` whose newest digest was given up after its retries (docs/notifications.md §Delivery). */
async function failingOf(ctx: ServerContext, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const newest = await ctx.db
    .selectFrom('report_digests')
    .distinctOn('subscription_id')
    .select(['subscription_id', 'status'])
    .where('subscription_id', 'in', ids)
    .orderBy('subscription_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Set(newest.filter((row) => row.status === 'failed').map((row) => row.subscription_id));
}

export const toSubscription = (row: Row, failing: ReadonlySet<string> = new Set()): Subscription => ({
  id: row.id,
  target: { kind: row.target_kind, appId: row.app_id, id: row.target_id },
  title: row.title,
  frequency: row.frequency,
  hour: row.hour,
  weekday: row.weekday,
  timeZone: row.time_zone,
  email: row.email,
  webhookId: row.webhook_id,
  paused: row.paused,
  nextRunAt: iso(row.next_run_at),
  lastSentAt: iso(row.last_sent_at),
  createdAt: new Date(row.created_at).toISOString(),
  deliveryFailing: failing.has(row.id),
});

/** The schedule checked beyond its contract: a weekly one names its day; the time zone defaults to UTC. */
function rule(schedule: Schedule) {
  if (schedule.frequency === 'weekly' && (schedule.weekday === undefined || schedule.weekday === null)) {
    throw invalid(WEEKDAY_REQUIRED, ['schedule.weekday']);
  }
  return {
    frequency: schedule.frequency,
    hour: schedule.hour,
    weekday: schedule.frequency === 'weekly' ? schedule.weekday! : null,
    timeZone: schedule.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The channels checked: at least one; a webhook only for admins and only one of the workspace's. */
async function channels(ctx: ServerContext, workspaceId: string, role: Role, input: Channels, current?: Row) {
  if (!input.email && !input.webhookId) throw invalid(CHANNEL_REQUIRED, ['channels']);
  if (input.webhookId && input.webhookId !== current?.webhook_id) {
    if (role !== 'admin') throw forbidden(WEBHOOK_ADMINS_ONLY);
    const hook = await ctx.db
      .selectFrom('notification_webhooks')
      .select('id')
      .where('id', '=', input.webhookId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!hook) throw invalid(WEBHOOK_NOT_FOUND, ['channels.webhookId']);
  }
  return { email: input.email, webhook_id: input.webhookId };
}

/** The enabled webhooks an admin may pick (id and host only: a URL can be a credential). */
async function pickableWebhooks(ctx: ServerContext, workspaceId: string, role: Role) {
  if (role !== 'admin') return [];
  const hooks = await ctx.db
    .selectFrom('notification_webhooks')
    .select(['id', 'url'])
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .execute();
  return hooks.map((hook) => ({ id: hook.id, host: new URL(hook.url).host }));
}

/** The caller's own subscriptions in the workspace (of one report or dashboard when the query names it). */
export async function listSubscriptions(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  role: Role,
  query: SubscriptionListQuery,
) {
  let select = ctx.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', accountId);
  if (query.kind) select = select.where('target_kind', '=', query.kind);
  if (query.appId) select = select.where('app_id', '=', query.appId);
  if (query.id) select = select.where('target_id', '=', query.id);
  const rows = await select.orderBy('created_at').orderBy('id').limit(SUBSCRIPTIONS_MAX).execute();
  const failing = await failingOf(
    ctx,
    rows.map((row) => row.id),
  );
  return {
    success: true as const,
    subscriptions: rows.map((row) => toSubscription(row, failing)),
    webhooks: await pickableWebhooks(ctx, workspaceId, role),
  };
}

export async function createSubscription(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  role: Role,
  body: CreateSubscriptionRequest,
) {
  const schedule = rule(body.schedule);
  const app = await ctx.db
    .selectFrom('apps')
    .select('workspace_id')
    .where('id', '=', body.target.appId)
    .executeTakeFirst();
  // Another workspace's app (or report) is not found, as everywhere (no hint that it exists).
  if (!app || app.workspace_id !== workspaceId) throw notFound('App');
  const title = await digestTargetTitle(ctx, body.target.appId, body.target.kind, body.target.id);
  const chosen = await channels(ctx, workspaceId, role, body.channels);
  const now = ctx.now();
  return inTransaction(ctx, async (tx) => {
    const count = await tx.db
      .selectFrom('report_subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= SUBSCRIPTIONS_MAX) throw invalid(SUBSCRIPTIONS_LIMIT);
    const row = await tx.db
      .insertInto('report_subscriptions')
      .values({
        id: randomUUID(),
        workspace_id: workspaceId,
        account_id: accountId,
        app_id: body.target.appId,
        target_kind: body.target.kind,
        target_id: body.target.id,
        title,
        frequency: schedule.frequency,
        hour: schedule.hour,
        weekday: schedule.weekday,
        time_zone: schedule.timeZone,
        ...chosen,
        paused: false,
        next_run_at: nextRun(schedule, now),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { success: true as const, subscription: toSubscription(row) };
  });
}

async function own(ctx: ServerContext, workspaceId: string, accountId: string, subscriptionId: string) {
  const row = await ctx.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Subscription');
  return row;
}

export async function updateSubscription(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  role: Role,
  subscriptionId: string,
  body: UpdateSubscriptionRequest,
) {
  const current = await own(ctx, workspaceId, accountId, subscriptionId);
  const schedule = rule(body.schedule);
  const chosen = await channels(ctx, workspaceId, role, body.channels, current);
  const row = await ctx.db
    .updateTable('report_subscriptions')
    .set({
      frequency: schedule.frequency,
      hour: schedule.hour,
      weekday: schedule.weekday,
      time_zone: schedule.timeZone,
      ...chosen,
      paused: body.paused,
      // Paused: nothing is due. Resumed or changed: the next instant of the (new) schedule from now.
      next_run_at: body.paused ? null : nextRun(schedule, ctx.now()),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { success: true as const, subscription: toSubscription(row, await failingOf(ctx, [row.id])) };
}

export async function deleteSubscription(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  role: Role,
  subscriptionId: string,
) {
  const current = await own(ctx, workspaceId, accountId, subscriptionId);
  await ctx.db.deleteFrom('report_subscriptions').where('id', '=', current.id).execute();
  return listSubscriptions(ctx, workspaceId, accountId, role, {});
}
