/** Notification routes (contract: src/contracts/notifications.ts; rules: ./notifications.ts, docs/notifications.md). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { notificationEndpoints as api } from '../../../src/contracts/notifications';
import { alertPreferences, listNotifications, markAllRead, markRead, setAlertPreference } from './notifications';

// Every member has their own inbox and settings in a workspace (viewers too): a person only ever reaches their own.
const member = access.workspace('viewer');

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
    handler: ({ params, caller, ctx }) => alertPreferences(ctx, params.workspaceId, caller.accountId),
  }),
  defineRoute(api.setPreference, {
    access: member,
    handler: ({ params, body, caller, ctx }) => setAlertPreference(ctx, params.workspaceId, caller.accountId, body),
  }),
];
