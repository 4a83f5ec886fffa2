/**
 * Paths of the change-password machine (src/machines/change-password/change-password.machine.ts): every state
 * reachable; the current password, the shared rule and the repeat before any call; a wrong current password under
 * its field; a change empties the form, says so and asks for the sessions list again.
 */
import { describe, expect, it } from 'vitest';
import {
  changePasswordMachine,
  type ChangePasswordEvent,
} from '../../src/machines/change-password/change-password.machine';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const ev = {
  current: { type: 'CHANGE', field: 'currentPassword', value: 'questboard-demo' },
  common: { type: 'CHANGE', field: 'newPassword', value: 'Password123' },
  next: { type: 'CHANGE', field: 'newPassword', value: 'violet-harbour-42' },
  confirm: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-42' },
  submit: { type: 'SUBMIT' },
} satisfies Record<string, ChangePasswordEvent>;
const change = calls('changePassword');
const outcomes = {
  changed: change.done({ success: true as const, signedOut: 2 }),
  wrong: change.status(400, 'Your current password is not correct.', 'wrong_password', ['currentPassword']),
  crashed: change.crash(),
};
const fixtures = defineModel(changePasswordMachine, {
  CHANGE: [ev.current, ev.common, ev.next, ev.confirm],
  SUBMIT: ev.submit,
  'xstate.done.actor.changePassword': outcomes.changed,
  'xstate.error.actor.changePassword': [outcomes.wrong, outcomes.crashed],
});
const model = changePasswordMachine.provide({ actors: { changePassword: pendingForever() } });
const filled = [ev.current, ev.next, ev.confirm, ev.submit];

describe('change-password machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(changePasswordMachine, shortestPaths(model, fixtures.events))).toEqual([]);
  });

  it('an empty submit asks for the current password and a new one; a common one is refused', () => {
    const empty = pathOf(model, [ev.submit]);
    expect(empty.state.context.errors).toEqual({
      currentPassword: 'Enter your current password.',
      newPassword: 'Password must be at least 10 characters.',
    });
    const common = pathOf(model, [ev.current, ev.common, ev.submit]);
    expect(common.state.context.errors).toEqual({
      newPassword: 'This password is too common. Choose one that is harder to guess.',
    });
  });

  it('a change empties the form, says so and asks the sessions list to read again', () => {
    const { send, notices, spies } = live(model, { spies: ['notify', 'changed'] });
    expect(send(...filled).matches('saving')).toBe(true);
    const after = send(outcomes.changed);
    expect(after.context).toMatchObject({ currentPassword: '', newPassword: '', confirm: '' });
    expect(notices()).toEqual(['Password changed. Your other devices were signed out.']);
    expect(spies.changed).toHaveBeenCalledTimes(1);
  });

  it('a wrong current password shows under its field; a crash our words; the fields stay', () => {
    const wrong = pathOf(model, [...filled, outcomes.wrong]);
    expect(wrong.state.context.errors).toEqual({ currentPassword: 'Your current password is not correct.' });
    const crashed = pathOf(model, [...filled, outcomes.crashed]);
    expect(crashed.state.context.error).toBe('We could not change your password. Please try again.');
    expect(crashed.state.context.newPassword).toBe('violet-harbour-42');
  });
});
