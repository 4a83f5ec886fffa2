/**
 * /workspace/{id}/app/{appId}/acquire/{quests|target|holds} (docs/acquire.md §Screens and routes Acquire): without an attribution integration, a page
 * offering AppsFlyer, Adjust or Singular (links to their integration tabs); otherwise the tabs Quests (shown only when
 * an acquisition settings draft exists), Target and Held completions (docs/acquire.md §Fraud holds; its label carries
 * the held count). Each tab's screen loads on demand.
 */
import { lazy, Suspense } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { PARTNERS } from '../../contracts/partners';
import { href } from '../../paths';
import { useAcquireSettings, useAcquireSource, useHeldCount } from '../../services/acquire.queries';
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { RouteTabList, tabId } from '../ui/RouteTabList';

const TargetTab = lazy(() => import('./TargetTab'));
const QuestsTab = lazy(() => import('./QuestsTab'));
const HoldsTab = lazy(() => import('./HoldsTab'));

/** The route's own title, read after the page heading by assistive technology (the visible tabs say it too). */
const TAB_TITLES = { quests: 'Quests', target: 'Target', holds: 'Held completions' } as const;
const TAB_LOADING = { quests: 'Loading Quests', target: 'Loading Target', holds: 'Loading Held completions' } as const;

export default function AcquirePage() {
  const [location] = useLocation();
  const tab: keyof typeof TAB_TITLES = location.endsWith('/acquire/quests')
    ? 'quests'
    : location.endsWith('/acquire/holds')
      ? 'holds'
      : 'target';
  const workspace = useCurrentWorkspace();
  const app = useCurrentApp();
  const source = useAcquireSource(app?.id ?? '');
  const settings = useAcquireSettings(app?.id ?? '');
  const held = useHeldCount(app?.id ?? '', tab !== 'holds');
  if (!workspace || !app) return null;
  if (source.isPending || settings.isPending) return <Spinner label="Loading Acquire" />;
  if (source.isError || settings.isError) {
    return (
      <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
        Acquire could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (!source.data.source) return <AcquireGate workspaceId={workspace.id} appId={app.id} tab={tab} />;
  const hasDraft = settings.data !== null;
  if (tab === 'quests' && !hasDraft) return <Redirect to={href.app(workspace.id, app.id, 'acquire/target')} replace />;
  const tabs = [
    ...(hasDraft ? [{ tab: 'quests', label: 'Quests' }] : []),
    { tab: 'target', label: 'Target' },
    { tab: 'holds', label: held.data ? `Held completions (${held.data})` : 'Held completions' },
  ];

  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          Acquire<span className="sr-only"> — {TAB_TITLES[tab]}</span>
        </h1>
        <p className="text-sm text-slate-600">
          Events from <span className="font-medium text-slate-800">{source.data.source.type}</span>
        </p>
      </div>
      <RouteTabList
        label="Acquire"
        idPrefix="acquire"
        tabs={tabs}
        selected={tab}
        hrefOf={(t) => href.app(workspace.id, app.id, `acquire/${t}`)}
      />
      <div id="acquire-panel" role="tabpanel" aria-labelledby={tabId('acquire', tab)} className="mt-6">
        <Suspense fallback={<Spinner label={TAB_LOADING[tab]} />}>
          {tab === 'quests' ? (
            <QuestsTab key={app.id} appId={app.id} workspace={workspace} events={source.data.events} />
          ) : tab === 'holds' ? (
            <HoldsTab key={app.id} appId={app.id} role={workspace.role ?? 'viewer'} />
          ) : (
            <TargetTab key={app.id} appId={app.id} workspace={workspace} hasDraft={hasDraft} />
          )}
        </Suspense>
      </div>
    </section>
  );
}

function AcquireGate({
  workspaceId,
  appId,
  tab,
}: {
  workspaceId: string;
  appId: string;
  tab: keyof typeof TAB_TITLES;
}) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">
        Acquire<span className="sr-only"> — {TAB_TITLES[tab]}</span>
      </h1>
      <div className="mt-6">
        <EmptyState title="Connect an attribution source to start acquiring players">
          <p>Quests count each step from your attribution partner&apos;s events. Connect one of them:</p>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {/* every attribution partner of the registry (src/contracts/partners.ts) */}
            {PARTNERS.map((name) => (
              <li key={name}>
                <Link
                  href={href.app(workspaceId, appId, `integrations/${name}`)}
                  className="inline-flex rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Connect {name}
                </Link>
              </li>
            ))}
          </ul>
        </EmptyState>
      </div>
    </section>
  );
}
