/**
 * Paths of the session machine (src/machines/session/session.machine.ts): every state node reachable, the
 * sign-in failure → success journey, restoring a stored token, expiry and sign-out, and switching the session to
 * the account of an invitation accepted while someone is signed in (or while the stored token is being checked).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { Account } from '../../src/contracts/auth';
import { decodeOrThrow } from '../../src/contracts/codecs';
import { membershipChanges, sessionMachine, type SessionEvent } from '../../src/machines/session/session.machine';
import { selectWasRemovedFrom } from '../../src/machines/session/session.selectors';
import { sessionFlow } from '../../src/machines/session/session.actors';
import { fetchMe } from '../../src/services/auth.service';
import { adminAccount, joinedAccount, joinResponse, signInResponse } from '../fixtures/team';
import {
  after,
  defineModel,
  eventTypes,
  live,
  pathOf,
  pendingForever,
  reachedStateNodeIds,
  replay,
  shortestPaths,
  shortestPathTo,
  stateNodeIds,
} from './graph-harness';
import { calls } from './fixtures';

const ev = {
  signInWrong: { type: 'SIGN_IN', email: 'admin@demostudio.dev', password: 'wrong-password' },
  /** Submitted with the fields empty: the form refuses it itself. */
  signInEmpty: { type: 'SIGN_IN', email: '', password: '' },
  signIn: { type: 'SIGN_IN', email: 'admin@demostudio.dev', password: 'questboard-demo' },
  signedIn: { type: 'SIGNED_IN', token: 'token-invite', account: adminAccount },
  /** Nina accepted an invitation in a browser where someone (Ada) is signed in, or whose stored token is being checked. */
  switchToNina: { type: 'SIGNED_IN', token: joinResponse.token, account: joinResponse.account },
  signOut: { type: 'SIGN_OUT' },
  refresh: { type: 'REFRESH' },
  refused: { type: 'ACCESS_REFUSED' },
  focused: { type: 'FOCUSED' },
  expired: { type: 'EXPIRED' },
  submitCode: { type: 'SUBMIT_CODE', otp: ' 123456 ' },
  emptyCode: { type: 'SUBMIT_CODE', otp: '  ' },
  cancelCode: { type: 'CANCEL_CODE' },
  codeNeeded: { type: 'CODE_NEEDED', challengeToken: 'challenge-after-reset' },
} satisfies Record<string, SessionEvent>;
const focusWindowOver = after('xstate.after.FOCUS_RECHECK.session.signedIn.ready.fresh');

/** Ada's account as the server has it after someone else changed her access to Demo Studio (and a second one). */
const withOrganisations = (organisations: Account['organisations']) =>
  decodeOrThrow(Account, { ...adminAccount, organisations });
const demo = adminAccount.organisations![0]!;
const otherStudio = { ...demo, id: 'ws-other', name: 'Other Studio', role: 'viewer' as const };
const adaInTwo = withOrganisations([demo, otherStudio]);
const adaPromoted = withOrganisations([demo, { ...otherStudio, role: 'editor' }]);
const adaRemoved = withOrganisations([demo]);

const WRONG = 'Email or password is incorrect.';
function ninaFromMe() {
  return decodeOrThrow(Account, { ...joinedAccount, supportedCountries: ['US', 'DE'] });
}
const restore = calls('restoreAccount');
const signIn = calls('signIn');
const refresh = calls('refreshAccount');
const signOut = calls('signOut');
const withCode = calls('signInWithCode');
const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const CODE_STEP_ENDED = 'This sign-in took too long. Enter your email and password again.';
const outcomes = {
  restored: restore.done(adminAccount),
  restoreFailed: restore.status(401, 'Sign in to continue.', 'unauthorized'),
  restoreUnreachable: restore.offline(),
  signedIn: signIn.done(signInResponse),
  signInRefused: signIn.status(401, WRONG, 'invalid_credentials'),
  signInCrashed: signIn.threw('not an Error'),
  refreshed: refresh.done(adminAccount),
  /** GET /api/me with Nina's token: her account as the server has it now. */
  refreshedAsNina: refresh.done(ninaFromMe()),
  refreshedInTwo: refresh.done(adaInTwo),
  refreshedPromoted: refresh.done(adaPromoted),
  refreshedRemoved: refresh.done(adaRemoved),
  refreshFailed: refresh.offline(),
  signedOut: signOut.done(undefined),
  signOutFailed: signOut.status(500, 'Something went wrong.', 'internal'),
  signInServerCrash: signIn.crash(),
  signInBare500: signIn.bare500(),
  signInOffline: signIn.offline(),
  challenged: signIn.done({ twoFactor: true as const, challengeToken: 'challenge-1' }),
  codeAccepted: withCode.done(signInResponse),
  codeWrong: withCode.status(401, WRONG_CODE, 'invalid_code'),
  codeStepEnded: withCode.status(410, CODE_STEP_ENDED, 'challenge_expired'),
  codeOffline: withCode.offline(),
};
const model = defineModel(sessionMachine, {
  SIGN_IN: [ev.signInWrong, ev.signIn, ev.signInEmpty],
  SIGNED_IN: [ev.signedIn, ev.switchToNina],
  SIGN_OUT: ev.signOut,
  REFRESH: ev.refresh,
  ACCESS_REFUSED: ev.refused,
  FOCUSED: ev.focused,
  EXPIRED: ev.expired,
  'xstate.after.FOCUS_RECHECK.session.signedIn.ready.fresh': focusWindowOver,
  'xstate.done.actor.restoreAccount': outcomes.restored,
  'xstate.error.actor.restoreAccount': [outcomes.restoreFailed, outcomes.restoreUnreachable],
  SUBMIT_CODE: [ev.submitCode, ev.emptyCode],
  CANCEL_CODE: ev.cancelCode,
  CODE_NEEDED: ev.codeNeeded,
  'xstate.done.actor.signIn': [outcomes.signedIn, outcomes.challenged],
  'xstate.done.actor.signInWithCode': outcomes.codeAccepted,
  'xstate.error.actor.signInWithCode': [outcomes.codeWrong, outcomes.codeStepEnded, outcomes.codeOffline],
  'xstate.error.actor.signIn': [
    outcomes.signInRefused,
    outcomes.signInCrashed,
    outcomes.signInServerCrash,
    outcomes.signInBare500,
    outcomes.signInOffline,
  ],
  'xstate.done.actor.refreshAccount': [
    outcomes.refreshed,
    outcomes.refreshedAsNina,
    outcomes.refreshedInTwo,
    outcomes.refreshedPromoted,
    outcomes.refreshedRemoved,
  ],
  'xstate.error.actor.refreshAccount': outcomes.refreshFailed,
  'xstate.done.actor.signOut': outcomes.signedOut,
  'xstate.error.actor.signOut': outcomes.signOutFailed,
});
const allEvents = model.events;

/** `hasToken` decides the first step; the model is explored both with and without a stored token. */
const modelWith = (hasToken: boolean) =>
  sessionMachine.provide({
    actors: {
      loadAccount: pendingForever(),
      signIn: pendingForever(),
      signInWithCode: pendingForever(),
      signOut: pendingForever(),
    },
    guards: { hasToken: () => hasToken },
  });
const withToken = modelWith(true);
const withoutToken = modelWith(false);

function liveModel(hasToken: boolean) {
  const storeToken = vi.fn();
  const machine = modelWith(hasToken).provide({ actions: { storeToken: (_, params) => storeToken(params.token) } });
  return { machine, storeToken };
}

describe('session machine: two-factor sign-in', () => {
  it('a challenge opens the code step; a code signs in with the token it answers', () => {
    const path = pathOf(withoutToken, [ev.signIn, outcomes.challenged, ev.submitCode, outcomes.codeAccepted]);
    expect(path.steps[2]!.state.matches({ signedOut: 'code' })).toBe(true);
    expect(path.steps[2]!.state.context.challengeToken).toBe('challenge-1');
    expect(path.steps[3]!.state.matches({ signedOut: 'verifyingCode' })).toBe(true);
    expect(path.state.matches('signedIn')).toBe(true);
    expect(path.state.context.challengeToken).toBeNull();
  });

  it('the code is sent trimmed with the challenge; an empty one is refused with no call', () => {
    const calls: unknown[] = [];
    const machine = withoutToken.provide({
      actors: {
        signInWithCode: fromPromise(async ({ input }) => {
          calls.push(input);
          return new Promise<never>(() => {});
        }),
      },
    });
    const empty = pathOf(withoutToken, [ev.signIn, outcomes.challenged, ev.emptyCode]);
    expect(empty.state.matches({ signedOut: 'code' })).toBe(true);
    expect(empty.state.context.error).toBe('Enter the 6-digit code from your authenticator app, or a recovery code.');
    const replayed = createActor(machine).start();
    for (const event of [ev.signIn, outcomes.challenged, ev.submitCode]) replayed.send(event as never);
    expect(calls).toEqual([{ challengeToken: 'challenge-1', otp: '123456' }]);
    replayed.stop();
  });

  it('a wrong code stays on the code step in the server’s words; an ended step asks for the password again', () => {
    const wrong = pathOf(withoutToken, [ev.signIn, outcomes.challenged, ev.submitCode, outcomes.codeWrong]);
    expect(wrong.state.matches({ signedOut: 'code' })).toBe(true);
    expect(wrong.state.context.error).toBe(WRONG_CODE);
    const ended = pathOf(withoutToken, [ev.signIn, outcomes.challenged, ev.submitCode, outcomes.codeStepEnded]);
    expect(ended.state.matches({ signedOut: 'idle' })).toBe(true);
    expect(ended.state.context.error).toBe(CODE_STEP_ENDED);
    expect(ended.state.context.challengeToken).toBeNull();
    const back = pathOf(withoutToken, [ev.signIn, outcomes.challenged, ev.cancelCode]);
    expect(back.state.matches({ signedOut: 'idle' })).toBe(true);
  });

  it('a password reset of an account with two-factor sign-in opens the code step with a notice', () => {
    const path = pathOf(withoutToken, [ev.codeNeeded]);
    expect(path.state.matches({ signedOut: 'code' })).toBe(true);
    expect(path.state.context.notice).toBe(
      'Your new password is set. Enter the code from your authenticator app to sign in.',
    );
  });
});

describe('session machine paths', () => {
  it('reaches every state node (checking is transient: it always moves on at once)', () => {
    const reached = reachedStateNodeIds([
      ...shortestPaths(withToken, allEvents),
      ...shortestPaths(withoutToken, allEvents),
    ]);
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

  it("a 500 (a crash, or a proxy's bare error page) shows our words, never the server's text; offline says so", () => {
    expect(pathOf(withoutToken, [ev.signIn, outcomes.signInServerCrash]).state.context.error).toBe(
      'Sign-in failed. Please try again.',
    );
    expect(pathOf(withoutToken, [ev.signIn, outcomes.signInBare500]).state.context.error).toBe(
      'Sign-in failed. Please try again.',
    );
    expect(pathOf(withoutToken, [ev.signIn, outcomes.signInOffline]).state.context.error).toBe(
      'Cannot reach Questboard. Check your connection and try again.',
    );
  });

  it('restores a stored token, or drops it when the server refuses it', async () => {
    expect(pathOf(withToken, [outcomes.restored]).state.matches({ signedIn: 'ready' })).toBe(true);
    const refused = pathOf(withToken, [outcomes.restoreFailed]);
    expect(refused.state.matches({ signedOut: 'idle' })).toBe(true);
    const { machine, storeToken } = liveModel(true);
    await replay(machine, refused);
    expect(storeToken).toHaveBeenCalledWith(null);
  });

  it('keeps the stored token when it could not be checked (network error, a closing pop-up), and says so', async () => {
    const unchecked = pathOf(withToken, [outcomes.restoreUnreachable]);
    expect(unchecked.state.matches({ signedOut: 'idle' })).toBe(true);
    expect(unchecked.state.context.notice).toBe(
      'We could not reach Questboard to check your session. Reload the page to try again, or sign in.',
    );
    const { machine, storeToken } = liveModel(true);
    await replay(machine, unchecked);
    expect(storeToken).not.toHaveBeenCalled();
    // Signing in from there works as usual and clears the notice.
    const again = pathOf(withToken, [outcomes.restoreUnreachable, ev.signIn, outcomes.signedIn]);
    expect(again.state.matches('signedIn')).toBe(true);
    expect(again.state.context.notice).toBeNull();
  });

  it('an accepted invite signs in directly (SIGNED_IN) with its token', async () => {
    const path = shortestPathTo(withoutToken, allEvents, {
      toState: (s) => s.matches('signedIn') && s.context.account !== null,
    });
    expect(eventTypes(path)).toHaveLength(1);
    const invite = pathOf(withoutToken, [ev.signedIn]);
    const { machine, storeToken } = liveModel(false);
    await replay(machine, invite);
    expect(storeToken).toHaveBeenCalledWith('token-invite');
  });

  it('refreshes the account, and keeps the session when the refresh fails', () => {
    expect(
      pathOf(withToken, [outcomes.restored, ev.refresh, outcomes.refreshed]).state.matches({ signedIn: 'ready' }),
    ).toBe(true);
    expect(
      pathOf(withToken, [outcomes.restored, ev.refresh, outcomes.refreshFailed]).state.matches({ signedIn: 'ready' }),
    ).toBe(true);
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
    expect(expired.state.context.notice).toBe('Your session has ended. Please sign in again.');
  });

  describe('SIGNED_IN while a session exists (an invitation accepted in a browser where someone is signed in)', () => {
    /** A live session whose loadAccount records each GET /api/me and never settles; storeToken is spied. */
    function counting(hasToken: boolean) {
      const storeToken = vi.fn();
      const loadAccount = vi.fn();
      const machine = modelWith(hasToken).provide({
        actors: {
          loadAccount: fromPromise<Account, void>(() => {
            loadAccount();
            return new Promise<Account>(() => {});
          }),
        },
        actions: { storeToken: (_, params) => storeToken(params.token) },
      });
      return { machine, storeToken, loadAccount };
    }

    it('switches the session: the new token is stored, the account replaced at once, then fetched again', async () => {
      const path = pathOf(withToken, [outcomes.restored, ev.switchToNina, outcomes.refreshedAsNina]);
      const switched = path.steps[2]!.state;
      expect(switched.matches({ signedIn: 'refreshing' })).toBe(true);
      expect(switched.context.account).toEqual(joinedAccount);
      expect(path.state.matches({ signedIn: 'ready' })).toBe(true);
      expect(path.state.context).toEqual({
        account: ninaFromMe(),
        error: null,
        notice: null,
        removedFrom: [],
        challengeToken: null,
      });

      const { machine, storeToken, loadAccount } = counting(true);
      await replay(machine, pathOf(withToken, [outcomes.restored, ev.switchToNina]));
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
      expect(
        loadAccount,
        'the stored token is checked, then /api/me is fetched with the new one',
      ).toHaveBeenCalledTimes(2);
    });

    it('the shortest way to a settled session as the new account is SIGNED_IN, then the refetch', () => {
      const path = shortestPathTo(withToken, allEvents, {
        toState: (s) => s.matches({ signedIn: 'ready' }) && s.context.account?.accountId === 'acc-nina',
      });
      expect(eventTypes(path)).toHaveLength(2);
      expect(eventTypes(path)[0]).toBe('SIGNED_IN');
      expect(path.steps[1]!.state.matches({ signedIn: 'refreshing' })).toBe(true);
    });

    it('a refresh of the old account in flight is cancelled and started again with the new token', () => {
      const { machine, storeToken, loadAccount } = counting(true);
      const actor = createActor(machine).start();
      actor.send(outcomes.restored as unknown as SessionEvent);
      actor.send(ev.refresh);
      const oldRefresh = actor.getSnapshot().children.refreshAccount;
      expect(oldRefresh).toBeDefined();
      actor.send(ev.switchToNina);
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ signedIn: 'refreshing' })).toBe(true);
      expect(oldRefresh!.getSnapshot().status, 'the old refresh is stopped').toBe('stopped');
      expect(snapshot.children.refreshAccount).toBeDefined();
      expect(snapshot.children.refreshAccount).not.toBe(oldRefresh);
      expect(loadAccount).toHaveBeenCalledTimes(3);
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
      expect(snapshot.context.account).toEqual(joinedAccount);
      actor.stop();
    });

    it('while the stored token is being checked, the handed-over session wins', async () => {
      const path = pathOf(withToken, [ev.switchToNina]);
      expect(path.state.matches({ signedIn: 'refreshing' })).toBe(true);
      expect(path.state.context.account).toEqual(joinedAccount);
      expect(path.state.can(outcomes.restored), 'the old check cannot land any more').toBe(false);
      expect(pathOf(withToken, [ev.switchToNina, outcomes.refreshedAsNina]).state.context.account).toEqual(
        ninaFromMe(),
      );

      const { machine, storeToken, loadAccount } = counting(true);
      await replay(machine, path);
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
      expect(loadAccount).toHaveBeenCalledTimes(2);
    });

    it('while signing out, the new session wins and its token is not dropped', async () => {
      const path = pathOf(withToken, [outcomes.restored, ev.signOut, ev.switchToNina]);
      expect(path.state.matches({ signedIn: 'refreshing' })).toBe(true);
      expect(path.state.can(outcomes.signedOut)).toBe(false);
      const { machine, storeToken } = liveModel(true);
      await replay(machine, path);
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
    });

    it('clears a notice or error left from before, and a failed refetch keeps the new account', () => {
      const path = pathOf(withToken, [outcomes.restored, ev.switchToNina, outcomes.refreshFailed]);
      expect(path.state.matches({ signedIn: 'ready' })).toBe(true);
      expect(path.state.context).toEqual({
        account: joinedAccount,
        error: null,
        notice: null,
        removedFrom: [],
        challengeToken: null,
      });
    });
  });
});

describe('sign-in errors', () => {
  it('a later submit the form refuses itself (empty fields) clears a stale server refusal', () => {
    const path = pathOf(withoutToken, [ev.signInWrong, outcomes.signInRefused, ev.signInEmpty]);
    expect(path.steps[2]!.state.context.error).toBe(WRONG);
    expect(path.state.matches({ signedOut: 'idle' }), 'nothing is sent to the server').toBe(true);
    expect(path.state.context.error).toBeNull();
  });
});

describe('access changed by someone else reaches the session without a reload', () => {
  /** Signed in as Ada, member of Demo Studio and Other Studio (viewer there). */
  const signedIn = [outcomes.restored, ev.refresh, outcomes.refreshedInTwo];

  it('a 403/404 for a workspace re-reads /api/me at once, even right after a read', () => {
    const path = pathOf(withToken, [...signedIn, ev.refused]);
    expect(path.steps[3]!.state.matches({ signedIn: { ready: 'fresh' } })).toBe(true);
    expect(path.state.matches({ signedIn: 'refreshing' })).toBe(true);
    expect(path.state.can(ev.refused), 'a second refusal while reading changes nothing').toBe(false);
  });

  it('a focus re-reads only once the last read is FOCUS_RECHECK_MS old (throttled)', () => {
    const fresh = pathOf(withToken, signedIn).state;
    expect(fresh.can(ev.focused), 'a focus right after a read is ignored').toBe(false);
    const path = pathOf(withToken, [...signedIn, focusWindowOver, ev.focused, outcomes.refreshedInTwo]);
    expect(path.steps[4]!.state.matches({ signedIn: { ready: 'stale' } })).toBe(true);
    expect(path.steps[5]!.state.matches({ signedIn: 'refreshing' })).toBe(true);
    expect(path.state.matches({ signedIn: { ready: 'fresh' } }), 'the window starts again').toBe(true);
    expect(sessionMachine.implementations.delays.FOCUS_RECHECK).toBe(30_000);
  });

  it('live: the throttle is a real 30 s timer', () => {
    vi.useFakeTimers();
    try {
      const { actor, send } = live(withToken);
      send(outcomes.restored);
      expect(actor.getSnapshot().can(ev.focused)).toBe(false);
      vi.advanceTimersByTime(29_999);
      expect(actor.getSnapshot().can(ev.focused)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(send(ev.focused).matches({ signedIn: 'refreshing' })).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a promoted viewer: the account takes the new role (menus and permissions follow it) and is told', async () => {
    const path = pathOf(withToken, [...signedIn, ev.refused, outcomes.refreshedPromoted]);
    expect(path.state.context.account?.organisations?.find((w: { id: string }) => w.id === 'ws-other')?.role).toBe(
      'editor',
    );
    expect(path.state.context.removedFrom).toEqual([]);
    const { machine, spies } = spyActionsOf();
    await replay(machine, path);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Your role in Other Studio is now Editor.', kind: 'info' }]]);
  });

  it('a removed member: the workspace leaves the account, is remembered as left, and the person is told', async () => {
    const path = pathOf(withToken, [...signedIn, focusWindowOver, ev.focused, outcomes.refreshedRemoved]);
    expect(path.state.context.account?.organisations?.map((w: { id: string }) => w.id)).toEqual(['ws-demo']);
    expect(path.state.context.removedFrom).toEqual([{ id: 'ws-other', name: 'Other Studio' }]);
    expect(selectWasRemovedFrom('ws-other')(path.state as never)).toBe(true);
    expect(selectWasRemovedFrom('ws-demo')(path.state as never)).toBe(false);
    const { machine, spies } = spyActionsOf();
    await replay(machine, path);
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'You are no longer a member of Other Studio.', kind: 'warning', duration: 'long' }],
    ]);
    // Signing out forgets it.
    expect(
      pathOf(withToken, [...signedIn, ev.refused, outcomes.refreshedRemoved, ev.expired]).state.context.removedFrom,
    ).toEqual([]);
  });

  it('an unchanged account, or another account handed over, says nothing', async () => {
    for (const events of [
      [...signedIn, ev.refused, outcomes.refreshedInTwo],
      [outcomes.restored, ev.switchToNina, outcomes.refreshedAsNina],
    ]) {
      const { machine, spies } = spyActionsOf();
      await replay(machine, pathOf(withToken, events));
      expect(spies.notify).not.toHaveBeenCalled();
    }
    expect(membershipChanges(adaInTwo, joinedAccount)).toEqual({ removed: [], roles: [] });
    expect(membershipChanges(null, adaInTwo)).toEqual({ removed: [], roles: [] });
  });
});

/** The model with never-settling calls and the `notify` and `storeToken` actions spied. */
function spyActionsOf() {
  const notify = vi.fn();
  const machine = withToken.provide({ actions: { notify: (_, params) => notify(params), storeToken: () => {} } });
  return { machine, spies: { notify } };
}

describe('session flow binding', () => {
  it("a 401 from any call with the session's token ends the session ('Your session has ended…'); detached, it does not", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Please sign in to continue.', code: 'unauthorized' }), {
          status: 401,
        }),
    );
    try {
      store.set('questboard.token', 'token-admin');
      const actor = createActor(withToken).start();
      actor.send(outcomes.restored as unknown as SessionEvent);
      const detach = sessionFlow.attach!(actor as never);
      await expect(fetchMe()).rejects.toThrow('Please sign in to continue.');
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(actor.getSnapshot().context.notice).toBe('Your session has ended. Please sign in again.');

      actor.send(ev.signIn);
      actor.send(outcomes.signedIn as unknown as SessionEvent);
      detach();
      store.set('questboard.token', 'token-admin');
      await expect(fetchMe()).rejects.toThrow();
      expect(actor.getSnapshot().matches('signedIn'), 'no listener after detach').toBe(true);
      actor.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
