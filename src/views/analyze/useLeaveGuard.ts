/**
 * "Leaving with unsaved changes asks for confirmation" for the report builder.
 *
 *  - Reload, closing the tab or leaving the site: the browser's own `beforeunload` prompt.
 *  - In-app navigation: wouter moves with history.pushState / replaceState (links, navigate(), the app picker …), so
 *    while the page is mounted those two are wrapped: a move to another path while `isDirty()` is held back and the
 *    page shows its confirm dialog; Leave performs it, Stay drops it.
 *  - Back / Forward: a popstate handler that runs before wouter's listener (src/views/shell/popstate-first.ts) stops
 *    the event, puts the builder's URL back and asks; Leave then goes where the user was heading.
 *
 * `bypassLeaveGuard` lets the builder's own moves through (the URL change after the first run, the blank report after
 * a delete). `isDirty` is read at the moment of navigation, from the actor, not from the last render.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onPopStateFirst } from '../shell/popstate-first';

let bypass = 0;
/** Runs a navigation the guard must not hold back. */
export function bypassLeaveGuard(navigate: () => void) {
  bypass += 1;
  try {
    navigate();
  } finally {
    bypass -= 1;
  }
}

type HistoryFn = History['pushState'];
const pathOf = (url: string | URL | null | undefined): string | null => {
  if (url === null || url === undefined) return null;
  try {
    return new URL(String(url), window.location.href).pathname;
  } catch {
    return null;
  }
};

export function useLeaveGuard(isDirty: () => boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(isDirty);
  useLayoutEffect(() => {
    dirtyRef.current = isDirty;
  });

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };

    // oxlint-disable-next-line typescript/unbound-method -- kept as-is to be put back on unmount; every call passes the history as `this`
    const originalPush: HistoryFn = window.history.pushState;
    // oxlint-disable-next-line typescript/unbound-method -- kept as-is to be put back on unmount; every call passes the history as `this`
    const originalReplace: HistoryFn = window.history.replaceState;
    const wrap = (original: HistoryFn): HistoryFn =>
      function guarded(this: History, data, unused, url) {
        const target = pathOf(url);
        if (bypass === 0 && target !== null && target !== window.location.pathname && dirtyRef.current()) {
          setPending(() => () => original.call(window.history, data, unused, url));
          return;
        }
        original.call(this, data, unused, url);
      };
    window.history.pushState = wrap(originalPush);
    window.history.replaceState = wrap(originalReplace);

    let here = window.location.href;
    const remember = () => {
      here = window.location.href;
    };
    const onPopState = (event: PopStateEvent) => {
      if (bypass > 0 || !dirtyRef.current() || window.location.href === here) {
        remember();
        return;
      }
      const target = window.location.href;
      event.stopImmediatePropagation();
      // Put the builder back on top (wouter sees the same path, nothing re-renders), then ask.
      originalPush.call(window.history, window.history.state, '', here);
      setPending(() => () => originalPush.call(window.history, null, '', target));
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    const stopPopState = onPopStateFirst(onPopState);
    window.addEventListener('pushState', remember);
    window.addEventListener('replaceState', remember);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      stopPopState();
      window.removeEventListener('pushState', remember);
      window.removeEventListener('replaceState', remember);
      window.history.pushState = originalPush;
      window.history.replaceState = originalReplace;
    };
  }, []);

  const leave = useCallback(() => {
    const go = pending;
    setPending(null);
    if (go) bypassLeaveGuard(go);
  }, [pending]);
  const stay = useCallback(() => setPending(null), []);

  return { asking: pending !== null, leave, stay };
}
