/**
 * What an object's History section lists (docs/activity.md §Where an object's history shows): its changes, newest
 * first, with one frequent verb (a quest's step completions) kept apart: hidden until the reader asks, its count
 * shown on the toggle either way. Pure: the two pages the section reads in, the entries to show and the toggle's
 * count out.
 */
import type { ActivityEntry, ActivityPage } from '../../contracts/activity';

/** Entries the section lists. */
export const HISTORY_SHOWN = 10;

export interface HistoryList {
  entries: ActivityEntry[];
  /** How many entries the toggle hides or shows: "12", or "50+" when there are more than one page. */
  count: string;
  /** False when there is nothing to hide (no toggle then). */
  hasHidden: boolean;
}

const newestFirst = (a: ActivityEntry, b: ActivityEntry) => b.at.localeCompare(a.at) || Number(b.id) - Number(a.id);

/** `changes`: the object's page without the verb; `kept`: its page of that verb only. */
export function historyList(
  changes: Pick<ActivityPage, 'entries'>,
  kept: Pick<ActivityPage, 'entries' | 'nextCursor'> | undefined,
  showKept: boolean,
): HistoryList {
  const keptEntries = kept?.entries ?? [];
  const entries = showKept ? [...changes.entries, ...keptEntries].sort(newestFirst) : changes.entries;
  return {
    entries: entries.slice(0, HISTORY_SHOWN),
    count: `${keptEntries.length}${kept?.nextCursor ? '+' : ''}`,
    hasHidden: keptEntries.length > 0,
  };
}
