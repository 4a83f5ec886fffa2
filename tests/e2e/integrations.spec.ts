/**
 * Integrations in Chromium against the real server (docs/integrations.md §Screens and routes Integrations page, §Plugin states, §Rules and limits, §Roles, §Messages): an admin
 * connects BigQuery on the demo app with no integration (Pixel Racer) with the Questboard service account in the
 * Google Cloud sandbox, sees the missing-permission warning for the sandbox project, signs in with a Google account
 * (the sandbox consent page, back with ?oAuthRedirect stripped), waits for the sandbox export, processes a date range
 * and runs a report over it, toggles Process Data Daily, disconnects it (the Connection card then offers Connect to
 * BigQuery, as the status says), and deletes the plugin again (so other specs still find
 * Pixel Racer without integrations). The viewer sees every action disabled with the docs/integrations.md §Roles tooltip. Each tab is
 * scanned with axe-core wide and at 700 px.
 */
import { expect, test } from '@playwright/test';
import { scan, snackbar } from './pages/integrations';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath, DEMO_APPS } from './pages/demo';
import { ReportBuilder } from './pages/report-builder.page';

const APP = DEMO_APPS.pixelRacer.id;
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

test('connect BigQuery in the sandbox, process a range, run a report on it, then delete the plugin', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.admin);

  // An unknown tab goes to the Overview; Firebase is not a tab without a Firebase plugin.
  await page.goto(appPath(APP, 'integrations/Nowhere'));
  await expect(page).toHaveURL(/\/integrations\/Overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Integrations' });
  await expect(tabs.getByRole('link')).toHaveText([
    'Overview',
    'BigQuery',
    'AppsFlyer',
    'Adjust',
    'Singular',
    'Credentials',
  ]);
  await expect(page.getByRole('link', { name: 'BigQuery: Continue' })).toBeVisible();
  await scan(page, 'Integrations Overview');

  await page.getByRole('link', { name: 'BigQuery: Continue' }).click();
  await expect(page).toHaveURL(/\/integrations\/BigQuery$/);
  await expect(page.getByRole('button', { name: 'Delete Plugin' })).toHaveCount(0);
  await scan(page, 'BigQuery tab without a plugin');

  // Configure Connection with the Questboard service account: Save creates it, the analytics project has every role.
  await page.getByRole('button', { name: 'Connect to BigQuery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Connection' });
  await expect(dialog.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Questboard service account' })).toBeChecked();
  await scan(page, 'Configure Connection dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Plugin created. Connection configured.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The sandbox export is written (Connecting...), then the plugin waits for processing.
  await expect(page.getByRole('button', { name: 'Connected' })).toBeVisible({ timeout: 180_000 }); // the sandbox export job on a busy CI machine
  await expect(page.getByText('Run a processing job to activate the Analyze section.')).toBeVisible();
  await expect(page.getByTestId('latest-updates')).toContainText('Sandbox Firebase export ready');
  await expect(page.getByRole('region', { name: 'Connection Status' })).toContainText('demo-studio-analytics');

  // The sandbox project lacks roles: badges, the docs/integrations.md §Messages note, Save disabled.
  await page.getByRole('button', { name: 'Configure Connection' }).click();
  await dialog.getByRole('combobox', { name: 'GCP Project' }).selectOption('demo-studio-sandbox');
  await expect(dialog.getByText('No Access').first()).toBeVisible();
  await expect(dialog.getByText('Access Granted').first()).toBeVisible();
  await expect(dialog.getByText('Some required IAM permissions are missing.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Cancelled on the consent page: back with ?oAuthRedirect=cancelled, stripped, and said (nothing changed).
  await dialog.getByRole('radio', { name: 'Google account' }).check();
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/integrations\/BigQuery$/);
  await expect(snackbar(page, 'Google sign-in was cancelled. Nothing was changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Configure Connection' }).click();

  // A Google account through the sandbox consent page: back with ?oAuthRedirect, stripped; the limited account lacks
  // BigQuery Job User, so the dialog warns instead of saving.
  await dialog.getByRole('radio', { name: 'Google account' }).check();
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByRole('link', { name: /Continue as limited\.analyst@/ }).click();
  await expect(page).toHaveURL(/\/integrations\/BigQuery$/);
  await expect(
    snackbar(page, 'User credential created. Connection could not be configured due to missing IAM permissions.'),
  ).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Credential' })).toContainText('limited.analyst@demo-studio.dev');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Process the last 14 days; the job's result arrives in the feed and the plugin has data.
  const start = day(-13);
  const end = day(0);
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  await page.getByRole('button', { name: 'Process Data' }).click();
  // It asks first, with the run's estimated bytes and cost (docs/integrations.md §Job history).
  const startDialog = page.getByRole('dialog', { name: 'Process Data?' });
  await expect(startDialog).toContainText(`Data from ${start} to ${end} will be processed.`);
  await startDialog.getByRole('button', { name: 'Start processing' }).click();
  await expect(snackbar(page, `Processing data from ${start} to ${end} started.`)).toBeVisible();
  await expect(page.getByTestId('data-range')).toHaveText(`${start} to ${end}`, { timeout: 120_000 });
  await expect(page.getByTestId('latest-updates')).toContainText(/Processed [\d,]+ events from/);
  await expect(page.getByTestId('plugin-status')).toHaveText('Connected');

  // Process Data Daily: on, with the refresh schedule in UTC.
  const daily = page.getByRole('switch', { name: 'Process Data Daily' });
  await expect(daily).not.toBeChecked();
  await daily.check({ force: true });
  await expect(page.getByTestId('refresh-schedule')).toHaveText(/03:00.*\(UTC\)/);
  await expect(daily).toBeChecked();
  await scan(page, 'BigQuery tab with data');

  // Go to Analyze: a report over the freshly processed range.
  await page.getByRole('link', { name: 'Go to Analyze' }).click();
  await expect(page.getByRole('heading', { name: 'Unearth the Treasures in Your Data' })).toBeVisible();
  const builder = new ReportBuilder(page, APP);
  await builder.gotoNew();
  await builder.groupBy.selectOption({ label: 'Date' });
  const rows = await builder.runForRows();
  expect(rows.length).toBeGreaterThan(0);

  // Disconnect: the Connection card reads the same status as the Status row (never a disabled 'Connected' beside
  // 'Disconnected'); the reconnect note's X is an icon, not a letter.
  await page.goto(appPath(APP, 'integrations/BigQuery'));
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await page.getByRole('dialog', { name: 'Disconnect Plugin?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(snackbar(page, 'BigQuery disconnected.')).toBeVisible();
  await expect(page.getByTestId('plugin-status')).toHaveText('Disconnected');
  const connection = page.getByRole('region', { name: 'Connection', exact: true });
  await expect(connection.getByRole('button')).toHaveText('Connect to BigQuery');
  await expect(connection.getByRole('button')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Connected', exact: true })).toHaveCount(0);
  const note = page.getByTestId('reconnect-note');
  await expect(note).toHaveText('Connect to BigQuery to reprocess data');
  await expect(note.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  await scan(page, 'BigQuery tab disconnected');

  // Delete the plugin again: Analyze is off for Pixel Racer as before.
  await page.getByRole('button', { name: 'Delete Plugin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Plugin?' });
  await expect(confirm).toContainText('Are you sure you want to delete the BigQuery plugin?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page, 'BigQuery plugin deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect to BigQuery' })).toBeVisible();
});

test('a viewer sees every integrations action disabled with the view-only tooltip', async ({ page }) => {
  test.setTimeout(60_000); // six axe scans, the Firebase tab with its conversion events among them
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath('dragon-merge-android', 'integrations/BigQuery'));
  await expect(page.getByTestId('data-range')).not.toHaveText('N/A');
  for (const name of ['Delete Plugin', 'Configure Connection', 'Disconnect', 'Process Data']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await expect(page.getByRole('switch', { name: 'Process Data Daily' })).toBeDisabled();
  await expect(page.getByLabel(VIEW_ONLY).first()).toBeVisible();
  // The Events table: the processed events, searched 500 ms after typing.
  const events = page.getByRole('region', { name: 'Events list' });
  await expect(events.getByRole('cell', { name: 'ad_impression', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Event Name' }).fill('level_');
  await expect(events.getByRole('cell', { name: 'ad_impression', exact: true })).toHaveCount(0);
  await expect(events.getByRole('cell', { name: 'level_start', exact: true })).toBeVisible();
  await scan(page, 'BigQuery tab as a viewer');

  await page.goto(appPath('word-garden-ios', 'integrations/Firebase'));
  await expect(
    page.getByRole('navigation', { name: 'Integrations' }).getByRole('link', { name: 'Firebase' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByText('Enable at least one conversion event to unlock the Acquire section and start creating quests.'),
  ).toBeVisible();
  await scan(page, 'Firebase tab as a viewer');
});

test("switching the active source asks 'Confirm Change?'", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(appPath('dragon-merge-ios', 'integrations/Overview'));
  const bigQuery = page.getByRole('switch', { name: 'BigQuery active' });
  await expect(bigQuery).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Adjust active' })).toBeDisabled();
  await expect(page.locator('label[title="Connect the source to activate it"]').first()).toBeAttached();
  await bigQuery.click({ force: true }); // the switch waits for the confirm: it does not change on the click
  const confirm = page.getByRole('dialog', { name: 'Confirm Change?' });
  await expect(confirm).toContainText('This will cause all events to be stopped.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(snackbar(page, 'BigQuery is now the active source.')).toBeVisible();
  await expect(bigQuery).toBeChecked();
  await expect(bigQuery).toBeDisabled();
});
