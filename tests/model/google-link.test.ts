/**
 * Paths of the account page's Google sign-in (src/machines/google-link/google-link.machine.ts): every state
 * reachable; linked shows the address and unlinks after a confirmation (with our notice), a failed unlink stays linked
 * with our words, a failed load can be retried.
 */
import { describe, expect, it } from 'vitest';
import { googleLinkMachine, type GoogleLinkEvent } from '../../src/machines/google-link/google-link.machine';
import { selectGoogleLink } from '../../src/machines/google-link/google-link.selectors';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const ev = {
  unlink: { type: 'UNLINK' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
} satisfies Record<string, GoogleLinkEvent>;
const load = calls('loadGoogleLink');
const unlink = calls('unlinkGoogle');
const outcomes = {
  linked: load.done({ linked: { email: 'gina@gmail.com', linkedAt: '2026-11-27T20:00:00.000Z' } }),
  notLinked: load.done({ linked: null }),
  loadCrashed: load.crash(),
  unlinked: unlink.done({ linked: null }),
  unlinkCrashed: unlink.crash(),
};
const fixtures = defineModel(googleLinkMachine, {
  UNLINK: ev.unlink,
  CONFIRM: ev.confirm,
  CANCEL: ev.cancel,
  RETRY: ev.retry,
  'xstate.done.actor.loadGoogleLink': [outcomes.linked, outcomes.notLinked],
  'xstate.error.actor.loadGoogleLink': outcomes.loadCrashed,
  'xstate.done.actor.unlinkGoogle': outcomes.unlinked,
  'xstate.error.actor.unlinkGoogle': outcomes.unlinkCrashed,
});
const model = googleLinkMachine.provide({
  actors: { loadGoogleLink: pendingForever(), unlinkGoogle: pendingForever() },
});

describe('google-link machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(googleLinkMachine, shortestPaths(model, fixtures.events), ['googleLink.loaded']),
    ).toEqual([]);
  });

  it('linked: the address, unlinked after a confirmation with our notice; cancel keeps it', () => {
    const { send, notices } = live(model, { spies: ['notify'] });
    expect(selectGoogleLink(send(outcomes.linked))).toMatchObject({ status: 'linked', email: 'gina@gmail.com' });
    expect(send(ev.unlink, ev.cancel).matches('linked')).toBe(true);
    expect(selectGoogleLink(send(ev.unlink)).status).toBe('confirming');
    expect(send(ev.confirm).matches('unlinking')).toBe(true);
    expect(selectGoogleLink(send(outcomes.unlinked))).toMatchObject({ status: 'notLinked', email: null });
    expect(notices()).toEqual(['Google sign-in was unlinked.']);
  });

  it('a failed unlink stays linked in our words; a failed load is retried', () => {
    const failed = pathOf(model, [outcomes.linked, ev.unlink, ev.confirm, outcomes.unlinkCrashed]).state;
    expect(selectGoogleLink(failed)).toMatchObject({
      status: 'linked',
      error: 'We could not unlink Google. Please try again.',
    });
    expect(selectGoogleLink(pathOf(model, [outcomes.loadCrashed]).state)).toMatchObject({
      status: 'loadFailed',
      error: 'We could not load your Google sign-in. Please try again.',
    });
    expect(pathOf(model, [outcomes.loadCrashed, ev.retry]).state.matches('loading')).toBe(true);
    expect(selectGoogleLink(pathOf(model, [outcomes.notLinked]).state).status).toBe('notLinked');
  });
});
