/**
 * The cohort-builder flow's table (src/machines/cohort-builder/cohort-builder.machine.ts, the page
 * src/views/analyze/CohortsPage.tsx): each event → what an editor does on /analyze/cohorts, each state → what the page
 * shows. The real server answers the runs, opens and saves on the demo app with Analyze data; a crash is answered
 * through a Playwright route (500). A saved table for the "saved" journeys is made through the API in setup, and
 * every table a test saved is deleted in teardown.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  cohortBuilderMachine,
  type CohortBuilderContext,
  type CohortBuilderEvent,
} from '../../../src/machines/cohort-builder/cohort-builder.machine';
import type { FlowTable } from './driver';
import { alertSays, app, lifecycleEvents, savedQuestionKit, type SavedQuestionUi } from './saved-question';

// Ours and the server's words, verbatim.
const RUN_FAILED = 'We could not build the cohort table. Please try again.';
const OPEN_FAILED = 'We could not open this cohort table. Please try again.';
const TOO_MANY = 'A cohort table holds at most 52 cohorts: shorten the date range or choose a coarser grain.';
const DELETE_FAILED = 'We could not delete this cohort table. Please try again.';

type CohortUi = SavedQuestionUi;
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
  ...lifecycleEvents(summary, question),
};

type Ev<K extends CohortBuilderEvent['type']> = Extract<CohortBuilderEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as CohortBuilderContext;
const kit = savedQuestionKit({
  path: 'cohorts',
  key: 'cohort',
  noun: 'cohort table',
  notAnId: 'run',
  seed: { title: 'Path saved cohorts', question },
});
const { page, dialog, building, openNew } = kit;
const averageRows = (ui: CohortUi) => page(ui).getByRole('rowheader', { name: 'Weighted average' });
const newInput = { appId: app, cohortId: null, canSave: true };
const savedInput = { appId: app, cohortId: 'saved', canSave: true };
const day = (iso: string, delta: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

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
  setup: kit.setup,
  teardown: kit.teardown,
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
    // The saved one's journeys (tests/e2e/model-paths/saved-question.ts).
    ...kit.savedJourneys('saved table', savedInput, E),
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
    ...kit.events,
  },
  states: {
    ...kit.states('cohortBuilder', { OPEN_FAILED, RUN_FAILED, DELETE_FAILED }, averageRows),
    'cohortBuilder.invalid': async (ui, state) => {
      expect(ctx(state).error).toBe(TOO_MANY);
      await alertSays(page(ui), TOO_MANY);
      await expect(building(ui)).toHaveCount(0);
    },
    'cohortBuilder.ready': async (ui, state, via) => {
      await expect(building(ui)).toHaveCount(0);
      await expect(averageRows(ui).first()).toBeVisible();
      await expect(dialog(ui)).toHaveCount(0);
      const { question: q } = ctx(state);
      if (q.split)
        await expect(
          page(ui)
            .getByRole('heading', { name: /^Platform: / })
            .first(),
        ).toBeVisible();
      else await expect(averageRows(ui)).toHaveCount(1);
      await expect(page(ui).getByLabel('Cohorts by')).toHaveValue(q.grain);
      await kit.readySaved(ui, state, via, 'cohortId', 'Path cohorts');
    },
  },
  timeout: 90_000,
};
