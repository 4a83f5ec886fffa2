/**
 * Sign-in, navigation per role and logout (docs/accounts.md §Screens and routes shell, §Roles roles). Each test signs in on its own fresh browser
 * context. A refused password, its words cleared by a later submit, and two-factor sign-in are paths of the session
 * machine (tests/e2e/model-paths/session.paths.ts).
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './pages/sign-in.page';
import { Shell } from './pages/shell.page';
import { appPath, appsPath, DEMO_APPS } from './pages/demo';

// The tests are independent (fresh contexts, unique emails): let both workers share them.
test.describe.configure({ mode: 'parallel' });

const ROLES = [
  { role: 'admin', email: DEMO_ACCOUNTS.admin, admin: true },
  { role: 'editor', email: DEMO_ACCOUNTS.editor, admin: false },
  { role: 'viewer', email: DEMO_ACCOUNTS.viewer, admin: false },
] as const;

for (const { role, email, admin } of ROLES) {
  test(`${role} signs in and sees the navigation of their role`, async ({ page }) => {
    const shell = new Shell(page);
    await signIn(page, email);
    await expect(page).toHaveURL(appsPath());
    await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();

    // docs/accounts.md §Screens and routes/§Roles: Apps and Team for everyone, Billing and Settings for admins only.
    await expect(shell.navLink('Apps')).toBeVisible();
    await expect(shell.navLink('Team')).toBeVisible();
    for (const adminOnly of ['Billing', 'Settings']) {
      if (admin) await expect(shell.navLink(adminOnly)).toBeVisible();
      else await expect(shell.navLink(adminOnly)).toHaveCount(0);
    }
    // No app sections outside app pages.
    await expect(shell.navLink('Monetize')).toHaveCount(0);

    // Inside an app page: the app selector and sections; Demo Studio has allowMonetize 1, so Monetize shows.
    await page.getByRole('link', { name: `${DEMO_APPS.pixelRacer.name} (Android)`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app/${DEMO_APPS.pixelRacer.id}/`));
    await expect(shell.appSelector).toHaveAccessibleName(`App ${DEMO_APPS.pixelRacer.name} Android`);
    for (const section of ['Analyze', 'Acquire', 'Monetize', 'Integrations', 'App Settings']) {
      await expect(shell.navLink(section)).toBeVisible();
    }
    await expect(shell.navLink('Team')).toBeVisible();
    if (admin) await expect(shell.navLink('Billing')).toBeVisible();
    else await expect(shell.navLink('Billing')).toHaveCount(0);
  });
}

test('logout from the profile menu lands on /continue, and app pages then redirect to /continue', async ({ page }) => {
  const shell = new Shell(page);
  await signIn(page, DEMO_ACCOUNTS.viewer);
  const appPage = appPath(DEMO_APPS.wordGarden.id);
  await page.goto(appPage);
  await expect(shell.navLink('Acquire')).toHaveAttribute('aria-current', 'page');
  const token = await shell.token();

  await shell.logout();
  await expect(page).toHaveURL(/\/continue$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Questboard' })).toBeVisible();

  // The old token is revoked on the server, and the browser no longer holds one.
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('questboard.token'))).toBeNull();

  // Back to the app page: signed out, so it redirects to /continue (remembering where the user wanted to go).
  await page.goBack();
  await expect(page).toHaveURL(/\/continue(\?|$)/);
  await page.goto(appPage);
  await expect(page).toHaveURL(`/continue?next=${encodeURIComponent(appPage)}`);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
});
