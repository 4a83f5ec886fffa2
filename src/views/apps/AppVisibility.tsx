/**
 * The 'Show on Questboard App' popover of an app card (SPEC §4): a small options button opening a panel with one
 * switch, over the app-visibility flow (optimistic, reverted on failure). Editors and admins switch it; viewers see
 * it disabled with SPEC §6's view-only tooltip. Escape or a click outside closes the panel; the panel is anchored in a
 * portal, so no card drawn after this one can cover it.
 */
import { useEffect, useId } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { appVisibilityFlow } from '../../machines/app-visibility/app-visibility.actors';
import { selectAppVisibility } from '../../machines/app-visibility/app-visibility.selectors';
import type { App } from '../../contracts/apps';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';

export const SHOW_ON_APP = 'Show on Questboard App';

/** The flow's value for the card (optimistic while a change is on its way). */
export function useAppVisibility(app: App) {
  const session = Session.useActorRef();
  const actor = useFlowActor(appVisibilityFlow, { appId: app.id, enabled: app.enabled }, { key: app.id, deps: { session } });
  const view = useSelector(actor, selectAppVisibility);
  // The workspace's value wins whenever it changes (after a refresh, or another person's change).
  useEffect(() => {
    actor.send({ type: 'SYNC', enabled: app.enabled });
  }, [actor, app.enabled]);
  return { ...view, toggle: () => actor.send({ type: 'TOGGLE' }) };
}

export function AppVisibilityPopover({ app, enabled, saving, onToggle, deniedReason }: {
  app: App;
  enabled: boolean;
  saving: boolean;
  onToggle(): void;
  deniedReason: string | null;
}) {
  const labelId = useId();
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={`Options for ${app.appName} (${app.platform === 'ios' ? 'iOS' : 'Android'})`}
        className="relative z-10 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <circle cx="10" cy="4" r="1.6" /><circle cx="10" cy="10" r="1.6" /><circle cx="10" cy="16" r="1.6" />
        </svg>
      </PopoverButton>
      {/* Anchored in a portal: drawn above every card, whatever the grid around it. */}
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 16 }}
        role="group"
        aria-label={`${app.appName} options`}
        data-testid={`app-options-${app.id}`}
        className="z-50 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <div className="flex items-center justify-between gap-3">
          <span id={labelId} className="text-sm font-medium text-slate-800">{SHOW_ON_APP}</span>
          <VisibilitySwitch labelledBy={labelId} enabled={enabled} saving={saving} onToggle={onToggle} deniedReason={deniedReason} />
        </div>
        <p className="mt-2 text-xs text-slate-600">
          {deniedReason ?? (enabled ? 'Players can find this app in the Questboard app.' : 'Hidden from players of the Questboard app.')}
        </p>
      </PopoverPanel>
    </Popover>
  );
}

/** The switch itself (SPEC §4), named by the element `labelledBy` points at; used by the popover and App Settings. */
export function VisibilitySwitch({ labelledBy, enabled, saving, onToggle, deniedReason }: {
  labelledBy: string;
  enabled: boolean;
  saving: boolean;
  onToggle(): void;
  deniedReason: string | null;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-labelledby={labelledBy}
      aria-busy={saving || undefined}
      disabled={!!deniedReason || saving}
      title={deniedReason ?? undefined}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition disabled:cursor-not-allowed disabled:opacity-60 ${enabled ? 'bg-indigo-600' : 'bg-slate-400'}`}
    >
      <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition ${enabled ? 'left-[1.375rem]' : 'left-0.5'}`} />
    </button>
  );
}
