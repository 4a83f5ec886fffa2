/**
 * Google Sheets and Google sign-in contracts (docs/analyze.md §API endpoints "Third-party and client-side"): the two Sheets API calls of
 * the spreadsheet export and the message the /oauth-callback page posts to the window that opened it.
 * Pure: imports only io-ts (and the shared struct helper), so tests and the browser decode the same way.
 *
 * Google's answers carry many more fields; the codecs are exact, so only what the export uses is kept.
 */
import * as t from 'io-ts';
import { struct } from './codecs';

/** POST https://sheets.googleapis.com/v4/spreadsheets — request body (only what we set). */
export const CreateSpreadsheetRequest = struct(
  {
    properties: struct({ title: t.string }),
    sheets: t.array(struct({ properties: struct({ title: t.string }) })),
  },
  {},
  'CreateSpreadsheetRequest',
);
export type CreateSpreadsheetRequest = t.TypeOf<typeof CreateSpreadsheetRequest>;

/** The created spreadsheet. */
export const Spreadsheet = struct(
  { spreadsheetId: t.string, spreadsheetUrl: t.string },
  {
    properties: struct({}, { title: t.string }),
    sheets: t.array(struct({}, { properties: struct({}, { sheetId: t.number, title: t.string }) })),
  },
  'Spreadsheet',
);
export type Spreadsheet = t.TypeOf<typeof Spreadsheet>;

/** A cell as sent with valueInputOption=RAW: stored exactly as given, never parsed as a formula. */
export const SheetCell = t.union([t.string, t.number, t.boolean], 'SheetCell');
export type SheetCell = t.TypeOf<typeof SheetCell>;

/** POST .../values/{range}:append?valueInputOption=RAW — request body (a ValueRange). */
export const AppendValuesRequest = struct(
  { range: t.string, majorDimension: t.literal('ROWS'), values: t.array(t.array(SheetCell)) },
  {},
  'AppendValuesRequest',
);
export type AppendValuesRequest = t.TypeOf<typeof AppendValuesRequest>;

export const AppendValuesResponse = struct(
  { spreadsheetId: t.string },
  {
    tableRange: t.string,
    updates: struct(
      {},
      {
        spreadsheetId: t.string,
        updatedRange: t.string,
        updatedRows: t.number,
        updatedColumns: t.number,
        updatedCells: t.number,
      },
    ),
  },
  'AppendValuesResponse',
);
export type AppendValuesResponse = t.TypeOf<typeof AppendValuesResponse>;

/** Google's error body: {error:{code, message, status}}. */
export const GoogleErrorBody = struct(
  { error: struct({}, { code: t.number, message: t.string, status: t.string }) },
  {},
  'GoogleErrorBody',
);
export type GoogleErrorBody = t.TypeOf<typeof GoogleErrorBody>;

/** `type` of the message the /oauth-callback page posts to its opener. */
export const OAUTH_MESSAGE_TYPE = 'questboard:google-oauth';

/**
 * What /oauth-callback posts to `window.opener` (target origin = its own origin): the `state` it was given back and
 * either the access token (with its lifetime in seconds) or Google's error code (e.g. access_denied).
 */
export const OAuthCallbackMessage = struct(
  { type: t.literal(OAUTH_MESSAGE_TYPE), state: t.string },
  { accessToken: t.string, expiresIn: t.number, error: t.string },
  'OAuthCallbackMessage',
);
export type OAuthCallbackMessage = t.TypeOf<typeof OAuthCallbackMessage>;
