// Google Sheets export services (docs/analyze.md §API endpoints "Third-party and client-side"): the sign-in URL, the /oauth-callback
// message, the pop-up sign-in's origin and state checks, and the two Sheets API calls decoded through io-ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE_TYPE } from '../../src/contracts/google-sheets';
import {
  appendValues,
  buildAuthUrl,
  callbackMessageFromHash,
  createAuthRequest,
  createSpreadsheet,
  GoogleApiError,
  GoogleTokenHolder,
  randomState,
  SHEETS_SCOPE,
  startPopupSignIn,
  type SignInReport,
} from '../../src/services/google-sheets.service';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sign-in request', () => {
  it('builds the implicit-flow URL with the spreadsheets scope, the callback and the state', () => {
    const url = new URL(
      buildAuthUrl({
        clientId: 'client-1.apps.googleusercontent.com',
        redirectUri: 'https://qb.example/oauth-callback',
        state: 's1',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('scope')).toBe(SHEETS_SCOPE);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/spreadsheets');
    expect(url.searchParams.get('redirect_uri')).toBe('https://qb.example/oauth-callback');
    expect(url.searchParams.get('client_id')).toBe('client-1.apps.googleusercontent.com');
    expect(url.searchParams.get('state')).toBe('s1');
  });

  it('uses a fresh 128-bit random state each time', () => {
    const a = createAuthRequest('c', 'https://qb.example');
    const b = createAuthRequest('c', 'https://qb.example');
    expect(a.oauthState).toMatch(/^[0-9a-f]{32}$/);
    expect(a.oauthState).not.toBe(b.oauthState);
    expect(new URL(a.authUrl).searchParams.get('redirect_uri')).toBe('https://qb.example/oauth-callback');
    expect(randomState()).not.toBe(randomState());
  });
});

describe('/oauth-callback hash', () => {
  it('reads the token, its lifetime and the state', () => {
    expect(
      callbackMessageFromHash('#access_token=ya29.abc&token_type=Bearer&expires_in=3599&state=s1&scope=x'),
    ).toEqual({
      type: OAUTH_MESSAGE_TYPE,
      state: 's1',
      accessToken: 'ya29.abc',
      expiresIn: 3599,
    });
  });
  it("reads Google's error", () => {
    expect(callbackMessageFromHash('#error=access_denied&state=s1')).toEqual({
      type: OAUTH_MESSAGE_TYPE,
      state: 's1',
      error: 'access_denied',
    });
  });
  it('ignores a hash without state', () => {
    expect(callbackMessageFromHash('#access_token=ya29.abc')).toBeNull();
    expect(callbackMessageFromHash('')).toBeNull();
  });
});

describe('Sheets API calls', () => {
  function stubFetch(status: number, body: unknown) {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it("creates a spreadsheet titled after the report with a 'Report Data' sheet, Google's token only", async () => {
    const fetchMock = stubFetch(200, {
      spreadsheetId: 'id-1',
      spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/id-1/edit',
      properties: { title: 'KPIs', locale: 'en_US' },
    });
    const signal = new AbortController().signal;
    const sheet = await createSpreadsheet({ accessToken: 'ya29.t', title: 'KPIs' }, signal);
    expect(sheet).toEqual({
      spreadsheetId: 'id-1',
      spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/id-1/edit',
      properties: { title: 'KPIs' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://sheets.googleapis.com/v4/spreadsheets');
    expect(init.method).toBe('POST');
    expect(init.signal).toBe(signal);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer ya29.t');
    expect(JSON.parse(String(init.body as string))).toEqual({
      properties: { title: 'KPIs' },
      sheets: [{ properties: { title: 'Report Data' } }],
    });
  });

  it('appends the values with RAW input to the export sheet', async () => {
    const fetchMock = stubFetch(200, { spreadsheetId: 'id-1', updates: { updatedRows: 2, updatedCells: 4 } });
    const values = [
      ['country', 'users'],
      ["'=x", -1],
    ];
    await appendValues({ accessToken: 'ya29.t', spreadsheetId: 'id-1', values });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(
      `https://sheets.googleapis.com/v4/spreadsheets/id-1/values/${encodeURIComponent("'Report Data'!A1")}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
    );
    expect(JSON.parse(String(init.body as string))).toEqual({
      range: "'Report Data'!A1",
      majorDimension: 'ROWS',
      values,
    });
  });

  it("turns Google's error answers and undecodable answers into GoogleApiError", async () => {
    stubFetch(401, {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    });
    const unauthorized = await createSpreadsheet({ accessToken: 'old', title: 't' }).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(GoogleApiError);
    expect(unauthorized).toMatchObject({ status: 401, message: 'Request had invalid authentication credentials.' });
    stubFetch(200, { spreadsheetUrl: 'no id' });
    await expect(createSpreadsheet({ accessToken: 't', title: 't' })).rejects.toMatchObject({
      name: 'GoogleApiError',
      status: 200,
    });
  });
});

describe('token holder', () => {
  it('forgets the token after a 401 and keeps it after other errors', async () => {
    const tokens = new GoogleTokenHolder();
    tokens.set('ya29.t');
    await expect(tokens.use(async () => Promise.reject(new GoogleApiError(500, 'x')))).rejects.toMatchObject({
      status: 500,
    });
    expect(await tokens.use(async (t) => t)).toBe('ya29.t');
    await expect(tokens.use(async () => Promise.reject(new GoogleApiError(401, 'expired')))).rejects.toMatchObject({
      status: 401,
    });
    await expect(tokens.use(async (t) => t)).rejects.toMatchObject({ status: 401 });
  });
});

describe('pop-up sign-in', () => {
  const ORIGIN = 'https://qb.example';

  function fakeWindow(popup: { closed: boolean; close(): void } | null) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const win = {
      location: { origin: ORIGIN },
      screenX: 0,
      screenY: 0,
      outerWidth: 1200,
      outerHeight: 900,
      open: vi.fn(() => popup),
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    };
    vi.stubGlobal('window', win);
    const post = (data: unknown, origin = ORIGIN) =>
      listeners.forEach((listener) => listener({ data, origin } as MessageEvent));
    return { win, post, listeners };
  }

  it('reports a blocked pop-up when window.open gives nothing, keeping the request it made', () => {
    fakeWindow(null);
    const reports: SignInReport[] = [];
    startPopupSignIn({ clientId: 'c', authUrl: null, oauthState: null }, new GoogleTokenHolder(), (event) =>
      reports.push(event),
    );
    expect(reports.map((r) => r.type)).toEqual(['AUTH_STARTED', 'POPUP_BLOCKED']);
  });

  it('reuses a kept URL and state, and reports a pop-up already closed at the check as blocked', () => {
    const { win } = fakeWindow({ closed: true, close() {} });
    const reports: SignInReport[] = [];
    const signIn = startPopupSignIn(
      { clientId: 'c', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=kept', oauthState: 'kept' },
      new GoogleTokenHolder(),
      (e) => reports.push(e),
    );
    expect(win.open).toHaveBeenCalledWith(
      'https://accounts.google.com/o/oauth2/v2/auth?state=kept',
      expect.any(String),
      expect.stringContaining('popup'),
    );
    signIn.checkPopup();
    expect(reports).toEqual([
      { type: 'AUTH_STARTED', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=kept', oauthState: 'kept' },
      { type: 'POPUP_BLOCKED' },
    ]);
  });

  it('accepts the token only from its own origin and with its own state, and keeps it out of the reports', async () => {
    const { post, listeners } = fakeWindow({ closed: false, close() {} });
    const reports: SignInReport[] = [];
    const tokens = new GoogleTokenHolder();
    const signIn = startPopupSignIn({ clientId: 'c', authUrl: 'u', oauthState: 'mine' }, tokens, (e) =>
      reports.push(e),
    );
    signIn.checkPopup();
    post({ type: OAUTH_MESSAGE_TYPE, state: 'mine', accessToken: 'stolen' }, 'https://evil.example');
    post({ type: OAUTH_MESSAGE_TYPE, state: 'other', accessToken: 'wrong-state' });
    post({ type: 'something-else', state: 'mine', accessToken: 'wrong-type' });
    post('not an object');
    expect(reports.map((r) => r.type)).toEqual(['AUTH_STARTED']);
    await expect(tokens.use(async (token) => token)).rejects.toMatchObject({ status: 401 });
    const before = Date.now();
    post({ type: OAUTH_MESSAGE_TYPE, state: 'mine', accessToken: 'ya29.good', expiresIn: 3599 });
    expect(reports[1]).toEqual({ type: 'AUTHORIZED', expiresAt: expect.any(Number) });
    expect(JSON.stringify(reports)).not.toContain('ya29');
    expect((reports[1] as { expiresAt: number }).expiresAt).toBeGreaterThanOrEqual(before + 3599_000);
    expect(await tokens.use(async (token) => token)).toBe('ya29.good');
    expect(listeners.size).toBe(0);
    signIn.stop();
  });

  it("reports Google's refusal, and a closed pop-up as cancelled after a grace period", () => {
    vi.useFakeTimers();
    const popup = { closed: false, close: vi.fn() };
    const { post } = fakeWindow(popup);
    const reports: SignInReport[] = [];
    const first = startPopupSignIn({ clientId: 'c', authUrl: 'u', oauthState: 's' }, new GoogleTokenHolder(), (e) =>
      reports.push(e),
    );
    post({ type: OAUTH_MESSAGE_TYPE, state: 's', error: 'access_denied' });
    expect(reports.at(-1)).toEqual({ type: 'AUTH_FAILED', error: 'access_denied' });
    first.stop();

    const second = startPopupSignIn({ clientId: 'c', authUrl: 'u', oauthState: 's2' }, new GoogleTokenHolder(), (e) =>
      reports.push(e),
    );
    second.checkPopup();
    popup.closed = true;
    vi.advanceTimersByTime(500);
    expect(reports.at(-1)?.type).toBe('AUTH_STARTED');
    vi.advanceTimersByTime(1000);
    expect(reports.at(-1)).toEqual({ type: 'POPUP_CLOSED' });
  });

  it('closes a pop-up still open when the sign-in is stopped', () => {
    const popup = { closed: false, close: vi.fn() };
    fakeWindow(popup);
    const signIn = startPopupSignIn(
      { clientId: 'c', authUrl: 'u', oauthState: 's' },
      new GoogleTokenHolder(),
      () => {},
    );
    signIn.stop();
    expect(popup.close).toHaveBeenCalled();
  });
});
