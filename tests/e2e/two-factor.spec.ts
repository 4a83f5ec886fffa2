/**
 * Two-factor sign-in in the browser (docs/accounts.md §Two-factor sign-in): an account of the test's own turns it on
 * through the API with a code computed from the enrolment secret; signing in on /continue then asks for the code
 * after the password, refuses a wrong one in words, and signs in with a code of the next step (one step either side
 * is accepted, and each step only once). A recovery code works once.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OWN_PASSWORD, ownAccount } from './pages/account.page';

test.describe.configure({ mode: 'parallel' });

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** Turns two-factor sign-in on for `email`; answers the secret and the recovery codes. */
async function turnOn(request: APIRequestContext, email: string) {
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: OWN_PASSWORD } });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const enrol = await request.post('/api/account/two-factor/enrol', { headers });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await request.post('/api/account/two-factor/confirm', {
    headers,
    data: { otp: codeAt(secret, Date.now()) },
  });
  expect(confirm.status(), 'two-factor sign-in turned on').toBe(200);
  return { secret, recoveryCodes: ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

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
