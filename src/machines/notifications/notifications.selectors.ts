/** View model of the bell: the unread count, the panel's entries and what it is doing, and the actions it sends. */
import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectUnread = (s: Snapshot) => s.context.unread;

export function selectPanel(s: Snapshot) {
  return {
    workspaceId: s.context.workspaceId,
    open: s.matches('open'),
    loading: s.matches({ open: 'loading' }),
    failed: s.matches({ open: 'failed' }),
    loadingMore: s.matches({ open: 'loadingMore' }),
    busy: s.matches({ open: 'marking' }) || s.matches({ open: 'markingAll' }),
    notifications: s.context.notifications,
    unread: s.context.unread,
    hasMore: s.context.nextCursor !== null,
    error: s.context.error,
  };
}

export const notificationsActions = (send: SendTo<typeof notificationsMachine>) => ({
  open: () => send({ type: 'OPEN' }),
  close: () => send({ type: 'CLOSE' }),
  more: () => send({ type: 'MORE' }),
  retry: () => send({ type: 'RETRY' }),
  read: (id: string) => send({ type: 'READ', id }),
  readAll: () => send({ type: 'READ_ALL' }),
  follow: (id: string, link: string) => send({ type: 'FOLLOW', id, link }),
});
