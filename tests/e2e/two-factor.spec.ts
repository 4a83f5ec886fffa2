/**
 * Two-factor sign-in in the browser (docs/accounts.md §Two-factor sign-in): an account of the test's own turns it on
 * through the API; a recovery code signs in once. The code step itself (asked after the password, a wrong code
 * refused in words, a computed code of the next step signing in) is a path of the session machine
 * (tests/e2e/model-paths/session.paths.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { OWN_PASSWORD, ownAccount, turnOnTwoFactor as turnOn } from './pages/account.page';

test.describe.configure({ mode: 'parallel' });

async function passwordStep(page: Page, email: string) {
  await page.goto('/continue');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('a recovery code signs in once; "Back to sign in" leaves the code step', async ({ page }) => {
  const email = await ownAccount(page.request);
  const { recoveryCodes } = await turnOn(page.request, email);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Questboard' })).toBeVisible();
  await passwordStep(page, email);
  await page.getByLabel('Authentication code', { exact: true }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/workspace\//);
});
