/**
 * The Adjust tab (docs/postbacks.md §Screens and routes Adjust tab, §Partner plugin states Adjust lifecycle, §Rules and limits Adjust rules, §Roles permission guards, §Messages Adjust messages):
 * with no plugin (or a disconnected one) the connect form — Partner Link, Event File (.csv only), 'Connect to Adjust'
 * with its tooltip and the coloured feed of the attempt (adjust-connect flow); when connected the Connection Status
 * card — Status, Last Event Received, Partner URL (Copy To Clipboard, Update), Events File (Download, Update),
 * Disconnect (plugin-lifecycle flow, 'Disconnect Plugin?') — with the 'Update Partner Link' / 'Update Events File'
 * dialog and Check Status (adjust-update flow, with the shared check-status child), the callback URL to set up in
 * Adjust, Latest Updates, the postback log and the conversion events list. events.csv is built in the browser.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { CSV_ONLY_HINT, EVENTS_UPLOAD_ACCEPT } from '../../contracts/integrations';
import type { Role } from '../../contracts/codecs';
import type { Plugin } from '../../contracts/plugin';
import { useFeed, usePluginEvents } from '../../services/integrations.queries';
import { useAdjust } from '../../services/adjust.queries';
import { usePostbackUrl } from '../../services/postbacks.queries';
import { adjustCallbackTemplate } from '../../contracts/adjust';
import { selectChecking } from '../../machines/adjust-update/adjust-update.selectors';
import { adjustConnectFlow } from '../../machines/adjust-connect/adjust-connect.actors';
import { selectConnectForm } from '../../machines/adjust-connect/adjust-connect.selectors';
import { adjustUpdateFlow } from '../../machines/adjust-update/adjust-update.actors';
import type { AdjustUpdateActor } from '../../machines/adjust-update/adjust-update.machine';
import { selectRunningAction } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { downloadEventsCsv } from '../../lib/events-csv';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { useNow } from '../analyze/time';
import { Card } from './Card';
import { GoToAcquire } from './GoToAcquire';
import { StatusRows } from './StatusChip';
import { HealthLine } from './HealthLine';
import { SilenceThresholdCard } from './SilenceThresholdCard';
import { copyWithNotice } from './copy';
import { EventsTable } from './EventsTable';
import { FeedList, LatestUpdates } from './LatestUpdates';
import { PostbackLog } from './PostbackLog';
import { PluginCard, usePluginLifecycle } from './SourceInfo';
import { AdjustUpdateDialog } from './AdjustUpdateDialog';
import { pluginOf } from './plugin-view';
import { adjustConnectActions } from '../../machines/adjust-connect/adjust-connect.selectors';
import { adjustUpdateActions } from '../../machines/adjust-update/adjust-update.selectors';
import { pluginLifecycleActions } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { useActions } from '../flows/useActions';

const DESCRIPTION =
  'Receive your Adjust conversion events through partner callbacks to trigger quests and segment players. Connect with your partner link and a file naming your Adjust events.';

interface Props {
  workspaceId: string;
  appId: string;
  plugins: readonly Plugin[];
  role: Role;
}

export function AdjustTab({ workspaceId, appId, plugins, role }: Props) {
  const plugin = pluginOf(plugins, 'Adjust');
  const connected = !!plugin && plugin.connected !== 'disconnected';
  const feed = useFeed(appId, plugin?.id ?? null, false);
  const update = useFlowActor(adjustUpdateFlow, { appId }, { key: `${appId}:adjust-update` });
  const denied = viewerDenied(role);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <PluginCard
          type="Adjust"
          description={DESCRIPTION}
          workspaceId={workspaceId}
          appId={appId}
          plugin={plugin}
          denied={denied}
        />
        {plugin?.connected === 'connected' && <GoToAcquire workspaceId={workspaceId} appId={appId} />}
        {connected ? (
          <AdjustStatusCard appId={appId} plugin={plugin} denied={denied} update={update} />
        ) : (
          <AdjustConnectCard appId={appId} role={role} />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {plugin && <HealthLine appId={appId} plugin={plugin} plugins={plugins} />}
        {plugin && <SilenceThresholdCard plugin={plugin} appId={appId} denied={denied} />}
        <LatestUpdates feed={plugin ? feed : null} />
        {plugin && <PostbackLog appId={appId} source="adjust" label="Adjust" />}
        {plugin && <EventsTable appId={appId} plugin={plugin} />}
      </div>
      <AdjustUpdateDialog actor={update} />
    </div>
  );
}

function AdjustConnectCard({ appId, role }: { appId: string; role: Role }) {
  const actor = useFlowActor(adjustConnectFlow, { appId }, { key: `${appId}:adjust-connect` });
  const form = useSelector(actor, (s) => selectConnectForm(s, role));
  const actions = useActions(actor, adjustConnectActions);
  const denied = viewerDenied(role);
  const fileId = useId();
  return (
    <Card title="Connect to Adjust">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actions.connect(Date.now());
        }}
      >
        <TextField
          label="Partner Link"
          type="url"
          required
          maxLength={2048}
          placeholder="https://app.adjust.com/…"
          value={form.partnerLink}
          error={form.linkError ?? undefined}
          disabled={!!denied || form.busy}
          onChange={(e) => actions.setLink(e.target.value)}
        />
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            Event File
          </label>
          <input
            id={fileId}
            type="file"
            required
            accept={EVENTS_UPLOAD_ACCEPT}
            disabled={!!denied || form.busy}
            aria-describedby={`${fileId}-hint`}
            aria-invalid={!!form.fileError || undefined}
            onChange={(e) => actions.setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
          />
          <p id={`${fileId}-hint`} className={`mt-1 text-xs ${form.fileError ? 'text-rose-600' : 'text-slate-600'}`}>
            {CSV_ONLY_HINT}
          </p>
        </div>
        <Button
          type="submit"
          className="w-full"
          busy={form.busy}
          disabled={form.disabled}
          deniedReason={denied ?? form.tooltip}
        >
          {form.label}
        </Button>
      </form>
      {form.feed.length > 0 && (
        <div className="mt-4">
          <FeedList items={form.feed} label="Connection messages" testId="adjust-connect-feed" />
        </div>
      )}
    </Card>
  );
}

function AdjustStatusCard({
  appId,
  plugin,
  denied,
  update,
}: {
  appId: string;
  plugin: Plugin;
  denied: string | null;
  update: AdjustUpdateActor;
}) {
  const lifecycle = usePluginLifecycle(appId, 'Adjust');
  const running = useSelector(lifecycle, selectRunningAction);
  const adjust = useAdjust(appId, true);
  const events = usePluginEvents(appId, plugin.id, '');
  const now = useNow();
  const last = Math.max(0, ...(events.data ?? []).map((e) => e.lastReceivedAt ?? 0));
  const link = adjust.data?.partnerLink ?? null;
  const checking = useSelector(update, selectChecking);
  const updateActions = useActions(update, adjustUpdateActions);
  const lifecycleActions = useActions(lifecycle, pluginLifecycleActions);
  const fileEvents = adjust.data?.events ?? [];

  return (
    <Card title="Connection Status">
      {adjust.isError && (
        <p role="alert" className="mb-3 text-sm text-rose-700">
          The Adjust settings could not be loaded.
        </p>
      )}
      <dl className="divide-y divide-slate-100 text-sm">
        <StatusRows plugin={plugin} lastEventAt={last || null} now={now} />
        <div className="py-2">
          <dt className="text-slate-600">Partner URL</dt>
          <dd className="mt-1">
            <span
              data-testid="partner-url"
              className="block truncate font-mono text-xs text-slate-800"
              title={link ?? undefined}
            >
              {adjust.isPending ? 'Loading…' : (link ?? 'N/A')}
            </span>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={!link}
                onClick={() => link && void copyWithNotice('Partner URL', link)}
              >
                Copy To Clipboard
              </Button>
              <Button
                variant="secondary"
                deniedReason={denied}
                disabled={adjust.isPending}
                onClick={() => updateActions.openLink(link ?? '')}
                aria-label="Update Partner URL"
              >
                Update
              </Button>
            </div>
          </dd>
        </div>
        <div className="py-2">
          <dt className="text-slate-600">Events File</dt>
          <dd className="mt-1">
            <span data-testid="events-file" className="block truncate text-slate-800">
              {adjust.isPending
                ? 'Loading…'
                : `${adjust.data?.fileName ?? 'events.csv'} (${fileEvents.length} event${fileEvents.length === 1 ? '' : 's'})`}
            </span>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={fileEvents.length === 0}
                onClick={() => downloadEventsCsv(fileEvents)}
              >
                Download
              </Button>
              <Button
                variant="secondary"
                deniedReason={denied}
                onClick={updateActions.openFile}
                aria-label="Update Events File"
              >
                Update
              </Button>
            </div>
          </dd>
        </div>
      </dl>
      <CallbackUrlRow appId={appId} canSee={!denied} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          busy={checking}
          deniedReason={denied}
          onClick={() => updateActions.checkStatus(plugin.id, plugin.connected === 'connected')}
        >
          Check Status
        </Button>
        <Button
          variant="secondary"
          deniedReason={denied}
          busy={running === 'disconnect'}
          onClick={() => lifecycleActions.disconnect({ id: plugin.id, source: 'Adjust' })}
        >
          Disconnect
        </Button>
      </div>
    </Card>
  );
}

/** The callback URL to set up in Adjust: the app's postback URL (it holds the secret: editors and admins only). */
function CallbackUrlRow({ appId, canSee }: { appId: string; canSee: boolean }) {
  const url = usePostbackUrl(appId, 'adjust', canSee);
  const template = url.data ? adjustCallbackTemplate(url.data) : null;
  return (
    <div className="mt-2 border-t border-slate-100 pt-2 text-sm">
      <p className="text-slate-600">Callback URL</p>
      {!canSee ? (
        <p className="mt-1 text-xs text-slate-600">Only editors and admins can see the callback URL.</p>
      ) : url.isPending ? (
        <p className="mt-1 text-xs text-slate-600">Loading…</p>
      ) : url.isError || !template ? (
        <p role="alert" className="mt-1 text-xs text-rose-700">
          The callback URL could not be loaded.
        </p>
      ) : (
        <>
          <code
            data-testid="callback-url"
            className="mt-1 block break-all rounded bg-slate-50 p-1.5 text-xs text-slate-800"
          >
            {template}
          </code>
          <p className="mt-1 text-xs text-slate-600">
            Add it in Adjust as Questboard's partner callback for your events.
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void copyWithNotice('Callback URL', template)}>
            Copy Callback URL
          </Button>
        </>
      )}
    </div>
  );
}
