/** Notification calls (contract: src/contracts/notifications.ts `notificationEndpoints`). */
import { call } from './http';
import { notificationEndpoints, type AlertPreferenceInput } from '../contracts/notifications';

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
