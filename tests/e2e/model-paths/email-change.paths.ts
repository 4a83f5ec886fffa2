/**
 * The account page's e-mail change (src/machines/email-change/email-change.machine.ts, /account): each test signs in
 * as an account of its own. The real server loads the pending change (one asked through the API first where a path
 * starts pending), refuses a wrong password, mails the link (read from the test-only outbox) and cancels; crashes are
 * answered through Playwright routes. The link itself is the confirm-email table's.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  emailChangeMachine,
  type EmailChangeContext,
  type EmailChangeEvent,
} from '../../../src/machines/email-change/email-change.machine';
import { ApiError } from '../../../src/services/http';
import { emailChangeTokenFor, OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { uniqueEmail } from '../pages/demo';
import { outboxFor } from '../pages/mailbox';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface EmailUi extends Ui {
  /** The account's own address. */
  email: string;
  /** The new address of this test, typed for the symbolic one. */
  newEmail: string;
  /** The page's session token (for an API read next to the UI). */
  session: string;
}

/** Symbolic addresses: the test's new one, and its own (typed in capitals). */
const NEW = 'paula@newstudio.dev';
const OWN = 'own@demostudio.dev';
const PENDING = { email: NEW, expiresAt: '2026-01-01T10:00:00.000Z' };
const WRONG = 'Your current password is not correct.';
const E = {
  edit: { type: 'EDIT' },
  email: { type: 'CHANGE', field: 'email', value: NEW },
  sameEmail: { type: 'CHANGE', field: 'email', value: OWN },
  wrongPassword: { type: 'CHANGE', field: 'password', value: 'not-my-password' },
  password: { type: 'CHANGE', field: 'password', value: OWN_PASSWORD },
  submit: { type: 'SUBMIT' },
  cancel: { type: 'CANCEL' },
  cancelChange: { type: 'CANCEL_CHANGE' },
  retry: { type: 'RETRY' },
  none: doneEvent('loadEmailChange', { pending: null }),
  waiting: doneEvent('loadEmailChange', { pending: PENDING }),
  loadCrashed: crashEvent('loadEmailChange'),
  sent: doneEvent('requestChange', { success: true, delivery: 'sandbox', pending: PENDING }),
  wrong: {
    type: 'xstate.error.actor.requestChange',
    error: new ApiError(400, WRONG, 'wrong_password', ['password']),
    actorId: 'requestChange',
  },
  crashed: crashEvent('requestChange'),
  cancelled: doneEvent('cancelChange', { success: true }),
  cancelCrashed: crashEvent('cancelChange'),
};
type Ev<K extends EmailChangeEvent['type']> = Extract<EmailChangeEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as EmailChangeContext;
const isCrash = (event: EventObject) =>
  event.type.startsWith('xstate.error.') && !((event as { error?: unknown }).error instanceof ApiError);
const call = (method: string, url: RegExp, name: string) =>
  outcome<EmailUi>(
    { method, url },
    (event) => (isCrash(event) ? answers.crash : answers.server),
    (event) => (isCrash(event) ? `${name} 500` : event.type.startsWith('xstate.done.') ? `${name} ✓` : `${name} 400`),
  );
const loadCall = call('GET', /\/api\/account\/email$/, 'load');
const requestCall = call('POST', /\/api\/account\/email$/, 'send');
const cancelCall = call('POST', /\/api\/account\/email\/cancel$/, 'cancel');

const real = (ui: EmailUi, value: string) =>
  value === NEW ? ui.newEmail : value === OWN ? ui.email.toUpperCase() : value;
const section = (ui: Ui) => ui.page.getByRole('region', { name: 'Email', exact: true });
const emailField = (ui: Ui) => section(ui).getByLabel('New email', { exact: true });
const passwordField = (ui: Ui) => section(ui).getByLabel('Your password', { exact: true });
const sendButton = (ui: Ui) => section(ui).getByRole('button', { name: 'Send confirmation link' });
const open = async (ui: Ui) => {
  await ui.page.goto('/account');
  await expect(ui.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
};

export const emailChangeTable: FlowTable<EmailUi> = {
  flow: 'email-change',
  machine: emailChangeMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error !== null]),
  async setup(page, events) {
    const email = await ownAccount(page.request);
    const session = await signInByApi(page, email, OWN_PASSWORD);
    const ui = { page, email, session, newEmail: uniqueEmail('new-email') };
    if (events.includes(E.waiting)) await emailChangeTokenFor(page.request, session, ui.newEmail);
    return ui;
  },
  traversals: [
    {
      // Closed once; the rules before any call; a wrong password (the real server); a crash; sent; again; cancelled.
      name: 'refusals, then sent and cancelled',
      kind: 'journey',
      input: { currentEmail: OWN },
      open,
      events: [
        E.none,
        E.edit,
        E.cancel,
        E.edit,
        E.submit,
        E.sameEmail,
        E.wrongPassword,
        E.submit,
        E.email,
        E.submit,
        E.wrong,
        E.password,
        E.submit,
        E.crashed,
        E.submit,
        E.sent,
        E.edit,
        E.cancel,
        E.cancelChange,
        E.cancelled,
      ],
    },
    {
      name: 'unavailable, then a pending change; a cancel that failed',
      kind: 'journey',
      input: { currentEmail: OWN },
      open,
      events: [E.loadCrashed, E.retry, E.waiting, E.cancelChange, E.cancelCrashed, E.edit, E.cancel],
    },
  ],
  events: {
    EDIT: {
      act: (ui, _event, before) =>
        section(ui)
          .getByRole('button', { name: before.matches('pending') ? 'Send again' : 'Change email' })
          .click(),
    },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) =>
        (event.field === 'email' ? emailField(ui) : passwordField(ui)).fill(real(ui as EmailUi, event.value)),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => sendButton(ui).click() },
    CANCEL: { act: (ui) => section(ui).getByRole('button', { name: 'Cancel', exact: true }).click() },
    CANCEL_CHANGE: { act: (ui) => section(ui).getByRole('button', { name: 'Cancel change' }).click() },
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.loadEmailChange': loadCall,
    'xstate.error.actor.loadEmailChange': loadCall,
    'xstate.done.actor.requestChange': requestCall,
    'xstate.error.actor.requestChange': requestCall,
    'xstate.done.actor.cancelChange': cancelCall,
    'xstate.error.actor.cancelChange': cancelCall,
  },
  states: {
    'emailChange.loading': async (ui) => {
      await expect(section(ui).getByRole('status', { name: 'Loading your email' })).toBeVisible();
    },
    'emailChange.unavailable': async (ui) => {
      await expect(
        section(ui).getByText('We could not load your email change. Please try again.', { exact: true }),
      ).toBeVisible();
    },
    'emailChange.idle': async (ui, _state, via) => {
      await expect(section(ui).getByText(ui.email, { exact: true })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Change email' })).toBeVisible();
      if (via.type === 'xstate.done.actor.cancelChange') {
        await expect(ui.page.getByText('The email change was cancelled.', { exact: true })).toBeVisible();
        const status = await ui.page.request.get('/api/account/email', {
          headers: { Authorization: `Bearer ${ui.session}` },
        });
        expect(await status.json(), 'nothing is pending any more').toEqual({ pending: null });
      }
    },
    'emailChange.editing': async (ui, state) => {
      const c = ctx(state);
      await expect(emailField(ui)).toHaveValue(real(ui, c.email));
      await expect(passwordField(ui)).toHaveValue(c.password);
      for (const words of Object.values(c.errors).filter(Boolean))
        await expect(section(ui).getByText(words!, { exact: true })).toBeVisible();
      if (c.error)
        await expect(
          section(ui).getByRole('alert').filter({ hasText: 'We could not send the link. Please try again.' }),
        ).toBeVisible();
      await expect(sendButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'emailChange.sending': async (ui) => {
      await expect(sendButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'emailChange.pending': async (ui, state, via) => {
      await expect(section(ui).getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
      await expect(section(ui).getByText(ui.newEmail, { exact: true })).toBeVisible();
      // The account keeps its address until the link is used.
      await expect(section(ui).getByText(ui.email, { exact: true })).toBeVisible();
      if (via.type === 'xstate.done.actor.requestChange') {
        await expect(
          section(ui).getByText(
            'Sandbox mail: this server keeps messages in its outbox and log instead of sending them.',
          ),
        ).toBeVisible();
        const mail = (await outboxFor(ui.newEmail)).at(-1);
        expect(mail?.body, 'the link was mailed to the new address').toMatch(/\/confirm-email\/[A-Za-z0-9_-]{43}/);
      }
      if (ctx(state).error)
        await expect(
          section(ui).getByRole('alert').filter({ hasText: 'We could not cancel the change. Please try again.' }),
        ).toBeVisible();
    },
    'emailChange.cancelling': async (ui) => {
      await expect(section(ui).getByRole('button', { name: 'Cancel change' })).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
