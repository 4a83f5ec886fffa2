/**
 * The person's metric alerts on /workspace/{id}/notifications (docs/notifications.md §Metric alerts): each rule in
 * words with its report, last fired, "Paused" and "Delivery failing", and Edit, Pause/Resume and Delete (confirmed).
 * New ones are added from a saved report ("Alert on a metric…"). The flow is the metric-alert machine; this view
 * only shows its view model.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { metricAlertFlow } from '../../machines/metric-alert/metric-alert.actors';
import {
  metricAlertActions,
  selectMetricAlerts,
  type MetricAlertsView,
} from '../../machines/metric-alert/metric-alert.selectors';
import type { MetricAlertActor } from '../../machines/metric-alert/metric-alert.machine';
import { href } from '../../paths';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { MetricAlertDialog } from './MetricAlertDialog';
import { DeliveryFailing } from './DeliveryFailing';

type Alert = MetricAlertsView['alerts'][number];
type Actions = ReturnType<typeof metricAlertActions>;

function AlertCard({
  workspaceId,
  alert,
  busy,
  act,
}: {
  workspaceId: string;
  alert: Alert;
  busy: boolean;
  act: Actions;
}) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {alert.rule}
          </h3>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {alert.reportTitle ? (
              <Link
                className="text-indigo-700 underline-offset-2 hover:underline"
                href={href.app(workspaceId, alert.appId, `analyze/report/${alert.reportId}`)}
              >
                {alert.reportTitle}
              </Link>
            ) : (
              'The report was deleted: this alert no longer fires.'
            )}
            {' · '}
            {alert.email ? 'Bell and e-mail' : 'Bell only'}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {alert.lastFiredDay
              ? `Last fired for ${alert.lastFiredDay} (value ${alert.lastFiredValue?.toLocaleString('en-US', { maximumFractionDigits: 2 })}).`
              : 'Not fired yet.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {alert.paused && (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Paused</span>
          )}
          {alert.deliveryFailing && <DeliveryFailing />}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => act.edit(alert.id, [])}
          aria-label={`Edit alert: ${alert.rule}`}
        >
          Edit
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          busy={alert.pausing}
          onClick={() => act.togglePause(alert.id)}
          aria-label={`${alert.paused ? 'Resume' : 'Pause'} alert: ${alert.rule}`}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => act.remove(alert.id)}
          aria-label={`Delete alert: ${alert.rule}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The list, its notices and the dialogs, for an actor of the metric-alert flow (also the report page's). */
export function MetricAlertList({
  actor,
  workspaceId,
  empty,
}: {
  actor: MetricAlertActor;
  workspaceId: string;
  empty: string;
}) {
  const view = useSelector(actor, selectMetricAlerts);
  const act = useActions(actor, metricAlertActions);
  return (
    <>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {view.notice && <p className="text-emerald-700">{view.notice}</p>}
      </div>
      {view.error && (
        <p role="alert" className="mb-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {view.error}
        </p>
      )}
      {view.loading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner label="Loading your metric alerts" /> Loading your metric alerts…
        </p>
      ) : view.failed ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center">
          <p className="text-sm text-slate-700">{view.loadError}</p>
          <Button variant="secondary" className="mt-3" onClick={act.retry}>
            Try again
          </Button>
        </div>
      ) : view.alerts.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul aria-label="Metric alerts" className="space-y-3">
          {view.alerts.map((alert) => (
            <AlertCard key={alert.id} workspaceId={workspaceId} alert={alert} busy={view.busy} act={act} />
          ))}
        </ul>
      )}
      <MetricAlertDialog actor={actor} />
      <ConfirmDialog
        open={view.confirm !== null}
        title="Delete metric alert?"
        message={`“${view.confirm?.rule ?? ''}” will no longer be checked.`}
        confirmLabel="Delete"
        tone="danger"
        busy={view.confirm?.busy}
        error={view.confirm?.error}
        onConfirm={act.confirm}
        onCancel={act.cancel}
      />
    </>
  );
}

export function MetricAlertsSection({ workspaceId }: { workspaceId: string }) {
  const actor = useFlowActor(metricAlertFlow, { workspaceId, reportId: null }, { key: `metric-alerts:${workspaceId}` });
  return (
    <section aria-labelledby="metric-alerts-heading" className="mt-10">
      <h2 id="metric-alerts-heading" className="text-xl font-bold text-slate-900">
        Metric alerts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your own alerts on the metrics of saved reports, checked after each day’s data is processed. Add one from a
        saved report with “Alert on a metric…”.
      </p>
      <MetricAlertList
        actor={actor}
        workspaceId={workspaceId}
        empty="No metric alerts yet. Open a saved report and choose “Alert on a metric…”."
      />
    </section>
  );
}
