/**
 * A fade driven by timers rather than transitionend events: `mounted` while open and for `ms` after closing, `shown`
 * (apply the opaque class) once the element has been styled transparent, until closing. Closing mid-fade-in is safe:
 * the element always unmounts `ms` after the last close, however the browser's transition was interrupted.
 *
 * Fading in: an element whose first computed style is already opaque does not transition, and frame timing cannot
 * promise a frame in between (a busy page may mount it late). So once the element is in the page, its style is
 * computed while it is still transparent (reading its computed opacity) and only then is `shown` turned on.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useFade(
  open: boolean,
  ms: number,
  element: RefObject<HTMLElement | null>,
): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(open);
  // Opening mounts at once and closing starts the fade-out at once: adjusted while rendering, not in an effect.
  if (open && !mounted) setMounted(true);
  if (!open && shown) setShown(false);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  useEffect(() => {
    if (!open || !mounted || !element.current) return;
    void getComputedStyle(element.current).opacity; // the transparent starting point of the transition
    // oxlint-disable-next-line react/set-state-in-effect -- `shown` may turn on only once the mounted element's transparent style is computed, which needs the element in the page
    setShown(true);
  }, [open, mounted, element]);
  return { mounted, shown };
}
