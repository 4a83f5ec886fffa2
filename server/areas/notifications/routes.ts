/** Notification routes (contract: src/contracts/notifications.ts; rules: ./notifications.ts, docs/notifications.md). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { notificationEndpoints as api } from '../../../src/contracts/notifications';
import {
  alertPreferences,
  listNotifications,
  markAllRead,
  markRead,
  setAlertPreference,
  unsubscribe,
  unsubscribeSubject,
} from './notifications';
import { html as htmlAnswer } from '../../http/html-answer';
import { unsubscribeDonePage, unsubscribeInvalidPage, unsubscribePage } from './unsubscribe-page';
import { webhookEndpoints as hooks } from '../../../src/contracts/notification-webhooks';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rollWebhookSecret,
  testWebhook,
  updateWebhook,
} from './webhooks';
import { metricAlertEndpoints as metricAlerts } from '../../../src/contracts/metric-alerts';
import { createMetricAlert, deleteMetricAlert, listMetricAlerts, updateMetricAlert } from './metric-alerts';

// A workspace's webhooks are the admins' (their URLs can be credentials, e.g. Slack's): others are refused.
const admin = access.workspace('admin');
// Every member has their own inbox and settings in a workspace (viewers too): a person only ever reaches their own.
const member = access.workspace('viewer');

// The page carries the token in its URL: never sent on as a referrer.
const html = (bytes: Uint8Array, status = 200) => {
  const answer = htmlAnswer(bytes);
  return { status, ...answer, headers: { ...answer.headers, 'referrer-policy': 'no-referrer' } };
};

import { subscriptionEndpoints as subs } from '../../../src/contracts/report-subscriptions';
import { createSubscription, deleteSubscription, listSubscriptions, updateSubscription } from './subscriptions';

export const notificationRoutes = [
  defineRoute(api.list, {
    access: member,
    handler: ({ params, query, caller, ctx }) =>
      listNotifications(ctx, params.workspaceId, caller.accountId, query.cursor),
  }),
  defineRoute(api.markRead, {
    access: member,
    handler: ({ params, caller, ctx }) => markRead(ctx, params.workspaceId, caller.accountId, params.notificationId),
  }),
  defineRoute(api.markAllRead, {
    access: member,
    handler: ({ params, caller, ctx }) => markAllRead(ctx, params.workspaceId, caller.accountId),
  }),
  defineRoute(api.preferences, {
    access: member,
    handler: ({ params, caller, membership, ctx }) =>
      alertPreferences(ctx, params.workspaceId, caller.accountId, membership.role),
  }),
  defineRoute(api.setPreference, {
    access: member,
    handler: ({ params, body, caller, membership, ctx }) =>
      setAlertPreference(ctx, params.workspaceId, caller.accountId, membership.role, body),
  }),
  // The signed token is the credential of both (an e-mail link must work without signing in).
  defineRoute(api.unsubscribePage, {
    access: access.public,
    handler: async ({ query, ctx }) => {
      const subject = await unsubscribeSubject(ctx, query.token);
      return subject ? html(unsubscribePage({ ...subject, token: query.token })) : html(unsubscribeInvalidPage(), 400);
    },
  }),
  defineRoute(api.unsubscribe, {
    access: access.public,
    handler: async ({ query, ctx }) => {
      const subject = await unsubscribeSubject(ctx, query.token);
      if (!subject || !(await unsubscribe(ctx, query.token))) return html(unsubscribeInvalidPage(), 400);
      return html(unsubscribeDonePage(subject));
    },
  }),
  defineRoute(hooks.list, { access: admin, handler: ({ params, ctx }) => listWebhooks(ctx, params.workspaceId) }),
  defineRoute(hooks.create, {
    access: admin,
    handler: ({ params, body, ctx }) => createWebhook(ctx, params.workspaceId, body),
  }),
  defineRoute(hooks.update, {
    access: admin,
    handler: ({ params, body, ctx }) => updateWebhook(ctx, params.workspaceId, params.webhookId, body),
  }),
  defineRoute(hooks.remove, {
    access: admin,
    handler: ({ params, ctx }) => deleteWebhook(ctx, params.workspaceId, params.webhookId),
  }),
  defineRoute(hooks.rollSecret, {
    access: admin,
    handler: ({ params, ctx }) => rollWebhookSecret(ctx, params.workspaceId, params.webhookId),
  }),
  defineRoute(hooks.test, {
    access: admin,
    handler: ({ params, ctx }) => testWebhook(ctx, params.workspaceId, params.webhookId),
  }),
  defineRoute(hooks.deliveries, {
    access: admin,
    handler: ({ params, ctx }) => listDeliveries(ctx, params.workspaceId, params.webhookId),
  }),
  // Report and dashboard subscriptions (docs/notifications.md §Subscriptions): every member, their own only.
  defineRoute(subs.list, {
    access: member,
    handler: ({ params, query, caller, membership, ctx }) =>
      listSubscriptions(ctx, params.workspaceId, caller.accountId, membership.role, query),
  }),
  defineRoute(subs.create, {
    access: member,
    handler: ({ params, body, caller, membership, ctx }) =>
      createSubscription(ctx, params.workspaceId, caller.accountId, membership.role, body),
  }),
  defineRoute(subs.update, {
    access: member,
    handler: ({ params, body, caller, membership, ctx }) =>
      updateSubscription(ctx, params.workspaceId, caller.accountId, membership.role, params.subscriptionId, body),
  }),
  defineRoute(subs.remove, {
    access: member,
    handler: ({ params, caller, membership, ctx }) =>
      deleteSubscription(ctx, params.workspaceId, caller.accountId, membership.role, params.subscriptionId),
  }),
  // Metric alerts (docs/notifications.md §Metric alerts): every member has their own, on the workspace's saved reports.
  defineRoute(metricAlerts.list, {
    access: member,
    handler: ({ params, query, caller, ctx }) =>
      listMetricAlerts(ctx, params.workspaceId, caller.accountId, query.reportId),
  }),
  defineRoute(metricAlerts.create, {
    access: member,
    handler: ({ params, body, caller, ctx }) => createMetricAlert(ctx, params.workspaceId, caller.accountId, body),
  }),
  defineRoute(metricAlerts.update, {
    access: member,
    handler: ({ params, body, caller, ctx }) =>
      updateMetricAlert(ctx, params.workspaceId, caller.accountId, params.alertId, body),
  }),
  defineRoute(metricAlerts.remove, {
    access: member,
    handler: ({ params, caller, ctx }) => deleteMetricAlert(ctx, params.workspaceId, caller.accountId, params.alertId),
  }),
];
