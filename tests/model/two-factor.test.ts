/**
 * Paths of the account page's two-factor machine (src/machines/two-factor/two-factor.machine.ts): every state
 * reachable; enrolment shows the secret, confirms with a code and shows the recovery codes once; turning it off needs
 * the password and a code, each refusal under its field.
 */
import { describe, expect, it } from 'vitest';
import { twoFactorMachine, type TwoFactorEvent } from '../../src/machines/two-factor/two-factor.machine';
import { selectTwoFactor } from '../../src/machines/two-factor/two-factor.selectors';
import { defineModel, live, pathOf, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';
import { calls } from './fixtures';

const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Questboard:ada?secret=JBSWY3DPEHPK3PXP' };
const ev = {
  enrol: { type: 'ENROL' },
  code: { type: 'CHANGE', field: 'otp', value: ' 123456 ' },
  password: { type: 'CHANGE', field: 'password', value: 'questboard-demo' },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  done: { type: 'DONE' },
  disable: { type: 'DISABLE' },
  retry: { type: 'RETRY' },
} satisfies Record<string, TwoFactorEvent>;
const status = calls('loadStatus');
const start = calls('startEnrolment');
const confirm = calls('confirmEnrolment');
const disable = calls('disableTwoFactor');
const outcomes = {
  off: status.done({ enabled: false, recoveryCodesLeft: 0 }),
  on: status.done({ enabled: true, recoveryCodesLeft: 7 }),
  statusOffline: status.offline(),
  started: start.done(ENROLMENT),
  alreadyOn: start.status(409, 'Two-factor sign-in is already on.', 'two_factor_on'),
  enabled: confirm.done({ success: true as const, recoveryCodes: CODES }),
  wrongCode: confirm.status(400, WRONG_CODE, 'wrong_code', ['otp']),
  tooMany: confirm.status(429, 'Too many wrong codes. Please wait 15 minutes and try again.', 'too_many_codes'),
  disabled: disable.done({ success: true as const }),
  wrongPassword: disable.status(400, 'Your password is not correct.', 'wrong_password', ['password']),
  disableCrashed: disable.crash(),
};
const fixtures = defineModel(twoFactorMachine, {
  ENROL: ev.enrol,
  CHANGE: [ev.code, ev.password],
  SUBMIT: ev.submit,
  CANCEL: ev.cancel,
  DONE: ev.done,
  DISABLE: ev.disable,
  RETRY: ev.retry,
  'xstate.done.actor.loadStatus': [outcomes.off, outcomes.on],
  'xstate.error.actor.loadStatus': outcomes.statusOffline,
  'xstate.done.actor.startEnrolment': outcomes.started,
  'xstate.error.actor.startEnrolment': outcomes.alreadyOn,
  'xstate.done.actor.confirmEnrolment': outcomes.enabled,
  'xstate.error.actor.confirmEnrolment': [outcomes.wrongCode, outcomes.tooMany],
  'xstate.done.actor.disableTwoFactor': outcomes.disabled,
  'xstate.error.actor.disableTwoFactor': [outcomes.wrongPassword, outcomes.disableCrashed],
});
const model = twoFactorMachine.provide({
  actors: {
    loadStatus: pendingForever(),
    startEnrolment: pendingForever(),
    confirmEnrolment: pendingForever(),
    disableTwoFactor: pendingForever(),
  },
});

describe('two-factor machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(twoFactorMachine, shortestPaths(model, fixtures.events))).toEqual([]);
  });

  it('enrolment shows the secret, asks for a code before any call, and shows the recovery codes once', () => {
    const noCode = pathOf(model, [outcomes.off, ev.enrol, outcomes.started, ev.submit]);
    expect(selectTwoFactor(noCode.state)).toMatchObject({ view: 'enrolling', secret: ENROLMENT.secret });
    expect(noCode.state.context.errors).toEqual({ otp: 'Enter the 6-digit code from your authenticator app.' });
    const path = pathOf(model, [outcomes.off, ev.enrol, outcomes.started, ev.code, ev.submit, outcomes.enabled]);
    expect(selectTwoFactor(path.state)).toMatchObject({ view: 'codes', recoveryCodes: CODES, secret: null });
    const after = pathOf(model, [...path.steps.slice(1).map((s) => s.event), ev.done]);
    expect(selectTwoFactor(after.state)).toMatchObject({ view: 'on', recoveryCodes: [], recoveryCodesLeft: 10 });
  });

  it('a wrong code shows under the field; too many codes above; cancel forgets the secret', () => {
    const base = [outcomes.off, ev.enrol, outcomes.started, ev.code, ev.submit];
    expect(pathOf(model, [...base, outcomes.wrongCode]).state.context.errors).toEqual({ otp: WRONG_CODE });
    expect(pathOf(model, [...base, outcomes.tooMany]).state.context.error).toBe(
      'Too many wrong codes. Please wait 15 minutes and try again.',
    );
    const cancelled = pathOf(model, [outcomes.off, ev.enrol, outcomes.started, ev.cancel]);
    expect(cancelled.state.matches('off')).toBe(true);
    expect(cancelled.state.context.enrolment).toBeNull();
  });

  it('turning off needs the password and a code, says so when done; a wrong password shows under its field', () => {
    const empty = pathOf(model, [outcomes.on, ev.disable, ev.submit]);
    expect(empty.state.context.errors).toEqual({
      password: 'Enter your password.',
      otp: 'Enter a code from your authenticator app, or a recovery code.',
    });
    const wrong = pathOf(model, [outcomes.on, ev.disable, ev.password, ev.code, ev.submit, outcomes.wrongPassword]);
    expect(wrong.state.context.errors).toEqual({ password: 'Your password is not correct.' });
    const { send, notices, spies } = live(model, { spies: ['notify', 'changed'] });
    send(outcomes.on, ev.disable, ev.password, ev.code, ev.submit);
    expect(spies.changed).not.toHaveBeenCalled();
    const off = send(outcomes.disabled);
    expect(selectTwoFactor(off)).toMatchObject({ view: 'off', password: '', otp: '' });
    expect(notices()).toEqual(['Two-factor sign-in is off.']);
    expect(spies.changed).toHaveBeenCalledTimes(1);
  });

  it('turning it on or off is a change the session re-reads (a workspace may require it); a refusal is not', () => {
    const { send, spies } = live(model, { spies: ['changed'] });
    send(outcomes.off, ev.enrol, outcomes.started, ev.code, ev.submit, outcomes.wrongCode);
    expect(spies.changed).not.toHaveBeenCalled();
    send(ev.submit, outcomes.enabled);
    expect(spies.changed).toHaveBeenCalledTimes(1);
  });

  it('an unreachable status can be retried', () => {
    expect(pathOf(model, [outcomes.statusOffline, ev.retry]).state.matches('loading')).toBe(true);
  });
});
