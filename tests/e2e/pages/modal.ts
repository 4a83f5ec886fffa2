/**
 * Dialogs built on src/views/ui/Modal.tsx (Headless UI). The element with role dialog is the visible panel, named by
 * its title (aria-labelledby), so "open" means the dialog itself and its title heading are visible and "closed" means
 * the dialog is gone from the page (Headless UI unmounts it after the leave transition).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class Modal {
  readonly root: Locator;

  constructor(
    page: Page,
    readonly title: string,
  ) {
    this.root = page.getByRole('dialog', { name: title, exact: true });
  }

  async expectOpen() {
    await expect(this.root).toBeVisible();
    await expect(this.root.getByRole('heading', { name: this.title, exact: true })).toBeVisible();
  }

  async expectClosed() {
    await expect(this.root).toHaveCount(0);
  }
}
