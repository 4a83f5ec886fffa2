/**
 * Paths of the forgot-password machine (src/machines/forgot-password/forgot-password.machine.ts): every state
 * reachable; an invalid address stays on the form; the same "sent" for any address; a rate limit in the server's words.
 */
import { describe, expect, it } from 'vitest';
import {
  forgotPasswordMachine,
  type ForgotPasswordEvent,
} from '../../src/machines/forgot-password/forgot-password.machine';
import { defineModel, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const LIMITED = 'Too many requests for this address. Please wait 60 minutes and try again.';
const ev = {
  bad: { type: 'CHANGE', email: 'not-an-address' },
  good: { type: 'CHANGE', email: ' nina@example.com ' },
  submit: { type: 'SUBMIT' },
  again: { type: 'AGAIN' },
} satisfies Record<string, ForgotPasswordEvent>;
const request = calls('requestLink');
const outcomes = {
  sent: request.done({ success: true as const, delivery: 'sandbox' as const }),
  sentSmtp: request.done({ success: true as const, delivery: 'smtp' as const }),
  limited: request.status(429, LIMITED, 'too_many_requests'),
  crashed: request.crash(),
  offline: request.offline(),
};
const fixtures = defineModel(forgotPasswordMachine, {
  CHANGE: [ev.bad, ev.good],
  SUBMIT: ev.submit,
  AGAIN: ev.again,
  'xstate.done.actor.requestLink': [outcomes.sent, outcomes.sentSmtp],
  'xstate.error.actor.requestLink': [outcomes.limited, outcomes.crashed, outcomes.offline],
});
const model = forgotPasswordMachine.provide({ actors: { requestLink: pendingForever() } });

describe('forgot-password machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(forgotPasswordMachine, shortestPaths(model, fixtures.events))).toEqual([]);
  });

  it('an empty or malformed address is refused under the field, with no call', () => {
    const path = pathOf(model, [ev.submit, ev.bad, ev.submit]);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.fieldError).toBe('Enter a valid email address.');
    expect(path.state.children.requestLink).toBeUndefined();
  });

  it('a good address is sent trimmed and lands on "sent" with where mail goes; AGAIN keeps the address', () => {
    const path = pathOf(model, [ev.good, ev.submit, outcomes.sent, ev.again]);
    expect(path.steps[2]!.state.matches('sending')).toBe(true);
    expect(path.steps[3]!.state.matches('sent')).toBe(true);
    expect(path.steps[3]!.state.context.delivery).toBe('sandbox');
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.email).toBe(' nina@example.com ');
  });

  it('a rate limit shows the server’s words; a crash ours; typing clears them', () => {
    const limited = pathOf(model, [ev.good, ev.submit, outcomes.limited]);
    expect(limited.state.context.error).toBe(LIMITED);
    const crashed = pathOf(model, [ev.good, ev.submit, outcomes.crashed]);
    expect(crashed.state.context.error).toBe('We could not send the link. Please try again.');
    const typed = pathOf(model, [ev.good, ev.submit, outcomes.crashed, ev.good]);
    expect(typed.state.context.error).toBeNull();
  });
});
