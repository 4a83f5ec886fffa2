/**
 * Retention cohorts end to end on the demo app with data (docs/analyze.md §Retention cohorts): reached from the Analyze
 * overview; a real table with column and row headers, cohort sizes and the weighted average row, each coloured cell
 * with its percentage; a viewer runs and splits it but cannot save; at 1280 and 700 px the page never scrolls
 * sideways (the table scrolls in its own focusable region) and axe finds no serious violation.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath } from './pages/demo';
import { ANALYZE_APP, expectAnalyticsReady } from './pages/report-builder.page';
import { expectNoSeriousA11yViolationsWideAndNarrow } from './pages/axe';

test('a viewer opens retention cohorts from the overview, reads the triangle and splits it', async ({ page }) => {
  test.setTimeout(90_000);
  await expectAnalyticsReady(page.request);
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(appPath(ANALYZE_APP.id, 'analyze/overview'));
  await page.getByRole('link', { name: 'Retention cohorts' }).click();
  await expect(page).toHaveURL(/\/analyze\/cohorts$/);
  await expect(page.getByRole('heading', { name: 'Retention cohorts', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: /^Retention by install week/ });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('columnheader', { name: 'Cohort' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Players' })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveCount(2 + 12);
  await expect(table.getByRole('rowheader', { name: 'Weighted average' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Week of / })).toHaveCount(12);
  // the oldest cohort's week 0 is a coloured cell with its number; the youngest has not lived a whole week yet
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(1)).toHaveText(/^\d+\.\d%$/);
  const youngest = table.getByRole('row').nth(12);
  await expect(youngest.getByRole('cell').nth(1)).toHaveText('not yet');

  // a viewer runs and looks, but cannot save
  await expect(page.getByRole('button', { name: 'Save cohort table' })).toBeDisabled();

  // 700 px: no sideways page scroll; the table scrolls inside its focusable region
  await page.setViewportSize({ width: 700, height: 900 });
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolationsWideAndNarrow(page, 'retention cohorts');

  await page.getByLabel('Split by').selectOption('platform');
  await expect(page.getByRole('heading', { name: /^Platform: / }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Building the cohort table…')).toHaveCount(0);
  await expectNoSeriousA11yViolationsWideAndNarrow(page, 'retention cohorts split by platform');
});
