/**
 * The metric alert dialog (docs/notifications.md §Metric alerts): the metric (one of the report's), the condition,
 * its threshold (checked as typed is saved: the server's rule), and e-mail. A Headless UI dialog (FormModal): the focus
 * stays inside, Escape and Cancel close it. Bound to a metric-alert actor; nothing shows while it is not editing.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { MetricAlertActor } from '../../machines/metric-alert/metric-alert.machine';
import { metricAlertActions, selectMetricAlerts } from '../../machines/metric-alert/metric-alert.selectors';
import type { MetricCondition } from '../../contracts/metric-alerts';
import { useActions } from '../flows/useActions';
import { FormModal } from '../ui/FormModal';
import { TextField } from '../ui/TextField';

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50';

export function MetricAlertDialog({ actor }: { actor: MetricAlertActor }) {
  const dialog = useSelector(actor, (s) => selectMetricAlerts(s).dialog);
  const act = useActions(actor, metricAlertActions);
  const metricId = useId();
  const conditionId = useId();
  return (
    <FormModal
      open={dialog !== null}
      title={dialog?.adding === false ? 'Edit metric alert' : 'Alert on a metric'}
      onClose={act.cancel}
      onSubmit={act.save}
      submitLabel={dialog?.adding === false ? 'Save alert' : 'Add alert'}
      busy={dialog?.saving}
      className="space-y-4"
    >
      {dialog && (
        <>
          <p className="text-sm text-slate-600">
            Checked after each day’s data is processed; it tells you at most once a day, under the bell.
          </p>
          <div>
            <label htmlFor={metricId} className="block text-sm font-medium text-slate-700">
              Metric
            </label>
            <select
              id={metricId}
              className={selectClass}
              value={dialog.metric}
              disabled={dialog.saving}
              onChange={(e) => act.changeMetric(e.target.value)}
            >
              {dialog.metrics.map((m) => (
                <option key={m.column} value={m.column}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={conditionId} className="block text-sm font-medium text-slate-700">
              Condition
            </label>
            <select
              id={conditionId}
              className={selectClass}
              value={dialog.condition}
              disabled={dialog.saving}
              onChange={(e) => act.changeCondition(e.target.value as MetricCondition)}
            >
              {dialog.conditions.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={dialog.thresholdField.label}
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={dialog.threshold}
            error={dialog.thresholdError}
            hint={dialog.thresholdField.hint}
            disabled={dialog.saving}
            onChange={(e) => act.changeThreshold(e.target.value)}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Channels</legend>
            <p className="mt-1 text-xs text-slate-500">
              Always under the bell; also to the workspace’s webhooks that carry metric alerts.
            </p>
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={dialog.email}
                onChange={act.toggleEmail}
                disabled={dialog.saving}
                className="size-4 rounded border-slate-400 text-indigo-600"
              />
              Also by e-mail
            </label>
          </fieldset>
          {dialog.error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {dialog.error}
            </p>
          )}
        </>
      )}
    </FormModal>
  );
}
