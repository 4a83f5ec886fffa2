/**
 * The flow inspector for support (docs/architecture.md, support and engineers): with ?inspect=1 the built-in
 * panel lists the session actor with its state highlighted and the last events with the password masked, opens
 * no pop-up by itself, passes the axe scan, and sends only masked events to the Stately window it opens on a
 * click; without the flag the page has no panel and downloads none of the inspector's code.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeOn, expectNoSeriousA11yViolations } from './pages/axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from './pages/sign-in.page';
import { TOKEN_KEY } from './pages/shell.page';
import { appsPath } from './pages/demo';
import { sessionMachine } from '../../src/machines/session/session.machine';

/** Every state node of the session machine, by its dotted path (what the diagram draws). */
const statePaths = (node: { states?: Record<string, unknown> }, prefix = ''): string[] =>
  Object.entries(node.states ?? {}).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...statePaths(child as typeof node, `${prefix}${key}.`),
  ]);

/** Chunks only the inspector loads (named after their modules: src/inspector/*, src/views/inspector/*). */
const INSPECTOR_CHUNK = /inspector-runtime|mountInspectorPanel|stately-bridge/;

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) urls.push(response.url());
  });
  return urls;
}

const toggle = (page: Page) => page.getByRole('button', { name: /^Flow inspector/ });
const panel = (page: Page) => page.locator('#flow-inspector-panel');

test('?inspect=1: the panel shows the session actor in its statechart and the sign-in event with the password masked', async ({
  page,
  context,
}) => {
  const scripts = recordScripts(page);
  const popups: string[] = [];
  page.on('popup', (p) => popups.push(p.url()));

  await page.goto('/continue?inspect=1');
  await toggle(page).click();
  await expect(panel(page).locator('[data-machine-id="session"]').getByTestId('flow-state-value')).toHaveText(
    'signedOut.idle',
  );
  // Nothing opened on load: this tab is the only page (checked before the axe scans, which open blank pages).
  expect(context.pages()).toEqual([page]);
  // The sign-in page passes the scan with the panel open.
  await expectNoSeriousA11yViolations(page, 'sign-in page with the flow inspector open');
  // The flag is kept for the tab: signIn() opens /continue again without it.
  await signIn(page, DEMO_ACCOUNTS.editor);
  await expect(page).toHaveURL(appsPath());
  await expect(toggle(page)).toBeVisible();

  await toggle(page).click();
  await expect(page.getByRole('heading', { name: 'Flow inspector', exact: true })).toBeFocused();
  const session = panel(page).locator('[data-machine-id="session"]');
  await expect(session.getByRole('heading', { name: 'session', exact: true })).toBeVisible();
  await expect(session.getByText('active', { exact: true })).toBeVisible();
  await expect(session.getByTestId('flow-state-value')).toHaveText('signedIn.ready.fresh');
  // Its diagram: every state node drawn, exactly the active ones highlighted.
  const diagram = session.getByRole('group', { name: 'session statechart' });
  const paths = statePaths(sessionMachine.root);
  expect(paths).toContain('signedIn.ready.fresh');
  await expect(diagram.locator('[data-state-path]')).toHaveCount(paths.length);
  await expect(diagram.locator('[aria-current="true"]')).toHaveCount(3);
  for (const active of ['signedIn', 'signedIn.ready', 'signedIn.ready.fresh']) {
    await expect(diagram.locator(`[data-state-path="${active}"]`)).toHaveAttribute('aria-current', 'true');
  }
  await expect(diagram.locator('[data-state-path="signedOut"]')).not.toHaveAttribute('aria-current', 'true');

  // The last events: the sign-in, its password masked.
  const events = panel(page).getByRole('list', { name: 'Last events, newest first' });
  const signInEvent = events.getByRole('listitem').filter({ hasText: 'SIGN_IN' }).first();
  await expect(signInEvent).toContainText(`"email": "${DEMO_ACCOUNTS.editor}"`);
  await expect(signInEvent).toContainText('"password": "[masked]"');
  await expect(events.getByRole('listitem').filter({ hasText: 'xstate.done.actor.signIn' }).first()).toContainText(
    '"token": "[masked]"',
  );
  // Nowhere in the panel (text, attributes) nor in the page: the password, or the session token.
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token).toBeTruthy();
  const panelHtml = await panel(page).evaluate((el) => el.outerHTML);
  expect(panelHtml).not.toContain(DEMO_PASSWORD);
  expect(panelHtml).not.toContain(token!);
  expect(await page.content()).not.toContain(DEMO_PASSWORD);

  // The panel adds no violation on a busier page (the page's own findings are its own spec's business).
  const scan = await axeOn(page)
    .include('#flow-inspector')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Dock at the bottom' }).click();
  await expect(page.getByRole('button', { name: 'Dock at the right' })).toBeVisible();

  // Escape closes it and gives focus back to the toggle.
  await page.getByRole('button', { name: 'Open in Stately' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle(page)).toBeFocused();

  // No pop-up by itself, and the Stately code not even downloaded until asked for.
  expect(popups).toEqual([]);
  expect(scripts.some((url) => /inspector-runtime|mountInspectorPanel/.test(url))).toBe(true);
  expect(scripts.filter((url) => /stately-bridge/.test(url))).toEqual([]);
});

test('"Open in Stately" opens the Stately window on a click and sends it only masked events', async ({
  page,
  context,
}) => {
  // Stand-in for stately.ai/inspect (no internet here): announces itself like the real one and keeps what it gets.
  await context.route('https://stately.ai/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Stately stand-in</title><script>
        window.received = [];
        addEventListener('message', (e) => window.received.push(e.data));
        window.opener.postMessage({ type: '@statelyai.connected' }, '*');
      </script>`,
    }),
  );
  await page.goto('/continue?inspect=1');
  await toggle(page).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open in Stately' }).click();
  const stately = await popupPromise;
  await stately.waitForLoadState();
  expect(stately.url()).toMatch(/^https:\/\/stately\.ai\/inspect/);
  await expect(
    page.getByRole('status').filter({ hasText: 'The Stately inspector is open in another window' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close flow inspector' }).click();

  // Sign in on this page (a reload would end the link): the events go to the Stately window too.
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.editor);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(appsPath());
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

  const received = () =>
    stately.evaluate(() => JSON.stringify((window as unknown as { received: unknown[] }).received));
  await expect.poll(async () => (await received()).includes('xstate.done.actor.signIn')).toBe(true);
  const all = await received();
  const messages = JSON.parse(all) as { type: string; name?: string; event?: { type: string; password?: string } }[];
  expect(messages.some((m) => m.type === '@xstate.actor' && m.name === 'session')).toBe(true);
  expect(messages.find((m) => m.type === '@xstate.event' && m.event?.type === 'SIGN_IN')?.event?.password).toBe(
    '[masked]',
  );
  expect(all).not.toContain(DEMO_PASSWORD);
  expect(all).not.toContain(token!);
});

test('without the flag there is no panel and no inspector code; ?inspect=0 turns the flag off', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/continue');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(toggle(page)).toHaveCount(0);
  await expect(page.locator('#flow-inspector')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => INSPECTOR_CHUNK.test(url))).toEqual([]);

  await page.goto('/continue?inspect=1');
  await expect(toggle(page)).toBeVisible();
  await page.goto('/continue?inspect=0');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(toggle(page)).toHaveCount(0);
  await page.goto('/continue');
  await page.waitForLoadState('networkidle');
  await expect(toggle(page)).toHaveCount(0);
});
