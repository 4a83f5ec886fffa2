/**
 * Paths of the account-sessions machine (src/machines/account-sessions/account-sessions.machine.ts): every state
 * reachable; one session or all the others signed out, then the list read again with a notice; failures in words.
 */
import { describe, expect, it } from 'vitest';
import {
  accountSessionsMachine,
  type AccountSessionsEvent,
} from '../../src/machines/account-sessions/account-sessions.machine';
import type { AccountSession } from '../../src/contracts/account';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const session = (sessionId: string, current: boolean): AccountSession => ({
  sessionId,
  createdAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt: '2026-11-27T09:00:00.000Z',
  ip: '192.0.2.7',
  device: 'Safari on iOS',
  current,
});
const ev = {
  signOut: { type: 'SIGN_OUT', sessionId: 'phone' },
  signOutOthers: { type: 'SIGN_OUT_OTHERS' },
  retry: { type: 'RETRY' },
  refresh: { type: 'REFRESH' },
} satisfies Record<string, AccountSessionsEvent>;
const load = calls('loadSessions');
const one = calls('signOut');
const others = calls('signOutOthers');
const outcomes = {
  two: load.done({ sessions: [session('laptop', true), session('phone', false)] }),
  alone: load.done({ sessions: [session('laptop', true)] }),
  loadOffline: load.offline(),
  one: one.done({ success: true as const, signedOut: 1 }),
  oneGone: one.status(404, 'Session not found.', 'not_found'),
  oneCrashed: one.crash(),
  others: others.done({ success: true as const, signedOut: 2 }),
  othersCrashed: others.crash(),
};
const fixtures = defineModel(accountSessionsMachine, {
  SIGN_OUT: ev.signOut,
  SIGN_OUT_OTHERS: ev.signOutOthers,
  RETRY: ev.retry,
  REFRESH: ev.refresh,
  'xstate.done.actor.loadSessions': [outcomes.two, outcomes.alone],
  'xstate.error.actor.loadSessions': outcomes.loadOffline,
  'xstate.done.actor.signOut': outcomes.one,
  'xstate.error.actor.signOut': [outcomes.oneGone, outcomes.oneCrashed],
  'xstate.done.actor.signOutOthers': outcomes.others,
  'xstate.error.actor.signOutOthers': outcomes.othersCrashed,
});
const model = accountSessionsMachine.provide({
  actors: { loadSessions: pendingForever(), signOut: pendingForever(), signOutOthers: pendingForever() },
});

describe('account-sessions machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(accountSessionsMachine, shortestPaths(model, fixtures.events))).toEqual([]);
  });

  it('signing out one session reads the list again and says so', () => {
    const { send, notices } = live(model, { spies: ['notify'] });
    send(outcomes.two, ev.signOut);
    const busy = send();
    expect(busy.matches('signingOut')).toBe(true);
    expect(busy.context.pending).toBe('phone');
    expect(send(outcomes.one).matches('loading')).toBe(true);
    expect(notices()).toEqual(['Session signed out.']);
  });

  it('signing out all others reads the list again and counts them; alone, the button does nothing', () => {
    const { send, notices } = live(model, { spies: ['notify'] });
    send(outcomes.two, ev.signOutOthers, outcomes.others);
    expect(notices()).toEqual(['Signed out 2 other sessions.']);
    const alone = pathOf(model, [outcomes.alone]);
    expect(alone.state.can(ev.signOutOthers)).toBe(false);
  });

  it('failures keep the list with words; an unreachable list can be retried', () => {
    expect(pathOf(model, [outcomes.two, ev.signOut, outcomes.oneGone]).state.context.error).toBe('Session not found.');
    expect(pathOf(model, [outcomes.two, ev.signOut, outcomes.oneCrashed]).state.context.error).toBe(
      'We could not sign that session out. Please try again.',
    );
    expect(pathOf(model, [outcomes.loadOffline, ev.retry]).state.matches('loading')).toBe(true);
  });
});
