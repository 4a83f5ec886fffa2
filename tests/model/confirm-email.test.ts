/**
 * Paths of the confirm-email machine (src/machines/confirm-email/confirm-email.machine.ts): every state reachable; a
 * used, expired or taken link refused in the server's words, an unknown one not found, offline retried; a confirmed
 * link names the new address and asks a signed-in session to read the account again.
 */
import { describe, expect, it, vi } from 'vitest';
import { confirmEmailMachine } from '../../src/machines/confirm-email/confirm-email.machine';
import { selectConfirmEmail } from '../../src/machines/confirm-email/confirm-email.selectors';
import { defineModel, pathOf, pendingForever, replay, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const input = { token: 'email-token' };
const USED = 'This link has already been used. Ask for a new one if you still need it.';
const TAKEN = 'This email already has a Questboard account. Ask for the change again with another address.';
const confirm = calls('confirmEmail');
const outcomes = {
  confirmed: confirm.done({ success: true as const, email: 'paula@newstudio.dev' }),
  used: confirm.status(410, USED, 'link_used'),
  taken: confirm.status(409, TAKEN, 'email_taken'),
  unknown: confirm.status(404, 'This link is not valid. Check the link in your email, or ask for a new one.'),
  offline: confirm.offline(),
};
const fixtures = defineModel(confirmEmailMachine, {
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.confirmEmail': outcomes.confirmed,
  'xstate.error.actor.confirmEmail': [outcomes.used, outcomes.taken, outcomes.unknown, outcomes.offline],
});
const model = confirmEmailMachine.provide({ actors: { confirmEmail: pendingForever() } });

describe('confirm-email machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(confirmEmailMachine, shortestPaths(model, fixtures.events, { input }))).toEqual([]);
  });

  it('a confirmed link names the new address and tells the session', async () => {
    const path = pathOf(model, [outcomes.confirmed], input);
    expect(selectConfirmEmail(path.state)).toMatchObject({ status: 'done', email: 'paula@newstudio.dev' });
    const changed = vi.fn();
    await replay(model.provide({ actions: { changed } }), path, input);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('used or taken is refused in the server’s words; unknown is not found; offline retries', () => {
    expect(selectConfirmEmail(pathOf(model, [outcomes.used], input).state)).toMatchObject({
      status: 'refused',
      message: USED,
    });
    expect(selectConfirmEmail(pathOf(model, [outcomes.taken], input).state).message).toBe(TAKEN);
    expect(selectConfirmEmail(pathOf(model, [outcomes.unknown], input).state)).toMatchObject({
      status: 'notFound',
      message: 'This link is not valid. Check the link in your email, or ask for a new one.',
    });
    const offline = pathOf(model, [outcomes.offline], input);
    expect(selectConfirmEmail(offline.state)).toMatchObject({
      status: 'unavailable',
      message: 'We could not check this link. Please try again.',
    });
    expect(pathOf(model, [outcomes.offline, { type: 'RETRY' }], input).state.matches('confirming')).toBe(true);
  });
});
