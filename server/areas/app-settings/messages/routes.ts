/**
 * Player notification routes (contract: src/contracts/messages.ts): every member reads the app's questStart /
 * questComplete messages; editors and admins save them (viewers refused with the words (docs/app-settings.md §Roles)). Rules:
 * server/areas/app-settings/messages/messages.ts.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { messagesEndpoints, MESSAGES_SAVED } from '../../../../src/contracts/messages';
import { getNotificationSettings, saveNotificationSettings } from './messages';

export const messagesRoutes = [
  defineRoute(messagesEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => ({ success: true, data: await getNotificationSettings(ctx, params.appId) }),
  }),
  defineRoute(messagesEndpoints.update, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({
      success: true,
      data: await saveNotificationSettings(ctx, params.appId, body),
      message: MESSAGES_SAVED,
    }),
  }),
];
