/**
 * Google Sheets export, browser side (docs/analyze.md §Report states "Spreadsheet export", §API endpoints "Third-party and client-side", §Rules and limits delays).
 *
 *  - Sign-in: Google's OAuth 2.0 implicit flow in a pop-up (response_type=token, the spreadsheets scope,
 *    redirect_uri `${origin}/oauth-callback`, a random `state`). The callback page posts `{state, accessToken}` to
 *    this window with its own origin as target; here the message is accepted only from our origin, only when it
 *    decodes and only with the `state` this sign-in created. The token is kept in memory only, in a
 *    GoogleTokenHolder owned by the export menu: never in storage, never sent to Questboard's server, and never in
 *    the machine's context or events either (the flow inspector, ?inspect=1, mirrors those to another site); the
 *    machine only knows when the token expires.
 *  - Sheets API: create a spreadsheet titled after the report (its one sheet named 'Report Data'), then append the
 *    values with valueInputOption=RAW, so Google stores every cell as given and never parses a formula (the text
 *    cells are neutralised as well, src/lib/exports.ts). Answers are decoded with src/contracts/google-sheets.
 *    These calls carry Google's token, never Questboard's: they do not go through http.ts.
 *
 * The machine (src/machines/spreadsheet-export) decides when each step runs; the view wires these functions in.
 */
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { describeErrors } from '../contracts/codecs';
import {
  AppendValuesResponse,
  GoogleErrorBody,
  OAuthCallbackMessage,
  OAUTH_MESSAGE_TYPE,
  Spreadsheet,
  type AppendValuesRequest,
  type CreateSpreadsheetRequest,
  type SheetCell,
} from '../contracts/google-sheets';
import { RUNTIME_META } from '../contracts/runtime-config';
import { href } from '../paths';
import { XLSX_SHEET_NAME } from '../lib/exports';

export const GOOGLE_AUTH_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';
export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
export const SHEETS_API = 'https://sheets.googleapis.com/v4/spreadsheets';
export const OAUTH_CALLBACK_PATH = href.oauthCallback();
/** The sheet the values go to; the same name as the Excel export's sheet. */
export const SHEET_NAME = XLSX_SHEET_NAME;
/** Shown (and used as the disabled menu item's explanation) when no Google client id is configured. */
export const GOOGLE_SHEETS_NOT_CONFIGURED = 'Google Sheets export is not configured on this server.';

/**
 * The Google OAuth client id from configuration, or null: the server's `GOOGLE_CLIENT_ID`, written into index.html
 * when it serves the page; under `npm run dev` (Vite serves the page) `VITE_GOOGLE_CLIENT_ID` instead.
 */
export function googleClientId(): string | null {
  const fromServer =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_META.googleClientId}"]`)?.content;
  const value: unknown = fromServer?.trim() || import.meta.env.VITE_GOOGLE_CLIENT_ID;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** 128 random bits as hex: the OAuth `state` that ties the callback to this sign-in. */
export function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AuthRequest {
  authUrl: string;
  oauthState: string;
}

export function buildAuthUrl({
  clientId,
  redirectUri,
  state,
}: {
  clientId: string;
  redirectUri: string;
  state: string;
}): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'token',
    scope: SHEETS_SCOPE,
    state,
    include_granted_scopes: 'true',
    prompt: 'select_account',
  });
  return `${GOOGLE_AUTH_ENDPOINT}?${params.toString()}`;
}

/** A fresh sign-in request: the authorization URL with a new random state. */
export function createAuthRequest(clientId: string, origin: string = window.location.origin): AuthRequest {
  const oauthState = randomState();
  return {
    authUrl: buildAuthUrl({ clientId, redirectUri: `${origin}${OAUTH_CALLBACK_PATH}`, state: oauthState }),
    oauthState,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sheets API

/** Google answered with an error status (401: the token expired or was revoked), or could not be reached (0). */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

async function googleRequest<A>(
  codec: t.Decoder<unknown, A>,
  url: string,
  accessToken: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<A> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new GoogleApiError(0, 'Google Sheets could not be reached.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const decodedError = GoogleErrorBody.decode(payload);
    const message = isLeft(decodedError) ? undefined : decodedError.right.error.message;
    throw new GoogleApiError(response.status, message ?? `Google Sheets answered ${response.status}.`);
  }
  const decoded = codec.decode(payload);
  if (isLeft(decoded))
    throw new GoogleApiError(
      response.status,
      `Unexpected answer from Google Sheets: ${describeErrors(decoded.left).slice(0, 3).join('; ')}`,
    );
  return decoded.right;
}

/** POST /v4/spreadsheets: a new spreadsheet with the given title and one sheet named 'Report Data'. */
export function createSpreadsheet(
  { accessToken, title }: { accessToken: string; title: string },
  signal?: AbortSignal,
): Promise<Spreadsheet> {
  const body: CreateSpreadsheetRequest = { properties: { title }, sheets: [{ properties: { title: SHEET_NAME } }] };
  return googleRequest(Spreadsheet, SHEETS_API, accessToken, body, signal);
}

/** The A1 range of the export sheet's first cell, quoted as Sheets requires for names with spaces. */
export const SHEET_RANGE = `'${SHEET_NAME.replace(/'/g, "''")}'!A1`;

/** POST .../values/{range}:append?valueInputOption=RAW: the rows (header first) appended to the export sheet. */
export function appendValues(
  { accessToken, spreadsheetId, values }: { accessToken: string; spreadsheetId: string; values: SheetCell[][] },
  signal?: AbortSignal,
): Promise<AppendValuesResponse> {
  const url = `${SHEETS_API}/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(SHEET_RANGE)}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`;
  const body: AppendValuesRequest = { range: SHEET_RANGE, majorDimension: 'ROWS', values };
  return googleRequest(AppendValuesResponse, url, accessToken, body, signal);
}

/**
 * The Google access token, in memory only. The export's actors read it; a 401 from Google clears it, so the next
 * export signs in again.
 */
export class GoogleTokenHolder {
  private token: string | null = null;
  set(token: string): void {
    this.token = token;
  }
  clear(): void {
    this.token = null;
  }
  /** Runs a Sheets call with the token (a 401 when there is none); a 401 answer forgets the token. */
  async use<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    if (!this.token) throw new GoogleApiError(401, 'Not signed in to Google.');
    try {
      return await call(this.token);
    } catch (error) {
      if (error instanceof GoogleApiError && error.status === 401) this.clear();
      throw error;
    }
  }
}

/** Opens the spreadsheet in a new tab. False when the browser blocked it. */
export function openSheetWindow(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // Cross-origin already: nothing to cut.
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in pop-up

/** What a pop-up sign-in reports to the machine (these are spreadsheet-export machine events; no token in them). */
export type SignInReport =
  | { type: 'AUTH_STARTED'; authUrl: string; oauthState: string }
  | { type: 'POPUP_BLOCKED' }
  | { type: 'AUTHORIZED'; expiresAt: number }
  | { type: 'AUTH_FAILED'; error: string }
  | { type: 'POPUP_CLOSED' };

export interface PopupSignIn {
  /** The machine asks this after the pop-up check delay: a pop-up closed already counts as blocked. */
  checkPopup(): void;
  /** Stops listening (and closes a pop-up still open). */
  stop(): void;
}

const POPUP_POLL_MS = 500;
/** After the pop-up closes, how long a late message may still arrive before the sign-in counts as cancelled. */
const CLOSE_GRACE_MS = 1000;
/** Google access tokens of the implicit flow live an hour when the answer does not say. */
const DEFAULT_EXPIRES_IN = 3600;

function popupFeatures(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the sign-in pop-up (reusing `authUrl`/`oauthState` when a blocked attempt kept them, else a fresh request)
 * and reports what happens through `report`; the token goes into `tokens`. Call it from a user gesture so the
 * browser allows the pop-up.
 */
export function startPopupSignIn(
  input: { clientId: string; authUrl: string | null; oauthState: string | null },
  tokens: GoogleTokenHolder,
  report: (event: SignInReport) => void,
): PopupSignIn {
  const request =
    input.authUrl && input.oauthState
      ? { authUrl: input.authUrl, oauthState: input.oauthState }
      : createAuthRequest(input.clientId);
  report({ type: 'AUTH_STARTED', ...request });
  let finished = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;

  const popup = window.open(request.authUrl, 'questboard-google-sign-in', popupFeatures());

  const cleanUp = () => {
    finished = true;
    window.removeEventListener('message', onMessage);
    if (poll) clearInterval(poll);
    if (grace) clearTimeout(grace);
  };
  const finish = (event: SignInReport) => {
    if (finished) return;
    cleanUp();
    report(event);
  };

  function onMessage(event: MessageEvent) {
    if (event.origin !== window.location.origin) return;
    const decoded = OAuthCallbackMessage.decode(event.data);
    if (isLeft(decoded)) return;
    const message = decoded.right;
    if (message.type !== OAUTH_MESSAGE_TYPE || message.state !== request.oauthState) return;
    if (message.accessToken) {
      tokens.set(message.accessToken);
      finish({ type: 'AUTHORIZED', expiresAt: Date.now() + (message.expiresIn ?? DEFAULT_EXPIRES_IN) * 1000 });
    } else {
      finish({ type: 'AUTH_FAILED', error: message.error ?? 'no_token' });
    }
  }

  if (!popup) {
    finished = true;
    report({ type: 'POPUP_BLOCKED' });
    return { checkPopup() {}, stop() {} };
  }
  window.addEventListener('message', onMessage);

  const isClosed = () => {
    try {
      return popup.closed !== false;
    } catch {
      return false;
    }
  };

  return {
    checkPopup() {
      if (finished) return;
      if (isClosed()) {
        finish({ type: 'POPUP_BLOCKED' });
        return;
      }
      poll = setInterval(() => {
        if (finished || !isClosed()) return;
        if (poll) clearInterval(poll);
        poll = undefined;
        grace = setTimeout(() => finish({ type: 'POPUP_CLOSED' }), CLOSE_GRACE_MS);
      }, POPUP_POLL_MS);
    },
    stop() {
      const wasFinished = finished;
      cleanUp();
      if (!wasFinished && !isClosed()) {
        try {
          popup.close();
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/**
 * Reads the /oauth-callback hash (`#access_token=…&expires_in=…&state=…` or `#error=…&state=…`) into the message
 * for the opener; null when the hash holds no state (not a sign-in answer).
 */
export function callbackMessageFromHash(hash: string): OAuthCallbackMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  if (!state) return null;
  const accessToken = params.get('access_token');
  const expiresIn = Number(params.get('expires_in'));
  const error = params.get('error');
  return {
    type: OAUTH_MESSAGE_TYPE,
    state,
    ...(accessToken ? { accessToken } : {}),
    ...(accessToken && Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresIn } : {}),
    ...(accessToken ? {} : { error: error ?? 'no_token' }),
  };
}
