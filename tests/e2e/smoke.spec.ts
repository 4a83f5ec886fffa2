/** Smoke: the real server is up with the production build, and the sign-in page renders. */
import { expect, test } from '@playwright/test';

test('GET /api/health answers ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({ status: 'ok' });
});

test('/continue shows the sign-in heading', async ({ page }) => {
  await page.goto('/continue');
  await expect(page.getByRole('heading', { name: /Sign in/ })).toBeVisible();
});
