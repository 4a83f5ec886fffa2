/**
 * The BigQuery and Firebase tabs (docs/integrations.md §Screens and routes plugin screen parts, §Plugin states statuses and in-progress operations, §Roles viewer
 * tooltips): plugin info card, Connection card, Connection Status card with copy buttons, the BigQuery Data Status
 * card, Latest Updates, and the confirms and Configure Connection dialog. Actions are events to the plugin-lifecycle
 * and configure-connection flows; the page strips ?oAuthRedirect and opens the dialog in that mode.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { NO_DATA_TEXT, OAUTH_REDIRECT_PARAM } from '../../contracts/integrations';
import type { Role } from '../../contracts/codecs';
import type { Plugin } from '../../contracts/plugin';
import type { GoogleCloudPluginType } from '../../contracts/plugin-types';
import { useCredentials, useFeed } from '../../services/integrations.queries';
import { selectRunningAction } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { configureConnectionFlow } from '../../machines/configure-connection/configure-connection.actors';
import type { ConfigureConnectionActor } from '../../machines/configure-connection/configure-connection.machine';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { viewerDenied } from '../ui/permissions';
import { Card } from './Card';
import { PluginCard, usePluginLifecycle } from './SourceInfo';
import { copyWithNotice } from './copy';
import { notify } from '../../services/notify';
import { ConfigureConnectionDialog } from './ConfigureConnectionDialog';
import { DataStatusCard } from './DataStatusCard';
import { QueryJobsCard } from './QueryJobsCard';
import { EventsTable } from './EventsTable';
import { FirebasePanel } from './FirebasePanel';
import { HealthLine } from './HealthLine';
import { SilenceThresholdCard } from './SilenceThresholdCard';
import { LatestUpdates } from './LatestUpdates';
import { TONE_CLASSES, connectionButton, connectionRows, hasOperation, pluginOf, statusLook } from './plugin-view';
import { pluginLifecycleActions } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { configureConnectionActions } from '../../machines/configure-connection/configure-connection.selectors';
import { useActions } from '../flows/useActions';

const DESCRIPTIONS: Record<GoogleCloudPluginType, string> = {
  BigQuery:
    'Process your Firebase Analytics export from BigQuery into the tables Analyze reads, and let Questboard generate quests from it.',
  Firebase: 'Receive your Firebase conversion events in real time to trigger quests and segment players.',
};

interface Props {
  type: GoogleCloudPluginType;
  workspaceId: string;
  appId: string;
  plugins: readonly Plugin[];
  role: Role;
}

export function PluginTab({ type, workspaceId, appId, plugins, role }: Props) {
  const plugin = pluginOf(plugins, type);
  const lifecycle = usePluginLifecycle(appId, type);
  const configure = useFlowActor(configureConnectionFlow, undefined, { key: `${appId}:${type}:configure` });
  const running = useSelector(lifecycle, selectRunningAction);
  const lifecycleActions = useActions(lifecycle, pluginLifecycleActions);
  const configureActions = useActions(configure, configureConnectionActions);
  const credentials = useCredentials(appId, !!plugin?.credentials);
  const credential = credentials.data?.credentials.find((c) => c.id === plugin?.credentials) ?? null;
  const polling = (plugin?.inProgress ?? []).length > 0;
  const feed = useFeed(appId, plugin?.id ?? null, polling);
  // An operation just ended: its last message is in the feed now.
  const wasPolling = useRef(polling);
  useEffect(() => {
    if (wasPolling.current && !polling) void feed.refetch();
    wasPolling.current = polling;
  }, [polling, feed]);
  const denied = viewerDenied(role);
  const ref = plugin ? { id: plugin.id, source: plugin.source } : null;

  const openConfigure = (oauthRedirect = false) =>
    configureActions.open({
      appId,
      pluginType: type,
      pluginId: plugin?.id ?? null,
      role,
      oauthRedirect,
      current: {
        credentialId: plugin?.credentials ?? null,
        project: plugin?.attributes?.targetProject ?? null,
        projectName: plugin?.attributes?.targetProjectName ?? null,
      },
    });

  useOAuthRedirect(configure, openConfigure);

  const connecting = hasOperation(plugin, 'integration') || running === 'connect';
  const look = statusLook(plugin);
  // The Connection card's button reads the same status as the Status row.
  const connection = connectionButton(type, plugin, connecting);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <PluginCard
          type={type}
          description={DESCRIPTIONS[type]}
          workspaceId={workspaceId}
          appId={appId}
          plugin={plugin}
          denied={denied}
        />

        <Card title="Connection">
          <Button
            className="w-full"
            busy={connection.busy}
            disabled={connection.action === null && !connection.busy}
            deniedReason={connection.action === null ? null : denied}
            onClick={() => (connection.action === 'reconnect' ? ref && lifecycleActions.connect(ref) : openConfigure())}
          >
            {connection.label}
          </Button>
        </Card>

        {plugin && (
          <Card title="Connection Status">
            <dl className="divide-y divide-slate-100 text-sm">
              <div className="flex items-center justify-between gap-3 py-2">
                <dt className="text-slate-600">Status</dt>
                <dd className="flex items-center gap-2">
                  <span
                    data-testid="plugin-status"
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE_CLASSES[look.tone]}`}
                  >
                    {look.hourglass && <span aria-hidden="true">⌛</span>}
                    {look.label}
                  </span>
                  <CopyButton label="Status" value={look.label} />
                </dd>
              </div>
              {connectionRows(plugin, credential, appId).map((row) => (
                <div key={row.label} className="flex items-center justify-between gap-3 py-2">
                  <dt className="shrink-0 text-slate-600">{row.label}</dt>
                  <dd className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-mono text-xs text-slate-800" title={row.value ?? undefined}>
                      {row.value ?? 'N/A'}
                    </span>
                    {row.value && <CopyButton label={row.label} value={row.value} />}
                  </dd>
                </div>
              ))}
            </dl>
            {plugin.connected === 'no_data' && type !== 'Firebase' && NO_DATA_TEXT[type] && (
              <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                {NO_DATA_TEXT[type]}
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              {plugin.connected === 'disconnected' ? (
                <Button
                  busy={running === 'connect'}
                  deniedReason={denied}
                  onClick={() => ref && lifecycleActions.connect(ref)}
                >
                  Connect
                </Button>
              ) : (
                <Button variant="secondary" deniedReason={denied} disabled={connecting} onClick={() => openConfigure()}>
                  Configure Connection
                </Button>
              )}
              {plugin.connected !== 'disconnected' && (
                <Button
                  variant="secondary"
                  deniedReason={denied}
                  busy={running === 'disconnect'}
                  onClick={() => ref && lifecycleActions.disconnect(ref)}
                >
                  Disconnect
                </Button>
              )}
            </div>
          </Card>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        {plugin && <HealthLine appId={appId} plugin={plugin} plugins={plugins} />}
        {plugin && type === 'BigQuery' && <SilenceThresholdCard plugin={plugin} appId={appId} denied={denied} />}
        {type === 'Firebase' && plugin && (
          <FirebasePanel workspaceId={workspaceId} appId={appId} plugin={plugin} denied={denied} />
        )}
        {type === 'BigQuery' && plugin && (
          <DataStatusCard key={plugin.id} plugin={plugin} workspaceId={workspaceId} appId={appId} denied={denied} />
        )}
        {type === 'BigQuery' && !plugin && (
          <Card title="Data Status">
            <p className="text-sm text-slate-600">{NO_DATA_TEXT.BigQuery} Connect to BigQuery first.</p>
          </Card>
        )}
        {type === 'BigQuery' && plugin && <QueryJobsCard appId={appId} denied={denied} />}
        <LatestUpdates feed={plugin ? feed : null} />
        {plugin && type !== 'Firebase' && <EventsTable appId={appId} plugin={plugin} />}
      </div>

      <ConfigureConnectionDialog actor={configure} />
    </div>
  );
}

/**
 * docs/integrations.md §Screens and routes: ?oAuthRedirect opens the dialog in that mode once, and the query is stripped (also used by AddFirebase).
 * Decided here (docs/integrations.md §Decisions): a sign-in that did not finish comes back with ?oAuthRedirect=cancelled (consent denied)
 * or =failed (Google refused the code; its page said why), and says so in an error notice instead of nothing.
 */
export function useOAuthRedirect(actor: ConfigureConnectionActor, open: (oauthRedirect: boolean) => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const handled = useRef(false);
  const redirect = new URLSearchParams(search).get(OAUTH_REDIRECT_PARAM);
  useEffect(() => {
    if (!redirect || handled.current) return;
    handled.current = true;
    navigate(location, { replace: true });
    if (redirect === 'true' && actor.getSnapshot().matches('closed')) open(true);
    else if (redirect === 'cancelled') notify('Google sign-in was cancelled. Nothing was changed.', 'error');
    else if (redirect === 'failed') notify('Google sign-in did not complete. Nothing was changed.', 'error');
  }, [redirect, location, navigate, actor, open]);
}

function CopyButton({ label, value }: { label: string; value: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyWithNotice(label, value)}
      aria-label={`Copy ${label}`}
      className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm7 11V8a2 2 0 0 0-2-2H7V5h8v9h-1ZM4 8h8v8H4V8Z" />
      </svg>
    </button>
  );
}
