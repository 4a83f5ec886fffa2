/**
 * The account page's password change (src/machines/change-password/change-password.machine.ts, /account): each test
 * signs in as an account of its own with a second session elsewhere. The real server refuses a wrong current
 * password and changes the password (the other session ends); a crash is answered through a Playwright route.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  changePasswordMachine,
  type ChangePasswordContext,
  type ChangePasswordEvent,
} from '../../../src/machines/change-password/change-password.machine';
import { ApiError } from '../../../src/services/http';
import { OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface PasswordUi extends Ui {
  request: APIRequestContext;
  /** The token of the account's other session (signed in through the API). */
  other: string;
}

const WRONG = 'Your current password is not correct.';
const CHANGED = 'Password changed. Your other devices were signed out.';
const CHANGE_FAILED = 'We could not change your password. Please try again.';
const E = {
  wrongCurrent: { type: 'CHANGE', field: 'currentPassword', value: 'not-my-password' },
  current: { type: 'CHANGE', field: 'currentPassword', value: OWN_PASSWORD },
  common: { type: 'CHANGE', field: 'newPassword', value: 'Password123' },
  next: { type: 'CHANGE', field: 'newPassword', value: 'violet-harbour-42' },
  confirm: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-42' },
  submit: { type: 'SUBMIT' },
  changed: doneEvent('changePassword', { success: true, signedOut: 1 }),
  wrong: {
    type: 'xstate.error.actor.changePassword',
    error: new ApiError(400, WRONG, 'wrong_password'),
    actorId: 'changePassword',
  },
  crashed: crashEvent('changePassword'),
};
type Ev<K extends ChangePasswordEvent['type']> = Extract<ChangePasswordEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ChangePasswordContext;
const isWrong = (event: EventObject) => (event as { error?: unknown }).error instanceof ApiError;
const changeCall = outcome<PasswordUi>(
  { method: 'POST', url: /\/api\/account\/password$/ },
  (event) => (event.type.startsWith('xstate.done.') || isWrong(event) ? answers.server : answers.crash),
  (event) => (event.type.startsWith('xstate.done.') ? 'change ✓' : isWrong(event) ? 'change 400' : 'change 500'),
);
const LABELS = { currentPassword: 'Current password', newPassword: 'New password', confirm: 'Repeat the new password' };
const field = (ui: Ui, name: keyof typeof LABELS) => ui.page.getByLabel(LABELS[name], { exact: true });
const changeButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Change password' });
const open = async (ui: Ui) => {
  await ui.page.goto('/account');
  await expect(changeButton(ui)).toBeVisible();
};

export const changePasswordTable: FlowTable<PasswordUi> = {
  flow: 'change-password',
  machine: changePasswordMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error !== null]),
  async setup(page) {
    const email = await ownAccount(page.request);
    await signInByApi(page, email, OWN_PASSWORD);
    const res = await page.request.post('/api/auth/sign-in', { data: { email, password: OWN_PASSWORD } });
    return { page, request: page.request, other: ((await res.json()) as { token: string }).token };
  },
  traversals: [
    {
      // Empty, then a common password; a wrong current password (the real server); a crash; then the change.
      name: 'refusals, then changed',
      kind: 'journey',
      input: undefined,
      open,
      events: [
        E.submit,
        E.current,
        E.common,
        E.submit,
        E.wrongCurrent,
        E.next,
        E.confirm,
        E.submit,
        E.wrong,
        E.current,
        E.submit,
        E.crashed,
        E.submit,
        E.changed,
      ],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => changeButton(ui).click() },
    'xstate.done.actor.changePassword': changeCall,
    'xstate.error.actor.changePassword': changeCall,
  },
  states: {
    'changePassword.editing': async (ui, state, via) => {
      const { currentPassword, newPassword, confirm, errors, error } = ctx(state);
      if (via.type === 'xstate.done.actor.changePassword') {
        await expect(ui.page.getByText(CHANGED, { exact: true })).toBeVisible();
        const other = await ui.request.get('/api/me', { headers: { Authorization: `Bearer ${ui.other}` } });
        expect(other.status(), 'the other session was signed out').toBe(401);
      }
      await expect(field(ui, 'currentPassword')).toHaveValue(currentPassword);
      await expect(field(ui, 'newPassword')).toHaveValue(newPassword);
      await expect(field(ui, 'confirm')).toHaveValue(confirm);
      for (const words of Object.values(errors).filter(Boolean))
        await expect(ui.page.getByText(words!, { exact: true })).toBeVisible();
      if (errors.currentPassword === WRONG) await expect(ui.page.getByText(WRONG, { exact: true })).toBeVisible();
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: CHANGE_FAILED })).toBeVisible();
    },
    'changePassword.saving': async (ui) => {
      await expect(changeButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
