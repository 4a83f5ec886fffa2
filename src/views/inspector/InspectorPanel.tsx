/**
 * The built-in flow panel (?inspect=1): a toggle button in the bottom-right corner opens a panel docked to the right
 * or the bottom edge, listing every root actor (state highlighted in its statechart) and the last events, all
 * masked. Works offline; "Open in Stately" opens the Stately inspector on demand. Escape (inside the panel) and the
 * Close button close it and give focus back to the toggle.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { InspectorStore } from '../../inspector/store';
import type { OpenStatelyResult } from '../../inspector/stately-bridge';
import { ActorCard } from './ActorCard';
import { EventLog } from './EventLog';

export interface InspectorPanelProps {
  store: InspectorStore;
  openStately: () => Promise<OpenStatelyResult>;
}

type Dock = 'right' | 'bottom';
const DOCK_KEY = 'questboard.inspect.dock';
const PANEL_ID = 'flow-inspector-panel';

const statelyMessage: Record<OpenStatelyResult, string> = {
  opened: 'The Stately inspector is open in another window; it receives the same masked events.',
  blocked: 'The browser blocked the Stately window. Allow pop-ups for this site and try again.',
  failed: 'The Stately inspector could not be loaded (it needs an internet connection).',
};

const buttonClass =
  'rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60';

export function InspectorPanel({ store, openStately }: InspectorPanelProps) {
  const { actors, events } = useSyncExternalStore(store.subscribe, store.getState);
  const [open, setOpen] = useState(false);
  const [dock, setDock] = useState<Dock>(() => (sessionStorage.getItem(DOCK_KEY) === 'bottom' ? 'bottom' : 'right'));
  const [stately, setStately] = useState<{ busy: boolean; result?: OpenStatelyResult }>({ busy: false });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(false);

  // Focus follows the panel: into it when it opens, back to the toggle when it closes.
  useEffect(() => {
    if (open) headingRef.current?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const changeDock = () => {
    const next: Dock = dock === 'right' ? 'bottom' : 'right';
    sessionStorage.setItem(DOCK_KEY, next);
    setDock(next);
  };

  const onStately = async () => {
    setStately({ busy: true });
    setStately({ busy: false, result: await openStately() });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const live = actors.filter((actor) => actor.status !== 'stopped');
  const stopped = actors.filter((actor) => actor.status === 'stopped');
  const placement =
    dock === 'right' ? 'inset-y-0 right-0 w-full max-w-md border-l' : 'inset-x-0 bottom-0 h-[50vh] border-t';

  return (
    <aside aria-label="Flow inspector" className="font-sans">
      {!open && (
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setOpen(true)}
          className="fixed right-4 bottom-4 z-[70] rounded-full bg-slate-900 px-3 py-2 text-xs font-semibold text-white shadow-lg hover:bg-slate-700"
        >
          Flow inspector ({live.length})
        </button>
      )}
      {open && (
        <div
          id={PANEL_ID}
          onKeyDown={onKeyDown}
          className={`fixed z-[70] flex flex-col border-slate-300 bg-white text-slate-900 shadow-2xl ${placement}`}
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
            <h2 ref={headingRef} tabIndex={-1} className="mr-auto text-sm font-semibold">
              Flow inspector
            </h2>
            <button type="button" className={buttonClass} onClick={changeDock}>
              {dock === 'right' ? 'Dock at the bottom' : 'Dock at the right'}
            </button>
            <button type="button" className={buttonClass} onClick={() => void onStately()} disabled={stately.busy}>
              Open in Stately
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => setOpen(false)}
              aria-label="Close flow inspector"
            >
              Close
            </button>
          </div>
          <div className="flex-1 space-y-3 overflow-y-auto px-3 py-2">
            <p className="text-xs text-slate-700">
              Passwords, tokens, keys, credentials and file contents are masked here and in anything sent to Stately.
            </p>
            <p role="status" className="text-xs text-slate-800">
              {stately.result ? statelyMessage[stately.result] : ''}
            </p>
            <section aria-labelledby="flow-actors-heading">
              <h3
                id="flow-actors-heading"
                className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase"
              >
                Root actors ({live.length} live)
              </h3>
              {actors.length === 0 ? (
                <p className="text-xs text-slate-700">No actors yet.</p>
              ) : (
                <ul aria-label="Root actors" className="space-y-2">
                  {[...live, ...stopped].map((actor) => (
                    <ActorCard key={actor.sessionId} actor={actor} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="flow-events-heading">
              <h3
                id="flow-events-heading"
                className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase"
              >
                Last events
              </h3>
              <EventLog events={events} />
            </section>
          </div>
        </div>
      )}
    </aside>
  );
}
