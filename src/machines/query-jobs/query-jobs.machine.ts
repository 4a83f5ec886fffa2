/**
 * The job history of an app (docs/integrations.md §Job history): its Process Data and report runs, newest first, paged
 * by cursor; a running job cancelled after a confirm (editors and admins; the view hides Cancel from viewers).
 *
 *   loading ─┬─ page ───► ready ─MORE (a next cursor)─► loadingMore ─┬─ page ───► ready (rows appended)
 *            └─ thrown ─► failed ─RETRY─► loading                     └─ thrown ─► ready (moreError, rows kept)
 *   ready ─REFRESH─► loading
 *         ─CANCEL(id)─► confirmingCancel ─DISMISS─► ready
 *                                        ─CONFIRM─► cancelling ─┬─ done ───► loading ('Job cancelled.'; the row reads Cancelled)
 *                                                               └─ thrown ─► confirmingCancel (the server's words)
 *
 * The calls and `notify` are provided by query-jobs.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { QUERY_JOB_MESSAGES, type QueryJob, type QueryJobAnswer, type QueryJobPage } from '../../contracts/query-jobs';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export interface QueryJobsInput {
  appId: string;
}
export interface QueryJobsContext {
  appId: string;
  entries: QueryJob[];
  nextCursor: string | null;
  usdPerTiB: number | null;
  error: string | null;
  moreError: string | null;
  /** The job whose cancel is being confirmed. */
  cancelId: string | null;
  cancelError: string | null;
}
export type QueryJobsEvent =
  | { type: 'MORE' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'CANCEL'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

export const queryJobsMachine = setup({
  types: {
    context: {} as QueryJobsContext,
    events: {} as QueryJobsEvent,
    input: {} as QueryJobsInput,
    children: {} as { loadPage: 'loadPage'; loadMore: 'loadPage'; cancelJob: 'cancelJob' },
  },
  actors: {
    loadPage: toProvide<QueryJobPage, { appId: string; cursor: string | null }>('loadPage'),
    cancelJob: toProvide<QueryJobAnswer, { appId: string; jobId: string }>('cancelJob'),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    cancellable: ({ context, event }) =>
      event.type === 'CANCEL' && context.entries.some((job) => job.id === event.id && job.cancellable),
  },
  actions: { notify },
}).createMachine({
  id: 'queryJobs',
  context: ({ input }) => ({
    appId: input.appId,
    entries: [],
    nextCursor: null,
    usdPerTiB: null,
    error: null,
    moreError: null,
    cancelId: null,
    cancelError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, moreError: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ appId: context.appId, cursor: null }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            entries: event.output.entries,
            nextCursor: event.output.nextCursor,
            usdPerTiB: event.output.usdPerTiB,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, QUERY_JOB_MESSAGES.loadFailed) })),
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        MORE: { guard: 'hasMore', target: 'loadingMore' },
        REFRESH: 'loading',
        CANCEL: {
          guard: 'cancellable',
          target: 'confirmingCancel',
          actions: assign(({ event }) => ({ cancelId: event.id, cancelError: null })),
        },
      },
    },
    loadingMore: {
      entry: assign({ moreError: null }),
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => ({ appId: context.appId, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: [...context.entries, ...event.output.entries],
            nextCursor: event.output.nextCursor,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ moreError: wordsOf(event.error, QUERY_JOB_MESSAGES.moreFailed) })),
        },
      },
    },
    confirmingCancel: {
      on: {
        CONFIRM: 'cancelling',
        DISMISS: { target: 'ready', actions: assign({ cancelId: null, cancelError: null }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelJob',
        src: 'cancelJob',
        input: ({ context }) => ({ appId: context.appId, jobId: context.cancelId! }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ cancelId: null, cancelError: null }),
            { type: 'notify', params: { message: QUERY_JOB_MESSAGES.cancelled, kind: 'info' } },
          ],
        },
        onError: {
          target: 'confirmingCancel',
          actions: assign(({ event }) => ({ cancelError: wordsOf(event.error, QUERY_JOB_MESSAGES.cancelFailed) })),
        },
      },
    },
  },
});

export type QueryJobsActor = ActorRefFrom<typeof queryJobsMachine>;
export type QueryJobsSnapshot = SnapshotFrom<typeof queryJobsMachine>;
