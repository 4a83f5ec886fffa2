/**
 * Every change a publisher makes is in the activity log (docs/activity.md §What a row holds): each mutating route
 * either emits a domain event (and so writes a row) or is named here as not a change a person would look for, and
 * the writers the log gained emit their events with who did it and the fields before → after, secrets masked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerContext } from '../../server/context';
import { routeTable } from '../../server/areas';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/ids';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { createQuest, deleteActive, discardQuest, getQuest } from '../../server/areas/acquire/acquire';
import { campaignOf, updateCampaign } from '../../server/areas/monetize/monetize';
import { updateAppGeneral } from '../../server/areas/app-settings/app-settings';
import {
  createCatalogueItem,
  removeCatalogueItem,
  updateCatalogueItem,
} from '../../server/areas/app-settings/catalogue/catalogue';
import { getNotificationSettings, saveNotificationSettings } from '../../server/areas/app-settings/messages/messages';
import { enableAppsFlyer } from '../../server/areas/integrations/appsflyer/appsflyer';
import {
  addFeed,
  disconnectPlugin,
  pluginFeed,
  setDailyProcess,
  setSilentHours,
} from '../../server/areas/integrations/integrations';
import { connectAdjust, updatePartnerLink } from '../../server/areas/integrations/adjust/adjust';
import { loadApp } from '../../server/areas/apps/index';
import { DEMO_MONETIZE_ID } from '../../server/areas/monetize/seed';
import { MASKED } from '../../src/contracts/secrets';
import { redeemPromoCode, setDefaultPaymentMethod } from '../../server/areas/billing/billing';
import { DEMO_PROMO_CODES } from '../../server/areas/billing/seed';
import { updateDeeplink } from '../../server/areas/apps/deeplinks/deeplinks';
import { createWorkspace } from '../../server/areas/workspace/workspace';
import {
  createWebhook,
  deleteWebhook,
  rollWebhookSecret,
  updateWebhook,
} from '../../server/areas/notifications/webhooks';
import { createTestServer, type TestServer } from './helpers';

/**
 * Each mutating route: the verbs it writes, or why it writes none. A new route fails the first test until it is
 * named here (and, if a person would want it in the log, emits an event).
 */
const ROUTES: Record<string, readonly string[] | { notAChange: string }> = {
  'POST /api/auth/sign-in': { notAChange: 'a session, not a change to the workspace' },
  'POST /api/auth/sign-out': { notAChange: 'a session, not a change to the workspace' },
  'POST /api/auth/forgot-password': { notAChange: 'a link mailed; the reset itself is logged' },
  'POST /api/auth/reset-password/:token': ['account.password_reset'],
  'PUT /api/account/profile': ['account.profile_changed'],
  'POST /api/account/email': { notAChange: 'a link mailed; the change itself is logged' },
  'POST /api/account/email/cancel': { notAChange: 'a pending link voided; nothing about the account changed' },
  'POST /api/auth/confirm-email/:token': ['account.email_changed'],
  'POST /api/account/password': ['account.password_changed'],
  'POST /api/account/sessions/:sessionId/sign-out': ['account.sessions_signed_out'],
  'POST /api/account/sessions/sign-out-others': ['account.sessions_signed_out'],
  'POST /api/auth/sign-up': { notAChange: 'a link mailed; the confirmation is logged' },
  'POST /api/auth/confirm-sign-up/:token': ['account.signed_up'],
  'POST /api/auth/sign-in/two-factor': { notAChange: 'a session, not a change to the workspace' },
  'POST /api/account/two-factor/enrol': { notAChange: 'a pending set-up; turning it on is logged' },
  'POST /api/account/two-factor/confirm': ['account.two_factor_enabled'],
  'POST /api/account/two-factor/disable': ['account.two_factor_disabled'],
  'POST /api/auth/google/start': { notAChange: 'a Google sign-in started; what it leads to is logged' },
  'POST /api/auth/google/continue': ['account.signed_up', 'account.google_linked'],
  'POST /api/auth/google/link': ['account.google_linked'],
  'POST /api/account/google/unlink': ['account.google_unlinked'],
  'POST /api/workspace/:workspaceId/notifications/:notificationId/read': {
    notAChange: "the person's own inbox, seen by nobody else",
  },
  'POST /api/workspace/:workspaceId/notifications/read-all': {
    notAChange: "the person's own inbox, seen by nobody else",
  },
  'PUT /api/workspace/:workspaceId/notifications/preferences': {
    notAChange: "the person's own alert settings, seen by nobody else",
  },
  'POST /api/notifications/unsubscribe': {
    notAChange: "the person's own e-mail setting of one alert (an e-mail's unsubscribe link), seen by nobody else",
  },
  'POST /api/workspace/:workspaceId/notifications/webhooks': ['webhook.created'],
  'PUT /api/workspace/:workspaceId/credentials/:credentialId/name': ['credential.renamed'],
  'POST /api/workspace/:workspaceId/credentials/:credentialId/refresh': ['credential.refreshed'],
  'DELETE /api/workspace/:workspaceId/credentials/:credentialId': ['credential.revoked'],
  'PUT /api/workspace/:workspaceId/notifications/webhooks/:webhookId': ['webhook.changed'],
  'DELETE /api/workspace/:workspaceId/notifications/webhooks/:webhookId': ['webhook.deleted'],
  'POST /api/workspace/:workspaceId/notifications/webhooks/:webhookId/secret': ['webhook.changed'],
  'POST /api/workspace/:workspaceId/notifications/webhooks/:webhookId/test': {
    notAChange: 'a test request sent; it is listed among the deliveries',
  },
  'POST /api/workspace': ['workspace.created'],
  'POST /api/workspace/:workspaceId': ['workspace.settings_changed'],
  'POST /api/workspace/:workspaceId/security': ['workspace.settings_changed'],
  'POST /api/app/enable/:appId': ['app.switched'],
  'POST /api/workspace/:workspaceId/apps': ['app.added'],
  'POST /api/workspace/:workspaceId/team/invite': ['member.invited'],
  'POST /api/workspace/:workspaceId/team/resend': { notAChange: 'the same invitation mailed again' },
  'POST /api/workspace/:workspaceId/team/role': ['member.role_changed'],
  'POST /api/workspace/:workspaceId/team/remove': ['member.removed'],
  'POST /api/invite/:token/accept': ['member.joined'],
  'POST /analytics/template/:appId': ['report.saved'],
  'DELETE /analytics/template/:appId/:reportId': ['report.deleted'],
  'POST /api/app/:appId/analyze/ask': { notAChange: 'a question answered, nothing stored' },
  'POST /api/app/:appId/analyze/cohorts/run': { notAChange: 'a cohort table computed, nothing stored' },
  'POST /api/app/:appId/analyze/cohorts': ['report.saved'],
  'DELETE /api/app/:appId/analyze/cohorts/:cohortId': ['report.deleted'],
  'POST /api/app/:appId/analyze/funnels/run': { notAChange: 'a funnel computed, nothing stored' },
  'POST /api/app/:appId/analyze/funnels/dropoff': { notAChange: "a step's dropped players listed, nothing stored" },
  'POST /api/app/:appId/analyze/funnels': ['report.saved'],
  'DELETE /api/app/:appId/analyze/funnels/:funnelId': ['report.deleted'],
  'POST /api/app/:appId/analyze/dashboards': ['report.saved'],
  'PUT /api/app/:appId/analyze/dashboards/:dashboardId': ['report.saved'],
  'DELETE /api/app/:appId/analyze/dashboards/:dashboardId': ['report.deleted'],
  'POST /api/workspace/:workspaceId/billing/payment-methods/setup': {
    notAChange: 'opens the hosted page; payment_method.added is written when it completes',
  },
  'POST /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId/default': ['payment_method.made_default'],
  'DELETE /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId': ['payment_method.removed'],
  'POST /api/workspace/:workspaceId/billing/redeem': ['promo_code.redeemed'],
  'POST /sandbox/payments/setup/:sessionId': ['payment_method.added'],
  'POST /api/billing/stripe/webhook': ['payment_method.added', 'payment.failed'],
  'POST /api/plugins/:pluginId/update': ['plugin.updated'],
  'POST /api/app/:appId/plugins': ['plugin.created'],
  'POST /api/plugins/:pluginId/connect': ['plugin.connected'],
  'POST /api/plugins/:pluginId/disconnect': ['plugin.disconnected'],
  'DELETE /api/plugins/:pluginId': ['plugin.deleted'],
  'POST /api/plugins/:pluginId/daily-process': ['plugin.updated'],
  'PUT /api/plugins/:pluginId/silent-hours': ['plugin.updated'],
  'POST /api/plugins/:pluginId/process': ['plugin.processed'],
  'POST /api/plugins/:pluginId/process/estimate': { notAChange: 'an estimate computed (a dry run), nothing stored' },
  'POST /api/app/:appId/query-jobs/:jobId/cancel': {
    notAChange:
      "a running query stopped: the job history shows it Cancelled, a Process Data run's also in Latest Updates",
  },
  'POST /api/app/:appId/credentials/product': {
    notAChange: 'a credential stored for later use; its use is logged as plugin.created or plugin.updated',
  },
  'POST /api/app/:appId/credentials/service-account': {
    notAChange: 'a credential stored for later use; its use is logged as plugin.created or plugin.updated',
  },
  'POST /api/app/:appId/active-plugin': ['plugin.updated'],
  'POST /api/app/:appId/credentials/oauth': { notAChange: 'starts a Google sign-in; nothing stored yet' },
  'POST /api/plugins/:pluginId/firebase/events/enable': ['plugin.updated'],
  'POST /api/plugins/:pluginId/firebase/events/disable': ['plugin.updated'],
  'PUT /api/app/:appId/events/:eventId/revenue-settings': ['revenue_settings.saved'],
  'DELETE /api/app/:appId/events/:eventId/revenue-settings': ['revenue_settings.removed'],
  'POST /api/app/:appId/adjust/connect': ['plugin.connected'],
  'POST /api/app/:appId/adjust/events-file': ['plugin.updated'],
  'POST /api/app/:appId/adjust/partner-link': ['plugin.updated'],
  'POST /api/app/:appId/general': ['app.settings_changed'],
  'POST /api/app/:appId/api-keys': ['api_key.created', 'api_key.revoked'],
  'POST /api/app/:appId/details': ['app.settings_changed'],
  'POST /api/app/:appId/deeplinks/update': ['deep_link.updated'],
  'POST /api/app/:appId/catalogue': ['catalogue_item.added'],
  'PUT /api/app/:appId/catalogue/:itemId': ['catalogue_item.updated'],
  'DELETE /api/app/:appId/catalogue/:itemId': ['catalogue_item.removed'],
  'PUT /api/app/:appId/notification-settings': ['app.settings_changed'],
  'POST /api/app/:appId/acquire/quests': ['quest.draft_saved'],
  'PUT /api/app/:appId/acquire/quests/:questId/draft': ['quest.draft_saved'],
  'POST /api/app/:appId/acquire/quests/:questId/publish': ['quest.published'],
  'POST /api/app/:appId/acquire/quests/:questId/stop': ['quest.stopped'],
  'POST /api/app/:appId/acquire/quests/:questId/restart': ['quest.restarted'],
  'DELETE /api/app/:appId/acquire/quests/:questId/active': ['quest.deleted'],
  'DELETE /api/app/:appId/acquire/quests/:questId/draft': ['quest.draft_discarded'],
  'POST /api/app/:appId/acquire/quests/:questId/discard': ['quest.draft_discarded'],
  'POST /api/app/:appId/acquire/quests/publish-all': ['quest.published'],
  'POST /api/app/:appId/acquire/quests/discard-all': ['quest.draft_discarded'],
  'POST /api/app/:appId/acquire/settings': ['target.changed'],
  'POST /api/s2s/:appId/quest-events': ['quest.step_completed', 'quest.capped'],
  'POST /api/app/:appId/acquire/holds/:holdId/release': ['quest.completion_released'],
  'POST /api/app/:appId/acquire/holds/:holdId/reject': ['quest.completion_rejected'],
  'POST /postbacks/:source/:appId/:secret': ['postback.stored'],
  'POST /api/app/:appId/appsflyer/enable': ['plugin.connected'],
  'POST /api/app/:appId/appsflyer/test-links': { notAChange: 'a test link for one device, seen by nobody else' },
  'POST /api/app/:appId/monetize/estimate': { notAChange: 'an estimate, nothing stored' },
  'POST /api/monetize': ['monetize.settings_saved'],
  'POST /api/monetize/update': ['monetize.turned_on', 'monetize.turned_off', 'monetize.settings_saved'],
  'DELETE /api/monetize/:id': ['monetize.removed'],
  // A person's own metric alerts (docs/notifications.md §Metric alerts), like their alert settings.
  'POST /api/workspace/:workspaceId/notifications/metric-alerts': {
    notAChange: "the person's own metric alert, seen by nobody else",
  },
  'PUT /api/workspace/:workspaceId/notifications/metric-alerts/:alertId': {
    notAChange: "the person's own metric alert, seen by nobody else",
  },
  'DELETE /api/workspace/:workspaceId/notifications/metric-alerts/:alertId': {
    notAChange: "the person's own metric alert, seen by nobody else",
  },
  // A person's own report and dashboard subscriptions (docs/notifications.md §Subscriptions), likewise.
  'POST /api/workspace/:workspaceId/notifications/subscriptions': {
    notAChange: "the person's own subscription, seen by nobody else",
  },
  'PUT /api/workspace/:workspaceId/notifications/subscriptions/:subscriptionId': {
    notAChange: "the person's own subscription, seen by nobody else",
  },
  'DELETE /api/workspace/:workspaceId/notifications/subscriptions/:subscriptionId': {
    notAChange: "the person's own subscription, seen by nobody else",
  },
};

test('every mutating route writes an activity row or says why it is not a change', () => {
  const mutating = routeTable.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
  expect(mutating.filter((route) => !(route in ROUTES))).toEqual([]);
  expect(Object.keys(ROUTES).filter((route) => !mutating.includes(route))).toEqual([]);
});

let server: TestServer;
let ctx: ServerContext;
let adminId: string;
beforeAll(async () => {
  server = await createTestServer();
  adminId = (
    await server.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.admin)
      .executeTakeFirstOrThrow()
  ).id;
  ctx = { ...server.app.questboard, actor: adminId };
});
afterAll(() => server?.close());

/** The newest row of a verb (about one object when given). */
const newest = async (verb: string, objectId?: string) => {
  let q = server.db.selectFrom('activity').selectAll().where('verb', '=', verb);
  if (objectId) q = q.where('object_id', '=', objectId);
  return q.orderBy('id', 'desc').executeTakeFirst();
};
const expectRow = async (verb: string, objectId?: string) => {
  const row = await newest(verb, objectId);
  expect(row, `${verb} wrote no row`).toBeDefined();
  expect(row!.workspace_id).toBe(DEMO_WORKSPACE_ID);
  expect(row!.actor_id).toBe(adminId);
  expect(row!.changes.length, `${verb} recorded no change`).toBeGreaterThan(0);
  return row!;
};
const count = async (verb: string) =>
  Number(
    (
      await server.db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('verb', '=', verb)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('notifications', () => {
  test('a webhook added, changed, its secret rolled and deleted: before → after, its URL path and secret left out', async () => {
    const input = { url: 'https://8.8.8.8/hooks/private-path', format: 'json' as const, alerts: [], enabled: true };
    const { webhook, secret } = await createWebhook(ctx, DEMO_WORKSPACE_ID, input);
    const created = await expectRow('webhook.created', webhook.id);
    expect(created.object_name).toBe('8.8.8.8');
    expect(created.changes).toContainEqual({ field: 'url', before: null, after: 'https://8.8.8.8/…' });
    await updateWebhook(ctx, DEMO_WORKSPACE_ID, webhook.id, { ...input, enabled: false });
    expect((await expectRow('webhook.changed', webhook.id)).changes).toEqual([
      { field: 'enabled', before: true, after: false },
    ]);
    await rollWebhookSecret(ctx, DEMO_WORKSPACE_ID, webhook.id);
    await deleteWebhook(ctx, DEMO_WORKSPACE_ID, webhook.id);
    const deleted = await expectRow('webhook.deleted', webhook.id);
    expect(deleted.changes).toEqual([{ field: 'url', before: 'https://8.8.8.8/…', after: null }]);
    const rows = await server.db.selectFrom('activity').selectAll().where('object_id', '=', webhook.id).execute();
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain('private-path');
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});

describe('acquire', () => {
  test('discarding a draft and deleting a quest are in the log', async () => {
    const { quest } = await getQuest(ctx, ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS.live);
    const draft = await createQuest(ctx, ACQUIRE_DEMO_APP, {
      name: 'Activity discard',
      steps: quest.active!.steps!,
      countries: quest.active!.countries!,
      dailyCap: 50,
    });
    await discardQuest(ctx, ACQUIRE_DEMO_APP, draft.id);
    const discarded = await expectRow('quest.draft_discarded', draft.id);
    expect(discarded.object_name).toBe('Activity discard');

    await deleteActive(ctx, ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS.stopped);
    const deleted = await expectRow('quest.deleted', ACQUIRE_DEMO_QUESTS.stopped);
    expect(deleted.changes).toContainEqual({ field: 'status', before: 'STOPPED', after: null });
  });
});

describe('integrations', () => {
  test('AppsFlyer enabled, disconnected and enabled again: connected, disconnected, connected', async () => {
    const app = DEMO_APP_IDS.wordGarden;
    const plugin = await enableAppsFlyer(ctx, app);
    expect((await expectRow('plugin.connected', plugin.id)).changes).toEqual([
      { field: 'status', before: null, after: 'waiting_for_events' },
    ]);
    const before = await count('plugin.connected');
    await enableAppsFlyer(ctx, app); // already enabled: not a change
    expect(await count('plugin.connected')).toBe(before);
    await disconnectPlugin(ctx, plugin.id);
    await expectRow('plugin.disconnected', plugin.id);
    await enableAppsFlyer(ctx, app);
    expect((await expectRow('plugin.connected', plugin.id)).changes[0]).toEqual({
      field: 'status',
      before: 'disconnected',
      after: 'waiting_for_events',
    });

    // Latest Updates: each of the plugin's own lines names who made that change (one transaction: one line), in
    // time order; a person's change is never a second line beside the plugin's own.
    const items = await pluginFeed(ctx, plugin.id);
    const enabled = 'AppsFlyer plugin enabled. Waiting for events.';
    expect(items.find((item) => item.message === enabled)).toMatchObject({ by: 'Ada Admin' });
    const disconnected = items.findIndex((item) => /disconnected/i.test(item.message));
    expect(items[disconnected]).toMatchObject({ by: 'Ada Admin' });
    expect(items.findIndex((item) => item.message === enabled)).toBeLessThan(disconnected);
    expect(items.at(-1)).toMatchObject({ by: 'Ada Admin' });
    expect(items.filter((item) => item.message.startsWith('Ada Admin'))).toEqual([]);
    // Questboard's own changes are the plugin's lines already: not repeated.
    expect((await pluginFeed(ctx, plugin.id)).filter((item) => item.by === 'Questboard')).toEqual([]);
  });

  test('Latest Updates pairs each line with the change of its own transaction, even at one instant', async () => {
    const instant = new Date('2026-05-01T12:00:00.000Z');
    const still: ServerContext = { ...ctx, now: () => instant };
    const plugin = await enableAppsFlyer(still, DEMO_APP_IDS.pixelRacer);
    // a line of the plugin's own (a job's: nobody's change) at the same instant, between two people's changes
    await addFeed(still, plugin.id, 'Daily processing finished.', 'success');
    await disconnectPlugin(still, plugin.id);
    const items = (await pluginFeed(ctx, plugin.id)).filter((item) => item.createdAt === instant.getTime());
    expect(items.map((item) => [item.message, item.by])).toEqual([
      ['AppsFlyer plugin enabled. Waiting for events.', 'Ada Admin'],
      ['Daily processing finished.', undefined],
      ['AppsFlyer disconnected.', 'Ada Admin'],
    ]);
  });

  test('Adjust connected and its partner link updated: before → after', async () => {
    const app = DEMO_APP_IDS.pixelRacer;
    const file = {
      filename: 'events.csv',
      bytes: new TextEncoder().encode('event_token,event_name\nabc123,Purchase\nlvl001,Level Up\n'),
    };
    const answer = await connectAdjust(ctx, app, 'https://app.adjust.com/first', file);
    expect(answer.success).toBe(true);
    const pluginId = (answer as { plugin: { id: string } }).plugin.id;
    const connected = await expectRow('plugin.connected', pluginId);
    expect(connected.object_name).toBe('Adjust');
    expect(connected.changes).toContainEqual({ field: 'events', before: null, after: 2 });
    await updatePartnerLink(ctx, app, 'https://app.adjust.com/second');
    expect((await expectRow('plugin.updated', pluginId)).changes).toEqual([
      { field: 'partnerLink', before: 'https://app.adjust.com/first', after: 'https://app.adjust.com/second' },
    ]);
  });

  test('daily processing switched: plugin.updated', async () => {
    const plugin = await server.db
      .selectFrom('plugins')
      .select(['id', 'attributes'])
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeAndroid)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow();
    const was = (plugin.attributes as { dailyProcess?: boolean }).dailyProcess === true;
    await setDailyProcess(ctx, plugin.id, !was);
    const row = await expectRow('plugin.updated', plugin.id);
    expect(row.changes).toEqual([{ field: 'dailyProcess', before: was, after: !was }]);
  });

  test('silence threshold set: plugin.updated with the hours before → after', async () => {
    const pluginId = `${DEMO_APP_IDS.dragonMergeAndroid}-bigquery`;
    await setSilentHours(ctx, pluginId, 48);
    expect((await expectRow('plugin.updated', pluginId)).changes).toEqual([
      { field: 'silentHours', before: null, after: 48 },
    ]);
  });
});

describe('monetize', () => {
  test('turned off, turned on, settings saved; a save without change writes nothing', async () => {
    const campaign = (await campaignOf(ctx, DEMO_APP_IDS.dragonMergeIos))!;
    expect(campaign.id).toBe(DEMO_MONETIZE_ID);
    const caller = { accountId: adminId };
    await updateCampaign(ctx, caller, { ...campaign, status: 'STOPPED' });
    expect((await expectRow('monetize.turned_off', campaign.id)).changes).toEqual([
      { field: 'status', before: 'LIVE', after: 'STOPPED' },
    ]);
    await updateCampaign(ctx, caller, { ...campaign, status: 'LIVE' });
    await expectRow('monetize.turned_on', campaign.id);
    await updateCampaign(ctx, caller, { ...campaign, refPublicPrice: campaign.refPublicPrice + 1 });
    expect((await expectRow('monetize.settings_saved', campaign.id)).changes).toEqual([
      { field: 'refPublicPrice', before: campaign.refPublicPrice, after: campaign.refPublicPrice + 1 },
    ]);
    const saved = await count('monetize.settings_saved');
    await updateCampaign(ctx, caller, { ...campaign, refPublicPrice: campaign.refPublicPrice + 1 });
    expect(await count('monetize.settings_saved')).toBe(saved);
  });
});

describe('app settings', () => {
  const APP = DEMO_APP_IDS.dragonMergeAndroid;

  test('general: the app name before → after', async () => {
    const app = await loadApp(ctx, APP);
    await updateAppGeneral(ctx, APP, {
      data: {
        appName: `${app.appName} Deluxe`,
        googleStatus: app.googleStatus!,
        googlePackageName: app.googlePackageName ?? null,
        googleStoreUrl: app.googleStoreUrl ?? null,
        appleStatus: app.appleStatus!,
        appleBundleId: app.appleBundleId ?? null,
        applePackageName: app.applePackageName ?? null,
        appleStoreUrl: app.appleStoreUrl ?? null,
      },
    });
    const row = await expectRow('app.settings_changed');
    expect(row.object_name).toBe(`${app.appName} Deluxe (general)`);
    expect(row.changes).toEqual([{ field: 'appName', before: app.appName, after: `${app.appName} Deluxe` }]);
  });

  test('messages: the changed title only', async () => {
    const settings = await getNotificationSettings(ctx, APP);
    await saveNotificationSettings(ctx, APP, {
      ...settings,
      questStart: { ...settings.questStart, title: 'A new quest awaits' },
    });
    const row = await expectRow('app.settings_changed');
    expect(row.changes).toEqual([
      { field: 'questStart.title', before: settings.questStart.title, after: 'A new quest awaits' },
    ]);
  });

  test('catalogue items added, changed, removed', async () => {
    const item = await createCatalogueItem(ctx, APP, {
      name: 'Gem pack',
      sku: 'gems_activity',
      type: 'consumable',
      priceUsd: 4.99,
    } as never);
    expect((await expectRow('catalogue_item.added', item.id)).changes).toContainEqual({
      field: 'price',
      before: null,
      after: '$4.99',
    });
    await updateCatalogueItem(ctx, APP, item.id, {
      name: 'Gem pack',
      sku: 'gems_activity',
      type: item.type,
      priceUsd: 5.99,
    } as never);
    expect((await expectRow('catalogue_item.updated', item.id)).changes).toEqual([
      { field: 'price', before: '$4.99', after: '$5.99' },
    ]);
    await removeCatalogueItem(ctx, APP, item.id);
    expect((await expectRow('catalogue_item.removed', item.id)).changes).toContainEqual({
      field: 'sku',
      before: 'gems_activity',
      after: null,
    });
  });
});

describe('billing, deep links and a new workspace', () => {
  test('a default payment method: the cards by brand and last four, never their numbers', async () => {
    await setDefaultPaymentMethod(ctx, DEMO_WORKSPACE_ID, 'pm_demo_mastercard');
    const row = await expectRow('payment_method.made_default', 'pm_demo_mastercard');
    expect(row.area).toBe('billing');
    expect(row.object_name).toBe('mastercard •••• 4444');
    expect(row.changes).toEqual([{ field: 'default method', before: 'visa •••• 4242', after: 'mastercard •••• 4444' }]);
    const before = await count('payment_method.made_default');
    await setDefaultPaymentMethod(ctx, DEMO_WORKSPACE_ID, 'pm_demo_mastercard');
    expect(await count('payment_method.made_default')).toBe(before);
  });

  test('a promo code redeemed: the credit it gave and until when; a refused code writes nothing', async () => {
    await redeemPromoCode(ctx, DEMO_WORKSPACE_ID, adminId, ' quest50 ');
    const row = await expectRow('promo_code.redeemed');
    expect(row.object_type).toBe('credit');
    expect(row.object_name).toBe(DEMO_PROMO_CODES.valid);
    expect(row.changes).toEqual([
      { field: 'credit', before: null, after: '$50.00' },
      { field: 'expires', before: null, after: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    await expect(redeemPromoCode(ctx, DEMO_WORKSPACE_ID, adminId, DEMO_PROMO_CODES.valid)).rejects.toThrow();
    expect(await count('promo_code.redeemed')).toBe(1);
  });

  test('a deep link changed: its url before → after, a secret-looking value masked; the same url writes nothing', async () => {
    const app = DEMO_APP_IDS.dragonMergeAndroid;
    const link = { id: 'dl-dragon-android-applink', type: 'AppLink', platform: 'android' };
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const url = `https://play.dragonmerge.demostudio.dev/open?screen=shop&token=${token}`;
    await updateDeeplink(ctx, app, { deeplinkId: link.id, deeplink: { ...link, url } });
    const row = await expectRow('deep_link.updated', link.id);
    expect(row.app_id).toBe(app);
    expect(row.object_name).toBe('AppLink (android)');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.changes).toEqual([
      {
        field: 'url',
        before: 'https://play.dragonmerge.demostudio.dev/open?screen=quests',
        after: `https://play.dragonmerge.demostudio.dev/open?screen=shop&token=${encodeURIComponent(MASKED)}`,
      },
    ]);
    await updateDeeplink(ctx, app, { deeplinkId: link.id, deeplink: { ...link, url } });
    expect(await count('deep_link.updated')).toBe(1);
  });

  test("a new workspace's log opens with its creation, by whoever created it", async () => {
    const id = await createWorkspace(ctx, adminId, { data: { name: 'Activity Studio', website: 'activity.example' } });
    const row = await server.db
      .selectFrom('activity')
      .selectAll()
      .where('workspace_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      verb: 'workspace.created',
      actor_id: adminId,
      object_id: id,
      object_name: 'Activity Studio',
    });
    expect(row.changes).toEqual([
      { field: 'name', before: null, after: 'Activity Studio' },
      { field: 'website', before: null, after: expect.stringContaining('activity.example') },
    ]);
  });
});

test('a secret in a change is masked wherever it comes from', async () => {
  const app = DEMO_APP_IDS.pixelRacer;
  await updatePartnerLink(ctx, app, 'https://app.adjust.com/x?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
  const row = await newest('plugin.updated');
  expect(JSON.stringify(row)).not.toContain('eyJhbGci');
  expect(row?.changes[0]?.after).toBe(`https://app.adjust.com/x?token=${encodeURIComponent(MASKED)}`);
});
