/**
 * Notifications (docs/notifications.md): the built-in alerts of the registry (src/contracts/notifications.ts) become
 * inbox entries for the members they concern, from the domain events that fire them (after-commit reactions in
 * server/areas.ts), once per person, alert, object and period (a unique key); the person reads the inbox page by page,
 * marks entries read, and turns alerts off (per app where the alert is about one).
 */
import * as t from 'io-ts';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import {
  ALERTS,
  alertsForRole,
  NOTIFICATIONS_PAGE_SIZE,
  type AlertKind,
  type AlertPreference,
  type AlertPreferenceInput,
  type Notification,
} from '../../../src/contracts/notifications';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { invalid, notFound } from '../../errors';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor';
import { readJson, writeJson } from '../../db/json-column';
import { queueAlertMails, readUnsubscribeToken } from './email';
import { queueWebhookDeliveries } from './webhooks';
import type { Role } from '../../../src/contracts/codecs';
import { KPI_NAMES, type TargetKpi } from '../../../src/contracts/acquire';

const AppIds = t.array(t.string);
const enc = encodeURIComponent;

/** What an alert says, about what, and where it leads. */
export interface Alert {
  kind: AlertKind;
  workspaceId: string;
  appId: string | null;
  title: string;
  body: string;
  link: string;
  /** The object and period the alert is about: one entry per person and key. */
  key: string;
  at: Date;
  /**
   * The people it is for, whatever their role (a person's own rule, e.g. a metric alert); without it, the members in
   * the alert's roles. Their settings of the alert (off, e-mail off, muted app) still apply.
   */
  to?: readonly string[];
  /** With `to`: whether the rule asked for e-mail (the person's e-mail switch of the alert applies as well). */
  email?: boolean;
}

interface Recipient {
  accountId: string;
  email: string;
  byEmail: boolean;
}

/** The members an alert goes to: its roles, less those who turned it off (or off for its app); and who wants e-mail. */
async function recipients(ctx: ServerContext, alert: Alert): Promise<Recipient[]> {
  const entry = ALERTS[alert.kind];
  const members = await ctx.db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .leftJoin('notification_preferences as p', (join) =>
      join
        .onRef('p.account_id', '=', 'memberships.account_id')
        .onRef('p.workspace_id', '=', 'memberships.workspace_id')
        .on('p.kind', '=', alert.kind),
    )
    .select(['memberships.account_id', 'accounts.email', 'p.enabled', 'p.email as by_email', 'p.muted_apps'])
    .where('memberships.workspace_id', '=', alert.workspaceId)
    .where((eb) =>
      alert.to
        ? alert.to.length > 0
          ? eb('memberships.account_id', 'in', [...alert.to])
          : eb.val(false)
        : entry.roles.length > 0
          ? eb('memberships.role', 'in', [...entry.roles])
          : eb.val(false),
    )
    .execute();
  return members
    .filter((m) => m.enabled !== false)
    .filter(
      (m) =>
        !alert.appId ||
        m.muted_apps === null ||
        !readJson(AppIds, 'notification_preferences.muted_apps', m.muted_apps).includes(alert.appId),
    )
    .map((m) => ({ accountId: m.account_id, email: m.email, byEmail: m.by_email !== false && alert.email !== false }));
}

/**
 * Puts an alert in the inboxes it concerns and queues its e-mails, once per person and key (a repeated delivery adds
 * nothing). Runs in the reaction's transaction, so the entry, its e-mail and its webhook deliveries are written together.
 */
export async function deliverAlert(ctx: ServerContext, alert: Alert): Promise<number> {
  await queueWebhookDeliveries(ctx, alert);
  const people = await recipients(ctx, alert);
  if (people.length === 0) return 0;
  const dedupeKey = `${alert.kind}:${alert.key}`;
  const rows = await ctx.db
    .insertInto('notifications')
    .values(
      people.map((person) => ({
        workspace_id: alert.workspaceId,
        account_id: person.accountId,
        app_id: alert.appId,
        kind: alert.kind,
        title: alert.title,
        body: alert.body,
        link: alert.link,
        dedupe_key: dedupeKey,
        created_at: alert.at,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'dedupe_key']).doNothing())
    .returning('account_id')
    .execute();
  const fresh = new Set(rows.map((row) => row.account_id));
  const mailTo = people.filter((person) => person.byEmail && fresh.has(person.accountId));
  if (mailTo.length > 0) {
    const workspace = await ctx.db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', alert.workspaceId)
      .executeTakeFirst();
    await queueAlertMails(
      ctx,
      mailTo.map((person) => ({
        workspaceId: alert.workspaceId,
        workspaceName: workspace?.name ?? alert.workspaceId,
        accountId: person.accountId,
        email: person.email,
        kind: alert.kind,
        key: alert.key,
        title: alert.title,
        body: alert.body,
        link: alert.link,
        at: alert.at,
      })),
    );
  }
  return rows.length;
}

const appLabel = async (ctx: ServerContext, appId: string) => {
  const app = await ctx.db
    .selectFrom('apps')
    .select(['app_name', 'platform'])
    .where('id', '=', appId)
    .executeTakeFirst();
  return app ? `${app.app_name} (${app.platform === 'ios' ? 'iOS' : 'Android'})` : appId;
};

/** `quest.capped` → "Dragon Tamer reached its daily cap", for the quest's day (docs/notifications.md §Alerts). */
export async function alertQuestCapped(ctx: ServerContext, event: DomainEvent<'quest.capped'>): Promise<void> {
  const { workspaceId, appId, questId, questName, day } = event.payload;
  await deliverAlert(ctx, {
    kind: 'quest_capped',
    workspaceId,
    appId,
    title: `${questName} reached its daily cap`,
    body: `${await appLabel(ctx, appId)}: completions beyond the cap on ${day} are counted but not charged. The cap starts again at 00:00 UTC.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/acquire/quests`,
    key: `${questId}:${day}`,
    at: event.at,
  });
}

/** `quest.holds_burst` → "10 completions held for review", once per app and UTC hour (docs/acquire.md §Fraud holds). */
export async function alertHoldsBurst(ctx: ServerContext, event: DomainEvent<'quest.holds_burst'>): Promise<void> {
  const { workspaceId, appId, hour, holds } = event.payload;
  await deliverAlert(ctx, {
    kind: 'holds_burst',
    workspaceId,
    appId,
    title: `${holds} completions held for review`,
    body: `${await appLabel(ctx, appId)}: ${holds} completions since ${hour.slice(11, 16)} UTC look fake and are held, not charged, until an editor releases or rejects them.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/acquire/holds`,
    key: `${appId}:${hour}`,
    at: event.at,
  });
}

const utcClock = (iso: string) => `${iso.slice(11, 16)} UTC`;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** `quest.cap_near` → "Dragon Tamer will reach its daily cap at ≈ 14:30 UTC", once per quest and day. */
export async function alertQuestCapNear(ctx: ServerContext, event: DomainEvent<'quest.cap_near'>): Promise<void> {
  const { workspaceId, appId, questId, questName, day, spentCents, capCents, projectedAt } = event.payload;
  await deliverAlert(ctx, {
    kind: 'quest_cap_near',
    workspaceId,
    appId,
    title: `${questName} will reach its daily cap at ≈ ${utcClock(projectedAt)}`,
    body: `${await appLabel(ctx, appId)}: ${usd(spentCents)} of its ${usd(capCents)} cap charged so far today; at today’s pace the rest is spent by ≈ ${utcClock(projectedAt)}. Completions after that are counted but not charged.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/acquire/quests`,
    key: `${questId}:${day}`,
    at: event.at,
  });
}

/** `target.budget_fast` → "Dragon Merge (iOS) is spending its budget faster than the day", once per app and day. */
export async function alertBudgetFast(ctx: ServerContext, event: DomainEvent<'target.budget_fast'>): Promise<void> {
  const { workspaceId, appId, day, spentCents, budgetCents, runsOutAt } = event.payload;
  const app = await appLabel(ctx, appId);
  await deliverAlert(ctx, {
    kind: 'budget_fast',
    workspaceId,
    appId,
    title: `${app} is spending its budget faster than the day`,
    body: `${usd(spentCents)} of the ${usd(budgetCents)} daily budget charged so far today; at this pace it runs out at ≈ ${utcClock(runsOutAt)}.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/acquire/quests`,
    key: `${appId}:${day}`,
    at: event.at,
  });
}

/** `target.kpi_below` → "Dragon Merge (iOS) is below its ROAS D7 target", once per app and period. */
export async function alertKpiBelow(ctx: ServerContext, event: DomainEvent<'target.kpi_below'>): Promise<void> {
  const { workspaceId, appId, kpi, value, target, period, maturePlayers } = event.payload;
  const name = KPI_NAMES[kpi as TargetKpi] ?? kpi;
  await deliverAlert(ctx, {
    kind: 'kpi_below',
    workspaceId,
    appId,
    title: `${await appLabel(ctx, appId)} is below its ${name} target`,
    body: `${name} is ${value} % over the ${maturePlayers} player${maturePlayers === 1 ? '' : 's'} mature by ${period}, below the target of ${target} %.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/acquire/target`,
    key: `${appId}:${period}`,
    at: event.at,
  });
}

/** `balance.ran_low` → "The balance lasts 5 more days", once per fall below the alert's days. */
export async function alertRunwayLow(ctx: ServerContext, event: DomainEvent<'balance.ran_low'>): Promise<void> {
  const { workspaceId, runwayDays, dailySpendCents } = event.payload;
  await deliverAlert(ctx, {
    kind: 'runway_low',
    workspaceId,
    appId: null,
    title: `The balance lasts ${runwayDays} more day${runwayDays === 1 ? '' : 's'}`,
    body: `At the last 30 days’ pace of ${usd(dailySpendCents)} a day, the balance runs out in ${runwayDays} day${runwayDays === 1 ? '' : 's'}. Add credit or a payment method so quests keep running.`,
    link: `/workspace/${enc(workspaceId)}/billing`,
    key: `${workspaceId}:${event.at.toISOString()}`,
    at: event.at,
  });
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const hoursAgo = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/** `plugin.silent` → "AppsFlyer went silent", once per silence (its last postback or exported event is the period). */
export async function alertSourceSilent(ctx: ServerContext, event: DomainEvent<'plugin.silent'>): Promise<void> {
  const { workspaceId, appId, pluginId, pluginType, lastPostbackAt, silentHours, signal } = event.payload;
  const app = await appLabel(ctx, appId);
  const lastAt = `${lastPostbackAt.slice(0, 16).replace('T', ' ')} UTC`;
  await deliverAlert(ctx, {
    kind: 'source_silent',
    workspaceId,
    appId,
    title: `${pluginType} went silent`,
    body:
      signal === 'export'
        ? `${app}: no new export data from ${pluginType} for ${hoursAgo(silentHours)} (the newest event is from ${lastAt}). Analyze and the quests’ events show nothing newer until the export catches up.`
        : `${app}: no postback from ${pluginType} for ${hoursAgo(silentHours)} (the last arrived at ${lastAt}). Quest steps are not counted while no postback arrives.`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/integrations/${enc(pluginType)}`,
    key: `${pluginId}:${lastPostbackAt}`,
    at: event.at,
  });
}

/** `plugin.degraded` → "BigQuery health turned Degraded", once per degradation period. */
export async function alertSourceDegraded(ctx: ServerContext, event: DomainEvent<'plugin.degraded'>): Promise<void> {
  const { workspaceId, appId, pluginId, pluginType, since, findings } = event.payload;
  await deliverAlert(ctx, {
    kind: 'source_degraded',
    workspaceId,
    appId,
    title: `${pluginType} health turned Degraded`,
    body: `${await appLabel(ctx, appId)}: ${findings.join(' ')}`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/integrations/${enc(pluginType)}`,
    key: `${pluginId}:${since}`,
    at: event.at,
  });
}

/** `plugin.process_failed` → "Process Data failed", once per run (the job). */
export async function alertProcessFailed(
  ctx: ServerContext,
  event: DomainEvent<'plugin.process_failed'>,
): Promise<void> {
  const { workspaceId, appId, pluginType, jobId, reason } = event.payload;
  await deliverAlert(ctx, {
    kind: 'process_failed',
    workspaceId,
    appId,
    title: `Process Data failed for ${pluginType}`,
    body: `${await appLabel(ctx, appId)}: ${reason}`,
    link: `/workspace/${enc(workspaceId)}/app/${enc(appId)}/integrations/${enc(pluginType)}`,
    key: jobId,
    at: event.at,
  });
}

/** `payment.failed` → "A payment failed", once per invoice and day (a retry the next day tells again). */
export async function alertPaymentFailed(ctx: ServerContext, event: DomainEvent<'payment.failed'>): Promise<void> {
  const { workspaceId, invoiceRef, amountCents, currency } = event.payload;
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
  await deliverAlert(ctx, {
    kind: 'payment_failed',
    workspaceId,
    appId: null,
    title: `A payment of ${amount} failed`,
    body: `The invoice ${invoiceRef} could not be paid with the payment method on file. Add or change a payment method so that it can be paid.`,
    link: `/workspace/${enc(workspaceId)}/billing/payment-methods`,
    key: `${invoiceRef}:${dayOf(event.at)}`,
    at: event.at,
  });
}

/** `member.joined` → "Ada Lovelace accepted the invitation", once per member and day. */
export async function alertInvitationAccepted(ctx: ServerContext, event: DomainEvent<'member.joined'>): Promise<void> {
  const { workspaceId, memberId, email, name, changes } = event.payload;
  const role = changes.find((change) => change.field === 'role')?.after;
  await deliverAlert(ctx, {
    kind: 'invitation_accepted',
    workspaceId,
    appId: null,
    title: `${name || email} accepted the invitation`,
    body: `${email} joined the workspace${typeof role === 'string' ? ` as ${role}` : ''}.`,
    link: `/workspace/${enc(workspaceId)}/team`,
    key: `${memberId}:${dayOf(event.at)}`,
    at: event.at,
  });
}

// ------------------------------------------------------------------------------------------------ the inbox

async function unreadCount(ctx: ServerContext, workspaceId: string, accountId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listNotifications(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  cursor: string | undefined,
) {
  let q = ctx.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'app_id', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId);
  if (cursor) {
    const c = decodeTimeCursor(cursor);
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', new Date(c.at)),
        eb.and([eb('created_at', '=', new Date(c.at)), eb('id', '<', c.id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page[page.length - 1];
  const notifications: Notification[] = page.map((row) => ({
    // A bigint: the embedded database answers it as a number, PostgreSQL as text; the contract says text.
    id: String(row.id),
    kind: row.kind,
    appId: row.app_id,
    title: row.title,
    body: row.body,
    link: row.link,
    at: row.created_at.toISOString(),
    read: row.read_at !== null,
  }));
  return {
    success: true as const,
    notifications,
    unread: await unreadCount(ctx, workspaceId, accountId),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE_SIZE && last
        ? encodeTimeCursor({ at: last.created_at.toISOString(), id: String(last.id) })
        : null,
  };
}

/** Marks one of the person's entries read (another person's id is not found). */
export async function markRead(ctx: ServerContext, workspaceId: string, accountId: string, notificationId: string) {
  if (!/^\d+$/.test(notificationId)) throw notFound('Notification');
  const row = await ctx.db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('id', '=', notificationId)
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound('Notification');
  if (row.read_at === null)
    await ctx.db.updateTable('notifications').set({ read_at: ctx.now() }).where('id', '=', row.id).execute();
  return { success: true as const, unread: await unreadCount(ctx, workspaceId, accountId) };
}

export async function markAllRead(ctx: ServerContext, workspaceId: string, accountId: string) {
  await ctx.db
    .updateTable('notifications')
    .set({ read_at: ctx.now() })
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .where('read_at', 'is', null)
    .execute();
  return { success: true as const, unread: 0 };
}

// ------------------------------------------------------------------------------------------------ preferences

/** The person's setting of every alert their role gets (its default where they changed nothing: on, by e-mail too). */
export async function alertPreferences(ctx: ServerContext, workspaceId: string, accountId: string, role: Role) {
  const rows = await ctx.db
    .selectFrom('notification_preferences')
    .select(['kind', 'enabled', 'email', 'muted_apps'])
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .execute();
  // Each alert's newest e-mail to the person: "Delivery failing" when it was given up.
  const newest = await ctx.db
    .selectFrom('notification_emails')
    .distinctOn('kind')
    .select(['kind', 'status'])
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .orderBy('kind')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const failing = new Set(newest.filter((row) => row.status === 'failed').map((row) => row.kind));
  const alerts: AlertPreference[] = alertsForRole(role).map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const deliveryFailing = failing.has(kind);
    return row
      ? {
          kind,
          enabled: row.enabled,
          email: row.email,
          mutedApps: readJson(AppIds, 'notification_preferences.muted_apps', row.muted_apps),
          deliveryFailing,
        }
      : { kind, enabled: true, email: true, mutedApps: [], deliveryFailing };
  });
  return { success: true as const, alerts };
}

export const NOT_FOR_ROLE = 'This alert is not sent to your role in this workspace.';

/** Sets one alert on or off, by e-mail or not, and the apps it is off for (apps of this workspace; per-app alerts). */
export async function setAlertPreference(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  role: Role,
  input: AlertPreferenceInput,
) {
  const { kind } = input;
  if (!alertsForRole(role).includes(kind)) throw invalid(NOT_FOR_ROLE, ['kind']);
  const muted = [...new Set(input.mutedApps)];
  if (!ALERTS[kind].perApp && muted.length > 0)
    throw invalid('This alert is about the workspace: it cannot be turned off for one app.', ['mutedApps']);
  if (muted.length > 0) {
    const known = await ctx.db
      .selectFrom('apps')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', muted)
      .execute();
    if (known.length !== muted.length) throw invalid('mutedApps names an app of another workspace.', ['mutedApps']);
  }
  const values = { enabled: input.enabled, email: input.email, muted_apps: writeJson(AppIds, muted) };
  await inTransaction(ctx, (tx) =>
    tx.db
      .insertInto('notification_preferences')
      .values({ account_id: accountId, workspace_id: workspaceId, kind, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'workspace_id', 'kind']).doUpdateSet(values))
      .execute(),
  );
  return alertPreferences(ctx, workspaceId, accountId, role);
}

// ------------------------------------------------------------------------------------------------ unsubscribe

/** What an unsubscribe link names, for its page: the alert and the workspace; null when the link is not ours. */
export async function unsubscribeSubject(ctx: ServerContext, token: string) {
  const claim = await readUnsubscribeToken(ctx, token);
  if (!claim) return null;
  const workspace = await ctx.db.selectFrom('workspaces').select('name').where('id', '=', claim.w).executeTakeFirst();
  const workspaceName = workspace?.name ?? claim.w;
  if ('s' in claim) {
    // A digest's link (docs/notifications.md §Subscriptions): the subscription may be gone already (still valid).
    const row = await ctx.db
      .selectFrom('report_subscriptions')
      .select('title')
      .where('id', '=', claim.s)
      .where('account_id', '=', claim.a)
      .executeTakeFirst();
    return { claim, label: row?.title ?? 'a deleted subscription', workspaceName, subscription: true };
  }
  return { claim, label: ALERTS[claim.k].label, workspaceName, subscription: false };
}

/** Turns the alert's e-mails off for the person the link was sent to (the bell keeps it); true when the link is ours. */
export async function unsubscribe(ctx: ServerContext, token: string): Promise<boolean> {
  const claim = await readUnsubscribeToken(ctx, token);
  if (!claim) return false;
  if ('s' in claim) {
    // A digest's link stops that subscription (deletes it: one click, nothing else of the person's changes).
    await ctx.db
      .deleteFrom('report_subscriptions')
      .where('id', '=', claim.s)
      .where('account_id', '=', claim.a)
      .where('workspace_id', '=', claim.w)
      .execute();
    return true;
  }
  await inTransaction(ctx, (tx) =>
    tx.db
      .insertInto('notification_preferences')
      .values({
        account_id: claim.a,
        workspace_id: claim.w,
        kind: claim.k,
        enabled: true,
        email: false,
        muted_apps: writeJson(AppIds, []),
      })
      .onConflict((oc) => oc.columns(['account_id', 'workspace_id', 'kind']).doUpdateSet({ email: false }))
      .execute(),
  );
  return true;
}
