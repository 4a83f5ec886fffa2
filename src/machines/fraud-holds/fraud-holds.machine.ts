/**
 * Acquire's Held completions tab (docs/acquire.md §Fraud holds): the app's held (or released, or rejected) completions,
 * newest first by cursor, and an editor's decision on one: release (charged) or reject (never charged).
 *
 *   loading ─┬─ page ──► list ─SHOW (status)─► loading
 *            └─ thrown ─► failed ─RETRY─► loading
 *   list ─MORE (a next cursor)─► loadingMore ─┬─ page ──► list (rows appended)
 *                                             └─ thrown ─► list (the rows kept, moreError)
 *   list ─DECIDE (id, release|reject)─► deciding ─┬─ done ──► list (the row leaves the list, counts updated, notice)
 *                                                 └─ thrown ─► list (the server's words; 409 when another editor decided)
 *
 * The calls come from fraud-holds.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { Hold, HoldCounts, HoldDecision, HoldStatus, HoldsPage } from '../../contracts/acquire-fraud';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export const FRAUD_HOLDS_MESSAGES = {
  loadFailed: 'Held completions could not be loaded.',
  moreFailed: 'More held completions could not be loaded.',
  decideFailed: 'The decision could not be saved.',
} as const;

export type HoldDecisionKind = 'release' | 'reject';

export interface FraudHoldsInput {
  appId: string;
}
export interface FraudHoldsContext {
  appId: string;
  status: HoldStatus;
  holds: Hold[];
  nextCursor: string | null;
  counts: HoldCounts;
  /** The hold being decided, and how. */
  target: string | null;
  decision: HoldDecisionKind | null;
  notice: string | null;
  error: string | null;
  moreError: string | null;
}
export type FraudHoldsEvent =
  | { type: 'RETRY' }
  | { type: 'SHOW'; status: HoldStatus }
  | { type: 'MORE' }
  | { type: 'DECIDE'; id: string; decision: HoldDecisionKind };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

export const fraudHoldsMachine = setup({
  types: {
    context: {} as FraudHoldsContext,
    events: {} as FraudHoldsEvent,
    input: {} as FraudHoldsInput,
  },
  actors: {
    loadHolds: toProvide<HoldsPage, { appId: string; status: HoldStatus; cursor: string | null }>('loadHolds'),
    decideHold: toProvide<HoldDecision, { appId: string; holdId: string; decision: HoldDecisionKind }>('decideHold'),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    decidable: ({ context, event }) =>
      event.type === 'DECIDE' && context.holds.some((h) => h.id === event.id && h.status === 'held'),
  },
}).createMachine({
  id: 'fraudHolds',
  context: ({ input }) => ({
    appId: input.appId,
    status: 'held',
    holds: [],
    nextCursor: null,
    counts: { held: 0, released: 0, rejected: 0 },
    target: null,
    decision: null,
    notice: null,
    error: null,
    moreError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHolds',
        src: 'loadHolds',
        input: ({ context }) => ({ appId: context.appId, status: context.status, cursor: null }),
        onDone: {
          target: 'list',
          actions: assign(({ event }) => ({
            holds: event.output.holds,
            nextCursor: event.output.nextCursor,
            counts: event.output.counts,
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, FRAUD_HOLDS_MESSAGES.loadFailed) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    list: {
      on: {
        SHOW: {
          target: 'loading',
          actions: assign(({ event }) => ({
            status: event.status,
            holds: [],
            nextCursor: null,
            notice: null,
            error: null,
            moreError: null,
          })),
        },
        MORE: { guard: 'hasMore', target: 'loadingMore', actions: assign({ moreError: null }) },
        DECIDE: {
          guard: 'decidable',
          target: 'deciding',
          actions: assign(({ event }) => ({ target: event.id, decision: event.decision, notice: null, error: null })),
        },
      },
    },
    loadingMore: {
      invoke: {
        id: 'loadMoreHolds',
        src: 'loadHolds',
        input: ({ context }) => ({ appId: context.appId, status: context.status, cursor: context.nextCursor }),
        onDone: {
          target: 'list',
          actions: assign(({ context, event }) => ({
            holds: [...context.holds, ...event.output.holds.filter((h) => !context.holds.some((k) => k.id === h.id))],
            nextCursor: event.output.nextCursor,
            counts: event.output.counts,
          })),
        },
        onError: {
          target: 'list',
          actions: assign(({ event }) => ({ moreError: wordsOf(event.error, FRAUD_HOLDS_MESSAGES.moreFailed) })),
        },
      },
    },
    deciding: {
      invoke: {
        id: 'decideHold',
        src: 'decideHold',
        input: ({ context }) => ({ appId: context.appId, holdId: context.target!, decision: context.decision! }),
        onDone: {
          target: 'list',
          actions: assign(({ context, event }) => ({
            holds: context.holds.filter((h) => h.id !== event.output.hold.id),
            counts: event.output.counts,
            notice: event.output.message,
            target: null,
            decision: null,
          })),
        },
        onError: {
          target: 'list',
          actions: assign(({ event }) => ({
            error: wordsOf(event.error, FRAUD_HOLDS_MESSAGES.decideFailed),
            target: null,
            decision: null,
          })),
        },
      },
    },
  },
});
