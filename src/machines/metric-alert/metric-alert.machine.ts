/**
 * A person's metric alerts (docs/notifications.md §Metric alerts): the list (all of the workspace's on the
 * notifications page, one report's on the report's page), adding one on a metric of a saved report and editing one
 * in a dialog (metric, condition, threshold, e-mail), pausing or resuming one, and deleting one (confirmed).
 *
 *   loading ─┬─ list ──► ready ─ADD | EDIT─► editing ─SAVE (valid)─► saving ─┬─ saved ──► ready ("Metric alert saved.")
 *            └─ thrown ─► failed ─RETRY─► loading   ▲   │ SAVE (invalid): the field's problem, nothing sent
 *                                                   │   └─ CHANGE_* ─► editing      └─ thrown ─► editing (its words)
 *                                                   └──CANCEL──┘
 *   ready ─TOGGLE_PAUSE─► pausing ──► ready            ready ─DELETE─► confirmingDelete ─CONFIRM─► deleting ──► ready
 *
 * The threshold field holds text; its rule is the server's (thresholdProblem, src/contracts/metric-alerts.ts). The
 * calls come from metric-alert.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  ANOMALY_K_DEFAULT,
  thresholdProblem,
  type MetricAlert,
  type MetricAlertAnswer,
  type MetricAlertInput,
  type MetricAlertList,
  type MetricCondition,
} from '../../contracts/metric-alerts';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

/** docs/notifications.md §Messages (ours). */
export const METRIC_ALERTS_LOAD_FAILED = 'We could not load your metric alerts. Please try again.';
export const METRIC_ALERT_SAVE_FAILED = 'We could not save the metric alert. Please try again.';
export const METRIC_ALERT_DELETE_FAILED = 'We could not delete the metric alert. Please try again.';
export const METRIC_ALERT_PAUSE_FAILED = 'We could not pause or resume the metric alert. Please try again.';
export const THRESHOLD_REQUIRED = 'Enter a number.';

/** A report's metric the dialog offers. */
export interface MetricOption {
  column: string;
  label: string;
}
/** The report an alert is added on (the report page). */
export interface AlertReport {
  appId: string;
  reportId: string;
  metrics: MetricOption[];
}

export interface MetricAlertMachineInput {
  workspaceId: string;
  /** Only this report's alerts (the report page), or all of the person's (the notifications page). */
  reportId: string | null;
}

export interface MetricAlertDraft {
  appId: string;
  reportId: string;
  metric: string;
  condition: MetricCondition;
  /** The threshold field's text. */
  threshold: string;
  email: boolean;
  paused: boolean;
}

export interface MetricAlertContext {
  workspaceId: string;
  reportId: string | null;
  alerts: MetricAlert[];
  draft: MetricAlertDraft;
  /** The metrics the dialog offers (the report's). */
  metrics: MetricOption[];
  /** The alert being edited, or null when adding one. */
  editingId: string | null;
  /** The alert being paused, resumed or deleted. */
  target: string | null;
  /** Show the threshold's problem (after a SAVE that was not valid). */
  showErrors: boolean;
  notice: string | null;
  error: string | null;
}

export type MetricAlertEvent =
  | { type: 'RETRY' }
  | { type: 'ADD'; report: AlertReport }
  | { type: 'EDIT'; id: string; metrics: MetricOption[] }
  | { type: 'CHANGE_METRIC'; metric: string }
  | { type: 'CHANGE_CONDITION'; condition: MetricCondition }
  | { type: 'CHANGE_THRESHOLD'; value: string }
  | { type: 'TOGGLE_EMAIL' }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'TOGGLE_PAUSE'; id: string }
  | { type: 'DELETE'; id: string }
  | { type: 'CONFIRM' };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

/** The threshold field's problem as typed, or null. */
export function thresholdError(condition: MetricCondition, text: string): string | null {
  if (text.trim() === '') return THRESHOLD_REQUIRED;
  const value = Number(text.trim());
  if (!Number.isFinite(value)) return THRESHOLD_REQUIRED;
  return thresholdProblem(condition, value);
}

/** A condition's starting threshold when it is chosen: k = 3 for an anomaly, 20 % for a change. */
const defaultThreshold = (condition: MetricCondition, current: string) =>
  condition === 'anomaly' ? String(ANOMALY_K_DEFAULT) : condition === 'change' ? '20' : current;

export const toInput = (draft: MetricAlertDraft): MetricAlertInput => ({
  appId: draft.appId,
  reportId: draft.reportId,
  metric: draft.metric,
  condition: draft.condition,
  threshold: Number(draft.threshold.trim()),
  email: draft.email,
  paused: draft.paused,
});
const ofAlert = (alert: MetricAlert, overrides: Partial<MetricAlertDraft> = {}): MetricAlertDraft => ({
  appId: alert.appId,
  reportId: alert.reportId,
  metric: alert.metric,
  condition: alert.condition,
  threshold: String(alert.threshold),
  email: alert.email,
  paused: alert.paused,
  ...overrides,
});
const replaced = (list: MetricAlert[], alert: MetricAlert) =>
  list.some((a) => a.id === alert.id) ? list.map((a) => (a.id === alert.id ? alert : a)) : [...list, alert];
const EMPTY: MetricAlertDraft = {
  appId: '',
  reportId: '',
  metric: '',
  condition: 'above',
  threshold: '',
  email: true,
  paused: false,
};

export const metricAlertMachine = setup({
  types: {
    context: {} as MetricAlertContext,
    events: {} as MetricAlertEvent,
    input: {} as MetricAlertMachineInput,
  },
  actors: {
    loadMetricAlerts: toProvide<MetricAlertList, { workspaceId: string; reportId: string | null }>('loadMetricAlerts'),
    saveMetricAlert: toProvide<
      MetricAlertAnswer,
      { workspaceId: string; alertId: string | null; input: MetricAlertInput }
    >('saveMetricAlert'),
    deleteMetricAlert: toProvide<{ success: true }, { workspaceId: string; alertId: string }>('deleteMetricAlert'),
  },
  guards: {
    known: ({ context, event }) => 'id' in event && context.alerts.some((a) => a.id === event.id),
    hasMetrics: ({ event }) => event.type === 'ADD' && event.report.metrics.length > 0,
    valid: ({ context }) =>
      context.draft.metric !== '' && thresholdError(context.draft.condition, context.draft.threshold) === null,
  },
}).createMachine({
  id: 'metricAlert',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    reportId: input.reportId,
    alerts: [],
    draft: EMPTY,
    metrics: [],
    editingId: null,
    target: null,
    showErrors: false,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMetricAlerts',
        src: 'loadMetricAlerts',
        input: ({ context }) => ({ workspaceId: context.workspaceId, reportId: context.reportId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ alerts: event.output.alerts, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, METRIC_ALERTS_LOAD_FAILED) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        ADD: {
          guard: 'hasMetrics',
          target: 'editing',
          actions: assign(({ event }) => ({
            draft: {
              ...EMPTY,
              appId: event.report.appId,
              reportId: event.report.reportId,
              metric: event.report.metrics[0]!.column,
            },
            metrics: event.report.metrics,
            editingId: null,
            showErrors: false,
            notice: null,
            error: null,
          })),
        },
        EDIT: {
          guard: 'known',
          target: 'editing',
          actions: assign(({ context, event }) => {
            const alert = context.alerts.find((a) => a.id === event.id)!;
            const metrics = event.metrics.some((m) => m.column === alert.metric)
              ? event.metrics
              : [{ column: alert.metric, label: alert.metricLabel }, ...event.metrics];
            return {
              draft: ofAlert(alert),
              metrics,
              editingId: alert.id,
              showErrors: false,
              notice: null,
              error: null,
            };
          }),
        },
        TOGGLE_PAUSE: {
          guard: 'known',
          target: 'pausing',
          actions: assign(({ event }) => ({ target: event.id, notice: null, error: null })),
        },
        DELETE: {
          guard: 'known',
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ target: event.id, notice: null, error: null })),
        },
      },
    },
    editing: {
      on: {
        CHANGE_METRIC: {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, metric: event.metric } })),
        },
        CHANGE_CONDITION: {
          actions: assign(({ context, event }) => ({
            draft: {
              ...context.draft,
              condition: event.condition,
              threshold:
                event.condition === context.draft.condition
                  ? context.draft.threshold
                  : defaultThreshold(event.condition, context.draft.threshold),
            },
          })),
        },
        CHANGE_THRESHOLD: {
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, threshold: event.value } })),
        },
        TOGGLE_EMAIL: {
          actions: assign(({ context }) => ({ draft: { ...context.draft, email: !context.draft.email } })),
        },
        SAVE: [
          { guard: 'valid', target: 'saving', actions: assign({ error: null }) },
          { actions: assign({ showErrors: true }) },
        ],
        CANCEL: { target: 'ready', actions: assign({ error: null, showErrors: false }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveMetricAlert',
        src: 'saveMetricAlert',
        input: ({ context }) => ({
          workspaceId: context.workspaceId,
          alertId: context.editingId,
          input: toInput(context.draft),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            alerts: replaced(context.alerts, event.output.alert),
            notice: 'Metric alert saved.',
            showErrors: false,
          })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, METRIC_ALERT_SAVE_FAILED) })),
        },
      },
    },
    pausing: {
      invoke: {
        id: 'pauseMetricAlert',
        src: 'saveMetricAlert',
        input: ({ context }) => {
          const alert = context.alerts.find((a) => a.id === context.target)!;
          return {
            workspaceId: context.workspaceId,
            alertId: alert.id,
            input: toInput(ofAlert(alert, { paused: !alert.paused })),
          };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            alerts: replaced(context.alerts, event.output.alert),
            target: null,
            notice: event.output.alert.paused ? 'Metric alert paused.' : 'Metric alert resumed.',
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ target: null, error: wordsOf(event.error, METRIC_ALERT_PAUSE_FAILED) })),
        },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: { target: 'ready', actions: assign({ target: null, error: null }) } },
    },
    deleting: {
      invoke: {
        id: 'deleteMetricAlert',
        src: 'deleteMetricAlert',
        input: ({ context }) => ({ workspaceId: context.workspaceId, alertId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({
            alerts: context.alerts.filter((a) => a.id !== context.target),
            target: null,
            notice: 'Metric alert deleted.',
          })),
        },
        onError: {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, METRIC_ALERT_DELETE_FAILED) })),
        },
      },
    },
  },
});

export type MetricAlertSnapshot = SnapshotFrom<typeof metricAlertMachine>;
export type MetricAlertActor = ActorRefFrom<typeof metricAlertMachine>;
