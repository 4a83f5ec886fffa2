/**
 * /analyze/list: the saved reports of the app in a table (title, last update), newest first, each with Open and
 * Delete (the 'Delete Report' confirm of docs/analyze.md §Screens and routes, through the delete-report flow). 'No Report Found' when empty.
 * The title column takes the room the others leave: a long title wraps to two lines, then ends in an ellipsis with
 * the whole title in its tooltip (and as the link's name).
 */
import { Link, useParams } from 'wouter';
import { deleteReportFlow } from '../../machines/delete-report/delete-report.actors';
import { useTemplates } from '../../services/analyze.queries';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { DeleteReportDialog } from './DeleteReportDialog';
import { AnalyzePromo } from './AnalyzePromo';
import { fromNow, fullTime, useNow } from './time';
import { PlusIcon, TrashIcon } from './icons';
import { NoReportFound, SavedReportsLoadError } from './SavedReportsState';
import { deleteReportActions } from '../../machines/delete-report/delete-report.selectors';
import { useActions } from '../flows/useActions';
import { Table } from '../ui/Table';

export default function ListPage() {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const app = useCurrentApp();
  const enabled = app?.enableAnalyze !== false;
  const templates = useTemplates(appId, enabled);
  const now = useNow();
  const deletion = useFlowActor(deleteReportFlow, { appId }, { key: appId });
  const deletionActions = useActions(deletion, deleteReportActions);
  if (!enabled) return <AnalyzePromo workspaceId={workspaceId} appId={appId} />;
  const reportHref = (id: string) => href.app(workspaceId, appId, `analyze/report/${encodeURIComponent(id)}`);

  return (
    <section className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Reports</h1>
          <p className="mt-1 text-sm text-slate-500">Saved reports of {app?.appName ?? 'this app'}, newest first.</p>
        </div>
        <div className="flex gap-2">
          <Link
            href={href.app(workspaceId, appId, 'analyze/overview')}
            className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white"
          >
            Overview
          </Link>
          <Link
            href={href.app(workspaceId, appId, 'analyze/new')}
            className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
          >
            <PlusIcon /> Create Blank Report
          </Link>
        </div>
      </div>

      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <Table
          frame={{ bare: true }}
          classes={{
            table: 'min-w-full text-left text-sm',
            head: 'bg-slate-50 text-xs font-semibold text-slate-600 uppercase',
            headerCell: 'px-4 py-3',
            row: 'hover:bg-slate-50',
          }}
          rows={templates.data ?? []}
          rowKey={(t) => t.id}
          placeholder={
            templates.isPending &&
            [0, 1, 2].map((i) => (
              <tr key={i} className="animate-pulse">
                <td className="px-4 py-4">
                  <div className="h-4 w-56 max-w-full rounded bg-slate-200" />
                </td>
                <td className="hidden px-4 py-4 sm:table-cell">
                  <div className="h-3 w-24 rounded bg-slate-100" />
                </td>
                <td className="px-4 py-4" />
              </tr>
            ))
          }
          columns={[
            {
              header: 'Title',
              className: 'w-full max-w-0',
              cell: (t) => (
                <>
                  <Link
                    href={reportHref(t.id)}
                    title={t.title}
                    className="line-clamp-2 font-medium [overflow-wrap:anywhere] text-slate-900 hover:text-indigo-700"
                  >
                    {t.title}
                  </Link>
                  <span className="text-xs text-slate-600 sm:hidden">Updated {fromNow(t.updated_at, now)}</span>
                </>
              ),
            },
            {
              header: 'Last updated',
              headerClassName: 'hidden sm:table-cell',
              className: 'hidden whitespace-nowrap text-slate-600 sm:table-cell',
              title: (t) => fullTime(t.updated_at),
              cell: (t) => fromNow(t.updated_at, now),
            },
          ]}
          rowActions={{
            headerClassName: 'text-right',
            cell: (t) => (
              <div className="flex justify-end gap-1">
                <Link
                  href={reportHref(t.id)}
                  aria-label={`Open ${t.title}`}
                  className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
                >
                  Open
                </Link>
                <button
                  type="button"
                  onClick={() => deletionActions.remove(t)}
                  aria-label={`Delete ${t.title}`}
                  className="rounded-lg p-1.5 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
                >
                  <TrashIcon />
                </button>
              </div>
            ),
          }}
        />
        {templates.isSuccess && templates.data.length === 0 && (
          <NoReportFound hint="Create a report and run it: it is saved here." className="px-6 py-12 text-center" />
        )}
        {templates.isError && <SavedReportsLoadError onRetry={() => void templates.refetch()} className="px-4 py-4" />}
      </div>

      <DeleteReportDialog actor={deletion} />
    </section>
  );
}
