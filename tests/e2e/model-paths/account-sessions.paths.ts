/**
 * The account page's sessions list (src/machines/account-sessions/account-sessions.machine.ts, /account): each test
 * signs in as an account of its own in the page and twice more through the API (an "iPhone" and a "Firefox on Windows" client),
 * so there are other sessions to sign out. The real server lists and signs out; a crash is answered through a
 * Playwright route, an unreachable list by an aborted request.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  accountSessionsMachine,
  type AccountSessionsContext,
} from '../../../src/machines/account-sessions/account-sessions.machine';
import { OWN_PASSWORD, ownAccount } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface SessionsUi extends Ui {
  request: APIRequestContext;
  others: string[];
}

const UNAVAILABLE = 'We could not load your sessions. Please try again.';
const SIGN_OUT_FAILED = 'We could not sign that session out. Please try again.';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1';
// Not Chrome on Windows: the page's own session (and the one joining made) has Playwright's Desktop Chrome agent.
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';

const E = {
  signOut: { type: 'SIGN_OUT', sessionId: 'iphone' },
  signOutOthers: { type: 'SIGN_OUT_OTHERS' },
  retry: { type: 'RETRY' },
  refresh: { type: 'REFRESH' },
  /** Symbolic: the real list is whatever the server answers; the model needs another session to sign out. */
  listed: doneEvent('loadSessions', {
    sessions: [
      { sessionId: 'this', createdAt: '', lastUsedAt: null, ip: '', device: '', current: true },
      { sessionId: 'iphone', createdAt: '', lastUsedAt: null, ip: '', device: '', current: false },
    ],
  }),
  loadOffline: { type: 'xstate.error.actor.loadSessions', error: new Error('offline'), actorId: 'loadSessions' },
  one: doneEvent('signOut', { success: true, signedOut: 1 }),
  oneCrashed: crashEvent('signOut'),
  others: doneEvent('signOutOthers', { success: true, signedOut: 1 }),
  othersCrashed: crashEvent('signOutOthers'),
};
const ctx = (state: AnyMachineSnapshot) => state.context as AccountSessionsContext;
const ok = (event: EventObject) => event.type.startsWith('xstate.done.');
const loadCall = outcome<SessionsUi>(
  { method: 'GET', url: /\/api\/account\/sessions$/ },
  (event) => (ok(event) ? answers.server : 'abort'),
  (event) => (ok(event) ? 'list ✓' : 'list offline'),
);
const oneCall = outcome<SessionsUi>(
  { method: 'POST', url: /\/api\/account\/sessions\/[^/]+\/sign-out$/ },
  (event) => (ok(event) ? answers.server : answers.crash),
  (event) => (ok(event) ? 'sign out ✓' : 'sign out 500'),
);
const othersCall = outcome<SessionsUi>(
  { method: 'POST', url: /\/api\/account\/sessions\/sign-out-others$/ },
  (event) => (ok(event) ? answers.server : answers.crash),
  (event) => (ok(event) ? 'sign out others ✓' : 'sign out others 500'),
);
const list = (ui: Ui) => ui.page.getByRole('list', { name: 'Signed-in devices' });
const othersButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Sign out all other sessions' });
const open = (ui: Ui) => ui.page.goto('/account').then(() => undefined);
const live = async (ui: SessionsUi) =>
  Promise.all(
    ui.others.map(async (token) => {
      const res = await ui.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
      return res.status() === 200;
    }),
  );

export const accountSessionsTable: FlowTable<SessionsUi> = {
  flow: 'account-sessions',
  machine: accountSessionsMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).error !== null]),
  async setup(page) {
    const email = await ownAccount(page.request);
    await signInByApi(page, email, OWN_PASSWORD);
    const others: string[] = [];
    for (const agent of [IPHONE, WINDOWS]) {
      const res = await page.request.post('/api/auth/sign-in', {
        data: { email, password: OWN_PASSWORD },
        headers: { 'user-agent': agent },
      });
      others.push(((await res.json()) as { token: string }).token);
    }
    return { page, request: page.request, others };
  },
  traversals: [
    {
      // An unreachable list is retried; one session fails, then is signed out; a refresh; then all the others.
      name: 'offline, sign out one, all others',
      kind: 'journey',
      input: undefined,
      open,
      events: [
        E.loadOffline,
        E.retry,
        E.listed,
        E.signOut,
        E.oneCrashed,
        E.signOut,
        E.one,
        E.listed,
        E.refresh,
        E.listed,
        E.signOutOthers,
        E.othersCrashed,
        E.signOutOthers,
        E.others,
        E.listed,
      ],
    },
  ],
  events: {
    SIGN_OUT: {
      act: (ui) =>
        list(ui)
          .getByRole('button', { name: /^Sign out Safari on iOS/ })
          .click(),
      label: () => 'SIGN_OUT the iPhone',
    },
    SIGN_OUT_OTHERS: { act: (ui) => othersButton(ui).click() },
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again' }).click() },
    // The password form's change asks for the list again; here the same event comes from a reload of the page.
    REFRESH: {
      act: async (ui) => {
        await ui.page.reload();
      },
      label: () => 'REFRESH (reload)',
    },
    'xstate.done.actor.loadSessions': loadCall,
    'xstate.error.actor.loadSessions': loadCall,
    'xstate.done.actor.signOut': oneCall,
    'xstate.error.actor.signOut': oneCall,
    'xstate.done.actor.signOutOthers': othersCall,
    'xstate.error.actor.signOutOthers': othersCall,
  },
  states: {
    'accountSessions.loading': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    },
    'accountSessions.unavailable': async (ui) => {
      await expect(ui.page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
    },
    'accountSessions.ready': async (ui, state) => {
      await expect(list(ui).getByText('This device')).toBeVisible();
      const [iphone, windows] = await live(ui);
      await expect(list(ui).getByText('Safari on iOS')).toHaveCount(iphone ? 1 : 0);
      await expect(list(ui).getByText('Firefox on Windows')).toHaveCount(windows ? 1 : 0);
      if (ctx(state).error) await expect(ui.page.getByText(SIGN_OUT_FAILED, { exact: true })).toBeVisible();
      if (!iphone && !windows) await expect(othersButton(ui)).toBeDisabled();
    },
    'accountSessions.signingOut': async (ui) => {
      await expect(list(ui).getByRole('button', { name: /^Sign out Safari on iOS/ })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'accountSessions.signingOutOthers': async (ui) => {
      await expect(othersButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
  },
  timeout: 90_000,
};
