/**
 * The events search box (docs/architecture.md §Areas and their doors Events table: 'Search Event Name', searched 500 ms after the last keystroke), shared
 * by the Integrations Events table and the App Settings Events tab: the box to render and the text to search.
 */
import { useState } from 'react';
import { EVENT_SEARCH_DEBOUNCE_MS, SEARCH_EVENT_PLACEHOLDER } from '../../contracts/integrations';
import { useDebounced } from './useDebounced';

export function useEventSearch(className = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm') {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), EVENT_SEARCH_DEBOUNCE_MS);
  const box = (
    <input
      type="search"
      aria-label={SEARCH_EVENT_PLACEHOLDER}
      placeholder={SEARCH_EVENT_PLACEHOLDER}
      value={text}
      maxLength={100}
      onChange={(e) => setText(e.target.value)}
      className={className}
    />
  );
  return { search, box };
}
