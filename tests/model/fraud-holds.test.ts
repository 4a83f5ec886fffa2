/**
 * Paths of the held completions' machine (src/machines/fraud-holds; docs/acquire.md §Fraud holds): every state
 * reachable; the list loads (or fails with Try again) with each hold's reason, evidence and payout; Load more appends
 * by cursor (a failure keeps the rows); Release and Reject take the row out of the list with the server's message and
 * counts; a refusal (another editor decided first) is shown in the server's words; Show switches the status.
 */
import { describe, expect, it } from 'vitest';
import { fraudHoldsMachine } from '../../src/machines/fraud-holds/fraud-holds.machine';
import { selectFraudHolds } from '../../src/machines/fraud-holds/fraud-holds.selectors';
import { ALREADY_DECIDED, type Hold } from '../../src/contracts/acquire-fraud';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { appId: 'dragon-merge-ios' };
const hold = (id: string, patch: Partial<Hold> = {}): Hold => ({
  id,
  questId: 'q1',
  questName: 'Dragon Tamer',
  playerId: `player-${id}`,
  stepIndex: 0,
  eventName: 'af_tutorial_completion',
  payout: 0.5,
  reason: 'shared_device',
  evidence: { 'device id': 'dev-farm', 'other players in 24 h': 3, 'players allowed': 3 },
  status: 'held',
  completedAt: '2026-11-27T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...patch,
});
const COUNTS = { held: 3, released: 0, rejected: 1 };
const PAGE = { success: true as const, holds: [hold('1'), hold('2')], nextCursor: 'c2', counts: COUNTS };
const NEXT = { success: true as const, holds: [hold('3', { reason: 'too_fast' })], nextCursor: null, counts: COUNTS };
const EMPTY = { success: true as const, holds: [], nextCursor: null, counts: { held: 0, released: 0, rejected: 0 } };

const model = defineModel(fraudHoldsMachine, {
  RETRY: { type: 'RETRY' },
  SHOW: [
    { type: 'SHOW', status: 'rejected' },
    { type: 'SHOW', status: 'held' },
  ],
  MORE: { type: 'MORE' },
  DECIDE: [
    { type: 'DECIDE', id: '1', decision: 'release' },
    { type: 'DECIDE', id: '2', decision: 'reject' },
    { type: 'DECIDE', id: 'gone', decision: 'release' },
  ],
  'xstate.done.actor.loadHolds': [done('loadHolds', PAGE), done('loadHolds', EMPTY)],
  'xstate.error.actor.loadHolds': failed('loadHolds', serverCrash()),
  'xstate.done.actor.loadMoreHolds': done('loadMoreHolds', NEXT),
  'xstate.error.actor.loadMoreHolds': failed('loadMoreHolds', serverCrash()),
  'xstate.done.actor.decideHold': [
    done('decideHold', {
      success: true as const,
      message: 'Released: $0.50 charged for player-1.',
      hold: hold('1', { status: 'released', decidedBy: 'Ed Editor', decidedAt: '2026-11-27T10:00:00.000Z' }),
      counts: { held: 2, released: 1, rejected: 1 },
    }),
  ],
  'xstate.error.actor.decideHold': [
    failed('decideHold', apiError(409, ALREADY_DECIDED, 'already_decided')),
    failed('decideHold', serverCrash()),
  ],
});
const ev = {
  retry: fixture(model, 'RETRY'),
  showRejected: fixture(model, 'SHOW', 0),
  more: fixture(model, 'MORE'),
  release: fixture(model, 'DECIDE', 0),
  reject: fixture(model, 'DECIDE', 1),
  releaseGone: fixture(model, 'DECIDE', 2),
  loaded: fixture(model, 'xstate.done.actor.loadHolds', 0),
  loadedEmpty: fixture(model, 'xstate.done.actor.loadHolds', 1),
  loadFailed: fixture(model, 'xstate.error.actor.loadHolds'),
  moreLoaded: fixture(model, 'xstate.done.actor.loadMoreHolds'),
  moreFailed: fixture(model, 'xstate.error.actor.loadMoreHolds'),
  released: fixture(model, 'xstate.done.actor.decideHold'),
  taken: fixture(model, 'xstate.error.actor.decideHold', 0),
  decideCrashed: fixture(model, 'xstate.error.actor.decideHold', 1),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(fraudHoldsMachine, events, INPUT);
const view = (events: Parameters<typeof pathOf>[1]) => selectFraudHolds(path(events).state);

describe('fraud-holds machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(fraudHoldsMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.holds.length, s.context.nextCursor, s.context.status]),
    });
    expect(unreachedStateNodeIds(fraudHoldsMachine, paths)).toEqual([]);
  });

  it('loads the held list with reasons, evidence and counts; empty; a failed load offers Try again', () => {
    const list = view([ev.loaded]);
    expect(list.holds.map((h) => h.id)).toEqual(['1', '2']);
    expect(list.holds[0]).toMatchObject({
      reasonLabel: 'Shared device',
      stepLabel: 'Step 1: af_tutorial_completion',
      payoutLabel: '$0.50',
      arrivedLabel: '2026-11-27 09:30 UTC',
      evidenceLines: ['device id: dev-farm', 'other players in 24 h: 3', 'players allowed: 3'],
    });
    expect(list.counts).toEqual(COUNTS);
    expect(list.hasMore).toBe(true);
    // A replay's times read as the page's other times do; a missing value is a dash.
    const replay = view([
      done('loadHolds', {
        ...PAGE,
        holds: [
          hold('9', {
            reason: 'replay',
            evidence: { 'event time': '2026-11-28T06:42:14.708Z', 'first postback': 57, 'this postback': null },
          }),
        ],
      }),
    ]);
    expect(replay.holds[0]!.evidenceLines).toEqual([
      'event time: 2026-11-28 06:42 UTC',
      'first postback: 57',
      'this postback: —',
    ]);
    expect(view([ev.loadedEmpty]).holds).toEqual([]);
    const broken = view([ev.loadFailed]);
    expect(broken).toMatchObject({ failed: true, loadError: 'Held completions could not be loaded.' });
    expect(path([ev.loadFailed, ev.retry, ev.loaded]).state.matches('list')).toBe(true);
  });

  it('Load more appends the next page by cursor; a failure keeps the rows and says so', () => {
    const more = path([ev.loaded, ev.more]).state;
    expect(more.matches('loadingMore')).toBe(true);
    expect(view([ev.loaded, ev.more, ev.moreLoaded]).holds.map((h) => h.id)).toEqual(['1', '2', '3']);
    expect(view([ev.loaded, ev.more, ev.moreLoaded]).hasMore).toBe(false);
    const kept = view([ev.loaded, ev.more, ev.moreFailed]);
    expect(kept.holds).toHaveLength(2);
    expect(kept.moreError).toBe('More held completions could not be loaded.');
    expect(path([ev.loadedEmpty]).state.can(ev.more)).toBe(false);
  });

  it('a decision takes the row out with the server message and counts; a refusal in the server words', () => {
    const deciding = view([ev.loaded, ev.release]);
    expect(deciding.busy).toBe(true);
    expect(deciding.holds[0]!.deciding).toBe('release');
    const released = view([ev.loaded, ev.release, ev.released]);
    expect(released.notice).toBe('Released: $0.50 charged for player-1.');
    expect(released.holds.map((h) => h.id)).toEqual(['2']);
    expect(released.counts).toEqual({ held: 2, released: 1, rejected: 1 });
    expect(view([ev.loaded, ev.reject, ev.taken]).error).toBe(ALREADY_DECIDED);
    expect(view([ev.loaded, ev.reject, ev.decideCrashed]).error).toBe('The decision could not be saved.');
    expect(path([ev.loaded]).state.can(ev.releaseGone)).toBe(false);
  });

  it('Show switches to another status and loads it', () => {
    const switched = path([ev.loaded, ev.showRejected]).state;
    expect(switched.matches('loading')).toBe(true);
    expect(switched.context.status).toBe('rejected');
    expect(switched.context.holds).toEqual([]);
  });
});
