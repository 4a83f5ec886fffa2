/**
 * The reset-password flow's table (src/machines/reset-password/reset-password.machine.ts, /reset-password/{token}):
 * each test has an account of its own and a real reset link mailed to it (read from the test-only outbox). The real
 * server answers the link and the new password (the person is signed in and home opens); an expired, used or
 * unknown link, a refused password and a crash are answered through Playwright routes, an unreachable server by an
 * aborted request.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  resetPasswordMachine,
  type ResetPasswordContext,
  type ResetPasswordEvent,
} from '../../../src/machines/reset-password/reset-password.machine';
import { ApiError } from '../../../src/services/http';
import { ownAccount, resetTokenFor } from '../pages/account.page';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface ResetUi extends Ui {
  email: string;
  token: string;
}

const EXPIRED = 'This link has expired. Ask for a new one.';
const USED = 'This link has already been used. Ask for a new one if you still need it.';
const NOT_FOUND = 'This link is not valid. Check the link in your email, or ask for a new one.';
const UNAVAILABLE = 'We could not check this link. Please try again.';
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
const TOO_SHORT = 'Password must be at least 10 characters.';
const DIFFER = 'The passwords do not match.';
const SAVE_FAILED = 'We could not set the new password. Please try again.';

const refusal = (id: string, status: number, message: string, code: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, message, code),
  actorId: id,
});
const E = {
  short: { type: 'CHANGE', field: 'password', value: 'short' },
  common: { type: 'CHANGE', field: 'password', value: 'Password123' },
  good: { type: 'CHANGE', field: 'password', value: 'violet-harbour-42' },
  confirmWrong: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-43' },
  confirm: { type: 'CHANGE', field: 'confirm', value: 'violet-harbour-42' },
  submit: { type: 'SUBMIT' },
  retry: { type: 'RETRY' },
  link: doneEvent('loadLink', { email: 'symbolic' }),
  expired: refusal('loadLink', 410, EXPIRED, 'link_expired'),
  used: refusal('loadLink', 410, USED, 'link_used'),
  unknown: refusal('loadLink', 404, NOT_FOUND, 'not_found'),
  offline: refusal('loadLink', 0, 'Cannot reach Questboard. Check your connection and try again.', 'network'),
  set: doneEvent('resetPassword', { token: 't', account: {} }),
  usedMeanwhile: refusal('resetPassword', 410, USED, 'link_used'),
  refused: refusal('resetPassword', 400, TOO_COMMON, 'bad_request'),
  crashed: crashEvent('resetPassword'),
};

type Ev<K extends ResetPasswordEvent['type']> = Extract<ResetPasswordEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ResetPasswordContext;
const errorOf = (event: EventObject) => (event as { error?: unknown }).error;
/** The route's answer for a refusal event: its status and words (status 0: the request is aborted). */
const answerOf = (event: EventObject) => {
  if (event.type.startsWith('xstate.done.')) return answers.server;
  const error = errorOf(event);
  if (!(error instanceof ApiError)) return answers.crash;
  if (error.status === 0) return 'abort' as const;
  return { status: error.status, json: { success: false, message: error.message, code: error.code } };
};
const labelOf = (name: string) => (event: EventObject) => {
  if (event.type.startsWith('xstate.done.')) return `${name} ✓`;
  const error = errorOf(event);
  return error instanceof ApiError ? `${name} ${error.status || 'offline'} ${error.code}` : `${name} 500`;
};
const LINK_URL = /\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/;
const loadCall = outcome<ResetUi>({ method: 'GET', url: LINK_URL }, answerOf, labelOf('link'));
const saveCall = outcome<ResetUi>({ method: 'POST', url: LINK_URL }, answerOf, labelOf('reset'));

const passwordField = (ui: ResetUi) => ui.page.getByLabel('New password', { exact: true });
const confirmField = (ui: ResetUi) => ui.page.getByLabel('Repeat the new password', { exact: true });
const saveButton = (ui: ResetUi) => ui.page.getByRole('button', { name: 'Set new password' });
const open = (ui: ResetUi) => ui.page.goto(`/reset-password/${ui.token}`).then(() => undefined);
const input = { token: 'paths' };
const refusedCheck = (words: string) => async (ui: ResetUi) => {
  await expect(ui.page.getByText(words, { exact: true })).toBeVisible();
  await expect(ui.page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
};

export const resetPasswordTable: FlowTable<ResetUi> = {
  flow: 'reset-password',
  machine: resetPasswordMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error !== null, ctx(state).refusal]),
  async setup(page) {
    const email = await ownAccount(page.request);
    return { page, email, token: await resetTokenFor(page.request, email) };
  },
  traversals: [
    {
      name: 'links',
      kind: 'shortest',
      input,
      open,
      events: [E.link, E.expired, E.used, E.unknown, E.offline],
    },
    { name: 'offline, retry', kind: 'journey', input, open, events: [E.offline, E.retry, E.link] },
    {
      // The rule and the repeat before any call; a refusal and a crash keep the form; then the password is set.
      name: 'refusals, then set',
      kind: 'journey',
      input,
      open,
      events: [
        E.link,
        E.short,
        E.submit,
        E.good,
        E.confirmWrong,
        E.submit,
        E.confirm,
        E.submit,
        E.refused,
        E.submit,
        E.crashed,
        E.submit,
        E.set,
      ],
    },
    {
      name: 'used meanwhile',
      kind: 'journey',
      input,
      open,
      events: [E.link, E.common, E.good, E.confirm, E.submit, E.usedMeanwhile],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        (event.field === 'password' ? passwordField(ui) : confirmField(ui)).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => saveButton(ui).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.loadLink': loadCall,
    'xstate.error.actor.loadLink': loadCall,
    'xstate.done.actor.resetPassword': saveCall,
    'xstate.error.actor.resetPassword': saveCall,
  },
  states: {
    'resetPassword.loading': async (ui) => {
      await expect(ui.page.getByText('Checking your link')).toBeVisible();
    },
    'resetPassword.unavailable': async (ui) => {
      await expect(ui.page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'resetPassword.notFound': refusedCheck(NOT_FOUND),
    'resetPassword.refused': async (ui, state) => refusedCheck(ctx(state).refusal === 'expired' ? EXPIRED : USED)(ui),
    'resetPassword.ready': async (ui, state) => {
      const { password, confirm, errors, error } = ctx(state);
      await expect(ui.page.getByText(`For ${ui.email}.`, { exact: false })).toBeVisible();
      await expect(passwordField(ui)).toHaveValue(password);
      await expect(confirmField(ui)).toHaveValue(confirm);
      for (const words of [TOO_SHORT, TOO_COMMON, DIFFER]) {
        const shown = errors.password === words || errors.confirm === words;
        if (shown) await expect(ui.page.getByText(words, { exact: true })).toBeVisible();
      }
      if (error) {
        expect([TOO_COMMON, SAVE_FAILED]).toContain(error);
        await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
      }
      await expect(saveButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'resetPassword.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'resetPassword.done': async (ui) => {
      // Signed in with the new password's session: home opens the workspace.
      await expect(ui.page).toHaveURL(/\/workspace\//, { timeout: 20_000 });
      const signIn = await ui.page.request.post('/api/auth/sign-in', {
        data: { email: ui.email, password: 'violet-harbour-42' },
      });
      expect(signIn.status()).toBe(200);
    },
  },
  timeout: 90_000,
};
