/**
 * True when the team table fits: from 1200 px the side menu leaves room for its five columns; below that (and on
 * the docs/team.md §Rules and limits small screens up to 765 px) the team shows as stacked cards.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 1200px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

export const useTeamTableFits = () => useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
