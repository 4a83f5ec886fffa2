/**
 * /workspace/{id}/apps (SPEC §2): app cards with a platform filter (Android / iOS with counts). Opening a card
 * goes to analyze/overview when the app has plugins, otherwise to integrations/Overview. The New App flow is a
 * later issue, so no New App button is shown yet.
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import { appLandingSection, type App } from '../../contracts/apps';
import type { Platform } from '../../contracts/codecs';
import { href, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { AppIcon, platformLabel } from '../shell/AppIcon';
import { EmptyState } from '../ui/EmptyState';

type Filter = 'all' | Platform;

export function countByPlatform(apps: App[]) {
  return { all: apps.length, android: apps.filter((a) => a.platform === 'android').length, ios: apps.filter((a) => a.platform === 'ios').length };
}

/**
 * A card is one link: the app's name (with its platform for assistive technology, e.g. "Pixel Racer (Android)"),
 * stretched over the whole card, so the link's name starts with the text it shows.
 */
function AppCard({ workspace, app }: { workspace: Workspace; app: App }) {
  const connected = app.plugins.map((p) => p.source);
  return (
    <div className="group relative flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md hover:ring-indigo-300">
      <div className="flex items-center gap-4">
        <AppIcon app={app} className="size-14" />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900 group-hover:text-indigo-700">
            <Link href={href.app(workspace.id, app.id, appLandingSection(app))} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
              {app.appName}
              <span className="sr-only"> ({platformLabel(app.platform)})</span>
            </Link>
          </h2>
          <p aria-hidden="true" className="text-sm text-slate-600">{platformLabel(app.platform)}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-1.5">
        {connected.length === 0 ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">No integrations yet</span>
        ) : (
          connected.map((source) => <span key={source} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{source}</span>)
        )}
        {!app.enabled && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>}
      </div>
    </div>
  );
}

export default function AppsPage() {
  const workspace = useCurrentWorkspace();
  const [filter, setFilter] = useState<Filter>('all');
  const apps = workspace?.apps ?? [];
  const counts = useMemo(() => countByPlatform(apps), [apps]);
  if (!workspace) return null;
  const shown = filter === 'all' ? apps : apps.filter((a) => a.platform === filter);
  const options: { id: Filter; label: string }[] = [
    { id: 'all', label: 'All' },
    { id: 'android', label: 'Android' },
    { id: 'ios', label: 'iOS' },
  ];
  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Apps</h1>
          <p className="mt-1 text-sm text-slate-600">Every Android and iOS app of {workspace.name}.</p>
        </div>
        <div role="radiogroup" aria-label="Platform" className="inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200">
          {options.map((option) => (
            <button
              key={option.id}
              type="button"
              role="radio"
              aria-checked={filter === option.id}
              onClick={() => setFilter(option.id)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === option.id ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {option.label} <span className={filter === option.id ? 'text-indigo-100' : 'text-slate-600'}>({counts[option.id]})</span>
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <div className="mt-8">
          <EmptyState title={apps.length === 0 ? 'No apps yet' : `No ${filter === 'ios' ? 'iOS' : 'Android'} apps`}>
            {apps.length === 0 ? 'Apps added to this workspace will appear here.' : 'Try another platform filter.'}
          </EmptyState>
        </div>
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((app) => <AppCard key={app.id} workspace={workspace} app={app} />)}
        </div>
      )}
    </section>
  );
}
