/**
 * Accepting an invitation (src/machines/accept-invite, src/views/auth/InvitePage.tsx; docs/accounts.md §Invitation
 * states, §Rules and limits invite): each event → what the invited person does on /invite/{token} (or the server's
 * answer to the page's two calls), each state → the page: the join form, its errors, the refusals in words, the
 * joined workspace.
 *
 * Data: every test invites a fresh address to a throwaway workspace of its own (the admin through the API, the link
 * from the test-only outbox); a path that joins with an existing account first gives that address an account in a
 * second throwaway workspace. The page is not signed in. The invite's load and join are the real server's, or
 * routed: a 500, a 404 (unknown link), a refused preview, a 410 while joining.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  acceptInviteMachine,
  type AcceptInviteContext,
  type AcceptInviteEvent,
} from '../../../src/machines/accept-invite/accept-invite.machine';
import { ApiError } from '../../../src/services/http';
import { invitePreview, joinResponse } from '../../fixtures/team';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../pages/sign-in.page';
import { appsPath, uniqueEmail } from '../pages/demo';
import { throwawayWorkspace } from '../pages/apps.page';
import { acceptInviteByApi, inviteByApi } from '../pages/invite.page';
import { inviteLinkFor, outboxFor } from '../pages/mailbox';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

// docs/accounts.md and the contract's words, verbatim.
const NOT_FOUND =
  'This invitation link is not valid. Check the link in your email, or ask your workspace admin for a new invite.';
const UNAVAILABLE = 'We could not load this invitation. Please try again.';
const JOIN_FAILED = 'We could not add you to the workspace. Please try again.';
const EXPIRED = 'This invitation has expired. Ask your workspace admin to resend it.';
const WRONG_PASSWORD = 'This email already has a Questboard account. Enter its password to join.';
const EXISTING_PASSWORD = 'existing-paths-1';

interface InviteUi extends Ui {
  link: string;
  email: string;
  workspaceId: string;
  workspaceName: string;
}

type Ev<K extends AcceptInviteEvent['type']> = Extract<AcceptInviteEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as AcceptInviteContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const errorOf = (event: EventObject) => (event as EventObject & { error: unknown }).error;

const E = {
  loaded: doneEvent('loadInvite', invitePreview('pending')),
  loadedExisting: doneEvent('loadInvite', invitePreview('pending', true)),
  loadedExpired: doneEvent('loadInvite', invitePreview('expired')),
  unknown: { type: 'xstate.error.actor.loadInvite', error: new ApiError(404, 'Not found.', 'not_found') },
  loadCrashed: crashEvent('loadInvite'),
  retry: { type: 'RETRY' },
  submit: { type: 'SUBMIT' },
  firstName: { type: 'CHANGE', field: 'firstName', value: 'Path' },
  lastName: { type: 'CHANGE', field: 'lastName', value: 'Invitee' },
  passwordShort: { type: 'CHANGE', field: 'password', value: 'short' },
  password: { type: 'CHANGE', field: 'password', value: 'paths-invitee-1' },
  wrongPassword: { type: 'CHANGE', field: 'password', value: 'not-the-password' },
  existingPassword: { type: 'CHANGE', field: 'password', value: EXISTING_PASSWORD },
  joined: doneEvent('acceptInvite', joinResponse),
  joinCrashed: crashEvent('acceptInvite'),
  joinRefusedPassword: {
    type: 'xstate.error.actor.acceptInvite',
    error: new ApiError(401, WRONG_PASSWORD, 'invalid_credentials'),
  },
  expiredMeanwhile: {
    type: 'xstate.error.actor.acceptInvite',
    error: new ApiError(410, EXPIRED, 'invite_expired'),
  },
};

const statusOf = (event: EventObject) => {
  const error = errorOf(event);
  return error instanceof ApiError ? error.status : 500;
};
const loadCall = outcome<InviteUi>(
  { method: 'GET', url: /\/api\/invite\/[^/]+$/ },
  (event) => {
    if (isCrash(event)) {
      if (statusOf(event) === 404)
        return { status: 404, json: { success: false, message: 'Not found.', code: 'not_found' } };
      return answers.crash;
    }
    const preview = (event as EventObject & { output: { state: string } }).output;
    // A refused preview is routed (the real one would need the invite used up first); a pending one is real.
    return preview.state === 'pending' ? answers.server : { status: 200, json: preview };
  },
  (event) => {
    if (isCrash(event)) return statusOf(event) === 404 ? 'load 404' : 'load 500';
    const preview = (event as EventObject & { output: { state: string; hasAccount: boolean } }).output;
    return preview.state !== 'pending'
      ? `load (${preview.state})`
      : preview.hasAccount
        ? 'load (has account)'
        : 'load ✓';
  },
);
const joinCall = outcome<InviteUi>(
  { method: 'POST', url: /\/api\/invite\/[^/]+\/accept$/ },
  (event) => {
    if (!isCrash(event)) return answers.server;
    const status = statusOf(event);
    if (status === 410) return { status, json: { success: false, message: EXPIRED, code: 'invite_expired' } };
    // The wrong password is the real server's refusal.
    return status === 401 ? answers.server : answers.crash;
  },
  (event) => (isCrash(event) ? `join ${statusOf(event)}` : 'join ✓'),
);

const LABELS = { firstName: 'First name', lastName: 'Last name', password: 'Password' } as const;
const field = (ui: InviteUi, name: keyof typeof LABELS) => ui.page.getByLabel(LABELS[name], { exact: true });
const joinButton = (ui: InviteUi) => ui.page.getByRole('button', { name: 'Join', exact: true });

/** The admin's session for the API (the page itself stays signed out): one per worker. */
let adminToken: string | null = null;
async function admin(request: APIRequestContext) {
  if (adminToken) return adminToken;
  const res = await request.post('/api/auth/sign-in', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(res.status(), 'the admin signs in through the API').toBe(200);
  adminToken = ((await res.json()) as { token: string }).token;
  return adminToken;
}

async function form(ui: InviteUi, state: AnyMachineSnapshot, via: EventObject, existing: boolean) {
  const c = ctx(state);
  // A crash while joining: our words, literally.
  if (via.type === 'xstate.error.actor.acceptInvite' && statusOf(via) === 500)
    await expect(ui.page.getByText(JOIN_FAILED, { exact: true })).toBeVisible();
  await expect(ui.page.getByRole('heading', { name: `Join ${ui.workspaceName}`, exact: true })).toBeVisible();
  await expect(ui.page.getByLabel('Email', { exact: true })).toHaveValue(ui.email);
  if (existing) {
    // The invitation e-mail says who invited the address, to which workspace, with which role.
    const mail = (await outboxFor(ui.email)).at(-1)!;
    expect(mail.subject).toBe(`Ada Admin invited you to ${ui.workspaceName} on Questboard`);
    expect(mail.body).toContain(
      `Ada Admin (${DEMO_ACCOUNTS.admin}) invited you to join ${ui.workspaceName} on Questboard as Editor.`,
    );
    await expect(
      ui.page.getByText(
        `${ui.email} already has a Questboard account. Enter its password to join ${ui.workspaceName}.`,
      ),
    ).toBeVisible();
    await expect(field(ui, 'firstName')).toHaveCount(0);
  } else {
    await expect(field(ui, 'firstName')).toHaveValue(c.firstName);
    await expect(field(ui, 'lastName')).toHaveValue(c.lastName);
  }
  await expect(field(ui, 'password')).toHaveValue(c.password);
  for (const message of Object.values(c.errors))
    await expect(ui.page.getByText(message, { exact: true })).toBeVisible();
  if (!c.errors.password) await expect(field(ui, 'password')).not.toHaveAttribute('aria-invalid', 'true');
  if (c.error) await expect(ui.page.getByText(c.error, { exact: true })).toBeVisible();
  await expect(joinButton(ui)).toBeEnabled();
}

async function refusedPage(ui: InviteUi, title: string, message: string, retry: boolean) {
  await expect(ui.page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(ui.page.getByText(message, { exact: true })).toBeVisible();
  await expect(ui.page.getByRole('button', { name: 'Try again' })).toHaveCount(retry ? 1 : 0);
  await expect(ui.page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
}

export const acceptInviteTable: FlowTable<InviteUi> = {
  flow: 'accept-invite',
  machine: acceptInviteMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page, events) {
    const token = await admin(page.request);
    const email = uniqueEmail('paths-join');
    const workspace = await throwawayWorkspace(page.request, token);
    if (
      events.some(
        (event) =>
          event.type === 'xstate.done.actor.loadInvite' &&
          (event as EventObject & { output: { hasAccount: boolean } }).output.hasAccount,
      )
    ) {
      // The address gets an account first (a member of another workspace).
      const first = await throwawayWorkspace(page.request, token);
      await inviteByApi(page.request, token, first.id, email, 'viewer');
      await acceptInviteByApi(page.request, await inviteLinkFor(email), {
        firstName: 'Path',
        lastName: 'Existing',
        password: EXISTING_PASSWORD,
      });
    }
    await inviteByApi(page.request, token, workspace.id, email, 'editor');
    return { page, link: await inviteLinkFor(email), email, workspaceId: workspace.id, workspaceName: workspace.name };
  },
  traversals: [
    {
      // The link's other fates: unknown (404), refused (an expired preview).
      name: 'link refused',
      kind: 'shortest',
      input: { token: 'token' },
      open: (ui) => ui.page.goto(ui.link).then(() => undefined),
      events: [E.unknown, E.loadedExpired],
    },
    {
      // It cannot load, Try again loads it; the form's rules in words; a crash keeps every field; the invite
      // expires meanwhile.
      name: 'new account',
      kind: 'journey',
      input: { token: 'token' },
      open: (ui) => ui.page.goto(ui.link).then(() => undefined),
      events: [
        E.loadCrashed,
        E.retry,
        E.loaded,
        E.submit,
        E.firstName,
        E.lastName,
        E.passwordShort,
        E.password,
        E.submit,
        E.joinCrashed,
        E.submit,
        E.expiredMeanwhile,
      ],
    },
    {
      // An address with an account confirms with its password alone: required, refused when wrong, then it joins
      // and lands in the workspace.
      name: 'existing account',
      kind: 'journey',
      input: { token: 'token' },
      open: (ui) => ui.page.goto(ui.link).then(() => undefined),
      events: [
        E.loadedExisting,
        E.submit,
        E.wrongPassword,
        E.submit,
        E.joinRefusedPassword,
        E.existingPassword,
        E.submit,
        E.joined,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    SUBMIT: { act: (ui) => joinButton(ui).click() },
    CHANGE: {
      act: (ui, event: Ev<'CHANGE'>) => field(ui, event.field).fill(event.value),
      label: (event: Ev<'CHANGE'>) => `${LABELS[event.field]} '${event.value}'`,
    },
    'xstate.done.actor.loadInvite': loadCall,
    'xstate.error.actor.loadInvite': loadCall,
    'xstate.done.actor.acceptInvite': joinCall,
    'xstate.error.actor.acceptInvite': joinCall,
  },
  states: {
    'acceptInvite.loading': async (ui) => {
      await expect(ui.page.getByText('Checking your invitation', { exact: true })).toBeVisible();
    },
    'acceptInvite.unavailable': (ui) => refusedPage(ui, 'Invitation unavailable', UNAVAILABLE, true),
    'acceptInvite.notFound': (ui) => refusedPage(ui, 'Invitation not found', NOT_FOUND, false),
    'acceptInvite.refused': (ui) => refusedPage(ui, 'This invitation has expired', EXPIRED, false),
    'acceptInvite.ready.branching': TRANSIENT,
    'acceptInvite.ready.newAccount': (ui, state, via) => form(ui, state, via, false),
    'acceptInvite.ready.existingAccount': (ui, state, via) => form(ui, state, via, true),
    'acceptInvite.joining': async (ui) => {
      await expect(joinButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'acceptInvite.joined': async (ui) => {
      await expect(ui.page).toHaveURL(appsPath(ui.workspaceId));
      await expect(ui.page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
    },
  },
  timeout: 60_000,
};
