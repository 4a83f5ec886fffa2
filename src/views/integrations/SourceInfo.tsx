/**
 * Pieces every source tab shares (SPEC §2 plugin info card; 'Delete Plugin?' / 'Disconnect Plugin?' confirms): the info
 * card (description, Features Unlocked, Integration Guide and Privacy Policy links, the tab's own actions below), and
 * the plugin-lifecycle flow's confirm dialog.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { FEATURES_UNLOCKED } from '../../contracts/integrations';
import type { PluginType } from '../../contracts/plugin';
import type { PluginLifecycleActor } from '../../machines/plugin-lifecycle/plugin-lifecycle.machine';
import { selectPluginConfirm } from '../../machines/plugin-lifecycle/plugin-lifecycle.selectors';
import { PRIVACY_URL, href } from '../../paths';
import { FlowConfirmDialog } from '../ui/ConfirmDialog';
import { Card } from './Card';

interface SourceInfoProps {
  type: PluginType;
  description: string;
  workspaceId: string;
  appId: string;
  children?: ReactNode;
}

export function SourceInfoCard({ type, description, workspaceId, appId, children }: SourceInfoProps) {
  const guide = `${href.documentation(`${type.toLowerCase()}_integration`)}?workspaceId=${encodeURIComponent(workspaceId)}&appId=${encodeURIComponent(appId)}`;
  return (
    <Card title={type}>
      <p className="text-sm text-slate-600">{description}</p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Features Unlocked</h3>
      <ul className="mt-2 list-inside list-disc text-sm text-slate-700">
        {FEATURES_UNLOCKED[type].map((f) => <li key={f}>{f}</li>)}
      </ul>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link className="font-medium text-indigo-700 underline" href={guide}>Integration Guide</Link>
        <a className="font-medium text-indigo-700 underline" href={PRIVACY_URL} target="_blank" rel="noreferrer">Privacy Policy</a>
      </div>
      {children}
    </Card>
  );
}

/** The plugin-lifecycle flow's confirm ('Delete Plugin?', 'Disconnect Plugin?'). */
export function PluginConfirmDialog({ actor }: { actor: PluginLifecycleActor }) {
  const confirm = useSelector(actor, selectPluginConfirm);
  return <FlowConfirmDialog view={confirm} send={(event) => actor.send(event)} />;
}
