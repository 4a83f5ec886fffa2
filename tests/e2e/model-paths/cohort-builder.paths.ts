/**
 * The cohort-builder flow's table (src/machines/cohort-builder/cohort-builder.machine.ts, the page
 * src/views/analyze/CohortsPage.tsx): each event → what an editor does on /analyze/cohorts, each state → what the page
 * shows. The real server answers the runs, opens and saves on the demo app with Analyze data; a crash is answered
 * through a Playwright route (500). A saved table for the "saved" journeys is made through the API in setup, and
 * every table a test saved is deleted in teardown.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  cohortBuilderMachine,
  type CohortBuilderContext,
  type CohortBuilderEvent,
} from '../../../src/machines/cohort-builder/cohort-builder.machine';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

// Ours and the server's words, verbatim.
const RUN_FAILED = 'We could not build the cohort table. Please try again.';
const OPEN_FAILED = 'We could not open this cohort table. Please try again.';
const TOO_MANY = 'A cohort table holds at most 52 cohorts: shorten the date range or choose a coarser grain.';
const TITLE_TOO_LONG = 'The title must be at most 75 characters.';

interface CohortUi extends Ui {
  token: string;
  /** A saved cohort table made for this test. */
  savedId: string;
  /** Tables this test saved (deleted in teardown). */
  made: Set<string>;
}

const app = ANALYZE_APP.id;
const summary = { id: 'symbolic', title: 'Path cohorts', updated_at: '2025-06-16T10:00:00.000Z' };
const question = { grain: 'week' as const, periods: 8, split: null, where: [] };
const E = {
  daily: { type: 'SET_GRAIN', grain: 'day' },
  weekly: { type: 'SET_GRAIN', grain: 'week' },
  sixPeriods: { type: 'SET_PERIODS', periods: 6 },
  byPlatform: { type: 'SET_SPLIT', split: 'platform' },
  // 61 days: more than 52 daily cohorts. The act fills "Installed from" 61 days before the page's "to" (the data's
  // own dates); the model only needs the length.
  tooLong: { type: 'SET_RANGE', date_start: '2025-04-01', date_end: '2025-05-31' },
  onlyAndroid: {
    type: 'ADD_CONDITION',
    condition: {
      label: 'platform',
      column_name: 'platform',
      comparison: 'is_one_of',
      value: 'ANDROID',
      checked: true,
      data_type: 'STRING',
    },
  },
  removeFilter: { type: 'REMOVE_CONDITION', index: 0 },
  title: { type: 'SET_TITLE', title: 'Path cohorts' },
  longTitle: { type: 'SET_TITLE', title: 'x'.repeat(76) },
  save: { type: 'SAVE' },
  del: { type: 'DELETE' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
  ran: doneEvent('run', null),
  runCrashed: crashEvent('run'),
  opened: doneEvent('open', { ...summary, question }),
  openCrashed: crashEvent('open'),
  saved: doneEvent('save', summary),
  saveCrashed: crashEvent('save'),
  removed: doneEvent('remove', { success: true }),
  removeCrashed: crashEvent('remove'),
};

type Ev<K extends CohortBuilderEvent['type']> = Extract<CohortBuilderEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as CohortBuilderContext;
const isError = (event: EventObject) => event.type.startsWith('xstate.error.');
const call = (method: string, url: RegExp, name: string) =>
  outcome<CohortUi>(
    { method, url },
    (event) => (isError(event) ? answers.crash : answers.server),
    (event) => `${name} ${isError(event) ? '500' : '✓'}`,
  );
const runCall = call('POST', /\/api\/app\/[^/]+\/analyze\/cohorts\/run$/, 'run');
const openCall = call('GET', /\/api\/app\/[^/]+\/analyze\/cohorts\/(?!run$)[^/?]+$/, 'open');
const saveCall = call('POST', /\/api\/app\/[^/]+\/analyze\/cohorts$/, 'save');
const removeCall = call('DELETE', /\/api\/app\/[^/]+\/analyze\/cohorts\/[^/?]+$/, 'delete');
const DELETE_FAILED = 'We could not delete this cohort table. Please try again.';
const dialog = (ui: CohortUi) => ui.page.getByRole('dialog', { name: 'Delete cohort table' });

const api = (ui: CohortUi, method: 'POST' | 'DELETE', path: string, data?: unknown) =>
  ui.page.request.fetch(path, { method, headers: { authorization: `Bearer ${ui.token}` }, data });
const page = (ui: CohortUi) => ui.page;
const building = (ui: CohortUi) => page(ui).getByText('Building the cohort table…');
const saveButton = (ui: CohortUi) => page(ui).getByRole('button', { name: 'Save cohort table' });
const averageRows = (ui: CohortUi) => page(ui).getByRole('rowheader', { name: 'Weighted average' });
const openNew = async (ui: CohortUi) => {
  await page(ui).goto(appPath(app, 'analyze/cohorts'));
};
const openSaved = async (ui: CohortUi) => {
  await page(ui).goto(appPath(app, `analyze/cohorts/${ui.savedId}`));
};
const newInput = { appId: app, cohortId: null, canSave: true };
const savedInput = { appId: app, cohortId: 'saved', canSave: true };
const day = (iso: string, delta: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

async function alertSays(p: Page, words: string) {
  await expect(p.getByRole('alert')).toContainText(words);
}

export const cohortBuilderTable: FlowTable<CohortUi> = {
  flow: 'cohort-builder',
  machine: cohortBuilderMachine,
  serialize: (state) =>
    JSON.stringify([
      state.value,
      ctx(state).question.grain,
      ctx(state).question.split,
      ctx(state).question.where?.length ?? 0,
      ctx(state).cohortId !== null,
      ctx(state).saveError,
    ]),
  async setup(p) {
    const token = await signInOnce(p, DEMO_ACCOUNTS.editor);
    const ui: CohortUi = { page: p, token, savedId: '', made: new Set() };
    const res = await api(ui, 'POST', `/api/app/${app}/analyze/cohorts`, { title: 'Path saved cohorts', question });
    expect(res.status(), await res.text()).toBe(200);
    ui.savedId = ((await res.json()) as { cohort: { id: string } }).cohort.id;
    ui.made.add(ui.savedId);
    return ui;
  },
  async teardown(ui) {
    const match = /\/analyze\/cohorts\/([^/?#]+)/.exec(ui.page.url());
    if (match) ui.made.add(decodeURIComponent(match[1]!));
    for (const id of ui.made) {
      const res = await api(ui, 'DELETE', `/api/app/${app}/analyze/cohorts/${encodeURIComponent(id)}`);
      expect([200, 404], `deleting the cohort table ${id} this test made`).toContain(res.status());
    }
  },
  traversals: [
    {
      // A new table runs at once; a split runs it again; saved under a title, the address becomes the table's.
      name: 'new, split, save',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.ran, E.byPlatform, E.ran, E.title, E.save, E.saved],
    },
    {
      // A crashed run says so in our words; Retry runs it again.
      name: 'crash, retry',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.runCrashed, E.retry, E.ran],
    },
    {
      // Daily cohorts over 61 days: the 52-cohort words, nothing runs; weekly again runs.
      name: 'too many cohorts',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.ran, E.daily, E.ran, E.tooLong, E.weekly, E.ran],
    },
    {
      // A filter added and removed, fewer periods: each change runs again.
      name: 'filter, periods',
      kind: 'journey',
      input: newInput,
      open: openNew,
      events: [E.ran, E.onlyAndroid, E.ran, E.removeFilter, E.ran, E.sixPeriods, E.ran],
    },
    {
      // A saved table opens (after a failed open and Retry), runs, and is saved again; a failed save and a title
      // too long say so beside Save.
      name: 'saved table',
      kind: 'journey',
      input: savedInput,
      open: openSaved,
      events: [
        E.openCrashed,
        E.retry,
        E.opened,
        E.ran,
        E.save,
        E.saveCrashed,
        E.longTitle,
        E.save,
        E.title,
        E.save,
        E.saved,
      ],
    },
    {
      // Delete asks first: Cancel keeps the table; a failed delete says so in the dialog; done goes back to a new table.
      name: 'delete',
      kind: 'journey',
      input: savedInput,
      open: openSaved,
      events: [E.opened, E.ran, E.del, E.cancel, E.del, E.confirm, E.removeCrashed, E.confirm, E.removed],
    },
  ],
  events: {
    SET_GRAIN: {
      act: async (ui, event: Ev<'SET_GRAIN'>) => {
        await page(ui).getByLabel('Cohorts by').selectOption(event.grain);
      },
      label: (event: Ev<'SET_GRAIN'>) => `GRAIN ${event.grain}`,
    },
    SET_PERIODS: {
      act: async (ui, event: Ev<'SET_PERIODS'>) => {
        await page(ui)
          .getByLabel(/^(Days|Weeks|Months)$/)
          .selectOption(String(event.periods));
      },
      label: (event: Ev<'SET_PERIODS'>) => `PERIODS ${event.periods}`,
    },
    SET_SPLIT: {
      act: async (ui, event: Ev<'SET_SPLIT'>) => {
        await page(ui)
          .getByLabel('Split by')
          .selectOption(event.split ?? '');
      },
      label: (event: Ev<'SET_SPLIT'>) => `SPLIT ${event.split}`,
    },
    SET_RANGE: {
      act: async (ui) => {
        const end = await page(ui).getByLabel('to', { exact: true }).inputValue();
        await page(ui).getByLabel('Installed from').fill(day(end, -60));
      },
      label: () => 'RANGE 61 days',
    },
    ADD_CONDITION: {
      act: async (ui, event: Ev<'ADD_CONDITION'>) => {
        await page(ui).getByLabel('Filter column').selectOption(event.condition.label);
        await page(ui).getByLabel('Filter values, separated by commas').fill(String(event.condition.value));
        await page(ui).getByRole('button', { name: 'Add filter' }).click();
      },
      label: (event: Ev<'ADD_CONDITION'>) => `FILTER ${event.condition.label} ${String(event.condition.value)}`,
    },
    REMOVE_CONDITION: {
      act: (ui) =>
        page(ui)
          .getByRole('button', { name: /^Remove filter / })
          .first()
          .click(),
    },
    SET_TITLE: {
      act: (ui, event: Ev<'SET_TITLE'>) => page(ui).getByLabel('Title').fill(event.title),
      label: (event: Ev<'SET_TITLE'>) => `TITLE ${event.title.length > 20 ? 'too long' : event.title}`,
    },
    SAVE: { act: (ui) => saveButton(ui).click() },
    DELETE: { act: (ui) => page(ui).getByRole('button', { name: 'Delete cohort table' }).click() },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Delete', exact: true }).click() },
    CANCEL: { act: (ui) => dialog(ui).getByRole('button', { name: 'Cancel' }).click() },
    RETRY: { act: (ui) => page(ui).getByRole('button', { name: 'Retry' }).click() },
    'xstate.done.actor.run': runCall,
    'xstate.error.actor.run': runCall,
    'xstate.done.actor.open': openCall,
    'xstate.error.actor.open': openCall,
    'xstate.done.actor.save': saveCall,
    'xstate.error.actor.save': saveCall,
    'xstate.done.actor.remove': removeCall,
    'xstate.error.actor.remove': removeCall,
  },
  states: {
    'cohortBuilder.boot': TRANSIENT,
    'cohortBuilder.checking': TRANSIENT,
    'cohortBuilder.opening': async (ui) => {
      await expect(page(ui).getByText('Opening the cohort table…')).toBeVisible();
    },
    'cohortBuilder.openFailed': async (ui) => {
      await alertSays(page(ui), OPEN_FAILED);
      await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(averageRows(ui)).toHaveCount(0);
    },
    'cohortBuilder.invalid': async (ui, state) => {
      expect(ctx(state).error).toBe(TOO_MANY);
      await alertSays(page(ui), TOO_MANY);
      await expect(building(ui)).toHaveCount(0);
    },
    'cohortBuilder.running': async (ui) => {
      await expect(building(ui)).toBeVisible();
    },
    'cohortBuilder.runFailed': async (ui) => {
      await alertSays(page(ui), RUN_FAILED);
      await expect(page(ui).getByRole('button', { name: 'Retry' })).toBeVisible();
    },
    'cohortBuilder.ready': async (ui, state, via) => {
      await expect(building(ui)).toHaveCount(0);
      await expect(averageRows(ui).first()).toBeVisible();
      await expect(dialog(ui)).toHaveCount(0);
      const { question: q, saveError, cohortId } = ctx(state);
      if (q.split)
        await expect(
          page(ui)
            .getByRole('heading', { name: /^Platform: / })
            .first(),
        ).toBeVisible();
      else await expect(averageRows(ui)).toHaveCount(1);
      await expect(page(ui).getByLabel('Cohorts by')).toHaveValue(q.grain);
      if (saveError) await expect(page(ui).getByText(saveError, { exact: true })).toBeVisible();
      if (saveError === TITLE_TOO_LONG)
        await expect(page(ui).getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      if (via.type === 'xstate.done.actor.save') {
        await expect(page(ui)).toHaveURL(/\/analyze\/cohorts\/[^/]+$/);
        await expect(page(ui).getByText('Cohort table saved.')).toBeVisible();
        if (cohortId)
          await expect(page(ui).getByRole('navigation', { name: 'Saved cohort tables' })).toContainText('Path cohorts');
      }
    },
    'cohortBuilder.confirmingDelete': async (ui, state) => {
      await expect(dialog(ui)).toBeVisible();
      await expect(dialog(ui)).toContainText('Are you sure you want to delete the cohort table');
      if (ctx(state).saveError) await expect(dialog(ui).getByRole('alert')).toHaveText(DELETE_FAILED);
    },
    'cohortBuilder.deleting': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'cohortBuilder.deleted': async (ui) => {
      await expect(page(ui)).toHaveURL(/\/analyze\/cohorts$/);
      await expect(page(ui).getByText('Cohort table deleted.')).toBeVisible();
    },
    'cohortBuilder.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
