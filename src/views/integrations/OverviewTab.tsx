/**
 * The Overview tab (docs/integrations.md §Screens and routes): a matrix of sources × capabilities (BigQuery: Custom Analytics and Smart Quests; the
 * others Realtime Triggers), each source's button (its status text, or Continue) to its tab, and its active switch
 * (docs/integrations.md §Plugin states: one active source; 'Confirm Change?'; disabled when not connected or already active, with 'Connect the
 * source to activate it' for non-viewers). The sources are the plugin types registry's (the tabs'); Singular is listed with no plugin.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { CONNECT_TO_ACTIVATE, INTEGRATION_CAPABILITIES, SUPPORTED_CAPABILITIES } from '../../contracts/integrations';
import type { Role } from '../../contracts/codecs';
import type { Plugin, PluginType } from '../../contracts/plugin';
import { activeSourceFlow } from '../../machines/active-source/active-source.actors';
import { selectActiveConfirm, activeSourceActions } from '../../machines/active-source/active-source.selectors';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { FlowConfirmDialog } from '../ui/ConfirmDialog';
import { viewerDenied } from '../ui/permissions';
import { hasPlugin } from '../../contracts/plugin-types';
import { TONE_CLASSES, pluginOf, statusLook, visibleTabs } from './plugin-view';
import { Switch } from './Switch';
import { AddFirebase } from './AddFirebase';
import { HealthCell, useHealthBySource } from './HealthLine';
import { useActions } from '../flows/useActions';

interface Props {
  workspaceId: string;
  appId: string;
  plugins: readonly Plugin[];
  activePluginId: string | null;
  role: Role;
}

export function OverviewTab({ workspaceId, appId, plugins, activePluginId, role }: Props) {
  const sources = visibleTabs(plugins).filter((s): s is PluginType => s !== 'Overview');
  const actor = useFlowActor(activeSourceFlow, { appId }, { key: `${appId}:active` });
  const confirm = useSelector(actor, selectActiveConfirm);
  const actions = useActions(actor, activeSourceActions);
  const health = useHealthBySource(appId, plugins);
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <FlowConfirmDialog view={confirm} actions={actions} confirmLabel="Confirm" />
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">What each data source unlocks</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">
              Feature
            </th>
            {sources.map((s) => (
              <th key={s} scope="col" className="px-4 py-3 text-center font-semibold text-slate-900">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {INTEGRATION_CAPABILITIES.map((capability) => (
            <tr key={capability} className="border-b border-slate-100">
              <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
                {capability}
              </th>
              {sources.map((s) => (
                <td key={s} className="px-4 py-3 text-center">
                  {SUPPORTED_CAPABILITIES[s].includes(capability) ? (
                    <span className="text-emerald-700" role="img" aria-label="Supported">
                      ✓
                    </span>
                  ) : (
                    <span className="text-slate-400" role="img" aria-label="Not supported">
                      –
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
              Connection
            </th>
            {sources.map((s) => {
              const plugin = hasPlugin(s) ? pluginOf(plugins, s) : null;
              const look = statusLook(plugin);
              return (
                <td key={s} className="px-4 py-3 text-center">
                  <Link
                    href={href.app(workspaceId, appId, `integrations/${s}`)}
                    aria-label={`${s}: ${plugin ? look.label : 'Continue'}`}
                    className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold ring-1 ${plugin ? TONE_CLASSES[look.tone] : 'bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-500'}`}
                  >
                    {look.hourglass && <span aria-hidden="true">⌛</span>}
                    {plugin ? look.label : 'Continue'}
                  </Link>
                </td>
              );
            })}
          </tr>
          <tr className="border-t border-slate-100">
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
              Active
            </th>
            {sources.map((s) => {
              const plugin = hasPlugin(s) ? pluginOf(plugins, s) : null;
              const active = !!plugin && plugin.id === activePluginId;
              const connected = !!plugin && plugin.connected !== 'disconnected';
              const reason = viewerDenied(role) ?? (connected ? null : CONNECT_TO_ACTIVATE);
              return (
                <td key={s} className="px-4 py-3 text-center">
                  <Switch
                    title={reason ?? undefined}
                    aria-label={`${s} active`}
                    checked={active}
                    disabled={!!reason || active}
                    onChange={() => plugin && actions.activate({ id: plugin.id, source: plugin.source })}
                  />
                </td>
              );
            })}
          </tr>
          <tr className="border-t border-slate-100">
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-700">
              Health
            </th>
            {sources.map((s) => (
              <td key={s} className="px-4 py-3 text-center align-top">
                <HealthCell line={health.get(s)} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <AddFirebase workspaceId={workspaceId} appId={appId} role={role} hasFirebase={!!pluginOf(plugins, 'Firebase')} />
    </div>
  );
}
