/**
 * Paths of the reset-password machine (src/machines/reset-password/reset-password.machine.ts): every state reachable;
 * the shared password rule and the repeated password before any call; refused, unknown and unreachable links; a set
 * password signs the session in with the new token.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  resetPasswordMachine,
  type ResetPasswordEvent,
} from '../../src/machines/reset-password/reset-password.machine';
import { joinResponse } from '../fixtures/team';
import { defineModel, pathOf, pendingForever, replay, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const EXPIRED = 'This link has expired. Ask for a new one.';
const USED = 'This link has already been used. Ask for a new one if you still need it.';
const input = { token: 'reset-token' };
const ev = {
  short: { type: 'CHANGE', field: 'password', value: 'short' },
  common: { type: 'CHANGE', field: 'password', value: 'Password123' },
  good: { type: 'CHANGE', field: 'password', value: 'violet-harbour-42' },
  confirmWrong: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-43' },
  confirm: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-42' },
  submit: { type: 'SUBMIT' },
  retry: { type: 'RETRY' },
} satisfies Record<string, ResetPasswordEvent>;
const load = calls('loadLink');
const reset = calls('resetPassword');
const outcomes = {
  link: load.done({ email: 'nina@example.com' }),
  expired: load.status(410, EXPIRED, 'link_expired'),
  used: load.status(410, USED, 'link_used'),
  unknown: load.status(404, 'This link is not valid. Check the link in your email, or ask for a new one.', 'not_found'),
  offline: load.offline(),
  set: reset.done(joinResponse),
  setWithCode: reset.done({ twoFactor: true as const, challengeToken: 'challenge-after-reset' }),
  usedMeanwhile: reset.status(410, USED, 'link_used'),
  refused: reset.status(400, 'This password is too common. Choose one that is harder to guess.', 'bad_request'),
  crashed: reset.crash(),
};
const fixtures = defineModel(resetPasswordMachine, {
  CHANGE: [ev.short, ev.common, ev.good, ev.confirmWrong, ev.confirm],
  SUBMIT: ev.submit,
  RETRY: ev.retry,
  'xstate.done.actor.loadLink': outcomes.link,
  'xstate.error.actor.loadLink': [outcomes.expired, outcomes.used, outcomes.unknown, outcomes.offline],
  'xstate.done.actor.resetPassword': [outcomes.set, outcomes.setWithCode],
  'xstate.error.actor.resetPassword': [outcomes.usedMeanwhile, outcomes.refused, outcomes.crashed],
});
const model = resetPasswordMachine.provide({ actors: { loadLink: pendingForever(), resetPassword: pendingForever() } });

describe('reset-password machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(resetPasswordMachine, shortestPaths(model, fixtures.events, { input }))).toEqual([]);
  });

  it('the shared rule and the repeated password are checked before any call', () => {
    const path = pathOf(model, [outcomes.link, ev.short, ev.submit, ev.common, ev.good, ev.confirmWrong], input);
    expect(path.steps[3]!.state.context.errors).toEqual({ password: 'Password must be at least 10 characters.' });
    expect(path.steps[4]!.state.context.errors).toEqual({
      password: 'This password is too common. Choose one that is harder to guess.',
    });
    expect(path.state.context.errors).toEqual({ confirm: 'The passwords do not match.' });
    expect(path.state.matches('ready')).toBe(true);
  });

  it('set: loading → ready → saving → done, handing the new token and account to the session', async () => {
    const path = pathOf(model, [outcomes.link, ev.good, ev.confirm, ev.submit, outcomes.set], input);
    expect(path.steps[1]!.state.context.email).toBe('nina@example.com');
    expect(path.steps[4]!.state.matches('saving')).toBe(true);
    expect(path.state.matches('done')).toBe(true);
    const signedIn = vi.fn();
    await replay(model.provide({ actions: { signedIn: (_, params) => signedIn(params) } }), path, input);
    expect(signedIn).toHaveBeenCalledWith(joinResponse);
  });

  it('with two-factor sign-in the answer is the code step, handed over as it is', async () => {
    const path = pathOf(model, [outcomes.link, ev.good, ev.confirm, ev.submit, outcomes.setWithCode], input);
    expect(path.state.matches('done')).toBe(true);
    const signedIn = vi.fn();
    await replay(model.provide({ actions: { signedIn: (_, params) => signedIn(params) } }), path, input);
    expect(signedIn).toHaveBeenCalledWith({ twoFactor: true, challengeToken: 'challenge-after-reset' });
  });

  it('expired, used and unknown links are refused in words; an unreachable server can be retried', () => {
    const expired = pathOf(model, [outcomes.expired], input);
    expect(expired.state.matches('refused')).toBe(true);
    expect(expired.state.context.refusal).toBe('expired');
    expect(pathOf(model, [outcomes.used], input).state.context.refusal).toBe('used');
    expect(pathOf(model, [outcomes.unknown], input).state.matches('notFound')).toBe(true);
    expect(pathOf(model, [outcomes.offline, ev.retry], input).state.matches('loading')).toBe(true);
  });

  it('a link used meanwhile is refused; a refused password or a crash keeps the form with words', () => {
    const base = [outcomes.link, ev.good, ev.confirm, ev.submit];
    expect(pathOf(model, [...base, outcomes.usedMeanwhile], input).state.context.refusal).toBe('used');
    const refused = pathOf(model, [...base, outcomes.refused], input);
    expect(refused.state.matches('ready')).toBe(true);
    expect(refused.state.context.error).toBe('This password is too common. Choose one that is harder to guess.');
    const crashed = pathOf(model, [...base, outcomes.crashed], input);
    expect(crashed.state.context.error).toBe('We could not set the new password. Please try again.');
    expect(crashed.state.context.password).toBe('violet-harbour-42');
  });
});
