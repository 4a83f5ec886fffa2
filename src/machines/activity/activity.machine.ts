/**
 * The activity page (docs/activity.md §Screens and routes): the workspace's log, newest first, filtered, searched,
 * paged and expanded row by row into its before → after, and downloaded as CSV.
 *
 *   loading ─┬─ page ─────► ready ─MORE (a next cursor)─► loadingMore ─┬─ page ──► ready (rows appended)
 *            └─ thrown ───► failed ─RETRY─► loading                     └─ thrown ─► ready (moreError, rows kept)
 *   ready ─EXPORT─► exporting ─┬─ done ──► ready ('Activity downloaded.')
 *                              └─ thrown ► ready (EXPORT_FAILED as an error snackbar)
 *   anywhere: FILTER(field, value) / CLEAR ─► loading (from the first page)
 *             SEARCH(text) ─► debouncing ─500 ms─► loading with the text (each keystroke restarts the wait)
 *             TOGGLE(id) opens or closes a row's changes (one at a time)
 *             ROUTINE(show) shows or leaves out the routine entries (postbacks, quest steps, charges; left out at first)
 *
 * A page that answers after the filters changed again is dropped: the invoke of the old state is stopped with it.
 * The calls and `notify` are provided by activity.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '../../contracts/activity';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** docs/activity.md §Rules and limits: the search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** docs/activity.md §Messages (ours). */
export const LOAD_FAILED = 'We could not load the activity. Please try again.';
export const MORE_FAILED = 'We could not load more activity. Please try again.';
export const EXPORT_DONE = 'Activity downloaded.';
export const EXPORT_FAILED = 'We could not download the activity. Please try again.';

export type ActivityFilterField = 'app' | 'area' | 'person' | 'verb' | 'from' | 'to';
export type ActivityFilters = Partial<Record<ActivityFilterField, string>>;

export interface ActivityInput {
  workspaceId: string;
  /** Filters the page opens with (the URL's query: a chart marker links to one day). */
  filters?: ActivityFilters;
}
export interface ActivityContext {
  workspaceId: string;
  filters: ActivityFilters;
  /** What the search box holds; `q` is the text the list was last asked for. */
  search: string;
  q: string;
  /** The routine entries (ROUTINE_VERBS) are shown; off at first. */
  routine: boolean;
  entries: ActivityEntry[];
  nextCursor: string | null;
  expanded: string | null;
  error: string | null;
  moreError: string | null;
}
export type ActivityEvent =
  | { type: 'FILTER'; field: ActivityFilterField; value: string }
  | { type: 'CLEAR' }
  | { type: 'SEARCH'; text: string }
  | { type: 'MORE' }
  | { type: 'TOGGLE'; id: string }
  | { type: 'ROUTINE'; show: boolean }
  | { type: 'RETRY' }
  | { type: 'EXPORT' };

/** The query of the list: the set filters and the applied text (empty ones left out). */
export function queryOf(
  context: Pick<ActivityContext, 'filters' | 'q' | 'routine'>,
  cursor?: string | null,
): ActivityQuery {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(context.filters)) if (value) query[field] = value;
  if (!context.routine && !context.filters.verb) query.routine = 'hide';
  if (context.q) query.q = context.q;
  if (cursor) query.cursor = cursor;
  return query as ActivityQuery;
}

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as ActivityInput,
    children: {} as { loadPage: 'loadPage'; loadMore: 'loadPage'; exportAll: 'exportAll' },
  },
  actors: {
    loadPage: toProvide<ActivityPage, { workspaceId: string; query: ActivityQuery }>('loadPage'),
    exportAll: toProvide<void, { workspaceId: string; query: ActivityQuery }>('exportAll'),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    notify,
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    filters: { ...input.filters },
    search: '',
    q: '',
    routine: false,
    entries: [],
    nextCursor: null,
    expanded: null,
    error: null,
    moreError: null,
  }),
  initial: 'loading',
  on: {
    FILTER: {
      target: '.loading',
      actions: assign(({ context, event }) => ({
        filters: { ...context.filters, [event.field]: event.value || undefined },
      })),
    },
    CLEAR: { target: '.loading', actions: assign({ filters: {}, search: '', q: '' }) },
    SEARCH: { target: '.debouncing', reenter: true, actions: assign(({ event }) => ({ search: event.text })) },
    TOGGLE: {
      actions: assign(({ context, event }) => ({ expanded: context.expanded === event.id ? null : event.id })),
    },
    ROUTINE: { target: '.loading', actions: assign(({ event }) => ({ routine: event.show })) },
  },
  states: {
    loading: {
      entry: assign({ error: null, moreError: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ workspaceId: context.workspaceId, query: queryOf(context) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            entries: event.output.entries,
            nextCursor: event.output.nextCursor,
            expanded: null,
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: wordsOf(event.error, LOAD_FAILED) })) },
      },
    },
    debouncing: {
      after: {
        searchDebounce: { target: 'loading', actions: assign(({ context }) => ({ q: context.search.trim() })) },
      },
    },
    ready: {
      on: {
        MORE: { guard: 'hasMore', target: 'loadingMore' },
        EXPORT: 'exporting',
      },
    },
    loadingMore: {
      entry: assign({ moreError: null }),
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => ({ workspaceId: context.workspaceId, query: queryOf(context, context.nextCursor) }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: [...context.entries, ...event.output.entries],
            nextCursor: event.output.nextCursor,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ moreError: wordsOf(event.error, MORE_FAILED) })),
        },
      },
    },
    exporting: {
      invoke: {
        id: 'exportAll',
        src: 'exportAll',
        input: ({ context }) => ({ workspaceId: context.workspaceId, query: queryOf(context) }),
        onDone: { target: 'ready', actions: { type: 'notify', params: { message: EXPORT_DONE, kind: 'success' } } },
        onError: { target: 'ready', actions: { type: 'notify', params: { message: EXPORT_FAILED, kind: 'error' } } },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
