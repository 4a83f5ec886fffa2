/**
 * Apps and workspace settings end to end (docs/apps.md §Screens and routes Apps: platform filter with counts, card destinations, New App →
 * search → select → review → Add App, by store URL; §App states 'Show on Questboard App'; §Screens and routes/§5/§6 workspace settings; §Messages
 * search, app create and workspace messages), in Chromium against the real server with the sandbox app store, each
 * page and dialog scanned by axe at 1280 px and 700 px. Specs that add apps or rename work in a workspace of their
 * own (created through the API), so Demo Studio stays as seeded for every other spec.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { Modal } from './pages/modal';
import { appsPath, DEMO_WORKSPACE, unique } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const ONLY_ADMINS =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.';
const WIDTHS = [1280, 700] as const;

interface MeApp {
  id: string;
  appName: string;
  platform: 'android' | 'ios';
  enabled: boolean;
  plugins: unknown[];
}
interface Me {
  organisations?: { id: string; name: string; apps?: MeApp[] }[];
}

/** A run-unique name of letters only (time and counter spelled with a–j). */
const letters = (prefix: string) =>
  `${prefix} ${unique('x')
    .replace(/[^0-9]/g, '')
    .slice(-9)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** A workspace of its own for the test, created through the API by the signed-in user (its admin). */
async function ownWorkspace(page: Page, token: string, name = letters('Apps Studio')) {
  const res = await page.request.post('/api/workspace', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ name, website: `${unique('site')}.example.com` }) },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, name };
}

async function scanAtWidths(page: Page, where: string, prepare?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await prepare?.();
    await expectNoSeriousA11yViolations(page, `${where} (${width} px)`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const newAppButton = (page: Page) => page.getByRole('button', { name: 'New App', exact: true });
const searchModal = (page: Page) => new Modal(page, 'Add New App');
const reviewModal = (page: Page) => new Modal(page, 'Review App');

async function searchAndSelect(page: Page, platform: 'Android' | 'iOS', query: string, title: string) {
  await newAppButton(page).click();
  const modal = searchModal(page);
  await modal.expectOpen();
  await modal.root.getByRole('radio', { name: platform, exact: true }).click();
  await modal.root.getByPlaceholder('Enter app name (minimum 3 characters)').fill(query);
  const result = modal.root.getByRole('button', { name: new RegExp(`^${title}`) }).first();
  await expect(result).toBeVisible();
  await expect(modal.root.getByText('Sandbox catalogue', { exact: true })).toBeVisible();
  await result.click();
  await reviewModal(page).expectOpen();
}

test('the platform filter counts the apps, and cards open analyze/overview with plugins, integrations/Overview without', async ({
  page,
}) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(appsPath());
  const shell = new Shell(page);
  const apps = (await shell.apiGet<Me>('/api/me')).organisations!.find((o) => o.id === DEMO_WORKSPACE.id)!.apps!;
  const android = apps.filter((a) => a.platform === 'android');
  const ios = apps.filter((a) => a.platform === 'ios');
  expect(android.length).toBeGreaterThan(0);
  expect(ios.length).toBeGreaterThan(0);
  const filter = page.getByRole('radiogroup', { name: 'Platform' });
  await expect(filter.getByRole('radio', { name: `All (${apps.length})`, exact: true })).toBeChecked();
  const cards = page.locator('[data-testid^="app-card-"]');
  await expect(cards).toHaveCount(apps.length);
  await filter.getByRole('radio', { name: `Android (${android.length})`, exact: true }).click();
  await expect(cards).toHaveCount(android.length);
  for (const app of android) await expect(page.getByTestId(`app-card-${app.id}`)).toBeVisible();
  await filter.getByRole('radio', { name: `iOS (${ios.length})`, exact: true }).click();
  await expect(cards).toHaveCount(ios.length);
  for (const app of ios) await expect(page.getByTestId(`app-card-${app.id}`)).toBeVisible();

  // A viewer sees New App disabled with the view-only tooltip.
  await expect(newAppButton(page)).toBeDisabled();
  await page.getByLabel(VIEW_ONLY).first().focus();
  await expect(page.getByRole('tooltip').filter({ hasText: VIEW_ONLY })).toBeVisible();

  const withPlugins = apps.find((a) => a.plugins.length > 0)!;
  const withoutPlugins = apps.find((a) => a.plugins.length === 0)!;
  await filter.getByRole('radio', { name: `All (${apps.length})`, exact: true }).click();
  await page.getByTestId(`app-card-${withPlugins.id}`).getByRole('link').click();
  await expect(page).toHaveURL(`/workspace/${DEMO_WORKSPACE.id}/app/${withPlugins.id}/analyze/overview`);
  await page.goto(appsPath());
  await page.getByTestId(`app-card-${withoutPlugins.id}`).getByRole('link').click();
  await expect(page).toHaveURL(`/workspace/${DEMO_WORKSPACE.id}/app/${withoutPlugins.id}/integrations/Overview`);
});

test('add an app by search: search → select → review → Add App opens it; the same store app is then marked, not addable', async ({
  page,
}) => {
  // A long journey with six axe scans: 30 s is too short on a loaded 2-core machine (it timed out at 32 s there).
  test.slow();
  const token = await signInByApi(page, DEMO_ACCOUNTS.editor);
  const workspace = await ownWorkspace(page, token);
  await page.goto(appsPath(workspace.id));
  await expect(page.getByRole('heading', { name: 'No apps yet', exact: true })).toBeVisible();
  await scanAtWidths(page, 'the empty apps page');

  await newAppButton(page).click();
  const modal = searchModal(page);
  await modal.expectOpen();
  const box = modal.root.getByPlaceholder('Enter app name (minimum 3 characters)');
  await box.fill('wo');
  await expect(modal.root.getByText('Keep typing: at least 3 characters.')).toBeVisible();
  await box.fill('word garden');
  const result = modal.root.getByRole('button', { name: /^Word Garden/ });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Demo Studio');
  await scanAtWidths(page, 'the New App search with results');
  await result.click();

  const review = reviewModal(page);
  await review.expectOpen();
  await expect(review.root.getByText('dev.demostudio.wordgarden', { exact: true })).toBeVisible();
  await expect(
    review.root.getByRole('link', { name: 'https://play.google.com/store/apps/details?id=dev.demostudio.wordgarden' }),
  ).toBeVisible();
  await scanAtWidths(page, 'the New App review');
  await review.root.getByRole('button', { name: 'Add App', exact: true }).click();
  await review.expectClosed();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspace.id}/app/[^/]+/integrations/Overview$`));

  const shell = new Shell(page);
  const added = (await shell.apiGet<Me>('/api/me')).organisations!.find((o) => o.id === workspace.id)!.apps!;
  expect(added.map((a) => [a.appName, a.platform])).toEqual([['Word Garden', 'android']]);
  await page.goto(appsPath(workspace.id));
  await expect(page.getByTestId(`app-card-${added[0]!.id}`)).toContainText('Word Garden');

  // The same store app again: the search marks it 'Already in workspace' and it cannot be picked.
  await newAppButton(page).click();
  await searchModal(page).expectOpen();
  await searchModal(page).root.getByPlaceholder('Enter app name (minimum 3 characters)').fill('word garden');
  const again = searchModal(page).root.getByRole('button', { name: /^Word Garden/ });
  await expect(again).toContainText('Already in workspace');
  await expect(again).toBeDisabled();
  await page.keyboard.press('Escape');
  await searchModal(page).expectClosed();
  expect((await shell.apiGet<Me>('/api/me')).organisations!.find((o) => o.id === workspace.id)!.apps).toHaveLength(1);
});

test('add an app by store URL, with the docs/apps.md §Messages errors on the way', async ({ page }) => {
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  const workspace = await ownWorkspace(page, token);
  await page.goto(appsPath(workspace.id));
  await newAppButton(page).click();
  await searchModal(page).expectOpen();
  await searchModal(page).root.getByRole('button', { name: 'Add by store URL', exact: true }).click();
  const byUrl = new Modal(page, 'Add App by Store URL');
  await byUrl.expectOpen();
  const field = byUrl.root.getByLabel('Store URL', { exact: true });
  const submit = byUrl.root.getByRole('button', { name: 'Get App Details', exact: true });
  await field.fill('dragon merge');
  await submit.click();
  await expect(byUrl.root.getByText('Please enter a valid URL for your app.', { exact: true })).toBeVisible();
  await field.fill('https://play.google.com/store/apps/details?id=com.nobody.nothing');
  await submit.click();
  await expect(byUrl.root.getByText("Can't get app data from the provided URL.", { exact: true })).toBeVisible();
  await field.fill('https://play.google.com/store/apps/details?id=com.unreachable.store');
  await submit.click();
  await expect(byUrl.root.getByText("Can't load data from the provided URL.", { exact: true })).toBeVisible();
  await scanAtWidths(page, 'the store URL step with an error');

  await field.fill('https://apps.apple.com/us/app/dragon-merge/id1600000001');
  await submit.click();
  const review = reviewModal(page);
  await review.expectOpen();
  await expect(review.root.getByText('dev.demostudio.dragonmerge', { exact: true })).toBeVisible();
  await expect(review.root.getByText('iOS', { exact: true })).toBeVisible();
  await review.root.getByRole('button', { name: 'Add App', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspace.id}/app/[^/]+/integrations/Overview$`));
  const apps = (await new Shell(page).apiGet<Me>('/api/me')).organisations!.find((o) => o.id === workspace.id)!.apps!;
  expect(apps.map((a) => [a.appName, a.platform])).toEqual([['Dragon Merge', 'ios']]);
});

test("'Show on Questboard App' hides and shows an app; a viewer cannot switch it", async ({ page, browser }) => {
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  const workspace = await ownWorkspace(page, token);
  await page.goto(appsPath(workspace.id));
  await searchAndSelect(page, 'Android', 'candy', 'Candy');
  await reviewModal(page).root.getByRole('button', { name: 'Add App', exact: true }).click();
  await expect(page).toHaveURL(/integrations\/Overview$/);
  await page.goto(appsPath(workspace.id));
  const shell = new Shell(page);
  const app = (await shell.apiGet<Me>('/api/me')).organisations!.find((o) => o.id === workspace.id)!.apps![0]!;
  const card = page.getByTestId(`app-card-${app.id}`);
  await card.getByRole('button', { name: /^Options for / }).click();
  const toggle = page.getByRole('switch', { name: 'Show on Questboard App' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await scanAtWidths(page, 'the app options popover');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(card).toHaveAttribute('data-hidden', 'true');
  await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await shell.apiGet<Me>('/api/me')).organisations!.find((o) => o.id === workspace.id)!.apps![0]!.enabled,
    )
    .toBe(false);
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`app-card-${app.id}`)).toHaveAttribute('data-hidden', 'true');
  await page
    .getByTestId(`app-card-${app.id}`)
    .getByRole('button', { name: /^Options for / })
    .click();
  await page.getByRole('switch', { name: 'Show on Questboard App' }).click();
  await expect(page.getByTestId(`app-card-${app.id}`)).not.toHaveAttribute('data-hidden', 'true');

  // A viewer of Demo Studio sees the switch disabled, with the view-only words.
  const viewer = await browser.newPage();
  await signInByApi(viewer, DEMO_ACCOUNTS.viewer);
  await viewer.goto(appsPath());
  await viewer
    .locator('[data-testid^="app-card-"]')
    .first()
    .getByRole('button', { name: /^Options for / })
    .click();
  await expect(viewer.getByRole('switch', { name: 'Show on Questboard App' })).toBeDisabled();
  await expect(viewer.getByRole('group', { name: / options$/ }).getByText(VIEW_ONLY, { exact: true })).toBeVisible();
  await viewer.close();
});

test('workspace settings: the admin renames the workspace (the header follows without a reload); an editor is refused', async ({
  page,
  browser,
}) => {
  // Two sign-ins, two pages and axe scans at two widths: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  const workspace = await ownWorkspace(page, token);
  const shell = new Shell(page);
  await page.goto(appsPath(workspace.id));
  await shell.navLink('Settings').click();
  await expect(page).toHaveURL(`/workspace/${workspace.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await scanAtWidths(page, 'the workspace settings page');
  const renamed = letters('Renamed Studio');
  await page.getByLabel('Workspace name', { exact: true }).fill(renamed);
  await page.getByLabel('Website', { exact: true }).fill('http://renamed.example.org');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(shell.snackbar('Workspace updated successfully.')).toBeVisible();
  await expect(shell.workspaceSelector(renamed)).toBeVisible();
  const saved = await shell.apiGet<{ data: { name: string; website: string } }>(`/api/workspace/${workspace.id}`);
  expect(saved.data).toMatchObject({ name: renamed, website: 'https://renamed.example.org' });

  // An invalid website is refused on the page, nothing sent.
  await page.getByLabel('Website', { exact: true }).fill('not-a-website');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a valid website URL.', { exact: true })).toBeVisible();
  await scanAtWidths(page, 'the workspace settings page with an error');

  // The editor of Demo Studio: no Settings or Billing in the navigation; opening the URL and saving is refused.
  const editor = await browser.newPage();
  await signInByApi(editor, DEMO_ACCOUNTS.editor);
  const editorShell = new Shell(editor);
  await editor.goto(appsPath());
  await expect(editorShell.navLink('Team')).toBeVisible();
  await expect(editorShell.navLink('Settings')).toHaveCount(0);
  await expect(editorShell.navLink('Billing')).toHaveCount(0);
  await editor.goto(`/workspace/${DEMO_WORKSPACE.id}/settings`);
  await editor.getByLabel('Workspace name', { exact: true }).fill('Taken Over');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('alert').filter({ hasText: ONLY_ADMINS })).toHaveCount(1);
  await expect(editor.getByText(ONLY_ADMINS, { exact: true }).first()).toBeVisible();
  await expect(editor.getByLabel('Workspace name', { exact: true })).toHaveValue('Taken Over');
  const unchanged = await editorShell.apiGet<{ data: { name: string } }>(`/api/workspace/${DEMO_WORKSPACE.id}`);
  expect(unchanged.data.name).toBe(DEMO_WORKSPACE.name);
  await editor.close();

  // A viewer finds Save disabled with the view-only tooltip.
  const viewer = await browser.newPage();
  await signInByApi(viewer, DEMO_ACCOUNTS.viewer);
  await viewer.goto(`/workspace/${DEMO_WORKSPACE.id}/settings`);
  await expect(viewer.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(new Shell(viewer).navLink('Settings')).toHaveCount(0);
  await viewer.close();
});

test("an app card's options popover is drawn above the cards after it: its lower part is what a click there reaches", async ({
  page,
}) => {
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  for (const width of [1400, 700]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(appsPath());
    const firstCard = page.locator('[data-testid^="app-card-"]').first();
    await firstCard.getByRole('button', { name: /^Options for / }).click();
    const panel = page.getByRole('group', { name: / options$/ });
    await expect(panel).toBeVisible();
    // The panel reaches below its own card, over the next one.
    const cardBox = (await firstCard.boundingBox())!;
    const lower = panel.locator('p').last();
    const box = (await lower.boundingBox())!;
    expect(box.y + box.height, `the panel's lower item is below the first card at ${width} px`).toBeGreaterThan(
      cardBox.y + cardBox.height,
    );
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const topmostIsPanel = await page.evaluate(({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      const group = [...document.querySelectorAll('[role="group"]')].find(
        (el) => el.getAttribute('aria-label')?.endsWith(' options') && el.checkVisibility(),
      );
      return !!hit && !!group?.contains(hit);
    }, point);
    expect(topmostIsPanel, `the topmost element at the panel's lower item is the panel (${width} px)`).toBe(true);
    // The switch is reachable too, and a click on the lower item does not open the card under it.
    const toggle = panel.getByRole('switch', { name: 'Show on Questboard App' });
    const switchBox = (await toggle.boundingBox())!;
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="switch"]') !== null, {
        x: switchBox.x + switchBox.width / 2,
        y: switchBox.y + switchBox.height / 2,
      }),
    ).toBe(true);
    await page.mouse.click(point.x, point.y);
    await expect(page).toHaveURL(appsPath());
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  }
});

const DEMO_APP_NAMES = ['Dragon Merge', 'Pixel Racer', 'Word Garden'];

test('long app names get room on mid-width screens, and the whole name as a title', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(appsPath());
  const names = page.locator('[data-testid^="app-card-"] h2 a');
  await expect(names.first()).toBeVisible({ timeout: 20_000 });
  for (const width of [766, 800, 950]) {
    await page.setViewportSize({ width, height: 900 });
    const count = await names.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const link = names.nth(i);
      const title = await link.getAttribute('title');
      expect(title).toBeTruthy();
      // The demo's names are shown whole: nothing is cut off with an ellipsis. (Other specs add apps with long
      // generated names; those may wrap to two lines and end in an ellipsis, with the whole name in the title.)
      if (!DEMO_APP_NAMES.includes(title!)) continue;
      const cut = await link.evaluate((el) => {
        const heading = el.closest('h2')!;
        return heading.scrollWidth > heading.clientWidth + 1 || heading.scrollHeight > heading.clientHeight + 1;
      });
      expect(cut, `"${title}" is shown whole at ${width} px`).toBe(false);
    }
  }
});
