/**
 * The route-leave guard of a form with unsaved changes (docs/acquire.md §Target settings states Acquire settings): while `active`, a click on an
 * in-app link, the browser's Back button and closing the tab ask first. Links and Back are handed to `onLeave(to)`
 * (the flow asks and navigates itself: `to` is a path, or LEAVE_BACK for the history entry before this page); the
 * tab close gets the browser's own prompt (beforeunload). Back is caught with a guard history entry of the same URL
 * pushed while active: Back pops it (the page stays) and asks; leaving then goes back one more entry. Navigations made
 * in code (the app and workspace pickers call the router's navigate, i.e. history.pushState) ask too: pushState is
 * wrapped while active; the flow's own navigation after "Leave" goes through `unguarded`.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

export const LEAVE_BACK = '::back';
const GUARD_STATE = 'questboard-leave-guard';
let bypass = false;

/** Runs a navigation the user already confirmed, past the guard. */
export function unguarded(navigate: () => void) {
  bypass = true;
  try {
    navigate();
  } finally {
    bypass = false;
  }
}

export function useLeaveGuard(active: boolean, asking: boolean, onLeave: (to: string) => void) {
  const leave = useRef(onLeave);
  useLayoutEffect(() => {
    leave.current = onLeave;
  });

  useEffect(() => {
    if (!active) return;
    if (!asking && (window.history.state as { guard?: string } | null)?.guard !== GUARD_STATE) {
      window.history.pushState(
        { ...(window.history.state as object | null), guard: GUARD_STATE },
        '',
        window.location.href,
      );
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onPopState = () => leave.current(LEAVE_BACK);
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      leave.current(url.pathname + url.search + url.hash);
    };
    // oxlint-disable-next-line typescript/unbound-method -- kept as-is to be put back on cleanup; every call passes the history as `this`
    const pushState = window.history.pushState;
    window.history.pushState = function guardedPushState(
      this: History,
      data: unknown,
      unused: string,
      url?: string | URL | null,
    ) {
      const to = url === undefined || url === null ? null : new URL(url, window.location.href);
      if (bypass || !to || (to.pathname === window.location.pathname && to.search === window.location.search))
        return pushState.call(this, data, unused, url);
      leave.current(to.pathname + to.search + to.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.history.pushState = pushState;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, asking]);
}
