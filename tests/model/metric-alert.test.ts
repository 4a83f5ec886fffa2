/**
 * Paths of the metric alerts' machine (src/machines/metric-alert; docs/notifications.md §Metric alerts): every state
 * reachable; the list loads (or fails with Try again); an alert is added on one of the report's metrics or edited; a
 * threshold out of its condition's bounds is refused in the dialog with the server's own words and nothing is sent;
 * choosing the anomaly starts k at 3; a refused save keeps the dialog with the server's words; pause and resume;
 * delete is confirmed.
 */
import { describe, expect, it } from 'vitest';
import {
  metricAlertMachine,
  thresholdError,
  toInput,
  type MetricAlertContext,
} from '../../src/machines/metric-alert/metric-alert.machine';
import { selectMetricAlerts } from '../../src/machines/metric-alert/metric-alert.selectors';
import type { MetricAlert } from '../../src/contracts/metric-alerts';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio', reportId: null };
const alert = (id: string, patch: Partial<MetricAlert> = {}): MetricAlert => ({
  id,
  appId: 'dragon-merge-android',
  reportId: 'r-1',
  reportTitle: 'DAU by day',
  metric: 'dau',
  metricLabel: 'DAU',
  condition: 'above',
  threshold: 1200,
  email: true,
  paused: false,
  lastFiredDay: null,
  lastFiredValue: null,
  deliveryFailing: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});
const REPORT = {
  appId: 'dragon-merge-android',
  reportId: 'r-1',
  metrics: [
    { column: 'dau', label: 'DAU' },
    { column: 'sessions', label: 'Sessions' },
  ],
};

const model = defineModel(metricAlertMachine, {
  RETRY: { type: 'RETRY' },
  ADD: [
    { type: 'ADD', report: REPORT },
    { type: 'ADD', report: { ...REPORT, metrics: [] } },
  ],
  EDIT: { type: 'EDIT', id: 'ma-1', metrics: [] },
  CHANGE_METRIC: { type: 'CHANGE_METRIC', metric: 'sessions' },
  CHANGE_CONDITION: [
    { type: 'CHANGE_CONDITION', condition: 'anomaly' },
    { type: 'CHANGE_CONDITION', condition: 'change' },
  ],
  CHANGE_THRESHOLD: [
    { type: 'CHANGE_THRESHOLD', value: '1500' },
    { type: 'CHANGE_THRESHOLD', value: '11' },
    { type: 'CHANGE_THRESHOLD', value: '' },
  ],
  TOGGLE_EMAIL: { type: 'TOGGLE_EMAIL' },
  SAVE: { type: 'SAVE' },
  CANCEL: { type: 'CANCEL' },
  TOGGLE_PAUSE: { type: 'TOGGLE_PAUSE', id: 'ma-1' },
  DELETE: { type: 'DELETE', id: 'ma-1' },
  CONFIRM: { type: 'CONFIRM' },
  'xstate.done.actor.loadMetricAlerts': [
    done('loadMetricAlerts', { success: true as const, alerts: [alert('ma-1', { deliveryFailing: true })] }),
    done('loadMetricAlerts', { success: true as const, alerts: [] }),
  ],
  'xstate.error.actor.loadMetricAlerts': failed('loadMetricAlerts', new TypeError('Failed to fetch')),
  'xstate.done.actor.saveMetricAlert': done('saveMetricAlert', {
    success: true as const,
    alert: alert('ma-2', { condition: 'anomaly', threshold: 3 }),
  }),
  'xstate.error.actor.saveMetricAlert': [
    failed('saveMetricAlert', serverCrash()),
    failed('saveMetricAlert', apiError(400, 'Choose one of the report’s metrics.', 'bad_request')),
  ],
  'xstate.done.actor.pauseMetricAlert': done('pauseMetricAlert', {
    success: true as const,
    alert: alert('ma-1', { paused: true }),
  }),
  'xstate.error.actor.pauseMetricAlert': failed('pauseMetricAlert', serverCrash()),
  'xstate.done.actor.deleteMetricAlert': done('deleteMetricAlert', { success: true as const }),
  'xstate.error.actor.deleteMetricAlert': failed('deleteMetricAlert', serverCrash()),
});
const ev = {
  retry: fixture(model, 'RETRY'),
  add: fixture(model, 'ADD', 0),
  addNoMetrics: fixture(model, 'ADD', 1),
  edit: fixture(model, 'EDIT'),
  metric: fixture(model, 'CHANGE_METRIC'),
  anomaly: fixture(model, 'CHANGE_CONDITION', 0),
  change: fixture(model, 'CHANGE_CONDITION', 1),
  value: fixture(model, 'CHANGE_THRESHOLD', 0),
  eleven: fixture(model, 'CHANGE_THRESHOLD', 1),
  blank: fixture(model, 'CHANGE_THRESHOLD', 2),
  email: fixture(model, 'TOGGLE_EMAIL'),
  save: fixture(model, 'SAVE'),
  cancel: fixture(model, 'CANCEL'),
  pause: fixture(model, 'TOGGLE_PAUSE'),
  remove: fixture(model, 'DELETE'),
  confirm: fixture(model, 'CONFIRM'),
  loaded: fixture(model, 'xstate.done.actor.loadMetricAlerts', 0),
  loadedEmpty: fixture(model, 'xstate.done.actor.loadMetricAlerts', 1),
  loadFailed: fixture(model, 'xstate.error.actor.loadMetricAlerts'),
  saved: fixture(model, 'xstate.done.actor.saveMetricAlert'),
  saveCrashed: fixture(model, 'xstate.error.actor.saveMetricAlert', 0),
  saveRefused: fixture(model, 'xstate.error.actor.saveMetricAlert', 1),
  paused: fixture(model, 'xstate.done.actor.pauseMetricAlert'),
  pauseFailed: fixture(model, 'xstate.error.actor.pauseMetricAlert'),
  deleted: fixture(model, 'xstate.done.actor.deleteMetricAlert'),
  deleteFailed: fixture(model, 'xstate.error.actor.deleteMetricAlert'),
};
const view = (events: Parameters<typeof pathOf>[1]) =>
  selectMetricAlerts(pathOf(metricAlertMachine, events, INPUT).state as never);

describe('metric-alert machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(
        metricAlertMachine,
        shortestPaths(metricAlertMachine, model.events, {
          input: INPUT,
          // The states, the list's length and the threshold's problem tell the paths apart (the draft's text would make them endless).
          serializeState: (s) => {
            const c = s.context as MetricAlertContext;
            return JSON.stringify([s.value, c.alerts.length, thresholdError(c.draft.condition, c.draft.threshold)]);
          },
        }),
      ),
    ).toEqual([]);
  });

  it('the list loads with each rule in words and "Delivery failing"; a failed load says so and retries', () => {
    const list = view([ev.loaded]);
    expect(list.alerts.map((a) => [a.rule, a.deliveryFailing])).toEqual([['DAU goes above 1,200', true]]);
    expect(view([ev.loadedEmpty]).alerts).toEqual([]);
    const failedView = view([ev.loadFailed]);
    expect(failedView.loadError).toBe('We could not load your metric alerts. Please try again.');
    expect(pathOf(metricAlertMachine, [ev.loadFailed, ev.retry], INPUT).state.value).toBe('loading');
  });

  it('add on the report’s first metric, anomaly with k 3, another metric, no e-mail: saved', () => {
    const path = pathOf(metricAlertMachine, [ev.loadedEmpty, ev.add, ev.anomaly, ev.metric, ev.email, ev.save], INPUT);
    expect(path.state.value).toBe('saving');
    expect(toInput(path.state.context.draft)).toEqual({
      appId: 'dragon-merge-android',
      reportId: 'r-1',
      metric: 'sessions',
      condition: 'anomaly',
      threshold: 3,
      email: false,
      paused: false,
    });
    const after = view([ev.loadedEmpty, ev.add, ev.anomaly, ev.save, ev.saved]);
    expect(after.notice).toBe('Metric alert saved.');
    expect(after.alerts.map((a) => a.rule)).toEqual(['DAU is outside median ± 3·MAD of the same weekday over 8 weeks']);
    expect(after.dialog).toBeNull();
  });

  it('a report without metrics opens nothing', () => {
    const path = pathOf(metricAlertMachine, [ev.loadedEmpty], INPUT);
    expect(path.state.can(ev.addNoMetrics)).toBe(false);
    expect(path.state.can(ev.add)).toBe(true);
  });

  it('a threshold out of bounds or blank is refused in the dialog with the server’s words; nothing is sent', () => {
    const k11 = pathOf(metricAlertMachine, [ev.loadedEmpty, ev.add, ev.anomaly, ev.eleven, ev.save], INPUT);
    expect(k11.state.value).toBe('editing');
    expect(selectMetricAlerts(k11.state as never).dialog!.thresholdError).toBe('Enter k from 1 to 10.');
    const pct = view([ev.loadedEmpty, ev.add, ev.change, ev.blank, ev.save]);
    expect(pct.dialog!.thresholdError).toBe('Enter a number.');
    // 20 % by default: valid, sent
    expect(pathOf(metricAlertMachine, [ev.loadedEmpty, ev.add, ev.change, ev.save], INPUT).state.value).toBe('saving');
    const typed = view([ev.loadedEmpty, ev.add, ev.value]);
    expect(typed.dialog!.thresholdError).toBeNull(); // shown only after a SAVE
  });

  it('a refused or crashed save keeps the dialog with its words; cancel closes it', () => {
    const refused = view([ev.loaded, ev.edit, ev.save, ev.saveRefused]);
    expect(refused.dialog!.error).toBe('Choose one of the report’s metrics.');
    const crashed = view([ev.loaded, ev.edit, ev.save, ev.saveCrashed]);
    expect(crashed.dialog!.error).toMatch(/./);
    expect(view([ev.loaded, ev.edit, ev.save, ev.saveCrashed, ev.cancel]).dialog).toBeNull();
  });

  it('editing keeps the alert’s own metric among the choices', () => {
    const editing = view([ev.loaded, ev.edit]);
    expect(editing.dialog).toMatchObject({ adding: false, metric: 'dau', threshold: '1200', condition: 'above' });
    expect(editing.dialog!.metrics).toEqual([{ column: 'dau', label: 'DAU' }]);
  });

  it('pause, and a failed pause says so', () => {
    const paused = view([ev.loaded, ev.pause, ev.paused]);
    expect(paused.notice).toBe('Metric alert paused.');
    expect(paused.alerts[0]!.paused).toBe(true);
    expect(view([ev.loaded, ev.pause, ev.pauseFailed]).error).toMatch(/./);
  });

  it('delete is confirmed; a failed delete stays in the confirm with its words', () => {
    const asking = view([ev.loaded, ev.remove]);
    expect(asking.confirm!.rule).toBe('DAU goes above 1,200');
    const gone = view([ev.loaded, ev.remove, ev.confirm, ev.deleted]);
    expect(gone.alerts).toEqual([]);
    expect(gone.notice).toBe('Metric alert deleted.');
    const kept = view([ev.loaded, ev.remove, ev.confirm, ev.deleteFailed]);
    expect(kept.confirm!.error).toMatch(/./);
    expect(view([ev.loaded, ev.remove, ev.cancel]).confirm).toBeNull();
  });
});
