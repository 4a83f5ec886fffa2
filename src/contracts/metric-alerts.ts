/**
 * Metric alerts (docs/notifications.md §Metric alerts): a person's rule on one metric of a saved report — above or
 * below a value, a change against the previous day of more than N %, or an anomaly (the day's value outside the band
 * of the same weekday over the last 8 weeks, median ± k·MAD) — evaluated after each day's data is processed and
 * delivered through the notification engine as the `metric_alert` alert (bell, e-mail, the workspace's webhooks).
 *
 * The bounds and their messages are shared by the server (the rule) and the dialog (mirrored as typed).
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX, WorkspaceParams } from './codecs';
import { endpoint } from './endpoint';
import { FiniteNumber } from './numbers';

export const METRIC_CONDITIONS = {
  above: 'Goes above',
  below: 'Goes below',
  change: 'Changes by more than',
  anomaly: 'Is unusual for the weekday',
} as const;
export type MetricCondition = keyof typeof METRIC_CONDITIONS;
export const MetricConditionCodec = t.keyof(
  { above: null, below: null, change: null, anomaly: null },
  'MetricCondition',
);

/** Bounds of the threshold, by condition. */
export const METRIC_VALUE_MAX = 1e12;
export const CHANGE_PERCENT_MIN = 1;
export const CHANGE_PERCENT_MAX = 1000;
export const ANOMALY_K_MIN = 1;
export const ANOMALY_K_MAX = 10;
export const ANOMALY_K_DEFAULT = 3;
/** Same-weekday values the anomaly band is made of (8 weeks), and the fewest it needs to say anything. */
export const ANOMALY_WEEKS = 8;
export const ANOMALY_MIN_VALUES = 4;
/** At most this many metric alerts per person in one workspace. */
export const METRIC_ALERTS_MAX = 50;

export const METRIC_VALUE_MESSAGE = 'Enter a value from -1,000,000,000,000 to 1,000,000,000,000.';
export const CHANGE_PERCENT_MESSAGE = 'Enter a change from 1 to 1,000 %.';
export const ANOMALY_K_MESSAGE = 'Enter k from 1 to 10.';
export const METRIC_NOT_IN_REPORT = 'Choose one of the report’s metrics.';
export const METRIC_ALERTS_LIMIT = `You have ${METRIC_ALERTS_MAX} metric alerts in this workspace. Delete one to add another.`;

/** What is wrong with a threshold for its condition, or null (the server's rule, mirrored by the dialog). */
export function thresholdProblem(condition: MetricCondition, threshold: number): string | null {
  if (!Number.isFinite(threshold))
    return condition === 'change'
      ? CHANGE_PERCENT_MESSAGE
      : condition === 'anomaly'
        ? ANOMALY_K_MESSAGE
        : METRIC_VALUE_MESSAGE;
  if (condition === 'change')
    return threshold >= CHANGE_PERCENT_MIN && threshold <= CHANGE_PERCENT_MAX ? null : CHANGE_PERCENT_MESSAGE;
  if (condition === 'anomaly')
    return threshold >= ANOMALY_K_MIN && threshold <= ANOMALY_K_MAX ? null : ANOMALY_K_MESSAGE;
  return Math.abs(threshold) <= METRIC_VALUE_MAX ? null : METRIC_VALUE_MESSAGE;
}

/** "DAU goes above 1,200", "DAU changes by more than 20 % from the previous day", "DAU is outside median ± 3·MAD…". */
export function describeRule(metricLabel: string, condition: MetricCondition, threshold: number): string {
  const n = threshold.toLocaleString('en-US', { maximumFractionDigits: 6 });
  switch (condition) {
    case 'above':
      return `${metricLabel} goes above ${n}`;
    case 'below':
      return `${metricLabel} goes below ${n}`;
    case 'change':
      return `${metricLabel} changes by more than ${n} % from the previous day`;
    case 'anomaly':
      return `${metricLabel} is outside median ± ${n}·MAD of the same weekday over ${ANOMALY_WEEKS} weeks`;
  }
}

export const MetricAlertInput = struct(
  {
    appId: Id,
    reportId: Id,
    metric: line(MAX.label),
    condition: MetricConditionCodec,
    /** The value (above/below), the percent (change) or k (anomaly): bounded by condition (thresholdProblem). */
    threshold: FiniteNumber,
    /** Also by e-mail (the bell always; the workspace's webhooks that carry metric alerts too). */
    email: t.boolean,
    paused: t.boolean,
  },
  {},
  'MetricAlertInput',
);
export type MetricAlertInput = t.TypeOf<typeof MetricAlertInput>;

export const MetricAlert = struct({
  id: t.string,
  appId: t.string,
  reportId: t.string,
  /** The report's title, or null when the report was deleted (the rule then never fires). */
  reportTitle: nullable(t.string),
  metric: t.string,
  metricLabel: t.string,
  condition: MetricConditionCodec,
  threshold: t.number,
  email: t.boolean,
  paused: t.boolean,
  /** The day it last fired for (YYYY-MM-DD) and its value then, or null. */
  lastFiredDay: nullable(t.string),
  lastFiredValue: nullable(t.number),
  /** The newest e-mail or webhook delivery of its alerts failed (docs/notifications.md §Metric alerts). */
  deliveryFailing: t.boolean,
  createdAt: t.string,
});
export type MetricAlert = t.TypeOf<typeof MetricAlert>;

export const MetricAlertList = struct({ success: t.literal(true), alerts: t.array(MetricAlert) });
export type MetricAlertList = t.TypeOf<typeof MetricAlertList>;
export const MetricAlertAnswer = struct({ success: t.literal(true), alert: MetricAlert });
export type MetricAlertAnswer = t.TypeOf<typeof MetricAlertAnswer>;
export const MetricAlertParams = struct({ workspaceId: Id, alertId: Id });
export const MetricAlertsQuery = struct({}, { reportId: Id });

export const metricAlertEndpoints = {
  /** The caller's metric alerts in the workspace (of one report with `reportId`). */
  list: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/notifications/metric-alerts',
    params: WorkspaceParams,
    query: MetricAlertsQuery,
    response: MetricAlertList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/notifications/metric-alerts',
    params: WorkspaceParams,
    body: MetricAlertInput,
    response: MetricAlertAnswer,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/workspace/:workspaceId/notifications/metric-alerts/:alertId',
    params: MetricAlertParams,
    body: MetricAlertInput,
    response: MetricAlertAnswer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/workspace/:workspaceId/notifications/metric-alerts/:alertId',
    params: MetricAlertParams,
    response: struct({ success: t.literal(true) }),
  }),
};
