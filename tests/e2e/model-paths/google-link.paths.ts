/**
 * The account page's Google sign-in table (src/machines/google-link/google-link.machine.ts, /account): each test signs
 * in as an account of its own, linked to its sandbox Google account through the API when the path unlinks. The real
 * server answers; a crash is answered through a Playwright route.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { googleLinkMachine, type GoogleLinkContext } from '../../../src/machines/google-link/google-link.machine';
import { OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { linkGoogleByApi } from '../pages/google-sign-in.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type FlowTable, type Ui } from './driver';

interface GoogleLinkUi extends Ui {
  email: string;
}

const E = {
  unlink: { type: 'UNLINK' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
  retry: { type: 'RETRY' },
  linked: doneEvent('loadGoogleLink', { linked: { email: 'symbolic', linkedAt: 'symbolic' } }),
  notLinked: doneEvent('loadGoogleLink', { linked: null }),
  loadCrashed: crashEvent('loadGoogleLink'),
  unlinked: doneEvent('unlinkGoogle', { linked: null }),
  unlinkCrashed: crashEvent('unlinkGoogle'),
};
const ctx = (state: AnyMachineSnapshot) => state.context as GoogleLinkContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const call = (method: string, url: RegExp, name: string) =>
  outcome<GoogleLinkUi>(
    { method, url },
    (event) => (isCrash(event) ? answers.crash : answers.server),
    (event) => (isCrash(event) ? `${name} 500` : `${name} ✓`),
  );
const loadCall = call('GET', /\/api\/account\/google$/, 'load');
const unlinkCall = call('POST', /\/api\/account\/google\/unlink$/, 'unlink');
const section = (ui: Ui) => ui.page.getByRole('region', { name: 'Google sign-in' });
const open = async (ui: Ui) => {
  await ui.page.goto('/account');
  await expect(ui.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
};

export const googleLinkTable: FlowTable<GoogleLinkUi> = {
  flow: 'google-link',
  machine: googleLinkMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).error]),
  async setup(page, events) {
    const email = await ownAccount(page.request);
    if (events.includes(E.linked)) await linkGoogleByApi(page.request, email, OWN_PASSWORD);
    await signInByApi(page, email, OWN_PASSWORD);
    return { page, email };
  },
  traversals: [
    {
      name: 'linked: cancel, a failed unlink, then unlinked',
      kind: 'journey',
      input: undefined,
      open,
      events: [E.linked, E.unlink, E.cancel, E.unlink, E.confirm, E.unlinkCrashed, E.unlink, E.confirm, E.unlinked],
    },
    {
      name: 'unavailable, then not linked',
      kind: 'journey',
      input: undefined,
      open,
      events: [E.loadCrashed, E.retry, E.notLinked],
    },
  ],
  events: {
    UNLINK: { act: (ui) => section(ui).getByRole('button', { name: 'Unlink', exact: true }).click() },
    CONFIRM: { act: (ui) => section(ui).getByRole('button', { name: 'Unlink Google' }).click() },
    CANCEL: { act: (ui) => section(ui).getByRole('button', { name: 'Cancel' }).click() },
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again' }).click() },
    'xstate.done.actor.loadGoogleLink': loadCall,
    'xstate.error.actor.loadGoogleLink': loadCall,
    'xstate.done.actor.unlinkGoogle': unlinkCall,
    'xstate.error.actor.unlinkGoogle': unlinkCall,
  },
  states: {
    'googleLink.loaded': TRANSIENT,
    'googleLink.loading': async (ui) => {
      await expect(section(ui).getByRole('status', { name: 'Loading your Google sign-in' })).toBeVisible();
    },
    'googleLink.loadFailed': async (ui) => {
      await expect(
        section(ui).getByText('We could not load your Google sign-in. Please try again.', { exact: true }),
      ).toBeVisible();
    },
    'googleLink.notLinked': async (ui, _state, via) => {
      await expect(section(ui).getByText(/^No Google account is linked\./)).toBeVisible();
      if (via.type === 'xstate.done.actor.unlinkGoogle') {
        await expect(ui.page.getByText('Google sign-in was unlinked.', { exact: true })).toBeVisible();
        // The password still signs in.
        const res = await ui.page.request.post('/api/auth/sign-in', {
          data: { email: ui.email, password: OWN_PASSWORD },
        });
        expect(res.status()).toBe(200);
      }
    },
    'googleLink.linked': async (ui, state) => {
      await expect(section(ui).getByText(`Google: linked as ${ui.email}`, { exact: true })).toBeVisible();
      if (ctx(state).error) await expect(section(ui).getByText(ctx(state).error!, { exact: true })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Unlink', exact: true })).toBeVisible();
    },
    'googleLink.confirming': async (ui) => {
      await expect(section(ui).getByRole('group', { name: 'Unlink Google' })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Unlink Google' })).not.toHaveAttribute('aria-busy', 'true');
    },
    'googleLink.unlinking': async (ui) => {
      await expect(section(ui).getByRole('button', { name: 'Unlink Google' })).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
