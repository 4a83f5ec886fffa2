/**
 * Analyze end to end (docs/analyze.md §Screens and routes Analyze overview and Report builder, §Report states report lifecycle / settings panel, §Rules and limits limit,
 * conditions and one-of tokens, §Roles viewers run reports, §Messages report messages) on the demo app with BigQuery data.
 * Exports (CSV, XLSX, clipboard, Google Sheets) are covered by their own spec. Every test saves its own uniquely
 * titled report and deletes what it needs to, so the tests do not depend on each other.
 *
 * docs/analyze.md: the Analyze pages pass axe-core (no serious or critical violation, headings in order) wide and at 700 px
 * (scanned in a11y.spec.ts); the keyboard focus stays on Run Report through a run and moves to a neighbour after a removal; ratio metrics read
 * as percents; columns are named by their labels with their ids at hand; one status line; titles not cut short.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { unique } from './pages/demo';
import {
  AnalyzeOverview,
  MESSAGES,
  ReportBuilder,
  ReportsList,
  expectAnalyticsReady,
  scriptsLoaded,
} from './pages/report-builder.page';

test.describe.configure({ timeout: 90_000 });

test.beforeAll(({ request }) => expectAnalyticsReady(request));

test('an editor builds the default report from the overview, runs it and reads the grid and the chart', async ({
  page,
}) => {
  const scripts = scriptsLoaded(page);
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  const overview = new AnalyzeOverview(page);
  await overview.goto();
  await overview.createBlank.click();

  const builder = new ReportBuilder(page);
  await builder.waitReady();
  await expect(page).toHaveURL(/\/analyze\/new$/);
  await builder.expectTitle('New Report');
  // docs/analyze.md §Entities default metrics, §Report states settings open for a new report, §Screens and routes Run needs a group-by.
  await expect(builder.metricsList.getByRole('listitem')).toHaveText(['New Users', 'New Users %', 'Retention D1']);
  await expect(builder.settingsToggle).toHaveText('Hide Settings');
  await expect(builder.limit).toHaveValue('1000');
  await expect(builder.runButton).toBeDisabled();
  expect(scripts.chart(), 'no chart code before a result').toBe(false);

  await builder.groupBy.selectOption({ label: 'Date' });
  // docs/analyze.md §Report states: a new report grouped by a date sorts it DESC.
  await expect(builder.sortList.getByRole('listitem')).toHaveText([/Date\s*DESC/]);
  await builder.rename(unique('Default report'));
  await builder.run();

  // The URL moved to the saved report without a reload; the settings stay open.
  expect(builder.reportId()).not.toBeNull();
  await expect(builder.settingsToggle).toHaveText('Hide Settings');
  await expect(builder.rowCount).toHaveText(/^\d+ rows?$/);
  await expect(builder.columnHeader('date')).toBeVisible();
  await expect(builder.chart).toBeVisible();
  expect(scripts.chart(), 'the chart loads with the result').toBe(true);
  expect(scripts.excel(), 'no Excel code until an Excel export').toBe(false);

  // Page size: 20 rows by default, 40 on request (the default range is 7 days, so widen it first).
  await builder.startDate.fill((await builder.startDate.getAttribute('min'))!);
  await builder.run();
  await expect(builder.bodyRows).toHaveCount(20);
  await builder.rowsPerPage.selectOption('40');
  await expect(builder.bodyRows).toHaveCount(40);

  // Sorting the grid by a column header.
  const header = builder.columnHeader('new_users');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  // Clean up.
  await builder.deleteReport();
});

test('an is-one-of condition takes chips on space, comma, Enter and blur; trimmed and de-duplicated', async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Country' });
  await builder.addCondition('coun', /^Country/);
  await expect(builder.condition('Country').getByRole('checkbox')).toBeChecked();
  await expect(builder.comparison('Country')).toHaveValue('equals');
  await builder.comparison('Country').selectOption('is_one_of');

  const input = builder.chipInput('Country');
  await input.pressSequentially(' US  DE,US');
  await input.press('Enter');
  await input.pressSequentially('FR');
  await input.blur();
  await expect(builder.chips('Country')).toHaveText(['US', 'DE', 'FR']);
  await builder.condition('Country').getByRole('button', { name: 'Remove DE' }).click();
  await expect(builder.chips('Country')).toHaveText(['US', 'FR']);

  await builder.rename(unique('Chips'));
  await builder.run();
  await expect(builder.rowCount).toHaveText(/^[12] rows?$/);
  const countries = (await builder.bodyRows.locator('td:first-child').allTextContents()).map((c) => c.trim());
  expect(countries.length).toBeGreaterThan(0);
  for (const c of countries) expect(['US', 'FR']).toContain(c);
  await builder.deleteReport();
});

test('a missing condition value and a bad limit block the run with the SPEC messages', async ({ page }) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  await expect(builder.runButton).toBeEnabled();

  await builder.addCondition('days since', /^Days Since Install/);
  // Flagged as soon as the condition is there (it starts checked), and the disabled Run says why.
  await expect(
    builder.condition('Days Since Install').getByText(MESSAGES.valueRequired, { exact: true }),
  ).toBeVisible();
  await expect(builder.runButton).toBeDisabled();
  await expect(page.locator('#run-blocker')).toHaveText(
    'Enter a value for the condition on Days Since Install, or uncheck it, to run the report.',
  );
  // docs/analyze.md §Report states: changing the comparison clears the row's error.
  await builder.comparison('Days Since Install').selectOption('greater_than');
  await expect(builder.condition('Days Since Install').getByText(MESSAGES.valueRequired)).toHaveCount(0);
  await builder.value('Days Since Install').fill('0');
  await expect(builder.runButton).toBeEnabled();

  for (const bad of ['0', '10001']) {
    await builder.limit.fill(bad);
    await expect(page.getByText(MESSAGES.limit, { exact: true })).toBeVisible();
    await expect(builder.runButton).toBeDisabled();
  }
  // Ctrl+Enter does not run a blocked report either.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(MESSAGES.created)).toHaveCount(0);
  await builder.limit.fill('10000');
  await expect(page.getByText(MESSAGES.limit)).toHaveCount(0);
  await expect(builder.runButton).toBeEnabled();
  expect(builder.reportId()).toBeNull();
});

test('rename re-saves, the report reopens by URL with its settings collapsed, and delete returns to a blank report', async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.limit.fill('5');
  // Ctrl/Cmd+Enter runs the report.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(MESSAGES.created)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/analyze\/report\/[^/]+$/);
  const id = builder.reportId()!;

  const title = unique('Renamed');
  await builder.rename(title);
  await builder.expectTitle(title);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const list = new ReportsList(page);
  await list.goto();
  await expect(list.row(title)).toBeVisible();

  // Reopen by URL, later in the same session: template, results and config are loaded; the settings start collapsed.
  await builder.gotoReport(id);
  await builder.expectTitle(title);
  await expect(builder.settingsToggle).toHaveText('Show Settings');
  await expect(builder.results).toBeVisible();
  await expect(builder.rowCount).toHaveText('5 rows');
  await builder.settingsToggle.click();
  await expect(builder.limit).toHaveValue('5');
  await expect(builder.groupBy).toHaveValue('date');

  await builder.deleteButton.click();
  await builder.deleteDialog.expectOpen();
  await expect(
    builder.deleteDialog.root.getByText(`Are you sure you want to delete the report ${title}?`, { exact: true }),
  ).toBeVisible();
  await builder.deleteDialog.root.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(MESSAGES.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/analyze\/report$/);
  await builder.expectTitle('New Report');
  await expect(builder.results).toHaveCount(0);

  const overview = new AnalyzeOverview(page);
  await overview.goto();
  await expect(overview.reportCard(title)).toHaveCount(0);
});

test('an unsaved new report survives a reload, and leaving it asks first', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  const overview = new AnalyzeOverview(page);
  await overview.goto();
  await overview.createBlank.click();
  const builder = new ReportBuilder(page);
  await builder.waitReady();
  await builder.groupBy.selectOption({ label: 'Country' });
  await builder.limit.fill('25');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await builder.waitReady();
  await expect(builder.groupBy).toHaveValue('country');
  await expect(builder.limit).toHaveValue('25');

  // The browser's Back button asks too; Cancel stays on the report.
  await page.goBack();
  await builder.leaveDialog.expectOpen();
  await builder.leaveDialog.root.getByRole('button', { name: 'Cancel' }).click();
  await builder.leaveDialog.expectClosed();
  await expect(page).toHaveURL(/\/analyze\/new$/);
  await expect(builder.limit).toHaveValue('25');

  await page.getByRole('link', { name: 'Back' }).click();
  await builder.leaveDialog.expectOpen();
  await builder.leaveDialog.root.getByRole('button', { name: 'Cancel' }).click();
  await builder.leaveDialog.expectClosed();
  await expect(page).toHaveURL(/\/analyze\/new$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await builder.leaveDialog.root.getByRole('button', { name: 'Leave' }).click();
  await expect(new AnalyzeOverview(page).heading).toBeVisible();
  // Left in the app: the draft is gone.
  await builder.gotoNew();
  await expect(builder.groupBy).toHaveValue('');
});

test('a viewer can run reports too', async ({ page }) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.viewer);
  await builder.groupBy.selectOption({ label: 'Platform' });
  await builder.rename(unique('Viewer report'));
  await builder.run();
  await expect(builder.rowCount).toHaveText(/^\d+ rows?$/);
  await builder.deleteReport();
});

test('the chart marks the days of changes that move numbers, hides them on request, and links each to the log of its day', async ({
  page,
}) => {
  // A change that moves numbers, made today (docs/activity.md §Chart markers): the admin raises Dragon Merge (iOS)'s
  // daily budget and puts it back, through the API (the viewer below cannot).
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const settingsUrl = '/api/app/dragon-merge-ios/acquire/settings';
  const { data: settings } = (await (await page.request.get(settingsUrl, { headers })).json()) as {
    data: { dailyBudget: number };
  };
  for (const dailyBudget of [settings.dailyBudget + 1, settings.dailyBudget]) {
    const saved = await page.request.post(settingsUrl, {
      headers,
      data: { settings: { ...settings, dailyBudget }, applyPriceSuggestions: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.viewer, 'dragon-merge-ios');
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.rename(unique('Markers report'));
  await builder.run();
  const reportId = builder.reportId()!;
  const today = new Date().toISOString().slice(0, 10);
  const toggle = builder.chart.getByRole('button', { name: 'Changes' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const marker = builder.chart.getByTestId('chart-markers').locator(`[data-day="${today}"]`);
  await expect(marker).toHaveCount(1);
  const changes = builder.chart.getByRole('list', { name: 'Changes on these days' });
  await expect(changes.getByRole('listitem').filter({ hasText: today })).toContainText(
    'Ada Admin changed target settings',
  );

  // Markers never move the scale: the y axis reads the same with them hidden.
  const ticks = () => builder.chart.locator('.chart-axis-left text').allTextContents();
  const withMarkers = await ticks();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(builder.chart.getByTestId('chart-markers')).toHaveCount(0);
  await expect(changes).toHaveCount(0);
  expect(await ticks()).toEqual(withMarkers);
  await toggle.click();

  // A marker's day opens the activity log filtered to the app and that day.
  await builder.chart.getByRole('link', { name: today }).click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?.*from=${today}`));
  await expect(page).toHaveURL(/app=dragon-merge-ios/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();

  await builder.gotoReport(reportId);
  await builder.deleteReport();
});

test('long titles are not cut short: the 700 px list wraps them, the overview cards keep the whole title at hand', async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  const title = unique('Retention of the spring campaign cohorts by country');
  await builder.groupBy.selectOption({ label: 'Platform' });
  await builder.rename(title);
  await builder.run();
  const id = builder.reportId()!;

  await page.setViewportSize({ width: 700, height: 900 });
  const list = new ReportsList(page);
  await list.goto();
  const link = list.titleLink(title);
  await expect(link).toHaveText(title);
  await expect(link).toHaveAttribute('title', title);
  // Every character shows: the title wraps (two lines at most) instead of ending after a few characters.
  const fits = await link.evaluate(
    (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
  );
  expect(fits, 'the whole title is visible in the 700 px list').toBe(true);
  expect((await link.boundingBox())!.width, 'the title column takes the room the others leave').toBeGreaterThan(300);

  const overview = new AnalyzeOverview(page);
  await overview.goto();
  const card = overview.reportCard(title);
  await expect(card.getByRole('heading', { name: title, exact: true })).toHaveAttribute('title', title);
  await builder.gotoReport(id);
  await builder.deleteReport();
});

test('one status line: Not saved yet, then Last changed …, then Unsaved changes · Last changed …', async ({ page }) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  const statusTexts = page.getByText(/Not saved yet|Last changed|Unsaved changes/);
  await expect(builder.status).toHaveText('Not saved yet');
  await builder.groupBy.selectOption({ label: 'Country' });
  await expect(builder.status).toHaveText('Not saved yet');
  await expect(statusTexts).toHaveCount(1);

  await builder.rename(unique('Status line'));
  await builder.run();
  await expect(builder.status).toHaveText(/^Last changed (a few seconds|a minute|\d+ minutes) ago$/);
  await expect(statusTexts).toHaveCount(1);
  // Who changed it, from the activity log, beside the status line (which alone says when).
  await expect(page.getByTestId('last-changed-by')).toHaveText('Changed by Eddie Editor');

  await builder.limit.fill('50');
  await expect(builder.status).toHaveText(/^Unsaved changes · Last changed (a few seconds|a minute|\d+ minutes) ago$/);
  await expect(statusTexts).toHaveCount(1);
  await builder.run();
  await expect(builder.status).toHaveText(/^Last changed /);
  await builder.deleteReport();
});

test("ratio metrics read as percents in the grid and all sit on the chart's percent axis; columns show labels with their ids", async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  // The metric picker names metrics by label with the id beside them.
  await builder.picker('Search metrics').fill('conv');
  await expect(
    page.getByRole('listbox').getByRole('option', { name: 'Conversion Rate conversion_rate' }),
  ).toBeVisible();
  await page.getByRole('listbox').getByRole('option', { name: 'Conversion Rate' }).click();
  await builder.rename(unique('Ratios'));
  const rows = await builder.runForRows();

  expect(await builder.columnNames()).toEqual([
    'date',
    'new_users',
    'new_users_per',
    'retention_d1',
    'conversion_rate',
  ]);
  expect(await builder.columnLabels()).toEqual(['Date', 'New Users', 'New Users %', 'Retention D1', 'Conversion Rate']);
  await expect(builder.columnHeader('retention_d1')).toContainText('retention_d1');
  await expect(builder.columnHeader('retention_d1').getByRole('button')).toHaveAttribute(
    'title',
    'Sort by Retention D1 (retention_d1)',
  );

  // Grid cells: ratios ×100 with 2 decimals and a %, counts as counts, nulls as null; the row order is the server's.
  const value = (row: Record<string, unknown>, id: string) => {
    const cell = row[id];
    return cell !== null && typeof cell === 'object' ? Object.values(cell)[0] : cell;
  };
  const percent = (v: unknown) => (v === null || v === undefined ? 'null' : `${(Number(v) * 100).toFixed(2)}%`);
  const shown = rows.slice(0, 20);
  for (const id of ['new_users_per', 'retention_d1', 'conversion_rate']) {
    expect(await builder.columnCells(id), id).toEqual(shown.map((row) => percent(value(row, id))));
  }
  expect(await builder.columnCells('new_users')).toEqual(
    shown.map((row) => Number(value(row, 'new_users')).toLocaleString('en-US')),
  );
  expect(
    (await builder.columnCells('retention_d1')).some((text) => text === 'null'),
    'the newest cohorts have no D1 yet',
  ).toBe(true);

  // Chart: every ratio series on the percent (right) axis, named by label with the id for screen readers.
  for (const label of ['New Users %', 'Retention D1', 'Conversion Rate']) {
    await expect(builder.legendEntry(label)).toContainText('(%, right axis)');
  }
  await expect(builder.legendEntry('New Users')).not.toContainText('%');
  await expect(builder.legendEntry('New Users %')).toHaveAccessibleName('New Users % (new_users_per) (%, right axis)');
  await expect(builder.legendEntry('New Users %')).toHaveAttribute('title', 'Hide New Users % (new_users_per)');
  const rightTicks = await builder.chart.locator('svg .chart-axis-right .visx-axis-tick').allTextContents();
  expect(rightTicks.length).toBeGreaterThan(1);
  for (const tick of rightTicks) expect(tick).toMatch(/^\d+(\.\d+)?%$/);
  // Hidden counts leave the ratios alone on one percent axis (left): no count axis at all.
  await builder.legendEntry('New Users').click();
  await expect(builder.chart.locator('svg .chart-axis-right')).toHaveCount(0);
  const leftTicks = builder.chart.locator('svg .chart-axis-left .visx-axis-tick');
  await expect(leftTicks.first()).toHaveText(/%$/);
  for (const tick of await leftTicks.allTextContents()) expect(tick).toMatch(/^\d+(\.\d+)?%$/);
  await builder.deleteReport();
});

test('keyboard: the focus stays on Run Report through a run, and a removal moves it to a neighbour', async ({
  page,
}) => {
  const builder = await ReportBuilder.openNewAs(page, DEMO_ACCOUNTS.editor);
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.rename(unique('Keyboard'));

  // A slow run, to look at the focus while it runs.
  let runs = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/analytics\/template\/[^/]+$/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    runs += 1;
    await held;
    await route.continue();
  });
  await builder.runButton.focus();
  await page.keyboard.press('Enter');
  await expect(builder.runButton).toHaveText('Running…');
  await expect(builder.runButton).toBeFocused();
  await expect(builder.runButton).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter'); // ignored while it runs
  release();
  await expect(page.getByText(MESSAGES.created).last()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/analyze\/report\/[^/]+$/);
  await expect(builder.runButton).toHaveText(/^Run Report/);
  // The first run moved to the saved report's page: the focus came along.
  await expect(builder.runButton).toBeFocused();
  expect(runs).toBe(1);
  await page.unroute(/\/analytics\/template\/[^/]+$/);

  // Sort By [Date, New Users]: removing Date goes to New Users' remove button, removing that to the search box.
  await builder.addSort('new', /^New Users new_users$/);
  const sortRemove = (label: string) => builder.sortList.getByRole('button', { name: `Remove ${label}`, exact: true });
  await sortRemove('Date').focus();
  await page.keyboard.press('Enter');
  await expect(sortRemove('New Users')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(builder.picker('Search sort columns')).toBeFocused();
  await expect(page.getByRole('listbox'), 'the list stays closed until the user types').toHaveCount(0);

  // Metrics [New Users, New Users %, Retention D1]: the next item, then the previous, then the search box.
  const metricRemove = (label: string) =>
    builder.metricsList.getByRole('button', { name: `Remove ${label}`, exact: true });
  await metricRemove('New Users %').focus();
  await page.keyboard.press('Enter');
  await expect(builder.metricsList.getByRole('listitem')).toHaveText(['New Users', 'Retention D1']);
  await expect(metricRemove('Retention D1')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(metricRemove('New Users')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(builder.metricsList).toHaveCount(0);
  await expect(builder.picker('Search metrics')).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.type('ret');
  await expect(page.getByRole('listbox').getByRole('option', { name: /^Retention D1/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Conditions [Country, Platform]: removing Country goes to Platform's remove button, then to the search box.
  await builder.addCondition('coun', /^Country/);
  await builder.addCondition('plat', /^Platform/);
  const conditionRemove = (label: string) =>
    builder.condition(label).getByRole('button', { name: `Remove condition ${label}` });
  await conditionRemove('Country').focus();
  await expect(conditionRemove('Country')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(builder.condition('Country')).toHaveCount(0);
  await expect(conditionRemove('Platform')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(builder.picker('Search columns to filter')).toBeFocused();

  await builder.deleteReport();
});
