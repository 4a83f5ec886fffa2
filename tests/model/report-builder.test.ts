/**
 * Model-based path tests of the report-builder machine (docs/architecture.md §Testing tiers; docs/analyze.md §Report states report lifecycle,
 * §Rules and limits limit/conditions, §Messages report messages).
 *
 * xstate/graph traverses the machine's pure transition function with a fixed set of events whose payloads are
 * fixtures built through the io-ts codecs — the user's events and the `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` answers of every invoked actor. The traversal shows every state is reachable; the
 * journeys are found as shortest paths and then replayed on a live actor (actors that never settle, spied actions)
 * to check the side effects: snackbars, the URL move after the first save, the delete navigation.
 */
import { describe, expect, it, vi } from 'vitest';
import { waitFor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  reportBuilderMachine,
  type OpenOutput,
  type ReportBuilderEvent,
  type ReportBuilderInput,
  type RunOutput,
} from '../../src/machines/report-builder/report-builder.machine';
import {
  selectDeleteReport,
  selectDirty,
  selectPhase,
  selectResults,
  selectRun,
  selectSettings,
} from '../../src/machines/report-builder/report-builder.selectors';
import { deleteReportMachine } from '../../src/machines/delete-report/delete-report.machine';
import { selectDeleteDialog } from '../../src/machines/delete-report/delete-report.selectors';
import { mutation } from '../../src/machines/shared/confirm-mutation.machine';
import type { DeleteTemplateResponse, RunReportRequest } from '../../src/contracts/analyze';
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
  builderEvents,
} from '../fixtures/analyze';
import {
  apiError,
  defineModel,
  done,
  failed,
  live as liveActor,
  pendingForever,
  serverCrash,
  recordedShortestPaths,
  recordedSimplePaths,
  unreachedStateNodeIds,
} from './graph-harness';

type Snapshot = SnapshotFrom<typeof reportBuilderMachine>;
type AnyEvent = ReportBuilderEvent | EventObject;

// docs/analyze.md §Messages and §Rules and limits, verbatim.
const RUN_FAILED = 'We encountered an error while creating the report. Please try again later.';
const REPORT_CREATED = 'Report created successfully.';
const REPORT_DELETED = 'Report deleted successfully.';
const DELETE_FAILED = 'We had a problem deleting the report. Please try again later.';
const LIMIT_MESSAGE = 'Value must be between 1 and 10,000';
const VALUE_REQUIRED = 'A valid value is required.';

// ---------------------------------------------------------------------------------------------------------------
// Event fixtures

/** Our server's 503 when the analytics engine is off: words it chose (a code), shown as they are. */
const serverDown = apiError(503, 'Analytics is not available on this server.', 'analytics_unavailable');

const ranSql = { sql: 'SELECT 1 WHERE country = $p1', params: { p1: 'US' }, dialect: 'duckdb' };
const runOk: RunOutput = { saved: { ...runSucceeded, compiled: ranSql }, rows: resultRows };
const runFalse: RunOutput = { saved: runNotSaved, rows: null };
const opened: OpenOutput = {
  template: savedTemplate.template,
  rows: savedTemplate.report.report,
  config: dailyMetricsConfig,
  compiled: null,
  resolved: null,
};

const E = {
  ...builderEvents,
  configLoaded: done('loadConfig', dailyMetricsConfig),
  configFailed: failed('loadConfig', serverDown),
  reportLoaded: done('loadReport', opened),
  reportFailed: failed('loadReport', serverDown),
  reportCrashed: failed('loadReport', serverCrash()),
  runDone: done('runReport', runOk),
  runNotSaved: done('runReport', runFalse),
  runThrown: failed('runReport', serverDown),
  runCrashed: failed('runReport', serverCrash()),
  renameDone: done('renameReport', renamed),
  renameRefused: done('renameReport', runNotSaved),
  renameThrown: failed('renameReport', serverDown),
  deleteDone: done('deleteReport', { deleted: true }),
  deleteNotDone: done('deleteReport', { deleted: false }),
  deleteBroke: failed('deleteReport', new Error('the delete flow broke')),
  modelLoaded: done('loadModelConfig', eventsConfig),
  modelFailed: failed('loadModelConfig', serverDown),
} satisfies Record<string, AnyEvent>;

/** Every event type the machine handles, keyed (a new event does not compile until it is here; graph-harness.ts). */
const model = defineModel(reportBuilderMachine, {
  RETRY: E.retry,
  SET_TITLE: E.rename,
  SET_MODEL: E.switchModel,
  SET_DATE_RANGE: E.setDates,
  ADD_METRIC: E.addMetric,
  REMOVE_METRIC: E.removeMetric,
  MOVE_METRIC: E.moveMetric,
  SET_GROUP_BY: E.groupByDate,
  SET_LIMIT: [E.badLimit, E.goodLimit],
  ADD_SORT: E.addSort,
  REMOVE_SORT: E.removeSort,
  MOVE_SORT: E.moveSort,
  TOGGLE_SORT_ORDER: E.toggleSort,
  ADD_CONDITION: E.addIntCondition,
  REMOVE_CONDITION: E.removeCondition,
  SET_CONDITION_CHECKED: E.uncheckCondition,
  SET_CONDITION_COMPARISON: E.changeComparison,
  SET_CONDITION_VALUE: E.fillCondition,
  TOGGLE_SETTINGS: E.toggleSettings,
  SET_BREAKDOWN: [E.breakdownCountry, E.breakdownNone],
  SET_BREAKDOWN_TOP: E.breakdownTop3,
  SET_COMPARE: [E.compareYear, E.compareOff],
  SET_CHART_TYPE: [E.chartStacked, E.chartTable],
  SET_GRID_LAYOUT: E.gridPivot,
  RUN: E.run,
  DELETE: E.delete,
  'xstate.done.actor.loadConfig': E.configLoaded,
  'xstate.error.actor.loadConfig': E.configFailed,
  'xstate.done.actor.loadReport': E.reportLoaded,
  'xstate.error.actor.loadReport': [E.reportFailed, E.reportCrashed],
  'xstate.done.actor.runReport': [E.runDone, E.runNotSaved],
  'xstate.error.actor.runReport': [E.runThrown, E.runCrashed],
  'xstate.done.actor.renameReport': [E.renameDone, E.renameRefused],
  'xstate.error.actor.renameReport': E.renameThrown,
  'xstate.done.actor.deleteReport': [E.deleteDone, E.deleteNotDone],
  'xstate.error.actor.deleteReport': E.deleteBroke,
  'xstate.done.actor.loadModelConfig': E.modelLoaded,
  'xstate.error.actor.loadModelConfig': E.modelFailed,
});

const ALL_EVENTS = model.events as readonly AnyEvent[];

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
    s.context.config.breakdown !== null,
  ]);

const newInput: ReportBuilderInput = { appId: 'dragon-merge-android' };
const savedInput: ReportBuilderInput = { appId: 'dragon-merge-android', reportId: 'rep-9' };

// The graph needs the machine's event type; the done/error events are part of the machine's accepted events at run time.
const asMachineEvents = (events: readonly AnyEvent[]) => events as unknown as ReportBuilderEvent[];

function explore(input: ReportBuilderInput) {
  return recordedShortestPaths(reportBuilderMachine, {
    input,
    events: asMachineEvents(ALL_EVENTS),
    serializeState,
  });
}

/** The shortest path whose end state `toState` accepts, its events without the leading xstate.init. */
function journey(
  input: ReportBuilderInput,
  toState: (s: Snapshot) => boolean,
  events: readonly AnyEvent[] = ALL_EVENTS,
) {
  const paths = recordedShortestPaths(reportBuilderMachine, {
    input,
    events: asMachineEvents(events),
    serializeState,
    toState,
  });
  expect(paths.length, 'a path reaches the state').toBeGreaterThan(0);
  const best = paths.reduce((a, b) => (b.weight < a.weight ? b : a));
  return best.steps.map((step) => step.event as EventObject).filter((e) => e.type !== 'xstate.init');
}

// ---------------------------------------------------------------------------------------------------------------
// Live replay with spied actions

/**
 * A live builder with spied actions; its delete-report child is the real flow machine whose delete call is
 * `deleteCall` (never settling by default) and whose snackbars go to `childNotify`.
 */
function live(
  input: ReportBuilderInput,
  deleteCall: () => Promise<DeleteTemplateResponse> = () => new Promise(() => {}),
) {
  const childNotify = vi.fn();
  const deleteFlow = deleteReportMachine.provide({
    actors: { deleteTemplate: mutation(deleteCall) },
    actions: { notify: (_, notice) => childNotify(notice), deleted: () => {}, logError: () => {} },
  });
  const machine = reportBuilderMachine.provide({
    actors: {
      loadConfig: pendingForever(),
      loadReport: pendingForever(),
      runReport: pendingForever(),
      saveTitle: pendingForever(),
      deleteReport: deleteFlow,
    },
  });
  const harness = liveActor(machine, {
    input,
    spies: ['notify', 'reportSaved', 'reportDeleted', 'storeShowSettings', 'logError'],
  });
  /** Every snackbar, the builder's and its delete flow's, in the order shown. */
  const notices = () =>
    [harness.spies.notify, childNotify]
      .flatMap((spy) =>
        spy.mock.calls.map(([notice], i) => ({
          order: spy.mock.invocationCallOrder[i]!,
          message: (notice as { message: string }).message,
        })),
      )
      .sort((a, b) => a.order - b.order)
      .map((n) => n.message);
  /** The delete-report child the builder invoked (the dialog binds to it). */
  const deletion = () => selectDeleteReport(harness.actor.getSnapshot());
  return { ...harness, notices, deletion };
}

const transient = ['reportBuilder.boot', 'reportBuilder.settle'];

// ---------------------------------------------------------------------------------------------------------------

describe('report builder: every state is reachable', () => {
  it('every edit event of the settings panel is accepted while editing and keeps the builder in ready', () => {
    const { send } = live(newInput);
    send(E.configLoaded, E.groupByDate, E.addIntCondition);
    for (const event of [
      E.setDates,
      E.addMetric,
      E.moveMetric,
      E.removeMetric,
      E.addSort,
      E.moveSort,
      E.toggleSort,
      E.removeSort,
      E.changeComparison,
      E.uncheckCondition,
      E.removeCondition,
    ]) {
      const s = send(event);
      expect(s.matches({ ready: 'editing' }), event.type).toBe(true);
    }
    const s = send(E.run);
    expect(s.matches('running')).toBe(true);
    expect(s.context.config.metrics.map((m) => m.column_name)).toEqual(['new_users', 'retention_d1', 'dau']);
    expect(s.context.config.dateRange).toEqual({ date_start: '2025-05-01', date_end: '2025-05-31' });
  });

  it('from a new report and from a saved one, the traversal reaches every (non-transient) state', () => {
    const paths = [...explore(newInput), ...explore(savedInput)];
    const missing = unreachedStateNodeIds(reportBuilderMachine, paths as never, transient);
    expect(missing).toEqual([]);
    // A full traversal: seconds of CPU on a busy 2-core machine, so it gets more than Vitest's default 5 s.
  }, 30_000);

  it('simple paths from a saved report all pass through opening first', () => {
    const paths = recordedSimplePaths(reportBuilderMachine, {
      input: savedInput,
      events: asMachineEvents([E.reportLoaded, E.reportFailed, E.retry, E.delete, E.deleteNotDone]),
      serializeState,
    });
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const first = path.steps.map((step) => step.event as EventObject).find((event) => event.type !== 'xstate.init');
      if (first) expect(['xstate.done.actor.loadReport', 'xstate.error.actor.loadReport']).toContain(first.type);
    }
  });
});

describe('the title of a first save', () => {
  const runInput = (actor: { getSnapshot(): Snapshot }) =>
    (
      actor.getSnapshot().children as Record<
        string,
        { getSnapshot(): { input: { request: { title: string } } } } | undefined
      >
    ).runReport!.getSnapshot().input.request.title;

  it("an unnamed report's first save is titled from its question, not 'New Report'", () => {
    const { send, actor } = live(newInput);
    send(E.configLoaded, E.groupByDate, E.run);
    expect(runInput(actor)).toBe('New Users, New Users % and Retention D1 by Date');
  });

  it('a report the user named keeps its name', () => {
    const { send, actor } = live(newInput);
    send(E.configLoaded, E.groupByDate, { type: 'SET_TITLE', title: 'My funnel' } as never, E.run);
    expect(runInput(actor)).toBe('My funnel');
  });
});

describe('report builder journeys', () => {
  it('run → save → rename → delete, back to a blank report', async () => {
    // The graph finds the way to a first successful run; the rest of the journey is spelled out.
    const toResults = journey(newInput, (s) => s.matches({ ready: 'results' }));
    expect(toResults.map((e) => e.type)).toEqual([
      'xstate.done.actor.loadConfig',
      'SET_GROUP_BY',
      'RUN',
      'xstate.done.actor.runReport',
    ]);

    const deleteCall = vi.fn(async () => deleted);
    const { send, spies, notices, actor, deletion } = live(newInput, deleteCall);
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

    // The one delete flow asks about this report; its dialog binds to the child.
    s = send(E.delete);
    expect(s.matches('deleting')).toBe(true);
    expect(selectDeleteDialog(deletion()?.getSnapshot())).toEqual({
      open: true,
      busy: false,
      title: 'Delete Report',
      message: 'Are you sure you want to delete the report New Report?', // the title the last run saved
    });
    deletion()!.send({ type: 'CONFIRM' });
    s = await waitFor(actor, (x) => x.matches('new'));
    expect(deleteCall).toHaveBeenCalledTimes(1);
    expect(deletion()).toBeUndefined();
    expect(s.context.reportId).toBeNull();
    expect(s.context.title).toBe('New Report');
    expect(s.context.rows).toBeNull();
    expect(notices().at(-1)).toBe(REPORT_DELETED);
    expect(spies.reportDeleted).toHaveBeenCalledWith({ id: 'rep-1' });
    s = send(E.configLoaded);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    actor.stop();
  });

  it('a refused or failing (500) delete keeps the report and says so in SPEC words; a cancel says nothing', async () => {
    const deleteCall = vi
      .fn<() => Promise<DeleteTemplateResponse>>()
      .mockResolvedValueOnce(notDeleted)
      .mockRejectedValueOnce(serverCrash());
    const { send, notices, actor, deletion, spies } = live(savedInput, deleteCall);
    send(E.reportLoaded, E.delete);
    deletion()!.send({ type: 'CONFIRM' });
    let s = await waitFor(actor, (x) => x.matches({ ready: 'results' }));
    expect(notices()).toEqual([DELETE_FAILED]);
    send(E.delete);
    deletion()!.send({ type: 'CONFIRM' });
    s = await waitFor(actor, (x) => x.matches({ ready: 'results' }));
    expect(s.context.reportId).toBe('rep-9');
    expect(notices()).toEqual([DELETE_FAILED, DELETE_FAILED]);
    send(E.delete);
    deletion()!.send({ type: 'CANCEL' });
    s = actor.getSnapshot();
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(notices()).toEqual([DELETE_FAILED, DELETE_FAILED]);
    expect(deleteCall).toHaveBeenCalledTimes(2);
    expect(spies.reportDeleted).not.toHaveBeenCalled();
  });

  it("the builder's part of a delete: deleted → a blank report; anything else → back where it was", () => {
    const { send, spies } = live(savedInput);
    send(E.reportLoaded, E.delete);
    let s = send(E.deleteNotDone);
    expect(s.matches({ ready: 'results' })).toBe(true);
    s = send(E.delete, E.deleteBroke);
    expect(s.matches({ ready: 'results' })).toBe(true);
    expect(spies.logError).toHaveBeenCalledTimes(1);
    s = send(E.delete, E.deleteDone);
    expect(s.matches('new')).toBe(true);
    expect(spies.reportDeleted).toHaveBeenCalledWith({ id: 'rep-9' });
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
    expect(s.context.error).toBe('Analytics is not available on this server.');
    expect(spies.logError).toHaveBeenCalledTimes(1);
    expect(selectRun(s).running).toBe(false);

    // A crash (500) shows SPEC's words, never the server's text.
    s = send(E.run, E.runCrashed);
    expect(selectPhase(s)).toBe('error');
    expect(s.context.error).toBe(RUN_FAILED);
  });

  it("a report that cannot be opened because of a crash says so in our words, not the server's", () => {
    const { send } = live(savedInput);
    const s = send(E.reportCrashed);
    expect(s.matches('openFailed')).toBe(true);
    expect(s.context.error).toBe('We could not open this report. Please try again.');
  });

  it('an invalid limit blocks running until fixed', () => {
    const { send, actor } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.badLimit);
    expect(selectSettings(s).limitError).toBe(LIMIT_MESSAGE);
    expect(selectRun(s).disabled).toBe(true);
    s = send(E.run);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    // No path from here reaches running without fixing the limit.
    const blocked = recordedShortestPaths(reportBuilderMachine, {
      fromState: actor.getSnapshot() as never,
      events: asMachineEvents([E.run, E.addIntCondition, E.toggleSettings]),
      serializeState,
      toState: (x) => x.matches('running'),
    });
    expect(blocked).toEqual([]);
    const fixable = recordedShortestPaths(reportBuilderMachine, {
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

  it('a checked condition without a value is flagged at once with the SPEC message, and Run says why it cannot run', () => {
    const { send } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.addIntCondition);
    // A new condition starts checked: its missing value is flagged now, not only after Run.
    expect(s.context.config.conditions[0]).toMatchObject({
      checked: true,
      comparison: 'equals',
      error: VALUE_REQUIRED,
    });
    expect(selectSettings(s).conditionErrors).toEqual({ c1: VALUE_REQUIRED });
    const blocked = selectRun(s);
    expect(blocked.disabled).toBe(true);
    expect(blocked.reason).toMatch(/^Enter a value for the condition on .+, or uncheck it, to run the report\.$/);
    s = send(E.run);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    // Unchecking clears it; checking again flags it again.
    s = send({ type: 'SET_CONDITION_CHECKED', key: 'c1', checked: false });
    expect(selectSettings(s).conditionErrors).toEqual({});
    expect(selectRun(s).disabled).toBe(false);
    s = send({ type: 'SET_CONDITION_CHECKED', key: 'c1', checked: true });
    expect(selectSettings(s).conditionErrors).toEqual({ c1: VALUE_REQUIRED });
    // A changed comparison clears the row's error (SPEC), but Run still says what it needs.
    s = send({ type: 'SET_CONDITION_COMPARISON', key: 'c1', comparison: 'greater_than' });
    expect(selectSettings(s).conditionErrors).toEqual({});
    expect(selectRun(s)).toMatchObject({ disabled: true, reason: blocked.reason });
    s = send(E.fillCondition, E.run);
    expect(s.matches('running')).toBe(true);
  });

  it('opening a saved report loads template, results and config; settings start collapsed', () => {
    const path = journey(savedInput, (s) => s.matches({ ready: 'results' }));
    expect(path).toEqual([E.reportLoaded]);
    const { send } = live(savedInput);
    const s = send(...path);
    expect(s.context).toMatchObject({
      reportId: 'rep-9',
      title: 'Weekly retention',
      settingsOpen: false,
      rows: savedTemplate.report.report,
    });
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
    expect(s.context.error).toBe('Analytics is not available on this server.');
    s = send(E.retry, E.reportLoaded);
    expect(s.matches({ ready: 'results' })).toBe(true);
  });

  it("changing the data model resets the columns and loads that model's config", () => {
    const { send } = live(newInput);
    let s = send(E.configLoaded, E.groupByDate, E.addIntCondition, E.switchModel);
    expect(s.matches('switchingModel')).toBe(true);
    s = send(E.modelLoaded);
    expect(s.matches({ ready: 'editing' })).toBe(true);
    expect(s.context.config).toMatchObject({
      modelId: 'events',
      metrics: [],
      groupBy: null,
      orderBy: [],
      conditions: [],
      limit: '1000',
    });
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
    expect(saved.notices()).toEqual(['Analytics is not available on this server.']);
    saved.send(E.rename);
    s = saved.send(E.renameRefused);
    expect(s.context.title).toBe('Weekly retention');
    expect(saved.notices().at(-1)).toBe(RUN_FAILED);
  });

  it('breakdown, compare and chart type (docs/analyze.md §Breakdown, compare and chart types): sent with the run, drawn as run', () => {
    const { send, actor } = live(newInput);
    let s = send(E.configLoaded);
    expect(s.can(E.breakdownTop3), 'Top needs a breakdown first').toBe(false);
    s = send(E.groupByDate, E.breakdownCountry, E.breakdownTop3, E.compareYear, E.chartStacked, E.gridPivot);
    const view = selectSettings(s);
    expect(view.breakdown).toEqual({ column_name: 'country', top: 3 });
    expect(view.breakdownOptions.map((d) => d.column_name)).toEqual(['country']); // text columns only, not the group-by
    expect(view.previous).toEqual({ date_start: '2024-05-25', date_end: '2024-05-31' }); // the last 7 days, a year earlier
    s = send(E.run);
    const request = (
      actor.getSnapshot().children as Record<string, { getSnapshot(): { input: { request: RunReportRequest } } }>
    ).runReport!.getSnapshot().input.request;
    expect(request.report.configuration).toMatchObject({
      breakdown: { column_name: 'country', top: 3, model_id: 'daily_metrics' },
      compare: 'previous_year',
      chart_type: 'stacked_bar',
      grid_layout: 'pivot',
    });
    s = send(E.runDone);
    let results = selectResults(s);
    expect(results.shape).toEqual({
      group: 'date',
      breakdown: 'country',
      metrics: ['new_users', 'new_users_per', 'retention_d1'],
      compare: true,
    });
    expect(results.columns.map((c) => c.id)).toEqual([
      'date',
      'country',
      'new_users',
      'new_users_prev',
      'new_users_change_pct',
      'new_users_per',
      'new_users_per_prev',
      'new_users_per_change_pct',
      'retention_d1',
      'retention_d1_prev',
      'retention_d1_change_pct',
    ]);
    expect(results.columns[3]).toMatchObject({ label: 'New Users (previous)', role: 'previous', of: 'new_users' });
    expect(selectDirty(s)).toBe(false);

    // The chart type is a view choice: the shown result redraws at once, and it is an unsaved change.
    s = send(E.chartTable);
    results = selectResults(s);
    expect(results.chartType).toBe('table');
    expect(results.shape.breakdown).toBe('country');
    expect(selectDirty(s)).toBe(true);

    // What the next run asks does not reshape the shown result until it runs.
    s = send(E.breakdownNone, E.compareOff);
    expect(selectResults(s).shape).toMatchObject({ breakdown: 'country', compare: true });
    expect(selectSettings(s).previous).toBeNull();

    // A group-by on the breakdown column drops the breakdown.
    s = send(E.breakdownCountry, { type: 'SET_GROUP_BY', column_name: 'country' });
    expect(s.context.config.breakdown).toBeNull();
    expect(selectSettings(s).breakdownOptions).toEqual([]);
    expect(s.can(E.breakdownCountry), 'the group-by cannot also be the breakdown').toBe(false);
  });

  it('a saved report without these options opens with none of them and is not changed by opening', () => {
    const { send } = live(savedInput);
    const s = send(E.reportLoaded);
    expect(s.context.config).toMatchObject({ breakdown: null, compare: 'off', chartType: 'line', gridLayout: 'long' });
    expect(selectDirty(s)).toBe(false);
    expect(selectResults(s).chartType).toBe('line');
  });

  it('a draft of a new report is re-applied after a reload, as an unsaved change', () => {
    const { send } = live({
      ...newInput,
      draft: {
        title: 'Draft',
        sortTouched: true,
        report: {
          model_id: 'daily_metrics',
          configuration: {
            select: [dailyMetricsConfig.select[2]!],
            group_by: [dailyMetricsConfig.group_by_where[1]!],
            limit: [{ value: 20 }],
          },
        },
      },
    });
    const s = send(E.configLoaded);
    expect(s.context.title).toBe('Draft');
    expect(s.context.config.metrics.map((m) => m.column_name)).toEqual(['dau']);
    expect(s.context.config.groupBy?.column_name).toBe('country');
    expect(s.context.config.limit).toBe('20');
    expect(selectDirty(s)).toBe(true);
  });
});
