/**
 * The Google Sheets export's table (src/machines/spreadsheet-export/spreadsheet-export.machine.ts, the report
 * builder's Export As → Google Sheets): each test runs a report of its own on the demo app (deleted at the end) and
 * answers Google in the browser context (tests/e2e/pages/google.ts): the sign-in pop-up, the create and the append
 * are held until the path's outcome event decides Google's answer (granted or refused, made or a 500).
 *
 * The sign-in actor reports AUTH_STARTED, and POPUP_BLOCKED or its failure, in the same moment as the EXPORT (or
 * RETRY) that started it: those steps have no action of their own, and their states' checks assert only what holds in
 * the state where the page then rests (the sign-in URL was asked for, nothing reached Sheets). Which window.open a
 * blocker stops (or makes throw) is read from the path's events when the test starts (`planPopups`). The machine's
 * two delays are time passing: 500 ms before the pop-up is checked, 1 s before the sheet's tab opens.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  POPUP_CHECK_DELAY_MS,
  spreadsheetExportMachine,
  type SpreadsheetExportContext,
} from '../../../src/machines/spreadsheet-export/spreadsheet-export.machine';
import { unique } from '../pages/demo';
import { planPopups, routeGoogle, type GoogleAnswer, type GoogleStep, type PopupMode } from '../pages/google';
import { ANALYZE_APP, ReportBuilder } from '../pages/report-builder.page';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { crashEvent, doneEvent, type FlowTable, type Ui } from './driver';

interface ExportUi extends Ui {
  token: string;
  builder: ReportBuilder;
  reportId: string | null;
  google: Awaited<ReturnType<typeof routeGoogle>>;
  /** Google's held steps, oldest first, each waiting for its answer. */
  held: Record<GoogleStep, ((answer: GoogleAnswer) => void)[]>;
  opened: () => Promise<{ url: string; at: number }[]>;
  /** Google answers given so far, per step. */
  answered: Record<GoogleStep, number>;
  appendAnsweredAt: number;
  /** How many times the page had tried to open a sheet's tab when the last append was answered. */
  tabsBeforeAppend: number;
}

const BLOCKED = 'The browser blocked the pop-up. Please allow pop-ups and try again.';
const OPENING = 'Opening Google Sheets!';
const OPENED = 'Google Sheet opened successfully!';
const FAILED = 'Failed to create Google Sheet.';
const SIGN_IN_BLOCKED = 'The Google sign-in pop-up was blocked.';
const SHEET_BLOCKED = 'Your Google Sheet is ready, but the pop-up was blocked.';
const SIGN_IN_URL = /^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/;
const SHEET_URL = /^https:\/\/docs\.google\.com\/spreadsheets\/d\//;

const CHECK_POPUP = 'xstate.after.popupCheckDelay.spreadsheetExport.authorizing.checkingPopup';
const SHEETS_OPEN = 'xstate.after.sheetsOpenDelay.spreadsheetExport.opening';
const googleError = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error('Google Sheets answered 500.'), { name: 'GoogleApiError', status: 500 }),
  actorId: id,
});
const E = {
  export: { type: 'EXPORT', title: 'symbolic', values: [] },
  started: { type: 'AUTH_STARTED', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth?symbolic', oauthState: 's' },
  checkPopup: { type: CHECK_POPUP },
  blocked: { type: 'POPUP_BLOCKED' },
  // The token's expiry as the model keeps it: an hour from now, as Google's answer says.
  authorized: { type: 'AUTHORIZED', expiresAt: Date.now() + 3_600_000 },
  refused: { type: 'AUTH_FAILED', error: 'access_denied' },
  closed: { type: 'POPUP_CLOSED' },
  signInFailed: { type: 'xstate.error.actor.signIn', error: new Error('window.open refused'), actorId: 'signIn' },
  retry: { type: 'RETRY' },
  dismiss: { type: 'DISMISS' },
  created: doneEvent('createSpreadsheet', { spreadsheetId: 'symbolic', spreadsheetUrl: 'https://docs.google.com/s' }),
  createFailed: googleError('createSpreadsheet'),
  appended: doneEvent('appendValues', { spreadsheetId: 'symbolic' }),
  appendFailed: googleError('appendValues'),
  sheetsOpen: { type: SHEETS_OPEN },
  tabOpened: doneEvent('openSheet', { opened: true }),
  tabBlocked: doneEvent('openSheet', { opened: false }),
  tabFailed: crashEvent('openSheet'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as SpreadsheetExportContext;
const status = (ui: Ui) =>
  ui.page.getByRole('status').filter({ hasText: /Google sign-in…|Exporting to Google Sheets…/ });
// The newest showing: the same words may still be on screen from the step before.
const snackbar = (ui: Ui, text: string) =>
  ui.page.locator('[aria-live="polite"]').getByText(text, { exact: true }).last();
const notice = (ui: Ui, text: string) => ui.page.getByRole('alert').filter({ hasText: text });
const exportButton = (ui: Ui) => ui.page.getByRole('button', { name: 'Export As', exact: true });

const tabOpens = (event: EventObject) => (event as { output?: { opened?: boolean } }).output?.opened === true;

/** Which window.open calls a blocker stops, read from the path: the outcome that follows each sign-in and tab. */
function popupPlans(events: readonly EventObject[]) {
  const signIn: PopupMode[] = [];
  const sheet: PopupMode[] = [];
  events.forEach((event, i) => {
    const next = events[i + 1]?.type;
    if (event.type === 'AUTH_STARTED')
      signIn.push(next === 'POPUP_BLOCKED' ? 'block' : next === 'xstate.error.actor.signIn' ? 'throw' : 'open');
    if (event.type === 'xstate.done.actor.openSheet') sheet.push(tabOpens(event) ? 'open' : 'block');
    if (event.type === 'xstate.error.actor.openSheet') sheet.push('throw');
  });
  return [
    { pattern: SIGN_IN_URL.source, modes: signIn },
    { pattern: SHEET_URL.source, modes: sheet },
  ];
}

/** Answers Google's oldest held `step` (the newest sign-in: a pop-up opened again replaced the older ones). */
async function answerGoogle(ui: ExportUi, step: GoogleStep, answer: GoogleAnswer) {
  await expect.poll(() => ui.held[step].length, { message: `Google's ${step} was asked for` }).toBeGreaterThan(0);
  if (step === 'append') ui.tabsBeforeAppend = (await sheetTries(ui)).length;
  const held = step === 'auth' ? ui.held.auth.splice(0).reverse() : [ui.held[step].shift()!];
  for (const release of held) release(answer);
  ui.answered[step] += 1;
  if (step === 'append') ui.appendAnsweredAt = Date.now();
}
/**
 * Google answers the sign-in; the answer reaches the page once the pop-up has loaded /oauth-callback (the app's own
 * page, slow on a busy machine) and posted it back: the step ends when the page no longer waits for the sign-in.
 */
async function signInAnswered(ui: ExportUi, answer: GoogleAnswer) {
  await answerGoogle(ui, 'auth', answer);
  await expect(status(ui).filter({ hasText: 'Waiting for Google sign-in…' })).toHaveCount(0, { timeout: 30_000 });
}
const googleOutcome = (
  step: GoogleStep,
  answer: (event: EventObject) => GoogleAnswer,
  label: (e: EventObject) => string,
) => ({
  act: (ui: ExportUi, event: EventObject) => answerGoogle(ui, step, answer(event)),
  label,
});
const ok = (event: EventObject) => !event.type.startsWith('xstate.error.');
const createOutcome = googleOutcome(
  'create',
  (event) => (ok(event) ? 'ok' : { status: 500, message: 'Internal error' }),
  (event) => (ok(event) ? 'create ✓' : 'create 500'),
);
const appendOutcome = googleOutcome(
  'append',
  (event) => (ok(event) ? 'ok' : { status: 500, message: 'Internal error' }),
  (event) => (ok(event) ? 'append ✓' : 'append 500'),
);
/** The sheet's tab: what window.open did is planned; the step waits for the page to have tried. */
const tabOutcome = {
  act: async () => {},
  label: (event: EventObject) =>
    event.type.startsWith('xstate.error.') ? 'tab: window.open threw' : tabOpens(event) ? 'tab opened' : 'tab blocked',
};
const sheetTries = async (ui: ExportUi) => (await ui.opened()).filter((entry) => SHEET_URL.test(entry.url));
const signInTries = async (ui: ExportUi) => (await ui.opened()).filter((entry) => SIGN_IN_URL.test(entry.url));

/** Nothing under way and no notice of a blocked pop-up. */
async function expectAtRest(ui: ExportUi) {
  await expect(status(ui)).toHaveCount(0);
  await expect(notice(ui, 'pop-up was blocked')).toHaveCount(0);
  await expect(exportButton(ui)).not.toHaveAttribute('aria-busy', 'true');
}

export const spreadsheetExportTable: FlowTable<ExportUi> = {
  flow: 'spreadsheet-export',
  machine: spreadsheetExportMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).tokenExpiresAt !== null]),
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.editor);
    const { opened } = await planPopups(page, popupPlans(events));
    const title = unique('Sheets path');
    const held: ExportUi['held'] = { auth: [], create: [], append: [] };
    const google = await routeGoogle(page, title, (step) => new Promise((resolve) => held[step].push(resolve)));
    const ui: ExportUi = {
      page,
      token,
      builder: new ReportBuilder(page),
      reportId: null,
      google,
      held,
      opened,
      answered: { auth: 0, create: 0, append: 0 },
      appendAnsweredAt: 0,
      tabsBeforeAppend: 0,
    };
    // A report with rows to export: run (and so saved) on the demo app, titled for this test.
    await ui.builder.gotoNew();
    await ui.builder.groupBy.selectOption({ label: 'Platform' });
    await ui.builder.rename(title);
    await ui.builder.run();
    ui.reportId = ui.builder.reportId();
    return ui;
  },
  async teardown(ui) {
    // Held answers are given (to pages that may be gone), then the report is deleted.
    for (const step of ['auth', 'create', 'append'] as const)
      for (const release of ui.held[step].splice(0)) release('ok');
    if (ui.reportId) {
      const res = await ui.page.request.delete(`/analytics/template/${ANALYZE_APP.id}/${ui.reportId}`, {
        headers: { authorization: `Bearer ${ui.token}` },
      });
      expect([200, 404], 'deleting the report this test ran').toContain(res.status());
    }
  },
  traversals: [
    {
      // Signed in (the pop-up opened a second time while the first was open), made and opened; then, with the token
      // still fresh, a failed create, a failed append, and a tab whose window.open threw, opened from a click.
      name: 'export, then again with the token',
      kind: 'journey',
      input: undefined,
      open: async () => {},
      events: [
        E.export,
        E.started,
        E.checkPopup,
        E.export,
        E.started,
        E.checkPopup,
        E.authorized,
        E.created,
        E.appended,
        E.sheetsOpen,
        E.tabOpened,
        E.export,
        E.createFailed,
        E.export,
        E.created,
        E.appendFailed,
        E.export,
        E.created,
        E.appended,
        E.sheetsOpen,
        E.tabFailed,
        E.retry,
        E.tabOpened,
      ],
    },
    {
      // The sign-in pop-up blocked, dismissed; blocked again, opened from Try again; then the sheet's tab blocked.
      name: 'blocked pop-ups',
      kind: 'journey',
      input: undefined,
      open: async () => {},
      events: [
        E.export,
        E.started,
        E.blocked,
        E.dismiss,
        E.export,
        E.started,
        E.blocked,
        E.retry,
        E.started,
        E.checkPopup,
        E.authorized,
        E.created,
        E.appended,
        E.sheetsOpen,
        E.tabBlocked,
        E.dismiss,
      ],
    },
    {
      // window.open threw; the person refused the sign-in; then closed the pop-up.
      name: 'sign-in fails, refused, closed',
      kind: 'journey',
      input: undefined,
      open: async () => {},
      events: [
        E.export,
        E.started,
        E.signInFailed,
        E.export,
        E.started,
        E.checkPopup,
        E.refused,
        E.export,
        E.started,
        E.checkPopup,
        E.closed,
      ],
    },
  ],
  events: {
    EXPORT: {
      act: async (ui) => {
        await ui.builder.exportAs('Google Sheets');
      },
    },
    RETRY: {
      act: (ui, _event, before) =>
        ui.page
          .getByRole('button', { name: before.matches({ blocked: 'sheet' }) ? 'Open Google Sheet' : 'Try again' })
          .click(),
    },
    DISMISS: { act: (ui) => notice(ui, 'pop-up was blocked').getByRole('button', { name: 'Dismiss' }).click() },
    // Reported by the sign-in itself, with the EXPORT or RETRY that started it.
    AUTH_STARTED: { act: async () => {}, label: () => 'AUTH_STARTED (with it)' },
    POPUP_BLOCKED: { act: async () => {}, label: () => 'POPUP_BLOCKED (window.open gave nothing)' },
    'xstate.error.actor.signIn': { act: async () => {}, label: () => 'error:signIn (window.open threw)' },
    [CHECK_POPUP]: {
      act: (ui) => ui.page.waitForTimeout(POPUP_CHECK_DELAY_MS + 200),
      label: () => '500 ms pass',
    },
    AUTHORIZED: { act: (ui) => signInAnswered(ui, 'ok'), label: () => 'AUTHORIZED (Google grants)' },
    AUTH_FAILED: { act: (ui) => signInAnswered(ui, 'denied'), label: () => 'AUTH_FAILED (refused)' },
    POPUP_CLOSED: {
      // Google's page comes up in the pop-up (until then Playwright has no page for it), and the person closes it.
      act: async (ui) => {
        const popup = ui.page.waitForEvent('popup');
        await answerGoogle(ui, 'auth', 'page');
        await (await popup).close();
      },
      label: () => 'POPUP_CLOSED (closed by the person)',
    },
    'xstate.done.actor.createSpreadsheet': createOutcome,
    'xstate.error.actor.createSpreadsheet': createOutcome,
    'xstate.done.actor.appendValues': appendOutcome,
    'xstate.error.actor.appendValues': appendOutcome,
    [SHEETS_OPEN]: {
      // The second passes; the page then tries to open the sheet's tab.
      act: async (ui) => {
        await expect
          .poll(async () => (await sheetTries(ui)).length, { timeout: 10_000 })
          .toBeGreaterThan(ui.tabsBeforeAppend);
      },
      label: () => '1 s passes',
    },
    'xstate.done.actor.openSheet': tabOutcome,
    'xstate.error.actor.openSheet': tabOutcome,
  },
  states: {
    'spreadsheetExport.idle': async (ui, _state, via) => {
      await expectAtRest(ui);
      // Closing the pop-up ends quietly.
      if (via.type === 'POPUP_CLOSED') await expect(snackbar(ui, FAILED)).toHaveCount(0);
    },
    // The sign-in was started: its URL asked for, nothing sent to Sheets yet. This holds where the page rests when
    // the sign-in ends at once (blocked, or window.open threw).
    'spreadsheetExport.authorizing.checkingPopup': async (ui) => {
      await expect.poll(async () => (await signInTries(ui)).length).toBeGreaterThan(0);
      expect(ui.google.sheetsCalls.length).toBe(ui.answered.create + ui.answered.append);
    },
    'spreadsheetExport.authorizing.waitingForToken': async (ui) => {
      await expect(status(ui)).toHaveText('Waiting for Google sign-in…');
      // The pop-up is open on Google's sign-in, which is held: the person has not answered yet.
      await expect.poll(() => ui.held.auth.length).toBeGreaterThan(0);
    },
    'spreadsheetExport.blocked.signIn': async (ui) => {
      await expect(snackbar(ui, BLOCKED)).toBeVisible();
      await expect(notice(ui, SIGN_IN_BLOCKED).getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(status(ui)).toHaveCount(0);
      expect(ui.google.authRequests.length).toBe(ui.answered.auth);
    },
    'spreadsheetExport.creating': async (ui) => {
      await expect(snackbar(ui, OPENING)).toBeVisible();
      await expect(status(ui)).toHaveText('Exporting to Google Sheets…');
      await expect.poll(() => ui.held.create.length).toBe(1);
    },
    'spreadsheetExport.appending': async (ui) => {
      await expect(status(ui)).toHaveText('Exporting to Google Sheets…');
      await expect.poll(() => ui.held.append.length).toBe(1);
      // RAW values: Google stores the text, never a formula.
      expect(ui.google.sheetsCalls.at(-1)!.url.searchParams.get('valueInputOption')).toBe('RAW');
    },
    // The values are in; the tab opens no sooner than 1 s later (the page may already be past this state).
    'spreadsheetExport.opening': async (ui) => {
      const tab = (await sheetTries(ui)).find((entry) => entry.at >= ui.appendAnsweredAt - 50);
      if (tab) expect(tab.at - ui.appendAnsweredAt).toBeGreaterThanOrEqual(900);
      await expect(snackbar(ui, FAILED)).toHaveCount(0);
    },
    // The sheet's tab was asked for (opened, blocked or refused: the page rests in done or blocked.sheet).
    'spreadsheetExport.launching': async (ui) => {
      expect((await sheetTries(ui)).length).toBeGreaterThan(0);
    },
    'spreadsheetExport.blocked.sheet': async (ui) => {
      await expect(snackbar(ui, BLOCKED)).toBeVisible();
      await expect(notice(ui, SHEET_BLOCKED).getByRole('button', { name: 'Open Google Sheet' })).toBeVisible();
      await expect(snackbar(ui, OPENED)).toHaveCount(0);
      await expect(status(ui)).toHaveCount(0);
    },
    'spreadsheetExport.done': async (ui) => {
      await expect(snackbar(ui, OPENED)).toBeVisible();
      await expectAtRest(ui);
      await expect.poll(() => ui.google.sheetTabs.at(-1)).toBe(ui.google.sheet.url);
    },
    'spreadsheetExport.failed': async (ui) => {
      await expect(snackbar(ui, FAILED)).toBeVisible();
      await expectAtRest(ui);
    },
  },
  timeout: 150_000,
};
