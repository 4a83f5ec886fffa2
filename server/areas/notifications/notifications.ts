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
  ALERT_KINDS,
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
}

/** The members an alert goes to: its roles, less those who turned it off (or off for its app). */
async function recipients(ctx: ServerContext, alert: Alert): Promise<string[]> {
  const entry = ALERTS[alert.kind];
  const members = await ctx.db
    .selectFrom('memberships')
    .leftJoin('notification_preferences as p', (join) =>
      join
        .onRef('p.account_id', '=', 'memberships.account_id')
        .onRef('p.workspace_id', '=', 'memberships.workspace_id')
        .on('p.kind', '=', alert.kind),
    )
    .select(['memberships.account_id', 'p.enabled', 'p.muted_apps'])
    .where('memberships.workspace_id', '=', alert.workspaceId)
    .where('memberships.role', 'in', [...entry.roles])
    .execute();
  return members
    .filter((m) => m.enabled !== false)
    .filter(
      (m) =>
        !alert.appId ||
        m.muted_apps === null ||
        !readJson(AppIds, 'notification_preferences.muted_apps', m.muted_apps).includes(alert.appId),
    )
    .map((m) => m.account_id);
}

/** Puts an alert in the inboxes it concerns, once per person and key (a repeated delivery adds nothing). */
export async function deliverAlert(ctx: ServerContext, alert: Alert): Promise<number> {
  const people = await recipients(ctx, alert);
  if (people.length === 0) return 0;
  const rows = await ctx.db
    .insertInto('notifications')
    .values(
      people.map((accountId) => ({
        workspace_id: alert.workspaceId,
        account_id: accountId,
        app_id: alert.appId,
        kind: alert.kind,
        title: alert.title,
        body: alert.body,
        link: alert.link,
        dedupe_key: `${alert.kind}:${alert.key}`,
        created_at: alert.at,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
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
    id: row.id,
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
        ? encodeTimeCursor({ at: last.created_at.toISOString(), id: last.id })
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

/** The person's setting of every alert of the registry (its default where they changed nothing). */
export async function alertPreferences(ctx: ServerContext, workspaceId: string, accountId: string) {
  const rows = await ctx.db
    .selectFrom('notification_preferences')
    .select(['kind', 'enabled', 'muted_apps'])
    .where('account_id', '=', accountId)
    .where('workspace_id', '=', workspaceId)
    .execute();
  const alerts: AlertPreference[] = ALERT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return row
      ? {
          kind,
          enabled: row.enabled,
          mutedApps: readJson(AppIds, 'notification_preferences.muted_apps', row.muted_apps),
        }
      : { kind, enabled: true, mutedApps: [] };
  });
  return { success: true as const, alerts };
}

/** Sets one alert on or off, and the apps it is off for (apps of this workspace only; none for a workspace alert). */
export async function setAlertPreference(
  ctx: ServerContext,
  workspaceId: string,
  accountId: string,
  input: AlertPreferenceInput,
) {
  const { kind } = input;
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
  await inTransaction(ctx, (tx) =>
    tx.db
      .insertInto('notification_preferences')
      .values({
        account_id: accountId,
        workspace_id: workspaceId,
        kind,
        enabled: input.enabled,
        muted_apps: writeJson(AppIds, muted),
      })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'workspace_id', 'kind'])
          .doUpdateSet({ enabled: input.enabled, muted_apps: writeJson(AppIds, muted) }),
      )
      .execute(),
  );
  return alertPreferences(ctx, workspaceId, accountId);
}
