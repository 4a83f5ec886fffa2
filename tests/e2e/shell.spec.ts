/**
 * The shell of SPEC §2: /workspace/home rules, unknown workspace ids, and the narrow-screen (≤ 765 px) overlay menu
 * with its app dropdown.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { appPath, appsPath, DEMO_APPS, DEMO_WORKSPACE } from './pages/demo';

// The tests are independent (fresh contexts, unique emails): let both workers share them.
test.describe.configure({ mode: 'parallel' });

test.describe('workspace routing', () => {
  test('/workspace/home redirects a user with a workspace to its apps page', async ({ page }) => {
    await signInByApi(page, DEMO_ACCOUNTS.editor);
    await page.goto('/workspace/home');
    await expect(page).toHaveURL(appsPath(DEMO_WORKSPACE.id));
    await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
    await expect(page.getByText(`Every Android and iOS app of ${DEMO_WORKSPACE.name}.`)).toBeVisible();
  });

  for (const [what, workspaceId] of [
    ['an unknown workspace id', 'no-such-workspace'],
    ['a workspace the user is not a member of', 'rival-games'],
  ] as const) {
    test(`${what} in the URL lands on /workspace/home → apps with 'Workspace not found!'`, async ({ page }) => {
      const shell = new Shell(page);
      await signInByApi(page, DEMO_ACCOUNTS.admin);
      await page.goto(`/workspace/${workspaceId}/team`);
      await expect(shell.snackbar('Workspace not found!')).toBeVisible();
      await expect(page).toHaveURL(appsPath(DEMO_WORKSPACE.id));
      await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
    });
  }
});

test.describe('narrow screen (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu button opens the full-screen overlay menu; navigating closes it', async ({ page }) => {
    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'acquire/target'));
    await expect(shell.appDropdown).toBeVisible();

    // Narrow: no left menu and no overlay until the menu button is pressed.
    await expect(shell.sideNav).toBeHidden();
    await expect(shell.overlay).toHaveCount(0);
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');

    await shell.menuButton.click();
    await expect(shell.overlay).toBeVisible();
    await expect(shell.closeMenuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.overlay).toHaveCSS('transition-duration', '0.3s'); // SPEC §9: 300 ms fade
    // Full screen below the header.
    const box = await shell.overlay.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBe(390);
    expect(box!.y).toBe(64);
    expect(box!.height).toBe(844 - 64);

    for (const label of ['Apps', 'Team', 'Billing', 'Settings', 'Analyze', 'Acquire', 'Monetize', 'Integrations', 'App Settings']) {
      await expect(shell.navLink(label, shell.overlay)).toBeVisible();
    }

    await shell.navLink('Team', shell.overlay).click();
    await expect(page).toHaveURL(`/workspace/${DEMO_WORKSPACE.id}/team`);
    await expect(shell.overlay).toHaveCount(0);
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');

    // The close button closes it too, without navigating.
    await shell.menuButton.click();
    await expect(shell.overlay).toBeVisible();
    await shell.closeMenuButton.click();
    await expect(shell.overlay).toHaveCount(0);
    await expect(page).toHaveURL(`/workspace/${DEMO_WORKSPACE.id}/team`);

    // Closed in the middle of its fade-in, it still goes away (the fade runs on timers, not transition events).
    await shell.menuButton.click();
    await shell.closeMenuButton.click();
    await expect(shell.overlay).toHaveCount(0);
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('the narrow app dropdown switches appId in the path and keeps the section', async ({ page }) => {
    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.editor);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'settings/general'));
    await expect(shell.appDropdown).toContainText(DEMO_APPS.pixelRacer.name);

    await shell.appDropdown.click();
    await page.getByRole('option', { name: new RegExp(DEMO_APPS.wordGarden.name) }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.wordGarden.id, 'settings/general'));
    await expect(shell.appDropdown).toContainText(DEMO_APPS.wordGarden.name);
  });
});
