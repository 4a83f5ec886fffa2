/**
 * Paths of the email-change machine (src/machines/email-change/email-change.machine.ts): every state reachable; the
 * address and the password checked before any call (not the current address); the same "Check your inbox" for any
 * address; a wrong password under its field, a crash in our words; the pending change sent again or cancelled.
 */
import { describe, expect, it } from 'vitest';
import { emailChangeMachine, type EmailChangeEvent } from '../../src/machines/email-change/email-change.machine';
import { selectEmailChange } from '../../src/machines/email-change/email-change.selectors';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const input = { currentEmail: 'paula@demostudio.dev' };
const PENDING = { email: 'paula@newstudio.dev', expiresAt: '2026-01-01T10:00:00.000Z' };
const WRONG = 'Your current password is not correct.';
const ev = {
  edit: { type: 'EDIT' },
  email: { type: 'CHANGE', field: 'email', value: ' paula@newstudio.dev ' },
  badEmail: { type: 'CHANGE', field: 'email', value: 'paula' },
  sameEmail: { type: 'CHANGE', field: 'email', value: 'Paula@demostudio.dev' },
  password: { type: 'CHANGE', field: 'password', value: 'paths-own-password-1' },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  cancelChange: { type: 'CANCEL_CHANGE' },
  retry: { type: 'RETRY' },
} satisfies Record<string, EmailChangeEvent>;
const load = calls('loadEmailChange');
const request = calls('requestChange');
const cancel = calls('cancelChange');
const outcomes = {
  none: load.done({ pending: null }),
  waiting: load.done({ pending: PENDING }),
  loadOffline: load.offline(),
  sent: request.done({ success: true as const, delivery: 'sandbox' as const, pending: PENDING }),
  wrong: request.status(400, WRONG, 'wrong_password', ['password']),
  crashed: request.crash(),
  cancelled: cancel.done({ success: true as const }),
  cancelCrashed: cancel.crash(),
};
const fixtures = defineModel(emailChangeMachine, {
  EDIT: ev.edit,
  CHANGE: [ev.email, ev.badEmail, ev.sameEmail, ev.password],
  SUBMIT: ev.submit,
  CANCEL: ev.cancel,
  CANCEL_CHANGE: ev.cancelChange,
  RETRY: ev.retry,
  'xstate.done.actor.loadEmailChange': [outcomes.none, outcomes.waiting],
  'xstate.error.actor.loadEmailChange': outcomes.loadOffline,
  'xstate.done.actor.requestChange': outcomes.sent,
  'xstate.error.actor.requestChange': [outcomes.wrong, outcomes.crashed],
  'xstate.done.actor.cancelChange': outcomes.cancelled,
  'xstate.error.actor.cancelChange': outcomes.cancelCrashed,
});
const model = emailChangeMachine.provide({
  actors: { loadEmailChange: pendingForever(), requestChange: pendingForever(), cancelChange: pendingForever() },
});
const filled = [outcomes.none, ev.edit, ev.email, ev.password, ev.submit];

describe('email-change machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(emailChangeMachine, shortestPaths(model, fixtures.events, { input }))).toEqual([]);
  });

  it('a pending change is shown after loading; a failed load offers a retry', () => {
    expect(selectEmailChange(pathOf(model, [outcomes.waiting], input).state)).toMatchObject({
      view: 'pending',
      pendingEmail: PENDING.email,
    });
    const failed = pathOf(model, [outcomes.loadOffline], input);
    expect(selectEmailChange(failed.state).unavailable).toBe('We could not load your email change. Please try again.');
    expect(pathOf(model, [outcomes.loadOffline, ev.retry], input).state.matches('loading')).toBe(true);
  });

  it('the address and the password are checked before any call; the current address is refused', () => {
    const empty = pathOf(model, [outcomes.none, ev.edit, ev.submit], input);
    expect(empty.state.context.errors).toEqual({
      email: 'Enter a valid email address.',
      password: 'Enter your current password.',
    });
    const bad = pathOf(model, [outcomes.none, ev.edit, ev.badEmail, ev.password, ev.submit], input);
    expect(bad.state.context.errors).toEqual({ email: 'Enter a valid email address.' });
    const same = pathOf(model, [outcomes.none, ev.edit, ev.sameEmail, ev.password, ev.submit], input);
    expect(same.state.context.errors).toEqual({ email: 'This is already your email address.' });
    expect(same.state.children.requestChange).toBeUndefined();
  });

  it('sent: "Check your inbox" with the address, the password emptied; send again fills the address in', () => {
    const sent = pathOf(model, [...filled, outcomes.sent], input);
    expect(selectEmailChange(sent.state)).toMatchObject({
      view: 'pending',
      pendingEmail: PENDING.email,
      sandbox: true,
      password: '',
    });
    const again = pathOf(model, [...filled, outcomes.sent, ev.edit], input);
    expect(again.state.matches('editing')).toBe(true);
    expect(again.state.context.email).toBe(PENDING.email);
    expect(pathOf(model, [...filled, outcomes.sent, ev.edit, ev.cancel], input).state.matches('pending')).toBe(true);
    expect(pathOf(model, [outcomes.none, ev.edit, ev.cancel], input).state.matches('idle')).toBe(true);
  });

  it('a wrong password shows under its field; a crash our words; the address stays', () => {
    const wrong = pathOf(model, [...filled, outcomes.wrong], input);
    expect(wrong.state.context.errors).toEqual({ password: WRONG });
    expect(wrong.state.context.error).toBeNull();
    const crashed = pathOf(model, [...filled, outcomes.crashed], input);
    expect(crashed.state.context.error).toBe('We could not send the link. Please try again.');
    expect(crashed.state.context.email).toBe(' paula@newstudio.dev ');
  });

  it('cancelling the pending change says so; a failed cancel keeps it with our words', () => {
    const { send, notices } = live(model, { input, spies: ['notify'] });
    send(outcomes.waiting, ev.cancelChange);
    const after = send(outcomes.cancelled);
    expect(after.matches('idle')).toBe(true);
    expect(notices()).toEqual(['The email change was cancelled.']);
    const failed = pathOf(model, [outcomes.waiting, ev.cancelChange, outcomes.cancelCrashed], input);
    expect(selectEmailChange(failed.state)).toMatchObject({
      view: 'pending',
      error: 'We could not cancel the change. Please try again.',
    });
  });
});
