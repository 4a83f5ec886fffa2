/**
 * View model of the postback log page: each postback in words (when, event, outcome and why, the device id masked),
 * the filters and typed texts, what the list is doing, and the actions the view sends.
 */
import type { SnapshotFrom } from 'xstate';
import type {
  postbackLogMachine,
  PostbackLogEvent,
  PostbackLogFilterField,
  PostbackLogTextField,
} from './postback-log.machine';
import type { PostbackLogOutcome, PostbackLogRow } from '../../contracts/postbacks';

type Snapshot = SnapshotFrom<typeof postbackLogMachine>;

export const OUTCOME_LABELS: Record<PostbackLogOutcome, string> = {
  stored: 'Stored',
  duplicate: 'Duplicate',
  refused: 'Refused',
};

export interface PostbackLogRowView {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  event: string;
  outcome: PostbackLogOutcome;
  outcomeLabel: string;
  reasonCode: string | null;
  reason: string | null;
  device: string;
}

const rowOf = (entry: PostbackLogRow): PostbackLogRowView => ({
  id: entry.id,
  at: new Date(entry.receivedAt).toISOString(),
  event: entry.eventName ?? '—',
  outcome: entry.outcome,
  outcomeLabel: OUTCOME_LABELS[entry.outcome],
  reasonCode: entry.reasonCode,
  reason: entry.reason,
  device: entry.advertisingId ?? '—',
});

export const selectPostbackLog = (s: Snapshot) => {
  const c = s.context;
  return {
    rows: c.entries.map(rowOf),
    filters: c.filters,
    typed: c.typed,
    loading: s.matches('loading'),
    searching: s.matches('debouncing'),
    loadingMore: s.matches('loadingMore'),
    exporting: s.matches('exporting'),
    error: s.matches('failed') ? c.error : null,
    moreError: c.moreError,
    empty: s.matches('ready') && c.entries.length === 0 && c.nextCursor === null,
    canLoadMore: s.matches('ready') && c.nextCursor !== null,
    canExport: s.matches('ready') && c.entries.length > 0,
    /** ISO time the list searched back to, when a filter no index serves stopped it early (more may be older). */
    searchedTo: c.searchedTo !== null && c.nextCursor !== null ? new Date(c.searchedTo).toISOString() : null,
    filtered: Object.values(c.filters).some(Boolean) || c.applied.q !== '' || c.applied.device !== '',
  };
};

/** The events the view sends, named. */
export const postbackLogActions = (send: (event: PostbackLogEvent) => void) => ({
  filter: (field: PostbackLogFilterField, value: string) => send({ type: 'FILTER', field, value }),
  type: (field: PostbackLogTextField, text: string) => send({ type: 'TYPE', field, text }),
  clear: () => send({ type: 'CLEAR' }),
  more: () => send({ type: 'MORE' }),
  retry: () => send({ type: 'RETRY' }),
  export: () => send({ type: 'EXPORT' }),
});
