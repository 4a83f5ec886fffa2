/** Player notification calls (contract: src/contracts/messages.ts). Used only by the messages-save flow. */
import { call } from './http';
import { messagesEndpoints, normalizeNotificationSettings, type NotificationSettings } from '../contracts/messages';

export const fetchNotificationSettings = (appId: string, signal?: AbortSignal) =>
  call(messagesEndpoints.get, { params: { appId }, signal });

export const saveNotificationSettings = (
  input: { appId: string; settings: NotificationSettings },
  signal?: AbortSignal,
) =>
  call(messagesEndpoints.update, {
    params: { appId: input.appId },
    body: normalizeNotificationSettings(input.settings),
    signal,
  });
