/**
 * The 'Show on Questboard App' popover of an app card (docs/apps.md §App states): a small options button opening a panel with one
 * switch, over the app-visibility flow (optimistic, reverted on failure). Editors and admins switch it; viewers see
 * it disabled with the view-only tooltip (docs/apps.md §Roles). Escape or a click outside closes the panel; the panel is a popover in
 * the browser's top layer, so no card drawn after this one can cover it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { appVisibilityFlow } from '../../machines/app-visibility/app-visibility.actors';
import { selectAppVisibility, appVisibilityActions } from '../../machines/app-visibility/app-visibility.selectors';
import type { App } from '../../contracts/apps';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';

export const SHOW_ON_APP = 'Show on Questboard App';

/** The flow's value for the card (optimistic while a change is on its way). */
export function useAppVisibility(app: App) {
  const session = Session.useActorRef();
  const actor = useFlowActor(
    appVisibilityFlow,
    { appId: app.id, enabled: app.enabled },
    { key: app.id, deps: { session } },
  );
  const view = useSelector(actor, selectAppVisibility);
  const actions = useActions(actor, appVisibilityActions);
  // The workspace's value wins whenever it changes (after a refresh, or another person's change).
  useEffect(() => {
    actions.sync(app.enabled);
  }, [actions, app.enabled]);
  return { ...view, toggle: actions.toggle };
}

const GAP = 8;
const SCREEN_MARGIN = 16;
const PANEL_WIDTH = 288; // w-72

/** Places the open panel under the button, its right edge on the button's (kept on screen). */
function placeUnder(button: HTMLElement, panel: HTMLElement) {
  const box = button.getBoundingClientRect();
  // Before it shows, the panel has no size yet: its CSS width then.
  const width = panel.offsetWidth || Math.min(PANEL_WIDTH, window.innerWidth - 2 * SCREEN_MARGIN);
  const left = Math.min(Math.max(SCREEN_MARGIN, box.right - width), window.innerWidth - width - SCREEN_MARGIN);
  panel.style.top = `${box.bottom + GAP}px`;
  panel.style.left = `${Math.max(SCREEN_MARGIN, left)}px`;
}

export function AppVisibilityPopover({
  app,
  enabled,
  saving,
  onToggle,
  deniedReason,
}: {
  app: App;
  enabled: boolean;
  saving: boolean;
  onToggle: () => void;
  deniedReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // While open, the panel follows its button when the page scrolls or the window changes size.
  useEffect(() => {
    if (!open) return;
    const place = () => button.current && panel.current && placeUnder(button.current, panel.current);
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);
  return (
    <div className="relative z-10">
      <button
        ref={button}
        type="button"
        popoverTarget={panelId}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Options for ${app.appName} (${app.platform === 'ios' ? 'iOS' : 'Android'})`}
        className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <circle cx="10" cy="4" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="10" cy="16" r="1.6" />
        </svg>
      </button>
      {/*
        A popover in the browser's top layer: drawn above every card and bar, whatever the grid around it, yet next to
        its button in the tab order. A click outside or Escape closes it (light dismiss), and focus goes back to the button.
      */}
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        role="group"
        aria-label={`${app.appName} options`}
        onBeforeToggle={(event) => {
          if (event.newState === 'open' && button.current && panel.current) placeUnder(button.current, panel.current);
        }}
        onToggle={(event) => setOpen(event.newState === 'open')}
        className="fixed inset-auto m-0 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 text-slate-900 shadow-lg ring-1 ring-slate-200"
      >
        <div className="flex items-center justify-between gap-3">
          <span id={`${panelId}-label`} className="text-sm font-medium text-slate-800">
            {SHOW_ON_APP}
          </span>
          <VisibilitySwitch
            labelledBy={`${panelId}-label`}
            enabled={enabled}
            saving={saving}
            onToggle={onToggle}
            deniedReason={deniedReason}
          />
        </div>
        <p className="mt-2 text-xs text-slate-600">
          {deniedReason ??
            (enabled
              ? 'Players can find this app in the Questboard app.'
              : 'Hidden from players of the Questboard app.')}
        </p>
      </div>
    </div>
  );
}

/** The switch itself (docs/apps.md §App states), named by the element `labelledBy` points at; used by the popover and App Settings. */
export function VisibilitySwitch({
  labelledBy,
  enabled,
  saving,
  onToggle,
  deniedReason,
}: {
  labelledBy: string;
  enabled: boolean;
  saving: boolean;
  onToggle: () => void;
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
      <span
        className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition ${enabled ? 'left-[1.375rem]' : 'left-0.5'}`}
      />
    </button>
  );
}
