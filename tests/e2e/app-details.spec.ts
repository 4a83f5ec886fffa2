/**
 * App Settings → Details, Catalogue and Messages (docs/app-settings.md §Screens and routes App Details tab, §Entities CMS app details / App.catalogue /
 * App.notificationSettings, §Rules and limits CMS images and the dimension check, §API endpoints update CMS details multipart, §Messages app details
 * message, §Rules and limits CMS image limits), with real JPEG files drawn on a canvas in the page: four screenshots and a
 * background dropped, recompressed and saved (each image error, and a failed save keeping the edits, are the
 * image-slot and app-details path tables' in tests/e2e/model-paths); 'No details found
 * for this app.'; catalogue add / edit / remove with its rules; messages with the live preview; viewers; axe at wide
 * and 700 px. Details edits Dragon Merge (iOS), the catalogue and messages Word Garden (nothing else changes them).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { appPath, DEMO_APPS } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';

const DRAGON_IOS = 'dragon-merge-ios';
const MB = 1024 * 1024;
/** A real JPEG of that size drawn in the page (noise, so it does not compress to nothing), at quality 1. */
async function jpeg(page: Page, width: number, height: number, name = 'image.jpg') {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(w!, h!);
      let seed = w! * 31 + h!;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        pixels.data[i] = seed & 255;
        pixels.data[i + 1] = (seed >> 8) & 255;
        pixels.data[i + 2] = (seed >> 16) & 255;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/jpeg', 1).split(',')[1]!;
    },
    [width, height],
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

interface DetailsAnswer {
  data: { shortDescription: string; screenshots: string[]; backgroundImage: string | null } | null;
}

test('Details: four screenshots and a background recompressed and saved, then one removed', async ({ page }) => {
  test.setTimeout(90_000); // a long journey: five images drawn, checked and recompressed in the page, three saves
  const shell = new Shell(page);
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  await page.goto(appPath(DRAGON_IOS, 'settings/details'));
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  // Read-only rating (4.71 → 4.7, with a star) and genre chips.
  await expect(page.getByLabel('4.7 out of 5 stars')).toHaveText('4.7 ★');
  await expect(page.getByRole('list', { name: 'Genres' }).getByRole('listitem')).toHaveText([
    'Puzzle',
    'Casual',
    'Adventure',
  ]);
  const short = page.getByLabel('Short Description');
  await expect(short).toHaveValue('Merge dragons, hatch eggs and grow your island.');
  await expect(page.getByLabel('Full Description')).toHaveAttribute('rows', '3');

  const slot = (n: number) => page.getByTestId(`${DRAGON_IOS}:screenshot:${n}-input`);
  const background = page.getByTestId(`${DRAGON_IOS}:background-input`);
  // Four good screenshots and a background: checked, recompressed, shown.
  const big = await jpeg(page, 480, 640, 'shot.jpg');
  expect(big.buffer.length).toBeGreaterThan(200_000);
  for (const n of [0, 1, 2, 3]) await slot(n).setInputFiles({ ...big, name: `shot-${n}.jpg` });
  await background.setInputFiles(await jpeg(page, 640, 360, 'background.jpg'));
  await expect(page.getByRole('img', { name: /Screenshot \d preview/ })).toHaveCount(4);
  await expect(page.getByRole('img', { name: 'Background image preview' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await short.fill('Merge dragons on 40 islands.');

  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/app/${DRAGON_IOS}/details`))
      saves.push(r.headers()['content-type'] ?? '');
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(shell.snackbar('App details saved.')).toBeVisible();
  expect(saves).toHaveLength(1);
  expect(saves[0]).toMatch(/^multipart\/form-data/);
  const saved = await shell.apiGet<DetailsAnswer>(`/api/app/${DRAGON_IOS}/details`);
  expect(saved.data!.shortDescription).toBe('Merge dragons on 40 islands.');
  expect(saved.data!.screenshots).toHaveLength(4);
  expect(saved.data!.backgroundImage).toMatch(/^\/api\/files\//);
  // Stored as recompressed JPEGs: at most 460 wide, at most 1 MB.
  const stored = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      size: bytes.length,
      head: [bytes[0], bytes[1], bytes[2]],
      width: image.naturalWidth,
      height: image.naturalHeight,
    };
  }, saved.data!.screenshots[0]!);
  expect(stored.head).toEqual([0xff, 0xd8, 0xff]);
  expect(stored.size).toBeLessThanOrEqual(MB);
  expect(stored.width).toBeLessThanOrEqual(460);
  expect(stored.height).toBeLessThanOrEqual(640);

  // After a reload the stored images fill the slots; removing one and saving keeps the other three in order.
  await page.reload();
  await expect(page.getByRole('img', { name: /Screenshot \d preview/ })).toHaveCount(4);
  await page.getByRole('button', { name: 'Remove Screenshot 1' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(shell.snackbar('App details saved.')).toBeVisible();
  const after = await shell.apiGet<DetailsAnswer>(`/api/app/${DRAGON_IOS}/details`);
  expect(after.data!.screenshots).toEqual(saved.data!.screenshots.slice(1));

  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page.getByRole('img', { name: /Screenshot \d preview/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'settings details (700 px)');
});

test("Details: 'No details found for this app.'; a viewer's slots and Save Changes are disabled", async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/details'));
  await expect(page.getByRole('heading', { name: 'No details found for this app.' })).toBeVisible();
  await page.goto(appPath(DEMO_APPS.pixelRacer.id, 'settings/details'));
  await expect(page.getByLabel('Short Description')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose a JPEG for Screenshot 1' })).toBeDisabled();
  await page.goto(appPath(DRAGON_IOS, 'settings/catalogue'));
  await expect(page.getByRole('rowheader', { name: 'Dragon Pass' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add item' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove Dragon Pass' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'settings catalogue viewer (wide)');
});

test('Catalogue: empty state, add with the rules, edit into a subscription, a taken SKU, remove after confirming', async ({
  page,
}) => {
  const shell = new Shell(page);
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/catalogue'));
  await expect(page.getByRole('heading', { name: 'Catalogue', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No items in the catalogue yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings catalogue empty (700 px)');

  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Name is required.', { exact: true })).toBeVisible();
  await expect(dialog.getByText('SKU is required.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Name').fill('Bag of Seeds');
  await dialog.getByLabel('SKU').fill('Bag Seeds');
  await dialog.getByLabel('Price (USD)').fill('1.999');
  await expect(
    dialog.getByText(
      'Use lowercase letters, digits, dots and underscores, starting with a letter or digit (at most 100).',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(
    dialog.getByText('Enter a price from 0.00 to 999.99 USD, with at most two decimals.', { exact: true }),
  ).toBeVisible();
  await dialog.getByLabel('SKU').fill('seeds_bag');
  await dialog.getByLabel('Price (USD)').fill('1.99');
  await expectNoSeriousA11yViolations(page, 'settings catalogue add dialog (700 px)');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(shell.snackbar('Item added to the catalogue.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /Bag of Seeds/ });
  await expect(row).toContainText('seeds_bag');
  await expect(row).toContainText('Consumable');
  await expect(row).toContainText('$1.99');

  await page.getByRole('button', { name: 'Edit Bag of Seeds' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit item' });
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('1.99');
  await edit.getByLabel('Type').selectOption({ label: 'Subscription' });
  await edit.getByLabel('Name').fill('Garden Club');
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expect(edit.getByText('Choose how often the subscription renews.', { exact: true })).toBeVisible();
  await edit.getByLabel('Renews').selectOption({ label: 'Monthly' });
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expect(shell.snackbar('Item updated.')).toBeVisible();
  const club = page.getByRole('row', { name: /Garden Club/ });
  await expect(club).toContainText('Subscription · Monthly');
  await expect(edit).toHaveCount(0);

  // A second item may not take the first one's SKU.
  await page.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Name').fill('Copy');
  await dialog.getByLabel('SKU').fill('seeds_bag');
  await dialog.getByLabel('Price (USD)').fill('0');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Another item of this app already uses this SKU.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Remove Garden Club' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove item?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(club).toBeVisible();
  await page.getByRole('button', { name: 'Remove Garden Club' }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(shell.snackbar('Item removed from the catalogue.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No items in the catalogue yet' })).toBeVisible();
});

test('Messages: defaults with a live preview, an unknown placeholder refused, saved and read back', async ({
  page,
}) => {
  const shell = new Shell(page);
  await signInByApi(page, DEMO_ACCOUNTS.editor);
  await page.goto(appPath(DEMO_APPS.wordGarden.id, 'settings/messages'));
  await expect(page.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible();
  const title = page.getByLabel('Quest started: title');
  const body = page.getByLabel('Quest started: message');
  await expect(title).toHaveValue('New quest: {questName}');
  const preview = page.getByRole('figure', { name: 'Preview of the quest started notification' });
  await expect(preview).toContainText('New quest: Hatch 3 dragon eggs');
  await expect(preview).toContainText('A new quest is waiting in Word Garden. Complete it to earn 500 gems!');
  await expectNoSeriousA11yViolations(page, 'settings messages (wide)');

  await body.fill('Hi {playerName}, {questName} is live!');
  await expect(
    page.getByText('Unknown placeholder {playerName}. Use {questName}, {appName} or {reward}.', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save messages' }).click();
  await expect(shell.snackbar('Messages saved.')).toHaveCount(0);
  await body.fill('{questName} is live in {appName}: win {reward}!');
  await expect(preview).toContainText('Hatch 3 dragon eggs is live in Word Garden: win 500 gems!');
  await title.fill('Fresh quest');
  await expect(preview).toContainText('Fresh quest');
  await page.getByRole('switch', { name: 'Send the quest completed notification' }).click();
  await expect(page.getByText('Off: players do not receive this notification')).toBeVisible();
  await page.getByRole('button', { name: 'Save messages' }).click();
  await expect(shell.snackbar('Messages saved.')).toBeVisible();

  await page.reload();
  await expect(title).toHaveValue('Fresh quest');
  await expect(body).toHaveValue('{questName} is live in {appName}: win {reward}!');
  await expect(page.getByRole('switch', { name: 'Send the quest completed notification' })).not.toBeChecked();
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, 'settings messages (700 px)');
});
