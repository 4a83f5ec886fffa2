/**
 * People's Google sign-in through the sandbox (docs/accounts.md §Sign in with Google): the labelled consent page
 * filled in the browser, and a whole round through the API (the request context keeps the cookie the start sets)
 * to link an account before a test.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface GoogleIdentity {
  email: string;
  name: string;
  verified: boolean;
}

/** On the sandbox consent page: types the identity and continues. */
export async function approveInSandbox(page: Page, who: GoogleIdentity) {
  await expect(page.getByRole('heading', { name: 'Sign in with Google (Sandbox)' })).toBeVisible();
  await page.getByLabel('Google email').fill(who.email);
  await page.getByLabel('Name on the Google account').fill(who.name);
  await page.getByLabel(/Google has verified this email address/).setChecked(who.verified);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const refreshTarget = (html: string) => (/content="0;url=([^"]+)"/.exec(html)?.[1] ?? '').replace(/&#38;/g, '&');

/** A sandbox round through the API: the ticket for `who`. */
export async function googleTicketByApi(request: APIRequestContext, who: GoogleIdentity) {
  const start = await request.post('/api/auth/google/start');
  expect(start.status(), 'Google sign-in started').toBe(200);
  const state = new URL(((await start.json()) as { url: string }).url, 'http://x').searchParams.get('state')!;
  const query = new URLSearchParams({ state, email: who.email, name: who.name });
  if (who.verified) query.set('email_verified', 'true');
  const approved = await request.get(`/api/auth/google/sandbox/approve?${query}`);
  const back = await request.get(refreshTarget(await approved.text()));
  const ticket = /#ticket=([\w-]+)/.exec(refreshTarget(await back.text()))?.[1];
  expect(ticket, 'the callback hands a ticket').toBeTruthy();
  return ticket!;
}

/** Links the account of `email` (password `password`) to the sandbox Google account of the same address. */
export async function linkGoogleByApi(request: APIRequestContext, email: string, password: string) {
  const ticket = await googleTicketByApi(request, { email, name: 'Paula Paths', verified: true });
  const asked = await request.post('/api/auth/google/continue', { data: { ticket } });
  expect(await asked.json()).toMatchObject({ step: 'link' });
  const linked = await request.post('/api/auth/google/link', { data: { ticket, password } });
  expect(linked.status(), 'Google linked').toBe(200);
}
