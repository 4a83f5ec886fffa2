/**
 * Adjust and Singular in Chromium against the real server (docs/postbacks.md §Screens and routes Adjust and Singular tabs, §Rules and limits Adjust
 * rules, §Roles guards, §Messages Adjust messages, §Rules and limits events.csv and 6 s / 10 s snackbars): on Word Garden (no Adjust plugin) a
 * viewer sees the guards; an admin connects with an invalid then a valid events file, copies and updates the partner
 * link, updates the events file (refused; then one that drops events, saved once their removal is confirmed),
 * downloads events.csv and checks its content, disconnects and deletes the plugin from its card (so other specs find
 * Word Garden as seeded); the Singular tab's mailto. Each screen is scanned with axe-core wide and at 700 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './pages/axe';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath, DEMO_APPS } from './pages/demo';

const APP = DEMO_APPS.wordGarden.id;
const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const INVALID_FORM = 'Please enter a valid Partner Link and upload a valid Events File.';
const LINK = 'https://app.adjust.com/wg7abc1';
const NEW_LINK = 'https://app.adjust.com/wg7new2';

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const VALID = csv(
  'events.csv',
  'event_token,event_name,revenue_type,currency,revenue_param\nwgpur1,Purchase,iap,USD,revenue\nwglvl1,Level Up,,,\n',
);
const INVALID = csv('events.csv', 'event_token,event_name\nwgpur1,Purchase\nBAD,Shouty\nwgpur1,Again\n');
const NEXT = csv(
  'next.csv',
  'event_token,event_name,revenue_type\nwgtut1,Tutorial Done,\nwgads1,"Ad Watched, rewarded",ads\nwgfx01,=1+2,other\n',
);

/** A snackbar with exactly this text (the feed may hold the same words). */
const snackbar = (page: Page, text: string) =>
  page.locator('[role=status], [role=alert]').getByText(text, { exact: true });

async function scan(page: Page, where: string) {
  await expectNoSeriousA11yViolations(page, `${where} (1280 px)`, { soft: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, `${where} (700 px)`, { soft: true });
  if (process.env.ADJUST_SHOTS)
    await page.screenshot({
      path: `${process.env.ADJUST_SHOTS}/${where.replace(/\W+/g, '-')}-700.png`,
      fullPage: true,
    });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (process.env.ADJUST_SHOTS)
    await page.screenshot({
      path: `${process.env.ADJUST_SHOTS}/${where.replace(/\W+/g, '-')}-1280.png`,
      fullPage: true,
    });
}

test('Adjust: guards, connect with an invalid then a valid file, update link and file, events.csv, disconnect; Singular mailto', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000); // nine axe scans, wide and narrow
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const viewer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInByApi(viewer, DEMO_ACCOUNTS.viewer);
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);

  // A viewer: the form is read-only and Connect carries the view-only tooltip, never the form's.
  await viewer.goto(appPath(APP, 'integrations/Adjust'));
  await expect(viewer.getByRole('button', { name: 'Connect to Adjust' })).toBeDisabled();
  await expect(viewer.getByLabel(VIEW_ONLY)).toBeVisible();
  await expect(viewer.getByLabel(INVALID_FORM)).toHaveCount(0);
  await expect(viewer.getByRole('textbox', { name: 'Partner Link' })).toBeDisabled();

  // An admin: the empty form is disabled with the docs/postbacks.md §Screens and routes tooltip and the .csv hint.
  await page.goto(appPath(APP, 'integrations/Adjust'));
  const form = page.getByRole('region', { name: 'Connect to Adjust' });
  const connect = form.getByRole('button', { name: 'Connect to Adjust' });
  await expect(connect).toBeDisabled();
  await form.getByLabel(INVALID_FORM).hover();
  await expect(page.getByRole('tooltip', { name: INVALID_FORM })).toBeVisible();
  await expect(form.getByText('Only .CSV file is accepted.')).toBeVisible();
  await scan(page, 'Adjust tab without a plugin');

  // Not a URL, not a .csv: still disabled, each field says why.
  await form.getByRole('textbox', { name: 'Partner Link' }).fill('app.adjust.com');
  await form
    .getByLabel('Event File', { exact: true })
    .setInputFiles({ name: 'events.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await expect(form.getByText('must be a valid URL')).toBeVisible();
  await expect(connect).toBeDisabled();

  // An invalid file: the server names each bad line in the red feed; nothing connected.
  await form.getByRole('textbox', { name: 'Partner Link' }).fill(LINK);
  await form.getByLabel('Event File', { exact: true }).setInputFiles(INVALID);
  await expect(connect).toBeEnabled();
  await connect.click();
  await expect(snackbar(page, 'Failed to connect Adjust!')).toBeVisible();
  const feed = page.getByTestId('adjust-connect-feed');
  await expect(feed.locator('[data-type=error]')).toHaveText([
    /The events file has 2 errors; nothing was saved/,
    /line 3: event_token must be 6 or more lowercase letters or digits/,
    /line 4: event_token wgpur1 already used on line 2/,
  ]);
  await expect(connect).toBeEnabled();

  // A valid file connects: Connected, then the status card waiting for the first callback.
  await form.getByLabel('Event File', { exact: true }).setInputFiles(VALID);
  await connect.click();
  await expect(snackbar(page, 'Adjust connected: waiting for the first callback.')).toBeVisible();
  const status = page.getByRole('region', { name: 'Connection Status' });
  await expect(status.getByTestId('plugin-status')).toHaveText('Waiting for Events');
  await expect(status.getByTestId('last-event')).toHaveText('No events received yet');
  await expect(status.getByTestId('partner-url')).toHaveText(LINK);
  await expect(status.getByTestId('events-file')).toHaveText('events.csv (2 events)');
  await expect(page.getByRole('region', { name: 'Events list' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('latest-updates')).toContainText('Adjust connected with 2 events.');
  await expect(page.getByRole('button', { name: 'Delete Plugin' })).toBeEnabled();
  await scan(page, 'Adjust tab connected');

  // Check Status before any callback says so.
  await status.getByRole('button', { name: 'Check Status' }).click();
  await expect(snackbar(page, 'No events received yet')).toBeVisible();
  await expect(status.getByTestId('plugin-status')).toHaveText('Waiting for Events');

  // Adjust calls back (the callback URL with its placeholders filled in): the stored callback connects the plugin;
  // Check Status refreshes the page.
  const template = (await status.getByTestId('callback-url').textContent())!;
  const filled = template.replace(
    /\{(\w+)\}/g,
    (_, name: string) =>
      ({
        activity_kind: 'event',
        event: 'wgpur1',
        revenue: '199',
        currency: 'USD',
        adid: 'wg-adjust-device',
        gps_adid: '',
        idfa: '6D92078A-8246-4BA4-AE5B-76104861E7DC',
        created_at: String(Math.floor(Date.now() / 1000)),
        installed_at: '',
        sub1: 'player-1',
        sub2: APP,
        sub3: 'quest-1',
      })[name] ?? '',
  );
  const sent = await page.request.get(new URL(filled).pathname + new URL(filled).search);
  expect(await sent.json()).toEqual({ success: true, outcome: 'stored' });
  await status.getByRole('button', { name: 'Check Status' }).click();
  await expect(snackbar(page, 'Adjust connected successfully')).toBeVisible();
  await expect(status.getByTestId('plugin-status')).toHaveText('Connected');
  await expect(status.getByTestId('last-event')).toHaveText(/seconds? ago/);
  await expect(page.getByTestId('postback-log').getByRole('row').nth(1)).toContainText(/Purchase.*Stored.*6D92/);
  await expect(page.getByRole('region', { name: 'Events list' }).getByRole('row', { name: /Purchase/ })).toContainText(
    'Active',
  );
  await expect(page.getByTestId('latest-updates')).toContainText('Adjust connected: events are received.');

  await status.getByRole('button', { name: 'Copy To Clipboard' }).click();
  await expect(snackbar(page, 'Partner URL copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LINK);

  // Update Partner Link: blocked while invalid, then saved.
  await status.getByRole('button', { name: 'Update Partner URL' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Update Partner Link' });
  await expect(linkDialog.getByRole('textbox', { name: 'Partner Link' })).toHaveValue(LINK);
  await linkDialog.getByRole('textbox', { name: 'Partner Link' }).fill('not a link');
  await expect(linkDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await linkDialog.getByRole('textbox', { name: 'Partner Link' }).fill(NEW_LINK);
  await linkDialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Partner link updated successfully!')).toBeVisible();
  await expect(linkDialog).toBeHidden();
  await expect(status.getByTestId('partner-url')).toHaveText(NEW_LINK);

  // Update Events File: refused with its lines (nothing saved), then a valid one saved.
  await status.getByRole('button', { name: 'Update Events File' }).click();
  const fileDialog = page.getByRole('dialog', { name: 'Update Events File' });
  await expect(fileDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await fileDialog.getByLabel('Event File', { exact: true }).setInputFiles(INVALID);
  await fileDialog.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Failed to save events file!')).toBeVisible();
  await expect(fileDialog.getByTestId('events-file-errors').getByRole('listitem')).toHaveCount(2);
  await scan(page, 'Update Events File dialog with errors');
  await fileDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(status.getByTestId('events-file')).toHaveText('events.csv (2 events)');
  // A file without Purchase and Level Up: it says which events it removes before it does.
  await status.getByRole('button', { name: 'Update Events File' }).click();
  await fileDialog.getByLabel('Event File', { exact: true }).setInputFiles(NEXT);
  await fileDialog.getByRole('button', { name: 'Save' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove Events?' });
  await expect(removeDialog.getByTestId('events-file-removes').getByRole('listitem')).toHaveText([
    'Purchase',
    'Level Up',
  ]);
  await expect(page.getByTestId('events-file')).toHaveText('events.csv (2 events)'); // (behind the dialog: nothing saved yet)
  await scan(page, 'Remove Events confirm');
  await removeDialog.getByRole('button', { name: 'Back' }).click();
  await expect(fileDialog).toBeVisible();
  await fileDialog.getByRole('button', { name: 'Save' }).click();
  await removeDialog.getByRole('button', { name: 'Remove and Save' }).click();
  await expect(snackbar(page, 'Events file saved successfully!')).toBeVisible();
  await expect(fileDialog).toBeHidden();
  await expect(status.getByTestId('events-file')).toHaveText('next.csv (3 events)');

  // events.csv: built in the browser, nested revenue flattened with dotted keys, quoted, formula-safe.
  const downloading = page.waitForEvent('download');
  await status.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('events.csv');
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text).toBe(
    '"event_token","event_name","revenue.type"\r\n' +
      '"wgtut1","Tutorial Done",""\r\n' +
      '"wgads1","Ad Watched, rewarded","ads"\r\n' +
      '"wgfx01","\'=1+2","other"\r\n',
  );

  // The viewer sees the connected card with every change guarded; Download and copy stay open.
  await viewer.reload();
  const viewerStatus = viewer.getByRole('region', { name: 'Connection Status' });
  await expect(viewerStatus.getByTestId('partner-url')).toHaveText(NEW_LINK);
  for (const name of ['Update Partner URL', 'Update Events File', 'Disconnect', 'Check Status'])
    await expect(viewerStatus.getByRole('button', { name })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Delete Plugin' })).toBeDisabled();
  await expect(viewerStatus.getByRole('button', { name: 'Download' })).toBeEnabled();
  await viewer.close();

  // Disconnect asks first, then the form is back.
  await status.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Plugin?' });
  await expect(confirm).toContainText('Are you sure you want to disconnect Adjust plugin?');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('region', { name: 'Connect to Adjust' })).toBeVisible();

  // Delete Plugin, from the plugin card like every source's: then nothing of the plugin is left on the tab.
  await page.getByRole('button', { name: 'Delete Plugin' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Plugin?' });
  await expect(remove).toContainText('Are you sure you want to delete the Adjust plugin?');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page, 'Adjust plugin deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Plugin' })).toHaveCount(0);
  await expect(page.getByTestId('last-event')).toHaveCount(0);
  await expect(page.getByTestId('postback-log')).toHaveCount(0);
  await expect(page.getByTestId('health-line')).toHaveCount(0);

  // Singular: an e-mail to the provider's success team, the integrations address in CC, written for this app.
  await page.getByRole('navigation', { name: 'Integrations' }).getByRole('link', { name: 'Singular' }).click();
  const mailto = new URL((await page.getByRole('link', { name: 'Email Singular' }).getAttribute('href'))!);
  expect(mailto.protocol).toBe('mailto:');
  expect(mailto.pathname).toBe('support@singular.net');
  expect(mailto.searchParams.get('cc')).toBe('integrations@questboard.io');
  expect(mailto.searchParams.get('subject')).toBe('Integration request: Word Garden (iOS) with Questboard');
  expect(mailto.searchParams.get('body')).toContain(`Questboard app id: ${APP}`);
  await scan(page, 'Singular tab');

  // Word Garden is left as seeded for the other specs.
  const plugins = await (
    await page.request.get(`/api/app/${APP}/plugins`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(plugins.plugins.some((p: { source: string }) => p.source === 'Adjust')).toBe(false);
});
