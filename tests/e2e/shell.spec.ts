/**
 * The shell of docs/workspace.md §Screens and routes: /workspace/home rules, unknown workspace ids, the narrow-screen (≤ 765 px) overlay menu (a
 * modal that fades in and out) with its app dropdown; and docs/workspace.md's keyboard and document behaviour: the skip link,
 * document titles, both app switchers keeping the section, and the header menus that load on first use.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { appPath, appsPath, DEMO_APPS, DEMO_WORKSPACE, teamPath } from './pages/demo';

/** Records the CSS transitions the overlay menu starts (transitionrun), to tell a fade from an instant change. */
async function recordOverlayTransitions(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { overlayTransitions: string[] };
    w.overlayTransitions = [];
    document.addEventListener('transitionrun', (event) => {
      if ((event.target as Element).id === 'overlay-menu') w.overlayTransitions.push(event.propertyName);
    });
  });
  return {
    count: () =>
      page.evaluate(
        () =>
          (window as unknown as { overlayTransitions: string[] }).overlayTransitions.filter((p) => p === 'opacity')
            .length,
      ),
  };
}

/** The accessible name (aria-label or text) of the focused element, and whether it sits inside the overlay menu. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inOverlay: !!el?.closest('#overlay-menu'),
      tag: el?.tagName ?? '',
    };
  });

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
    await expect(shell.overlay).toHaveCSS('transition-duration', '0.3s'); // docs/workspace.md §Rules and limits: 300 ms fade
    // Full screen below the header.
    const box = await shell.overlay.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBe(390);
    expect(box!.y).toBe(64);
    expect(box!.height).toBe(844 - 64);

    for (const label of [
      'Apps',
      'Team',
      'Activity',
      'Billing',
      'Settings',
      'Analyze',
      'Acquire',
      'Monetize',
      'Integrations',
      'App Settings',
    ]) {
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

  test('the overlay menu is a modal: it fades in and out, keeps the focus inside, closes on Escape, focus returns to the menu button', async ({
    page,
  }) => {
    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'acquire/target'));
    await expect(shell.appDropdown).toBeVisible();
    const transitions = await recordOverlayTransitions(page);

    // Fades in (an opacity transition runs on opening, from 0 to 1), then the first link has the focus.
    await shell.menuButton.click();
    await expect(shell.overlay).toBeVisible();
    await expect.poll(transitions.count, { message: 'an opacity transition when the menu opens' }).toBe(1);
    await expect(shell.overlay).toHaveCSS('opacity', '1');
    await expect(shell.navLink('Apps', shell.overlay)).toBeFocused();

    // Tab and Shift+Tab stay within the menu and its close button; the page behind is inert.
    const mainIsInert = () => page.locator('main').evaluate((main) => main.closest('[inert]') !== null);
    expect(await mainIsInert(), 'the page behind the menu is inert').toBe(true);
    const linkCount = await shell.overlay.locator('a[href], button').count();
    for (let i = 0; i < linkCount + 2; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(
        now.inOverlay || now.name === 'Close menu',
        `Tab ${i + 1} stays in the menu (focused: ${now.tag} "${now.name}")`,
      ).toBe(true);
    }
    await shell.closeMenuButton.focus();
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inOverlay, 'Shift+Tab from the close button goes to the last item of the menu').toBe(
      true,
    );
    await page.keyboard.press('Tab');
    await expect(shell.closeMenuButton).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(shell.navLink('Apps', shell.overlay)).toBeFocused();

    // Escape closes it, fading out, and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(shell.menuButton).toBeFocused();
    await expect(shell.menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(transitions.count, { message: 'an opacity transition when the menu closes' }).toBe(2);
    await expect(shell.overlay).toHaveCount(0);
    expect(await mainIsInert(), 'the page is live again').toBe(false);
    await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'acquire/target'));

    // Opened from the keyboard, it works the same way.
    await page.keyboard.press('Enter');
    await expect(shell.navLink('Apps', shell.overlay)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shell.overlay).toHaveCount(0);
    await expect(shell.menuButton).toBeFocused();
  });

  test('the narrow app dropdown switches appId in the path and keeps the section', async ({ page }) => {
    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.editor);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'settings/general'));
    await expect(shell.appDropdown).toContainText(DEMO_APPS.pixelRacer.name);
    await expect(shell.appDropdown).toHaveAccessibleName(`Switch app ${DEMO_APPS.pixelRacer.name} Android`);

    await shell.appDropdown.click();
    await page.getByRole('option', { name: new RegExp(DEMO_APPS.wordGarden.name) }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.wordGarden.id, 'settings/general'));
    await expect(shell.appDropdown).toContainText(DEMO_APPS.wordGarden.name);
    await expect(page).toHaveTitle(`App Settings · ${DEMO_APPS.wordGarden.name} · ${DEMO_WORKSPACE.name} · Questboard`);

    // The overlay menu's app selector keeps the section too, and closes the menu.
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'monetize/list'));
    await shell.menuButton.click();
    const inMenu = shell.overlay.getByRole('button', { name: /^App / });
    await inMenu.click();
    await page.getByRole('option', { name: new RegExp(DEMO_APPS.wordGarden.name) }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.wordGarden.id, 'monetize/list'));
    await expect(shell.overlay).toHaveCount(0);
  });
});

test.describe('wide screen', () => {
  test('the left menu app selector switches app and keeps the section', async ({ page }) => {
    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.editor);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'integrations/Overview'));
    await expect(shell.appSelector).toHaveAccessibleName(`App ${DEMO_APPS.pixelRacer.name} Android`);
    await expect(shell.appDropdown).toBeHidden();

    await shell.appSelector.click();
    await page.getByRole('option', { name: new RegExp(DEMO_APPS.wordGarden.name) }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.wordGarden.id, 'integrations/Overview'));
    await expect(shell.appSelector).toHaveAccessibleName(`App ${DEMO_APPS.wordGarden.name} iOS`);
    await expect(shell.navLink('Integrations')).toHaveAttribute('aria-current', 'page');

    // From the keyboard: ArrowDown opens it, Enter picks.
    await page.goto(appPath(DEMO_APPS.wordGarden.id, 'acquire/target'));
    await shell.appSelector.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('option', { name: new RegExp(DEMO_APPS.pixelRacer.name) }).click();
    await expect(page).toHaveURL(appPath(DEMO_APPS.pixelRacer.id, 'acquire/target'));
  });

  test('a skip link is the first focusable element, shows on focus and moves the focus to the main content', async ({
    page,
  }) => {
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await page.goto(teamPath());
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to main content', exact: true });
    expect((await skip.boundingBox())!.width, 'hidden until focused').toBeLessThanOrEqual(1);

    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box!.width, 'visible on focus').toBeGreaterThan(50);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(teamPath()); // no hash added
    // The next Tab goes into the page content (the Invite button), not back to the header.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toBeFocused();
  });

  test('each route sets the document title: page · workspace (· app) · Questboard', async ({ page }) => {
    await page.goto('/continue');
    await expect(page).toHaveTitle('Sign in · Questboard');
    await page.goto('/invite/no-such-token');
    await expect(page).toHaveTitle('Join workspace · Questboard');

    const shell = new Shell(page);
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await page.goto(appsPath());
    await expect(page).toHaveTitle(`Apps · ${DEMO_WORKSPACE.name} · Questboard`);
    await shell.navLink('Team').click();
    await expect(page).toHaveTitle(`Team · ${DEMO_WORKSPACE.name} · Questboard`);
    await page.goto(`/workspace/${DEMO_WORKSPACE.id}/billing`);
    await expect(page).toHaveTitle(`Billing · ${DEMO_WORKSPACE.name} · Questboard`);
    await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'acquire/quests'));
    await expect(page).toHaveTitle(`Quests · ${DEMO_APPS.pixelRacer.name} · ${DEMO_WORKSPACE.name} · Questboard`);
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found · Questboard');
  });

  test('the header menus load on first use; the first click or key opens them', async ({ page }) => {
    const shell = new Shell(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await page.goto(appsPath());
    await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const menus = () => scripts.filter((path) => /HeaderMenus/.test(path));
    expect(menus(), 'the menus are not loaded with the page').toEqual([]);
    await expect(shell.workspaceSelector(DEMO_WORKSPACE.name)).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: Tab to the workspace selector, Enter opens it with the first item active.
    await shell.workspaceSelector(DEMO_WORKSPACE.name).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Create new', exact: true })).toBeVisible();
    // Headless UI keeps the focus on the menu and points at the active item (aria-activedescendant).
    await expect(page.getByRole('menu')).toBeFocused();
    await expect(page.getByRole('menu')).toHaveAttribute(
      'aria-activedescendant',
      (await page.getByRole('menuitem').first().getAttribute('id'))!,
    );
    expect(menus().length, 'loaded once asked for').toBe(1);
    await page.keyboard.press('Escape');
    await expect(shell.workspaceSelector(DEMO_WORKSPACE.name)).toBeFocused();

    // A fresh page: the very first click on the profile button opens its menu.
    await page.goto(teamPath());
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout', exact: true })).toBeVisible();
  });
});
