/**
 * Analyze end to end (SPEC §2 Analyze overview and Report builder, §4 report lifecycle / settings panel, §5 limit,
 * conditions and one-of tokens, §6 viewers run reports, §8 report messages) on the demo app with BigQuery data.
 * Exports (CSV, XLSX, clipboard, Google Sheets) are covered by their own spec. Every test saves its own uniquely
 * titled report and deletes what it needs to, so the tests do not depend on each other.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { unique } from './pages/demo';
import { AnalyzeOverview, MESSAGES, ReportBuilder, ReportsList, expectAnalyticsReady, scriptsLoaded } from './pages/report-builder.page';

test.describe.configure({ timeout: 90_000 });

test.beforeAll(({ request }) => expectAnalyticsReady(request));

test('an editor builds the default report from the overview, runs it and reads the grid and the chart', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  const overview = new AnalyzeOverview(page);
  await overview.goto();
  await overview.createBlank.click();

  const builder = new ReportBuilder(page);
  await builder.waitReady();
  await expect(page).toHaveURL(/\/analyze\/new$/);
  await builder.expectTitle('New Report');
  // SPEC §3 default metrics, §4 settings open for a new report, §2 Run needs a group-by.
  await expect(builder.metricsList.getByRole('listitem')).toHaveText(['New Users', 'New Users %', 'Retention D1']);
  await expect(builder.settingsToggle).toHaveText('Hide Settings');
  await expect(builder.limit).toHaveValue('1000');
  await expect(builder.runButton).toBeDisabled();
  expect(scripts.chart(), 'no chart code before a result').toBe(false);

  await builder.groupBy.selectOption({ label: 'Date' });
  // SPEC §4: a new report grouped by a date sorts it DESC.
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

test('an is-one-of condition takes chips on space, comma, Enter and blur; trimmed and de-duplicated', async ({ page }) => {
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
  await builder.runButton.click();
  await expect(builder.condition('Days Since Install').getByText(MESSAGES.valueRequired, { exact: true })).toBeVisible();
  await expect(builder.runButton).toBeDisabled();
  // SPEC §4: changing the comparison clears the row's error.
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

test('rename re-saves, the report reopens by URL with its settings collapsed, and delete returns to a blank report', async ({ page }) => {
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

  // Reopen by URL: template, results and config are loaded; the settings start collapsed.
  await page.evaluate(() => localStorage.removeItem('showSettings'));
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
  await expect(builder.deleteDialog.root.getByText(`Are you sure you want to delete the report ${title}?`, { exact: true })).toBeVisible();
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
