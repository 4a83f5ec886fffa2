/**
 * "Ask Analyze in plain words" end to end (/analyze/reportAi) on the demo app with data, as a viewer
 * (running reports is open to every member, docs/ask.md §Roles): from the Analyze overview, a question is understood offline,
 * shown as parts that can be changed or removed, and Run Report opens the normal builder, which runs it to a grid.
 * A question with a word that is no metric says so and offers catalogue suggestions. axe-core wide and at 700 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { AnalyzeOverview, ReportBuilder, expectAccessible, expectAnalyticsReady } from './pages/report-builder.page';

test.describe.configure({ timeout: 90_000 });
test.beforeAll(({ request }) => expectAnalyticsReady(request));

class AskPage {
  constructor(readonly page: Page) {}
  get question() {
    return this.page.getByLabel('Your question');
  }
  get askButton() {
    return this.page.getByRole('button', { name: 'Ask', exact: true });
  }
  get summary() {
    return this.page.getByTestId('ask-summary');
  }
  get runButton() {
    return this.page.getByRole('button', { name: 'Run Report' });
  }
  async ask(question: string) {
    await this.question.fill(question);
    await this.askButton.click();
    await expect(this.page.getByRole('heading', { name: 'How I understood it' })).toBeVisible({ timeout: 20_000 });
  }
}

test('a viewer asks in plain words, adjusts the parts and runs it to a grid in the builder', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  const overview = new AnalyzeOverview(page);
  await overview.goto();
  await page.getByRole('link', { name: 'Ask in plain words' }).click();
  await expect(page.getByRole('heading', { name: 'Ask in plain words', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/analyze\/reportAi$/);
  await expectAccessible(page, 'ask: the question box (1280)');

  const ask = new AskPage(page);
  await ask.ask('retension d1 and d7 by contry for the last 30 days, only iOS');
  await expect(ask.summary).toHaveText('Retention D1, Retention D7 · by Country · last 30 days · Platform is iOS');
  await expect(page.getByText('Read offline, from your catalogue')).toBeVisible();
  await expectAccessible(page, 'ask: understood (1280)');

  // each part can be removed or changed
  await page.getByRole('button', { name: 'Remove Retention D7' }).click();
  await page.getByLabel('Change by Country').selectOption({ label: 'Media Source' });
  await expect(ask.summary).toHaveText('Retention D1 · by Media Source · last 30 days · Platform is iOS');
  // a condition's comparison changes too: is ↔ is not (this Android app's rows are the ones that are not iOS)
  await page.getByLabel('Change the comparison of Platform is iOS').selectOption({ label: 'is not' });
  await expect(ask.summary).toHaveText('Retention D1 · by Media Source · last 30 days · Platform is not iOS');
  await expectAccessible(page, 'ask: a condition negated (1280)');

  // Run opens the normal builder with the result, which runs it (and saves it, as every first run does)
  await ask.runButton.click();
  const builder = new ReportBuilder(page);
  await expect(page).toHaveURL(/\/analyze\/report\/[^/]+$/, { timeout: 30_000 });
  await expect(builder.results).toBeVisible({ timeout: 30_000 });
  await expect(builder.rowCount).toHaveText(/^\d+ rows?$/);
  expect(await builder.columnNames()).toEqual(['media_source', 'retention_d1']);
  await builder.expectTitle('Retention D1 by Media Source');
  await expect(builder.metricsList.getByRole('listitem')).toHaveText(['Retention D1']);
});

test('a word that is no metric is said, with suggestions from the catalogue (700 px)', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto('/');
  await new AnalyzeOverview(page).goto();
  await page.getByRole('link', { name: 'Ask in plain words' }).click();

  const ask = new AskPage(page);
  await ask.ask('whales by country');
  await expect(page.getByText("'whales' is not a metric I know.")).toBeVisible();
  await expect(
    page.getByText(
      'I could not find a metric in that question. Pick one of the suggestions or ask again in other words.',
    ),
  ).toBeVisible();
  await expect(ask.runButton).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page, 'ask: not understood (700)');

  await page.getByRole('button', { name: 'Add Payers' }).click();
  await expect(ask.summary).toHaveText('Payers · by Country · last 7 days of data');
  await expect(ask.runButton).not.toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page, 'ask: a suggestion taken (700)');
});
