/**
 * The forgot-password flow's table (src/machines/forgot-password/forgot-password.machine.ts, /forgot-password):
 * each event → what a signed-out person does, each state → what the page shows. Every address is new (no account):
 * the answer is the same as for an account, which is the point; the real server answers the sends, a rate limit and a
 * crash are answered through Playwright routes.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  forgotPasswordMachine,
  type ForgotPasswordContext,
  type ForgotPasswordEvent,
} from '../../../src/machines/forgot-password/forgot-password.machine';
import { ApiError } from '../../../src/services/http';
import { uniqueEmail } from '../pages/demo';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface ForgotUi extends Ui {
  /** The test's own address, typed for the symbolic GOOD one. */
  email: string;
}

const GOOD = 'someone@example.com';
const LIMITED = 'Too many requests for this address. Please wait 60 minutes and try again.';
const SEND_FAILED = 'We could not send the link. Please try again.';
const E = {
  bad: { type: 'CHANGE', email: 'not-an-address' },
  good: { type: 'CHANGE', email: GOOD },
  submit: { type: 'SUBMIT' },
  again: { type: 'AGAIN' },
  sent: doneEvent('requestLink', { success: true, delivery: 'sandbox' }),
  limited: {
    type: 'xstate.error.actor.requestLink',
    error: new ApiError(429, LIMITED, 'too_many_requests'),
    actorId: 'requestLink',
  },
  crashed: crashEvent('requestLink'),
};

type Ev<K extends ForgotPasswordEvent['type']> = Extract<ForgotPasswordEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ForgotPasswordContext;
const isLimited = (event: EventObject) => (event as { error?: unknown }).error instanceof ApiError;
const real = (ui: ForgotUi, email: string) => (email === GOOD ? ui.email : email);
const requestCall = outcome<ForgotUi>(
  { method: 'POST', url: /\/api\/auth\/forgot-password$/ },
  (event) =>
    event.type.startsWith('xstate.done.')
      ? answers.server
      : isLimited(event)
        ? { status: 429, json: { success: false, message: LIMITED, code: 'too_many_requests' } }
        : answers.crash,
  (event) => (event.type.startsWith('xstate.done.') ? 'sent ✓' : isLimited(event) ? 'sent 429' : 'sent 500'),
);

const emailField = (ui: ForgotUi) => ui.page.getByLabel('Email', { exact: true });
const sendButton = (ui: ForgotUi) => ui.page.getByRole('button', { name: 'Send reset link' });
const open = async (ui: ForgotUi) => {
  await ui.page.goto('/continue');
  await ui.page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(ui.page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
};

export const forgotPasswordTable: FlowTable<ForgotUi> = {
  flow: 'forgot-password',
  machine: forgotPasswordMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).fieldError !== null, ctx(state).error !== null]),
  async setup(page) {
    return { page, email: uniqueEmail('forgot') };
  },
  traversals: [
    { name: 'ask', kind: 'shortest', input: undefined, open, events: [E.bad, E.good, E.submit, E.sent, E.again] },
    {
      // A malformed address stays here; a rate limit says so in the server's words, a crash in ours; then sent.
      name: 'refusals, then sent',
      kind: 'journey',
      input: undefined,
      open,
      events: [E.bad, E.submit, E.good, E.submit, E.limited, E.submit, E.crashed, E.submit, E.sent, E.again],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => emailField(ui).fill(real(ui, event.email)),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.email}`,
    },
    SUBMIT: { act: (ui) => sendButton(ui).click() },
    AGAIN: { act: (ui) => ui.page.getByRole('button', { name: 'Use another address' }).click() },
    'xstate.done.actor.requestLink': requestCall,
    'xstate.error.actor.requestLink': requestCall,
  },
  states: {
    'forgotPassword.editing': async (ui, state) => {
      const { email, fieldError, error } = ctx(state);
      await expect(emailField(ui)).toHaveValue(real(ui, email));
      if (fieldError) await expect(ui.page.getByText('Enter a valid email address.', { exact: true })).toBeVisible();
      if (error) {
        expect([LIMITED, SEND_FAILED]).toContain(error);
        await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
      } else await expect(ui.page.getByRole('alert')).toHaveCount(0);
      await expect(sendButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'forgotPassword.sending': async (ui) => {
      await expect(sendButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'forgotPassword.sent': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(ui.page.getByText(ui.email, { exact: true })).toBeVisible();
      await expect(
        ui.page.getByText('Sandbox mail: this server keeps messages in its outbox and log instead of sending them.'),
      ).toBeVisible();
    },
  },
  timeout: 60_000,
};
