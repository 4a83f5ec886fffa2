/**
 * Paths of the accept-invite machine (src/machines/accept-invite/accept-invite.machine.ts): every state node
 * reachable; join with invalid then valid input; refused, unknown and unreachable invitations; and the binding to
 * the session (accept-invite.actors.ts): joining signs the session in as the invited account, switching it without a
 * page reload when someone else is signed in.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { acceptInviteFlow } from '../../src/machines/accept-invite/accept-invite.actors';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { acceptInviteMachine, type AcceptInviteEvent } from '../../src/machines/accept-invite/accept-invite.machine';
import { adminAccount, invitePreview, joinedAccount, joinResponse } from '../fixtures/team';
import {
  defineModel,
  eventTypes,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  shortestPathTo,
  unreachedStateNodeIds,
} from './graph-harness';
import { calls } from './fixtures';

const FIRST_NAME_REQUIRED = 'First name is required.';
const LAST_NAME_REQUIRED = 'Last name is required.';
const PASSWORD_TOO_SHORT = 'Password must be at least 10 characters.';
const PASSWORD_REQUIRED = 'Enter your password.';
const JOIN_FAILED = 'We could not add you to the workspace. Please try again.';

const input = { token: 'invite-token' };
const ev = {
  firstName: { type: 'CHANGE', field: 'firstName', value: 'Nina' },
  firstNameBlank: { type: 'CHANGE', field: 'firstName', value: '  ' },
  lastName: { type: 'CHANGE', field: 'lastName', value: 'Nguyen' },
  passwordShort: { type: 'CHANGE', field: 'password', value: 'short' },
  password: { type: 'CHANGE', field: 'password', value: 'a-long-enough-password' },
  submit: { type: 'SUBMIT' },
  retry: { type: 'RETRY' },
} satisfies Record<string, AcceptInviteEvent>;

const ALREADY = 'This email already has a Questboard account. Enter its password to join.';
const load = calls('loadInvite');
const accept = calls('acceptInvite');
const outcomes = {
  pending: load.done(invitePreview('pending')),
  /** The invited address already has an account. */
  pendingExisting: load.done(invitePreview('pending', true)),
  superseded: load.done(invitePreview('superseded')),
  expired: load.done(invitePreview('expired')),
  accepted: load.done(invitePreview('accepted')),
  revoked: load.done(invitePreview('revoked')),
  unknown: load.status(404, 'Invite not found.', 'not_found'),
  offline: load.offline(),
  joined: accept.done(joinResponse),
  wrongPassword: accept.status(401, ALREADY, 'invalid_credentials'),
  expiredMeanwhile: accept.status(
    410,
    'This invitation has expired. Ask your workspace admin to resend it.',
    'invite_expired',
  ),
  crashed: accept.fetchFailed(),
  serverCrashed: accept.crash(),
  bare500: accept.bare500(),
  loadCrashed: load.crash(),
};
const fixtures = defineModel(acceptInviteMachine, {
  CHANGE: [ev.firstName, ev.firstNameBlank, ev.lastName, ev.passwordShort, ev.password],
  SUBMIT: ev.submit,
  RETRY: ev.retry,
  'xstate.done.actor.loadInvite': [
    outcomes.pending,
    outcomes.pendingExisting,
    outcomes.expired,
    outcomes.accepted,
    outcomes.revoked,
    outcomes.superseded,
  ],
  'xstate.error.actor.loadInvite': [outcomes.unknown, outcomes.offline, outcomes.loadCrashed],
  'xstate.done.actor.acceptInvite': outcomes.joined,
  'xstate.error.actor.acceptInvite': [
    outcomes.wrongPassword,
    outcomes.expiredMeanwhile,
    outcomes.crashed,
    outcomes.serverCrashed,
    outcomes.bare500,
  ],
});
const allEvents = fixtures.events;

const model = acceptInviteMachine.provide({ actors: { loadInvite: pendingForever(), acceptInvite: pendingForever() } });

describe('accept-invite machine paths', () => {
  it('reaches every state node (the branch on hasAccount is transient)', () => {
    expect(
      unreachedStateNodeIds(acceptInviteMachine, shortestPaths(model, allEvents, { input }), [
        'acceptInvite.ready.branching',
      ]),
    ).toEqual([]);
  });

  it('join: loading → ready → (invalid, then valid) → joining → joined, handing token and account over', async () => {
    const path = pathOf(
      model,
      [
        outcomes.pending,
        ev.submit,
        ev.firstName,
        ev.lastName,
        ev.passwordShort,
        ev.password,
        ev.submit,
        outcomes.joined,
      ],
      input,
    );
    const afterEmptySubmit = path.steps[2]!.state;
    expect(afterEmptySubmit.matches({ ready: 'newAccount' })).toBe(true);
    expect(afterEmptySubmit.context.errors).toEqual({
      firstName: FIRST_NAME_REQUIRED,
      lastName: LAST_NAME_REQUIRED,
      password: PASSWORD_TOO_SHORT,
    });
    expect(path.steps[5]!.state.context.errors).toEqual({ password: PASSWORD_TOO_SHORT });
    expect(path.steps[7]!.state.matches('joining')).toBe(true);
    expect(path.state.matches('joined')).toBe(true);

    const joined = vi.fn();
    await replay(model.provide({ actions: { joined: (_, params) => joined(params) } }), path, input);
    expect(joined).toHaveBeenCalledWith({ ...joinResponse, workspaceId: 'ws-demo' });
    expect(path.steps[7]!.state.children.acceptInvite).toBeDefined();
  });

  it('a new account with a common password is refused in the shared rule’s words before any call', () => {
    const common = { type: 'CHANGE', field: 'password', value: 'Password123' } as const;
    const path = pathOf(model, [outcomes.pending, ev.firstName, ev.lastName, common, ev.submit], input);
    expect(path.state.matches({ ready: 'newAccount' })).toBe(true);
    expect(path.state.context.errors).toEqual({
      password: 'This password is too common. Choose one that is harder to guess.',
    });
  });

  describe('an existing account only confirms with its password', () => {
    it('asks for no names: an empty submit asks for the password, then joining sends the password alone', async () => {
      const path = pathOf(
        model,
        [outcomes.pendingExisting, ev.submit, ev.passwordShort, ev.submit, outcomes.joined],
        input,
      );
      expect(path.steps[1]!.state.matches({ ready: 'existingAccount' })).toBe(true);
      expect(path.steps[2]!.state.context.errors).toEqual({ password: PASSWORD_REQUIRED });
      // Its password is whatever it is: no minimum length, no names asked for.
      expect(path.steps[4]!.state.matches('joining')).toBe(true);
      expect(path.state.matches('joined')).toBe(true);

      const sent = vi.fn();
      const live = acceptInviteMachine.provide({
        actors: {
          loadInvite: pendingForever(),
          acceptInvite: fromPromise(async ({ input }) => (sent(input), new Promise<never>(() => {}))),
        },
      });
      const actor = createActor(live, { input }).start();
      for (const event of [outcomes.pendingExisting, ev.firstName, ev.passwordShort, ev.submit])
        actor.send(event as AcceptInviteEvent);
      expect(sent.mock.calls).toEqual([[{ token: 'invite-token', password: 'short' }]]);
      actor.stop();
    });

    it('the shortest way to joined is the password and a submit', () => {
      const path = shortestPathTo(model, allEvents, {
        input,
        toState: (s) => s.matches('joined'),
        filterEvents: (s, e) => !(s.matches('loading') && e !== outcomes.pendingExisting),
      });
      expect(eventTypes(path)).toEqual([
        'xstate.done.actor.loadInvite',
        'CHANGE',
        'SUBMIT',
        'xstate.done.actor.acceptInvite',
      ]);
    });

    it("a wrong password comes back to the password form with the server's words", () => {
      const path = pathOf(model, [outcomes.pendingExisting, ev.password, ev.submit, outcomes.wrongPassword], input);
      expect(path.state.matches({ ready: 'existingAccount' })).toBe(true);
      expect(path.state.context.error).toBe(ALREADY);
    });

    it('a new account keeps asking for names and a long password', () => {
      const path = pathOf(model, [outcomes.pending, ev.passwordShort, ev.submit], input);
      expect(path.state.matches({ ready: 'newAccount' })).toBe(true);
      expect(path.state.context.errors).toEqual({
        firstName: FIRST_NAME_REQUIRED,
        lastName: LAST_NAME_REQUIRED,
        password: PASSWORD_TOO_SHORT,
      });
    });
  });

  it('the shortest way to joined as a new account fills the three fields and submits', () => {
    const path = shortestPathTo(model, allEvents, {
      input,
      toState: (s) => s.matches('joined'),
      filterEvents: (s, e) => !(s.matches('loading') && e !== outcomes.pending),
    });
    expect(eventTypes(path)).toEqual([
      'xstate.done.actor.loadInvite',
      'CHANGE',
      'CHANGE',
      'CHANGE',
      'SUBMIT',
      'xstate.done.actor.acceptInvite',
    ]);
  });

  it('a blank first name is not a name', () => {
    const path = pathOf(model, [outcomes.pending, ev.firstNameBlank, ev.lastName, ev.password, ev.submit], input);
    expect(path.state.matches({ ready: 'newAccount' })).toBe(true);
    expect(path.state.context.errors).toEqual({ firstName: FIRST_NAME_REQUIRED });
  });

  it('refuses expired, used and withdrawn invitations in words; unknown links are not found', () => {
    for (const [outcome, refusal] of [
      [outcomes.expired, 'expired'],
      [outcomes.accepted, 'accepted'],
      [outcomes.revoked, 'revoked'],
      [outcomes.superseded, 'superseded'],
    ] as const) {
      const path = pathOf(model, [outcome], input);
      expect(path.state.matches('refused')).toBe(true);
      expect(path.state.context.refusal).toBe(refusal);
    }
    expect(pathOf(model, [outcomes.unknown], input).state.matches('notFound')).toBe(true);
  });

  it('an unreachable server can be retried', () => {
    const path = pathOf(model, [outcomes.offline, ev.retry, outcomes.pending], input);
    expect(path.steps[1]!.state.matches('unavailable')).toBe(true);
    expect(path.steps[2]!.state.matches('loading')).toBe(true);
    expect(path.state.matches('ready')).toBe(true);
  });

  it('a refused join keeps the fields and shows why; an invite that expired meanwhile is refused', () => {
    const filled = [outcomes.pending, ev.firstName, ev.lastName, ev.password, ev.submit];
    const wrong = pathOf(model, [...filled, outcomes.wrongPassword], input);
    expect(wrong.state.matches({ ready: 'newAccount' })).toBe(true);
    expect(wrong.state.context).toMatchObject({ error: ALREADY, firstName: 'Nina', lastName: 'Nguyen' });
    expect(pathOf(model, [...filled, outcomes.crashed], input).state.context.error).toBe(JOIN_FAILED);
    // A 500 never shows the server's text (a crash's words, or a proxy's 'Request failed (500).').
    expect(pathOf(model, [...filled, outcomes.serverCrashed], input).state.context.error).toBe(JOIN_FAILED);
    expect(pathOf(model, [...filled, outcomes.bare500], input).state.context.error).toBe(JOIN_FAILED);
    expect(pathOf(model, [outcomes.loadCrashed], input).state.matches('unavailable')).toBe(true);
    const expired = pathOf(model, [...filled, outcomes.expiredMeanwhile], input);
    expect(expired.state.matches('refused')).toBe(true);
    expect(expired.state.context.refusal).toBe('expired');
  });

  describe('joined: the session takes the invited account', () => {
    const join = [outcomes.pending, ev.firstName, ev.lastName, ev.password, ev.submit, outcomes.joined];

    function setup(signedInAs: 'nobody' | 'someone else', answer: unknown = outcomes.joined) {
      const storeToken = vi.fn();
      const session = createActor(
        sessionMachine.provide({
          actors: { loadAccount: pendingForever(), signIn: pendingForever(), signOut: pendingForever() },
          guards: { hasToken: () => signedInAs !== 'nobody' },
          actions: { storeToken: (_, params) => storeToken(params.token) },
        }),
      ).start();
      if (signedInAs !== 'nobody') session.send(calls('restoreAccount').done(adminAccount) as never);
      const navigate = vi.fn();
      const machine = acceptInviteFlow
        .bind(() => ({ session, navigate }))
        .provide({ actors: { loadInvite: pendingForever(), acceptInvite: pendingForever() } });
      const invite = createActor(machine, { input }).start();
      for (const event of [...join.slice(0, -1), answer]) invite.send(event as AcceptInviteEvent);
      expect(invite.getSnapshot().matches('joined')).toBe(true);
      return { session, navigate, storeToken };
    }

    it('signed out: signs in with the new token and opens the joined workspace', () => {
      const { session, navigate, storeToken } = setup('nobody');
      expect(session.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(session.getSnapshot().context.account).toEqual(joinedAccount);
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
      expect(navigate.mock.calls).toEqual([['/workspace/ws-demo/apps']]);
    });

    it('an account with two-factor sign-in: joined, and the sign-in asks for its code before signing in', () => {
      const challenge = accept.done({ twoFactor: true, challengeToken: 'challenge-after-join' });
      const { session, navigate, storeToken } = setup('nobody', challenge);
      expect(session.getSnapshot().matches({ signedOut: 'code' })).toBe(true);
      expect(session.getSnapshot().context).toMatchObject({
        challengeToken: 'challenge-after-join',
        notice: 'You joined the workspace. Enter the code from your authenticator app to sign in.',
      });
      expect(storeToken).not.toHaveBeenCalled();
      expect(navigate.mock.calls).toEqual([['/continue']]);
    });

    it('someone else signed in: the session switches to the invited account (no reload) and refetches it', () => {
      const { session, navigate, storeToken } = setup('someone else');
      expect(session.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
      expect(session.getSnapshot().context.account).toEqual(joinedAccount);
      expect(storeToken.mock.calls).toEqual([['token-nina']]);
      expect(navigate.mock.calls).toEqual([['/workspace/ws-demo/apps']]);
    });
  });
});
