/**
 * The sign-up flow's table (src/machines/sign-up/sign-up.machine.ts, /sign-up and /confirm-sign-up/{token}): each
 * event → what a signed-out person does, each state → what the page shows. Every test signs up an address of its own;
 * the real server answers the sends and confirmations (a used link is confirmed through the API first); invite-only,
 * a rate limit and crashes are answered through Playwright routes (the e2e server has sign-up on).
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { signUpMachine, type SignUpContext, type SignUpEvent } from '../../../src/machines/sign-up/sign-up.machine';
import { ApiError } from '../../../src/services/http';
import { uniqueEmail } from '../pages/demo';
import { outboxFor } from '../pages/mailbox';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

interface SignUpUi extends Ui {
  /** The test's own address, typed for the symbolic one. */
  email: string;
  /** The confirmation link's token mailed to `email` (confirm paths only). */
  token: string;
}

const GOOD = 'nova@newstudio.dev';
const PASSWORD = 'violet-harbour-42';
const CLOSED = 'Sign-up is turned off on this server. Ask a workspace admin to invite you.';
const LIMITED = 'Too many requests for this address. Please wait 60 minutes and try again.';
const USED = 'This link has already been used. Ask for a new one if you still need it.';
const NOT_FOUND = 'This link is not valid. Check the link in your email, or ask for a new one.';
const apiError = (id: string, status: number, message: string, code: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, message, code),
  actorId: id,
});
const E = {
  first: { type: 'CHANGE', field: 'firstName', value: 'Nova' },
  last: { type: 'CHANGE', field: 'lastName', value: 'Ray' },
  badEmail: { type: 'CHANGE', field: 'email', value: 'nova' },
  email: { type: 'CHANGE', field: 'email', value: GOOD },
  common: { type: 'CHANGE', field: 'password', value: 'Password123' },
  password: { type: 'CHANGE', field: 'password', value: PASSWORD },
  workspace: { type: 'CHANGE', field: 'workspaceName', value: 'Nova Games' },
  submit: { type: 'SUBMIT' },
  again: { type: 'AGAIN' },
  retry: { type: 'RETRY' },
  open: doneEvent('loadStatus', { open: true }),
  shut: doneEvent('loadStatus', { open: false }),
  statusCrashed: crashEvent('loadStatus'),
  sent: doneEvent('requestSignUp', { success: true, delivery: 'sandbox' }),
  closed: apiError('requestSignUp', 403, CLOSED, 'sign_up_closed'),
  limited: apiError('requestSignUp', 429, LIMITED, 'too_many_requests'),
  crashed: crashEvent('requestSignUp'),
  confirmed: doneEvent('confirmSignUp', { token: 'symbolic', account: {}, workspaceId: 'symbolic' }),
  used: apiError('confirmSignUp', 410, USED, 'link_used'),
  unknown: apiError('confirmSignUp', 404, NOT_FOUND, 'not_found'),
  confirmCrashed: crashEvent('confirmSignUp'),
};

type Ev<K extends SignUpEvent['type']> = Extract<SignUpEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as SignUpContext;
const apiErrorOf = (event: EventObject) => (event as { error?: unknown }).error;
const isShut = (event: EventObject) => (event as { output?: { open?: boolean } }).output?.open === false;
const isCrash = (event: EventObject) =>
  event.type.startsWith('xstate.error.') && !(apiErrorOf(event) instanceof ApiError);
/** The real server answers what it would answer; the rest through a route. */
const statusCall = outcome<SignUpUi>(
  { method: 'GET', url: /\/api\/auth\/sign-up$/ },
  (event) =>
    isShut(event)
      ? { status: 200, json: { open: false } }
      : event.type.startsWith('xstate.done.')
        ? answers.server
        : answers.crash,
  (event) => (isShut(event) ? 'status closed' : event.type.startsWith('xstate.done.') ? 'status ✓' : 'status 500'),
);
const requestCall = outcome<SignUpUi>(
  { method: 'POST', url: /\/api\/auth\/sign-up$/ },
  (event) => {
    const error = apiErrorOf(event);
    if (error instanceof ApiError)
      return { status: error.status, json: { success: false, message: error.message, code: error.code } };
    return event.type.startsWith('xstate.done.') ? answers.server : answers.crash;
  },
  (event) => {
    const error = apiErrorOf(event);
    return error instanceof ApiError
      ? `send ${error.status}`
      : event.type.startsWith('xstate.done.')
        ? 'sent ✓'
        : 'send 500';
  },
);
const confirmCall = outcome<SignUpUi>(
  { method: 'POST', url: /\/api\/auth\/confirm-sign-up\/[^/]+$/ },
  (event) => (isCrash(event) ? answers.crash : answers.server),
  (event) =>
    isCrash(event)
      ? 'confirm 500'
      : event.type.startsWith('xstate.done.')
        ? 'confirm ✓'
        : `confirm ${(apiErrorOf(event) as ApiError).status}`,
);

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work email',
  password: 'Password',
  workspaceName: 'Workspace name',
} as const;
const field = (ui: Ui, name: keyof typeof LABELS) => ui.page.getByLabel(LABELS[name], { exact: true });
const createButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Create account' });
const real = (ui: SignUpUi, field: keyof typeof LABELS, value: string) =>
  field === 'email' && value === GOOD ? ui.email : value;
const openAsking = async (ui: SignUpUi) => {
  await ui.page.goto('/continue');
  await ui.page.getByRole('link', { name: 'Create an account' }).click();
};
const openLink = async (ui: SignUpUi) => {
  await ui.page.goto(`/confirm-sign-up/${ui.token}`);
};

async function askByApi(ui: SignUpUi) {
  const res = await ui.page.request.post('/api/auth/sign-up', {
    data: { firstName: 'Nova', lastName: 'Ray', email: ui.email, password: PASSWORD, workspaceName: 'Nova Games' },
  });
  expect(res.status(), 'asking for an account').toBe(200);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const links = (await outboxFor(ui.email)).map((m) => /\/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
        token = links.filter(Boolean).at(-1);
        return token;
      },
      { message: `a confirmation link to ${ui.email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return token!;
}

export const signUpTable: FlowTable<SignUpUi> = {
  flow: 'sign-up',
  machine: signUpMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).errors, ctx(state).error]),
  async setup(page, events) {
    const ui: SignUpUi = { page, email: uniqueEmail('sign-up'), token: 'x'.repeat(43) };
    const errorOf = (code: string) => events.some((e) => (apiErrorOf(e) as ApiError | undefined)?.code === code);
    const confirms = events.some((e) => e.type.endsWith('.confirmSignUp'));
    if (confirms && !errorOf('not_found')) ui.token = await askByApi(ui);
    if (errorOf('link_used')) {
      const res = await page.request.post(`/api/auth/confirm-sign-up/${ui.token}`);
      expect(res.status(), 'the link used once already').toBe(200);
    }
    return ui;
  },
  traversals: [
    {
      // The rules before any call; a rate limit in the server's words, a crash in ours; then sent, and again.
      name: 'refusals, then sent',
      kind: 'journey',
      input: { token: null },
      open: openAsking,
      events: [
        E.open,
        E.submit,
        E.first,
        E.last,
        E.badEmail,
        E.common,
        E.workspace,
        E.submit,
        E.email,
        E.password,
        E.submit,
        E.limited,
        E.submit,
        E.crashed,
        E.submit,
        E.sent,
        E.again,
      ],
    },
    { name: 'invite-only', kind: 'journey', input: { token: null }, open: openAsking, events: [E.shut] },
    {
      name: 'closed when sending',
      kind: 'journey',
      input: { token: null },
      open: openAsking,
      events: [E.statusCrashed, E.first, E.last, E.email, E.password, E.workspace, E.submit, E.closed],
    },
    { name: 'confirmed', kind: 'journey', input: { token: 't' }, open: openLink, events: [E.confirmed] },
    { name: 'used link', kind: 'journey', input: { token: 't' }, open: openLink, events: [E.used] },
    { name: 'unknown link', kind: 'journey', input: { token: 't' }, open: openLink, events: [E.unknown] },
    {
      name: 'unavailable, then confirmed',
      kind: 'journey',
      input: { token: 't' },
      open: openLink,
      events: [E.confirmCrashed, E.retry, E.confirmed],
    },
  ],
  events: {
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field).fill(real(ui, event.field, event.value)),
      label: (event: Ev<'CHANGE'>) => `CHANGE ${event.field}=${event.value}`,
    },
    SUBMIT: { act: (ui) => createButton(ui).click() },
    AGAIN: { act: (ui) => ui.page.getByRole('button', { name: 'Use another address' }).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.loadStatus': statusCall,
    'xstate.error.actor.loadStatus': statusCall,
    'xstate.done.actor.requestSignUp': requestCall,
    'xstate.error.actor.requestSignUp': requestCall,
    'xstate.done.actor.confirmSignUp': confirmCall,
    'xstate.error.actor.confirmSignUp': confirmCall,
  },
  states: {
    'signUp.start': TRANSIENT,
    'signUp.checking': async (ui) => {
      await expect(ui.page.getByText('Checking sign-up', { exact: true })).toBeVisible();
    },
    'signUp.closed': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Sign-up is invite-only' })).toBeVisible();
      await expect(ui.page.getByText(CLOSED, { exact: true })).toBeVisible();
    },
    'signUp.editing': async (ui, state) => {
      const c = ctx(state);
      for (const name of Object.keys(LABELS) as Array<keyof typeof LABELS>)
        await expect(field(ui, name)).toHaveValue(real(ui, name, c[name]));
      for (const words of Object.values(c.errors).filter(Boolean))
        await expect(ui.page.getByText(words, { exact: true })).toBeVisible();
      if (c.error) await expect(ui.page.getByRole('alert').filter({ hasText: c.error })).toBeVisible();
      else await expect(ui.page.getByRole('alert')).toHaveCount(0);
      await expect(createButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'signUp.sending': async (ui) => {
      await expect(createButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'signUp.sent': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(ui.page.getByText(ui.email, { exact: true })).toBeVisible();
      await expect(
        ui.page.getByText('Sandbox mail: this server keeps messages in its outbox and log instead of sending them.'),
      ).toBeVisible();
      const mail = (await outboxFor(ui.email)).at(-1);
      expect(mail?.body, 'the confirmation link was mailed').toMatch(/\/confirm-sign-up\/[A-Za-z0-9_-]{43}/);
    },
    'signUp.confirming': async (ui) => {
      await expect(ui.page.getByText('Creating your account', { exact: true }).first()).toBeVisible();
    },
    'signUp.done': async (ui) => {
      await expect(ui.page).toHaveURL(/\/workspace\/[^/]+\/apps$/);
      await expect(ui.page.getByText('Nova Games').first()).toBeVisible();
    },
    'signUp.refused': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
      await expect(ui.page.getByText(USED, { exact: true })).toBeVisible();
    },
    'signUp.notFound': async (ui) => {
      await expect(ui.page.getByText(NOT_FOUND, { exact: true })).toBeVisible();
    },
    'signUp.unavailable': async (ui) => {
      await expect(ui.page.getByText('We could not check this link. Please try again.', { exact: true })).toBeVisible();
    },
  },
  timeout: 90_000,
};
