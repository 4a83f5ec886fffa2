/**
 * The optional link to the Stately inspector (@statelyai/inspect, stately.ai in a new window), loaded only when the
 * user clicks "Open in Stately" in the flow panel. Every event it sends passes through maskStatelyEvent (its
 * `serialize` option is the one funnel before postMessage), so secrets never leave the page. The root actors already
 * running are replayed (with their children) so the new window shows them at once.
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { maskStatelyEvent } from './mask-snapshot';

/** What "Open in Stately" came to, for the panel's message. */
export type OpenStatelyResult = 'opened' | 'blocked' | 'failed';

export interface StatelyBridge {
  /** Forwards one inspection event (masked on the way out). */
  inspect(event: InspectionEvent): void;
  /** Opens (or focuses) the Stately window; false when the browser blocked the pop-up. */
  open(liveRoots: AnyActorRef[]): boolean;
}

type Inspector = ReturnType<typeof createBrowserInspector>;

function replay(inspector: Inspector, root: AnyActorRef) {
  const visit = (actorRef: AnyActorRef) => {
    const snapshot = actorRef.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined;
    inspector.inspect.next?.({ type: '@xstate.actor', actorRef, rootId: root.sessionId });
    inspector.inspect.next?.({
      type: '@xstate.snapshot',
      actorRef,
      rootId: root.sessionId,
      snapshot: snapshot as never,
      event: { type: 'xstate.init' },
    });
    for (const child of Object.values(snapshot?.children ?? {})) visit(child);
  };
  visit(root);
}

export function createStatelyBridge(): StatelyBridge {
  let inspector: Inspector | undefined;
  return {
    inspect(event) {
      inspector?.inspect.next?.(event);
    },
    open(liveRoots) {
      const target = inspector?.adapter.targetWindow;
      if (target && !target.closed) {
        target.focus();
        return true;
      }
      // A fresh inspector per window: its queue of events waiting for the window starts with the replay.
      inspector = createBrowserInspector({ autoStart: false, serialize: maskStatelyEvent });
      inspector.start();
      if (!inspector.adapter.targetWindow) {
        inspector = undefined;
        return false;
      }
      for (const root of liveRoots) replay(inspector, root);
      return true;
    },
  };
}
