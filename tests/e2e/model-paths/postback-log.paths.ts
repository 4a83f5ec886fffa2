/**
 * The postback log flow's table (src/machines/postback-log/postback-log.machine.ts,
 * src/views/integrations/PostbackLogPage.tsx; docs/postbacks.md §Postback log): each event → what the admin does on
 * /workspace/{id}/app/{appId}/integrations/AppsFlyer/postbacks, each state → what the page shows. Every test works on
 * a throwaway app whose AppsFlyer plugin it enables and to which it sends real postbacks first (55 stored, a retry of
 * the first answered duplicate, a malformed one refused: 57 entries, two pages), so the payloads' entry counts are the
 * real server's. A crash is answered through Playwright routes. The full page (57 rows) is scanned with axe-core and
 * checked for sideways scroll at 1280 and 700 px.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  EXPORT_DONE,
  EXPORT_FAILED,
  LOAD_FAILED,
  MORE_FAILED,
  postbackLogMachine,
  type PostbackLogContext,
  type PostbackLogEvent,
} from '../../../src/machines/postback-log/postback-log.machine';
import type { PostbackLogPage, PostbackLogRow } from '../../../src/contracts/postbacks';
import { appsflyerPostback } from '../../../scripts/postback-send';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { expectNoSeriousA11yViolationsWideAndNarrow } from '../pages/axe';
import { enableAppsFlyer, throwawayApp } from './attribution-apps';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

interface PostbackLogUi extends Ui {
  workspaceId: string;
  appId: string;
  shell: Shell;
  /** The debounce step held the list call already (the load that follows must not hold it again). */
  typedHeld?: boolean;
  typedSent?: Promise<unknown>;
}

const STORED = 55;
/** The first postback's device: it has two entries (stored, then its retry answered duplicate). */
const FIRST_DEVICE = 'PATHSDEV-00000000-0000-0000-0000-000000000000';
const deviceOf = (i: number) => `PATHSDEV-00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
const DEBOUNCE = 'xstate.after.typeDebounce.postbackLog.debouncing';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** 55 real postbacks (every 5th an af_purchase), the first one again, and one with a time AppsFlyer never sends. */
async function sendPostbacks(request: APIRequestContext, token: string, appId: string) {
  const res = await request.get(`/api/app/${appId}/postbacks/appsflyer/url`, { headers: auth(token) });
  const url = ((await res.json()) as { url: string }).url;
  const at = new Date();
  const fields = (i: number) =>
    appsflyerPostback(
      i,
      {
        appId,
        platform: 'android',
        device: deviceOf(i),
        appsflyerId: `1700000000000-${i}`,
        player: 'player-paths',
        quest: 'quest-paths',
        installedAt: new Date(at.getTime() - 10 * 60_000),
      },
      at,
    );
  const send = (query: Record<string, string>) => request.get(`${url}?${new URLSearchParams(query).toString()}`);
  for (let i = 0; i < STORED; i++) expect((await send(fields(i))).status()).toBe(200);
  expect(await (await send(fields(0))).json()).toMatchObject({ outcome: 'duplicate' });
  expect((await send({ ...fields(1), event_time: 'yesterday' })).status()).toBe(400);
}

/** Entries standing in for the server's (only their number matters to the checks). */
const entries = (n: number): PostbackLogRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    receivedAt: Date.parse('2026-11-26T10:00:00.000Z'),
    eventName: 'af_purchase',
    outcome: 'stored',
    reasonCode: null,
    reason: null,
    advertisingId: 'PATH…0001',
  }));
const pageOf = (n: number, nextCursor: string | null): PostbackLogPage => ({
  success: true,
  entries: entries(n),
  nextCursor,
  searchedTo: null,
});

const E = {
  firstPage: doneEvent('loadPage', pageOf(50, 'next')),
  /** The malformed one. */
  refusedOnly: doneEvent('loadPage', pageOf(1, null)),
  /** Every 5th of 55. */
  purchases: doneEvent('loadPage', pageOf(11, null)),
  /** The first device: stored and its duplicate. */
  oneDevice: doneEvent('loadPage', pageOf(2, null)),
  /** Nothing before the year 2000. */
  none: doneEvent('loadPage', pageOf(0, null)),
  /** 'event_time': the refused one's reason. */
  searched: doneEvent('loadPage', pageOf(1, null)),
  pageCrashed: crashEvent('loadPage'),
  rest: doneEvent('loadMore', pageOf(7, null)),
  moreCrashed: crashEvent('loadMore'),
  exported: doneEvent('exportAll', undefined),
  exportCrashed: crashEvent('exportAll'),
  refused: { type: 'FILTER', field: 'outcome', value: 'refused' },
  anyOutcome: { type: 'FILTER', field: 'outcome', value: '' },
  purchase: { type: 'FILTER', field: 'event', value: 'af_purchase' },
  before2000: { type: 'FILTER', field: 'to', value: '1999-12-31' },
  clear: { type: 'CLEAR' },
  device: { type: 'TYPE', field: 'device', text: FIRST_DEVICE },
  search: { type: 'TYPE', field: 'q', text: 'event_time' },
  debounce: { type: DEBOUNCE },
  more: { type: 'MORE' },
  retry: { type: 'RETRY' },
  export: { type: 'EXPORT' },
};

type Ev<K extends PostbackLogEvent['type']> = Extract<PostbackLogEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as PostbackLogContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const answerOf = (event: EventObject) => (isError(event) ? answers.crash : answers.server);
const labelOf = (event: EventObject) => `${event.type.split('.').pop()} ${isError(event) ? '500' : '✓'}`;

const LIST_URL = /\/api\/app\/[^/]+\/postbacks\/appsflyer\/entries(\?(?!.*cursor=)[^/]*)?$/;
const listCall = outcome<PostbackLogUi>({ method: 'GET', url: LIST_URL }, answerOf, labelOf);
const moreCall = outcome<PostbackLogUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/postbacks\/appsflyer\/entries\?.*cursor=/ },
  answerOf,
  labelOf,
);
const exportCall = outcome<PostbackLogUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/postbacks\/appsflyer\/entries\/export/ },
  answerOf,
  labelOf,
);
/** A list call is held from the step before, unless the debounce step (which must hold it before the timer ends) did. */
const listOutcome: EventEntry<PostbackLogUi> = {
  arrange: async (ui, event) => {
    if (ui.typedHeld) return;
    await listCall.arrange!(ui, event);
  },
  act: async (ui, event, before) => {
    ui.typedHeld = false;
    await listCall.act(ui, event, before);
  },
  label: labelOf,
};

const table = (ui: PostbackLogUi) => ui.page.getByRole('region', { name: 'Postbacks', exact: true }).getByRole('table');
const bodyRows = (ui: PostbackLogUi) => table(ui).locator('tbody tr');
const searchBox = (ui: PostbackLogUi) => ui.page.getByLabel('Search events, device IDs and reasons', { exact: true });
const deviceBox = (ui: PostbackLogUi) => ui.page.getByLabel('Device ID', { exact: true });
const downloadButton = (ui: PostbackLogUi) => ui.page.getByRole('button', { name: 'Download CSV', exact: true });
const moreButton = (ui: PostbackLogUi) => ui.page.getByRole('button', { name: 'Load more', exact: true });
const open = async (ui: PostbackLogUi) => {
  await ui.page.goto(`/workspace/${ui.workspaceId}/app/${ui.appId}/integrations/AppsFlyer/postbacks`);
  await expect(ui.page.getByRole('heading', { level: 1, name: 'Postback log', exact: true })).toBeVisible();
};
const input = { appId: 'paths', source: 'appsflyer' };

export const postbackLogTable: FlowTable<PostbackLogUi> = {
  flow: 'postback-log',
  machine: postbackLogMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).entries.length, ctx(state).filters, ctx(state).applied]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    await enableAppsFlyer(page.request, token, appId);
    await sendPostbacks(page.request, token, appId);
    return { page, workspaceId, appId, shell: new Shell(page) };
  },
  traversals: [
    // Two pages (the full page scanned at both widths), the CSV download.
    {
      name: 'browse',
      kind: 'journey',
      input,
      open,
      events: [E.firstPage, E.more, E.rest, E.export, E.exported],
    },
    // Each filter with its real matches, one with none, cleared; a device id and a search typed, asked for after 500 ms.
    {
      name: 'filter and search',
      kind: 'journey',
      input,
      open,
      events: [
        E.firstPage,
        E.refused,
        E.refusedOnly,
        E.anyOutcome,
        E.firstPage,
        E.purchase,
        E.purchases,
        E.before2000,
        E.none,
        E.clear,
        E.firstPage,
        E.device,
        E.debounce,
        E.oneDevice,
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
        if (event.field === 'outcome')
          await ui.page.getByLabel('Outcome', { exact: true }).selectOption(event.value || '');
        else if (event.field === 'event')
          await ui.page.getByLabel('Event', { exact: true }).selectOption(event.value || '');
        else await ui.page.getByLabel(event.field === 'from' ? 'From (UTC)' : 'To (UTC)').fill(event.value);
      },
      label: (event: Ev<'FILTER'>) => `FILTER ${event.field} '${event.value}'`,
    },
    CLEAR: { act: (ui) => ui.page.getByRole('button', { name: 'Clear filters', exact: true }).click() },
    TYPE: {
      act: (ui, event: Ev<'TYPE'>) => (event.field === 'q' ? searchBox(ui) : deviceBox(ui)).fill(event.text),
      label: (event: Ev<'TYPE'>) => `TYPE ${event.field} '${event.text}'`,
    },
    [DEBOUNCE]: {
      // Held from the step that types (the timer starts there); the wait is over when the page asks the server.
      arrange: async (ui, event) => {
        ui.typedSent = ui.page.waitForRequest((request) => request.method() === 'GET' && LIST_URL.test(request.url()));
        await listCall.arrange!(ui, event);
        ui.typedHeld = true;
      },
      act: async (ui) => {
        await ui.typedSent;
      },
      label: () => 'debounce',
    },
    MORE: { act: (ui) => moreButton(ui).click() },
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
    'postbackLog.loading': async (ui) => {
      await expect(ui.page.getByText('Loading postbacks…', { exact: true })).toBeVisible();
    },
    'postbackLog.debouncing': async (ui, state) => {
      await expect(searchBox(ui)).toHaveValue(ctx(state).typed.q);
      await expect(deviceBox(ui)).toHaveValue(ctx(state).typed.device);
    },
    'postbackLog.ready': async (ui, state, via) => {
      const c = ctx(state);
      if (via.type === 'xstate.done.actor.exportAll') await expect(ui.shell.snackbar(EXPORT_DONE)).toBeVisible();
      if (via.type === 'xstate.error.actor.exportAll') await expect(ui.shell.snackbar(EXPORT_FAILED)).toBeVisible();
      if (c.entries.length === 0) {
        await expect(
          ui.page.getByRole('heading', { name: 'No postbacks match these filters', exact: true }),
        ).toBeVisible();
        await expect(downloadButton(ui)).toBeDisabled();
        return;
      }
      await expect(bodyRows(ui)).toHaveCount(c.entries.length);
      await expect(downloadButton(ui)).toBeEnabled();
      if (c.nextCursor) await expect(moreButton(ui)).toBeEnabled();
      else await expect(moreButton(ui)).toHaveCount(0);
      if (c.filters.outcome === 'refused') {
        await expect(bodyRows(ui).first()).toContainText('Refused');
        await expect(bodyRows(ui).first()).toContainText('event_time is not a time');
      }
      if (c.filters.event) await expect(table(ui).getByText(c.filters.event, { exact: true })).toHaveCount(11);
      if (c.applied.device) {
        await expect(bodyRows(ui).nth(0)).toContainText('Duplicate');
        await expect(bodyRows(ui).nth(1)).toContainText('Stored');
        // The device id is shown masked, never whole.
        await expect(table(ui)).not.toContainText(FIRST_DEVICE);
      }
      if (c.applied.q) await expect(bodyRows(ui).first()).toContainText('event_time is not a time');
      if (c.moreError) await expect(ui.page.getByRole('alert').filter({ hasText: MORE_FAILED })).toBeVisible();
      if (via.type === 'xstate.done.actor.loadMore') {
        // The full page: 57 rows. No sideways page scroll at 700 px (the table scrolls in its own region); axe-clean.
        await ui.page.setViewportSize({ width: 700, height: 900 });
        expect(await ui.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expect(ui.page.getByRole('region', { name: 'Postbacks', exact: true })).toHaveAttribute('tabindex', '0');
        await ui.page.setViewportSize({ width: 1280, height: 900 });
        await expectNoSeriousA11yViolationsWideAndNarrow(ui.page, 'postback log');
      }
    },
    'postbackLog.loadingMore': async (ui) => {
      await expect(moreButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'postbackLog.exporting': async (ui) => {
      await expect(downloadButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'postbackLog.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeEnabled();
    },
  },
  timeout: 120_000,
};
