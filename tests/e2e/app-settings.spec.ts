/**
 * App Settings (docs/app-settings.md §Screens and routes Settings tabs; §App settings states store status per platform and the 'Show on Questboard App' switch; §API endpoints update
 * app general multipart data + image; §Rules and limits app icon 1,000,000 bytes): the page shell and its tab routes and the viewer's
 * disabled actions (the General tab's field rules, icon limit and saves are the app-general path table's:
 * tests/e2e/model-paths/app-general.paths.ts). Each
 * run adds its own app (through the API) so it never changes the seeded apps other specs read. Axe at wide and 700 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { appPath, DEMO_APPS, DEMO_WORKSPACE, unique } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Adds a fresh Android app (InStore on Google Play) to Demo Studio through the API; returns its id and package. */
async function addApp(page: Page, token: string) {
  const pkg = `dev.e2e.settings${unique('a').replace(/[^a-z0-9]/gi, '')}`;
  const res = await page.request.post(`/api/workspace/${DEMO_WORKSPACE.id}/apps`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      organisationId: DEMO_WORKSPACE.id,
      // With an icon like every seeded app (the narrow header's app picker shows a letter for an app without one).
      image: { name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG },
      data: JSON.stringify({
        appName: 'Settings Test',
        platform: 'android',
        googlePackageName: pkg,
        googleStoreUrl: `https://play.google.com/store/apps/details?id=${pkg}`,
      }),
    },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, pkg };
}

test('the page: heading, every tab in the bar (labelled ones first) that navigates by click and arrow keys, an unknown tab goes to general', async ({
  page,
}) => {
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  const general = appPath(DEMO_APPS.pixelRacer.id, 'settings/general');
  await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'settings/nonsense'));
  await expect(page).toHaveURL(general);
  await expect(page.getByRole('heading', { name: 'App Settings', exact: true })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'App settings' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'General',
    'Details',
    'API Keys',
    'Events',
    'Catalogue',
    'Messages',
    'Acquisition Links',
  ]);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('App name', { exact: true })).toHaveValue(DEMO_APPS.pixelRacer.name);
  await expectNoSeriousA11yViolations(page, 'settings general (wide)');

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'settings/details'));
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'settings/apikeys'));
  await page.goBack();
  await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'settings/details'));

  // Every other tab is reachable from the bar, by click and by keyboard (arrow keys move along the tabs and open them).
  for (const [tab, title] of [
    ['events', 'Events'],
    ['catalogue', 'Catalogue'],
    ['messages', 'Messages'],
    ['acquisitionLinks', 'Acquisition Links'],
  ] as const) {
    await page.getByRole('tab', { name: title, exact: true }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, `settings/${tab}`));
    await expect(page.getByRole('tab', { name: title, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Acquisition Links' }).focus();
  await page.keyboard.press('ArrowRight'); // wraps to the first tab
  await expect(page).toHaveURL(general);
  await expect(page.getByRole('tab', { name: 'General' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'settings/acquisitionLinks'));
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'settings/events'));
  await expect(page.getByRole('tab', { name: 'Events' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('tabindex', '0');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('tabindex', '-1');
  await expectNoSeriousA11yViolations(page, 'settings events tab (wide)');

  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(general);
  await expect(page.getByLabel('App name', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings general (700 px)');
});

test('a viewer sees the form but Save and the visibility switch are disabled with the view-only tooltip', async ({
  page,
}) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/general'));
  await expect(page.getByLabel('Bundle ID', { exact: true })).toHaveValue('dev.demostudio.wordgarden');
  await expect(page.getByLabel('Store URL', { exact: true })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  // Hovered again until the tooltip shows: a field still loading above may move the button from under the pointer.
  await expect(async () => {
    await save.hover({ force: true });
    await expect(page.getByText(VIEW_ONLY).first()).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('switch', { name: 'Show on Questboard App' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'settings general viewer (700 px)');
});

test('API Keys: create shows the full key once, then only its prefix; terminate asks first', async ({ page }) => {
  const shell = new Shell(page);
  const token = await signInByApi(page, DEMO_ACCOUNTS.editor);
  const { id } = await addApp(page, token);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(appPath(id, 'settings/apikeys'));
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings api keys empty (700 px)');

  await page.getByLabel('Key type').selectOption('s2s');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  await expect(shell.snackbar('API key created. Copy it now: it will not be shown again.')).toBeVisible();
  const full = await dialog.getByLabel('API key').inputValue();
  expect(full).toMatch(/^qb_s2s_[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousA11yViolations(page, 'settings new api key dialog (700 px)');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(`${full.slice(0, 13)}…`) });
  await expect(row).toContainText('s2s');
  await expect(row).toContainText('Active');
  expect(await page.content()).not.toContain(full);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(full);

  await row.getByRole('button', { name: /^Terminate/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Terminate API key?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /^Terminate/ }).click();
  await confirm.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expect(shell.snackbar('API key terminated.')).toBeVisible();
  await expect(row).toContainText('Terminated');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The General tab lists the keys too, with the way to this edit view.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByText(`${full.slice(0, 13)}…`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage API keys' })).toHaveAttribute(
    'href',
    appPath(id, 'settings/apikeys'),
  );
});

test('API Keys: a viewer cannot create or terminate', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/apikeys'));
  await expect(page.getByRole('button', { name: 'Create API key' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'settings api keys viewer (wide)');
});
