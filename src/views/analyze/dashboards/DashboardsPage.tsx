/**
 * /analyze/dashboards (docs/analyze.md §Dashboards): the app's dashboards, Game health first, each a card with its
 * tile count and last update; editors and admins start a new one. Loaded on demand (routes.ts).
 */
import { Link, useParams } from 'wouter';
import { href } from '../../../paths';
import { useDashboards } from '../../../services/dashboards.queries';
import { useCurrentWorkspace } from '../../workspace/useCurrentWorkspace';
import { viewerDenied } from '../../ui/permissions';
import { EmptyState } from '../../ui/EmptyState';
import { fromNow, fullTime, useNow } from '../time';
import { PlusIcon, ReportIcon } from '../icons';

export default function DashboardsPage() {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const role = useCurrentWorkspace()?.role;
  const dashboards = useDashboards(appId);
  const now = useNow();
  const denied = viewerDenied(role);
  const open = (id: string) => href.app(workspaceId, appId, `analyze/dashboards/${encodeURIComponent(id)}`);
  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Dashboards</h1>
          <p className="mt-1 text-sm text-slate-600">
            Saved reports, cohort tables, funnels and game metrics side by side, with one date range and platform.
          </p>
        </div>
        {denied ? (
          <span className="text-xs text-slate-600" title={denied}>
            View-only: editors and admins make dashboards.
          </span>
        ) : (
          <Link
            href={href.app(workspaceId, appId, 'analyze/dashboards/new')}
            className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            <PlusIcon className="size-4" /> New dashboard
          </Link>
        )}
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={dashboards.isPending || undefined}>
        {dashboards.isPending &&
          [0, 1, 2].map((i) => (
            <div
              key={i}
              role="presentation"
              className="min-h-32 animate-pulse rounded-2xl bg-white p-5 ring-1 ring-slate-200"
            >
              <div className="h-4 w-2/3 rounded bg-slate-200" />
              <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
            </div>
          ))}
        {dashboards.data?.map((d) => (
          <Link
            key={d.id}
            href={open(d.id)}
            className="group flex min-h-32 min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-300"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
              <ReportIcon className="size-5" />
            </span>
            <h2 className="mt-3 line-clamp-2 text-base font-semibold [overflow-wrap:anywhere] text-slate-900 group-hover:text-indigo-700">
              {d.name}
            </h2>
            <p className="mt-auto pt-2 text-xs text-slate-600" title={fullTime(d.updated_at)}>
              {d.tiles} tile{d.tiles === 1 ? '' : 's'} · Updated {fromNow(d.updated_at, now)}
            </p>
          </Link>
        ))}
      </div>
      {dashboards.isSuccess && dashboards.data.length === 0 && (
        <div className="mt-6">
          <EmptyState title="No dashboards yet">
            A Game health dashboard appears once the app has data. {denied ? '' : 'You can also start your own.'}
          </EmptyState>
        </div>
      )}
      {dashboards.isError && (
        <div role="alert" className="mt-6 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200">
          The dashboards could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void dashboards.refetch()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
