/**
 * The account page's two-factor sign-in (src/machines/two-factor/two-factor.machine.ts, /account): each test signs in
 * as an account of its own. The real server answers enrolment with a secret the test reads off the page and computes
 * codes from (otpauth), shows the recovery codes once, refuses a wrong code and a wrong password, and turns it off with
 * a recovery code; an unreachable status is answered through a Playwright route. Afterwards the account's sign-in
 * asks for a code.
 */
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  twoFactorMachine,
  type TwoFactorContext,
  type TwoFactorEvent,
} from '../../../src/machines/two-factor/two-factor.machine';
import { ApiError } from '../../../src/services/http';
import { OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface TwoFactorUi extends Ui {
  email: string;
  /** The secret shown on the page while enrolling. */
  secret: string;
  /** The recovery codes shown once. */
  recoveryCodes: string[];
}

/** Symbolic codes: a code computed from the page's secret now, and the first recovery code shown. */
const TOTP_NOW = 'totp-now';
const RECOVERY = 'recovery-code';
const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const WRONG_PASSWORD = 'Your password is not correct.';
const failed = (id: string, status: number, message: string, code: string, fields: string[]) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, message, code, fields),
  actorId: id,
});
const E = {
  enrol: { type: 'ENROL' },
  wrongCode: { type: 'CHANGE', field: 'otp', value: '000000' },
  code: { type: 'CHANGE', field: 'otp', value: TOTP_NOW },
  recovery: { type: 'CHANGE', field: 'otp', value: RECOVERY },
  wrongPassword: { type: 'CHANGE', field: 'password', value: 'not-my-password' },
  password: { type: 'CHANGE', field: 'password', value: OWN_PASSWORD },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  done: { type: 'DONE' },
  disable: { type: 'DISABLE' },
  retry: { type: 'RETRY' },
  statusOff: doneEvent('loadStatus', { enabled: false, recoveryCodesLeft: 0 }),
  statusCrashed: crashEvent('loadStatus'),
  started: doneEvent('startEnrolment', { secret: 'symbolic', uri: 'otpauth://symbolic' }),
  startCrashed: crashEvent('startEnrolment'),
  enabled: doneEvent('confirmEnrolment', { success: true, recoveryCodes: [] }),
  refusedCode: failed('confirmEnrolment', 400, WRONG_CODE, 'wrong_code', ['otp']),
  disabled: doneEvent('disableTwoFactor', { success: true }),
  refusedPassword: failed('disableTwoFactor', 400, WRONG_PASSWORD, 'wrong_password', ['password']),
};
type Ev<K extends TwoFactorEvent['type']> = Extract<TwoFactorEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as TwoFactorContext;
const isCrash = (event: EventObject) =>
  event.type.startsWith('xstate.error.') && !((event as { error?: unknown }).error instanceof ApiError);
const call = (method: string, url: RegExp, name: string) =>
  outcome<TwoFactorUi>(
    { method, url },
    (event) => (isCrash(event) ? answers.crash : answers.server),
    (event) => (isCrash(event) ? `${name} 500` : event.type.startsWith('xstate.done.') ? `${name} ✓` : `${name} 400`),
  );
const statusCall = call('GET', /\/api\/account\/two-factor$/, 'status');
const enrolCall = call('POST', /\/api\/account\/two-factor\/enrol$/, 'enrol');
const confirmCall = call('POST', /\/api\/account\/two-factor\/confirm$/, 'confirm');
const disableCall = call('POST', /\/api\/account\/two-factor\/disable$/, 'disable');

const codeNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
const realOtp = (ui: TwoFactorUi, value: string) =>
  value === TOTP_NOW ? codeNow(ui.secret) : value === RECOVERY ? (ui.recoveryCodes[0] ?? '') : value;
const section = (ui: Ui) => ui.page.getByRole('region', { name: 'Two-factor sign-in' });
const otpField = (ui: Ui) => section(ui).getByLabel(/^(Code from your app|Code or recovery code)$/);
const passwordField = (ui: Ui) => section(ui).getByLabel('Your password', { exact: true });
const submitButton = (ui: Ui) => section(ui).getByRole('button', { name: /^Turn (on|off)$/ });
const open = async (ui: Ui) => {
  await ui.page.goto('/account');
  await expect(ui.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
};

export const twoFactorTable: FlowTable<TwoFactorUi> = {
  flow: 'two-factor',
  machine: twoFactorMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error !== null]),
  async setup(page) {
    const email = await ownAccount(page.request);
    await signInByApi(page, email, OWN_PASSWORD);
    return { page, email, secret: '', recoveryCodes: [] };
  },
  traversals: [
    {
      // A wrong code (the real server), then on with a computed code; the codes once; off with a recovery code.
      name: 'on, then off',
      kind: 'journey',
      input: undefined,
      open,
      events: [
        E.statusOff,
        E.enrol,
        E.started,
        E.submit,
        E.wrongCode,
        E.submit,
        E.refusedCode,
        E.code,
        E.submit,
        E.enabled,
        E.done,
        E.disable,
        E.submit,
        E.wrongPassword,
        E.recovery,
        E.submit,
        E.refusedPassword,
        E.password,
        E.submit,
        E.disabled,
      ],
    },
    {
      name: 'unavailable, a cancelled set-up, a set-up that could not start',
      kind: 'journey',
      input: undefined,
      open,
      events: [E.statusCrashed, E.retry, E.statusOff, E.enrol, E.started, E.cancel, E.enrol, E.startCrashed],
    },
  ],
  events: {
    ENROL: { act: (ui) => section(ui).getByRole('button', { name: 'Turn on two-factor sign-in' }).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        event.field === 'otp' ? otpField(ui).fill(realOtp(ui, event.value)) : passwordField(ui).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => submitButton(ui).click() },
    CANCEL: { act: (ui) => section(ui).getByRole('button', { name: 'Cancel' }).click() },
    DONE: { act: (ui) => section(ui).getByRole('button', { name: 'I saved my recovery codes' }).click() },
    DISABLE: { act: (ui) => section(ui).getByRole('button', { name: 'Turn off two-factor sign-in' }).click() },
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.loadStatus': statusCall,
    'xstate.error.actor.loadStatus': statusCall,
    'xstate.done.actor.startEnrolment': enrolCall,
    'xstate.error.actor.startEnrolment': enrolCall,
    'xstate.done.actor.confirmEnrolment': confirmCall,
    'xstate.error.actor.confirmEnrolment': confirmCall,
    'xstate.done.actor.disableTwoFactor': disableCall,
    'xstate.error.actor.disableTwoFactor': disableCall,
  },
  states: {
    'twoFactor.loading': async (ui) => {
      await expect(section(ui).getByRole('status', { name: 'Loading two-factor sign-in' })).toBeVisible();
    },
    'twoFactor.unavailable': async (ui) => {
      await expect(
        section(ui).getByText('We could not load your two-factor sign-in. Please try again.', { exact: true }),
      ).toBeVisible();
    },
    'twoFactor.off': async (ui, state, via) => {
      await expect(section(ui).getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
      if (ctx(state).error)
        await expect(
          section(ui).getByRole('alert').filter({ hasText: 'We could not start the set-up. Please try again.' }),
        ).toBeVisible();
      if (via.type === 'xstate.done.actor.disableTwoFactor') {
        await expect(ui.page.getByText('Two-factor sign-in is off.', { exact: true })).toBeVisible();
        const res = await ui.page.request.post('/api/auth/sign-in', {
          data: { email: ui.email, password: OWN_PASSWORD },
        });
        expect(await res.json(), 'sign-in needs only the password again').toHaveProperty('token');
      }
    },
    'twoFactor.starting': async (ui) => {
      await expect(section(ui).getByRole('button', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'twoFactor.enrolling': async (ui, state) => {
      const secret = (await section(ui).getByTestId('two-factor-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      ui.secret = secret;
      await expect(section(ui).getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      const { errors } = ctx(state);
      if (errors.otp) await expect(section(ui).getByText(errors.otp, { exact: true })).toBeVisible();
      await expect(submitButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'twoFactor.confirming': async (ui) => {
      await expect(submitButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'twoFactor.showingCodes': async (ui) => {
      await expect(section(ui).getByText('Two-factor sign-in is on.', { exact: true })).toBeVisible();
      const codes = await section(ui)
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      expect(codes).toHaveLength(10);
      ui.recoveryCodes = codes.map((c) => c.trim());
      const res = await ui.page.request.post('/api/auth/sign-in', {
        data: { email: ui.email, password: OWN_PASSWORD },
      });
      expect(await res.json(), 'sign-in now asks for a code').toMatchObject({ twoFactor: true });
    },
    'twoFactor.on': async (ui) => {
      await expect(section(ui).getByText(/^On\. Signing in asks for a code/)).toBeVisible();
      await expect(section(ui).getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    },
    'twoFactor.disabling': async (ui, state) => {
      const { errors, password } = ctx(state);
      await expect(passwordField(ui)).toHaveValue(password);
      for (const words of Object.values(errors).filter(Boolean))
        await expect(section(ui).getByText(words!, { exact: true })).toBeVisible();
      await expect(submitButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'twoFactor.turningOff': async (ui) => {
      await expect(submitButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 120_000,
};
