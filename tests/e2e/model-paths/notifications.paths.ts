/**
 * The bell's table (src/machines/notifications/notifications.machine.ts, src/views/notifications/NotificationBell.tsx;
 * docs/notifications.md §The bell): each event → what the editor does with the bell in the header, each state → what
 * the bell and its panel show. The inbox's answers are routed with the machine's own fixture pages (so the counts the
 * machine predicts are the ones the page shows); the real server's inbox is tested in tests/server/notifications.test.ts.
 * The poll is Playwright's clock run forward by POLL_MS.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  LOAD_FAILED,
  MARK_FAILED,
  MORE_FAILED,
  notificationsMachine,
  POLL_MS,
  type NotificationsContext,
} from '../../../src/machines/notifications/notifications.machine';
import type { Notification, NotificationsPage } from '../../../src/contracts/notifications';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

interface BellUi extends Ui {
  workspaceId: string;
}

const WORKSPACE = 'demo-studio';
const TEAM = `/workspace/${WORKSPACE}/team`;
const POLL = 'xstate.after.poll.notifications.closed.idle';
const note = (id: string, read: boolean): Notification => ({
  id,
  kind: 'quest_capped',
  appId: 'dragon-merge-ios',
  title: `Path quest ${id} reached its daily cap`,
  body: 'Dragon Merge (iOS): completions beyond the cap on 2026-11-27 are counted but not charged.',
  link: TEAM,
  at: new Date(Date.now() - Number(id) * 60_000).toISOString(),
  read,
});
const page = (entries: Notification[], unread: number, nextCursor: string | null): NotificationsPage => ({
  success: true,
  notifications: entries,
  unread,
  nextCursor,
});
const FIRST = page([note('3', false), note('2', false)], 2, 'cursor-1');

const E = {
  open: { type: 'OPEN' },
  close: { type: 'CLOSE' },
  more: { type: 'MORE' },
  retry: { type: 'RETRY' },
  read: { type: 'READ', id: '3' },
  readAll: { type: 'READ_ALL' },
  follow: { type: 'FOLLOW', id: '3', link: TEAM },
  poll: { type: POLL },
  refreshed: doneEvent('refresh', page([note('3', false), note('2', false)], 2, 'cursor-1')),
  refreshFailed: crashEvent('refresh'),
  page: doneEvent('loadPage', FIRST),
  pageFailed: crashEvent('loadPage'),
  morePage: doneEvent('loadMore', page([note('1', true)], 2, null)),
  moreFailed: crashEvent('loadMore'),
  marked: doneEvent('markRead', { success: true, unread: 1 }),
  markFailed: crashEvent('markRead'),
  allMarked: doneEvent('markAllRead', { success: true, unread: 0 }),
  allFailed: crashEvent('markAllRead'),
  followed: doneEvent('followRead', { success: true, unread: 1 }),
  followFailed: crashEvent('followRead'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as NotificationsContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
/** Routed: the event's own output as the answer, or a 500. */
const routed = (request: { method: string; url: RegExp }, name: string): EventEntry<BellUi> =>
  outcome<BellUi>(
    request,
    (event) =>
      isCrash(event) ? answers.crash : { status: 200, json: (event as EventObject & { output: unknown }).output },
    (event) => (isCrash(event) ? `${name} 500` : `${name} ✓`),
  );
const LIST = { method: 'GET', url: /\/api\/workspace\/[^/]+\/notifications(\?.*)?$/ };
const listCall = routed(LIST, 'list');
const markCall = routed({ method: 'POST', url: /\/api\/workspace\/[^/]+\/notifications\/\d+\/read$/ }, 'read');
const markAllCall = routed({ method: 'POST', url: /\/api\/workspace\/[^/]+\/notifications\/read-all$/ }, 'read all');

const bell = (ui: BellUi) => ui.page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const panelList = (ui: BellUi) => ui.page.getByRole('list', { name: 'Notifications', exact: true });
const heading = (ui: BellUi) => ui.page.getByRole('heading', { name: 'Notifications', exact: true });
const entry = (ui: BellUi, id: string) =>
  panelList(ui)
    .getByRole('listitem')
    .filter({ hasText: `Path quest ${id} reached its daily cap` });

async function expectCount(ui: BellUi, unread: number) {
  await expect(bell(ui)).toHaveAccessibleName(unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);
}

const open = async (ui: BellUi) => {
  await ui.page.clock.install();
  await ui.page.goto(`/workspace/${ui.workspaceId}/apps`);
  // The first page of a fresh browser context (the app's code not cached yet) may take a while on a busy machine.
  await expect(ui.page.getByRole('heading', { level: 1, name: 'Apps', exact: true })).toBeVisible({ timeout: 20_000 });
};
const input = { workspaceId: WORKSPACE };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const notificationsTable: FlowTable<BellUi> = {
  flow: 'notifications',
  machine: notificationsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).notifications.length, ctx(state).unread]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.editor);
    return { page, workspaceId: WORKSPACE };
  },
  traversals: [
    // The count, the panel's first page, one read, the next page, all read, closed; the count polled again.
    journey('read', [
      E.refreshed,
      E.open,
      E.page,
      E.read,
      E.marked,
      E.more,
      E.morePage,
      E.readAll,
      E.allMarked,
      E.close,
      E.poll,
      E.refreshed,
    ]),
    // A crashed count and first page (Try again), next page and marks: the panel keeps its entries and says so.
    journey('failures', [
      E.refreshFailed,
      E.open,
      E.pageFailed,
      E.retry,
      E.page,
      E.more,
      E.moreFailed,
      E.read,
      E.markFailed,
      E.readAll,
      E.allFailed,
    ]),
    // An unread entry followed to its page: the panel closes there and the entry is marked read; a crashed mark
    // leaves the count as it was.
    journey('follow', [E.refreshed, E.open, E.page, E.follow, E.followed, E.open, E.page, E.follow, E.followFailed]),
  ],
  events: {
    OPEN: { act: (ui) => bell(ui).click() },
    CLOSE: { act: (ui) => ui.page.keyboard.press('Escape') },
    MORE: { act: (ui) => ui.page.getByRole('button', { name: 'Load more', exact: true }).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    READ: {
      act: (ui, event: { id: string }) =>
        entry(ui, event.id)
          .getByRole('button', { name: /^Mark read/ })
          .click(),
      label: (event: { id: string }) => `READ ${event.id}`,
    },
    READ_ALL: { act: (ui) => ui.page.getByRole('button', { name: 'Mark all read', exact: true }).click() },
    FOLLOW: {
      act: (ui, event: { id: string }) =>
        entry(ui, event.id)
          .getByRole('button', { name: new RegExp(`^(Unread: )?Path quest ${event.id} reached`) })
          .click(),
      label: (event: { id: string }) => `FOLLOW ${event.id}`,
    },
    [POLL]: {
      act: async (ui) => {
        const asked = ui.page.waitForRequest((request) => request.method() === 'GET' && LIST.url.test(request.url()));
        await ui.page.clock.runFor(POLL_MS);
        await asked;
      },
      label: () => 'poll',
    },
    'xstate.done.actor.refresh': listCall,
    'xstate.error.actor.refresh': listCall,
    'xstate.done.actor.loadPage': listCall,
    'xstate.error.actor.loadPage': listCall,
    'xstate.done.actor.loadMore': listCall,
    'xstate.error.actor.loadMore': listCall,
    'xstate.done.actor.markRead': markCall,
    'xstate.error.actor.markRead': markCall,
    'xstate.done.actor.markAllRead': markAllCall,
    'xstate.error.actor.markAllRead': markAllCall,
    'xstate.done.actor.followRead': markCall,
    'xstate.error.actor.followRead': markCall,
  },
  states: {
    'notifications.closed.refreshing': async (ui) => {
      await expect(bell(ui)).toHaveAttribute('aria-expanded', 'false');
      await expect(heading(ui)).toHaveCount(0);
    },
    'notifications.closed.idle': async (ui, state) => {
      await expect(heading(ui)).toHaveCount(0);
      await expectCount(ui, ctx(state).unread);
    },
    'notifications.closed.following': async (ui, state) => {
      await expect(ui.page).toHaveURL(new RegExp(`${TEAM}$`));
      await expect(heading(ui)).toHaveCount(0);
      await expectCount(ui, ctx(state).unread); // the server's count arrives with the mark
    },
    'notifications.open.loading': async (ui) => {
      await expect(ui.page.getByText('Loading notifications…', { exact: true })).toBeVisible();
    },
    'notifications.open.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
    },
    'notifications.open.ready': async (ui, state) => {
      const { notifications, unread, error, nextCursor } = ctx(state);
      await expect(panelList(ui).getByRole('listitem')).toHaveCount(notifications.length);
      for (const n of notifications)
        await expect(entry(ui, n.id).getByRole('button', { name: /^Mark read/ })).toHaveCount(n.read ? 0 : 1);
      await expectCount(ui, unread);
      await expect(ui.page.getByRole('button', { name: 'Mark all read', exact: true })).toHaveAttribute(
        'aria-disabled',
        String(unread === 0),
      );
      await expect(ui.page.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(nextCursor ? 1 : 0);
      if (error === MORE_FAILED || error === MARK_FAILED)
        await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    'notifications.open.loadingMore': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Loading…', exact: true })).toBeDisabled();
    },
    'notifications.open.marking': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Mark all read', exact: true })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await expect(
        panelList(ui)
          .getByRole('button', { name: /^Mark read/ })
          .first(),
      ).toBeDisabled();
    },
    'notifications.open.markingAll': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Mark all read', exact: true })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    },
  },
  timeout: 60_000,
};
