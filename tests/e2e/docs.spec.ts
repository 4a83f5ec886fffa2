/**
 * The documentation pages (docs/app-settings.md §Screens and routes /documentation/{product}_overview and /documentation/{name}_integration
 * ?workspaceId=..&appId=..) and the App Settings Events and Acquisition Links tabs (docs/app-settings.md §Screens and routes settings/events and
 * settings/acquisitionLinks; §Entities Deeplink; §API endpoints update deeplink; §Messages 'Deep link copied to clipboard.'):
 *  - every guide signed out (placeholders, a way to sign in), as a member (the app's own values filled in, guide links
 *    keep the app, a way back to the app) and as a member of another workspace (placeholders, no error page);
 *  - the Events tab: the demo app's events with their parameters and types, search, the empty states;
 *  - acquisition links: copy to the clipboard, the unsupported platform, the edit dialog scanned, and the viewer's
 *    disabled Edit URL (editing is the deeplink-edit machine's browser table).
 * Axe at 1280 and 700 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath, DEMO_APPS, DEMO_WORKSPACE } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const DRAGON_ANDROID = 'dragon-merge-android';
const DRAGON_IOS = 'dragon-merge-ios';
const SERVICE_ACCOUNT = 'questboard-demo-studio@questboard-sandbox.iam.gserviceaccount.com';
const GUIDES = [
  { slug: 'questboard_overview', heading: 'Questboard documentation', navLabel: 'Questboard overview' },
  { slug: 'bigquery_integration', heading: 'BigQuery integration guide', navLabel: 'BigQuery integration' },
  { slug: 'firebase_integration', heading: 'Firebase integration guide', navLabel: 'Firebase integration' },
  { slug: 'appsflyer_integration', heading: 'AppsFlyer integration guide', navLabel: 'AppsFlyer integration' },
  { slug: 'adjust_integration', heading: 'Adjust integration guide', navLabel: 'Adjust integration' },
] as const;
const withApp = (slug: string, appId = DRAGON_ANDROID) =>
  `/documentation/${slug}?workspaceId=${DEMO_WORKSPACE.id}&appId=${appId}`;
const snackbar = (page: Page, text: string) =>
  page.locator('[role=status], [role=alert]').getByText(text, { exact: true });
const guide = (page: Page) => page.locator('article.guide');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
/** An App Settings tab's heading, under the page's App Settings heading and tab bar. */
const tabHeading = (page: Page, name: string) =>
  page.getByRole('tabpanel').getByRole('heading', { level: 2, name, exact: true });

test.describe('documentation pages', () => {
  test('signed out: every guide with and without an app, placeholders, the header and a way to sign in', async ({
    page,
  }) => {
    // Without an app in the address: no values note, placeholders in an integration guide.
    await page.goto('/documentation/appsflyer_integration');
    await expect(heading(page, 'AppsFlyer integration guide')).toBeVisible();
    await expect(
      guide(page).locator('.guide-placeholder').filter({ hasText: 'your AppsFlyer app ID' }).first(),
    ).toBeVisible();
    await expect(page.getByText(/This guide shows placeholders/)).toHaveCount(0);

    // With an app: every guide, through the list of guides (which keeps the app in the address).
    await page.goto(withApp('questboard_overview'));
    const nav = page.getByRole('navigation', { name: 'Guides' });
    for (const { slug, heading: title, navLabel } of GUIDES) {
      await nav.getByRole('link', { name: navLabel, exact: true }).click();
      await expect(heading(page, title)).toBeVisible();
      await expect(page).toHaveURL(withApp(slug));
      await expect(page.getByRole('link', { name: 'Questboard home' })).toBeVisible();
      await expect(page.locator('nav[aria-label="Guides"] a[aria-current="page"]')).toHaveText(navLabel);
      await expect(
        page.getByText(
          'This guide shows placeholders. Sign in as a member of the app’s workspace to see its own values here.',
        ),
      ).toBeVisible();
      await expect(guide(page)).not.toContainText('dev.demostudio.dragonmerge');
      await expect(guide(page)).not.toContainText(SERVICE_ACCOUNT);
    }
    // The last one (Adjust) names the package and the callback URL by placeholders.
    await expect(
      guide(page).locator('.guide-placeholder').filter({ hasText: 'your package name or bundle ID' }).first(),
    ).toBeVisible();
    await expect(
      guide(page).locator('.guide-placeholder').filter({ hasText: "your app's callback URL" }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'documentation signed out (wide)');
    await page.setViewportSize({ width: 700, height: 900 });
    await expectNoSeriousA11yViolations(page, 'documentation signed out (700 px)');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/continue/);

    await page.goto('/documentation/no_such_guide');
    await expect(heading(page, 'Guide not found')).toBeVisible();
  });

  test("a member reads the app's own values; guide links keep the app; the way back leads to the app's tab", async ({
    page,
  }) => {
    test.setTimeout(60_000); // eleven guide pages and two axe scans
    await signInByApi(page, DEMO_ACCOUNTS.viewer);
    const filled = 'Filled in with the values of Dragon Merge in Demo Studio.';
    await page.goto(withApp('questboard_overview'));
    for (const { slug, heading: title, navLabel } of [...GUIDES.slice(1), GUIDES[0], GUIDES[1]]) {
      await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: navLabel, exact: true }).click();
      await expect(page).toHaveURL(withApp(slug));
      await expect(heading(page, title)).toBeVisible();
      await expect(page.getByText(filled)).toBeVisible();
    }
    // Ends on the BigQuery guide: the service account to grant, the project and the package name.
    for (const value of [SERVICE_ACCOUNT, 'demo-studio-analytics', 'dev.demostudio.dragonmerge']) {
      await expect(guide(page).locator('.guide-value').filter({ hasText: value }).first()).toBeVisible();
    }
    await expect(guide(page).locator('.guide-placeholder')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'documentation with values (wide)');

    // A link inside the guide opens the other guide for the same app.
    await guide(page).getByRole('link', { name: 'Firebase', exact: true }).click();
    await expect(page).toHaveURL(withApp('firebase_integration'));
    await expect(heading(page, 'Firebase integration guide')).toBeVisible();
    await expect(page.getByText(filled)).toBeVisible();

    // The iOS app: its bundle id and the App Store id AppsFlyer knows it by; the postback URL carries the app's secret,
    // so a viewer reads its placeholder (editors and admins see it: tests/server/app-links.test.ts).
    await page.goto(withApp('appsflyer_integration', DRAGON_IOS));
    await expect(guide(page).locator('.guide-value').filter({ hasText: 'id1600000001' }).first()).toBeVisible();
    await expect(
      guide(page).locator('.guide-placeholder').filter({ hasText: "your app's postback URL" }).first(),
    ).toBeVisible();
    await page.setViewportSize({ width: 700, height: 900 });
    await expectNoSeriousA11yViolations(page, 'documentation with values (700 px)');
    await page.getByRole('link', { name: 'Back to Dragon Merge' }).click();
    await expect(page).toHaveURL(appPath(DRAGON_IOS, 'integrations/AppsFlyer'));

    // No app in the address: no values note, back to Questboard.
    await page.goto('/documentation/questboard_overview');
    await expect(heading(page, 'Questboard documentation')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Questboard' })).toBeVisible();
    await expect(page.getByText(filled)).toHaveCount(0);
  });

  test('a member of another workspace reads placeholders, not an error page', async ({ page }) => {
    await signInByApi(page, 'rival@rivalgames.dev');
    await page.goto(withApp('bigquery_integration'));
    await expect(heading(page, 'BigQuery integration guide')).toBeVisible();
    await expect(
      page.getByText('This guide shows placeholders: your account cannot see the app named in the address.'),
    ).toBeVisible();
    await expect(guide(page)).not.toContainText(SERVICE_ACCOUNT);
    await expect(guide(page).locator('.guide-placeholder').first()).toBeVisible();
  });
});

test('a viewer: the Events tab (parameters and types, search, empty states) and Acquisition Links without Edit URL', async ({
  page,
}) => {
  // The demo app's events are recorded by a background job once the server is up; on a fresh server it may still run.
  test.setTimeout(120_000);
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath(DRAGON_ANDROID, 'settings/events'));
  await expect(tabHeading(page, 'Events')).toBeVisible();
  const list = page.getByRole('list', { name: 'Event schemas' });
  const levelEnd = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'level_end', exact: true }) });
  // Refresh until the job has recorded them.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(levelEnd).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(levelEnd.getByRole('term').filter({ hasText: 'level_name' })).toBeVisible();
  await expect(levelEnd).toContainText('level_nameSTRING');
  await expect(levelEnd).toContainText('BigQuery');
  await expect(list.getByRole('heading', { name: 'ad_impression', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'events tab (wide)');

  await page.getByRole('searchbox', { name: 'Search Event Name' }).fill('level_');
  await expect(list.getByRole('heading', { name: 'ad_impression', exact: true })).toHaveCount(0);
  await expect(levelEnd).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Event Name' }).fill('no_such_event');
  await expect(page.getByRole('heading', { name: 'No matching events' })).toBeVisible();

  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'settings/events'));
  await expect(page.getByRole('heading', { name: 'No events yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Integrations' })).toHaveAttribute(
    'href',
    appPath(DEMO_APPS.pixelRacer.id, 'integrations/Overview'),
  );
  await expectNoSeriousA11yViolations(page, 'events tab empty (700 px)');

  // Acquisition links for a viewer: Copy works, Edit URL is disabled with the view-only tooltip.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(appPath(DRAGON_IOS, 'settings/acquisitionLinks'));
  const links = page.getByRole('list', { name: 'Acquisition links' }).getByRole('listitem');
  await expect(links).toHaveCount(2);
  await expect(links.first().getByRole('button', { name: /^Copy link/ })).toBeEnabled();
  await expect(links.first().getByRole('button', { name: /^Edit URL/ })).toBeDisabled();
  await expect(page.getByLabel(VIEW_ONLY).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'acquisition links viewer (wide)');
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/acquisitionLinks'));
  await expect(page.getByRole('heading', { name: 'No acquisition links yet' })).toBeVisible();
});

test('Acquisition Links: copy, the unsupported platform, the edit dialog scanned', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  await page.goto(appPath(DRAGON_ANDROID, 'settings/acquisitionLinks'));
  await expect(tabHeading(page, 'Acquisition Links')).toBeVisible();
  const links = page.getByRole('list', { name: 'Acquisition links' }).getByRole('listitem');
  await expect(links).toHaveCount(3);
  const oneLink = links.filter({ hasText: 'OneLink' });
  await expect(oneLink).toContainText('AppsFlyer');

  // Copy.
  await oneLink.getByRole('button', { name: 'Copy link OneLink (AppsFlyer)' }).click();
  await expect(snackbar(page, 'Deep link copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'https://dragonmerge.onelink.me/Qb7x?pid=questboard_int&c=quests&af_dp=dragonmerge%3A%2F%2Fquests',
  );

  // The Adjust link is listed but its platform is not supported: Edit URL disabled with the reason.
  const adjust = links.filter({ hasText: 'AdjustLink' });
  await expect(adjust).toContainText('Unsupported platform');
  await expect(adjust.getByRole('button', { name: /^Edit URL/ })).toBeDisabled();
  await expect(adjust.getByLabel('Questboard cannot update links of this platform.')).toBeVisible();

  // The edit dialog, scanned narrow. Editing itself (refused as typed, each failure keeping the typed url, a save) is
  // the deeplink-edit machine's browser table (tests/e2e/model-paths/deeplink-edit.paths.ts).
  await oneLink.getByRole('button', { name: 'Edit URL of OneLink (AppsFlyer)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update deep link' });
  await expect(dialog.getByLabel('Link URL')).toHaveValue(
    'https://dragonmerge.onelink.me/Qb7x?pid=questboard_int&c=quests&af_dp=dragonmerge%3A%2F%2Fquests',
  );
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, 'acquisition links dialog (700 px)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
