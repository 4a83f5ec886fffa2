/**
 * Paths of the sign-up machine (src/machines/sign-up/sign-up.machine.ts): every state reachable (asking and
 * confirming); the form's rules before any call; the same "sent" for any address; SIGN_UP=off as a state; a used,
 * expired or unknown link refused in words; a confirmed link signs in and opens the new workspace.
 */
import { describe, expect, it, vi } from 'vitest';
import { signUpMachine, type SignUpEvent } from '../../src/machines/sign-up/sign-up.machine';
import { selectSignUp } from '../../src/machines/sign-up/sign-up.selectors';
import { joinResponse } from '../fixtures/team';
import {
  defineModel,
  pathOf,
  pendingForever,
  reachedStateNodeIds,
  replay,
  shortestPaths,
  stateNodeIds,
} from './graph-harness';
import { calls } from './fixtures';

const CLOSED = 'Sign-up is turned off on this server. Ask a workspace admin to invite you.';
const USED = 'This link has already been used. Ask for a new one if you still need it.';
const EXISTS = 'This email already has a Questboard account. Sign in instead.';
const LIMITED = 'Too many requests for this address. Please wait 60 minutes and try again.';
const asking = { token: null };
const confirmingInput = { token: 'confirm-token' };
const ev = {
  first: { type: 'CHANGE', field: 'firstName', value: 'Nova' },
  last: { type: 'CHANGE', field: 'lastName', value: 'Ray' },
  email: { type: 'CHANGE', field: 'email', value: ' nova@newstudio.dev ' },
  badEmail: { type: 'CHANGE', field: 'email', value: 'nova' },
  password: { type: 'CHANGE', field: 'password', value: 'violet-harbour-42' },
  common: { type: 'CHANGE', field: 'password', value: 'Password123' },
  workspace: { type: 'CHANGE', field: 'workspaceName', value: ' Nova Games ' },
  submit: { type: 'SUBMIT' },
  again: { type: 'AGAIN' },
  retry: { type: 'RETRY' },
} satisfies Record<string, SignUpEvent>;
const status = calls('loadStatus');
const request = calls('requestSignUp');
const confirm = calls('confirmSignUp');
const confirmed = { ...joinResponse, workspaceId: 'ws-nova' };
const outcomes = {
  open: status.done({ open: true }),
  shut: status.done({ open: false }),
  statusOffline: status.offline(),
  sent: request.done({ success: true as const, delivery: 'sandbox' as const }),
  closed: request.status(403, CLOSED, 'sign_up_closed'),
  limited: request.status(429, LIMITED, 'too_many_requests'),
  crashed: request.crash(),
  confirmed: confirm.done(confirmed),
  used: confirm.status(410, USED, 'link_used'),
  exists: confirm.status(409, EXISTS, 'account_exists'),
  unknown: confirm.status(404, 'This link is not valid. Check the link in your email, or ask for a new one.'),
  confirmClosed: confirm.status(403, CLOSED, 'sign_up_closed'),
  confirmOffline: confirm.offline(),
};
const fixtures = defineModel(signUpMachine, {
  CHANGE: [ev.first, ev.last, ev.email, ev.badEmail, ev.password, ev.common, ev.workspace],
  SUBMIT: ev.submit,
  AGAIN: ev.again,
  RETRY: ev.retry,
  'xstate.done.actor.loadStatus': [outcomes.open, outcomes.shut],
  'xstate.error.actor.loadStatus': outcomes.statusOffline,
  'xstate.done.actor.requestSignUp': outcomes.sent,
  'xstate.error.actor.requestSignUp': [outcomes.closed, outcomes.limited, outcomes.crashed],
  'xstate.done.actor.confirmSignUp': outcomes.confirmed,
  'xstate.error.actor.confirmSignUp': [
    outcomes.used,
    outcomes.exists,
    outcomes.unknown,
    outcomes.confirmClosed,
    outcomes.confirmOffline,
  ],
});
const model = signUpMachine.provide({
  actors: { loadStatus: pendingForever(), requestSignUp: pendingForever(), confirmSignUp: pendingForever() },
});
const filled = [outcomes.open, ev.first, ev.last, ev.email, ev.password, ev.workspace];

describe('sign-up machine paths', () => {
  it('reaches every state node, asking and confirming (start is transient)', () => {
    const reached = reachedStateNodeIds([
      ...shortestPaths(model, fixtures.events, { input: asking }),
      ...shortestPaths(model, fixtures.events, { input: confirmingInput }),
    ]);
    expect(stateNodeIds(signUpMachine).filter((id) => !reached.has(id) && id !== 'signUp.start')).toEqual([]);
  });

  it('the form’s rules are checked before any call, in the contract’s words', () => {
    const path = pathOf(model, [outcomes.open, ev.badEmail, ev.common, ev.submit], asking);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.errors).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Enter a valid email address.',
      password: 'This password is too common. Choose one that is harder to guess.',
      workspaceName: 'Workspace name is required.',
    });
    expect(path.state.children.requestSignUp).toBeUndefined();
  });

  it('a filled form is sent trimmed and lands on "sent"; AGAIN empties only the password', () => {
    const path = pathOf(model, [...filled, ev.submit, outcomes.sent, ev.again], asking);
    expect(path.steps.at(-2)!.state.matches('sent')).toBe(true);
    expect(selectSignUp(path.steps.at(-2)!.state).sandbox).toBe(true);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.email).toBe(' nova@newstudio.dev ');
    expect(path.state.context.password).toBe('');
  });

  it('SIGN_UP=off: the status or a refused send shows invite-only', () => {
    expect(selectSignUp(pathOf(model, [outcomes.shut], asking).state)).toMatchObject({
      status: 'closed',
      message: CLOSED,
    });
    expect(pathOf(model, [...filled, ev.submit, outcomes.closed], asking).state.matches('closed')).toBe(true);
    expect(pathOf(model, [outcomes.confirmClosed], confirmingInput).state.matches('closed')).toBe(true);
  });

  it('a rate limit shows the server’s words, a crash ours, the fields kept', () => {
    const limited = pathOf(model, [...filled, ev.submit, outcomes.limited], asking);
    expect(selectSignUp(limited.state).error).toBe(LIMITED);
    const crashed = pathOf(model, [...filled, ev.submit, outcomes.crashed], asking);
    expect(crashed.state.context.error).toBe('We could not create your account. Please try again.');
    expect(crashed.state.context.workspaceName).toBe(' Nova Games ');
  });

  it('a confirmed link signs the session in and opens the new workspace', async () => {
    const path = pathOf(model, [outcomes.confirmed], confirmingInput);
    expect(path.state.matches('done')).toBe(true);
    const signedIn = vi.fn();
    await replay(model.provide({ actions: { signedIn: (_, params) => signedIn(params) } }), path, confirmingInput);
    expect(signedIn).toHaveBeenCalledWith(confirmed);
  });

  it('a used link or an address taken meanwhile is refused in words; unknown is not found; offline retries', () => {
    expect(selectSignUp(pathOf(model, [outcomes.used], confirmingInput).state)).toMatchObject({
      status: 'refused',
      message: USED,
    });
    expect(selectSignUp(pathOf(model, [outcomes.exists], confirmingInput).state).message).toBe(EXISTS);
    expect(selectSignUp(pathOf(model, [outcomes.unknown], confirmingInput).state).status).toBe('notFound');
    const retried = pathOf(model, [outcomes.confirmOffline, ev.retry], confirmingInput);
    expect(retried.steps[1]!.state.matches('unavailable')).toBe(true);
    expect(retried.state.matches('confirming')).toBe(true);
  });
});
