/**
 * The postback log page of a partner (docs/postbacks.md §Postback log): an app's postbacks from one source, newest
 * first — stored, duplicate, or refused and why — filtered, searched, paged by cursor and downloaded as CSV.
 *
 *   loading ─┬─ page ─────► ready ─MORE (a next cursor)─► loadingMore ─┬─ page ──► ready (rows appended)
 *            └─ thrown ───► failed ─RETRY─► loading                     └─ thrown ─► ready (moreError, rows kept)
 *   ready ─EXPORT─► exporting ─┬─ done ──► ready ('Postback log downloaded.')
 *                              └─ thrown ► ready (EXPORT_FAILED as an error snackbar)
 *   anywhere: FILTER(field, value) / CLEAR ─► loading (from the first page)
 *             TYPE(field, text) (search, device id) ─► debouncing ─500 ms─► loading with the typed texts
 *
 * A filter no index serves may answer a short (even empty) page with a cursor: it searched back to `searchedTo`, and
 * MORE searches older postbacks. A page that answers after the filters changed again is dropped: the invoke of the old state is stopped with it.
 * The calls and `notify` are provided by postback-log.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { PostbackLogPage, PostbackLogQuery, PostbackLogRow } from '../../contracts/postbacks';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** The search and the device id are asked for this long after the last keystroke. */
export const TYPE_DEBOUNCE_MS = 500;
/** docs/postbacks.md §Messages (ours). */
export const LOAD_FAILED = 'We could not load the postback log. Please try again.';
export const MORE_FAILED = 'We could not load more postbacks. Please try again.';
export const EXPORT_DONE = 'Postback log downloaded.';
export const EXPORT_FAILED = 'We could not download the postback log. Please try again.';

export type PostbackLogFilterField = 'event' | 'outcome' | 'from' | 'to';
export type PostbackLogFilters = Partial<Record<PostbackLogFilterField, string>>;
/** The fields typed into (asked for after the debounce). */
export type PostbackLogTextField = 'q' | 'device';
export type PostbackLogTexts = Record<PostbackLogTextField, string>;

export interface PostbackLogInput {
  appId: string;
  /** The source's URL segment (`appsflyer`, `adjust`). */
  source: string;
}
export interface PostbackLogContext {
  appId: string;
  source: string;
  filters: PostbackLogFilters;
  /** What the boxes hold; `applied` is what the list was last asked for. */
  typed: PostbackLogTexts;
  applied: PostbackLogTexts;
  entries: PostbackLogRow[];
  nextCursor: string | null;
  /** How far back the last page looked when a filter no index serves stopped it early (ms), else null. */
  searchedTo: number | null;
  error: string | null;
  moreError: string | null;
}
export type PostbackLogEvent =
  | { type: 'FILTER'; field: PostbackLogFilterField; value: string }
  | { type: 'TYPE'; field: PostbackLogTextField; text: string }
  | { type: 'CLEAR' }
  | { type: 'MORE' }
  | { type: 'RETRY' }
  | { type: 'EXPORT' };

const NO_TEXT: PostbackLogTexts = { q: '', device: '' };

/** The query of the list: the set filters and the applied texts (empty ones left out). */
export function queryOf(
  context: Pick<PostbackLogContext, 'filters' | 'applied'>,
  cursor?: string | null,
): PostbackLogQuery {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(context.filters)) if (value) query[field] = value;
  for (const [field, value] of Object.entries(context.applied)) if (value) query[field] = value;
  if (cursor) query.cursor = cursor;
  return query as PostbackLogQuery;
}

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

interface Call {
  appId: string;
  source: string;
  query: PostbackLogQuery;
}

export const postbackLogMachine = setup({
  types: {
    context: {} as PostbackLogContext,
    events: {} as PostbackLogEvent,
    input: {} as PostbackLogInput,
    children: {} as { loadPage: 'loadPage'; loadMore: 'loadPage'; exportAll: 'exportAll' },
  },
  actors: {
    loadPage: toProvide<PostbackLogPage, Call>('loadPage'),
    exportAll: toProvide<void, Call>('exportAll'),
  },
  delays: {
    typeDebounce: TYPE_DEBOUNCE_MS,
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    notify,
  },
}).createMachine({
  id: 'postbackLog',
  context: ({ input }) => ({
    appId: input.appId,
    source: input.source,
    filters: {},
    typed: NO_TEXT,
    applied: NO_TEXT,
    entries: [],
    nextCursor: null,
    searchedTo: null,
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
    CLEAR: { target: '.loading', actions: assign({ filters: {}, typed: NO_TEXT, applied: NO_TEXT }) },
    TYPE: {
      target: '.debouncing',
      reenter: true,
      actions: assign(({ context, event }) => ({ typed: { ...context.typed, [event.field]: event.text } })),
    },
  },
  states: {
    loading: {
      entry: assign({ error: null, moreError: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ appId: context.appId, source: context.source, query: queryOf(context) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            entries: event.output.entries,
            nextCursor: event.output.nextCursor,
            searchedTo: event.output.searchedTo,
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: wordsOf(event.error, LOAD_FAILED) })) },
      },
    },
    debouncing: {
      after: {
        typeDebounce: {
          target: 'loading',
          actions: assign(({ context }) => ({
            applied: { q: context.typed.q.trim(), device: context.typed.device.trim() },
          })),
        },
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
        input: ({ context }) => ({
          appId: context.appId,
          source: context.source,
          query: queryOf(context, context.nextCursor),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: [...context.entries, ...event.output.entries],
            nextCursor: event.output.nextCursor,
            searchedTo: event.output.searchedTo,
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
        input: ({ context }) => ({ appId: context.appId, source: context.source, query: queryOf(context) }),
        onDone: { target: 'ready', actions: { type: 'notify', params: { message: EXPORT_DONE, kind: 'success' } } },
        onError: { target: 'ready', actions: { type: 'notify', params: { message: EXPORT_FAILED, kind: 'error' } } },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
