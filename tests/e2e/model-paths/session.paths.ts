/**
 * The session flow's table (src/machines/session/session.machine.ts: /continue, the shell, the profile menu's Logout):
 * each test has an account of its own (Paula Paths, a viewer of Demo Studio; two-factor sign-in turned on when the
 * path asks for a code). The real server signs in, refuses a wrong password and a wrong code, reads /api/me, signs
 * out, sets a new password from a reset link (SIGNED_IN, or CODE_NEEDED for a two-factor account) and refuses a
 * revoked token (EXPIRED). A crash is a routed 500, an unreachable server an aborted request, a used code step a
 * routed 410, and a workspace call refused (ACCESS_REFUSED) a routed 403. Outside changes reach the page as the
 * guide says: the window's focus is a dispatched `focus` event, and the 30 s after which a focus re-reads /api/me
 * pass on Playwright's clock.
 *
 * Whether a token is stored is the page's to decide (the `hasToken` guard): the table's machine reads it from the
 * traversal's input, and `open` stores one (or not) before the first page loads.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { sessionMachine, type SessionContext, type SessionEvent } from '../../../src/machines/session/session.machine';
import { ApiError } from '../../../src/services/http';
import { OWN_PASSWORD, codeAt, ownAccount, resetTokenFor, turnOnTwoFactor } from '../pages/account.page';
import { signInByApi } from '../pages/session';
import { TOKEN_KEY } from '../pages/shell.page';
import { TRANSIENT, answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface SessionUi extends Ui {
  email: string;
  /** The two-factor secret, when the path asks for a code. */
  secret: string | null;
  /** A reset link's token, when the path sets a new password. */
  resetToken: string | null;
  /** GET /api/me requests the page sent, counted from the start, and how many a signed-in state had seen. */
  meRequests: () => number;
  me: { seen: number };
}

const WRONG_PASSWORD = 'Incorrect email or password.';
const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
const SESSION_EXPIRED = 'Your session has ended. Please sign in again.';
const SESSION_UNCHECKED =
  'We could not reach Questboard to check your session. Reload the page to try again, or sign in.';
const CODE_MISSING = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const CODE_STEP_ENDED = 'This sign-in took too long. Enter your email and password again.';
const PASSWORD_SET_CODE_NEEDED = 'Your new password is set. Enter the code from your authenticator app to sign in.';
const NEW_PASSWORD = 'violet-harbour-42';

/** Symbolic values the acts turn into the test's own. */
const OWN_EMAIL = 'own@paths.example.com';
const TOTP_NOW = 'totp-now';

/** The own account as the model knows it (accountId and names; the page shows the initials). */
const account = (firstName: string) => ({
  accountId: 'own',
  email: OWN_EMAIL,
  firstName,
  lastName: 'Paths',
  organisations: [{ id: 'demo-studio', name: 'Demo Studio', role: 'viewer' }],
});
const refusal = (id: string, status: number, message: string, code: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, message, code),
  actorId: id,
});

const E = {
  signIn: { type: 'SIGN_IN', email: OWN_EMAIL, password: OWN_PASSWORD },
  signInWrong: { type: 'SIGN_IN', email: OWN_EMAIL, password: 'not-the-password-1' },
  signInEmpty: { type: 'SIGN_IN', email: '', password: '' },
  code: { type: 'SUBMIT_CODE', otp: TOTP_NOW },
  codeWrong: { type: 'SUBMIT_CODE', otp: '000000' },
  codeEmpty: { type: 'SUBMIT_CODE', otp: '  ' },
  cancelCode: { type: 'CANCEL_CODE' },
  codeNeeded: { type: 'CODE_NEEDED', challengeToken: 'symbolic' },
  signedIn: { type: 'SIGNED_IN', token: 'symbolic', account: account('Paula') },
  signOut: { type: 'SIGN_OUT' },
  refresh: { type: 'REFRESH' },
  accessRefused: { type: 'ACCESS_REFUSED' },
  focused: { type: 'FOCUSED' },
  expired: { type: 'EXPIRED' },
  stale: { type: 'xstate.after.FOCUS_RECHECK.session.signedIn.ready.fresh' },
  restored: doneEvent('restoreAccount', account('Paula')),
  restoreRefused: refusal('restoreAccount', 401, 'Sign in to continue.', 'unauthorized'),
  restoreOffline: refusal(
    'restoreAccount',
    0,
    'Cannot reach Questboard. Check your connection and try again.',
    'network',
  ),
  signedInOk: doneEvent('signIn', { token: 'symbolic', account: account('Paula') }),
  challenged: doneEvent('signIn', { twoFactor: true, challengeToken: 'symbolic' }),
  signInRefused: refusal('signIn', 401, WRONG_PASSWORD, 'invalid_credentials'),
  signInCrashed: crashEvent('signIn'),
  codeOk: doneEvent('signInWithCode', { token: 'symbolic', account: account('Paula') }),
  codeRefused: refusal('signInWithCode', 400, WRONG_CODE, 'wrong_code'),
  codeStepEnded: refusal('signInWithCode', 410, CODE_STEP_ENDED, 'challenge_expired'),
  refreshed: doneEvent('refreshAccount', account('Paula')),
  refreshedRenamed: doneEvent('refreshAccount', account('Quinn')),
  refreshCrashed: crashEvent('refreshAccount'),
  signedOut: doneEvent('signOut', undefined),
  signOutCrashed: crashEvent('signOut'),
};

type Ev<K extends SessionEvent['type']> = Extract<SessionEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as SessionContext;
const errorOf = (event: EventObject) => (event as { error?: unknown }).error;
/** A refusal event's answer: the real server's (it refuses by itself), its status and words, or an abort. */
const answerOf =
  (real: readonly string[] = []) =>
  (event: EventObject) => {
    if (event.type.startsWith('xstate.done.')) return answers.server;
    const error = errorOf(event);
    if (!(error instanceof ApiError)) return answers.crash;
    if (error.status === 0) return 'abort' as const;
    if (real.includes(error.code ?? '')) return answers.server;
    return { status: error.status, json: { success: false, message: error.message, code: error.code } };
  };
const labelOf = (name: string) => (event: EventObject) => {
  const output = (event as { output?: unknown }).output;
  if (event.type.startsWith('xstate.done.'))
    return output && typeof output === 'object' && 'twoFactor' in output
      ? `${name}: code asked`
      : `${name} ✓${output && typeof output === 'object' && 'firstName' in output ? ` (${String(output.firstName)})` : ''}`;
  const error = errorOf(event);
  return error instanceof ApiError ? `${name} ${error.status || 'offline'}` : `${name} 500`;
};
const ME = { method: 'GET', url: /\/api\/me$/ };
const restoreCall = outcome<SessionUi>(ME, answerOf(), labelOf('restore'));
const refreshCall = outcome<SessionUi>(ME, answerOf(), labelOf('refresh'));
const signInCall = outcome<SessionUi>(
  { method: 'POST', url: /\/api\/auth\/sign-in$/ },
  answerOf(['invalid_credentials']),
  labelOf('sign-in'),
);
const codeCall = outcome<SessionUi>(
  { method: 'POST', url: /\/api\/auth\/sign-in\/two-factor$/ },
  answerOf(['wrong_code']),
  labelOf('code'),
);
const signOutCall = outcome<SessionUi>(
  { method: 'POST', url: /\/api\/auth\/sign-out$/ },
  answerOf(),
  labelOf('sign-out'),
);

const signInButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Sign in', exact: true });
const verifyButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Verify', exact: true });
const codeField = (ui: Ui) => ui.page.getByLabel('Authentication code', { exact: true });
const profileButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Profile', exact: true });
const sideLink = (ui: Ui, name: string) =>
  ui.page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
const initials = (state: AnyMachineSnapshot) =>
  `${ctx(state).account?.firstName?.[0] ?? ''}${ctx(state).account?.lastName?.[0] ?? ''}`.toUpperCase();
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

/** Sets a new password from the reset link: the reset page hands the session over (SIGNED_IN or CODE_NEEDED). */
async function setNewPassword(ui: SessionUi) {
  await ui.page.goto(`/reset-password/${ui.resetToken}`);
  await ui.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await ui.page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
  await ui.page.getByRole('button', { name: 'Set new password' }).click();
}

const withToken = { token: true };
const withoutToken = { token: false };
const openWorkspace = (ui: SessionUi) => ui.page.goto('/workspace/home').then(() => undefined);
const openSignIn = (ui: SessionUi) => ui.page.goto('/continue').then(() => undefined);

export const sessionTable: FlowTable<SessionUi> = {
  flow: 'session',
  // The page decides whether a token is stored: here, the traversal's input does.
  machine: sessionMachine.provide({
    guards: { hasToken: ({ event }) => (event as { input?: { token?: boolean } }).input?.token === true },
  }),
  serialize: (state) => JSON.stringify([state.value, ctx(state).error, ctx(state).notice]),
  async setup(page, events) {
    const email = await ownAccount(page.request);
    const types = new Set(events.map((event) => event.type));
    const codes = types.has('SUBMIT_CODE');
    const secret = codes ? (await turnOnTwoFactor(page.request, email)).secret : null;
    const resetToken =
      types.has('SIGNED_IN') || types.has('CODE_NEEDED') ? await resetTokenFor(page.request, email) : null;
    // Stored before the first page loads, for the traversals that start with a token.
    if (types.has('xstate.done.actor.restoreAccount') || types.has('xstate.error.actor.restoreAccount'))
      await signInByApi(page, email, OWN_PASSWORD);
    // The 30 s after which a focus re-reads /api/me pass on Playwright's clock (time flows as usual otherwise).
    if (types.has('FOCUSED')) await page.clock.install();
    let me = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/me')) me += 1;
    });
    return { page, email, secret, resetToken, meRequests: () => me, me: { seen: 0 } };
  },
  traversals: [
    {
      name: 'stored token unchecked',
      kind: 'journey',
      input: withToken,
      open: openWorkspace,
      events: [E.restoreOffline],
    },
    {
      // A stored token refused; a wrong password, then empty fields clear its words; a crash; signed in, then out
      // twice (the second time the server could not be told).
      name: 'sign in and out',
      kind: 'journey',
      input: withToken,
      open: openWorkspace,
      events: [
        E.restoreRefused,
        E.signInWrong,
        E.signInRefused,
        E.signInEmpty,
        E.signIn,
        E.signInCrashed,
        E.signIn,
        E.signedInOk,
        E.signOut,
        E.signOutCrashed,
        E.signIn,
        E.signedInOk,
        E.signOut,
        E.signedOut,
      ],
    },
    {
      // Restored; the window comes back after 30 s; a workspace call refused; the name changed on the account page;
      // then the token is revoked elsewhere and the next call signs the person out.
      name: 'signed in: focus, refusal, refresh, expiry',
      kind: 'journey',
      input: withToken,
      open: openWorkspace,
      events: [
        E.restored,
        E.stale,
        E.focused,
        E.refreshCrashed,
        E.accessRefused,
        E.refreshed,
        E.refresh,
        E.refreshedRenamed,
        E.expired,
      ],
    },
    {
      // Two-factor sign-in: an empty code, a wrong one, back; a code step that ended (410); then signed in.
      name: 'two-factor sign-in',
      kind: 'journey',
      input: withoutToken,
      open: openSignIn,
      events: [
        E.signIn,
        E.challenged,
        E.codeEmpty,
        E.codeWrong,
        E.codeRefused,
        E.cancelCode,
        E.signIn,
        E.challenged,
        E.code,
        E.codeStepEnded,
        E.signIn,
        E.challenged,
        E.code,
        E.codeOk,
      ],
    },
    {
      name: 'new password, code asked',
      kind: 'journey',
      input: withoutToken,
      open: openSignIn,
      events: [E.codeNeeded, E.code, E.codeOk],
    },
    { name: 'new password', kind: 'journey', input: withoutToken, open: openSignIn, events: [E.signedIn] },
  ],
  events: {
    SIGN_IN: {
      act: async (ui, event: Ev<'SIGN_IN'>) => {
        await ui.page.getByLabel('Email', { exact: true }).fill(event.email === OWN_EMAIL ? ui.email : event.email);
        await ui.page.getByLabel('Password', { exact: true }).fill(event.password);
        await signInButton(ui).click();
      },
      label: (event: Ev<'SIGN_IN'>) =>
        `SIGN_IN ${event.email ? (event.password === OWN_PASSWORD ? 'right' : 'wrong password') : 'empty'}`,
    },
    SUBMIT_CODE: {
      act: async (ui, event: Ev<'SUBMIT_CODE'>) => {
        // A code of the next step: the enrolment used this one (one step either side is accepted, each once).
        await codeField(ui).fill(event.otp === TOTP_NOW ? codeAt(ui.secret!, Date.now() + 30_000) : event.otp);
        await verifyButton(ui).click();
      },
      label: (event: Ev<'SUBMIT_CODE'>) =>
        `SUBMIT_CODE ${event.otp === TOTP_NOW ? 'now' : event.otp.trim() ? 'wrong' : 'empty'}`,
    },
    CANCEL_CODE: { act: (ui) => ui.page.getByRole('button', { name: 'Back to sign in' }).click() },
    CODE_NEEDED: { act: setNewPassword, label: () => 'CODE_NEEDED (new password)' },
    SIGNED_IN: { act: setNewPassword, label: () => 'SIGNED_IN (new password)' },
    SIGN_OUT: {
      act: async (ui) => {
        await profileButton(ui).click();
        await ui.page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
      },
    },
    REFRESH: {
      // The account page's saved name asks the session to read the account again.
      act: async (ui) => {
        await profileButton(ui).click();
        await ui.page.getByRole('menuitem', { name: 'Your account' }).click();
        await ui.page.getByLabel('First name', { exact: true }).fill('Quinn');
        await ui.page.getByRole('button', { name: 'Save name' }).click();
      },
      label: () => 'REFRESH (name saved)',
    },
    ACCESS_REFUSED: {
      // A workspace call answered 403 (the membership changed meanwhile): the Team page's list.
      act: async (ui) => {
        await ui.page.route(
          /\/api\/workspace\/demo-studio\/team$/,
          (route) => route.fulfill({ status: 403, json: { success: false, message: 'Forbidden', code: 'forbidden' } }),
          { times: 1 },
        );
        await sideLink(ui, 'Team').click();
      },
      label: () => 'ACCESS_REFUSED (team 403)',
    },
    FOCUSED: {
      act: (ui) => ui.page.evaluate(() => void window.dispatchEvent(new Event('focus'))),
      label: () => 'FOCUSED (window focus)',
    },
    'xstate.after.FOCUS_RECHECK.session.signedIn.ready.fresh': {
      act: (ui) => ui.page.clock.fastForward(31_000),
      label: () => '30 s pass',
    },
    EXPIRED: {
      // Revoked elsewhere (signed out through the API with the page's token); the next call is refused.
      act: async (ui) => {
        const token = await storedToken(ui.page);
        const res = await ui.page.request.post('/api/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status(), 'the token revoked').toBe(200);
        await ui.page.getByRole('link', { name: 'Back to Questboard' }).click();
        // The apps page may answer from its cache: a page not read yet asks the server for sure.
        await ui.page.waitForURL(/\/apps|\/continue/);
        // Either the apps page (its side link to follow) or the sign-in page (the refusal came first): never wait
        // for a link the page has already left.
        const activity = sideLink(ui, 'Activity');
        await expect(activity.or(ui.page.getByRole('button', { name: 'Sign in', exact: true })).first()).toBeVisible();
        if (!/\/continue/.test(ui.page.url())) await activity.click({ timeout: 2_000 }).catch(() => undefined);
      },
      label: () => 'EXPIRED (token revoked)',
    },
    'xstate.done.actor.restoreAccount': restoreCall,
    'xstate.error.actor.restoreAccount': restoreCall,
    'xstate.done.actor.signIn': signInCall,
    'xstate.error.actor.signIn': signInCall,
    'xstate.done.actor.signInWithCode': codeCall,
    'xstate.error.actor.signInWithCode': codeCall,
    'xstate.done.actor.refreshAccount': refreshCall,
    'xstate.error.actor.refreshAccount': refreshCall,
    'xstate.done.actor.signOut': signOutCall,
    'xstate.error.actor.signOut': signOutCall,
  },
  states: {
    'session.checking': TRANSIENT,
    'session.restoring': async (ui) => {
      await expect(ui.page.getByRole('status', { name: 'Checking your session' })).toBeVisible();
    },
    'session.signedOut.idle': async (ui, state, via) => {
      const { error, notice } = ctx(state);
      await expect(ui.page.getByRole('heading', { name: 'Sign in to Questboard' })).toBeVisible();
      await expect(ui.page).toHaveURL(/\/continue/);
      if (notice) await expect(ui.page.getByRole('status').filter({ hasText: notice })).toBeVisible();
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: error })).toHaveText(error);
      // A refused password keeps the address typed; a submit with empty fields says what is missing.
      if (error === WRONG_PASSWORD) await expect(ui.page.getByLabel('Email', { exact: true })).toHaveValue(ui.email);
      if (via.type === 'SIGN_IN' && !(via as Ev<'SIGN_IN'>).email)
        await expect(ui.page.getByText('Enter your password.', { exact: true })).toBeVisible();
      await expect(signInButton(ui)).not.toHaveAttribute('aria-busy', 'true');
      // A refused, expired or signed-out token is gone; an unchecked one is kept for the next load.
      if (notice === SESSION_UNCHECKED) expect(await storedToken(ui.page)).not.toBeNull();
      else if (via.type !== 'SIGN_IN') expect(await storedToken(ui.page)).toBeNull();
      for (const words of [SESSION_EXPIRED, SESSION_UNCHECKED, WRONG_PASSWORD, SIGN_IN_FAILED, CODE_STEP_ENDED])
        if (words !== notice && words !== error) await expect(ui.page.getByText(words, { exact: true })).toHaveCount(0);
    },
    'session.signedOut.signingIn': async (ui) => {
      await expect(signInButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'session.signedOut.code': async (ui, state) => {
      const { error, notice } = ctx(state);
      await expect(ui.page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      if (notice) await expect(ui.page.getByRole('status').filter({ hasText: notice })).toHaveText(notice);
      if (notice) expect(notice).toBe(PASSWORD_SET_CODE_NEEDED);
      if (error) {
        expect([CODE_MISSING, WRONG_CODE]).toContain(error);
        await expect(ui.page.getByRole('alert').filter({ hasText: error })).toHaveText(error);
      }
      for (const words of [CODE_MISSING, WRONG_CODE])
        if (words !== error) await expect(ui.page.getByText(words, { exact: true })).toHaveCount(0);
      await expect(verifyButton(ui)).not.toHaveAttribute('aria-busy', 'true');
    },
    'session.signedOut.verifyingCode': async (ui) => {
      await expect(verifyButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'session.signedIn.ready.fresh': async (ui, state) => {
      await expect(ui.page).toHaveURL(/\/(workspace|account)(\/|$)/);
      if (new URL(ui.page.url()).pathname === '/account')
        await expect(ui.page.getByLabel('First name', { exact: true })).toHaveValue(ctx(state).account!.firstName);
      else await expect(profileButton(ui)).toContainText(initials(state));
      expect(await storedToken(ui.page)).not.toBeNull();
      ui.me.seen = ui.meRequests();
    },
    'session.signedIn.ready.stale': async (ui, state) => {
      // Nothing on screen tells it from fresh: the shell stays, and no re-read was asked for.
      await expect(profileButton(ui)).toContainText(initials(state));
      expect(ui.meRequests()).toBe(ui.me.seen);
    },
    'session.signedIn.refreshing': async (ui) => {
      // In flight: GET /api/me is held, the page stays as it is.
      await expect.poll(() => ui.meRequests()).toBeGreaterThan(ui.me.seen);
      ui.me.seen = ui.meRequests();
      await expect(ui.page).not.toHaveURL(/\/continue/);
    },
    'session.signedIn.signingOut': async (ui) => {
      // The profile button shows a spinner instead of the initials while the token is revoked.
      await expect(profileButton(ui)).toHaveText('Profile');
      await expect(profileButton(ui).locator('svg.animate-spin')).toBeVisible();
    },
  },
  timeout: 120_000,
};
