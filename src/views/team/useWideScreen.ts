/** True above the SPEC §9 small-screen breakpoint (765 px), matching Tailwind's `desk:` variant in index.css. */
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 766px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

export const useWideScreen = () => useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
