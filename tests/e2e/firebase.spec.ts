/**
 * Firebase in Chromium against the real server (docs/integrations.md remainder; docs/integrations.md §Screens and routes Firebase tab and OAuth-redirect mode, §Plugin states
 * Firebase no-data text, §API endpoints enable Firebase events): an admin connects Firebase for Dragon Merge (Android) from the
 * Overview with a Google account in the Google Cloud sandbox (consent page, back with ?oAuthRedirect, saved by
 * itself), lands on the new Firebase tab with the warning banner and the health line, enables a conversion event
 * ('Enabling Events' while the request is held), sees the function deployed in the feed, the banner gone and Go to
 * Acquire, the health line Receiving on the tab and in the Overview, then deletes the plugin again (the tab
 * disappears). A viewer finds Enable disabled with the docs/integrations.md §Roles tooltip. Each
 * screen is scanned with axe-core wide and at 700 px.
 */
import { expect, test } from '@playwright/test';
import { scan, snackbar } from './pages/integrations';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath } from './pages/demo';

const APP = 'dragon-merge-android';
const BANNER = 'Enable at least one conversion event to unlock the Acquire section and start creating quests.';
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';

test.describe.configure({ mode: 'serial' });

test('connect Firebase, enable a conversion event, see the health line, delete the plugin', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(appPath(APP, 'integrations/Overview'));
  const tabs = page.getByRole('navigation', { name: 'Integrations' });
  await expect(tabs.getByRole('link')).toHaveText([
    'Overview',
    'BigQuery',
    'AppsFlyer',
    'Adjust',
    'Singular',
    'Credentials',
  ]);
  await expect(page.getByRole('rowheader', { name: 'Health' })).toBeVisible();

  // Connect from the Overview: the Configure Connection dialog for a new Firebase plugin, with a Google account. The
  // sandbox consent page sends the browser back with ?oAuthRedirect; the Overview keeps it, the dialog reopens in the
  // OAuth-redirect mode and, the new credential holding every Firebase role, saves by itself; then the new tab opens.
  await page.getByRole('button', { name: 'Connect to Firebase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure Connection' });
  await expect(dialog.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Firebase Admin or Develop Admin')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Google account' }).check();
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByRole('link', { name: /Continue as publisher@/ }).click();
  await expect(snackbar(page, 'Plugin created. Connection configured.')).toBeVisible();
  await expect(page).toHaveURL(/\/integrations\/Firebase$/);
  await expect(tabs.getByRole('link', { name: 'Firebase' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Connection Status' })).toContainText('publisher@demo-studio.dev');

  // No event enabled yet: the banner, no Go to Acquire, the health line waits.
  await expect(page.getByTestId('firebase-banner')).toHaveText(`⚠ ${BANNER}`);
  await expect(page.getByRole('link', { name: 'Go to Acquire' })).toHaveCount(0);
  const healthLine = page.getByRole('region', { name: 'Health' });
  await expect(healthLine).toContainText('Waiting');
  const events = page.getByRole('region', { name: 'Conversion events list' });
  await expect(events.getByRole('checkbox', { name: 'level_complete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeDisabled();
  await scan(page, 'Firebase tab without conversion events');

  // Enable level_complete: 'Enabling Events' while the request is held, then the deployment runs as a job.
  await events.getByRole('checkbox', { name: 'level_complete' }).check();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/firebase/events/enable', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enabling Events' })).toBeVisible();
  release();
  await expect(page.getByText('Enabling Events')).toHaveCount(0);
  await page.unroute('**/firebase/events/enable');

  const feed = page.getByTestId('latest-updates');
  await expect(feed).toContainText('Enabled conversion events: level_complete.');
  await expect(feed).toContainText(/Conversion function v-[0-9a-f]{10} deployed for 1 event\./, { timeout: 20_000 });
  await expect(page.getByTestId('plugin-status')).toHaveText('Connected');
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(events.getByRole('row', { name: /level_complete/ })).toContainText('Enabled');
  await expect(page.getByRole('link', { name: 'Go to Acquire' })).toHaveAttribute(
    'href',
    `/workspace/demo-studio/app/${APP}/acquire/target`,
  );
  await expect(healthLine).toContainText('Receiving');
  await expect(healthLine).toContainText(
    /last seen \d+ minutes? ago|last seen a minute ago|last seen a few seconds ago/,
  );
  await scan(page, 'Firebase tab with a conversion event');

  // The Overview lists Firebase now, with its health.
  await tabs.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('link', { name: 'Firebase: Connected' })).toBeVisible();
  const healthRow = page.getByRole('row', { name: /^Health/ });
  await expect(healthRow.getByRole('cell').nth(1)).toContainText('Receiving');
  await expect(page.getByRole('button', { name: 'Connect to Firebase' })).toHaveCount(0);
  await scan(page, 'Integrations Overview with Firebase');

  // Delete the plugin again: the Firebase tab goes away.
  await page.getByRole('link', { name: 'Firebase: Connected' }).click();
  await page.getByRole('button', { name: 'Delete Plugin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Plugin?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/integrations\/Overview$/);
  await expect(tabs.getByRole('link')).toHaveText([
    'Overview',
    'BigQuery',
    'AppsFlyer',
    'Adjust',
    'Singular',
    'Credentials',
  ]);
});

test('a viewer sees the conversion events with Enable and Disable disabled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath('word-garden-ios', 'integrations/Firebase'));
  await expect(
    page.getByRole('region', { name: 'Conversion events list' }).getByRole('checkbox', { name: 'level_start' }),
  ).toBeDisabled();
  for (const name of ['Enable', 'Disable'])
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  await expect(page.getByLabel(VIEW_ONLY).first()).toBeVisible();
  await expect(page.getByTestId('firebase-banner')).toContainText(BANNER);
});
