/**
 * docs/architecture.md §7: the app works under its Content-Security-Policy. Loads the app, signs in through the form, runs a
 * report (grid and lazily loaded chart), opens the Google sign-in callback page and the page with the flow inspector
 * flag, and asserts that the browser reported no CSP violation: neither a `securitypolicyviolation` event in any page
 * nor a CSP console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './pages/sign-in.page';
import { ReportBuilder, expectAnalyticsReady } from './pages/report-builder.page';
import { unique } from './pages/demo';

test.describe.configure({ timeout: 90_000 });

type Violation = { directive: string; blocked: string; source: string };
declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records CSP violations of every document the page loads, and CSP errors on its console. */
function watchCsp(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      /Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(message.text())
    ) {
      consoleErrors.push(message.text());
    }
  });
  return {
    async install() {
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__cspViolations!.push({
            directive: event.violatedDirective,
            blocked: event.blockedURI,
            source: event.sourceFile,
          });
        });
      });
    },
    async expectNone(where: string) {
      const violations = await page.evaluate(() => window.__cspViolations ?? null);
      expect(violations, `the violation listener ran on ${where}`).not.toBeNull();
      expect(violations, `CSP violations on ${where}`).toEqual([]);
      expect(consoleErrors, `CSP console errors up to ${where}`).toEqual([]);
    },
  };
}

test.beforeAll(({ request }) => expectAnalyticsReady(request));

test('sign in, run a report and open the OAuth callback and the inspector flag without a CSP violation', async ({
  page,
}) => {
  const csp = watchCsp(page);
  await csp.install();

  const response = await page.goto('/continue');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, 'the page is served with a policy').toContain("frame-ancestors 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');

  await signIn(page, DEMO_ACCOUNTS.editor);
  await csp.expectNone('sign-in');

  const builder = new ReportBuilder(page);
  await builder.gotoNew();
  await builder.groupBy.selectOption({ label: 'Date' });
  await builder.rename(unique('CSP report'));
  await builder.run();
  await expect(builder.rowCount).toHaveText(/^\d+ rows?$/);
  await expect(builder.chart).toBeVisible();
  await csp.expectNone('the report builder after a run');
  await builder.deleteReport();

  // The Google sign-in pop-up lands here (without an opener it only explains itself).
  await page.goto('/oauth-callback');
  await expect(page.locator('body')).not.toBeEmpty();
  await csp.expectNone('/oauth-callback');

  // The inspector flag loads the inspector code lazily (the stately.ai pop-up itself is Stately's page).
  const popups: Page[] = [];
  page.context().on('page', (popup) => popups.push(popup));
  await page.goto('/workspace/home?inspect=1');
  await expect(page.getByRole('main')).toBeVisible();
  await csp.expectNone('?inspect=1');
  await page.goto('/workspace/home?inspect=0');
  for (const popup of popups) await popup.close();
});
