/**
 * Makes the narrow overlay menu a modal: while it is open the focus moves into it, Tab and Shift+Tab cycle
 * through its links and the menu button (its close button, in the header above it), Escape closes it, and on closing
 * the focus returns to the menu button (unless the user already put it somewhere else, e.g. by navigating).
 * The rest of the page is made inert by the shell meanwhile.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

export function useOverlayFocus({
  open,
  mounted,
  overlay,
  trigger,
  onClose,
}: {
  open: boolean;
  /** True once the overlay element is in the page. */
  mounted: boolean;
  overlay: RefObject<HTMLElement | null>;
  trigger: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const active = open && mounted;
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const panel = overlay.current;
    const button = trigger.current;
    if (!active || !panel) return;
    focusables(panel)[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return; // handled inside (e.g. Escape closing the app selector's list)
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const cycle = [trigger.current, ...focusables(panel)].filter((el): el is HTMLElement => !!el);
      if (cycle.length === 0) return;
      const index = cycle.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? index <= 0
          ? cycle.length - 1
          : index - 1
        : index === -1 || index === cycle.length - 1
          ? 0
          : index + 1;
      event.preventDefault();
      cycle[next]!.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Closing: the focus was in the menu (or dropped with it) → back to the menu button.
      const focused = document.activeElement;
      if (!focused || focused === document.body || panel.contains(focused)) button?.focus();
    };
  }, [active, overlay, trigger]);
}
