/**
 * Paths of the funnel-builder machine (src/machines/funnel-builder/funnel-builder.machine.ts): every state reachable
 * from a new and from a saved funnel; a new funnel waits for its steps (the words say which), then runs and runs again
 * on every change (a run in flight is dropped); the bounds (2–10 steps, window ≤ 90 days); run and open failures →
 * retry; a step's drop-off (count kept, the CSV downloaded; a failure in words); saving, a title too long, a viewer's
 * save; deleting.
 */
import { describe, expect, it } from 'vitest';
import {
  DELETE_FAILED,
  DROPOFF_FAILED,
  OPEN_FAILED,
  RUN_FAILED,
  SAVE_FAILED,
  funnelBuilderMachine,
} from '../../src/machines/funnel-builder/funnel-builder.machine';
import type { FunnelDropoff, FunnelResult, FunnelSummary, SavedFunnel } from '../../src/contracts/funnels';
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

const newInput = { appId: 'dragon-merge-android', funnelId: null, canSave: true };
const savedInput = { appId: 'dragon-merge-android', funnelId: 'f-1', canSave: true };

const steps = (names: string[]) => names.map((event_name) => ({ event_name }));
const result: FunnelResult = {
  order: 'strict',
  window_minutes: 1440,
  date_start: '2025-06-01',
  date_end: '2025-06-30',
  total: {
    split_value: null,
    other: false,
    steps: [
      { event_name: 'first_open', players: 10, from_first: 1, from_previous: null, dropped: 0, median_seconds: null },
      { event_name: 'level_start', players: 4, from_first: 0.4, from_previous: 0.4, dropped: 6, median_seconds: 30 },
    ],
  },
  split: null,
  groups: [],
  compiled: { dialect: 'duckdb', sql: 'SELECT 1', params: {} },
};
const saved: SavedFunnel = {
  id: 'f-1',
  title: 'Tutorial to levels',
  updated_at: '2025-06-16T10:00:00.000Z',
  question: { steps: steps(['tutorial_begin', 'level_start']), window: { value: 2, unit: 'hour' }, order: 'any' },
};
const summary: FunnelSummary = { id: 'f-2', title: 'New Funnel', updated_at: '2025-06-16T10:00:00.000Z' };
const dropped: FunnelDropoff = { count: 6, user_ids: ['a', 'b', 'c', 'd', 'e', 'f'], truncated: false };

const model = defineModel(funnelBuilderMachine, {
  SET_STEP: [
    { type: 'SET_STEP', index: 0, event_name: 'first_open' },
    { type: 'SET_STEP', index: 1, event_name: 'level_start' },
  ],
  ADD_STEP: { type: 'ADD_STEP' },
  REMOVE_STEP: { type: 'REMOVE_STEP', index: 0 },
  MOVE_STEP: { type: 'MOVE_STEP', index: 0, by: 1 },
  ADD_STEP_CONDITION: {
    type: 'ADD_STEP_CONDITION',
    index: 1,
    condition: { label: 'success', comparison: 'is_true', checked: true, data_type: 'BOOL' },
  },
  REMOVE_STEP_CONDITION: { type: 'REMOVE_STEP_CONDITION', index: 1, condition: 0 },
  SET_WINDOW: [
    { type: 'SET_WINDOW', value: 7, unit: 'day' },
    { type: 'SET_WINDOW', value: 91, unit: 'day' },
  ],
  SET_ORDER: { type: 'SET_ORDER', order: 'any' },
  SET_SPLIT: { type: 'SET_SPLIT', split: 'country' },
  SET_RANGE: { type: 'SET_RANGE', date_start: '2025-06-01', date_end: '2025-06-15' },
  DROPOFF: { type: 'DROPOFF', target: { step: 2, split_value: null, other: false } },
  SET_TITLE: [
    { type: 'SET_TITLE', title: 'Levels' },
    { type: 'SET_TITLE', title: 'x'.repeat(76) },
  ],
  SAVE: { type: 'SAVE' },
  DELETE: { type: 'DELETE' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.open': done('open', saved),
  'xstate.error.actor.open': [
    failed('open', apiError(404, 'Funnel not found.', 'not_found')),
    failed('open', serverCrash()),
  ],
  'xstate.done.actor.run': done('run', result),
  'xstate.error.actor.run': [
    failed('run', apiError(422, 'This funnel spans too many events; shorten the date range.', 'funnel_too_large')),
    failed('run', serverCrash()),
  ],
  'xstate.done.actor.dropoff': done('dropoff', dropped),
  'xstate.error.actor.dropoff': failed('dropoff', serverCrash()),
  'xstate.done.actor.save': done('save', summary),
  'xstate.error.actor.save': failed('save', serverCrash()),
  'xstate.done.actor.remove': done('remove', { success: true }),
  'xstate.error.actor.remove': failed('remove', serverCrash()),
});
const ev = {
  step1: fixture(model, 'SET_STEP', 0),
  step2: fixture(model, 'SET_STEP', 1),
  addStep: fixture(model, 'ADD_STEP'),
  removeStep: fixture(model, 'REMOVE_STEP'),
  moveStep: fixture(model, 'MOVE_STEP'),
  addCondition: fixture(model, 'ADD_STEP_CONDITION'),
  removeCondition: fixture(model, 'REMOVE_STEP_CONDITION'),
  week: fixture(model, 'SET_WINDOW', 0),
  tooLong: fixture(model, 'SET_WINDOW', 1),
  anyOrder: fixture(model, 'SET_ORDER'),
  split: fixture(model, 'SET_SPLIT'),
  range: fixture(model, 'SET_RANGE'),
  dropoff: fixture(model, 'DROPOFF'),
  title: fixture(model, 'SET_TITLE', 0),
  longTitle: fixture(model, 'SET_TITLE', 1),
  save: fixture(model, 'SAVE'),
  del: fixture(model, 'DELETE'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  retry: fixture(model, 'RETRY'),
  opened: fixture(model, 'xstate.done.actor.open'),
  openMissing: fixture(model, 'xstate.error.actor.open', 0),
  openCrash: fixture(model, 'xstate.error.actor.open', 1),
  answered: fixture(model, 'xstate.done.actor.run'),
  tooBig: fixture(model, 'xstate.error.actor.run', 0),
  runCrash: fixture(model, 'xstate.error.actor.run', 1),
  droppedOk: fixture(model, 'xstate.done.actor.dropoff'),
  dropoffCrash: fixture(model, 'xstate.error.actor.dropoff'),
  savedOk: fixture(model, 'xstate.done.actor.save'),
  saveCrash: fixture(model, 'xstate.error.actor.save'),
  removed: fixture(model, 'xstate.done.actor.remove'),
  removeCrash: fixture(model, 'xstate.error.actor.remove'),
};
const pending = funnelBuilderMachine.provide({
  actors: {
    open: pendingForever(),
    run: pendingForever(),
    dropoff: pendingForever(),
    save: pendingForever(),
    remove: pendingForever(),
  },
});
/** A new funnel with both steps chosen, answered. */
const whole = [ev.step1, ev.step2, ev.answered];

describe('funnel-builder machine paths', () => {
  it('reaches every state node (a new funnel and a saved one)', () => {
    // Changes make endless contexts: a node per state and number of steps is enough here.
    const serializeState = (s: { value: unknown; context: Record<string, unknown> }) =>
      JSON.stringify([
        s.value,
        (s.context.question as { steps: { event_name: string }[] }).steps.map((x) => x.event_name !== ''),
      ]);
    const paths = [
      ...shortestPaths(funnelBuilderMachine, model.events, { input: newInput, serializeState }),
      ...shortestPaths(funnelBuilderMachine, model.events, { input: savedInput, serializeState }),
    ];
    const transient = ['funnelBuilder.boot', 'funnelBuilder.checking'];
    expect(unreachedStateNodeIds(funnelBuilderMachine, paths, transient)).toEqual([]);
  });

  it('a new funnel waits for its steps, saying which, then runs and shows the steps', () => {
    const start = pathOf(funnelBuilderMachine, [], newInput);
    expect(start.state.matches('invalid')).toBe(true);
    expect(start.state.context.error).toBe('Choose an event for step 1.');
    expect(pathOf(funnelBuilderMachine, [ev.step1], newInput).state.context.error).toBe('Choose an event for step 2.');
    const running = pathOf(funnelBuilderMachine, [ev.step1, ev.step2], newInput);
    expect(running.state.matches('running')).toBe(true);
    expect(running.state.context.question).toEqual({
      steps: steps(['first_open', 'level_start']),
      window: { value: 1, unit: 'day' },
      order: 'strict',
      split: null,
    });
    const answered = pathOf(funnelBuilderMachine, whole, newInput);
    expect(answered.state.matches('ready')).toBe(true);
    expect(answered.state.context.result).toEqual(result);
  });

  it('every change runs again; steps stay between 2 and 10; a window over 90 days never runs', () => {
    const { send } = live(pending, { input: newInput });
    send(ev.step1, ev.step2, ev.answered);
    expect(send(ev.week).matches('running')).toBe(true);
    // a change while a run is in flight: that run is dropped, the new question runs
    const end = send(ev.anyOrder, ev.split, ev.range, ev.addCondition);
    expect(end.matches('running')).toBe(true);
    expect(end.context.question).toMatchObject({
      order: 'any',
      split: 'country',
      window: { value: 7, unit: 'day' },
      date_range: { date_start: '2025-06-01', date_end: '2025-06-15' },
      steps: [{ event_name: 'first_open' }, { event_name: 'level_start', where: [{ label: 'success' }] }],
    });
    expect(send(ev.removeCondition).context.question.steps[1]!.where).toEqual([]);
    expect(send(ev.moveStep).context.question.steps.map((s) => s.event_name)).toEqual(['level_start', 'first_open']);
    expect(send(ev.removeStep).context.question.steps).toHaveLength(2); // never below 2
    const tooLong = send(ev.tooLong);
    expect(tooLong.matches('invalid')).toBe(true);
    expect(tooLong.context.error).toBe('The conversion window must be between 1 minute and 90 days.');
    expect(send(ev.week).matches('running')).toBe(true);
    for (let i = 0; i < 12; i++) send(ev.addStep);
    const many = send(ev.step1);
    expect(many.context.question.steps).toHaveLength(10); // never above 10
    expect(many.matches('invalid')).toBe(true);
    expect(many.context.error).toBe('Choose an event for step 3.');
  });

  it.each([
    ['a funnel too large: the server words', ev.tooBig, 'This funnel spans too many events; shorten the date range.'],
    ['a crash: ours', ev.runCrash, RUN_FAILED],
  ])('a failed run (%s) → runFailed → retry → ready', (_, failure, words) => {
    const path = pathOf(funnelBuilderMachine, [ev.step1, ev.step2, failure], newInput);
    expect(path.state.matches('runFailed')).toBe(true);
    expect(path.state.context.error).toBe(words);
    const retried = pathOf(funnelBuilderMachine, [ev.step1, ev.step2, failure, ev.retry, ev.answered], newInput);
    expect(retried.state.matches('ready')).toBe(true);
    expect(retried.state.context.error).toBeNull();
  });

  it('a step’s drop-off keeps the count and downloads the ids; a failure says so; a change clears it', () => {
    const { send, spies } = live(pending, { input: newInput, spies: ['download'] });
    send(...whole);
    expect(send(ev.dropoff).matches('loadingDropoff')).toBe(true);
    const after = send(ev.droppedOk);
    expect(after.matches('ready')).toBe(true);
    expect(after.context.dropoff).toEqual(dropped);
    expect(spies.download).toHaveBeenCalledWith({ ids: dropped.user_ids, step: 2 });
    expect(send(ev.week).context.dropoff).toBeNull();
    const crash = pathOf(funnelBuilderMachine, [...whole, ev.dropoff, ev.dropoffCrash], newInput);
    expect(crash.state.matches('ready')).toBe(true);
    expect(crash.state.context.dropoffError).toBe(DROPOFF_FAILED);
  });

  savedQuestionCases({
    machine: funnelBuilderMachine,
    pending,
    idKey: 'funnelId',
    newInput,
    savedInput,
    whole,
    saved,
    newId: 'f-2',
    words: { OPEN_FAILED, SAVE_FAILED, DELETE_FAILED, NOT_FOUND: 'Funnel not found.' },
    notices: { saved: 'Funnel saved.', deleted: 'Funnel deleted.' },
    ev,
  });

  it('a viewer reads the drop-off too', () => {
    expect(pathOf(funnelBuilderMachine, whole, { ...newInput, canSave: false }).state.can(ev.dropoff)).toBe(true);
  });
});
