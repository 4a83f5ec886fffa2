/**
 * Two-factor sign-in in the browser (docs/accounts.md §Two-factor sign-in): an account of the test's own turns it on
 * through the API; a recovery code signs in once. The code step itself (asked after the password, a wrong code
 * refused in words, a computed code of the next step signing in) is a path of the session machine
 * (tests/e2e/model-paths/session.paths.ts). A workspace that requires two-factor sign-in shows a member without it
 * why, and opens once they turned it on.
 */
import { expect, test, type Page } from '@playwright/test';
import { OWN_PASSWORD, codeAt, ownAccount, turnOnTwoFactor as turnOn } from './pages/account.page';
import { acceptInviteByApi, inviteByApi } from './pages/invite.page';
import { inviteLinkFor } from './pages/mailbox';
import { unique, uniqueEmail } from './pages/demo';
import { signInByApi } from './pages/session';

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

test('a workspace that requires two-factor sign-in opens to a member only once they turned it on', async ({ page }) => {
  // A workspace of the test's own: its admin has two-factor sign-in and requires it; an editor joins without it.
  const adminEmail = await ownAccount(page.request);
  const adminToken = (await (
    await page.request.post('/api/auth/sign-in', { data: { email: adminEmail, password: OWN_PASSWORD } })
  ).json()) as { token: string };
  const headers = { authorization: `Bearer ${adminToken.token}` };
  const name = `Secure ${unique('studio').replace(/[^a-z]/gi, '')}`.slice(0, 40);
  const created = await page.request.post('/api/workspace', {
    headers,
    multipart: { data: JSON.stringify({ name, website: 'secure.example.com' }) },
  });
  expect(created.status()).toBe(201);
  const workspaceId = ((await created.json()) as { data: { id: string } }).data.id;
  await turnOn(page.request, adminEmail);
  const required = await page.request.post(`/api/workspace/${workspaceId}/security`, {
    headers,
    data: { requireTwoFactor: true },
  });
  expect(required.status()).toBe(200);
  const editor = uniqueEmail('secure');
  await inviteByApi(page.request, adminToken.token, workspaceId, editor, 'editor');
  await acceptInviteByApi(page.request, await inviteLinkFor(editor), {
    firstName: 'Sam',
    lastName: 'Secure',
    password: OWN_PASSWORD,
  });

  await signInByApi(page, editor, OWN_PASSWORD);
  await page.goto(`/workspace/${workspaceId}/apps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in required' })).toBeVisible();
  await expect(
    page.getByText('This workspace requires two-factor sign-in. Turn it on for your account to open it.'),
  ).toBeVisible();
  // The gate shows alone: the header's bell would only meet the refused workspace routes.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await section.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  await section.getByLabel('Code from your app', { exact: true }).fill(codeAt(secret, Date.now()));
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  await section.getByRole('button', { name: 'I saved my recovery codes' }).click();

  // The session re-read the account: the workspace opens.
  await page.goto(`/workspace/${workspaceId}/apps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in required' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
});
