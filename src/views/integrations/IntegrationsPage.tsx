/**
 * /integrations/{source} (docs/integrations.md §Screens and routes Integrations page): title, tabs as real routes (Firebase only when a Firebase plugin
 * exists; an unknown tab goes to the Overview), a spinner while plugin data loads, then the tab. Thin: plugins come
 * from the usePlugins read (polled while an operation runs); every action is an event to a flow.
 */
import { Suspense, lazy, useEffect, useRef } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { OAUTH_REDIRECT_PARAM } from '../../contracts/integrations';
import { isGoogleCloudType } from '../../contracts/plugin-types';
import { usePlugins } from '../../services/integrations.queries';
import { href } from '../../paths';
import { Session } from '../flows/session';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { PageSpinner } from '../ui/Spinner';
import { Button } from '../ui/Button';
import { tabOf } from './plugin-view';
import { IntegrationsTabs } from './IntegrationsTabs';
import { OverviewTab } from './OverviewTab';
import { PluginTab } from './PluginTab';
import { AdjustTab } from './AdjustTab';
import { SingularTab } from './SingularTab';
import { sessionActions } from '../../machines/session/session.selectors';
import { useActions } from '../flows/useActions';

/** The AppsFlyer tab loads on demand (it brings the QR code library). */
const AppsFlyerTab = lazy(() => import('./AppsFlyerTab'));

export default function IntegrationsPage() {
  const {
    workspaceId = '',
    appId = '',
    source,
  } = useParams<{ workspaceId?: string; appId?: string; source?: string }>();
  const [, navigate] = useLocation();
  const workspace = useCurrentWorkspace();
  const role = workspace?.role ?? 'viewer';
  const plugins = usePlugins(appId);
  const list = plugins.data?.plugins ?? [];
  const tab = tabOf(source, list);
  const session = Session.useActorRef();
  const sessionSenders = useActions(session, sessionActions);

  // An unknown tab (or Firebase without a Firebase plugin) goes to the Overview; back from a Google sign-in started
  // there for a new Firebase plugin, it keeps ?oAuthRedirect so the Overview finishes the connection (AddFirebase).
  const search = useSearch();
  useEffect(() => {
    if (!plugins.isSuccess || tab) return;
    const keep = source === 'Firebase' && new URLSearchParams(search).has(OAUTH_REDIRECT_PARAM) ? `?${search}` : '';
    navigate(`${href.app(workspaceId, appId, 'integrations/Overview')}${keep}`, { replace: true });
  }, [plugins.isSuccess, tab, navigate, workspaceId, appId, source, search]);

  // When a plugin's data or status changes (a processing job finished), the account's apps (enableAnalyze) follow.
  const signature = list
    .map((p) => `${p.id}:${p.connected}:${p.dataRange?.start ?? ''}:${p.dataRange?.end ?? ''}`)
    .join('|');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!plugins.isSuccess) return;
    if (seen.current !== null && seen.current !== signature) sessionSenders.refresh();
    seen.current = signature;
  }, [plugins.isSuccess, signature, sessionSenders]);

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">Integrations</h1>
      <IntegrationsTabs workspaceId={workspaceId} appId={appId} plugins={list} current={tab} />
      <div className="mt-6">
        {plugins.isPending ? (
          <PageSpinner label="Loading integrations" />
        ) : plugins.isError ? (
          <div role="alert" className="rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">The integrations could not be loaded.</p>
            <Button
              variant="secondary"
              className="mt-4"
              busy={plugins.isFetching}
              onClick={() => void plugins.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : tab === 'Overview' ? (
          <OverviewTab
            workspaceId={workspaceId}
            appId={appId}
            plugins={list}
            activePluginId={plugins.data?.activePluginId ?? null}
            role={role}
          />
        ) : tab !== null && isGoogleCloudType(tab) ? (
          <PluginTab key={tab} type={tab} workspaceId={workspaceId} appId={appId} plugins={list} role={role} />
        ) : tab === 'Adjust' ? (
          <AdjustTab workspaceId={workspaceId} appId={appId} plugins={list} role={role} />
        ) : tab === 'Singular' ? (
          <SingularTab appId={appId} />
        ) : tab === 'AppsFlyer' ? (
          <Suspense fallback={<PageSpinner label="Loading AppsFlyer" />}>
            <AppsFlyerTab workspaceId={workspaceId} appId={appId} plugins={list} role={role} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
