/**
 * Model-based path tests of the report-builder machine (ARCHITECTURE "Testing tiers"; SPEC §4 report lifecycle,
 * §5 limit/conditions, §8 report messages).
 *
 * xstate/graph traverses the machine's pure transition function with a fixed set of events whose payloads are
 * fixtures built through the io-ts codecs — the user's events and the `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` answers of every invoked actor. The traversal shows every state is reachable; the
 * journeys are found as shortest paths and then replayed on a live actor (actors that never settle, spied actions)
 * to check the side effects: snackbars, the URL move after the first save, the delete navigation.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  DELETE_FAILED,
  REPORT_CREATED,
  REPORT_DELETED,
  RUN_FAILED,
  reportBuilderMachine,
  type OpenOutput,
  type ReportBuilderEvent,
  type ReportBuilderInput,
  type RunOutput,
} from '../../src/machines/report-builder/report-builder.machine';
import { selectDirty, selectPhase, selectRun, selectSettings } from '../../src/machines/report-builder/report-builder.selectors';
import { ApiError } from '../../src/services/http';
import {
  dailyMetricsConfig,
  deleted,
  eventsConfig,
  notDeleted,
  renamed,
  resultRows,
  runNotSaved,
  runSucceeded,
  savedTemplate,
} from '../fixtures/analyze';

type Snapshot = SnapshotFrom<typeof reportBuilderMachine>;
type AnyEvent = ReportBuilderEvent | { type: `xstate.${'done' | 'error'}.actor.${string}`; output?: unknown; error?: unknown };

const LIMIT_MESSAGE = 'Value must be between 1 and 10,000';
const VALUE_REQUIRED = 'A valid value is required.';

// ---------------------------------------------------------------------------------------------------------------
// Event fixtures

const done = (id: string, output: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): AnyEvent => ({ type: `xstate.error.actor.${id}`, error });
const serverDown = new ApiError(503, 'The analytics engine is not available.');

const ranSql = { sql: 'SELECT 1 WHERE country = $p1', params: { p1: 'US' }, dialect: 'duckdb' };
const runOk: RunOutput = { saved: { ...runSucceeded, compiled: ranSql }, rows: resultRows };
const runFalse: RunOutput = { saved: runNotSaved, rows: null };
const opened: OpenOutput = { template: savedTemplate.template, rows: savedTemplate.report.report, config: dailyMetricsConfig, compiled: null, resolved: null };

const E = {
  configLoaded: done('loadConfig', dailyMetricsConfig),
  configFailed: failed('loadConfig', serverDown),
  reportLoaded: done('loadReport', opened),
  reportFailed: failed('loadReport', serverDown),
  retry: { type: 'RETRY' },
  groupByDate: { type: 'SET_GROUP_BY', column_name: 'date' },
  badLimit: { type: 'SET_LIMIT', value: '0' },
  goodLimit: { type: 'SET_LIMIT', value: '1000' },
  addIntCondition: { type: 'ADD_CONDITION', column_name: 'days_since_install' },
  fillCondition: { type: 'SET_CONDITION_VALUE', key: 'c1', value: '3' },
  run: { type: 'RUN' },
  runDone: done('runReport', runOk),
  runNotSaved: done('runReport', runFalse),
  runThrown: failed('runReport', serverDown),
  rename: { type: 'SET_TITLE', title: 'Retention by day' },
  renameDone: done('renameReport', renamed),
  renameRefused: done('renameReport', runNotSaved),
  renameThrown: failed('renameReport', serverDown),
  delete: { type: 'DELETE' },
  cancelDelete: { type: 'CANCEL_DELETE' },
  confirmDelete: { type: 'CONFIRM_DELETE' },
  deleteDone: done('deleteReport', deleted),
  deleteRefused: done('deleteReport', notDeleted),
  deleteThrown: failed('deleteReport', serverDown),
  switchModel: { type: 'SET_MODEL', modelId: 'events' },
  modelLoaded: done('loadModelConfig', eventsConfig),
  modelFailed: failed('loadModelConfig', serverDown),
  toggleSettings: { type: 'TOGGLE_SETTINGS' },
  setDates: { type: 'SET_DATE_RANGE', date_start: '2025-05-01' },
  addMetric: { type: 'ADD_METRIC', column_name: 'dau' },
  removeMetric: { type: 'REMOVE_METRIC', column_name: 'new_users_per' },
  moveMetric: { type: 'MOVE_METRIC', from: 0, to: 1 },
  addSort: { type: 'ADD_SORT', column_name: 'new_users' },
  removeSort: { type: 'REMOVE_SORT', column_name: 'new_users' },
  moveSort: { type: 'MOVE_SORT', from: 0, to: 1 },
  toggleSort: { type: 'TOGGLE_SORT_ORDER', column_name: 'date' },
  changeComparison: { type: 'SET_CONDITION_COMPARISON', key: 'c1', comparison: 'greater_than' },
  uncheckCondition: { type: 'SET_CONDITION_CHECKED', key: 'c1', checked: false },
  removeCondition: { type: 'REMOVE_CONDITION', key: 'c1' },
} satisfies Record<string, AnyEvent>;

const ALL_EVENTS = Object.values(E) as readonly AnyEvent[];

// ---------------------------------------------------------------------------------------------------------------
// Traversal: a finite abstraction of the context (what the machine's guards look at)

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.reportId !== null,
    s.context.rows !== null,
    s.context.config.modelId,
    s.context.config.groupBy?.column_name ?? null,
    s.context.config.limit,
    Math.min(s.context.config.conditions.length, 1),
    s.context.config.conditions.some((c) => c.error),
    s.context.title,
  ]);

const newInput: ReportBuilderInput = { appId: 'dragon-merge-android' };
const savedInput: ReportBuilderInput = { appId: 'dragon-merge-android', reportId: 'rep-9' };

// The graph needs the machine's event type; the done/error events are part of the machine's accepted events at run time.
const asMachineEvents = (events: readonly AnyEvent[]) => events as unknown as ReportBuilderEvent[];

function explore(input: ReportBuilderInput) {
  return getShortestPaths(reportBuilderMachine, {
    input,
    events: asMachineEvents(ALL_EVENTS),
    serializeState,
  });
}

/** The shortest path whose end state `toState` accepts, its events without the leading xstate.init. */
function journey(input: ReportBuilderInput, toState: (s: Snapshot) => boolean, events: readonly AnyEvent[] = ALL_EVENTS) {
  const paths = getShortestPaths(reportBuilderMachine, { input, events: asMachineEvents(events), serializeState, toState });
  expect(paths.length, 'a path reaches the state').toBeGreaterThan(0);
  const best = paths.reduce((a, b) => (b.weight < a.weight ? b : a));
  return best.steps.map((step) => step.event as EventObject).filter((e) => e.type !== 'xstate.init');
}

// ---------------------------------------------------------------------------------------------------------------
// Live replay with spied actions

function live(input: ReportBuilderInput) {
  const spies = {
    notify: vi.fn(),
    reportSaved: vi.fn(),
    reportDeleted: vi.fn(),
    storeShowSettings: vi.fn(),
    logError: vi.fn(),
  };
  const never = <O, I>() => fromPromise<O, I>(() => new Promise<O>(() => {}));
  const machine = reportBuilderMachine.provide({
    actors: { loadConfig: never(), loadReport: never(), runReport: never(), saveTitle: never(), deleteReport: never() },
    actions: {
      notify: (_, p) => spies.notify(p),
      reportSaved: (_, p) => spies.reportSaved(p),
      reportDeleted: (_, p) => spies.reportDeleted(p),
      storeShowSettings: () => spies.storeShowSettings(),
      logError: (_, p) => spies.logError(p),
    },
  });
  const actor = createActor(machine, { input }).start();
  const send = (...events: readonly (AnyEvent | EventObject)[]) => {
    for (const event of events) {
      const before = actor.getSnapshot();
      expect(before.can(event as ReportBuilderEvent), `${event.type} is handled in ${JSON.stringify(before.value)}`).toBe(true);
      actor.send(event as ReportBuilderEvent);
    }
    return actor.getSnapshot();
  };
  return { actor, spies, send, notices: () => spies.notify.mock.calls.map(([p]) => p.message) };
}

const transient = new Set(['reportBuilder.boot', 'reportBuilder.settle']);
const allStateIds = () => {
  const ids: string[] = [];
  const walk = (node: (typeof reportBuilderMachine)['root']) => {
    for (const child of Object.values(node.states)) {
      ids.push(child.id);
      walk(child);
    }
  };
  walk(reportBuilderMachine.root);
  return ids.filter((id) => !transient.has(id));
};

// ---------------------------------------------------------------------------------------------------------------

/** Every event type some state of the machine handles (its own events and the done/error events of its invokes). */
function handledEventTypes(): Set<string> {
  const types = new Set<string>();
  const walk = (node: (typeof reportBuilderMachine)['root']) => {
    for (const type of node.ownEvents) if (type && !type.startsWith('xstate.done.state')) types.add(type);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(reportBuilderMachine.root);
  return types;
}

describe('report builder: every state is reachable', () => {
  it('every event the machine handles has a payload fixture', () => {
    const fixtures = new Set<string>(ALL_EVENTS.map((e) => e.type));
    const missing = [...handledEventTypes()].filter((type) => !fixtures.has(type));
    expect(missing).toEqual([]);
  });

  it('every edit event of the settings panel is accepted while editing and keeps the builder in ready', () => {
    const { send } = live(newInput);
    send(E.configLoaded, E.groupByDate, E.addIntCondition);
    for (const event of [E.setDates, E.addMetric, E.moveMetric, E.removeMetric, E.addSort, E.moveSort, E.toggleSort, E.removeSort, E.changeComparison, E.uncheckCondition, E.removeCondition]) {
      const s = send(event);
      expect(s.matches({ ready: 'editing' }), event.type).toBe(true);
    }
    const s = send(E.run);
    expect(s.matches('running')).toBe(true);
    expect(s.context.config.metrics.map((m) => m.column_name)).toEqual(['new_users', 'retention_d1', 'dau']);
    expect(s.context.config.dateRange).toEqual({ date_start: '2025-05-01', date_end: '2025-05-31' });
  });

  it('from a new report and from a saved one, the traversal reaches every (non-transient) state', () => {
    const reached = new Set<string>();
    for (const input of [newInput, savedInput]) {
      for (const path of explore(input)) for (const node of path.state._nodes) reached.add(node.id);
    }
    const missing = allStateIds().filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
  });

  it('simple paths from a saved report all pass through opening first', () => {
    const paths = getSimplePaths(reportBuilderMachine, {
      input: savedInput,
      events: asMachineEvents([E.reportLoaded, E.reportFailed, E.retry, E.delete, E.cancelDelete]),
      serializeState,
    });
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const first = path.steps.map((step) => step.event as EventObject).find((event) => event.type !== 'xstate.init');
      if (first) expect(['xstate.done.actor.loadReport', 'xstate.error.actor.loadReport']).toContain(first.type);
    }
  });
});

describe('report builder journeys', () => {
  it('run → save → rename → delete, back to a blank report', () => {
    // The graph finds the way to a first successful run; the rest of the journey is spelled out.
    const toResults = journey(newInput, (s) => s.matches({ ready: 'results' }));
    expect(toResults.map((e) => e.type)).toEqual(['xstate.done.actor.loadConfig', 'SET_GROUP_BY', 'RUN', 'xstate.done.actor.runReport']);

    const { send, spies, notices, actor } = live(newInput);
    let s = send(...toResults);
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(s.context.reportId).toBe('rep-1');
    expect(s.context.rows).toEqual(resultRows);
    expect(s.context.compiled, "the run's SQL for 'View SQL'").toEqual(ranSql);
    expect(s.context.config.orderBy).toEqual([{ column_name: 'date', order: 'DESC' }]);
    expect(notices()).toEqual([REPORT_CREATED]);
    expect(spies.reportSaved).toHaveBeenCalledWith({ id: 'rep-1', first: true });
    expect(spies.storeShowSettings).toHaveBeenCalledTimes(1);
    expect(selectDirty(s)).toBe(false);

    // Rename re-saves (saved configuration, new title) and shows no 'created' notice.
    s = send(E.rename);
    expect(s.matches('renaming')).toBe(true);
    s = send(E.renameDone);
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(s.context.title).toBe('Retention by day');
    expect(notices()).toEqual([REPORT_CREATED]);
    expect(spies.reportSaved).toHaveBeenLastCalledWith({ id: 'rep-1', first: false });

    // Running again updates the same template: not a first save.
    s = send(E.run, E.runDone);
    expect(spies.reportSaved).toHaveBeenLastCalledWith({ id: 'rep-1', first: false });
    expect(spies.storeShowSettings).toHaveBeenCalledTimes(1);

    s = send(E.delete);
    expect(s.matches('confirmingDelete')).toBe(true);
    s = send(E.confirmDelete, E.deleteDone);
    expect(s.matches('new')).toBe(true);
    expect(s.context.reportId).toBeNull();
    expect(s.context.title).toBe('New Report');
    expect(s.context.rows).toBeNull();
    expect(notices().at(-1)).toBe(REPORT_DELETED);
    expect(spies.reportDeleted).toHaveBeenCalledWith({ id: 'rep-1' });
    s = send(E.configLoaded);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    actor.stop();
  });

  it('a refused or failing delete keeps the report and says so', () => {
    const { send, notices } = live(savedInput);
    send(E.reportLoaded, E.delete, E.confirmDelete);
    let s = send(E.deleteRefused);
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(notices()).toEqual([DELETE_FAILED]);
    s = send(E.delete, E.confirmDelete, E.deleteThrown);
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(s.context.reportId).toBe('rep-9');
    expect(notices()).toEqual([DELETE_FAILED, DELETE_FAILED]);
    s = send(E.delete, E.cancelDelete);
    expect(s.matches({ ready: 'results' })).toBe(true);
  });

  it('run → server error: success:false is its own state with the SPEC message; a thrown error opens the panel', () => {
    const path = journey(newInput, (s) => s.matches({ ready: 'runFailed' }));
    expect(path.at(-1)).toEqual(E.runNotSaved);
    const { send, notices, spies } = live(newInput);
    let s = send(...path);
    expect(selectPhase(s)).toBe('runFailed');
    expect(notices()).toEqual([RUN_FAILED]);
    expect(s.context.reportId).toBeNull();
    expect(spies.reportSaved).not.toHaveBeenCalled();

    s = send(E.toggleSettings);
    expect(s.context.settingsOpen).toBe(false);
    s = send(E.run, E.runThrown);
    expect(selectPhase(s)).toBe('error');
    expect(s.context.settingsOpen).toBe(true);
    expect(s.context.error).toBe('The analytics engine is not available.');
    expect(spies.logError).toHaveBeenCalledTimes(1);
    expect(selectRun(s).running).toBe(false);
  });

  it('an invalid limit blocks running until fixed', () => {
    const { send, actor } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.badLimit);
    expect(selectSettings(s).limitError).toBe(LIMIT_MESSAGE);
    expect(selectRun(s).disabled).toBe(true);
    s = send(E.run);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    // No path from here reaches running without fixing the limit.
    const blocked = getShortestPaths(reportBuilderMachine, {
      fromState: actor.getSnapshot() as never,
      events: asMachineEvents([E.run, E.addIntCondition, E.toggleSettings]),
      serializeState,
      toState: (x) => x.matches('running'),
    });
    expect(blocked).toEqual([]);
    const fixable = getShortestPaths(reportBuilderMachine, {
      fromState: actor.getSnapshot() as never,
      events: asMachineEvents([E.run, E.addIntCondition, E.toggleSettings, E.goodLimit]),
      serializeState,
      toState: (x) => x.matches('running'),
    });
    expect(fixable.length).toBeGreaterThan(0);
    s = send(E.goodLimit);
    expect(selectRun(s).disabled).toBe(false);
    s = send(E.run);
    expect(s.matches('running')).toBe(true);
  });

  it('a checked condition without a value blocks the run with the SPEC message', () => {
    const { send } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.addIntCondition);
    expect(s.context.config.conditions[0]).toMatchObject({ checked: true, comparison: 'equals', error: null });
    s = send(E.run);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    expect(selectSettings(s).conditionErrors).toEqual({ c1: VALUE_REQUIRED });
    expect(selectRun(s).disabled).toBe(true);
    s = send({ type: 'SET_CONDITION_COMPARISON', key: 'c1', comparison: 'greater_than' });
    expect(selectSettings(s).conditionErrors).toEqual({});
    s = send(E.fillCondition, E.run);
    expect(s.matches('running')).toBe(true);
  });

  it('opening a saved report loads template, results and config; settings start collapsed', () => {
    const path = journey(savedInput, (s) => s.matches({ ready: 'results' }));
    expect(path).toEqual([E.reportLoaded]);
    const { send } = live(savedInput);
    const s = send(...path);
    expect(s.context).toMatchObject({ reportId: 'rep-9', title: 'Weekly retention', settingsOpen: false, rows: savedTemplate.report.report });
    expect(s.context.config.limit).toBe('500');
    expect(s.context.config.orderBy).toEqual([{ column_name: 'date', order: 'ASC' }]);
    expect(selectDirty(s)).toBe(false);
    // Editing a saved report is an unsaved change; its sort is kept (no auto sort on saved reports).
    const edited = send({ type: 'SET_GROUP_BY', column_name: 'country' });
    expect(selectDirty(edited)).toBe(true);
    expect(edited.context.config.orderBy).toEqual([]);
  });

  it('a report that cannot be opened offers a retry', () => {
    const { send } = live(savedInput);
    let s = send(E.reportFailed);
    expect(s.matches('openFailed')).toBe(true);
    expect(s.context.error).toBe('The analytics engine is not available.');
    s = send(E.retry, E.reportLoaded);
    expect(s.matches({ ready: 'results' })).toBe(true);
  });

  it('changing the data model resets the columns and loads that model\'s config', () => {
    const { send } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.addIntCondition, E.switchModel);
    expect(s.matches('switchingModel')).toBe(true);
    s = send(E.modelLoaded);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    expect(s.context.config).toMatchObject({ modelId: 'events', metrics: [], groupBy: null, orderBy: [], conditions: [], limit: '1000' });
    expect(s.context.config.dateRange).toEqual({ date_start: '2025-05-28', date_end: '2025-05-31' });
    s = send({ type: 'SET_MODEL', modelId: 'daily_metrics' }, E.modelFailed);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    expect(s.context.config.modelId).toBe('events');
  });

  it('a new report starts with the default metrics, last 7 days, limit 1000 and the settings open', () => {
    const { send } = live(newInput);
    const s = send(E.configLoaded);
    expect(s.context.settingsOpen).toBe(true);
    expect(s.context.config.metrics.map((m) => m.column_name)).toEqual(['new_users', 'new_users_per', 'retention_d1']);
    expect(s.context.config.dateRange).toEqual({ date_start: '2025-05-25', date_end: '2025-05-31' });
    expect(s.context.config.limit).toBe('1000');
    expect(selectRun(s).disabled).toBe(true);
    expect(selectDirty(s)).toBe(false);
  });

  it('renaming a new report only changes its title; a failing rename of a saved one reverts', () => {
    const fresh = live(newInput);
    let s = fresh.send(E.configLoaded, E.rename);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    expect(s.context.title).toBe('Retention by day');
    expect(selectDirty(s)).toBe(true);

    const saved = live(savedInput);
    saved.send(E.reportLoaded, E.rename);
    s = saved.send(E.renameThrown);
    expect(s.context.title).toBe('Weekly retention');
    expect(saved.notices()).toEqual(['The analytics engine is not available.']);
    saved.send(E.rename);
    s = saved.send(E.renameRefused);
    expect(s.context.title).toBe('Weekly retention');
    expect(saved.notices().at(-1)).toBe(RUN_FAILED);
  });

  it('a draft of a new report is re-applied after a reload, as an unsaved change', () => {
    const { send } = live({
      ...newInput,
      draft: { title: 'Draft', sortTouched: true, report: { model_id: 'daily_metrics', configuration: { select: [dailyMetricsConfig.select[2]!], group_by: [dailyMetricsConfig.group_by_where[1]!], limit: [{ value: 20 }] } } },
    });
    const s = send(E.configLoaded);
    expect(s.context.title).toBe('Draft');
    expect(s.context.config.metrics.map((m) => m.column_name)).toEqual(['dau']);
    expect(s.context.config.groupBy?.column_name).toBe('country');
    expect(s.context.config.limit).toBe('20');
    expect(selectDirty(s)).toBe(true);
  });
});
