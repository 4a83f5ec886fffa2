/**
 * Back / Forward handlers that must run before the router sees the move (the report builder's leave guard, see
 * docs/analyze.md). One window listener, registered when the app starts and so before
 * the router subscribes: a handler that calls `event.stopImmediatePropagation()` keeps the router from ever
 * rendering the page the user was heading to. (A listener added later by the page itself would run after the
 * router's, whose re-render may already have happened by then.)
 */
type Handler = (event: PopStateEvent) => void;
const handlers = new Set<Handler>();

if (typeof window !== 'undefined') {
  window.addEventListener(
    'popstate',
    (event) => {
      for (const handler of handlers) handler(event);
    },
    { capture: true },
  );
}

/** Adds a handler that runs before any other popstate listener; returns its removal. */
export function onPopStateFirst(handler: Handler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
