/** Page object for /continue, the sign-in page. Feature specs build on it; keep selectors role/label based. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'questboard-demo';
export const DEMO_ACCOUNTS = {
  admin: 'admin@demostudio.dev',
  editor: 'editor@demostudio.dev',
  viewer: 'viewer@demostudio.dev',
} as const;

export async function openSignIn(page: Page) {
  await page.goto('/continue');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
}

/** Fills the form and submits; does not wait for the outcome (for error-path tests). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await openSignIn(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits until the app has navigated away from /continue. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/continue'));
}
