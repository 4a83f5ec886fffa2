/**
 * Paths of the account-profile machine (src/machines/account-profile/account-profile.machine.ts): every state
 * reachable; both names required; a save keeps the saved names, says so and asks the session to re-read the account.
 */
import { describe, expect, it } from 'vitest';
import {
  accountProfileMachine,
  type AccountProfileEvent,
} from '../../src/machines/account-profile/account-profile.machine';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const input = { firstName: 'Ada', lastName: 'Admin' };
const ev = {
  blank: { type: 'CHANGE', field: 'firstName', value: ' ' },
  last: { type: 'CHANGE', field: 'lastName', value: ' Adams ' },
  submit: { type: 'SUBMIT' },
} satisfies Record<string, AccountProfileEvent>;
const save = calls('saveProfile');
const outcomes = {
  saved: save.done({ success: true as const, firstName: 'Ada', lastName: 'Adams' }),
  crashed: save.crash(),
};
const fixtures = defineModel(accountProfileMachine, {
  CHANGE: [ev.blank, ev.last],
  SUBMIT: ev.submit,
  'xstate.done.actor.saveProfile': outcomes.saved,
  'xstate.error.actor.saveProfile': outcomes.crashed,
});
const model = accountProfileMachine.provide({ actors: { saveProfile: pendingForever() } });

describe('account-profile machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(accountProfileMachine, shortestPaths(model, fixtures.events, { input }))).toEqual([]);
  });

  it('a blank name is refused under its field before any call', () => {
    const path = pathOf(model, [ev.blank, ev.submit], input);
    expect(path.state.matches('editing')).toBe(true);
    expect(path.state.context.errors).toEqual({ firstName: 'First name is required.' });
  });

  it('a save shows the saved names, says so and refreshes the session', () => {
    const { send, notices, spies } = live(model, { input, spies: ['notify', 'saved'] });
    expect(send(ev.last, ev.submit).matches('saving')).toBe(true);
    expect(send(outcomes.saved).context).toMatchObject({ firstName: 'Ada', lastName: 'Adams' });
    expect(notices()).toEqual(['Your name was saved.']);
    expect(spies.saved).toHaveBeenCalledTimes(1);
  });

  it('a crash keeps the typed names with our words', () => {
    const path = pathOf(model, [ev.last, ev.submit, outcomes.crashed], input);
    expect(path.state.context.error).toBe('We could not save your name. Please try again.');
    expect(path.state.context.lastName).toBe(' Adams ');
  });
});
