/** Helpers of the integrations specs (integrations.spec.ts, firebase.spec.ts): snackbars, and axe scans wide and at 700 px. */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

/** A snackbar with exactly this text (the feed may hold the same words). */
export const snackbar = (page: Page, text: string) =>
  page.locator('[role=status], [role=alert]').getByText(text, { exact: true });

/** Scans the page at 1280 px and at 700 px (soft: every violation is reported), then returns to 1280 px. */
export async function scan(page: Page, where: string) {
  await expectNoSeriousA11yViolations(page, `${where} (1280 px)`, { soft: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, `${where} (700 px)`, { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
