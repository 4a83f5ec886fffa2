/**
 * A fade driven by timers rather than transitionend events: `mounted` while open and for `ms` after closing, `shown`
 * (apply the opaque class) from the frame after mounting until closing. Closing mid-fade-in is safe: the element
 * always unmounts `ms` after the last close, however the browser's transition was interrupted.
 */
import { useEffect, useState } from 'react';

export function useFade(open: boolean, ms: number): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return { mounted, shown };
}
