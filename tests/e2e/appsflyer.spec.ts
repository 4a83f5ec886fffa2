/**
 * The AppsFlyer tab in Chromium against the real server (docs/postbacks.md §Screens and routes AppsFlyer tab, §Entities test link, §Partner plugin states AppsFlyer
 * lifecycle and Check Status, §Rules and limits advertising id, §Roles viewer guards, §Messages, §Rules and limits QR 150 px level H): an admin enables the
 * plugin on the demo iOS app without one (Word Garden) and a viewer sees the waiting plugin's guards (Check Status
 * among them); the admin generates the test link and decodes its QR code (the
 * short link that redirects to the full one), downloads its PNG, checks the status before any postback ('No
 * events received yet'), sends real AppsFlyer postbacks with `npm run postback:send` (the first stored one connects
 * the plugin on the server), checks again ('AppsFlyer connected successfully': the check refreshes the page), reads
 * the conversion events and the postback log, disconnects (with the confirm: then Enable Plugin only, no Connect) and
 * deletes the plugin again (nothing of it stays; other specs find Word Garden as it was). A viewer finds the demo's
 * Dragon Merge iOS connected beside its stored postbacks. Each state is scanned with axe-core wide and at 700 px.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { expectNoSeriousA11yViolations } from './pages/axe';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath, DEMO_APPS, DEMO_WORKSPACE } from './pages/demo';

const APP = DEMO_APPS.wordGarden.id;
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const IDFA = 'AEBE52E7-03EE-455A-B3C4-E57283966239';
const ROOT = path.resolve(import.meta.dirname, '../..');

const snackbar = (page: Page, text: string) =>
  page.locator('[role=status], [role=alert]').getByText(text, { exact: true });

async function scan(page: Page, where: string) {
  await expectNoSeriousA11yViolations(page, `${where} (1280 px)`, { soft: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, `${where} (700 px)`, { soft: true });
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/${where.replace(/\W+/g, '-')}-700.png`,
      fullPage: true,
    });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/${where.replace(/\W+/g, '-')}-1280.png`,
      fullPage: true,
    });
}

/** Reads the QR image's pixels in the page and decodes them with jsQR (a well-kept pure-JS decoder). */
async function decodeQr(page: Page): Promise<string | null> {
  const image = await page.getByTestId('appsflyer-qr').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data ?? null;
}

test.describe.configure({ mode: 'serial' });

test('enable AppsFlyer, a viewer sees the guards, generate the test link and QR, postbacks connect it, disconnect, delete', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000); // eight axe scans, wide and narrow
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(appPath(APP, 'integrations/AppsFlyer'));

  // No plugin: the guide with the requirement link (workspaceId and appId), Enable Plugin, a Connect button.
  const guide = page.getByRole('region', { name: 'Connect AppsFlyer' });
  await expect(guide.getByRole('button', { name: 'Enable Plugin' })).toBeEnabled();
  const requirements = guide.getByRole('link', { name: 'AppsFlyer integration requirements' });
  await expect(requirements).toHaveAttribute(
    'href',
    `/documentation/appsflyer_integration?workspaceId=${DEMO_WORKSPACE.id}&appId=${APP}`,
  );
  await expect(
    page.getByRole('region', { name: 'Connection Status' }).getByRole('button', { name: 'Connect' }),
  ).toBeVisible();
  await expect(page.getByTestId('plugin-status')).toHaveText('Not Connected');
  await scan(page, 'AppsFlyer tab without a plugin');

  // Enable Plugin → a disabled 'Plugin Enabled', the steps, the chip, the postback URL.
  await guide.getByRole('button', { name: 'Enable Plugin' }).click();
  await expect(guide.getByRole('button', { name: 'Plugin Enabled' })).toBeDisabled();
  await expect(snackbar(page, 'AppsFlyer plugin enabled.')).toBeVisible();
  const steps = guide.getByRole('list', { name: 'Test the integration' });
  await expect(steps.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByTestId('events-chip')).toHaveText('No Events Received');
  await expect(page.getByTestId('plugin-status')).toHaveText('Waiting for Events');
  const postbackUrl = (await page.getByTestId('postback-url').textContent())!;
  expect(postbackUrl).toMatch(new RegExp(`^${baseURL}/postbacks/appsflyer/${APP}/[A-Za-z0-9_-]{43}$`));

  // A viewer on the waiting plugin: every action disabled with the view-only tooltip, Check Status too.
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const viewer = await viewerContext.newPage();
  await signInByApi(viewer, DEMO_ACCOUNTS.viewer);
  await viewer.goto(appPath(APP, 'integrations/AppsFlyer'));
  await expect(viewer.getByTestId('plugin-status')).toHaveText('Waiting for Events');
  await expect(viewer.getByRole('button', { name: 'Plugin Enabled' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Delete Plugin' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Check Status' })).toBeDisabled();
  await expect(viewer.getByLabel(VIEW_ONLY).first()).toBeVisible();
  await expect(viewer.getByText('Only editors and admins can see the postback URL.')).toBeVisible();
  await expect(viewer.getByTestId('postback-url')).toHaveCount(0);
  await scan(viewer, 'AppsFlyer tab waiting, as a viewer');
  await viewerContext.close();

  // The advertising id (docs/postbacks.md §Rules and limits) and the link built in the browser (docs/postbacks.md §Entities), its QR code (docs/postbacks.md §Rules and limits).
  const id = guide.getByLabel('Test device advertising ID (IDFA)');
  const generate = guide.getByRole('button', { name: 'Generate Link' });
  await expect(guide.getByText('QR Code will be generated here')).toBeVisible();
  await expect(generate).toBeDisabled();
  await id.fill('  ');
  await expect(guide.getByText('required', { exact: true })).toBeVisible();
  await id.fill('AEBE52E7 03EE');
  await expect(guide.getByText('whitespaces not allowed', { exact: true })).toBeVisible();
  await expect(generate).toBeDisabled();
  await id.fill(IDFA);
  await generate.click();
  const qr = page.getByTestId('appsflyer-qr');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height, img.naturalWidth])).toEqual([
    150, 150, 150,
  ]);
  const link = (await page.getByTestId('appsflyer-test-link').textContent())!;
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe('https://app.appsflyer.com/id1600000002');
  expect(url.searchParams.get('idfa')).toBe(IDFA);
  expect(url.searchParams.get('af_sub2')).toBe(APP);
  expect(url.searchParams.get('af_click_lookback')).toBe('7d');
  expect(url.searchParams.get('af_reengagement_window')).toBe('30d');
  expect(url.searchParams.get('is_retargeting')).toBe('false');
  // The QR code holds the short link on our server (readable at 150 px), which answers a 302 to the full link.
  const shortLink = (await page.getByTestId('appsflyer-short-link').textContent())!;
  expect(shortLink).toMatch(new RegExp(`^${baseURL}/t/[A-Za-z0-9_-]{12}$`));
  expect(await decodeQr(page)).toBe(shortLink);
  const opened = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toBe(link);
  // Download PNG: the same code at 600 px.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    guide.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('appsflyer-test-link-qr.png');
  await expect(guide.getByRole('button', { name: 'Copy short link' })).toBeEnabled();
  await scan(page, 'AppsFlyer tab enabled with a test link');

  // Check Status before any postback: still waiting, and it says so.
  await guide.getByRole('button', { name: 'Check Status' }).click();
  await expect(snackbar(page, 'No events received yet')).toBeVisible();
  await expect(guide.getByRole('button', { name: 'Check Status' })).toBeEnabled();
  await expect(page.getByTestId('events-chip')).toHaveText('No Events Received');
  await expect(page.getByTestId('plugin-status')).toHaveText('Waiting for Events');

  // Real AppsFlyer postbacks from `npm run postback:send` (it signs in and reads the URL itself), one replayed.
  const { stdout } = await promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/postback-send.ts', '--app', APP, '--server', baseURL!, '--count', '3', '--device', IDFA, '--replay'],
    { cwd: ROOT },
  );
  expect(stdout.match(/ 200 stored/g)).toHaveLength(3);
  expect(stdout.match(/ 200 duplicate/g)).toHaveLength(3);

  // The first stored postback connected the plugin on the server; Check Status refreshes the page (docs/postbacks.md §Partner plugin states message).
  const stored = await page.request.get(`/api/app/${APP}/plugins`, { headers: { authorization: `Bearer ${token}` } });
  expect((await stored.json()).plugins.find((p: { source: string }) => p.source === 'AppsFlyer')).toMatchObject({
    connected: 'connected',
  });
  await guide.getByRole('button', { name: 'Check Status' }).click();
  await expect(snackbar(page, 'AppsFlyer connected successfully')).toBeVisible();
  await expect(page.getByTestId('plugin-status')).toHaveText('Connected');
  await expect(guide).toBeHidden();
  const events = page.getByTestId('conversion-events');
  await expect(events.getByText('af_tutorial_completion')).toBeVisible();
  await expect(events.getByText('af_level_achieved')).toBeVisible();
  await expect(events.getByText('2 received', { exact: false })).toBeVisible();
  await expect(page.getByTestId('last-event')).not.toHaveText('No events received yet');
  const log = page.getByTestId('postback-log');
  await expect(log.getByText('Stored')).toHaveCount(3);
  await expect(log.getByText('Duplicate')).toHaveCount(3);
  await expect(log.getByText('AEBE…6239').first()).toBeVisible();
  await expect(log).not.toContainText(IDFA);
  await scan(page, 'AppsFlyer tab connected');

  // Disconnect asks first; then the guide is back (Enable Plugin enables it again). Delete restores Word Garden.
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Plugin?' });
  await expect(dialog.getByText('Are you sure you want to disconnect AppsFlyer plugin?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(snackbar(page, 'AppsFlyer disconnected.')).toBeVisible();
  await expect(guide.getByRole('button', { name: 'Enable Plugin' })).toBeEnabled();
  await expect(page.getByTestId('plugin-status')).toHaveText('Disconnected');
  // Either Enable Plugin or Connect, not both.
  await expect(
    page.getByRole('region', { name: 'Connection Status' }).getByRole('button', { name: 'Connect', exact: true }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Plugin' }).click();
  await page.getByRole('dialog', { name: 'Delete Plugin?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('plugin-status')).toHaveText('Not Connected');
  // Nothing of the deleted plugin stays: no last event, no postback log.
  await expect(page.getByTestId('last-event')).toHaveCount(0);
  await expect(page.getByTestId('postback-log')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Connection Status' }).getByRole('button', { name: 'Connect' }),
  ).toBeVisible();
});

test('the fresh demo: Dragon Merge iOS is connected beside its stored postbacks; a viewer sees the guards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath('dragon-merge-ios', 'integrations/AppsFlyer'));
  await expect(page.getByTestId('plugin-status')).toHaveText('Connected');
  await expect(page.getByText('Waiting for Events')).toHaveCount(0);
  await expect(page.getByTestId('conversion-events').getByText('af_level_achieved')).toBeVisible();
  await expect(page.getByTestId('last-event')).toHaveText(/ago$/);
  await expect(page.getByTestId('postback-log').getByText('Stored').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Plugin' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Disconnect', exact: true })).toBeDisabled();
  await expect(page.getByLabel(VIEW_ONLY).first()).toBeVisible();
  await expect(page.getByText('Only editors and admins can see the postback URL.')).toBeVisible();
  await expect(page.getByTestId('postback-url')).toHaveCount(0);
  await scan(page, 'AppsFlyer tab as a viewer');
});
