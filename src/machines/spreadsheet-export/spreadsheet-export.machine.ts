/**
 * Google Sheets export lifecycle (docs/analyze.md §Report states "Spreadsheet export", §API endpoints "Third-party and client-side", §Messages export
 * messages, §Rules and limits sheets open delay 1 s and pop-up check delay 500 ms).
 *
 * idle → authorizing (sign-in pop-up; after 500 ms the pop-up is checked) → creating ('Opening Google Sheets!') →
 * appending (RAW values) → opening (1 s) → launching (new tab) → done ('Google Sheet opened successfully!').
 *  - A pop-up the browser blocks (window.open gave nothing, or it was closed at the 500 ms check) leads to
 *    blocked.signIn with 'The browser blocked the pop-up. Please allow pop-ups and try again.' (3 s); the sign-in
 *    URL and its state are kept so RETRY (a click, so the browser allows it) opens the same URL.
 *  - The sheet tab opens after the delay, outside the user's click, so a browser may block it too: blocked.sheet
 *    keeps the sheet URL and RETRY opens it from the user's click.
 *  - A failed create or append, or a refused sign-in, ends in failed with 'Failed to create Google Sheet.'; after a
 *    401 from Google the token counts as gone (the actors dropped it) so the next export signs in again.
 *    Closing the pop-up returns to idle quietly.
 *  - The access token itself never enters this machine (context and events are visible to the flow inspector):
 *    the provided actors keep it in memory (GoogleTokenHolder). The machine keeps only its expiry, so an export
 *    while it is fresh skips the sign-in.
 *
 * Actors (with the abort signal) and the snackbar are placeholders here, provided by spreadsheet-export.actors.ts
 * from src/services/google-sheets.service.ts. Every invoke has an explicit id and models onError.
 */
import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { AppendValuesResponse, SheetCell, Spreadsheet } from '../../contracts/google-sheets';
import { hasStatus } from '../shared/api-error';
import { notify, type Notice } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

export const POPUP_BLOCKED_MESSAGE = 'The browser blocked the pop-up. Please allow pop-ups and try again.';
export const OPENING_SHEETS_MESSAGE = 'Opening Google Sheets!';
export const SHEET_OPENED_MESSAGE = 'Google Sheet opened successfully!';
export const CREATE_SHEET_FAILED_MESSAGE = 'Failed to create Google Sheet.';
/** docs/analyze.md §Rules and limits. */
export const POPUP_CHECK_DELAY_MS = 500;
export const SHEETS_OPEN_DELAY_MS = 1000;
/** A token this close to its expiry is not reused. */
export const TOKEN_MARGIN_MS = 60_000;

export interface SpreadsheetExportContext {
  /** The spreadsheet title (the report's title). */
  title: string;
  /** Header row then data rows, already neutralised (src/lib/exports.ts toSheetValues). */
  values: SheetCell[][];
  /** The sign-in URL and its state, kept while a sign-in is under way or was blocked. */
  authUrl: string | null;
  oauthState: string | null;
  /** When the Google token (held by the actors, not here) expires; null when there is none. */
  tokenExpiresAt: number | null;
  spreadsheet: { id: string; url: string } | null;
}

export type SpreadsheetExportEvent =
  | { type: 'EXPORT'; title: string; values: SheetCell[][] }
  | { type: 'RETRY' }
  | { type: 'DISMISS' }
  // Reported by the sign-in actor:
  | { type: 'AUTH_STARTED'; authUrl: string; oauthState: string }
  | { type: 'POPUP_BLOCKED' }
  | { type: 'AUTHORIZED'; expiresAt: number }
  | { type: 'AUTH_FAILED'; error: string }
  | { type: 'POPUP_CLOSED' };

export interface SignInInput {
  authUrl: string | null;
  oauthState: string | null;
}
/** What the machine tells the sign-in actor. */
export type SignInCommand = { type: 'CHECK_POPUP' };

/** Google refused the token (a GoogleApiError with status 401): it counts as gone. */
const isUnauthorized = (error: unknown) => hasStatus(error, 401);

// docs/analyze.md §Messages export messages with their §Rules and limits durations ('The browser blocked the pop-up…' 3 s).
const BLOCKED: Notice = { message: POPUP_BLOCKED_MESSAGE, kind: 'error', duration: 'normal' };
const OPENING: Notice = { message: OPENING_SHEETS_MESSAGE, kind: 'info', duration: 'normal' };
const OPENED: Notice = { message: SHEET_OPENED_MESSAGE, kind: 'success', duration: 'normal' };
const CREATE_FAILED: Notice = { message: CREATE_SHEET_FAILED_MESSAGE, kind: 'error', duration: 'normal' };

export const spreadsheetExportMachine = setup({
  types: {
    context: {} as SpreadsheetExportContext,
    events: {} as SpreadsheetExportEvent,
    children: {} as {
      signIn: 'signIn';
      createSpreadsheet: 'createSpreadsheet';
      appendValues: 'appendValues';
      openSheet: 'openSheet';
    },
  },
  actors: {
    signIn: fromCallback<SignInCommand, SignInInput>(() => {
      throw new Error('provide signIn');
    }),
    createSpreadsheet: toProvide<Spreadsheet, { title: string }>('createSpreadsheet'),
    appendValues: toProvide<AppendValuesResponse, { spreadsheetId: string; values: SheetCell[][] }>('appendValues'),
    openSheet: toProvide<{ opened: boolean }, { url: string }>('openSheet'),
  },
  delays: {
    popupCheckDelay: POPUP_CHECK_DELAY_MS,
    sheetsOpenDelay: SHEETS_OPEN_DELAY_MS,
  },
  guards: {
    sheetOpened: (_, tab: { opened: boolean }) => tab.opened,
    hasFreshToken: ({ context }) =>
      context.tokenExpiresAt !== null && context.tokenExpiresAt - TOKEN_MARGIN_MS > Date.now(),
  },
  actions: {
    notify,
    keepExport: assign(({ event }) => {
      const e = event as Extract<SpreadsheetExportEvent, { type: 'EXPORT' }>;
      return { title: e.title, values: e.values, spreadsheet: null };
    }),
    forgetSignIn: assign({ authUrl: null, oauthState: null }),
  },
}).createMachine({
  id: 'spreadsheetExport',
  context: { title: '', values: [], authUrl: null, oauthState: null, tokenExpiresAt: null, spreadsheet: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        EXPORT: [
          { guard: 'hasFreshToken', target: 'creating', actions: 'keepExport' },
          { target: 'authorizing', actions: 'keepExport' },
        ],
      },
    },
    authorizing: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ authUrl: context.authUrl, oauthState: context.oauthState }),
        onError: { target: 'failed', actions: 'forgetSignIn' },
      },
      initial: 'checkingPopup',
      states: {
        /** The pop-up just opened: after 500 ms the sign-in actor checks it is still there. */
        checkingPopup: {
          after: {
            popupCheckDelay: { target: 'waitingForToken', actions: sendTo('signIn', { type: 'CHECK_POPUP' }) },
          },
        },
        waitingForToken: {},
      },
      on: {
        AUTH_STARTED: {
          actions: assign({ authUrl: ({ event }) => event.authUrl, oauthState: ({ event }) => event.oauthState }),
        },
        POPUP_BLOCKED: {
          target: 'blocked.signIn',
          actions: { type: 'notify', params: BLOCKED },
        },
        AUTHORIZED: {
          target: 'creating',
          actions: [assign({ tokenExpiresAt: ({ event }) => event.expiresAt }), 'forgetSignIn'],
        },
        AUTH_FAILED: { target: 'failed', actions: 'forgetSignIn' },
        POPUP_CLOSED: { target: 'idle', actions: 'forgetSignIn' },
        // Choosing Google Sheets again while the pop-up is open (perhaps behind this window) opens it again.
        EXPORT: { target: 'authorizing', reenter: true, actions: 'keepExport' },
      },
    },
    creating: {
      entry: { type: 'notify', params: OPENING },
      invoke: {
        id: 'createSpreadsheet',
        src: 'createSpreadsheet',
        input: ({ context }) => ({ title: context.title }),
        onDone: {
          target: 'appending',
          actions: assign({
            spreadsheet: ({ event }) => ({ id: event.output.spreadsheetId, url: event.output.spreadsheetUrl }),
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            tokenExpiresAt: ({ context, event }) => (isUnauthorized(event.error) ? null : context.tokenExpiresAt),
          }),
        },
      },
    },
    appending: {
      invoke: {
        id: 'appendValues',
        src: 'appendValues',
        input: ({ context }) => ({ spreadsheetId: context.spreadsheet?.id ?? '', values: context.values }),
        onDone: { target: 'opening' },
        onError: {
          target: 'failed',
          actions: assign({
            tokenExpiresAt: ({ context, event }) => (isUnauthorized(event.error) ? null : context.tokenExpiresAt),
          }),
        },
      },
    },
    opening: {
      after: { sheetsOpenDelay: 'launching' },
    },
    launching: {
      invoke: {
        id: 'openSheet',
        src: 'openSheet',
        input: ({ context }) => ({ url: context.spreadsheet?.url ?? '' }),
        onDone: [
          {
            guard: { type: 'sheetOpened', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'notify', params: OPENED },
          },
          { target: 'blocked.sheet', actions: { type: 'notify', params: BLOCKED } },
        ],
        onError: { target: 'blocked.sheet', actions: { type: 'notify', params: BLOCKED } },
      },
    },
    blocked: {
      initial: 'signIn',
      states: {
        /** The sign-in pop-up was blocked: RETRY opens the kept URL; a new export keeps it too. */
        signIn: {
          on: {
            RETRY: { target: '#spreadsheetExport.authorizing' },
            EXPORT: { target: '#spreadsheetExport.authorizing', actions: 'keepExport' },
          },
        },
        /** The spreadsheet is ready but its tab was blocked: RETRY opens it from the user's click. */
        sheet: {
          on: {
            RETRY: { target: '#spreadsheetExport.launching' },
            EXPORT: [
              { guard: 'hasFreshToken', target: '#spreadsheetExport.creating', actions: 'keepExport' },
              { target: '#spreadsheetExport.authorizing', actions: 'keepExport' },
            ],
          },
        },
      },
      on: {
        DISMISS: { target: 'idle', actions: 'forgetSignIn' },
      },
    },
    done: {
      on: {
        EXPORT: [
          { guard: 'hasFreshToken', target: 'creating', actions: 'keepExport' },
          { target: 'authorizing', actions: 'keepExport' },
        ],
      },
    },
    failed: {
      entry: { type: 'notify', params: CREATE_FAILED },
      on: {
        EXPORT: [
          { guard: 'hasFreshToken', target: 'creating', actions: 'keepExport' },
          { target: 'authorizing', actions: 'keepExport' },
        ],
      },
    },
  },
});
