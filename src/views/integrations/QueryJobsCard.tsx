/**
 * The BigQuery tab's Jobs card (docs/integrations.md §Job history): the app's Process Data and report runs, newest first,
 * with start, duration, bytes processed and billed, estimated cost, outcome and error; "Load more" pages by cursor;
 * a running job has Cancel (confirm first; viewers see it disabled with the view-only reason). Every row reads as a
 * short block of facts, so the card fits 700 px without sideways scroll.
 */
import { useSelector } from '@xstate/react';
import {
  QUERY_JOB_ENGINE_LABELS,
  QUERY_JOB_KIND_LABELS,
  QUERY_JOB_STATE_LABELS,
  formatByteCount,
  formatDuration,
  formatUsd,
  type QueryJob,
} from '../../contracts/query-jobs';
import { queryJobsFlow } from '../../machines/query-jobs/query-jobs.actors';
import { queryJobsActions, selectQueryJobs } from '../../machines/query-jobs/query-jobs.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Card } from './Card';
import { utcTime } from './plugin-view';

const STATE_TONES: Record<QueryJob['state'], string> = {
  running: 'bg-sky-50 text-sky-800 ring-sky-200',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-rose-50 text-rose-800 ring-rose-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

function bytesText(job: QueryJob) {
  if (job.bytesProcessed === null) return '—';
  return `${formatByteCount(job.bytesProcessed)}${job.bytesEstimated ? ' (estimated)' : ''}`;
}

export function QueryJobsCard({ appId, denied }: { appId: string; denied: string | null }) {
  const actor = useFlowActor(queryJobsFlow, { appId }, { key: `${appId}:query-jobs` });
  const view = useSelector(actor, selectQueryJobs);
  const act = useActions(actor, queryJobsActions);

  return (
    <Card
      title="Jobs"
      actions={
        <Button variant="secondary" onClick={act.refresh} disabled={view.loading}>
          Refresh
        </Button>
      }
    >
      <p className="text-xs text-slate-500">
        Process Data and report runs.
        {view.usdPerTiB !== null && ` Costs are estimated at $${view.usdPerTiB.toFixed(2)} per TiB (on-demand).`}
      </p>
      {view.loading ? (
        <p className="mt-3 text-sm text-slate-600" role="status">
          Loading jobs…
        </p>
      ) : view.error ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-rose-700">
            {view.error}
          </p>
          <Button variant="secondary" onClick={act.retry}>
            Try again
          </Button>
        </div>
      ) : view.entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No jobs yet. Process Data and report runs appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Jobs">
          {view.entries.map((job) => (
            <li key={job.id} className="py-3" data-testid="query-job">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 text-sm font-medium break-words text-slate-900">
                  {QUERY_JOB_KIND_LABELS[job.kind]}: {job.label}
                </p>
                <div className="flex items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATE_TONES[job.state]}`}>
                    {QUERY_JOB_STATE_LABELS[job.state]}
                  </span>
                  {job.cancellable && (
                    <Button variant="secondary" deniedReason={denied} onClick={() => act.cancel(job.id)}>
                      Cancel
                    </Button>
                  )}
                </div>
              </div>
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
                <dt className="text-slate-500">Started</dt>
                <dd className="text-slate-800">{utcTime(Date.parse(job.startedAt))}</dd>
                <dt className="text-slate-500">Duration</dt>
                <dd className="text-slate-800">
                  {job.durationMs === null ? 'Running' : formatDuration(job.durationMs)}
                </dd>
                <dt className="text-slate-500">Bytes processed</dt>
                <dd className="text-slate-800">{bytesText(job)}</dd>
                <dt className="text-slate-500">Bytes billed</dt>
                <dd className="text-slate-800">
                  {job.bytesBilled === null
                    ? job.engine === 'bigquery'
                      ? '—'
                      : 'Not billed'
                    : formatByteCount(job.bytesBilled)}
                </dd>
                <dt className="text-slate-500">Estimated cost</dt>
                <dd className="text-slate-800">{job.costUsd === null ? '—' : formatUsd(job.costUsd)}</dd>
                <dt className="text-slate-500">Engine</dt>
                <dd className="text-slate-800">{QUERY_JOB_ENGINE_LABELS[job.engine]}</dd>
              </dl>
              {job.error && <p className="mt-1 text-xs break-words text-rose-700">Error: {job.error}</p>}
            </li>
          ))}
        </ul>
      )}
      {view.moreError && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {view.moreError}
        </p>
      )}
      {view.hasMore && !view.loading && (
        <div className="mt-3">
          <Button variant="secondary" onClick={act.more} busy={view.loadingMore}>
            Load more
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={view.confirm.open}
        title={view.confirm.title}
        message={view.confirm.message}
        confirmLabel="Cancel job"
        busy={view.confirm.busy}
        error={view.confirm.error}
        onConfirm={act.confirm}
        onCancel={act.dismiss}
      />
    </Card>
  );
}
