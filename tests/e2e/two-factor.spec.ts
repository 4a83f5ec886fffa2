/**
 * Two-factor sign-in in the browser (docs/accounts.md §Two-factor sign-in): an account of the test's own turns it on
 * through the API with a code computed from the enrolment secret; signing in on /continue then asks for the code
 * after the password, refuses a wrong one in words, and signs in with a code of the next step (one step either side
 * is accepted, and each step only once). A recovery code works once.
 */
import { expect, test, type Page } from '@playwright/test';
import { OWN_PASSWORD, codeAt, ownAccount, turnOnTwoFactor as turnOn } from './pages/account.page';

test.describe.configure({ mode: 'parallel' });

async function passwordStep(page: Page, email: string) {
  await page.goto('/continue');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('sign-in asks for the code after the password; a wrong one is refused, a computed one signs in', async ({
  page,
}) => {
  const email = await ownAccount(page.request);
  const { secret } = await turnOn(page.request, email);
  await passwordStep(page, email);
  const code = page.getByLabel('Authentication code', { exact: true });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'That code is not correct. Check your authenticator app and try again.' }),
  ).toBeVisible();
  // The enrolment used this step's code: the next step's is accepted (one step either side).
  await code.fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/workspace\//);
});

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
