/**
 * App Settings (SPEC §2 Settings tabs; §4 store status per platform and the 'Show on Questboard App' switch; §7 update
 * app general multipart data + image; §9 app icon 1,000,000 bytes): the page shell and its tab routes, the General
 * tab's store-status field rules and format checks, a save with a new icon, and the viewer's disabled actions. Each
 * run adds its own app (through the API) so it never changes the seeded apps other specs read. Axe at wide and 700 px.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
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

interface AppAnswer {
  data: {
    appName: string;
    image: string | null;
    googleStatus: string;
    googlePackageName: string | null;
    googleStoreUrl: string | null;
  };
}

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

test('General: store-status field rules, real formats, the icon limit, and a save as multipart data + image', async ({
  page,
}) => {
  const shell = new Shell(page);
  const token = await signInByApi(page, DEMO_ACCOUNTS.editor);
  const { id, pkg } = await addApp(page, token);
  await page.goto(appPath(id, 'settings/general'));
  await expect(page.getByRole('heading', { name: 'App Settings', exact: true })).toBeVisible();
  const status = page.getByLabel('Store status');
  const packageName = page.getByLabel('Package name', { exact: true });
  const storeUrl = page.getByLabel('Store URL', { exact: true });
  await expect(status).toHaveValue('InStore');
  await expect(packageName).toHaveValue(pkg);

  // SPEC §4: package fields when not NotReady, store URL only when InStore.
  await status.selectOption({ label: 'Not ready' });
  await expect(packageName).toHaveCount(0);
  await expect(storeUrl).toHaveCount(0);
  await status.selectOption({ label: 'In development' });
  await expect(packageName).toBeVisible();
  await expect(storeUrl).toHaveCount(0);
  await status.selectOption({ label: 'In store' });
  await expect(storeUrl).toBeVisible();

  const saves: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/app/${id}/general`) saves.push(r);
  });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await packageName.fill('not a package');
  await storeUrl.fill('https://apps.apple.com/app/id123');
  await save.click();
  await expect(page.getByText('Enter a valid package name, such as com.example.game.', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Enter the Google Play listing URL (https://play.google.com/store/apps/details?id=…).', {
      exact: true,
    }),
  ).toBeVisible();
  await packageName.fill(pkg);
  await storeUrl.fill(`https://play.google.com/store/apps/details?id=${pkg}x`);
  await expect(
    page.getByText('The Google Play URL must be the listing of this package name.', { exact: true }),
  ).toBeVisible();
  await storeUrl.fill(`https://play.google.com/store/apps/details?id=${pkg}`);

  // The app icon validator: 1,000,000 bytes (the helper text still says 3 MB).
  await expect(page.getByText('PNG, JPG or GIF, up to 3 MB', { exact: true })).toBeVisible();
  await page
    .getByLabel('Icon file')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001) });
  await expect(page.getByText('File is too large!', { exact: true })).toBeVisible();
  await page.getByLabel('Icon file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('File is too large!', { exact: true })).toHaveCount(0);
  expect(saves, 'nothing is sent while the form is invalid').toHaveLength(0);

  const name = `Settings ${unique('n')}`;
  await page.getByLabel('App name', { exact: true }).fill(name);
  await save.click();
  await expect(shell.snackbar('App settings saved.')).toBeVisible();
  expect(saves).toHaveLength(1);
  expect(saves[0]!.headers()['content-type']).toMatch(/^multipart\/form-data/);
  // (Chromium does not expose a multipart body holding a file; the stored icon below shows the image part arrived.)
  const saved = await shell.apiGet<AppAnswer>(`/api/app/${id}`);
  expect(saved.data).toMatchObject({ appName: name, googleStatus: 'InStore', googlePackageName: pkg });
  expect(saved.data.image).toMatch(/^\/api\/files\//);
  // Saved for real: a reload shows the new name and the status kept.
  await page.reload();
  await expect(page.getByLabel('App name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Store status')).toHaveValue('InStore');
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
  await save.hover({ force: true });
  await expect(page.getByText(VIEW_ONLY).first()).toBeAttached();
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
