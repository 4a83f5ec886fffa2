/**
 * The plugin info card every source tab shows (docs/integrations.md §Screens and routes plugin info card: description, Features Unlocked, Integration
 * Guide and Privacy Policy links, Delete Plugin only if the plugin exists, confirm 'Delete Plugin?'), with the
 * plugin-lifecycle flow's confirm ('Delete Plugin?', 'Disconnect Plugin?') of the source. One component for every
 * source, so Delete Plugin cannot go missing on one of them: a tab passes its plugin, the card decides.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { FEATURES_UNLOCKED } from '../../contracts/integrations';
import type { Plugin, PluginType } from '../../contracts/plugin';
import { pluginLifecycleFlow } from '../../machines/plugin-lifecycle/plugin-lifecycle.actors';
import type { PluginLifecycleActor } from '../../machines/plugin-lifecycle/plugin-lifecycle.machine';
import { selectPluginConfirm, selectRunningAction } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { PRIVACY_URL, href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { FlowConfirmDialog } from '../ui/ConfirmDialog';
import { Card } from './Card';
import { hasOperation } from './plugin-view';
import { pluginLifecycleActions } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { useActions } from '../flows/useActions';

interface PluginCardProps {
  type: PluginType;
  description: string;
  workspaceId: string;
  appId: string;
  /** The source's plugin, or null when the app has none. */
  plugin: Plugin | null;
  /** The viewer's tooltip when actions are denied, else null. */
  denied: string | null;
}

/** The source's plugin-lifecycle actor (connect, disconnect, delete): one per app and source, shared by its tab. */
export const usePluginLifecycle = (appId: string, type: PluginType) =>
  useFlowActor(pluginLifecycleFlow, { appId }, { key: `${appId}:${type}` });

export function PluginCard({ type, description, workspaceId, appId, plugin, denied }: PluginCardProps) {
  const lifecycle = usePluginLifecycle(appId, type);
  const running = useSelector(lifecycle, selectRunningAction);
  const lifecycleActions = useActions(lifecycle, pluginLifecycleActions);
  const deleting = running === 'delete' || hasOperation(plugin, 'delete');
  const guide = `${href.documentation(`${type.toLowerCase()}_integration`)}?workspaceId=${encodeURIComponent(workspaceId)}&appId=${encodeURIComponent(appId)}`;
  return (
    <Card title={type}>
      <p className="text-sm text-slate-600">{description}</p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Features Unlocked</h3>
      <ul className="mt-2 list-inside list-disc text-sm text-slate-700">
        {FEATURES_UNLOCKED[type].map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link className="font-medium text-indigo-700 underline" href={guide}>
          Integration Guide
        </Link>
        <a className="font-medium text-indigo-700 underline" href={PRIVACY_URL} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      </div>
      {plugin && (
        <Button
          className="mt-5"
          variant="danger"
          busy={deleting}
          deniedReason={denied}
          onClick={() => lifecycleActions.remove({ id: plugin.id, source: type })}
        >
          {deleting ? 'Deleting...' : 'Delete Plugin'}
        </Button>
      )}
      <PluginConfirmDialog actor={lifecycle} />
    </Card>
  );
}

/** The plugin-lifecycle flow's confirm ('Delete Plugin?', 'Disconnect Plugin?'). */
function PluginConfirmDialog({ actor }: { actor: PluginLifecycleActor }) {
  const confirm = useSelector(actor, selectPluginConfirm);
  const actions = useActions(actor, pluginLifecycleActions);
  return <FlowConfirmDialog view={confirm} actions={actions} />;
}
