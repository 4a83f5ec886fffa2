/**
 * Paths of the bell's machine (src/machines/notifications/notifications.machine.ts): every state reachable; the closed
 * bell counts unread entries and asks again after POLL_MS; the open panel shows the first page, appends the next,
 * marks one or all read (the count from the server), keeps its entries when a mark fails; following an unread entry
 * navigates and marks it read, a read one only navigates; a failed first page offers Try again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  LOAD_FAILED,
  MARK_FAILED,
  MORE_FAILED,
  notificationsMachine,
} from '../../src/machines/notifications/notifications.machine';
import { selectPanel, selectUnread } from '../../src/machines/notifications/notifications.selectors';
import type { Notification, NotificationsPage } from '../../src/contracts/notifications';
import {
  after,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio' };
const POLL = 'xstate.after.poll.notifications.closed.idle';
const note = (id: string, read = false): Notification => ({
  id,
  kind: 'quest_capped',
  appId: 'dragon-merge-ios',
  title: `Quest ${id} reached its daily cap`,
  body: 'Dragon Merge (iOS): completions beyond the cap are counted but not charged.',
  link: '/workspace/demo-studio/app/dragon-merge-ios/acquire/quests',
  at: '2026-11-27T08:00:00.000Z',
  read,
});
const page = (ids: string[], unread: number, nextCursor: string | null): NotificationsPage => ({
  success: true,
  notifications: ids.map((id) => note(id, id === '1')),
  unread,
  nextCursor,
});

const model = defineModel(notificationsMachine, {
  OPEN: { type: 'OPEN' },
  CLOSE: { type: 'CLOSE' },
  MORE: { type: 'MORE' },
  RETRY: { type: 'RETRY' },
  READ: { type: 'READ', id: '3' },
  READ_ALL: { type: 'READ_ALL' },
  FOLLOW: [
    { type: 'FOLLOW', id: '3', link: '/workspace/demo-studio/app/dragon-merge-ios/acquire/quests' },
    { type: 'FOLLOW', id: '1', link: '/workspace/demo-studio/app/dragon-merge-ios/acquire/quests' },
  ],
  [POLL]: after(POLL),
  'xstate.done.actor.refresh': done('refresh', page(['3', '2'], 2, 'cursor-1')),
  'xstate.error.actor.refresh': failed('refresh', new TypeError('Failed to fetch')),
  'xstate.done.actor.loadPage': [
    done('loadPage', page(['3', '2'], 2, 'cursor-1')),
    done('loadPage', page([], 0, null)),
  ],
  'xstate.error.actor.loadPage': failed('loadPage', serverCrash()),
  'xstate.done.actor.loadMore': done('loadMore', page(['1'], 2, null)),
  'xstate.error.actor.loadMore': failed('loadMore', new TypeError('Failed to fetch')),
  'xstate.done.actor.markRead': done('markRead', { success: true as const, unread: 1 }),
  'xstate.error.actor.markRead': failed('markRead', serverCrash()),
  'xstate.done.actor.markAllRead': done('markAllRead', { success: true as const, unread: 0 }),
  'xstate.error.actor.markAllRead': failed('markAllRead', serverCrash()),
  'xstate.done.actor.followRead': done('followRead', { success: true as const, unread: 1 }),
  'xstate.error.actor.followRead': failed('followRead', serverCrash()),
});
const ev = {
  open: fixture(model, 'OPEN'),
  close: fixture(model, 'CLOSE'),
  more: fixture(model, 'MORE'),
  retry: fixture(model, 'RETRY'),
  read: fixture(model, 'READ'),
  readAll: fixture(model, 'READ_ALL'),
  followUnread: fixture(model, 'FOLLOW', 0),
  followRead: fixture(model, 'FOLLOW', 1),
  poll: fixture(model, POLL),
  refreshed: fixture(model, 'xstate.done.actor.refresh'),
  refreshFailed: fixture(model, 'xstate.error.actor.refresh'),
  page: fixture(model, 'xstate.done.actor.loadPage', 0),
  emptyPage: fixture(model, 'xstate.done.actor.loadPage', 1),
  pageFailed: fixture(model, 'xstate.error.actor.loadPage'),
  morePage: fixture(model, 'xstate.done.actor.loadMore'),
  moreFailed: fixture(model, 'xstate.error.actor.loadMore'),
  marked: fixture(model, 'xstate.done.actor.markRead'),
  markFailed: fixture(model, 'xstate.error.actor.markRead'),
  allMarked: fixture(model, 'xstate.done.actor.markAllRead'),
  allFailed: fixture(model, 'xstate.error.actor.markAllRead'),
  followed: fixture(model, 'xstate.done.actor.followRead'),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(notificationsMachine, events, INPUT);
const ids = (list: readonly Notification[]) => list.map((n: Notification) => n.id);

describe('notifications machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(notificationsMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(notificationsMachine, paths)).toEqual([]);
  });

  it('the closed bell counts unread entries, and asks again after the poll delay; a failed ask keeps the count', () => {
    const counted = path([ev.refreshed]);
    expect(counted.state.matches({ closed: 'idle' })).toBe(true);
    expect(selectUnread(counted.state)).toBe(2);
    const again = path([ev.refreshed, ev.poll]);
    expect(again.state.matches({ closed: 'refreshing' })).toBe(true);
    expect(selectUnread(path([ev.refreshed, ev.poll, ev.refreshFailed]).state)).toBe(2);
  });

  it('the open panel shows the first page, then appends the next until no cursor is left', () => {
    const journey = path([ev.refreshed, ev.open, ev.page, ev.more, ev.morePage]);
    expect(journey.steps[2]!.state.matches({ open: 'loading' })).toBe(true);
    expect(ids(journey.state.context.notifications)).toEqual(['3', '2', '1']);
    expect(selectPanel(journey.state)).toMatchObject({ open: true, hasMore: false, unread: 2 });
    expect(journey.state.can(ev.more)).toBe(false);
    const failedMore = path([ev.open, ev.page, ev.more, ev.moreFailed]);
    expect(selectPanel(failedMore.state)).toMatchObject({ error: MORE_FAILED, hasMore: true });
    expect(ids(failedMore.state.context.notifications)).toEqual(['3', '2']);
  });

  it('an empty inbox is its own state, not an error', () => {
    expect(selectPanel(path([ev.open, ev.emptyPage]).state)).toMatchObject({ notifications: [], error: null });
  });

  it('marks one read (the count from the server) or all; a failed mark keeps the entries and says so', () => {
    const one = path([ev.open, ev.page, ev.read, ev.marked]);
    expect(one.steps[3]!.state.matches({ open: 'marking' })).toBe(true);
    expect(one.state.context.notifications.find((n: Notification) => n.id === '3')!.read).toBe(true);
    expect(one.state.context.notifications.find((n: Notification) => n.id === '2')!.read).toBe(false);
    expect(selectUnread(one.state)).toBe(1);
    const all = path([ev.open, ev.page, ev.readAll, ev.allMarked]);
    expect(all.state.context.notifications.every((n: Notification) => n.read)).toBe(true);
    expect(selectUnread(all.state)).toBe(0);
    const bad = path([ev.open, ev.page, ev.read, ev.markFailed]);
    expect(selectPanel(bad.state)).toMatchObject({ error: MARK_FAILED, unread: 2 });
    expect(bad.state.context.notifications.every((n: Notification) => !n.read)).toBe(true);
    expect(selectPanel(path([ev.open, ev.page, ev.readAll, ev.allFailed]).state).error).toBe(MARK_FAILED);
  });

  it('following an unread entry closes the panel there and marks it read; a read one only navigates', () => {
    const unread = path([ev.open, ev.page, ev.followUnread, ev.followed]);
    expect(unread.steps[3]!.state.matches({ closed: 'following' })).toBe(true);
    expect(unread.steps[3]!.state.context.pending).toBe('3');
    expect(unread.state.matches({ closed: 'idle' })).toBe(true);
    expect(selectUnread(unread.state)).toBe(1);
    const read = path([ev.open, ev.page, ev.more, ev.morePage, ev.followRead]);
    expect(read.state.matches({ closed: 'idle' })).toBe(true);
  });

  it('a real actor navigates to the entry’s link and marks only an unread entry', async () => {
    const { machine, spies } = spyActions(notificationsMachine, ['navigate']);
    const marked: string[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          loadPage: fromPromise(async () => page(['3', '1'], 1, null)),
          markRead: fromPromise(async ({ input }) => {
            marked.push(input.id);
            return { success: true as const, unread: 0 };
          }),
        },
      }),
      { input: INPUT },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ closed: 'idle' })).toBe(true));
    actor.send({ type: 'OPEN' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true));
    actor.send({ type: 'FOLLOW', id: '3', link: '/workspace/demo-studio/apps' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ closed: 'idle' })).toBe(true));
    expect(spies.navigate).toHaveBeenCalledWith({ link: '/workspace/demo-studio/apps' });
    expect(marked).toEqual(['3']);
    actor.send({ type: 'OPEN' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true));
    actor.send({ type: 'FOLLOW', id: '1', link: '/workspace/demo-studio/team' });
    expect(spies.navigate).toHaveBeenLastCalledWith({ link: '/workspace/demo-studio/team' });
    expect(marked).toEqual(['3']);
    actor.stop();
  });

  it('a failed first page offers Try again; closing and opening asks again', () => {
    const failedFirst = path([ev.open, ev.pageFailed]);
    expect(selectPanel(failedFirst.state)).toMatchObject({ failed: true, error: LOAD_FAILED });
    expect(path([ev.open, ev.pageFailed, ev.retry, ev.page]).state.matches({ open: 'ready' })).toBe(true);
    const reopened = path([ev.open, ev.page, ev.close, ev.open]);
    expect(reopened.state.matches({ open: 'loading' })).toBe(true);
  });
});
