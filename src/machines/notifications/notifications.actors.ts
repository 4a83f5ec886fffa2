/** The bell's flow bound to the notification calls and the router. */
import { fromPromise } from 'xstate';
import { notificationsMachine } from './notifications.machine';
import { defineFlow } from '../shared/flow';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../services/notifications.service';

export interface NotificationsDeps {
  navigate(path: string): void;
}

export const notificationsFlow = defineFlow({
  name: 'notifications',
  bind: (deps: () => NotificationsDeps) =>
    notificationsMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => listNotifications(input.workspaceId, input.cursor, signal)),
        markRead: fromPromise(({ input }) => markNotificationRead(input.workspaceId, input.id)),
        markAllRead: fromPromise(({ input }) => markAllNotificationsRead(input.workspaceId)),
      },
      actions: { navigate: (_, params) => deps().navigate(params.link) },
    }),
});
