/**
 * The activity flow's table (src/machines/activity/activity.machine.ts, src/views/activity/ActivityPage.tsx;
 * docs/activity.md): each event → what the admin does on /workspace/{id}/activity, each state → what the page shows.
 * Every test works in a throwaway workspace whose log it writes through the API first (its creation, 55 invites, one
 * of them revoked: 57 entries, two pages), so the payloads' entry counts are the real server's. A crash is answered
 * through Playwright routes. The rich page (57 rows, one open) is scanned with axe-core and checked for sideways scroll at
 * 1280 and 700 px.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  activityMachine,
  EXPORT_DONE,
  EXPORT_FAILED,
  LOAD_FAILED,
  MORE_FAILED,
  type ActivityContext,
  type ActivityEvent,
} from '../../../src/machines/activity/activity.machine';
import { VERB_LABELS, type ActivityEntry, type ActivityPage } from '../../../src/contracts/activity';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { throwawayWorkspace } from '../pages/apps.page';
import { inviteByApi } from '../pages/invite.page';
import { expectNoSeriousA11yViolationsWideAndNarrow } from '../pages/axe';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

interface ActivityUi extends Ui {
  workspaceId: string;
  shell: Shell;
  /** The debounce step held the search's list call already (the load that follows must not hold it again). */
  searchHeld?: boolean;
  searchSent?: Promise<unknown>;
}

const INVITES = 55;
const emailOf = (i: number) => `paths${String(i).padStart(2, '0')}@activity.example.org`;
const DEBOUNCE = 'xstate.after.searchDebounce.activity.debouncing';

/** Entries standing in for the server's (only their number and first id matter to the checks). */
const entries = (n: number): ActivityEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    at: '2026-11-26T10:00:00.000Z',
    actor: { accountId: 'a', name: 'Admin' },
    area: 'team',
    verb: 'member.invited',
    appId: null,
    object: { type: 'member', id: `m${i}`, name: emailOf(i) },
    changes: [{ field: 'role', before: null, after: 'viewer' }],
  }));
const pageOf = (n: number, nextCursor: string | null): ActivityPage => ({
  success: true,
  entries: entries(n),
  nextCursor,
});

const E = {
  firstPage: doneEvent('loadPage', pageOf(50, 'next')),
  /** Only the revoked invite. */
  removedOnly: doneEvent('loadPage', pageOf(1, null)),
  /** Nothing: no API key was ever created here. */
  none: doneEvent('loadPage', pageOf(0, null)),
  /** paths00: its invite and its removal. */
  searched: doneEvent('loadPage', pageOf(2, null)),
  pageCrashed: crashEvent('loadPage'),
  rest: doneEvent('loadMore', pageOf(7, null)),
  moreCrashed: crashEvent('loadMore'),
  exported: doneEvent('exportAll', undefined),
  exportCrashed: crashEvent('exportAll'),
  removedFilter: { type: 'FILTER', field: 'verb', value: 'member.removed' },
  apiKeysFilter: { type: 'FILTER', field: 'verb', value: 'api_key.created' },
  clear: { type: 'CLEAR' },
  search: { type: 'SEARCH', text: 'paths00' },
  debounce: { type: DEBOUNCE },
  more: { type: 'MORE' },
  toggle: { type: 'TOGGLE', id: '1' },
  showRoutine: { type: 'ROUTINE', show: true },
  hideRoutine: { type: 'ROUTINE', show: false },
  retry: { type: 'RETRY' },
  export: { type: 'EXPORT' },
};

type Ev<K extends ActivityEvent['type']> = Extract<ActivityEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ActivityContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const answerOf = (event: EventObject) => (isError(event) ? answers.crash : answers.server);
const labelOf = (event: EventObject) => `${event.type.split('.').pop()} ${isError(event) ? '500' : '✓'}`;

const LIST_URL = /\/api\/workspace\/[^/]+\/activity(\?(?!.*cursor=)[^/]*)?$/;
const listCall = outcome<ActivityUi>({ method: 'GET', url: LIST_URL }, answerOf, labelOf);
const moreCall = outcome<ActivityUi>(
  { method: 'GET', url: /\/api\/workspace\/[^/]+\/activity\?.*cursor=/ },
  answerOf,
  labelOf,
);
const exportCall = outcome<ActivityUi>(
  { method: 'GET', url: /\/api\/workspace\/[^/]+\/activity\/export/ },
  answerOf,
  labelOf,
);
/** A list call is held from the step before, unless the debounce step (which must hold it before the timer ends) did. */
const listOutcome: EventEntry<ActivityUi> = {
  arrange: async (ui, event) => {
    if (ui.searchHeld) return;
    await listCall.arrange!(ui, event);
  },
  act: async (ui, event, before) => {
    ui.searchHeld = false;
    await listCall.act(ui, event, before);
  },
  label: labelOf,
};

const list = (ui: ActivityUi) => ui.page.getByRole('list', { name: 'Activity', exact: true });
const rowButtons = (ui: ActivityUi) => list(ui).getByRole('button');
const searchBox = (ui: ActivityUi) => ui.page.getByLabel('Search object names', { exact: true });
const downloadButton = (ui: ActivityUi) => ui.page.getByRole('button', { name: 'Download CSV', exact: true });
const moreButton = (ui: ActivityUi) => ui.page.getByRole('button', { name: 'Show more', exact: true });
const open = async (ui: ActivityUi) => {
  await ui.page.goto(`/workspace/${ui.workspaceId}/activity`);
  await expect(ui.page.getByRole('heading', { level: 1, name: 'Activity', exact: true })).toBeVisible();
};
const input = { workspaceId: 'paths' };

export const activityTable: FlowTable<ActivityUi> = {
  flow: 'activity',
  machine: activityMachine,
  serialize: (state) =>
    JSON.stringify([
      state.value,
      ctx(state).entries.length,
      ctx(state).expanded,
      ctx(state).filters,
      ctx(state).q,
      ctx(state).routine,
    ]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const { id: workspaceId } = await throwawayWorkspace(page.request, token);
    for (let i = 0; i < INVITES; i++) await inviteByApi(page.request, token, workspaceId, emailOf(i), 'viewer');
    const removed = await page.request.post(`/api/workspace/${workspaceId}/team/remove`, {
      data: { email: emailOf(0) },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status()).toBe(200);
    return { page, workspaceId, shell: new Shell(page) };
  },
  traversals: [
    // Two pages (the routine entries shown, then left out again), one row opened into its before → after (scanned at
    // both widths), the CSV download.
    {
      name: 'browse',
      kind: 'journey',
      input,
      open,
      events: [
        E.firstPage,
        E.showRoutine,
        E.firstPage,
        E.hideRoutine,
        E.firstPage,
        E.toggle,
        E.more,
        E.rest,
        E.export,
        E.exported,
      ],
    },
    // A filter with one match and one with none, cleared; a search typed, asked for after 500 ms.
    {
      name: 'filter and search',
      kind: 'journey',
      input,
      open,
      events: [
        E.firstPage,
        E.removedFilter,
        E.removedOnly,
        E.apiKeysFilter,
        E.none,
        E.clear,
        E.firstPage,
        E.search,
        E.debounce,
        E.searched,
      ],
    },
    // A crashed first page and Try again; a crashed next page keeps the rows; a crashed download says so.
    {
      name: 'failures',
      kind: 'journey',
      input,
      open,
      events: [E.pageCrashed, E.retry, E.firstPage, E.more, E.moreCrashed, E.export, E.exportCrashed],
    },
  ],
  events: {
    FILTER: {
      act: async (ui, event: Ev<'FILTER'>) => {
        await ui.page
          .getByLabel('Action', { exact: true })
          .selectOption({ label: event.value ? VERB_LABELS[event.value as keyof typeof VERB_LABELS] : 'All actions' });
      },
      label: (event: Ev<'FILTER'>) => `FILTER ${event.field} '${event.value}'`,
    },
    CLEAR: { act: (ui) => ui.page.getByRole('button', { name: 'Clear filters', exact: true }).click() },
    ROUTINE: {
      act: (ui, event: Ev<'ROUTINE'>) =>
        ui.page.getByLabel('Show postbacks, quest steps and charges', { exact: true }).setChecked(event.show),
      label: (event: Ev<'ROUTINE'>) => `ROUTINE ${event.show ? 'shown' : 'hidden'}`,
    },
    SEARCH: {
      act: (ui, event: Ev<'SEARCH'>) => searchBox(ui).fill(event.text),
      label: (event: Ev<'SEARCH'>) => `SEARCH '${event.text}'`,
    },
    [DEBOUNCE]: {
      // Held from the step that types (the timer starts there); the wait is over when the page asks the server.
      arrange: async (ui, event) => {
        ui.searchSent = ui.page.waitForRequest((request) => request.method() === 'GET' && LIST_URL.test(request.url()));
        await listCall.arrange!(ui, event);
        ui.searchHeld = true;
      },
      act: async (ui) => {
        await ui.searchSent;
      },
      label: () => 'debounce',
    },
    MORE: { act: (ui) => moreButton(ui).click() },
    TOGGLE: { act: (ui) => rowButtons(ui).first().click(), label: () => 'TOGGLE first row' },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    EXPORT: { act: (ui) => downloadButton(ui).click() },
    'xstate.done.actor.loadPage': listOutcome,
    'xstate.error.actor.loadPage': listOutcome,
    'xstate.done.actor.loadMore': moreCall,
    'xstate.error.actor.loadMore': moreCall,
    'xstate.done.actor.exportAll': exportCall,
    'xstate.error.actor.exportAll': exportCall,
  },
  states: {
    'activity.loading': async (ui) => {
      await expect(ui.page.getByText('Loading activity…', { exact: true })).toBeVisible();
    },
    'activity.debouncing': async (ui, state) => {
      await expect(searchBox(ui)).toHaveValue(ctx(state).search);
    },
    'activity.ready': async (ui, state, via) => {
      const c = ctx(state);
      // First: the snackbar goes away after 3 s.
      if (via.type === 'xstate.done.actor.exportAll') await expect(ui.shell.snackbar(EXPORT_DONE)).toBeVisible();
      if (via.type === 'xstate.error.actor.exportAll') await expect(ui.shell.snackbar(EXPORT_FAILED)).toBeVisible();
      if (c.entries.length === 0) {
        await expect(
          ui.page.getByRole('heading', { name: 'No activity matches these filters', exact: true }),
        ).toBeVisible();
        await expect(downloadButton(ui)).toBeDisabled();
        return;
      }
      await expect(rowButtons(ui)).toHaveCount(c.entries.length);
      await expect(downloadButton(ui)).toBeEnabled();
      const routine = ui.page.getByLabel('Show postbacks, quest steps and charges', { exact: true });
      if (c.filters.verb) await expect(routine).toBeDisabled();
      else await expect(routine).toBeChecked({ checked: c.routine });
      if (c.nextCursor) await expect(moreButton(ui)).toBeEnabled();
      else await expect(moreButton(ui)).toHaveCount(0);
      if (c.filters.verb)
        await expect(list(ui).getByText(c.filters.verb, { exact: true })).toHaveCount(c.entries.length);
      if (c.q) for (const name of await rowButtons(ui).allInnerTexts()) expect(name).toContain(c.q);
      await expect(list(ui).locator('[aria-expanded="true"]')).toHaveCount(c.expanded ? 1 : 0);
      if (c.expanded) {
        const first = rowButtons(ui).first();
        await expect(first).toHaveAttribute('aria-expanded', 'true');
        // The revoked invite is newest: its role before → after.
        const changes = list(ui).getByRole('table');
        await expect(changes.getByRole('columnheader', { name: 'Before', exact: true })).toBeVisible();
        await expect(changes.getByRole('rowheader', { name: 'invite', exact: true })).toBeVisible();
      }
      if (c.moreError) await expect(ui.page.getByRole('alert').filter({ hasText: MORE_FAILED })).toBeVisible();
      if (via.type === 'xstate.done.actor.loadMore') {
        // The rich page: 57 rows, one open. No sideways scroll at 700 px; axe-clean at both widths.
        await ui.page.setViewportSize({ width: 700, height: 900 });
        expect(await ui.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await ui.page.setViewportSize({ width: 1280, height: 900 });
        await expectNoSeriousA11yViolationsWideAndNarrow(ui.page, 'activity');
      }
    },
    'activity.loadingMore': async (ui) => {
      await expect(moreButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'activity.exporting': async (ui) => {
      await expect(downloadButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'activity.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeEnabled();
    },
  },
  timeout: 120_000,
};
