/**
 * Paths of the Google sign-in machine (src/machines/google-sign-in/google-sign-in.machine.ts): every state reachable
 * from its three entries (the button, a ticket, the callback's refusal); a linked account signs the session in, an
 * account with two-factor sign-in goes to the code step, a new account names its workspace, an existing one links
 * with its password (a wrong one asked again in the server's words); a refusal ends in the server's words.
 */
import { describe, expect, it } from 'vitest';
import { googleSignInMachine, type GoogleSignInEvent } from '../../src/machines/google-sign-in/google-sign-in.machine';
import { selectGoogleSignIn } from '../../src/machines/google-sign-in/google-sign-in.selectors';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';
import { isSensitiveKey } from '../../src/contracts/secrets';

const ACCOUNT = {
  accountId: 'acc-gina',
  firstName: 'Gina',
  lastName: 'Google',
  workEmail: 'gina@newstudio.dev',
  isTpUser: false,
};
const UNVERIFIED =
  'Google has not verified the email address of this Google account, so it cannot be used to sign in to Questboard. Sign in with your password instead.';
const CLOSED =
  'There is no Questboard account for this Google account, and sign-up is turned off on this server. Ask a workspace admin to invite you.';
const ev = {
  start: { type: 'START' },
  retry: { type: 'RETRY' },
  workspace: { type: 'SUBMIT_WORKSPACE', name: ' Gina Games ' },
  noWorkspace: { type: 'SUBMIT_WORKSPACE', name: '  ' },
  password: { type: 'SUBMIT_PASSWORD', password: 'questboard-demo' },
  noPassword: { type: 'SUBMIT_PASSWORD', password: '' },
} satisfies Record<string, GoogleSignInEvent>;
const start = calls('startGoogle');
const cont = calls('continueGoogle');
const link = calls('linkGoogle');
const outcomes = {
  started: start.done({ url: '/api/auth/google/sandbox?state=v1.s' }),
  startOffline: start.offline(),
  signedIn: cont.done({ step: 'signedIn' as const, token: 't', account: ACCOUNT as never }),
  created: cont.done({ step: 'signedIn' as const, token: 't', account: ACCOUNT as never, workspaceId: 'ws-gina' }),
  twoFactor: cont.done({ step: 'twoFactor' as const, challengeToken: 'c' }),
  needsWorkspace: cont.done({ step: 'workspace' as const, email: 'gina@newstudio.dev', name: 'Gina Google' }),
  needsLink: cont.done({ step: 'link' as const, email: 'editor@demostudio.dev' }),
  unverified: cont.status(403, UNVERIFIED, 'google_email_unverified'),
  closed: cont.status(403, CLOSED, 'sign_up_closed'),
  continueCrashed: cont.crash(),
  linked: link.done({ step: 'signedIn' as const, token: 't', account: ACCOUNT as never }),
  linkedTwoFactor: link.done({ step: 'twoFactor' as const, challengeToken: 'c' }),
  wrongPassword: link.status(400, 'Your password is not correct.', 'wrong_password', ['password']),
  ended: link.status(410, 'This Google sign-in has ended. Start again from the sign-in page.', 'google_sign_in_ended'),
  linkOffline: link.offline(),
};
const fixtures = defineModel(googleSignInMachine, {
  START: ev.start,
  RETRY: ev.retry,
  SUBMIT_WORKSPACE: [ev.workspace, ev.noWorkspace],
  SUBMIT_PASSWORD: [ev.password, ev.noPassword],
  'xstate.done.actor.startGoogle': outcomes.started,
  'xstate.error.actor.startGoogle': outcomes.startOffline,
  'xstate.done.actor.continueGoogle': [
    outcomes.signedIn,
    outcomes.twoFactor,
    outcomes.needsWorkspace,
    outcomes.needsLink,
  ],
  'xstate.error.actor.continueGoogle': [outcomes.unverified, outcomes.continueCrashed],
  'xstate.done.actor.linkGoogle': [outcomes.linked, outcomes.linkedTwoFactor],
  'xstate.error.actor.linkGoogle': [outcomes.wrongPassword, outcomes.ended, outcomes.linkOffline],
});
const model = googleSignInMachine.provide({
  actors: { startGoogle: pendingForever(), continueGoogle: pendingForever(), linkGoogle: pendingForever() },
});
const button = { ticket: null, error: null };
const ticket = { ticket: 'ticket-1', error: null };
const refusedByCallback = { ticket: null, error: 'state_used' };

describe('google-sign-in machine paths', () => {
  it('reaches every state node from its three entries', () => {
    const paths = [button, ticket, refusedByCallback].flatMap((input) =>
      shortestPaths(model, fixtures.events, { input }),
    );
    // `entering` and `answered` only choose where to go (`always`): never at rest.
    expect(
      unreachedStateNodeIds(googleSignInMachine, paths, ['googleSignIn.entering', 'googleSignIn.answered']),
    ).toEqual([]);
  });

  it('the inspector masks the ticket and the password', () => {
    expect(isSensitiveKey('ticket')).toBe(true);
    expect(isSensitiveKey('password')).toBe(true);
  });

  it('the button goes to the consent page; offline it says so and stays', () => {
    const { send, spies } = live(model, { input: button, spies: ['goTo'] });
    expect(send(ev.start, outcomes.startOffline).matches('idle')).toBe(true);
    expect(selectGoogleSignIn(send()).error).toBe('Cannot reach Questboard. Check your connection and try again.');
    expect(send(ev.start, outcomes.started).matches('redirecting')).toBe(true);
    expect(spies.goTo).toHaveBeenCalledWith('/api/auth/google/sandbox?state=v1.s');
  });

  it('a linked Google account signs the session in; with two-factor sign-in, the code step', () => {
    const signed = live(model, { input: ticket, spies: ['signedIn', 'codeNeeded'] });
    expect(signed.send(outcomes.signedIn).matches('done')).toBe(true);
    expect(signed.spies.signedIn).toHaveBeenCalledTimes(1);
    const coded = live(model, { input: ticket, spies: ['signedIn', 'codeNeeded'] });
    expect(coded.send(outcomes.twoFactor).matches('codeStep')).toBe(true);
    expect(coded.spies.codeNeeded).toHaveBeenCalledWith({ step: 'twoFactor', challengeToken: 'c' });
    expect(coded.spies.signedIn).not.toHaveBeenCalled();
  });

  it('a new account names its workspace (required), then is created and signed in', () => {
    const { send, spies } = live(model, { input: ticket, spies: ['signedIn'] });
    const asked = send(outcomes.needsWorkspace);
    expect(selectGoogleSignIn(asked)).toMatchObject({ status: 'workspace', email: 'gina@newstudio.dev' });
    expect(selectGoogleSignIn(send(ev.noWorkspace)).error).toBe('Workspace name is required.');
    expect(send(ev.workspace).matches('creating')).toBe(true);
    expect(send(outcomes.created).matches('done')).toBe(true);
    expect(spies.signedIn).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: 'ws-gina' }));
  });

  it('linking asks the password: a wrong one again in the server’s words, offline in ours, then signed in', () => {
    const { send } = live(model, { input: ticket });
    expect(selectGoogleSignIn(send(outcomes.needsLink))).toMatchObject({
      status: 'link',
      email: 'editor@demostudio.dev',
    });
    expect(selectGoogleSignIn(send(ev.noPassword)).error).toBe('Enter your password.');
    expect(selectGoogleSignIn(send(ev.password, outcomes.wrongPassword))).toMatchObject({
      status: 'link',
      error: 'Your password is not correct.',
    });
    expect(selectGoogleSignIn(send(ev.password, outcomes.linkOffline)).error).toBe(
      'Cannot reach Questboard. Check your connection and try again.',
    );
    expect(send(ev.password, outcomes.linkedTwoFactor).matches('codeStep')).toBe(true);
  });

  it('refusals end in the server’s words; the callback’s in ours; a crash can be retried', () => {
    expect(selectGoogleSignIn(pathOf(model, [outcomes.unverified], ticket).state)).toMatchObject({
      status: 'refused',
      error: UNVERIFIED,
    });
    expect(selectGoogleSignIn(pathOf(model, [outcomes.closed], ticket).state).error).toBe(CLOSED);
    expect(
      selectGoogleSignIn(pathOf(model, [outcomes.needsLink, ev.password, outcomes.ended], ticket).state).error,
    ).toBe('This Google sign-in has ended. Start again from the sign-in page.');
    expect(selectGoogleSignIn(pathOf(model, [], refusedByCallback).state)).toMatchObject({
      status: 'refused',
      error: 'This Google sign-in link was already used. Start again from the sign-in page.',
    });
    const crashed = pathOf(model, [outcomes.continueCrashed], ticket).state;
    expect(selectGoogleSignIn(crashed)).toMatchObject({
      status: 'unavailable',
      error: 'We could not finish signing in with Google. Please try again.',
    });
    expect(pathOf(model, [outcomes.continueCrashed, ev.retry], ticket).state.matches('continuing')).toBe(true);
  });
});
