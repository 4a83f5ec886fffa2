/**
 * Event detail and Revenue Settings in Chromium against the real server (docs/integrations.md §Screens and routes event detail and Revenue
 * Settings dialog, §Rules and limits, §Roles, §Messages revenue messages): an editor opens a processed event of a demo app (Dragon Merge iOS),
 * sees its parameters with data types and samples, the Revenue Settings dialog's choices (saving and deleting are the
 * revenue-settings machine's browser table, tests/e2e/model-paths/revenue-settings.paths.ts), and comes back to All
 * Events by the breadcrumb. A viewer sees the Revenue Settings button disabled with the docs/integrations.md §Roles tooltip. Axe wide and at 700 px;
 * a 700 px screenshot of the dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWideAndNarrow as scan } from './pages/axe';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath } from './pages/demo';

const APP = 'dragon-merge-ios';
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';

/** The BigQuery tab's Events table, once the demo app's export job has listed its events. */
async function openEvent(page: Page, eventName: string) {
  await page.goto(appPath(APP, 'integrations/BigQuery'));
  const events = page.getByRole('region', { name: 'Events list' });
  await expect(events.getByRole('button', { name: eventName, exact: true })).toBeVisible({ timeout: 180_000 }); // after the demo export job
  await events.getByRole('button', { name: eventName, exact: true }).click();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('heading', { name: eventName })).toBeFocused();
  return breadcrumb;
}

test.describe.configure({ mode: 'serial' });

test('open an event, its parameters, the Revenue Settings choices, back to All Events', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  const breadcrumb = await openEvent(page, 'in_app_purchase');
  await expect(breadcrumb.getByRole('button', { name: 'All Events' })).toBeVisible();

  // Event Parameter, Data Type, Sample, read from the data (the export's event_value_in_usd too).
  const table = page.getByRole('region', { name: 'Event parameters' });
  await expect(table.getByRole('columnheader')).toHaveText(['Event Parameter', 'Data Type', 'Sample']);
  const valueRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'event_value_in_usd', exact: true }) });
  await expect(valueRow.getByRole('cell').nth(1)).toHaveText('FLOAT64');
  await expect(valueRow.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d+$/);
  await expect(table.getByRole('row').filter({ hasText: 'product_id' }).getByRole('cell').nth(2)).toHaveText(/^pack_/);
  await expect(
    page.getByText('No revenue settings: counts IAP revenue from event_value_in_usd by default.'),
  ).toBeVisible();
  await scan(page, 'Event detail');

  // New settings: no Delete; Save once the three selects are chosen.
  await page.getByRole('button', { name: 'Revenue Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revenue Settings' });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Revenue Type' }).locator('option:not([disabled])')).toHaveText([
    'Ads',
    'IAP',
    'Other',
  ]);
  // Only numbers may be revenue: the text parameter product_id is not offered there, but is as the currency.
  await expect(
    dialog.getByRole('combobox', { name: 'Revenue Parameter' }).locator('option', { hasText: 'product_id' }),
  ).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Revenue Type' }).selectOption('ads');
  await dialog.getByRole('combobox', { name: 'Revenue Parameter' }).selectOption('event_value_in_usd');
  await dialog.getByRole('combobox', { name: 'Currency Parameter' }).selectOption('product_id');
  await page.setViewportSize({ width: 700, height: 900 });
  await page.screenshot({ path: test.info().outputPath('revenue-settings-700.png') });
  await expectNoSeriousA11yViolations(page, 'Revenue Settings dialog (700 px)', { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Escape closes without a call. Saving, deleting and their failures are the revenue-settings machine's browser
  // table (tests/e2e/model-paths/revenue-settings.paths.ts).
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('No revenue settings: counts IAP revenue from event_value_in_usd by default.'),
  ).toBeVisible();

  // The breadcrumb's All Events goes back to the table, focus on the event it came from.
  await breadcrumb.getByRole('button', { name: 'All Events' }).click();
  await expect(
    page.getByRole('region', { name: 'Events list' }).getByRole('button', { name: 'in_app_purchase', exact: true }),
  ).toBeFocused();
});

test("a viewer reads an event's detail; Revenue Settings is disabled with the view-only tooltip", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await openEvent(page, 'ad_impression');
  await expect(
    page.getByRole('region', { name: 'Event parameters' }).getByRole('cell', { name: 'ad_format', exact: true }),
  ).toBeVisible();
  const detail = page.getByRole('region', { name: 'ad_impression' });
  await expect(detail.getByRole('button', { name: 'Revenue Settings' })).toBeDisabled();
  await expect(detail.getByLabel(VIEW_ONLY)).toBeVisible();
  await detail.getByLabel(VIEW_ONLY).hover();
  // The tooltip is drawn at page level (nothing clips it), as in the team page's view-only check.
  await expect(page.getByRole('tooltip')).toHaveText(VIEW_ONLY);
  await scan(page, 'Event detail as a viewer');
  await page.setViewportSize({ width: 700, height: 900 });
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('event-detail-700.png') });
});
