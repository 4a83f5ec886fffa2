/**
 * Page object for the signed-in shell (docs/workspace.md §Screens and routes): header (workspace selector with 'Create new', profile menu with
 * Logout, the menu button under 765 px, the narrow app dropdown), the left menu on wide screens and the full-screen
 * overlay menu on narrow ones. Selectors are role/label based, matching src/views/shell/*.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { Modal } from './modal';

export const TOKEN_KEY = 'questboard.token';

export class Shell {
  constructor(readonly page: Page) {}

  /** The wide-screen left menu. */
  get sideNav(): Locator {
    return this.page.getByRole('complementary', { name: 'Main navigation' }).getByRole('navigation');
  }

  /** The narrow-screen full-screen overlay menu. */
  get overlay(): Locator {
    return this.page.getByRole('dialog', { name: 'Menu' });
  }

  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Open menu' });
  }

  get closeMenuButton(): Locator {
    return this.page.getByRole('button', { name: 'Close menu' });
  }

  /** The narrow-screen app dropdown in the header (app pages only), named "Switch app" + the app it shows. */
  get appDropdown(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Switch app / });
  }

  /** The app selector of the wide-screen left menu (app pages only), named "App" + the app it shows. */
  get appSelector(): Locator {
    return this.sideNav.getByRole('button', { name: /^App / });
  }

  workspaceSelector(workspaceName: string): Locator {
    return this.page.getByRole('button', { name: `Workspace: ${workspaceName}`, exact: true });
  }

  /** A link of a navigation (left menu by default), matched by its exact label. */
  navLink(label: string, nav: Locator = this.sideNav): Locator {
    return nav.getByRole('link', { name: label, exact: true });
  }

  /** A snackbar (role status for successes, alert for errors) with exactly this text. */
  snackbar(text: string): Locator {
    return this.page.locator('[aria-live="polite"]').getByText(text, { exact: true });
  }

  async openCreateWorkspace(currentWorkspaceName: string): Promise<Modal> {
    await this.workspaceSelector(currentWorkspaceName).click();
    await this.page.getByRole('menuitem', { name: 'Create new', exact: true }).click();
    const dialog = new Modal(this.page, 'Create Workspace');
    await dialog.expectOpen();
    return dialog;
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Profile', exact: true }).click();
    await this.page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  }

  /** The session token the SPA keeps in local storage (for API checks next to the UI). */
  async token(): Promise<string> {
    const token = await this.page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token, 'the SPA stores a session token after sign-in').toBeTruthy();
    return token!;
  }

  /** GET an API path with the signed-in user's token, as the SPA does (docs/workspace.md §API endpoints Authorization header). */
  async apiGet<T>(path: string): Promise<T> {
    const token = await this.token();
    const res = await this.page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  }
}
