/**
 * "Alert on a metric…" on a saved report (docs/notifications.md §Metric alerts): opens the metric alert dialog on the
 * report's saved metrics; MetricAlertCount says how many alerts the person has on this report. The flow is the metric-alert
 * machine (src/machines/metric-alert), one actor per report; the dialog is the notifications' own.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReportBuilderActor } from './useReportBuilder';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { metricAlertFlow } from '../../machines/metric-alert/metric-alert.actors';
import { metricAlertActions, selectMetricAlerts } from '../../machines/metric-alert/metric-alert.selectors';
import { MetricAlertDialog } from '../notifications/MetricAlertDialog';
import { Button } from '../ui/Button';
import { BellIcon } from './icons';

/** The saved report's metrics with their catalogue labels (what the server accepts: the saved template's). */
const savedMetrics = (snapshot: ReturnType<ReportBuilderActor['getSnapshot']>) => {
  const { baseline, modelConfig } = snapshot.context;
  return baseline.config.metrics.map((m) => ({
    column: m.column_name,
    label: modelConfig?.select.find((c) => c.column_name === m.column_name)?.label ?? m.label ?? m.column_name,
  }));
};

/** The person's alerts on this report: one actor per report, shared by the button and the count. */
const useReportAlerts = (workspaceId: string, reportId: string) =>
  useFlowActor(metricAlertFlow, { workspaceId, reportId }, { key: `metric-alerts:report:${reportId}` });

/** "2 alerts on this report", under the report's title (nothing while there are none). */
export function MetricAlertCount({ workspaceId, reportId }: { workspaceId: string; reportId: string }) {
  const count = useSelector(useReportAlerts(workspaceId, reportId), (s) => selectMetricAlerts(s).alerts.length);
  if (count === 0) return null;
  return (
    <p className="mt-1 px-1 text-xs text-slate-600">
      {count} alert{count === 1 ? '' : 's'} on this report
    </p>
  );
}

export function MetricAlertButton({
  builder,
  workspaceId,
  appId,
  reportId,
}: {
  builder: ReportBuilderActor;
  workspaceId: string;
  appId: string;
  reportId: string;
}) {
  const metrics = useSelector(builder, savedMetrics, shallowEqual);
  const actor = useReportAlerts(workspaceId, reportId);
  const view = useSelector(actor, selectMetricAlerts);
  const act = useActions(actor, metricAlertActions);
  return (
    <>
      <Button
        variant="secondary"
        icon={<BellIcon />}
        onClick={() => act.add({ appId, reportId, metrics })}
        disabled={metrics.length === 0 || view.busy}
        title={metrics.length === 0 ? 'Run the report with a metric to alert on it.' : undefined}
      >
        Alert on a metric…
      </Button>
      <span aria-live="polite" className="sr-only">
        {view.notice ?? ''}
      </span>
      <MetricAlertDialog actor={actor} />
    </>
  );
}
