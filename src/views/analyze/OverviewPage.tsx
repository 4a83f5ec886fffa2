/**
 * /analyze/overview (docs/analyze.md §Screens and routes "Analyze overview"): heading, a Create Blank Report card, an "Ask in plain words" card
 * (/analyze/reportAi), the cohorts, funnels and dashboards cards, one card per dashboard (docs/analyze.md §Dashboards)
 * and one card per saved report,
 * newest first, each with its title and relative last-update time; 'No Report Found' when there is none; a loading
 * skeleton while the templates load; the BigQuery promo when Analyze is not enabled for the app (docs/analyze.md §Report states).
 * Loads no chart or Excel code: the results panel is only loaded by the builder once a result shows.
 */
import { Link, useParams } from 'wouter';
import { useTemplates } from '../../services/analyze.queries';
import { useDashboards } from '../../services/dashboards.queries';
import { href } from '../../paths';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { AnalyzePromo } from './AnalyzePromo';
import { fromNow, fullTime, useNow } from './time';
import { ChatIcon, ListIcon, PlusIcon, ReportIcon } from './icons';
import { NoReportFound, SavedReportsLoadError } from './SavedReportsState';

export default function OverviewPage() {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const app = useCurrentApp();
  const enabled = app?.enableAnalyze !== false;
  const templates = useTemplates(appId, enabled);
  const dashboards = useDashboards(appId, enabled);
  const now = useNow();
  if (!enabled) return <AnalyzePromo workspaceId={workspaceId} appId={appId} />;
  const reportHref = (id: string) => href.app(workspaceId, appId, `analyze/report/${encodeURIComponent(id)}`);
  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Unearth the Treasures in Your Data</h1>
          <p className="mt-1 text-sm text-slate-500">
            Build a report over {app?.appName ?? 'your app'}'s game events, or open a saved one.
          </p>
        </div>
        <Link
          href={href.app(workspaceId, appId, 'analyze/list')}
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white"
        >
          <ListIcon /> All reports
        </Link>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={templates.isPending || undefined}>
        <Link
          href={href.app(workspaceId, appId, 'analyze/new')}
          className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-indigo-200 bg-indigo-50/50 p-5 text-center transition hover:border-indigo-400 hover:bg-indigo-50"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition group-hover:scale-105">
            <PlusIcon className="size-5" />
          </span>
          <span className="text-base font-semibold text-indigo-700">Create Blank Report</span>
        </Link>
        <Link
          href={href.app(workspaceId, appId, 'analyze/reportAi')}
          className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-sky-200 bg-sky-50/50 p-5 text-center transition hover:border-sky-400 hover:bg-sky-50"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-sky-600 text-white shadow-sm transition group-hover:scale-105">
            <ChatIcon className="size-5" />
          </span>
          <span className="text-base font-semibold text-sky-800">Ask in plain words</span>
        </Link>
        <Link
          href={href.app(workspaceId, appId, 'analyze/cohorts')}
          className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-emerald-200 bg-emerald-50/50 p-5 text-center transition hover:border-emerald-400 hover:bg-emerald-50"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-emerald-700 text-white shadow-sm transition group-hover:scale-105">
            <ReportIcon className="size-5" />
          </span>
          <span className="text-base font-semibold text-emerald-800">Retention cohorts</span>
        </Link>
        <Link
          href={href.app(workspaceId, appId, 'analyze/funnels')}
          className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-amber-200 bg-amber-50/50 p-5 text-center transition hover:border-amber-400 hover:bg-amber-50"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-amber-700 text-white shadow-sm transition group-hover:scale-105">
            <ListIcon className="size-5" />
          </span>
          <span className="text-base font-semibold text-amber-900">Funnels</span>
        </Link>
        <Link
          href={href.app(workspaceId, appId, 'analyze/dashboards')}
          className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-violet-200 bg-violet-50/50 p-5 text-center transition hover:border-violet-400 hover:bg-violet-50"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-violet-700 text-white shadow-sm transition group-hover:scale-105">
            <ReportIcon className="size-5" />
          </span>
          <span className="text-base font-semibold text-violet-900">Dashboards</span>
        </Link>

        {dashboards.data?.map((d) => (
          <Link
            key={`dashboard-${d.id}`}
            href={href.app(workspaceId, appId, `analyze/dashboards/${encodeURIComponent(d.id)}`)}
            className="group flex min-h-36 min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-violet-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-violet-400"
          >
            <span className="w-fit rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800">
              Dashboard
            </span>
            <h2
              title={d.name}
              className="mt-3 line-clamp-2 text-base font-semibold [overflow-wrap:anywhere] text-slate-900 group-hover:text-indigo-700"
            >
              {d.name}
            </h2>
            <p className="mt-auto pt-2 text-xs text-slate-600" title={fullTime(d.updated_at)}>
              {d.tiles} tile{d.tiles === 1 ? '' : 's'} · Updated {fromNow(d.updated_at, now)}
            </p>
          </Link>
        ))}

        {templates.isPending &&
          [0, 1, 2, 3, 4].map((i) => (
            <div
              key={i}
              role="presentation"
              className="min-h-36 animate-pulse rounded-2xl bg-white p-5 ring-1 ring-slate-200"
              data-testid="report-card-skeleton"
            >
              <div className="size-9 rounded-lg bg-slate-200" />
              <div className="mt-4 h-4 w-3/4 rounded bg-slate-200" />
              <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
            </div>
          ))}

        {templates.data?.map((t) => (
          <Link
            key={t.id}
            href={reportHref(t.id)}
            className="group flex min-h-36 min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-indigo-300"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-sky-50 text-sky-600">
              <ReportIcon className="size-5" />
            </span>
            <h2
              title={t.title}
              className="mt-4 line-clamp-2 text-base font-semibold [overflow-wrap:anywhere] text-slate-900 group-hover:text-indigo-700"
            >
              {t.title}
            </h2>
            <p className="mt-auto pt-2 text-xs text-slate-600" title={fullTime(t.updated_at)}>
              Updated {fromNow(t.updated_at, now)}
            </p>
          </Link>
        ))}
      </div>

      {templates.isSuccess && templates.data.length === 0 && (
        <NoReportFound
          hint="Reports you run are saved here."
          className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
        />
      )}
      {templates.isError && (
        <SavedReportsLoadError
          onRetry={() => void templates.refetch()}
          className="mt-6 rounded-xl bg-rose-50 px-4 py-3 ring-1 ring-rose-200"
        />
      )}
    </section>
  );
}
