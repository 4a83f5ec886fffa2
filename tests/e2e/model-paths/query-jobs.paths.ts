/**
 * The query-jobs flow's table (src/machines/query-jobs/query-jobs.machine.ts, the Jobs card of the BigQuery tab,
 * src/views/integrations/QueryJobsCard.tsx; docs/integrations.md §Job history): each event → the admin's click on the
 * BigQuery tab of Dragon Merge (Android), each state → what the card shows. Every list and cancel call is answered
 * by a route (a running job to cancel cannot be held open in the shared demo; tests/server/query-jobs.test.ts cancels
 * a real one).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  queryJobsMachine,
  type QueryJobsContext,
  type QueryJobsEvent,
} from '../../../src/machines/query-jobs/query-jobs.machine';
import type { QueryJob, QueryJobPage } from '../../../src/contracts/query-jobs';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-android';

interface JobsUi extends Ui {
  shell: Shell;
}
type Ev<K extends QueryJobsEvent['type']> = Extract<QueryJobsEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as QueryJobsContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const outputOf = (event: EventObject) => (event as EventObject & { output: unknown }).output;

const job = (id: string, state: QueryJob['state'], label: string): QueryJob => ({
  id,
  kind: 'process',
  engine: 'duckdb',
  label,
  startedAt: '2026-11-20T10:00:00.000Z',
  durationMs: state === 'running' ? null : 84_000,
  state,
  bytesProcessed: state === 'running' ? null : 52_428_800,
  bytesBilled: null,
  bytesEstimated: state !== 'running',
  costUsd: state === 'running' ? null : 0.0003,
  error: state === 'failed' ? 'No raw Firebase export was found for this app.' : null,
  cancellable: state === 'running',
});
const page = (entries: QueryJob[], nextCursor: string | null): QueryJobPage => ({
  success: true,
  entries,
  nextCursor,
  usdPerTiB: 6.25,
});
const FIRST = page(
  [job('903', 'running', '2026-11-01 to 2026-11-19'), job('902', 'succeeded', '2026-10-01 to 2026-10-31')],
  'cursor-1',
);
const OLDER = page([job('901', 'failed', '2026-09-01 to 2026-09-30')], null);
const AFTER = page(
  [job('903', 'cancelled', '2026-11-01 to 2026-11-19'), job('902', 'succeeded', '2026-10-01 to 2026-10-31')],
  null,
);

const E = {
  loadCrashed: crashEvent('loadPage'),
  retry: { type: 'RETRY' },
  loaded: doneEvent('loadPage', FIRST),
  more: { type: 'MORE' },
  moreCrashed: crashEvent('loadMore'),
  older: doneEvent('loadMore', OLDER),
  cancel: { type: 'CANCEL', id: '903' },
  dismiss: { type: 'DISMISS' },
  confirm: { type: 'CONFIRM' },
  refused: crashEvent('cancelJob'),
  cancelled: doneEvent('cancelJob', { success: true, job: AFTER.entries[0] }),
  reloaded: doneEvent('loadPage', AFTER),
  refresh: { type: 'REFRESH' },
} satisfies Record<string, QueryJobsEvent | EventObject>;

const listCall = outcome<JobsUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/query-jobs$/ },
  (event) => (isCrash(event) ? answers.crash : { status: 200, json: outputOf(event) }),
  (event) => (isCrash(event) ? 'list 500' : 'list ✓'),
);
const moreCall = outcome<JobsUi>(
  { method: 'GET', url: /\/api\/app\/[^/]+\/query-jobs\?cursor=/ },
  (event) => (isCrash(event) ? answers.crash : { status: 200, json: outputOf(event) }),
  (event) => (isCrash(event) ? 'more 500' : 'more ✓'),
);
const cancelCall = outcome<JobsUi>(
  { method: 'POST', url: /\/api\/app\/[^/]+\/query-jobs\/[^/]+\/cancel$/ },
  (event) => (isCrash(event) ? answers.crash : { status: 200, json: outputOf(event) }),
  (event) => (isCrash(event) ? 'cancel 500' : 'cancel ✓'),
);

const card = (ui: JobsUi) => ui.page.getByRole('region', { name: 'Jobs' });
const confirmDialog = (ui: JobsUi) => ui.page.getByRole('dialog', { name: 'Cancel job?' });

export const queryJobsTable: FlowTable<JobsUi> = {
  flow: 'query-jobs',
  machine: queryJobsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).entries.map((j) => `${j.id}:${j.state}`)]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    return { page, shell: new Shell(page) };
  },
  traversals: [
    {
      // The list fails, is retried, pages once (failing first), a cancel is dismissed, refused, then cancelled: the
      // list reloads and reads Cancelled; Refresh reloads it again.
      name: 'load fails, pages, cancel dismissed, refused, then cancelled',
      kind: 'journey',
      input: { appId: APP },
      open: async (ui) => {
        await ui.page.goto(appPath(APP, 'integrations/BigQuery'));
      },
      events: [
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.more,
        E.moreCrashed,
        E.more,
        E.older,
        E.cancel,
        E.dismiss,
        E.cancel,
        E.confirm,
        E.refused,
        E.confirm,
        E.cancelled,
        E.reloaded,
        E.refresh,
        E.reloaded,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => card(ui).getByRole('button', { name: 'Try again' }).click() },
    MORE: { act: (ui) => card(ui).getByRole('button', { name: 'Load more' }).click() },
    REFRESH: { act: (ui) => card(ui).getByRole('button', { name: 'Refresh' }).click() },
    CANCEL: {
      act: (ui) =>
        card(ui)
          .getByTestId('query-job')
          .filter({ hasText: 'Running' })
          .getByRole('button', { name: 'Cancel' })
          .click(),
      label: (event: Ev<'CANCEL'>) => `cancel ${event.id}`,
    },
    CONFIRM: { act: (ui) => confirmDialog(ui).getByRole('button', { name: 'Cancel job' }).click() },
    DISMISS: { act: (ui) => confirmDialog(ui).getByRole('button', { name: 'Cancel', exact: true }).click() },
    'xstate.done.actor.loadPage': listCall,
    'xstate.error.actor.loadPage': listCall,
    'xstate.done.actor.loadMore': moreCall,
    'xstate.error.actor.loadMore': moreCall,
    'xstate.done.actor.cancelJob': cancelCall,
    'xstate.error.actor.cancelJob': cancelCall,
  },
  states: {
    'queryJobs.loading': async (ui) => {
      await expect(card(ui).getByRole('status')).toHaveText('Loading jobs…', { timeout: 60_000 });
    },
    'queryJobs.failed': async (ui, state) => {
      await expect(card(ui).getByRole('alert')).toHaveText(ctx(state).error!);
    },
    'queryJobs.ready': async (ui, state) => {
      const c = ctx(state);
      await expect(confirmDialog(ui)).toHaveCount(0);
      await expect(card(ui).getByTestId('query-job')).toHaveCount(c.entries.length);
      for (const entry of c.entries)
        await expect(card(ui).getByTestId('query-job').filter({ hasText: entry.label })).toContainText(
          { running: 'Running', succeeded: 'Succeeded', failed: 'Failed', cancelled: 'Cancelled' }[entry.state],
        );
      if (c.moreError) await expect(card(ui).getByRole('alert')).toHaveText(c.moreError);
      await expect(card(ui).getByRole('button', { name: 'Load more' })).toHaveCount(c.nextCursor ? 1 : 0);
    },
    'queryJobs.loadingMore': async (ui) => {
      await expect(card(ui).getByRole('button', { name: 'Load more' })).toHaveAttribute('aria-busy', 'true');
    },
    'queryJobs.confirmingCancel': async (ui, state) => {
      await expect(confirmDialog(ui)).toContainText('Cancel this job? Its work so far is undone.');
      const error = ctx(state).cancelError;
      if (error) await expect(confirmDialog(ui).getByRole('alert')).toHaveText(error);
    },
    'queryJobs.cancelling': async (ui) => {
      await expect(confirmDialog(ui).getByRole('button', { name: 'Cancel job' })).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};
