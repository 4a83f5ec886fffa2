/**
 * The e-mail change link's table (src/machines/confirm-email/confirm-email.machine.ts, /confirm-email/{token}): each
 * test has an account of its own that asked (through the API) to move to a new address of its own; the link is read
 * from the test-only outbox. The real server answers the link (a used one is confirmed through the API first; an
 * unknown one is made up); a crash is answered through a Playwright route. The plain path opens the link signed out;
 * the path through a crash opens it signed in, and the account page then shows the new address.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  confirmEmailMachine,
  type ConfirmEmailContext,
} from '../../../src/machines/confirm-email/confirm-email.machine';
import { ApiError } from '../../../src/services/http';
import { emailChangeTokenFor, OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { uniqueEmail } from '../pages/demo';
import { outboxFor } from '../pages/mailbox';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface ConfirmUi extends Ui {
  email: string;
  newEmail: string;
  token: string;
  /** Whether the page is open signed in (as the account itself). */
  signedIn: boolean;
}

const USED = 'This link has already been used. Ask for a new one if you still need it.';
const NOT_FOUND = 'This link is not valid. Check the link in your email, or ask for a new one.';
const failed = (status: number, message: string, code: string) => ({
  type: 'xstate.error.actor.confirmEmail',
  error: new ApiError(status, message, code),
  actorId: 'confirmEmail',
});
const E = {
  retry: { type: 'RETRY' },
  confirmed: doneEvent('confirmEmail', { success: true, email: 'symbolic' }),
  used: failed(410, USED, 'link_used'),
  unknown: failed(404, NOT_FOUND, 'not_found'),
  crashed: crashEvent('confirmEmail'),
};
const ctx = (state: AnyMachineSnapshot) => state.context as ConfirmEmailContext;
const codeOf = (event: EventObject) => ((event as { error?: unknown }).error as ApiError | undefined)?.code;
const isCrash = (event: EventObject) =>
  event.type.startsWith('xstate.error.') && !((event as { error?: unknown }).error instanceof ApiError);
const confirmCall = outcome<ConfirmUi>(
  { method: 'POST', url: /\/api\/auth\/confirm-email\/[^/]+$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) =>
    isCrash(event) ? 'confirm 500' : event.type.startsWith('xstate.done.') ? 'confirm ✓' : `confirm ${codeOf(event)}`,
);
const open = async (ui: ConfirmUi) => {
  await ui.page.goto(`/confirm-email/${ui.token}`);
};
const input = { token: 'paths' };

export const confirmEmailTable: FlowTable<ConfirmUi> = {
  flow: 'confirm-email',
  machine: confirmEmailMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).error]),
  async setup(page, events) {
    const email = await ownAccount(page.request);
    const signIn = await page.request.post('/api/auth/sign-in', { data: { email, password: OWN_PASSWORD } });
    const session = ((await signIn.json()) as { token: string }).token;
    const newEmail = uniqueEmail('confirm-email');
    const signedIn = events.some(isCrash);
    const ui: ConfirmUi = { page, email, newEmail, token: 'x'.repeat(43), signedIn };
    if (!events.some((e) => codeOf(e) === 'not_found'))
      ui.token = await emailChangeTokenFor(page.request, session, newEmail);
    if (events.some((e) => codeOf(e) === 'link_used')) {
      const res = await page.request.post(`/api/auth/confirm-email/${ui.token}`);
      expect(res.status(), 'the link used once already').toBe(200);
    }
    if (signedIn) await signInByApi(page, email, OWN_PASSWORD);
    return ui;
  },
  traversals: [
    { name: 'confirmed signed out', kind: 'journey', input, open, events: [E.confirmed] },
    { name: 'used link', kind: 'journey', input, open, events: [E.used] },
    { name: 'unknown link', kind: 'journey', input, open, events: [E.unknown] },
    {
      name: 'unavailable, then confirmed signed in',
      kind: 'journey',
      input,
      open,
      events: [E.crashed, E.retry, E.confirmed],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.confirmEmail': confirmCall,
    'xstate.error.actor.confirmEmail': confirmCall,
  },
  states: {
    'confirmEmail.confirming': async (ui) => {
      await expect(ui.page.getByText('Confirming your new email', { exact: true }).first()).toBeVisible();
    },
    'confirmEmail.done': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Email changed' })).toBeVisible();
      await expect(ui.page.getByText(ui.newEmail, { exact: true })).toBeVisible();
      // The old address was told; the account signs in with the new one.
      await expect
        .poll(async () => (await outboxFor(ui.email)).some((m) => m.body.includes(`to ${ui.newEmail}`)), {
          message: 'the old address was told',
        })
        .toBe(true);
      const signIn = await ui.page.request.post('/api/auth/sign-in', {
        data: { email: ui.newEmail, password: OWN_PASSWORD },
      });
      expect(signIn.status(), 'signing in with the new address').toBe(200);
      if (ui.signedIn) {
        await ui.page.getByRole('link', { name: 'Go to your account' }).click();
        const section = ui.page.getByRole('region', { name: 'Email', exact: true });
        await expect(section.getByText(ui.newEmail, { exact: true })).toBeVisible();
      } else await expect(ui.page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    },
    'confirmEmail.refused': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
      await expect(ui.page.getByText(USED, { exact: true })).toBeVisible();
    },
    'confirmEmail.notFound': async (ui) => {
      await expect(ui.page.getByText(NOT_FOUND, { exact: true })).toBeVisible();
    },
    'confirmEmail.unavailable': async (ui) => {
      await expect(ui.page.getByText('We could not check this link. Please try again.', { exact: true })).toBeVisible();
    },
  },
  timeout: 90_000,
};
