/**
 * Google sign-in's table (src/machines/google-sign-in/google-sign-in.machine.ts): the button on the sign-in page, and
 * /google-sign-in after the sandbox's consent page (filled in the browser with the identity the path needs: a new
 * address, an account of the test's own, linked or not, with two-factor sign-in or not, or an address Google did not
 * verify). The real server answers; a crash is answered through a Playwright route (the ticket stays unused).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  googleSignInMachine,
  type GoogleSignInContext,
  type GoogleSignInEvent,
} from '../../../src/machines/google-sign-in/google-sign-in.machine';
import { ApiError } from '../../../src/services/http';
import { OWN_PASSWORD, ownAccount, turnOnTwoFactor } from '../pages/account.page';
import { uniqueEmail } from '../pages/demo';
import { outboxFor } from '../pages/mailbox';
import { approveInSandbox, linkGoogleByApi, type GoogleIdentity } from '../pages/google-sign-in.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

interface GoogleUi extends Ui {
  who: GoogleIdentity;
}

const UNVERIFIED =
  'Google has not verified the email address of this Google account, so it cannot be used to sign in to Questboard. Sign in with your password instead.';
const failed = (id: string, status: number, message: string, code: string, fields: string[] = []) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, message, code, fields),
  actorId: id,
});
const ACCOUNT = {
  accountId: 'symbolic',
  firstName: 'Paula',
  lastName: 'Paths',
  workEmail: 'symbolic',
  isTpUser: false,
};
const E = {
  start: { type: 'START' },
  retry: { type: 'RETRY' },
  workspace: { type: 'SUBMIT_WORKSPACE', name: 'Google Paths Studio' },
  noWorkspace: { type: 'SUBMIT_WORKSPACE', name: '' },
  password: { type: 'SUBMIT_PASSWORD', password: OWN_PASSWORD },
  wrong: { type: 'SUBMIT_PASSWORD', password: 'not-my-password' },
  noPassword: { type: 'SUBMIT_PASSWORD', password: '' },
  started: doneEvent('startGoogle', { url: 'symbolic' }),
  startCrashed: crashEvent('startGoogle'),
  signedIn: doneEvent('continueGoogle', { step: 'signedIn', token: 'symbolic', account: ACCOUNT }),
  created: doneEvent('continueGoogle', { step: 'signedIn', token: 'symbolic', account: ACCOUNT, workspaceId: 'x' }),
  needsWorkspace: doneEvent('continueGoogle', { step: 'workspace', email: 'symbolic', name: 'Paula Paths' }),
  needsLink: doneEvent('continueGoogle', { step: 'link', email: 'symbolic' }),
  unverified: failed('continueGoogle', 403, UNVERIFIED, 'google_email_unverified'),
  continueCrashed: crashEvent('continueGoogle'),
  linked: doneEvent('linkGoogle', { step: 'signedIn', token: 'symbolic', account: ACCOUNT }),
  linkedTwoFactor: doneEvent('linkGoogle', { step: 'twoFactor', challengeToken: 'symbolic' }),
  wrongPassword: failed('linkGoogle', 400, 'Your password is not correct.', 'wrong_password', ['password']),
};
type Ev<K extends GoogleSignInEvent['type']> = Extract<GoogleSignInEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as GoogleSignInContext;
const isCrash = (event: EventObject) =>
  event.type.startsWith('xstate.error.') && !((event as { error?: unknown }).error instanceof ApiError);
const call = (url: RegExp, name: string) =>
  outcome<GoogleUi>(
    { method: 'POST', url },
    (event) => (isCrash(event) ? answers.crash : answers.server),
    (event) =>
      isCrash(event)
        ? `${name} 500`
        : event.type.startsWith('xstate.done.')
          ? `${name} → ${(event as { output?: { step?: string } }).output?.step ?? '✓'}`
          : `${name} ${(event as unknown as { error: ApiError }).error.status}`,
  );
const startCall = call(/\/api\/auth\/google\/start$/, 'start');
const continueCall = call(/\/api\/auth\/google\/continue$/, 'continue');
const linkCall = call(/\/api\/auth\/google\/link$/, 'link');
const has = (events: readonly EventObject[], e: EventObject) => events.includes(e);

const googleButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Continue with Google' });
const openSignIn = async (ui: Ui) => {
  await ui.page.goto('/continue');
  await expect(googleButton(ui)).toBeVisible();
};
/** Through the sandbox in the browser, back on /google-sign-in with a ticket. */
const openWithTicket = async (ui: GoogleUi) => {
  await openSignIn(ui);
  await googleButton(ui).click();
  await approveInSandbox(ui.page, ui.who);
  await expect(ui.page).toHaveURL(/\/google-sign-in$/);
};
/** A state that is not the consent's: the callback refuses it and the page says so. */
const openRefused = async (ui: Ui) => {
  await ui.page.goto('/api/auth/google/callback?state=not-a-state');
  await expect(ui.page).toHaveURL(/\/google-sign-in$/);
};
const ticket = { ticket: 'symbolic', error: null };

export const googleSignInTable: FlowTable<GoogleUi> = {
  flow: 'google-sign-in',
  machine: googleSignInMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).error]),
  async setup(page, events) {
    const who: GoogleIdentity = { email: uniqueEmail('google'), name: 'Paula Paths', verified: true };
    if (!has(events, E.needsWorkspace) && !has(events, E.start)) {
      who.email = await ownAccount(page.request);
      if (has(events, E.unverified)) who.verified = false;
      if (has(events, E.linkedTwoFactor)) await turnOnTwoFactor(page.request, who.email);
      if (has(events, E.signedIn)) await linkGoogleByApi(page.request, who.email, OWN_PASSWORD);
    }
    return { page, who };
  },
  traversals: [
    {
      name: 'the button: a failed start, then the sandbox consent page',
      kind: 'journey',
      input: { ticket: null, error: null },
      open: openSignIn,
      events: [E.start, E.startCrashed, E.start, E.started],
    },
    {
      name: 'a new address: the workspace is required, a failed create, then the account',
      kind: 'journey',
      input: ticket,
      open: openWithTicket,
      events: [E.needsWorkspace, E.noWorkspace, E.workspace, E.continueCrashed, E.workspace, E.created],
    },
    {
      name: 'an existing account: the password asked, a wrong one refused, then linked',
      kind: 'journey',
      input: ticket,
      open: openWithTicket,
      events: [E.needsLink, E.noPassword, E.wrong, E.wrongPassword, E.password, E.linked],
    },
    {
      name: 'a linked account: unavailable, then signed in',
      kind: 'journey',
      input: ticket,
      open: openWithTicket,
      events: [E.continueCrashed, E.retry, E.signedIn],
    },
    {
      name: 'an account with two-factor sign-in links, then is asked the code',
      kind: 'journey',
      input: ticket,
      open: openWithTicket,
      events: [E.needsLink, E.password, E.linkedTwoFactor],
    },
    {
      name: 'an address Google did not verify',
      kind: 'journey',
      input: ticket,
      open: openWithTicket,
      events: [E.unverified],
    },
    {
      name: 'a refused callback',
      kind: 'journey',
      input: { ticket: null, error: 'invalid_state' },
      open: openRefused,
      events: [],
    },
  ],
  events: {
    START: { act: (ui) => googleButton(ui).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    SUBMIT_WORKSPACE: {
      act: async (ui, event: Ev<'SUBMIT_WORKSPACE'>) => {
        await ui.page.getByLabel('Workspace name').fill(event.name);
        await ui.page.getByRole('button', { name: 'Create account' }).click();
      },
      label: (event: Ev<'SUBMIT_WORKSPACE'>) => `SUBMIT_WORKSPACE "${event.name}"`,
    },
    SUBMIT_PASSWORD: {
      act: async (ui, event: Ev<'SUBMIT_PASSWORD'>) => {
        await ui.page.getByLabel('Password', { exact: true }).fill(event.password);
        await ui.page.getByRole('button', { name: 'Link and sign in' }).click();
      },
      label: (event: Ev<'SUBMIT_PASSWORD'>) => `SUBMIT_PASSWORD ${event.password ? 'typed' : 'empty'}`,
    },
    'xstate.done.actor.startGoogle': startCall,
    'xstate.error.actor.startGoogle': startCall,
    'xstate.done.actor.continueGoogle': continueCall,
    'xstate.error.actor.continueGoogle': continueCall,
    'xstate.done.actor.linkGoogle': linkCall,
    'xstate.error.actor.linkGoogle': linkCall,
  },
  states: {
    'googleSignIn.entering': TRANSIENT,
    'googleSignIn.answered': TRANSIENT,
    'googleSignIn.idle': async (ui, state) => {
      await expect(googleButton(ui)).not.toHaveAttribute('aria-busy', 'true');
      if (ctx(state).error)
        await expect(ui.page.getByRole('alert').filter({ hasText: ctx(state).error! })).toBeVisible();
    },
    'googleSignIn.starting': async (ui) => {
      await expect(googleButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'googleSignIn.redirecting': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Sign in with Google (Sandbox)' })).toBeVisible();
      await expect(ui.page.getByText(/no Google account is contacted/)).toBeVisible();
    },
    'googleSignIn.continuing': async (ui) => {
      await expect(ui.page.getByText('Signing in with Google', { exact: true }).first()).toBeVisible();
    },
    'googleSignIn.unavailable': async (ui) => {
      await expect(
        ui.page.getByText('We could not finish signing in with Google. Please try again.', { exact: true }),
      ).toBeVisible();
    },
    'googleSignIn.workspace': async (ui, state) => {
      await expect(ui.page.getByRole('heading', { name: 'Create your Questboard account' })).toBeVisible();
      await expect(ui.page.getByText(ui.who.email, { exact: true })).toBeVisible();
      if (ctx(state).error) await expect(ui.page.getByText(ctx(state).error!, { exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Create account' })).not.toHaveAttribute('aria-busy', 'true');
    },
    'googleSignIn.creating': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Create account' })).toHaveAttribute('aria-busy', 'true');
    },
    'googleSignIn.link': async (ui, state) => {
      await expect(ui.page.getByRole('heading', { name: 'Link your Google account' })).toBeVisible();
      if (ctx(state).error) await expect(ui.page.getByText(ctx(state).error!, { exact: true })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Link and sign in' })).not.toHaveAttribute('aria-busy', 'true');
    },
    'googleSignIn.linking': async (ui) => {
      await expect(ui.page.getByRole('button', { name: 'Link and sign in' })).toHaveAttribute('aria-busy', 'true');
    },
    'googleSignIn.refused': async (ui, state) => {
      await expect(ui.page.getByRole('heading', { name: 'Google sign-in did not work' })).toBeVisible();
      await expect(ui.page.getByText(ctx(state).error!, { exact: true })).toBeVisible();
    },
    'googleSignIn.done': async (ui, _state, via) => {
      await expect(ui.page).toHaveURL(/\/workspace\//);
      const me = await ui.page.evaluate(async () => {
        const token = localStorage.getItem('questboard.token') ?? '';
        return (await fetch('/api/account/google', { headers: { Authorization: `Bearer ${token}` } })).status;
      });
      expect(me, 'signed in').toBe(200);
      if (via.type === 'xstate.done.actor.linkGoogle')
        await expect
          .poll(async () => (await outboxFor(ui.who.email)).map((m) => m.subject), { message: 'the link was mailed' })
          .toContain('A Google account was linked to your Questboard account');
    },
    'googleSignIn.codeStep': async (ui) => {
      await expect(ui.page).toHaveURL(/\/continue/);
      await expect(ui.page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      await expect(
        ui.page.getByText('Enter the code from your authenticator app to finish signing in with Google.', {
          exact: true,
        }),
      ).toBeVisible();
    },
  },
  timeout: 120_000,
};
