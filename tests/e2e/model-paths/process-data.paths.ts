/**
 * The process-data flow's table (src/machines/process-data/process-data.machine.ts, the Start / End dates and Process
 * Data button of src/views/integrations/DataStatusCard.tsx; docs/integrations.md §Rules and limits): each event → the
 * admin's dates and click on the BigQuery tab of Dragon Merge (Android), each state → what the card shows.
 *
 * Every start is answered by a route (a refusal, a 500, and a success with a job id): a real start would queue a
 * processing job on the seeded plugin (tests/e2e/integrations.spec.ts processes for real in the sandbox).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  processDataMachine,
  type ProcessDataContext,
  type ProcessDataEvent,
} from '../../../src/machines/process-data/process-data.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Shell } from '../pages/shell.page';
import { appPath } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

const APP = 'dragon-merge-android';
const PLUGIN = `${APP}-bigquery`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(0);

interface ProcessUi extends Ui {
  shell: Shell;
}
type Ev<K extends ProcessDataEvent['type']> = Extract<ProcessDataEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ProcessDataContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const succeeded = (event: EventObject) =>
  !isCrash(event) && (event as EventObject & { output: { success: boolean } }).output.success;

/** The page's preconditions: the seeded plugin has credentials and no job running. */
const ready = { hasCredentials: true, inProgress: false, today: TODAY, earliest: null };
/** The estimate the route answers (a dry run's bytes on BigQuery; the embedded engine's is labelled estimated). */
const ESTIMATE = { success: true, bytes: 1_842_937_856, estimated: true, costUsd: 0.0105, usdPerTiB: 6.25 };
const E = {
  startAfterEnd: { type: 'SET_START', value: day(1) },
  start: { type: 'SET_START', value: day(-7) },
  end: { type: 'SET_END', value: day(-1) },
  process: { type: 'PROCESS', ...ready },
  estimated: doneEvent('estimateProcessing', ESTIMATE),
  estimateCrashed: crashEvent('estimateProcessing'),
  confirm: { type: 'CONFIRM' },
  dismiss: { type: 'DISMISS' },
  started: doneEvent('startProcessing', { success: true, jobId: 'job-e2e' }),
  refused: doneEvent('startProcessing', { success: false }),
  crashed: crashEvent('startProcessing'),
} satisfies Record<string, ProcessDataEvent | EventObject>;

const startCall = outcome<ProcessUi>(
  { method: 'POST', url: /\/api\/plugins\/[^/]+\/process$/ },
  (event) =>
    isCrash(event)
      ? answers.crash
      : succeeded(event)
        ? { status: 200, json: { success: true, jobId: 'job-e2e' } }
        : answers.refused(),
  (event) => (isCrash(event) ? 'start 500' : succeeded(event) ? 'start ✓' : 'start refused'),
);

const estimateCall = outcome<ProcessUi>(
  { method: 'POST', url: /\/api\/plugins\/[^/]+\/process\/estimate$/ },
  (event) => (isCrash(event) ? answers.crash : { status: 200, json: ESTIMATE }),
  (event) => (isCrash(event) ? 'estimate 500' : 'estimate ✓'),
);
const dialog = (ui: ProcessUi) => ui.page.getByRole('dialog', { name: 'Process Data?' });

const dateInput = (ui: ProcessUi, which: 'Start date' | 'End date') => ui.page.getByLabel(which, { exact: true });
const processButton = (ui: ProcessUi) => ui.page.getByRole('button', { name: 'Process Data', exact: true });

export const processDataTable: FlowTable<ProcessUi> = {
  flow: 'process-data',
  machine: processDataMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).start > ctx(state).end]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    return { page, shell: new Shell(page) };
  },
  traversals: [
    {
      // A start after the end (the card says why, Process Data disabled), fixed; the start refused, crashed (the
      // contract's words both times, the dates kept), then started.
      name: 'dates, start fails twice, then starts',
      kind: 'journey',
      input: { pluginId: PLUGIN, appId: APP, start: day(-29), end: TODAY },
      open: async (ui) => {
        await ui.page.goto(appPath(APP, 'integrations/BigQuery'));
        await expect(dateInput(ui, 'Start date')).toBeVisible({ timeout: 60_000 });
      },
      events: [
        E.startAfterEnd,
        E.end,
        E.start,
        E.process,
        E.estimateCrashed,
        E.dismiss,
        E.process,
        E.estimated,
        E.confirm,
        E.refused,
        E.process,
        E.estimated,
        E.confirm,
        E.crashed,
        E.process,
        E.estimated,
        E.confirm,
        E.started,
      ],
    },
  ],
  events: {
    SET_START: {
      act: (ui, event: Ev<'SET_START'>) => dateInput(ui, 'Start date').fill(event.value),
      label: (event: Ev<'SET_START'>) => `start ${event.value === day(1) ? 'tomorrow' : event.value}`,
    },
    SET_END: {
      act: (ui, event: Ev<'SET_END'>) => dateInput(ui, 'End date').fill(event.value),
      label: (event: Ev<'SET_END'>) => `end ${event.value}`,
    },
    PROCESS: { act: (ui) => processButton(ui).click() },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Start processing' }).click() },
    DISMISS: { act: (ui) => dialog(ui).getByRole('button', { name: 'Cancel' }).click() },
    'xstate.done.actor.estimateProcessing': estimateCall,
    'xstate.error.actor.estimateProcessing': estimateCall,
    'xstate.done.actor.startProcessing': startCall,
    'xstate.error.actor.startProcessing': startCall,
  },
  states: {
    'processData.idle': async (ui, state, via) => {
      const c = ctx(state);
      // The snackbar first: it stays 3 s.
      if (via.type.startsWith('xstate.done.') && succeeded(via))
        await expect(ui.shell.snackbar(`Processing data from ${c.start} to ${c.end} started.`)).toBeVisible();
      else if (via.type.startsWith('xstate.') && via.type !== 'xstate.init')
        await expect(ui.shell.snackbar('Processing could not be started.').last()).toBeVisible();
      await expect(dateInput(ui, 'Start date')).toHaveValue(c.start);
      await expect(dateInput(ui, 'End date')).toHaveValue(c.end);
      if (c.start > c.end) {
        await expect(
          ui.page.getByRole('alert').filter({ hasText: 'The start date must not be after the end date.' }),
        ).toBeVisible();
        await expect(processButton(ui)).toBeDisabled();
      } else {
        await expect(ui.page.getByText('The start date must not be after the end date.')).toHaveCount(0);
        await expect(processButton(ui)).toBeEnabled();
      }
    },
    'processData.estimating': async (ui) => {
      await expect(dialog(ui)).toBeVisible();
    },
    'processData.confirming': async (ui, state) => {
      const c = ctx(state);
      await expect(dialog(ui)).toContainText(`Data from ${c.start} to ${c.end} will be processed.`);
      if (c.estimate) {
        await expect(dialog(ui).getByTestId('process-estimate')).toContainText('1.72 GiB');
        await expect(dialog(ui).getByTestId('process-estimate')).toContainText('$0.01');
      } else await expect(dialog(ui).getByRole('alert')).toBeVisible();
    },
    'processData.starting': async (ui) => {
      // The start dialog stays open while the start is answered (the page behind it is inert).
      await expect(dialog(ui).getByRole('button', { name: 'Start processing' })).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 60_000,
};
