/**
 * The BigQuery Data Status card (docs/integrations.md §Screens and routes, §Plugin states, §Rules and limits): Refresh Schedule (cron in UTC), Last Refreshed, Data Range
 * Available; Start / End date and Process Data (the process-data flow: a dialog with the run's estimated bytes and
 * cost before it starts; 'Processing Data' while the job runs); the
 * Process Data Daily switch (the daily-process flow: reverts on failure); Go to Analyze when connected, else a
 * cross icon and 'Connect to BigQuery to reprocess data'.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { RECONNECT_NOTE } from '../../contracts/integrations';
import type { Plugin } from '../../contracts/plugin';
import { processDataFlow } from '../../machines/process-data/process-data.actors';
import { selectProcessForm } from '../../machines/process-data/process-data.selectors';
import { dailyProcessFlow } from '../../machines/daily-process/daily-process.actors';
import { selectDailySwitch } from '../../machines/daily-process/daily-process.selectors';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { Card } from './Card';
import { Switch } from './Switch';
import { dayOffset, hasOperation, refreshScheduleText, utcTime } from './plugin-view';
import { processDataActions } from '../../machines/process-data/process-data.selectors';
import { dailyProcessActions } from '../../machines/daily-process/daily-process.selectors';
import { useActions } from '../flows/useActions';
import { ProcessStartDialog } from './ProcessStartDialog';

interface Props {
  plugin: Plugin;
  workspaceId: string;
  appId: string;
  denied: string | null;
}

export function DataStatusCard({ plugin, workspaceId, appId, denied }: Props) {
  const process = useFlowActor(
    processDataFlow,
    { pluginId: plugin.id, appId, start: dayOffset(-29), end: dayOffset(0) },
    { key: `${plugin.id}:process` },
  );
  const daily = useFlowActor(dailyProcessFlow, { pluginId: plugin.id, appId }, { key: `${plugin.id}:daily` });
  const processActions = useActions(process, processDataActions);
  const dailyActions = useActions(daily, dailyProcessActions);
  const processing = hasOperation(plugin, 'bigquery_process_event');
  const preconditions = {
    hasCredentials: !!plugin.credentials,
    inProgress: processing,
    today: dayOffset(0),
    earliest: plugin.dataRange?.start ?? null,
  };
  const form = useSelector(process, (s) => selectProcessForm(s, preconditions));
  const dailySwitch = useSelector(daily, (s) => selectDailySwitch(s, plugin.attributes?.dailyProcess ?? false));
  const connected = plugin.connected !== 'disconnected';
  const range = plugin.dataRange;

  return (
    <Card title="Data Status">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-600">Refresh Schedule</dt>
        <dd data-testid="refresh-schedule" className="text-slate-900">
          {refreshScheduleText(plugin.refreshSchedule)}
        </dd>
        <dt className="text-slate-600">Last Refreshed</dt>
        <dd className="text-slate-900">{utcTime(plugin.lastRefresh)}</dd>
        <dt className="text-slate-600">Data Range Available</dt>
        <dd data-testid="data-range" className="text-slate-900">
          {range ? `${range.start} to ${range.end}` : 'N/A'}
        </dd>
      </dl>

      <form
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          processActions.process(preconditions);
        }}
      >
        <label className="block text-sm font-medium text-slate-700">
          Start date
          <input
            type="date"
            required
            value={form.start}
            min={form.bounds.start.min}
            max={form.bounds.start.max}
            aria-describedby={form.datesError ? 'process-dates-error' : undefined}
            onChange={(e) => processActions.setStart(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          End date
          <input
            type="date"
            required
            value={form.end}
            min={form.bounds.end.min}
            max={form.bounds.end.max}
            aria-describedby={form.datesError ? 'process-dates-error' : undefined}
            onChange={(e) => processActions.setEnd(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <Button
          type="submit"
          busy={processing || form.starting}
          disabled={!form.canProcess || !connected}
          deniedReason={denied}
        >
          {processing ? 'Processing Data' : 'Process Data'}
        </Button>
        {form.datesError && (
          <p id="process-dates-error" role="alert" className="text-sm text-red-700 sm:col-span-3">
            {form.datesError}
          </p>
        )}
      </form>

      <ProcessStartDialog
        dialog={form.dialog}
        start={form.start}
        end={form.end}
        onConfirm={processActions.confirm}
        onDismiss={processActions.dismiss}
      />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <Switch
          title={denied ?? undefined}
          checked={dailySwitch.checked}
          disabled={!!denied || dailySwitch.saving}
          onChange={(e) => dailyActions.toggle(e.target.checked)}
        >
          Process Data Daily
        </Switch>
        {connected ? (
          <Link
            href={href.app(workspaceId, appId, 'analyze/overview')}
            className="rounded-lg px-3.5 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-300 hover:bg-indigo-50"
          >
            Go to Analyze
          </Link>
        ) : (
          <p data-testid="reconnect-note" className="flex items-center gap-1.5 text-sm text-slate-700">
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-rose-600" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z"
                clipRule="evenodd"
              />
            </svg>
            {RECONNECT_NOTE}
          </p>
        )}
      </div>
    </Card>
  );
}
