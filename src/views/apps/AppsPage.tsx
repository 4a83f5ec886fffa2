/**
 * /workspace/{id}/apps (docs/apps.md §Screens and routes): app cards with a platform filter (Android / iOS with counts). Opening a card
 * goes to analyze/overview when the app has plugins, otherwise to integrations/Overview. New App (editors and
 * admins; viewers see it disabled with the tooltip (docs/apps.md §Roles)) opens the add-app modal, loaded on first click; the new
 * app opens on integrations/Overview once the workspace lists it. Each card has the 'Show on Questboard App'
 * popover switch (docs/apps.md §App states); a hidden app's card looks disabled.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import { appLandingSection, appStoreKey, type App } from '../../contracts/apps';
import type { Platform } from '../../contracts/codecs';
import { href, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { AppIcon, platformLabel } from '../shell/AppIcon';
import { EmptyState } from '../ui/EmptyState';
import { Button } from '../ui/Button';
import { viewerDenied } from '../ui/permissions';
import { AppVisibilityPopover, useAppVisibility } from './AppVisibility';

const AddAppModal = lazy(() => import('./AddAppModal'));
const NO_APPS: App[] = [];

type Filter = 'all' | Platform;

export function countByPlatform(apps: App[]) {
  return {
    all: apps.length,
    android: apps.filter((a) => a.platform === 'android').length,
    ios: apps.filter((a) => a.platform === 'ios').length,
  };
}

/**
 * A card is one link: the app's name (with its platform for assistive technology, e.g. "Pixel Racer (Android)"),
 * stretched over the whole card, so the link's name starts with the text it shows. A long name wraps to two lines
 * before it is cut, and the whole name is its title.
 */
function AppCard({ workspace, app }: { workspace: Workspace; app: App }) {
  const connected = app.plugins.map((p) => p.source);
  const visibility = useAppVisibility(app);
  const hidden = !visibility.enabled;
  return (
    <div
      data-testid={`app-card-${app.id}`}
      data-hidden={hidden || undefined}
      className={`group relative flex flex-col rounded-2xl p-5 shadow-sm ring-1 transition has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md hover:ring-indigo-300 ${hidden ? 'bg-slate-50 ring-slate-200' : 'bg-white ring-slate-200'}`}
    >
      <div className="flex items-center gap-4">
        <AppIcon app={app} className={`size-14 ${hidden ? 'opacity-50 grayscale' : ''}`} />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-base font-semibold break-words text-slate-900 group-hover:text-indigo-700">
            <Link
              href={href.app(workspace.id, app.id, appLandingSection(app))}
              title={app.appName}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl"
            >
              {app.appName}
              <span className="sr-only"> ({platformLabel(app.platform)})</span>
            </Link>
          </h2>
          <p aria-hidden="true" className="text-sm text-slate-600">
            {platformLabel(app.platform)}
          </p>
        </div>
        <AppVisibilityPopover
          app={app}
          enabled={visibility.enabled}
          saving={visibility.saving}
          onToggle={visibility.toggle}
          deniedReason={viewerDenied(workspace.role)}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-1.5">
        {connected.length === 0 ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
            No integrations yet
          </span>
        ) : (
          connected.map((source) => (
            <span key={source} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {source}
            </span>
          ))
        )}
        {hidden && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>
        )}
      </div>
    </div>
  );
}

export default function AppsPage() {
  const workspace = useCurrentWorkspace();
  const [filter, setFilter] = useState<Filter>('all');
  const [adding, setAdding] = useState(false);
  const [openWhenListed, setOpenWhenListed] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const apps = workspace?.apps ?? NO_APPS;
  const counts = useMemo(() => countByPlatform(apps), [apps]);
  const existing = useMemo(() => apps.map(appStoreKey).filter((key): key is string => key !== null), [apps]);
  const closeModal = useCallback(() => setAdding(false), []);
  // The new app opens (integrations/Overview: it has no plugins yet) once the refreshed workspace lists it.
  useEffect(() => {
    const created = openWhenListed ? apps.find((a) => a.id === openWhenListed) : undefined;
    if (workspace && created) {
      // oxlint-disable-next-line react/set-state-in-effect -- waits for the refreshed workspace (outside React) to list the app; the wait ends with the navigation it triggers, once
      setOpenWhenListed(null);
      navigate(href.app(workspace.id, created.id, appLandingSection(created)));
    }
  }, [openWhenListed, apps, workspace, navigate]);
  if (!workspace) return null;
  const denied = viewerDenied(workspace.role);
  const newApp = (
    <Button
      onClick={() => setAdding(true)}
      deniedReason={denied}
      icon={
        <span aria-hidden="true" className="text-base leading-none">
          +
        </span>
      }
    >
      New App
    </Button>
  );
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
        <div className="flex flex-wrap items-center gap-3">
          <div
            role="radiogroup"
            aria-label="Platform"
            className="inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200"
          >
            {options.map((option) => (
              <button
                key={option.id}
                type="button"
                role="radio"
                aria-checked={filter === option.id}
                onClick={() => setFilter(option.id)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === option.id ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {option.label}{' '}
                <span className={filter === option.id ? 'text-indigo-100' : 'text-slate-600'}>
                  ({counts[option.id]})
                </span>
              </button>
            ))}
          </div>
          {newApp}
        </div>
      </div>
      {shown.length === 0 ? (
        <div className="mt-8">
          <EmptyState title={apps.length === 0 ? 'No apps yet' : `No ${filter === 'ios' ? 'iOS' : 'Android'} apps`}>
            {apps.length === 0
              ? 'Add your first Android or iOS app with New App: find it in the store, review it and add it.'
              : 'Try another platform filter.'}
          </EmptyState>
        </div>
      ) : (
        // As many columns as cards of at least 17rem fit (not by screen width: the side menu takes its share).
        <div className="mt-6 grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-4">
          {shown.map((app) => (
            <AppCard key={app.id} workspace={workspace} app={app} />
          ))}
        </div>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddAppModal
            workspaceId={workspace.id}
            existing={existing}
            onClose={closeModal}
            onCreated={setOpenWhenListed}
          />
        </Suspense>
      )}
    </section>
  );
}
