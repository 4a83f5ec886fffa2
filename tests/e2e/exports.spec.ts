/**
 * Exports and 'View SQL' of the Analyze report builder end to end (docs/analyze.md §Screens and routes Report builder 'Export As', §Report states
 * spreadsheet export, §API endpoints "Third-party and client-side", §Messages export messages, §Rules and limits snackbar durations and the sheets
 * delays) on the demo app with its real results: CSV and XLSX downloads read back in the test, the clipboard copy,
 * formula-looking text neutralised in every export (src/lib/exports.ts: a leading `'` before `=`, `+`, `-`, `@`,
 * tab or CR; numbers stay numbers), the Google Sheets flow and the compiled SQL with its bound values.
 *
 * Google is never reached: accounts.google.com (the sign-in pop-up), sheets.googleapis.com (the Sheets API) and
 * docs.google.com (the opened spreadsheet) are answered by Playwright routes on the browser context, so pop-ups are
 * covered too. The e2e server runs with a GOOGLE_CLIENT_ID (scripts/e2e-server.ts), which it writes into the
 * index.html it serves; the "not configured" test serves that page with the id emptied.
 *
 * Every test saves its own uniquely titled report and deletes it, so the tests do not depend on each other.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { unique } from './pages/demo';
import { Shell } from './pages/shell.page';
import { RUNTIME_META } from '../../src/contracts/runtime-config';
import { ANALYZE_APP, MESSAGES, ReportBuilder, expectAnalyticsReady, scriptsLoaded } from './pages/report-builder.page';
import { blockPopups, routeGoogle } from './pages/google';

test.describe.configure({ timeout: 120_000 });

/** docs/analyze.md §Messages export messages, verbatim; the not-configured explanation as src/services/google-sheets.service.ts has it. */
const EXPORT_MESSAGES = {
  noData: 'No data available to copy.',
  copied: 'Copied to clipboard!',
  popupBlocked: 'The browser blocked the pop-up. Please allow pop-ups and try again.',
  openingSheets: 'Opening Google Sheets!',
  sheetOpened: 'Google Sheet opened successfully!',
  notConfigured: 'Google Sheets export is not configured on this server.',
} as const;
/** docs/analyze.md §Rules and limits snackbar durations of those messages. */
const COPIED_MS = 2_000;
const BLOCKED_MS = 3_000;
/** docs/analyze.md §Rules and limits sheets open delay. */
const SHEETS_OPEN_DELAY_MS = 1_000;

const UTF8_BOM = '\uFEFF';
const CLIENT_ID_META = `meta[name="${RUNTIME_META.googleClientId}"]`;

test.beforeAll(({ request }) => expectAnalyticsReady(request));

// -- helpers ---------------------------------------------------------------------------------------------------------

/** A cell as the exports see it: a single-value object ({value: 3}) unwrapped, a missing cell null. */
function plain(cell: unknown): string | number | boolean | null {
  let value = cell;
  while (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1)
    value = Object.values(value)[0];
  return value === undefined ? null : (value as string | number | boolean | null);
}

/** RFC 4180: fields separated by commas, records by CRLF, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Opens a downloaded XLSX file with exceljs (node side). */
async function readXlsx(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** The text cells of a result that could start a formula, and what every export must write instead. */
const FORMULA_CASES = [
  // text: the result cell; safe: the neutralised text (XLSX cell, Google Sheets value, parsed CSV field);
  // csv / tsv: the field exactly as written in the CSV file and the clipboard text.
  {
    text: '=HYPERLINK("http://x","y")',
    safe: `'=HYPERLINK("http://x","y")`,
    csv: `"'=HYPERLINK(""http://x"",""y"")"`,
    tsv: `"'=HYPERLINK(""http://x"",""y"")"`,
  },
  { text: '+1-2', safe: "'+1-2", csv: "'+1-2", tsv: "'+1-2" },
  { text: '@SUM(A1)', safe: "'@SUM(A1)", csv: "'@SUM(A1)", tsv: "'@SUM(A1)" },
  { text: '-2+3', safe: "'-2+3", csv: "'-2+3", tsv: "'-2+3" },
  { text: '\t=1+1', safe: "'\t=1+1", csv: "'\t=1+1", tsv: `"'\t=1+1"` },
  { text: '\r=1+1', safe: "'\r=1+1", csv: `"'\r=1+1"`, tsv: `"'\r=1+1"` },
  // A plain number written as text cannot start a formula: kept as it is (and stays text).
  { text: '-1.5', safe: '-1.5', csv: '-1.5', tsv: '-1.5' },
  { text: 'Plain, text', safe: 'Plain, text', csv: '"Plain, text"', tsv: 'Plain, text' },
] as const;

/**
 * Answers the signed result GET (docs/analyze.md §API endpoints `{report}`) of the next runs with rows built on the real answer's columns:
 * the group-by column `textColumn` holds FORMULA_CASES, the metrics numbers (negative, fractions, a null and a
 * single-value object). The real request still goes to the server, so its signature is checked as usual.
 */
async function serveFormulaRows(page: Page, textColumn: string) {
  const served: { rows: Record<string, unknown>[] } = { rows: [] };
  await page.route('**/analytics/result/**', async (route: Route) => {
    const response = await route.fetch();
    const real = ((await response.json()) as { report: Record<string, unknown>[] }).report;
    expect(real.length, 'the real run returned rows to take the columns from').toBeGreaterThan(0);
    const metrics = Object.keys(real[0]!).filter((name) => name !== textColumn);
    served.rows = FORMULA_CASES.map((c, i) => ({
      [textColumn]: c.text,
      ...Object.fromEntries(
        metrics.map((name, m) => [name, m === 0 ? -(i + 1) : m === 1 ? i / 4 : i === 0 ? null : { value: i * 10 }]),
      ),
    }));
    await route.fulfill({ response, json: { report: served.rows } });
  });
  return served;
}

/** A result cell as CSV / clipboard text writes a number or a null (numbers as plain numerals, nulls empty). */
const numeral = (cell: unknown) => {
  const value = plain(cell);
  return value === null ? '' : String(value);
};

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Times a snackbar with the page's own clock, so the measure does not depend on how long Playwright's click takes to
 * return (it once returned late and the 3 s check failed). Install it before the action that shows the message: a
 * MutationObserver notes performance.now() each time an element with exactly `text` appears in the snackbars' live
 * region (where Shell.snackbar looks) and when it is gone again. `spans()` lists those showings, in ms.
 */
async function timeSnackbar(page: Page, text: string) {
  await page.evaluate((message) => {
    type Span = { shownAt: number; hiddenAt?: number };
    const w = window as unknown as { __e2eSnackbarSpans?: Record<string, Span[]> };
    const spans: Span[] = ((w.__e2eSnackbarSpans ??= {})[message] = []);
    const present = () =>
      Array.from(document.querySelectorAll('[aria-live="polite"] *')).some((el) => el.textContent?.trim() === message);
    let shown = present();
    if (shown) spans.push({ shownAt: performance.now() });
    new MutationObserver(() => {
      if (present() === shown) return;
      shown = !shown;
      if (shown) spans.push({ shownAt: performance.now() });
      else spans.at(-1)!.hiddenAt = performance.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return {
    spans: () =>
      page.evaluate(
        (message) =>
          (window as unknown as { __e2eSnackbarSpans: Record<string, { shownAt: number; hiddenAt?: number }[]> })
            .__e2eSnackbarSpans[message]!,
        text,
      ),
  };
}

/**
 * Expects the first showing of a timed snackbar to have lasted `ms` (docs/analyze.md §Rules and limits). The tolerance keeps the neighbouring
 * durations (2 s, 3 s, 10 s) apart: up to 200 ms short (the message renders a moment after its timer starts) and up to
 * 1 s long (a busy machine fires the timer late).
 */
async function expectShownFor(timer: Awaited<ReturnType<typeof timeSnackbar>>, ms: number) {
  const [first] = await timer.spans();
  expect(first, 'the snackbar appeared').toBeDefined();
  expect(first!.hiddenAt, 'the snackbar went away').toBeDefined();
  const shownFor = first!.hiddenAt! - first!.shownAt;
  test
    .info()
    .annotations.push({ type: 'snackbar', description: `shown for ${Math.round(shownFor)} ms (expected ${ms} ms)` });
  expect(shownFor, `shown for about ${ms} ms`).toBeGreaterThanOrEqual(ms - 200);
  expect(shownFor, `shown for about ${ms} ms`).toBeLessThanOrEqual(ms + 1_000);
}

// -- local exports ---------------------------------------------------------------------------------------------------

test('CSV downloads report_data.csv with the result columns and every row, numbers as plain numerals', async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  // The whole available range: more rows than the grid's first page, and the export holds them all.
  await builder.startDate.fill((await builder.startDate.getAttribute('min'))!);
  await builder.rename(unique('CSV export'));
  const rows = await builder.runForRows();
  const columns = await builder.columnNames();
  expect(columns[0]).toBe('date');
  expect(rows.length, 'the demo data has more days than one grid page').toBeGreaterThan(20);
  await expect(builder.rowCount).toHaveText(`${rows.length} rows`);
  await expect(builder.bodyRows).toHaveCount(20);

  const downloading = page.waitForEvent('download');
  await builder.exportAs('CSV');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('report_data.csv');
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith(UTF8_BOM), 'a UTF-8 byte-order mark for Excel').toBe(true);
  expect(text.endsWith('\r\n'), 'records end with CRLF').toBe(true);

  const [header, ...records] = parseCsv(text.slice(UTF8_BOM.length));
  // Headed by the labels the grid shows ("New Users"), not the column ids.
  const labels = await builder.columnLabels();
  expect(labels[0]).toBe('Date');
  expect(header).toEqual(labels);
  expect(records).toHaveLength(rows.length);
  records.forEach((record, r) => {
    columns.forEach((column, c) => {
      const cell = plain(rows[r]![column]);
      if (typeof cell === 'number') {
        // A number is written as its plain numeral (never quoted, never neutralised), and reads back exactly.
        expect(record[c], `row ${r + 1} ${column}`).toBe(String(cell));
        expect(Number(record[c])).toBe(cell);
      } else {
        expect(record[c], `row ${r + 1} ${column}`).toBe(cell === null ? '' : String(cell));
      }
    });
  });
  await builder.deleteReport();
});

test('Excel downloads report_data.xlsx (sheet Report Data, labelled, numeric and date cells) and loads exceljs only then', async ({
  page,
}) => {
  const scripts = scriptsLoaded(page);
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.rename(unique('Excel export'));
  const rows = await builder.runForRows();
  const columns = await builder.columnNames();
  await expect(builder.rowCount).toHaveText(`${rows.length} rows`);
  // Open the menu and look at it: still no Excel code.
  await builder.exportMenu.click();
  await expect(builder.exportItem('Excel')).toBeVisible();
  expect(scripts.excel(), 'no Excel code before Excel is chosen').toBe(false);

  const downloading = page.waitForEvent('download');
  await builder.exportItem('Excel').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('report_data.xlsx');
  expect(scripts.excel(), 'the Excel code loads for the Excel export').toBe(true);

  const workbook = await readXlsx((await download.path())!);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Report Data']);
  const sheet = workbook.getWorksheet('Report Data')!;
  expect(sheet.rowCount).toBe(rows.length + 1);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(await builder.columnLabels());
  expect(columns[0]).toBe('date');
  rows.forEach((row, r) => {
    columns.forEach((column, c) => {
      const expected = plain(row[column]);
      const cell = sheet.getRow(r + 2).getCell(c + 1);
      if (c === 0) {
        // The Date column holds real dates (a date number format), so a spreadsheet sorts and charts them.
        expect(cell.type, `row ${r + 1} ${column} is a date cell`).toBe(ExcelJS.ValueType.Date);
        expect((cell.value as Date).toISOString().slice(0, 10)).toBe(expected);
        expect(cell.numFmt).toBe('yyyy-mm-dd');
      } else if (typeof expected === 'number') {
        expect(cell.type, `row ${r + 1} ${column} is a numeric cell`).toBe(ExcelJS.ValueType.Number);
        expect(cell.value).toBe(expected);
      } else if (expected === null) {
        expect(cell.type, `row ${r + 1} ${column} is blank`).toBe(ExcelJS.ValueType.Null);
      } else {
        expect(cell.type, `row ${r + 1} ${column} is text`).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(expected);
      }
    });
  });
  expect(
    rows.some((row) => typeof plain(row.new_users) === 'number'),
    'the result has numbers to check',
  ).toBe(true);
  await builder.deleteReport();
});

test('Copy to Clipboard puts tab-separated text on the clipboard and says so for 2 s', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Platform' });
  await builder.rename(unique('Clipboard export'));
  const rows = await builder.runForRows();
  const columns = await builder.columnNames();
  await page.evaluate(() => navigator.clipboard.writeText('before the copy'));

  const shell = new Shell(page);
  const copiedSnackbar = await timeSnackbar(page, EXPORT_MESSAGES.copied);
  await builder.exportAs('Copy to Clipboard');
  await expect(shell.snackbar(EXPORT_MESSAGES.copied)).toBeVisible();
  const lines = (await clipboardText(page)).split('\n');
  expect(lines[0]).toBe((await builder.columnLabels()).join('\t'));
  expect(lines[0]).not.toBe(columns.join('\t'));
  expect(lines.slice(1)).toEqual(rows.map((row) => columns.map((column) => numeral(row[column])).join('\t')));
  // docs/analyze.md §Rules and limits: the message goes away after 2 s.
  await expect(shell.snackbar(EXPORT_MESSAGES.copied)).toBeHidden({ timeout: COPIED_MS + 5_000 });
  await expectShownFor(copiedSnackbar, COPIED_MS);
  await builder.deleteReport();
});

test('with no rows, Copy to Clipboard alerts that there is no data', async ({ page }) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.rename(unique('Empty export'));
  await page.route('**/analytics/result/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { report: [] } });
  });
  // No grid with no rows (so not builder.run(), which waits for the grid): the run's message and the empty notice.
  const answered = page.waitForResponse((r) => r.url().includes('/analytics/result/'), { timeout: 30_000 });
  await builder.runButton.click();
  await answered;
  await expect(page.getByText(MESSAGES.created).last()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No rows match this report.', { exact: true })).toBeVisible();
  await expect(builder.results).toHaveCount(0);
  // The alert blocks the page until it is answered, so answer it from the handler.
  const alerts: { type: string; message: string }[] = [];
  page.once('dialog', (dialog) => {
    alerts.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  await builder.exportAs('Copy to Clipboard');
  await expect.poll(() => alerts).toEqual([{ type: 'alert', message: EXPORT_MESSAGES.noData }]);
  await expect(new Shell(page).snackbar(EXPORT_MESSAGES.copied)).toHaveCount(0);
  await builder.deleteReport();
});

test('formula-looking text is neutralised in the CSV, the XLSX and the clipboard; numbers stay numbers', async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Country' });
  await builder.rename(unique('Formula export'));
  const served = await serveFormulaRows(page, 'country');
  await builder.run();
  const columns = await builder.columnNames();
  expect(columns[0]).toBe('country');
  await expect(builder.rowCount).toHaveText(`${FORMULA_CASES.length} rows`);
  const rows = served.rows;
  const metrics = columns.slice(1);
  const labels = await builder.columnLabels();

  // CSV: the whole file, byte for byte.
  const downloadingCsv = page.waitForEvent('download');
  await builder.exportAs('CSV');
  const csv = fs.readFileSync((await (await downloadingCsv).path())!, 'utf8');
  const expectedCsv =
    [
      labels.join(','),
      ...FORMULA_CASES.map((c, i) => [c.csv, ...metrics.map((m) => numeral(rows[i]![m]))].join(',')),
    ].join('\r\n') + '\r\n';
  expect(csv).toBe(UTF8_BOM + expectedCsv);
  expect(
    parseCsv(csv.slice(1))
      .slice(1)
      .map((record) => record[0]),
  ).toEqual(FORMULA_CASES.map((c) => c.safe));
  expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")",-1,0,`);

  // XLSX: the neutralised text as text cells, numbers as numeric cells (a negative one too), the null blank.
  const downloadingXlsx = page.waitForEvent('download');
  await builder.exportAs('Excel');
  const workbook = await readXlsx((await (await downloadingXlsx).path())!);
  const sheet = workbook.getWorksheet('Report Data')!;
  FORMULA_CASES.forEach((c, i) => {
    const row = sheet.getRow(i + 2);
    expect(row.getCell(1).type, `${JSON.stringify(c.text)} is a text cell`).toBe(ExcelJS.ValueType.String);
    // A CR is written as the OOXML escape _x000D_ (a raw CR would read back as LF), so the text comes back exactly.
    expect(row.getCell(1).value).toBe(c.safe);
    metrics.forEach((m, k) => {
      const expected = plain(rows[i]![m]);
      const cell = row.getCell(k + 2);
      if (expected === null) expect(cell.type).toBe(ExcelJS.ValueType.Null);
      else {
        expect(cell.type, `${m} of row ${i + 1} is numeric`).toBe(ExcelJS.ValueType.Number);
        expect(cell.value).toBe(expected);
      }
    });
  });
  expect(sheet.getRow(2).getCell(2).value).toBe(-1);

  // Clipboard: tab-separated, the same neutralised text (quoted where it holds a tab, CR or quote).
  await builder.exportAs('Copy to Clipboard');
  await expect(new Shell(page).snackbar(EXPORT_MESSAGES.copied)).toBeVisible();
  const expectedTsv = [
    labels.join('\t'),
    ...FORMULA_CASES.map((c, i) => [c.tsv, ...metrics.map((m) => numeral(rows[i]![m]))].join('\t')),
  ].join('\n');
  expect(await clipboardText(page)).toBe(expectedTsv);
  await builder.deleteReport();
});

// -- Google Sheets ---------------------------------------------------------------------------------------------------

test('without a Google client id the Google Sheets item is disabled and says why', async ({ page, baseURL }) => {
  // The page as a server without GOOGLE_CLIENT_ID serves it: the runtime meta tag empty.
  await page.route(
    (url) => url.origin === new URL(baseURL!).origin && url.pathname.startsWith('/workspace/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<meta name="questboard-google-client-id" content=")[^"]*(")/,
        '$1$2',
      );
      await route.fulfill({ response, body: html });
    },
  );
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await expect(page.locator(CLIENT_ID_META)).toHaveAttribute('content', '');
  await builder.groupBy.selectOption({ label: 'Platform' });
  await builder.rename(unique('No Google'));
  await builder.run();
  await builder.exportMenu.click();
  const item = builder.exportItem('Google Sheets');
  await expect(item).toBeVisible();
  await expect(item).toBeDisabled();
  await expect(item).toHaveAccessibleDescription(EXPORT_MESSAGES.notConfigured);
  await expect(item.getByText(EXPORT_MESSAGES.notConfigured, { exact: true })).toBeVisible();
  // The other exports stay available.
  await expect(builder.exportItem('CSV')).toBeEnabled();
  await expect(builder.exportItem('Copy to Clipboard')).toBeEnabled();
  await page.keyboard.press('Escape');
  await builder.deleteReport();
});

test('Google Sheets: sign-in pop-up, spreadsheet created, RAW values appended, the sheet opens after 1 s', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  const clientId = await page.locator(CLIENT_ID_META).getAttribute('content');
  expect(
    clientId,
    'the server writes its GOOGLE_CLIENT_ID into the page (scripts/e2e-server.ts sets one)',
  ).toBeTruthy();
  await builder.groupBy.selectOption({ label: 'Country' });
  const title = unique('Sheets export');
  await builder.rename(title);
  const served = await serveFormulaRows(page, 'country');
  await builder.run();
  const columns = await builder.columnNames();
  const google = await routeGoogle(page, title);
  // The Google token must never reach Questboard's server, and the callback pop-up leaves the session alone
  // (no API call of its own: a pop-up closing mid-request once dropped the shared stored token).
  const leaked: string[] = [];
  const popupApiCalls: string[] = [];
  page.context().on('request', (request) => {
    if (
      request.url().startsWith(origin) &&
      (request.url().includes(google.token) || (request.headers().authorization ?? '').includes(google.token))
    )
      leaked.push(request.url());
    const api = request.url().startsWith(origin) && /^\/(api|analytics)\//.test(new URL(request.url()).pathname);
    if (api && !request.isNavigationRequest() && request.frame().page() !== page) popupApiCalls.push(request.url());
  });
  const sessionToken = await page.evaluate(() => localStorage.getItem('questboard.token'));
  expect(sessionToken).toBeTruthy();
  const popups: { page: Page; at: number }[] = [];
  page.on('popup', (popup) => popups.push({ page: popup, at: Date.now() }));

  await builder.exportAs('Google Sheets');
  // The sign-in pop-up goes to Google's OAuth endpoint (implicit flow, spreadsheets scope, our callback, a state).
  await expect.poll(() => popups.length).toBeGreaterThanOrEqual(1);
  await expect.poll(() => google.authRequests.length).toBe(1);
  const auth = google.authRequests[0]!;
  expect(`${auth.origin}${auth.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  expect(auth.searchParams.get('client_id')).toBe(clientId);
  expect(auth.searchParams.get('redirect_uri')).toBe(`${origin}/oauth-callback`);
  expect(auth.searchParams.get('response_type')).toBe('token');
  expect(auth.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/spreadsheets');
  expect(auth.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  // /oauth-callback posts the token to this window and closes itself.
  const signInPopup = popups[0]!.page;
  if (!signInPopup.isClosed()) await signInPopup.waitForEvent('close', { timeout: 20_000 });

  const shell = new Shell(page);
  await expect(shell.snackbar(EXPORT_MESSAGES.openingSheets)).toBeVisible();
  await expect(shell.snackbar(EXPORT_MESSAGES.sheetOpened)).toBeVisible({ timeout: 20_000 });

  // Create: titled after the report, one sheet 'Report Data', with Google's token.
  expect(google.sheetsCalls).toHaveLength(2);
  const [create, append] = google.sheetsCalls;
  expect(create!.method).toBe('POST');
  expect(create!.authorization).toBe(`Bearer ${google.token}`);
  expect(create!.body).toEqual({ properties: { title }, sheets: [{ properties: { title: 'Report Data' } }] });
  // Append: RAW input (Google stores the text, never a formula), the header then every row, neutralised.
  expect(append!.method).toBe('POST');
  expect(append!.authorization).toBe(`Bearer ${google.token}`);
  expect(append!.url.searchParams.get('valueInputOption')).toBe('RAW');
  const metrics = columns.slice(1);
  expect(append!.body).toEqual({
    range: "'Report Data'!A1",
    majorDimension: 'ROWS',
    values: [
      await builder.columnLabels(),
      ...FORMULA_CASES.map((c, i) => [c.safe, ...metrics.map((m) => plain(served.rows[i]![m]) ?? '')]),
    ],
  });

  // The spreadsheet opens in a new tab 1 s after the values are in.
  await expect.poll(() => popups.length).toBe(2);
  const sheetTab = popups[1]!.page;
  await sheetTab.waitForURL(google.sheet.url);
  expect(popups[1]!.at - google.appendedAt, 'the sheets open delay').toBeGreaterThanOrEqual(SHEETS_OPEN_DELAY_MS - 100);
  expect(google.sheetTabs).toEqual([google.sheet.url]);

  expect(leaked, 'requests to Questboard carrying the Google token').toEqual([]);
  const stored = await page.evaluate(
    () =>
      JSON.stringify(Object.fromEntries(Object.entries(localStorage))) +
      JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))),
  );
  expect(stored).not.toContain(google.token);
  expect(popupApiCalls, 'API calls from the pop-ups').toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('questboard.token')), 'the session survives the pop-up').toBe(
    sessionToken,
  );
  await sheetTab.close();
  await builder.deleteReport();
});

test('Google Sheets: blocked pop-ups say so for 3 s and open from a click on Try again / Open Google Sheet', async ({
  page,
}) => {
  const blocker = await blockPopups(page, '^https://(accounts|docs)\\.google\\.com/');
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Platform' });
  const title = unique('Sheets blocked');
  await builder.rename(title);
  await builder.run();
  const google = await routeGoogle(page, title);
  const popups: Page[] = [];
  page.on('popup', (popup) => popups.push(popup));
  const shell = new Shell(page);

  // 1. The sign-in pop-up is blocked.
  const blockedSnackbar = await timeSnackbar(page, EXPORT_MESSAGES.popupBlocked);
  await builder.exportAs('Google Sheets');
  await expect(shell.snackbar(EXPORT_MESSAGES.popupBlocked)).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'The Google sign-in pop-up was blocked.' });
  await expect(notice).toBeVisible();
  await expect(shell.snackbar(EXPORT_MESSAGES.popupBlocked)).toBeHidden({ timeout: BLOCKED_MS + 5_000 });
  await expectShownFor(blockedSnackbar, BLOCKED_MS);
  expect(google.authRequests, 'nothing reached Google').toHaveLength(0);
  const [blockedUrl] = await blocker.opened();
  expect(blockedUrl).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);

  // Try again (a click, so a real browser allows it) opens the same sign-in URL, state included.
  await blocker.set('^https://docs\\.google\\.com/');
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => google.authRequests.length).toBe(1);
  expect(google.authRequests[0]!.href).toBe(blockedUrl);
  await expect.poll(() => popups.length).toBe(1);

  // 2. The spreadsheet is made, but its tab (opened 1 s later, outside the click) is blocked.
  await expect.poll(() => google.sheetsCalls.length, { timeout: 20_000 }).toBe(2);
  const sheetNotice = page
    .getByRole('alert')
    .filter({ hasText: 'Your Google Sheet is ready, but the pop-up was blocked.' });
  await expect(sheetNotice).toBeVisible({ timeout: 20_000 });
  await expect(shell.snackbar(EXPORT_MESSAGES.popupBlocked)).toBeVisible();
  expect((await blocker.opened()).at(-1)).toBe(google.sheet.url);
  await expect(shell.snackbar(EXPORT_MESSAGES.sheetOpened)).toHaveCount(0);

  // Open Google Sheet opens it from the click; no new sign-in, no second spreadsheet.
  await blocker.set(null);
  await sheetNotice.getByRole('button', { name: 'Open Google Sheet' }).click();
  await expect(shell.snackbar(EXPORT_MESSAGES.sheetOpened)).toBeVisible();
  await expect.poll(() => popups.length).toBe(2);
  await popups[1]!.waitForURL(google.sheet.url);
  await expect(sheetNotice).toHaveCount(0);
  expect(google.authRequests).toHaveLength(1);
  expect(google.sheetsCalls).toHaveLength(2);
  await popups[1]!.close();
  await builder.deleteReport();
});

// -- View SQL ----------------------------------------------------------------------------------------------------------

test("'View SQL' shows the compiled SQL with its bound values beside it, also after reopening the report", async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await expect(builder.viewSql).toBeDisabled();
  await builder.groupBy.selectOption({ label: 'Country' });
  await builder.addCondition('coun', /^Country/);
  await builder.comparison('Country').selectOption('is_one_of');
  await builder.chipInput('Country').pressSequentially('US JP');
  await builder.chipInput('Country').press('Enter');
  await expect(builder.chips('Country')).toHaveText(['US', 'JP']);
  const start = await builder.startDate.inputValue();
  const end = await builder.endDate.inputValue();
  await builder.rename(unique('SQL'));
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/analytics/template/${ANALYZE_APP.id}`,
  );
  await builder.run();
  const { compiled } = (await (await posted).json()) as {
    compiled?: { dialect: string; sql: string; params: Record<string, unknown> };
  };
  expect(compiled, 'POST /analytics/template answers the compiled SQL').toBeDefined();

  const checkDialog = async () => {
    await expect(builder.viewSql).toBeEnabled();
    await builder.viewSql.click();
    await builder.sqlDialog.expectOpen();
    const sql = (await builder.compiledSql.textContent()) ?? '';
    expect(sql).toBe(compiled!.sql);
    expect(sql).toMatch(/^\s*SELECT\b/);
    expect(sql).toContain('$app_id');
    expect(sql).toContain('$date_start');
    expect(sql).toContain('$date_end');
    // Values are bound, never inlined.
    for (const literal of [ANALYZE_APP.id, start, end, "'US'", "'JP'", 'JP'])
      expect(sql, `the SQL inlines ${literal}`).not.toContain(literal);
    await expect(builder.sqlDialog.root.getByText(`Query (${compiled!.dialect})`, { exact: true })).toBeVisible();

    const bound = await builder.boundValues();
    expect(bound.app_id).toBe(JSON.stringify(ANALYZE_APP.id));
    expect(bound.date_start).toBe(JSON.stringify(start));
    expect(bound.date_end).toBe(JSON.stringify(end));
    expect(Object.values(bound)).toContain('["US", "JP"]');
    expect(Object.keys(bound).sort()).toEqual(Object.keys(compiled!.params).sort());
    await builder.sqlDialog.root.getByRole('button', { name: 'Close', exact: true }).click();
    await builder.sqlDialog.expectClosed();
  };
  await checkDialog();

  // Reopened by URL, the report's latest result brings its SQL along (GET /analytics/template/{appId}/{reportId}).
  const id = builder.reportId()!;
  const loaded = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && new URL(r.url()).pathname === `/analytics/template/${ANALYZE_APP.id}/${id}`,
  );
  await builder.gotoReport(id);
  expect(((await (await loaded).json()) as { compiled?: unknown }).compiled).toEqual(compiled);
  await expect(builder.results).toBeVisible();
  await checkDialog();
  await builder.deleteReport();
});
