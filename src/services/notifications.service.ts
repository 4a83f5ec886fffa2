/** Notification calls (contract: src/contracts/notifications.ts `notificationEndpoints`). */
import { call } from './http';
import { notificationEndpoints, type AlertPreferenceInput } from '../contracts/notifications';
import { webhookEndpoints, type WebhookInput } from '../contracts/notification-webhooks';
import { metricAlertEndpoints, type MetricAlertInput } from '../contracts/metric-alerts';

export const listNotifications = (workspaceId: string, cursor?: string, signal?: AbortSignal) =>
  call(notificationEndpoints.list, { params: { workspaceId }, query: cursor ? { cursor } : {}, signal });

export const markNotificationRead = (workspaceId: string, notificationId: string) =>
  call(notificationEndpoints.markRead, { params: { workspaceId, notificationId } });

export const markAllNotificationsRead = (workspaceId: string) =>
  call(notificationEndpoints.markAllRead, { params: { workspaceId } });

export const alertPreferences = (workspaceId: string, signal?: AbortSignal) =>
  call(notificationEndpoints.preferences, { params: { workspaceId }, signal });

export const setAlertPreference = (workspaceId: string, input: AlertPreferenceInput) =>
  call(notificationEndpoints.setPreference, { params: { workspaceId }, body: input });

// Webhooks (admins; contract: src/contracts/notification-webhooks.ts)

export const listWebhooks = (workspaceId: string, signal?: AbortSignal) =>
  call(webhookEndpoints.list, { params: { workspaceId }, signal });

/** Adds a webhook (webhookId null: its secret is in the answer) or changes one. */
export const saveWebhook = (workspaceId: string, webhookId: string | null, input: WebhookInput) =>
  webhookId
    ? call(webhookEndpoints.update, { params: { workspaceId, webhookId }, body: input })
    : call(webhookEndpoints.create, { params: { workspaceId }, body: input });

export const deleteWebhook = (workspaceId: string, webhookId: string) =>
  call(webhookEndpoints.remove, { params: { workspaceId, webhookId } });

export const rollWebhookSecret = (workspaceId: string, webhookId: string) =>
  call(webhookEndpoints.rollSecret, { params: { workspaceId, webhookId } });

export const testWebhook = (workspaceId: string, webhookId: string) =>
  call(webhookEndpoints.test, { params: { workspaceId, webhookId } });

export const webhookDeliveries = (workspaceId: string, webhookId: string, signal?: AbortSignal) =>
  call(webhookEndpoints.deliveries, { params: { workspaceId, webhookId }, signal });

// Metric alerts (the caller's own; contract: src/contracts/metric-alerts.ts)

export const listMetricAlerts = (workspaceId: string, reportId: string | null, signal?: AbortSignal) =>
  call(metricAlertEndpoints.list, { params: { workspaceId }, query: reportId ? { reportId } : {}, signal });

/** Adds a metric alert (alertId null) or changes one. */
export const saveMetricAlert = (workspaceId: string, alertId: string | null, input: MetricAlertInput) =>
  alertId
    ? call(metricAlertEndpoints.update, { params: { workspaceId, alertId }, body: input })
    : call(metricAlertEndpoints.create, { params: { workspaceId }, body: input });

export const deleteMetricAlert = (workspaceId: string, alertId: string) =>
  call(metricAlertEndpoints.remove, { params: { workspaceId, alertId } });
