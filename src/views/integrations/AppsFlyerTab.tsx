/**
 * The AppsFlyer tab (docs/postbacks.md §Screens and routes AppsFlyer tab, §Partner plugin states AppsFlyer lifecycle and Check Status, §Roles viewer guards): left, the
 * plugin card (Delete Plugin) and the Connection Status card (status, Last Event Received, the postback URL, Connect
 * or Disconnect); right, the connection guide (requirement link, Enable Plugin, then the steps with the test-link
 * generator, the status chip and Check Status) until connected, then the conversion events; and the postback log.
 * Lazy-loaded (it brings the QR library). Actions are events to the appsflyer, appsflyer-test-link and
 * plugin-lifecycle flows.
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { appsFlyerAppPath } from '../../contracts/integrations';
import { EVENTS_RECEIVED, NO_EVENTS_RECEIVED, postbackSourceOf } from '../../contracts/postbacks';
import type { Role } from '../../contracts/codecs';
import type { Plugin } from '../../contracts/plugin';
import { usePostbackSummary, usePostbackUrl } from '../../services/postbacks.queries';
import { appsflyerFlow } from '../../machines/appsflyer/appsflyer.actors';
import {
  selectAppsFlyerView,
  selectDisconnectConfirm,
  appsflyerActions,
} from '../../machines/appsflyer/appsflyer.selectors';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { fromNow, useNow } from '../analyze/time';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { viewerDenied } from '../ui/permissions';
import { Card } from './Card';
import { GoToAcquire } from './GoToAcquire';
import { StatusRows } from './StatusChip';
import { PluginCard } from './SourceInfo';
import { copyWithNotice } from './copy';
import { PostbackLog } from './PostbackLog';
import { HealthLine } from './HealthLine';
import { SilenceThresholdCard } from './SilenceThresholdCard';
import { TestLinkGenerator } from './TestLinkGenerator';
import { TONE_CLASSES, pluginOf } from './plugin-view';
import { useActions } from '../flows/useActions';

const SOURCE = postbackSourceOf('AppsFlyer');
const DESCRIPTION =
  'Receive your AppsFlyer in-app events as postbacks in real time to trigger quests and segment players.';

interface Props {
  workspaceId: string;
  appId: string;
  plugins: readonly Plugin[];
  role: Role;
}

export default function AppsFlyerTab({ workspaceId, appId, plugins, role }: Props) {
  const plugin = pluginOf(plugins, 'AppsFlyer');
  const ref = plugin ? { id: plugin.id, connected: plugin.connected } : null;
  const actor = useFlowActor(appsflyerFlow, { appId, plugin: ref }, { key: `${appId}:appsflyer` });
  const view = useSelector(actor, selectAppsFlyerView);
  const disconnect = useSelector(actor, selectDisconnectConfirm);
  const actions = useActions(actor, appsflyerActions);
  const summary = usePostbackSummary(appId, SOURCE);
  const denied = viewerDenied(role);
  const app = useCurrentApp();
  const now = useNow();

  // The plugin the page knows changed (reload, deleted, another tab): the flow re-sorts.
  const signature = ref ? `${ref.id}:${ref.connected}` : '';
  useEffect(() => {
    actions.sync(ref);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, actor]);

  // The chip reads the plugin's status, as the Status row does: the first stored postback connects the plugin.
  const eventsReceived = plugin?.connected === 'connected';
  const lastEventAt = summary.data?.lastEventAt ?? null;
  const appPath = app ? appsFlyerAppPath(app) : null;
  const guideLink = `${href.documentation('appsflyer_integration')}?workspaceId=${encodeURIComponent(workspaceId)}&appId=${encodeURIComponent(appId)}`;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <PluginCard
          type="AppsFlyer"
          description={DESCRIPTION}
          workspaceId={workspaceId}
          appId={appId}
          plugin={plugin}
          denied={denied}
        />
        {view.connected && <GoToAcquire workspaceId={workspaceId} appId={appId} />}

        <Card title="Connection Status">
          <dl className="divide-y divide-slate-100 text-sm">
            <StatusRows plugin={plugin} lastEventAt={lastEventAt} now={now} />
            {plugin && <PostbackUrlRow appId={appId} canSee={!denied} />}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {/* A disconnected plugin is enabled again from the guide's Enable Plugin: one action, not two. */}
            {!plugin ? (
              <Button busy={view.enableBusy} deniedReason={denied} onClick={actions.enable}>
                Connect
              </Button>
            ) : view.connected ? (
              <Button variant="secondary" busy={view.disconnecting} deniedReason={denied} onClick={actions.disconnect}>
                Disconnect
              </Button>
            ) : null}
          </div>
        </Card>
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        {plugin && <HealthLine appId={appId} plugin={plugin} plugins={plugins} />}
        {plugin && <SilenceThresholdCard plugin={plugin} appId={appId} denied={denied} />}
        {view.guide ? (
          <Card title="Connect AppsFlyer">
            <p className="text-sm text-slate-700">
              Add Questboard as an integrated partner in AppsFlyer and send its in-app event postbacks to the URL shown
              in Connection Status. Read the{' '}
              <Link className="font-medium text-indigo-700 underline" href={guideLink}>
                AppsFlyer integration requirements
              </Link>
              .
            </p>
            <Button
              className="mt-4"
              busy={view.enableBusy}
              disabled={view.enabled}
              deniedReason={view.enabled ? null : denied}
              onClick={actions.enable}
            >
              {view.enableLabel}
            </Button>
            {view.enabled && (
              <ol className="mt-5 space-y-4 text-sm text-slate-800" aria-label="Test the integration">
                <Step n={1}>Uninstall the app from your test device.</Step>
                <Step n={2}>Enter the test device's advertising ID.</Step>
                <Step n={3}>
                  Generate the test link and its QR code.
                  {app ? (
                    <TestLinkGenerator app={{ id: appId, platform: app.platform, appPath }} />
                  ) : (
                    <p className="mt-2 text-slate-600">Loading the app…</p>
                  )}
                </Step>
                <Step n={4}>Scan the QR code with the test device and install the app from the store.</Step>
                <Step n={5}>Open the app and perform the test actions (complete a level, make a purchase).</Step>
                <Step n={6}>
                  Check the status: it turns connected once a postback from AppsFlyer arrives.
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    <span
                      data-testid="events-chip"
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${eventsReceived ? TONE_CLASSES.success : TONE_CLASSES.warning}`}
                    >
                      {eventsReceived ? EVENTS_RECEIVED : NO_EVENTS_RECEIVED}
                    </span>
                    <Button variant="secondary" busy={view.checking} deniedReason={denied} onClick={actions.check}>
                      Check Status
                    </Button>
                  </div>
                </Step>
              </ol>
            )}
          </Card>
        ) : (
          <Card title="Conversion Events">
            {summary.isPending ? (
              <p className="text-sm text-slate-600">Loading events…</p>
            ) : summary.isError ? (
              <p role="alert" className="text-sm text-rose-700">
                The conversion events could not be loaded.
              </p>
            ) : (summary.data?.events ?? []).length === 0 ? (
              <p className="text-sm text-slate-600">No conversion events received yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" data-testid="conversion-events">
                {summary.data!.events.map((event) => (
                  <li key={event.eventName} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="break-all font-mono text-xs text-slate-900">{event.eventName}</span>
                    <span className="text-xs text-slate-600">
                      {event.count} received · last {fromNow(new Date(event.lastReceivedAt).toISOString(), now)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        {plugin && <PostbackLog appId={appId} source={SOURCE} label="AppsFlyer" />}
      </div>

      <ConfirmDialog
        open={disconnect.open}
        title={disconnect.title}
        message={disconnect.message}
        confirmLabel={disconnect.confirmLabel}
        busy={disconnect.busy}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </div>
  );
}

function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

/** The app's postback URL for AppsFlyer (it holds the secret: editors and admins only). */
function PostbackUrlRow({ appId, canSee }: { appId: string; canSee: boolean }) {
  const url = usePostbackUrl(appId, SOURCE, canSee);
  const copy = () => copyWithNotice('Postback URL', url.data ?? '');
  return (
    <div className="py-2">
      <dt className="text-slate-600">Postback URL</dt>
      <dd className="mt-1 flex min-w-0 items-start gap-2">
        {!canSee ? (
          <span className="text-xs text-slate-600">Only editors and admins can see the postback URL.</span>
        ) : url.isPending ? (
          <span className="text-xs text-slate-600">Loading…</span>
        ) : url.isError ? (
          <span role="alert" className="text-xs text-rose-700">
            The postback URL could not be loaded.
          </span>
        ) : (
          <>
            <code
              data-testid="postback-url"
              className="min-w-0 flex-1 break-all rounded bg-slate-50 p-1.5 text-xs text-slate-800"
            >
              {url.data}
            </code>
            <Button variant="secondary" onClick={() => void copy()} aria-label="Copy Postback URL">
              Copy
            </Button>
          </>
        )}
      </dd>
    </div>
  );
}
