/**
 * Google, as the Sheets export sees it, answered in the browser context so pop-ups are covered too (the e2e server
 * runs with a GOOGLE_CLIENT_ID, scripts/e2e-server.ts): accounts.google.com (the sign-in pop-up), sheets.googleapis.com
 * (the Sheets API) and docs.google.com (the opened spreadsheet). No request leaves the machine. Used by
 * tests/e2e/exports.spec.ts and the spreadsheet-export path table.
 *
 * `routeGoogle` answers at once by default; `answer` lets a test hold each step (the sign-in, the create, the append)
 * and decide its answer later. `blockPopups` and `planPopups` stand in for a pop-up blocker.
 */
import type { Page } from '@playwright/test';

/** A step of the export that reaches Google. */
export type GoogleStep = 'auth' | 'create' | 'append';
/**
 * Google's answer to a step: granted / made, the person refused the sign-in, Google's sign-in page shown (the person
 * has not chosen yet), or an error status.
 */
export type GoogleAnswer = 'ok' | 'denied' | 'page' | { status: number; message: string };

/** Records Google's endpoints as the export calls them and answers them (`answer`: when and how; default at once, ok). */
export async function routeGoogle(
  page: Page,
  title: string,
  answer: (step: GoogleStep) => GoogleAnswer | Promise<GoogleAnswer> = () => 'ok',
) {
  const token = `ya29.e2e-${Date.now().toString(36)}`;
  const sheet = { id: `e2e-sheet-${Date.now().toString(36)}`, url: '' };
  sheet.url = `https://docs.google.com/spreadsheets/d/${sheet.id}/edit`;
  const google = {
    token,
    sheet,
    authRequests: [] as URL[],
    sheetsCalls: [] as { url: URL; method: string; authorization: string | null; body: unknown }[],
    sheetTabs: [] as string[],
    appendedAt: 0,
  };
  const googleError = (status: number, message: string) => ({
    status,
    json: { error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL' } },
  });
  const context = page.context();
  await context.route('https://accounts.google.com/**', async (route) => {
    const url = new URL(route.request().url());
    google.authRequests.push(url);
    const decided = await answer('auth');
    if (decided === 'page')
      return route
        .fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Sign in - Google Accounts</title><h1>Choose an account</h1>',
        })
        .catch(() => undefined);
    // Google's implicit flow answers on the redirect uri with the token (or the refusal) in the hash, next to the
    // state it was given.
    const params = new URLSearchParams(
      decided === 'ok'
        ? {
            access_token: token,
            token_type: 'Bearer',
            expires_in: '3599',
            scope: url.searchParams.get('scope') ?? '',
            state: url.searchParams.get('state') ?? '',
          }
        : { error: 'access_denied', state: url.searchParams.get('state') ?? '' },
    );
    const redirect = `${url.searchParams.get('redirect_uri')}#${params.toString()}`;
    await route
      .fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Sign in - Google Accounts</title><script>location.replace(${JSON.stringify(redirect)})</script>`,
      })
      .catch(() => undefined); // the pop-up was closed while its answer was held
  });
  await context.route('https://sheets.googleapis.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204 });
    google.sheetsCalls.push({
      url,
      method: request.method(),
      authorization: await request.headerValue('authorization'),
      body: request.postDataJSON(),
    });
    const path = decodeURIComponent(url.pathname);
    const step: GoogleStep | null =
      request.method() !== 'POST'
        ? null
        : path === '/v4/spreadsheets'
          ? 'create'
          : path === `/v4/spreadsheets/${sheet.id}/values/'Report Data'!A1:append`
            ? 'append'
            : null;
    const decided = step ? await answer(step) : null;
    const fulfill = (options: Parameters<typeof route.fulfill>[0]) => route.fulfill(options).catch(() => undefined);
    if (decided !== null && decided !== 'ok') {
      const { status, message } =
        decided === 'denied' || decided === 'page' ? { status: 403, message: 'denied' } : decided;
      return fulfill(googleError(status, message));
    }
    if (step === 'create') {
      return fulfill({
        json: {
          spreadsheetId: sheet.id,
          spreadsheetUrl: sheet.url,
          properties: { title },
          sheets: [{ properties: { sheetId: 0, title: 'Report Data' } }],
        },
      });
    }
    if (step === 'append') {
      google.appendedAt = Date.now();
      return fulfill({
        json: {
          spreadsheetId: sheet.id,
          tableRange: "'Report Data'!A1",
          updates: { spreadsheetId: sheet.id, updatedRange: "'Report Data'!A1:D9" },
        },
      });
    }
    return fulfill({
      status: 404,
      json: {
        error: { code: 404, message: `not answered by the test: ${request.method()} ${path}`, status: 'NOT_FOUND' },
      },
    });
  });
  await context.route('https://docs.google.com/**', async (route) => {
    google.sheetTabs.push(route.request().url());
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Spreadsheet - Google Sheets</title><h1>Spreadsheet</h1>',
    });
  });
  return google;
}

interface PopupLog {
  __e2eOpened: string[];
  __e2eOpenedAt: number[];
}
/** The URLs window.open was called with (blocked ones too), and when (Date.now() in the page). */
const popupLog = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Partial<PopupLog>;
    return (w.__e2eOpened ?? []).map((url, i) => ({ url, at: w.__e2eOpenedAt?.[i] ?? 0 }));
  });

/** Makes window.open of the page (and its pop-ups) return null for URLs matching `window.__e2eBlock`, as a pop-up blocker does. */
export async function blockPopups(page: Page, pattern: string) {
  await page.addInitScript((initial) => {
    const w = window as unknown as { __e2eBlock: string | null } & PopupLog;
    const open = window.open.bind(window);
    w.__e2eBlock = initial;
    w.__e2eOpened = [];
    w.__e2eOpenedAt = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      const text = String(url ?? '');
      w.__e2eOpened.push(text);
      w.__e2eOpenedAt.push(Date.now());
      if (w.__e2eBlock && new RegExp(w.__e2eBlock).test(text)) return null;
      return open(url, target, features);
    };
  }, pattern);
  return {
    set: (next: string | null) =>
      page.evaluate((value) => void ((window as unknown as { __e2eBlock: string | null }).__e2eBlock = value), next),
    opened: async () => (await popupLog(page)).map((entry) => entry.url),
  };
}

/** What window.open does for one call: opens the window, returns null (blocked), or throws (as some browsers do). */
export type PopupMode = 'open' | 'block' | 'throw';

/**
 * Decides window.open call by call: the n-th call for a URL matching `plans[i].pattern` gets `plans[i].modes[n]`
 * (then 'open'). For paths whose events say beforehand which pop-up a blocker stops.
 */
export async function planPopups(page: Page, plans: readonly { pattern: string; modes: readonly PopupMode[] }[]) {
  await page.addInitScript((initial) => {
    const w = window as unknown as PopupLog;
    const open = window.open.bind(window);
    const calls = initial.map(() => 0);
    w.__e2eOpened = [];
    w.__e2eOpenedAt = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      const text = String(url ?? '');
      w.__e2eOpened.push(text);
      w.__e2eOpenedAt.push(Date.now());
      const i = initial.findIndex((plan) => new RegExp(plan.pattern).test(text));
      const mode = i < 0 ? 'open' : (initial[i]!.modes[calls[i]!++] ?? 'open');
      if (mode === 'throw') throw new Error('window.open refused');
      if (mode === 'block') return null;
      return open(url, target, features);
    };
  }, plans);
  return { opened: () => popupLog(page) };
}
