/**
 * Paths of the session machine (src/machines/session/session.machine.ts): every state node reachable, the
 * sign-in failure → success journey, restoring a stored token, expiry and sign-out.
 */
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { sessionMachine, SESSION_EXPIRED, type SessionEvent } from '../../src/machines/session/session.machine';
import { adminAccount, signInResponse } from '../fixtures/team';
import { apiError, done, eventTypes, failed, pathOf, pendingForever, reachedStateNodeIds, replay, shortestPaths, shortestPathTo, stateNodeIds } from './graph-harness';

const ev = {
  signInWrong: { type: 'SIGN_IN', email: 'admin@demostudio.dev', password: 'wrong-password' },
  signIn: { type: 'SIGN_IN', email: 'admin@demostudio.dev', password: 'questboard-demo' },
  signedIn: { type: 'SIGNED_IN', token: 'token-invite', account: adminAccount },
  signOut: { type: 'SIGN_OUT' },
  refresh: { type: 'REFRESH' },
  expired: { type: 'EXPIRED' },
} satisfies Record<string, SessionEvent>;

const WRONG = 'Email or password is incorrect.';
const outcomes = {
  restored: done('restoreAccount', adminAccount),
  restoreFailed: failed('restoreAccount', apiError(401, 'Sign in to continue.', 'unauthorized')),
  signedIn: done('signIn', signInResponse),
  signInRefused: failed('signIn', apiError(401, WRONG, 'invalid_credentials')),
  signInCrashed: failed('signIn', 'not an Error'),
  refreshed: done('refreshAccount', adminAccount),
  refreshFailed: failed('refreshAccount', apiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network')),
  signedOut: done('signOut', undefined),
  signOutFailed: failed('signOut', apiError(500, 'Something went wrong.', 'internal')),
};
const allEvents: EventObject[] = [...Object.values(ev), ...Object.values(outcomes)];

/** `hasToken` decides the first step; the model is explored both with and without a stored token. */
const modelWith = (hasToken: boolean) =>
  sessionMachine.provide({
    actors: { loadAccount: pendingForever(), signIn: pendingForever(), signOut: pendingForever() },
    guards: { hasToken: () => hasToken },
  });
const withToken = modelWith(true);
const withoutToken = modelWith(false);

function liveModel(hasToken: boolean) {
  const storeToken = vi.fn();
  const machine = modelWith(hasToken).provide({ actions: { storeToken: (_, params) => storeToken(params.token) } });
  return { machine, storeToken };
}

describe('session machine paths', () => {
  it('reaches every state node (checking is transient: it always moves on at once)', () => {
    const reached = reachedStateNodeIds([...shortestPaths(withToken, allEvents), ...shortestPaths(withoutToken, allEvents)]);
    const transient = ['session.checking'];
    expect(sessionMachine.getStateNodeById('session.checking').always?.length).toBeGreaterThan(0);
    expect(stateNodeIds(sessionMachine).filter((id) => !reached.has(id) && !transient.includes(id))).toEqual([]);
  });

  it('sign-in failure → success: the error is shown, then the account is signed in and the token stored', async () => {
    const path = pathOf(withoutToken, [ev.signInWrong, outcomes.signInRefused, ev.signIn, outcomes.signedIn]);
    const afterFailure = path.steps[2]!.state;
    expect(afterFailure.matches({ signedOut: 'idle' })).toBe(true);
    expect(afterFailure.context.error).toBe(WRONG);
    expect(path.steps[3]!.state.matches({ signedOut: 'signingIn' })).toBe(true);
    expect(path.steps[3]!.state.context.error).toBeNull();
    expect(path.state.matches({ signedIn: 'ready' })).toBe(true);
    expect(path.state.context.account).toEqual(adminAccount);

    const { machine, storeToken } = liveModel(false);
    await replay(machine, path);
    expect(storeToken).toHaveBeenCalledWith('token-admin');
  });

  it('a thrown non-Error still leaves words to show', () => {
    const path = pathOf(withoutToken, [ev.signIn, outcomes.signInCrashed]);
    expect(path.state.context.error).toBe('Sign-in failed. Please try again.');
  });

  it('restores a stored token, or drops it when the server refuses it', async () => {
    expect(pathOf(withToken, [outcomes.restored]).state.matches({ signedIn: 'ready' })).toBe(true);
    const refused = pathOf(withToken, [outcomes.restoreFailed]);
    expect(refused.state.matches({ signedOut: 'idle' })).toBe(true);
    const { machine, storeToken } = liveModel(true);
    await replay(machine, refused);
    expect(storeToken).toHaveBeenCalledWith(null);
  });

  it('an accepted invite signs in directly (SIGNED_IN) with its token', async () => {
    const path = shortestPathTo(withoutToken, allEvents, { toState: (s) => s.matches('signedIn') && s.context.account !== null });
    expect(eventTypes(path)).toHaveLength(1);
    const invite = pathOf(withoutToken, [ev.signedIn]);
    const { machine, storeToken } = liveModel(false);
    await replay(machine, invite);
    expect(storeToken).toHaveBeenCalledWith('token-invite');
  });

  it('refreshes the account, and keeps the session when the refresh fails', () => {
    expect(pathOf(withToken, [outcomes.restored, ev.refresh, outcomes.refreshed]).state.matches({ signedIn: 'ready' })).toBe(true);
    expect(pathOf(withToken, [outcomes.restored, ev.refresh, outcomes.refreshFailed]).state.matches({ signedIn: 'ready' })).toBe(true);
  });

  it('signs out (even when the server cannot be told) and ends an expired session with a notice', async () => {
    for (const outcome of [outcomes.signedOut, outcomes.signOutFailed]) {
      const path = pathOf(withToken, [outcomes.restored, ev.signOut, outcome]);
      expect(path.steps[2]!.state.matches({ signedIn: 'signingOut' })).toBe(true);
      expect(path.state.matches('signedOut')).toBe(true);
      expect(path.state.context.account).toBeNull();
      const { machine, storeToken } = liveModel(true);
      await replay(machine, path);
      expect(storeToken).toHaveBeenLastCalledWith(null);
    }
    const expired = pathOf(withToken, [outcomes.restored, ev.expired]);
    expect(expired.state.matches('signedOut')).toBe(true);
    expect(expired.state.context.notice).toBe(SESSION_EXPIRED);
  });
});
