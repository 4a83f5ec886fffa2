/**
 * The bell in the header (docs/notifications.md §The bell): the person's inbox in the current workspace, its unread
 * count kept fresh while the panel is closed, and, while it is open, the newest entries, more on request, one or all
 * marked read, and an entry followed to its page.
 *
 *   closed.refreshing ─┬─ page ───► closed.idle ─(POLL_MS)─► closed.refreshing
 *                      └─ thrown ─► closed.idle (the count stays as it was)
 *   closed ─OPEN─► open.loading ─┬─ page ───► open.ready ─MORE─► open.loadingMore ─► open.ready (appended)
 *                                └─ thrown ─► open.failed ─RETRY─► open.loading
 *   open.ready ─READ(id)─► open.marking ─► open.ready (the entry read, the count from the server)
 *   open.ready ─READ_ALL─► open.markingAll ─► open.ready (all read)
 *   open ─CLOSE─► closed.idle
 *   open ─FOLLOW(id, link)─► closed.following (navigates to the link; an unread entry is marked read) ─► closed.idle
 *
 * A failed mark keeps the panel as it was, with its message. The calls and `navigate` come from
 * notifications.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { Notification, NotificationsPage, ReadAnswer } from '../../contracts/notifications';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

/** How often the closed bell asks for the unread count. */
export const POLL_MS = 60_000;
/** docs/notifications.md §Messages (ours). */
export const LOAD_FAILED = 'We could not load your notifications. Please try again.';
export const MORE_FAILED = 'We could not load more notifications. Please try again.';
export const MARK_FAILED = 'We could not mark that as read. Please try again.';

export interface NotificationsInput {
  workspaceId: string;
}
export interface NotificationsContext {
  workspaceId: string;
  notifications: Notification[];
  unread: number;
  nextCursor: string | null;
  /** The entry being marked read. */
  pending: string | null;
  error: string | null;
}
export type NotificationsEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'MORE' }
  | { type: 'RETRY' }
  | { type: 'READ'; id: string }
  | { type: 'READ_ALL' }
  | { type: 'FOLLOW'; id: string; link: string };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;
const firstPage = ({ context }: { context: NotificationsContext }) => ({ workspaceId: context.workspaceId });

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    loadPage: toProvide<NotificationsPage, { workspaceId: string; cursor?: string }>('loadPage'),
    markRead: toProvide<ReadAnswer, { workspaceId: string; id: string }>('markRead'),
    markAllRead: toProvide<ReadAnswer, { workspaceId: string }>('markAllRead'),
  },
  delays: { poll: POLL_MS },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isUnread: ({ context, event }) =>
      event.type === 'FOLLOW' && context.notifications.some((n) => n.id === event.id && !n.read),
  },
  actions: {
    // Provided by the binding (the router's navigate).
    navigate: (_args, _params: { link: string }) => {},
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    notifications: [],
    unread: 0,
    nextCursor: null,
    pending: null,
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      initial: 'refreshing',
      on: { OPEN: 'open' },
      states: {
        idle: { after: { poll: 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'loadPage',
            input: firstPage,
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                notifications: event.output.notifications,
                unread: event.output.unread,
                nextCursor: event.output.nextCursor,
              })),
            },
            onError: 'idle',
          },
        },
        following: {
          invoke: {
            id: 'followRead',
            src: 'markRead',
            input: ({ context }) => ({ workspaceId: context.workspaceId, id: context.pending ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({ unread: event.output.unread })),
            },
            onError: 'idle',
          },
        },
      },
    },
    open: {
      initial: 'loading',
      entry: assign({ error: null }),
      on: {
        CLOSE: '#notifications.closed.idle',
        FOLLOW: [
          {
            guard: 'isUnread',
            target: '#notifications.closed.following',
            actions: [
              { type: 'navigate', params: ({ event }) => ({ link: event.link }) },
              assign(({ context, event }) => ({
                pending: event.id,
                notifications: context.notifications.map((n) => (n.id === event.id ? { ...n, read: true } : n)),
              })),
            ],
          },
          {
            target: '#notifications.closed.idle',
            actions: { type: 'navigate', params: ({ event }) => ({ link: event.link }) },
          },
        ],
      },
      states: {
        loading: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: firstPage,
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                notifications: event.output.notifications,
                unread: event.output.unread,
                nextCursor: event.output.nextCursor,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, LOAD_FAILED) })),
            },
          },
        },
        failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
        ready: {
          on: {
            MORE: { guard: 'hasMore', target: 'loadingMore' },
            READ: { target: 'marking', actions: assign(({ event }) => ({ error: null, pending: event.id })) },
            READ_ALL: { target: 'markingAll', actions: assign({ error: null }) },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ workspaceId: context.workspaceId, cursor: context.nextCursor ?? undefined }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                notifications: [...context.notifications, ...event.output.notifications],
                unread: event.output.unread,
                nextCursor: event.output.nextCursor,
              })),
            },
            onError: {
              target: 'ready',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, MORE_FAILED) })),
            },
          },
        },
        marking: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ workspaceId: context.workspaceId, id: context.pending ?? '' }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                notifications: context.notifications.map((n) => (n.id === context.pending ? { ...n, read: true } : n)),
                unread: event.output.unread,
              })),
            },
            onError: {
              target: 'ready',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, MARK_FAILED) })),
            },
          },
        },
        markingAll: {
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            input: ({ context }) => ({ workspaceId: context.workspaceId }),
            onDone: {
              target: 'ready',
              actions: assign(({ context }) => ({
                notifications: context.notifications.map((n) => ({ ...n, read: true })),
                unread: 0,
              })),
            },
            onError: {
              target: 'ready',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, MARK_FAILED) })),
            },
          },
        },
      },
    },
  },
});
