/**
 * Paths of the cohort-builder machine (src/machines/cohort-builder/cohort-builder.machine.ts): every state reachable
 * from a new and from a saved cohort table; a new table runs at once and again on every change (a run in flight is
 * dropped for the new one); a question with too many cohorts never runs and says why in the server's words; run and
 * open failures → retry; saving (a first save moves to the table's URL), a title too long, a viewer's save.
 */
import { describe, expect, it } from 'vitest';
import {
  cohortBuilderMachine,
  DELETE_FAILED,
  OPEN_FAILED,
  RUN_FAILED,
  SAVE_FAILED,
  SAVED,
} from '../../src/machines/cohort-builder/cohort-builder.machine';
import type { CohortResult, CohortSummary, SavedCohort } from '../../src/contracts/cohorts';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  live,
  pathOf,
  pendingForever,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';
import { savedQuestionCases } from './saved-question.cases';

const newInput = { appId: 'dragon-merge-android', cohortId: null, canSave: true };
const savedInput = { appId: 'dragon-merge-android', cohortId: 'c-1', canSave: true };

const result: CohortResult = {
  grain: 'week',
  periods: 2,
  period_days: 7,
  date_start: '2025-06-02',
  date_end: '2025-06-15',
  data_end: '2025-06-15',
  split: null,
  groups: [
    {
      split_value: null,
      other: false,
      cohorts: [
        { cohort: '2025-06-02', size: 10, active: [10, null], share: [1, null] },
        { cohort: '2025-06-09', size: 5, active: [null, null], share: [null, null] },
      ],
      average: { size: 15, share: [1, null] },
    },
  ],
  compiled: { dialect: 'duckdb', sql: 'SELECT 1', params: {} },
};
const saved: SavedCohort = {
  id: 'c-1',
  title: 'Weekly by platform',
  updated_at: '2025-06-16T10:00:00.000Z',
  question: { grain: 'week', periods: 8, split: 'platform' },
};
const summary: CohortSummary = { id: 'c-2', title: 'New Cohort Table', updated_at: '2025-06-16T10:00:00.000Z' };

const model = defineModel(cohortBuilderMachine, {
  SET_GRAIN: [
    { type: 'SET_GRAIN', grain: 'month' },
    { type: 'SET_GRAIN', grain: 'day' },
  ],
  SET_PERIODS: { type: 'SET_PERIODS', periods: 6 },
  SET_SPLIT: { type: 'SET_SPLIT', split: 'country' },
  SET_RANGE: [
    { type: 'SET_RANGE', date_start: '2025-03-03', date_end: '2025-06-15' },
    { type: 'SET_RANGE', date_start: '2025-06-02', date_end: '2025-06-15' },
  ],
  ADD_CONDITION: {
    type: 'ADD_CONDITION',
    condition: { label: 'platform', comparison: 'is_one_of', value: 'IOS', checked: true, data_type: 'STRING' },
  },
  REMOVE_CONDITION: { type: 'REMOVE_CONDITION', index: 0 },
  SET_TITLE: [
    { type: 'SET_TITLE', title: 'Weekly retention' },
    { type: 'SET_TITLE', title: 'x'.repeat(76) },
  ],
  SAVE: { type: 'SAVE' },
  DELETE: { type: 'DELETE' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.open': done('open', saved),
  'xstate.error.actor.open': [
    failed('open', apiError(404, 'Cohort table not found.', 'not_found')),
    failed('open', serverCrash()),
  ],
  'xstate.done.actor.run': done('run', result),
  'xstate.error.actor.run': [
    failed(
      'run',
      apiError(
        409,
        'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.',
        'analyze_not_enabled',
      ),
    ),
    failed('run', serverCrash()),
  ],
  'xstate.done.actor.save': done('save', summary),
  'xstate.error.actor.save': failed('save', serverCrash()),
  'xstate.done.actor.remove': done('remove', { success: true }),
  'xstate.error.actor.remove': failed('remove', serverCrash()),
});
const ev = {
  month: fixture(model, 'SET_GRAIN', 0),
  day: fixture(model, 'SET_GRAIN', 1),
  periods: fixture(model, 'SET_PERIODS'),
  split: fixture(model, 'SET_SPLIT'),
  tooLong: fixture(model, 'SET_RANGE', 0),
  twoWeeks: fixture(model, 'SET_RANGE', 1),
  addFilter: fixture(model, 'ADD_CONDITION'),
  removeFilter: fixture(model, 'REMOVE_CONDITION'),
  title: fixture(model, 'SET_TITLE', 0),
  longTitle: fixture(model, 'SET_TITLE', 1),
  save: fixture(model, 'SAVE'),
  retry: fixture(model, 'RETRY'),
  opened: fixture(model, 'xstate.done.actor.open'),
  openMissing: fixture(model, 'xstate.error.actor.open', 0),
  openCrash: fixture(model, 'xstate.error.actor.open', 1),
  answered: fixture(model, 'xstate.done.actor.run'),
  notEnabled: fixture(model, 'xstate.error.actor.run', 0),
  runCrash: fixture(model, 'xstate.error.actor.run', 1),
  savedOk: fixture(model, 'xstate.done.actor.save'),
  saveCrash: fixture(model, 'xstate.error.actor.save'),
  del: fixture(model, 'DELETE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  removed: fixture(model, 'xstate.done.actor.remove'),
  removeCrash: fixture(model, 'xstate.error.actor.remove'),
};
const pending = cohortBuilderMachine.provide({
  actors: { open: pendingForever(), run: pendingForever(), save: pendingForever(), remove: pendingForever() },
});

describe('cohort-builder machine paths', () => {
  it('reaches every state node (a new table and a saved one)', () => {
    // The question's changes make endless contexts (filters pile up): a node per state and grain is enough here.
    const serializeState = (s: { value: unknown; context: Record<string, unknown> }) =>
      JSON.stringify([s.value, (s.context.question as { grain: string }).grain]);
    const paths = [
      ...shortestPaths(cohortBuilderMachine, model.events, { input: newInput, serializeState }),
      ...shortestPaths(cohortBuilderMachine, model.events, { input: savedInput, serializeState }),
    ];
    const transient = ['cohortBuilder.boot', 'cohortBuilder.checking'];
    expect(unreachedStateNodeIds(cohortBuilderMachine, paths, transient)).toEqual([]);
  });

  it('a new table runs at once with the default question (12 weeks), then shows the triangle', () => {
    const path = pathOf(cohortBuilderMachine, [], newInput);
    expect(path.state.matches('running')).toBe(true);
    expect(path.state.context.question).toEqual({ grain: 'week', periods: 12, split: null, where: [] });
    const answered = pathOf(cohortBuilderMachine, [ev.answered], newInput);
    expect(answered.state.matches('ready')).toBe(true);
    expect(answered.state.context.result).toEqual(result);
  });

  it('every change runs again; another grain brings its own periods and the most recent cohorts', () => {
    const { send } = live(pending, { input: newInput });
    send(ev.answered);
    expect(send(ev.twoWeeks).matches('running')).toBe(true);
    send(ev.answered);
    const monthly = send(ev.month);
    expect(monthly.context.question).toMatchObject({ grain: 'month', periods: 6, date_range: undefined });
    // a change while a run is in flight: that run is dropped, the new question runs
    const end = send(ev.split, ev.addFilter, ev.periods);
    expect(end.matches('running')).toBe(true);
    expect(end.context.question).toMatchObject({
      grain: 'month',
      periods: 6,
      split: 'country',
      where: [{ label: 'platform', value: 'IOS' }],
    });
    expect(send(ev.removeFilter).context.question.where).toEqual([]);
  });

  it('more than 52 cohorts never runs: the words are shown until the question changes', () => {
    const path = pathOf(cohortBuilderMachine, [ev.answered, ev.day, ev.answered, ev.tooLong], newInput);
    expect(path.state.matches('invalid')).toBe(true);
    expect(path.state.context.error).toBe(
      'A cohort table holds at most 52 cohorts: shorten the date range or choose a coarser grain.',
    );
    expect(path.state.can(ev.save)).toBe(false);
    const fixed = pathOf(cohortBuilderMachine, [ev.answered, ev.day, ev.answered, ev.tooLong, ev.twoWeeks], newInput);
    expect(fixed.state.matches('running')).toBe(true);
    expect(fixed.state.context.error).toBeNull();
  });

  it.each([
    [
      'Analyze not enabled: the server words',
      ev.notEnabled,
      'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.',
    ],
    ['a crash: ours', ev.runCrash, RUN_FAILED],
  ])('a failed run (%s) → runFailed → retry → ready', (_, failure, words) => {
    const path = pathOf(cohortBuilderMachine, [failure], newInput);
    expect(path.state.matches('runFailed')).toBe(true);
    expect(path.state.context.error).toBe(words);
    const retried = pathOf(cohortBuilderMachine, [failure, ev.retry, ev.answered], newInput);
    expect(retried.state.matches('ready')).toBe(true);
    expect(retried.state.context.error).toBeNull();
  });

  savedQuestionCases({
    machine: cohortBuilderMachine,
    pending,
    idKey: 'cohortId',
    newInput,
    savedInput,
    whole: [ev.answered],
    saved,
    newId: 'c-2',
    words: { OPEN_FAILED, SAVE_FAILED, DELETE_FAILED, NOT_FOUND: 'Cohort table not found.' },
    notices: { saved: SAVED, deleted: 'Cohort table deleted.' },
    ev,
  });

  it('our notices, verbatim', () => {
    expect(SAVED).toBe('Cohort table saved.');
  });
});
