/**
 * Page objects for Analyze (docs/analyze.md §Screens and routes "Analyze overview", "Report builder"): the overview, the reports list and the
 * report builder with its settings cards. Selectors are role/label based, matching src/views/analyze/*; the results
 * grid and chart are read through their landmarks ('Report results', 'Report chart'). Grid columns are found by
 * their column id (`data-column-id`: the name in the rows and exports); their headers show the metric labels.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectHeadingsInOrder, expectNoSeriousA11yViolations } from './axe';
import { appPath } from './demo';
import { Modal } from './modal';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './sign-in.page';
import { signInByApi } from './session';

/** The demo app with BigQuery data (server/demo/seed.ts ANALYTICS_APP_IDS). */
export const ANALYZE_APP = { id: 'dragon-merge-android', name: 'Dragon Merge' } as const;

export const MESSAGES = {
  created: 'Report created successfully.',
  deleted: 'Report deleted successfully.',
  runFailed: 'We encountered an error while creating the report. Please try again later.',
  deleteFailed: 'We had a problem deleting the report. Please try again later.',
  limit: 'Value must be between 1 and 10,000',
  valueRequired: 'A valid value is required.',
} as const;

/** Analyze needs the analytics engine and the demo events (server/main.ts wires them): say so plainly when missing. */
export async function expectAnalyticsReady(request: APIRequestContext) {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: DEMO_ACCOUNTS.editor, password: DEMO_PASSWORD },
  });
  const { token } = (await signIn.json()) as { token: string };
  const config = await request.get(`/analytics/application/${ANALYZE_APP.id}/report/config/daily_metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(
    config.status(),
    `the server at ${process.env.E2E_BASE_URL} answers the analytics config of ${ANALYZE_APP.id} (analytics engine and demo events loaded)`,
  ).toBe(200);
}

/** Script requests of the page, to check the chart and Excel code load only when needed. */
export function scriptsLoaded(page: Page) {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.push(req.url());
  });
  return {
    chart: () => urls.some((u) => /ReportChart|xychart/i.test(u)),
    excel: () => urls.some((u) => /exceljs/i.test(u)),
  };
}

/** Waits until no CSS transition or animation runs (dialogs and menus fade in), so a scan sees the final colours. */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * The Analyze pages' accessibility check: no serious or critical axe-core violation (WCAG 2.1 A/AA, tests/e2e/pages/
 * axe.ts) and headings in order (axe's heading-order rule, a best practice the report page once broke).
 */
export async function expectAccessible(page: Page, where: string) {
  await settled(page);
  await expectNoSeriousA11yViolations(page, where);
  await expectHeadingsInOrder(page, where);
}

export class AnalyzeOverview {
  constructor(
    readonly page: Page,
    readonly appId: string = ANALYZE_APP.id,
  ) {}

  async goto() {
    await this.page.goto(appPath(this.appId, 'analyze/overview'));
    await expect(this.heading).toBeVisible();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Unearth the Treasures in Your Data' });
  }
  get createBlank(): Locator {
    return this.page.getByRole('link', { name: 'Create Blank Report' });
  }
  reportCard(title: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${escape(title)}`) });
  }
}

export class ReportsList {
  constructor(
    readonly page: Page,
    readonly appId: string = ANALYZE_APP.id,
  ) {}
  async goto() {
    await this.page.goto(appPath(this.appId, 'analyze/list'));
    await expect(this.page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  }
  row(title: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
  /** The title link of a report's row. */
  titleLink(title: string): Locator {
    return this.row(title).getByRole('link', { name: title, exact: true });
  }
}

export class ReportBuilder {
  /** Signs in as `email` (by the API) and opens a blank report on the demo app with data. */
  static async openNewAs(page: Page, email: string, appId: string = ANALYZE_APP.id): Promise<ReportBuilder> {
    await signInByApi(page, email);
    const builder = new ReportBuilder(page, appId);
    await builder.gotoNew();
    return builder;
  }

  constructor(
    readonly page: Page,
    readonly appId: string = ANALYZE_APP.id,
  ) {}

  // -- navigation -------------------------------------------------------------------------------------------------
  async gotoNew() {
    await this.page.goto(appPath(this.appId, 'analyze/new'));
    await this.waitReady();
  }
  async gotoReport(id: string) {
    await this.page.goto(appPath(this.appId, `analyze/report/${id}`));
    await this.waitReady();
  }
  async waitReady() {
    await expect(this.runButton).toBeVisible({ timeout: 20_000 });
  }
  /** The saved report's id from the URL (/analyze/report/{id}), or null for a new report. */
  reportId(): string | null {
    return /\/analyze\/report\/([^/?#]+)/.exec(new URL(this.page.url()).pathname)?.[1] ?? null;
  }

  // -- header -----------------------------------------------------------------------------------------------------
  get runButton(): Locator {
    return this.page.getByRole('button', { name: /^(Run Report|Running…)$/ });
  }
  get titleButton(): Locator {
    return this.page.getByRole('button', { name: /^Rename report / });
  }
  get titleInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Report title' });
  }
  async expectTitle(title: string) {
    await expect(this.titleButton).toHaveAccessibleName(`Rename report ${title}`);
  }
  async rename(title: string) {
    await this.titleButton.click();
    await this.titleInput.fill(title);
    await this.titleInput.press('Enter');
  }
  get deleteButton(): Locator {
    return this.page.getByRole('button', { name: 'Delete', exact: true });
  }
  /** The one status line under the title ('Not saved yet', 'Last changed …', 'Unsaved changes · Last changed …'). */
  get status(): Locator {
    return this.page.getByTestId('report-status');
  }
  get settingsToggle(): Locator {
    return this.page.getByRole('button', { name: /^(Show|Hide) Settings$/ });
  }
  get viewSql(): Locator {
    return this.page.getByRole('button', { name: 'View SQL' });
  }
  get dataModel(): Locator {
    return this.page.getByRole('combobox', { name: 'Data Model' });
  }
  get startDate(): Locator {
    return this.page.getByLabel('Start Date');
  }
  get endDate(): Locator {
    return this.page.getByLabel('End Date');
  }

  // -- settings cards ----------------------------------------------------------------------------------------------
  get metricsList(): Locator {
    return this.page.getByRole('list', { name: 'Chosen metrics' });
  }
  get sortList(): Locator {
    return this.page.getByRole('list', { name: 'Sort order' });
  }
  /** A searchable column picker's search box. */
  picker(name: 'Search metrics' | 'Search sort columns' | 'Search columns to filter'): Locator {
    return this.page.getByRole('combobox', { name });
  }
  get groupBy(): Locator {
    return this.page.getByRole('combobox', { name: 'Group By' });
  }
  get limit(): Locator {
    return this.page.getByRole('spinbutton', { name: 'Limit' });
  }
  /** Picks an option from a searchable column picker (metrics, sort, conditions). */
  async pick(
    picker: 'Search metrics' | 'Search sort columns' | 'Search columns to filter',
    search: string,
    option: string | RegExp,
  ) {
    const input = this.page.getByRole('combobox', { name: picker });
    await input.fill(search);
    await this.page.getByRole('listbox').getByRole('option', { name: option }).click();
    // Headless UI closes the list and settles the focus on its input after the click: wait for that, so a focus the
    // test gives next is not taken back (under load, an Enter meant for a remove button once picked 'Date' here).
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }
  async addMetric(search: string, option: string | RegExp) {
    await this.pick('Search metrics', search, option);
  }
  async addSort(search: string, option: string | RegExp) {
    await this.pick('Search sort columns', search, option);
  }
  async addCondition(search: string, option: string | RegExp) {
    await this.pick('Search columns to filter', search, option);
  }
  condition(label: string): Locator {
    return this.page.getByRole('group', { name: `Condition ${label}` });
  }
  comparison(label: string): Locator {
    return this.page.getByRole('combobox', { name: `Comparison for ${label}` });
  }
  value(label: string): Locator {
    return this.condition(label).getByLabel(`Value for ${label}`, { exact: true });
  }
  chipInput(label: string): Locator {
    return this.page.getByRole('textbox', { name: `Values for ${label}`, exact: true });
  }
  chips(label: string): Locator {
    return this.page.getByRole('list', { name: `Values for ${label} chips` }).getByRole('listitem');
  }

  // -- results -------------------------------------------------------------------------------------------------------
  get results(): Locator {
    return this.page.getByRole('region', { name: 'Report results' });
  }
  get chart(): Locator {
    return this.page.getByRole('region', { name: 'Report chart' });
  }
  get rowCount(): Locator {
    return this.page.getByTestId('row-count');
  }
  get rowsPerPage(): Locator {
    return this.results.getByLabel('Rows per page');
  }
  /** A grid column's header by its column id (the header shows the label, with the id under it). */
  columnHeader(id: string): Locator {
    return this.results.getByRole('columnheader').and(this.page.locator(`[data-column-id="${id}"]`));
  }
  /** The cells of a column on the page shown, by column id. */
  async columnCells(id: string): Promise<string[]> {
    const ids = await this.columnNames();
    const index = ids.indexOf(id);
    expect(index, `column ${id} in the grid`).toBeGreaterThanOrEqual(0);
    return (await this.bodyRows.locator(`td:nth-child(${index + 1})`).allTextContents()).map((text) => text.trim());
  }
  /** The chart legend's entry of a series, by its label. */
  legendEntry(label: string): Locator {
    return this.chart
      .getByRole('list', { name: 'Series' })
      .getByRole('button', { name: new RegExp(`^${escape(label)}(?: \\(|$)`) });
  }
  /** Body rows of the grid (the header row excluded). */
  get bodyRows(): Locator {
    return this.results.locator('tbody tr');
  }

  /** Runs and waits for the saved report's URL and the results. */
  async run() {
    await expect(this.runButton).toBeEnabled();
    // The rows of this run (a snackbar of an earlier run may still be on screen).
    const rows = this.page.waitForResponse((r) => r.url().includes('/analytics/result/'), { timeout: 30_000 });
    await this.runButton.click();
    await rows;
    await expect(this.page.getByText(MESSAGES.created).last()).toBeVisible({ timeout: 20_000 });
    await expect(this.page).toHaveURL(/\/analyze\/report\/[^/]+$/);
    await expect(this.results).toBeVisible();
  }

  /** The grid's column ids (the names in the rows and in exports), in display order. */
  async columnNames(): Promise<string[]> {
    const headers = this.results.getByRole('columnheader');
    await expect(headers.first()).toBeVisible();
    return headers.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column-id') ?? ''));
  }
  /** The grid's column headers as shown: each column's label (its id is shown under it when they differ). */
  async columnLabels(): Promise<string[]> {
    return (
      await this.results
        .getByRole('columnheader')
        .getByRole('button')
        .locator('span > span:first-child')
        .allTextContents()
    ).map((name) => name.trim());
  }

  /** Runs like run() and returns the rows the signed result url answered (docs/analyze.md §API endpoints: `{report}`). */
  async runForRows(): Promise<Record<string, unknown>[]> {
    const result = this.page.waitForResponse(
      (r) => r.url().includes('/analytics/result/') && r.request().method() === 'GET',
      { timeout: 30_000 },
    );
    await this.run();
    return ((await (await result).json()) as { report: Record<string, unknown>[] }).report;
  }

  // -- exports (docs/analyze.md §Screens and routes 'Export As', §API endpoints local export and spreadsheets) -----------------------------------------------
  get exportMenu(): Locator {
    return this.page.getByRole('button', { name: 'Export As', exact: true });
  }
  /** An item of the open Export As menu. The Google Sheets item's name may carry its explanation when disabled. */
  exportItem(item: 'CSV' | 'Excel' | 'Google Sheets' | 'Copy to Clipboard'): Locator {
    return this.page.getByRole('menuitem', { name: new RegExp(`^${escape(item)}`) });
  }
  /** Opens Export As and chooses an item (does not wait for the outcome). */
  async exportAs(item: 'CSV' | 'Excel' | 'Google Sheets' | 'Copy to Clipboard') {
    await this.exportMenu.click();
    await this.exportItem(item).click();
  }

  // -- dialogs -------------------------------------------------------------------------------------------------------
  /** 'View SQL': the compiled SQL with its bound values beside it. */
  get sqlDialog(): Modal {
    return new Modal(this.page, 'SQL');
  }
  get compiledSql(): Locator {
    return this.sqlDialog.root.getByLabel('Compiled SQL', { exact: true });
  }
  /** The bound values of the SQL dialog as name → shown value (JSON text). */
  async boundValues(): Promise<Record<string, string>> {
    const list = this.sqlDialog.root.getByLabel('Bound values', { exact: true });
    await expect(list).toBeVisible();
    const names = await list.getByRole('term').allTextContents();
    const values = await list.getByRole('definition').allTextContents();
    return Object.fromEntries(names.map((name, i) => [name.trim(), (values[i] ?? '').trim()]));
  }
  /** docs/analyze.md §Screens and routes delete confirm. */
  get deleteDialog(): Modal {
    return new Modal(this.page, 'Delete Report');
  }
  /** The unsaved-changes confirm when leaving. */
  get leaveDialog(): Modal {
    return new Modal(this.page, 'Leave this report?');
  }
  /** Delete with the confirm and wait for the SPEC message. */
  async deleteReport() {
    await this.deleteButton.click();
    await this.deleteDialog.expectOpen();
    await this.deleteDialog.root.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(this.page.getByText(MESSAGES.deleted)).toBeVisible();
  }
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
