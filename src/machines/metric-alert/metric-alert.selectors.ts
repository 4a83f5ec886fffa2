/** View model of a person's metric alerts: the list, the dialog and its problem, the delete confirm. */
import {
  ANOMALY_K_MAX,
  ANOMALY_K_MIN,
  CHANGE_PERCENT_MAX,
  CHANGE_PERCENT_MIN,
  describeRule,
  METRIC_CONDITIONS,
  type MetricCondition,
} from '../../contracts/metric-alerts';
import { thresholdError, type MetricAlertSnapshot, type metricAlertMachine } from './metric-alert.machine';
import type { SendTo } from '../shared/flow';

/** The threshold field's label and hint, by condition. */
export const THRESHOLD_FIELD: Readonly<Record<MetricCondition, { label: string; hint: string }>> = {
  above: { label: 'Value', hint: 'Fires when the day’s value is above this.' },
  below: { label: 'Value', hint: 'Fires when the day’s value is below this.' },
  change: {
    label: 'Change (%)',
    hint: `From ${CHANGE_PERCENT_MIN} to ${CHANGE_PERCENT_MAX.toLocaleString('en-US')} %, up or down, against the previous day.`,
  },
  anomaly: {
    label: 'k (band width)',
    hint: `From ${ANOMALY_K_MIN} to ${ANOMALY_K_MAX}: outside median ± k·MAD of the same weekday over the last 8 weeks.`,
  },
};

export function selectMetricAlerts(s: MetricAlertSnapshot) {
  const c = s.context;
  const target = c.alerts.find((a) => a.id === c.target);
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    loadError: s.matches('failed') ? c.error : null,
    listed: !s.matches('loading') && !s.matches('failed'),
    busy: !s.matches('ready'),
    alerts: c.alerts.map((alert) => ({
      ...alert,
      rule: describeRule(alert.metricLabel, alert.condition, alert.threshold),
      pausing: s.matches('pausing') && c.target === alert.id,
    })),
    notice: s.matches('ready') ? c.notice : null,
    error: s.matches('ready') ? c.error : null,
    dialog:
      s.matches('editing') || s.matches('saving')
        ? {
            adding: c.editingId === null,
            metric: c.draft.metric,
            metrics: c.metrics,
            condition: c.draft.condition,
            conditions: (Object.keys(METRIC_CONDITIONS) as MetricCondition[]).map((value) => ({
              value,
              label: METRIC_CONDITIONS[value],
            })),
            threshold: c.draft.threshold,
            thresholdField: THRESHOLD_FIELD[c.draft.condition],
            thresholdError: c.showErrors ? thresholdError(c.draft.condition, c.draft.threshold) : null,
            email: c.draft.email,
            saving: s.matches('saving'),
            error: s.matches('editing') ? c.error : null,
          }
        : null,
    confirm:
      (s.matches('confirmingDelete') || s.matches('deleting')) && target
        ? {
            rule: describeRule(target.metricLabel, target.condition, target.threshold),
            busy: s.matches('deleting'),
            error: s.matches('confirmingDelete') ? c.error : null,
          }
        : null,
  };
}
export type MetricAlertsView = ReturnType<typeof selectMetricAlerts>;

export const metricAlertActions = (send: SendTo<typeof metricAlertMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  add: (report: { appId: string; reportId: string; metrics: { column: string; label: string }[] }) =>
    send({ type: 'ADD', report }),
  edit: (id: string, metrics: { column: string; label: string }[]) => send({ type: 'EDIT', id, metrics }),
  changeMetric: (metric: string) => send({ type: 'CHANGE_METRIC', metric }),
  changeCondition: (condition: MetricCondition) => send({ type: 'CHANGE_CONDITION', condition }),
  changeThreshold: (value: string) => send({ type: 'CHANGE_THRESHOLD', value }),
  toggleEmail: () => send({ type: 'TOGGLE_EMAIL' }),
  save: () => send({ type: 'SAVE' }),
  cancel: () => send({ type: 'CANCEL' }),
  togglePause: (id: string) => send({ type: 'TOGGLE_PAUSE', id }),
  remove: (id: string) => send({ type: 'DELETE', id }),
  confirm: () => send({ type: 'CONFIRM' }),
});
