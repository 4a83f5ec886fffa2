/**
 * Signing in through the API for specs that are about something else (auth.spec.ts covers the sign-in form): one
 * POST /api/auth/sign-in, then the token is put where the SPA keeps it before the first page of the tab loads.
 * Only once per tab (a sessionStorage flag), so a later logout in the same tab really signs out.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.page';
import { TOKEN_KEY } from './shell.page';

/** Signs in through the API; returns the session token (for API calls next to the UI). */
export async function signInByApi(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await withToken(page, token);
  return token;
}

const sessions = new Map<string, string>();
/**
 * Like signInByApi, but one sign-in per demo account and worker: later tests reuse its session (for specs with
 * many short tests that never sign out, such as tests/e2e/flow-paths.spec.ts; a password check is slow).
 */
export async function signInOnce(page: Page, email: string): Promise<string> {
  const known = sessions.get(email);
  if (known) {
    await withToken(page, known);
    return known;
  }
  const token = await signInByApi(page, email);
  sessions.set(email, token);
  return token;
}

/** Puts the token where the SPA keeps it before the first page of the tab loads. */
async function withToken(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      const flag = 'e2e.session-seeded';
      if (sessionStorage.getItem(flag)) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem(flag, '1');
    },
    [TOKEN_KEY, token] as const,
  );
}
