/**
 * Create a workspace from the header selector's 'Create new' (SPEC §2 shell, §5 workspace rules, §8 workspace
 * messages): a too-large icon is refused with 'File is too large!' and nothing is created; a valid form creates the
 * workspace (website saved with https://) and opens its (empty) apps page.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { appsPath, DEMO_WORKSPACE, unique } from './pages/demo';

const ICON_MAX_BYTES = 3145728;
/** A 1×1 transparent PNG: the server checks the icon by its bytes, so it must be a real image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Me {
  organisations?: { id: string; name: string }[];
}
interface WorkspaceAnswer {
  data: { id: string; name: string; website: string; icon: string | null };
}

test('create a workspace: a too-large icon is refused, then a valid one opens the new workspace', async ({ page }) => {
  const shell = new Shell(page);
  await signInByApi(page, DEMO_ACCOUNTS.admin);
  await page.goto(appsPath(DEMO_WORKSPACE.id));
  await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
  const before = (await shell.apiGet<Me>('/api/me')).organisations ?? [];

  const creates: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/workspace') creates.push(request);
  });

  const name = `E2E Studio ${unique('ws')}`;
  const host = `${unique('studio')}.example.com`;
  const modal = await shell.openCreateWorkspace(DEMO_WORKSPACE.name);
  const dialog = modal.root;
  await dialog.getByLabel('Workspace name', { exact: true }).fill(name);
  await dialog.getByLabel('Website', { exact: true }).fill(host);

  // One byte over the SPEC §5 limit.
  await dialog.getByLabel('Icon file').setInputFiles({ name: 'huge-icon.png', mimeType: 'image/png', buffer: Buffer.alloc(ICON_MAX_BYTES + 1) });
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('File is too large!', { exact: true })).toBeVisible();
  await modal.expectOpen();
  await expect(page).toHaveURL(appsPath(DEMO_WORKSPACE.id));
  expect(creates, 'no create request is sent with a too-large icon').toHaveLength(0);
  expect((await shell.apiGet<Me>('/api/me')).organisations ?? []).toHaveLength(before.length);

  // A valid icon clears the error; the fields were kept.
  await dialog.getByLabel('Icon file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(dialog.getByText('File is too large!', { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel('Workspace name', { exact: true })).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(shell.snackbar('Workspace created successfully.')).toBeVisible();
  await modal.expectClosed();
  await expect(page).toHaveURL(/\/workspace\/[^/]+\/apps$/);
  const newId = new URL(page.url()).pathname.split('/')[2]!;
  expect(newId).not.toBe(DEMO_WORKSPACE.id);
  expect(creates).toHaveLength(1);

  // The new workspace is open: selected in the header, its apps page in the empty state.
  await expect(shell.workspaceSelector(name)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
  await expect(page.getByText(`Every Android and iOS app of ${name}.`)).toBeVisible();
  await expect(page.getByText('No apps yet', { exact: true })).toBeVisible();
  // The creator is its admin.
  await expect(shell.navLink('Billing')).toBeVisible();

  // Saved with https:// in front of the website typed without a scheme, and with the icon.
  const saved = (await shell.apiGet<WorkspaceAnswer>(`/api/workspace/${newId}`)).data;
  expect(saved).toMatchObject({ id: newId, name, website: `https://${host}` });
  expect(saved.icon).toBeTruthy();
  expect((await shell.apiGet<Me>('/api/me')).organisations ?? []).toHaveLength(before.length + 1);
});

/** A workspace of its own for a test, created through the API by the signed-in user (its admin). */
async function ownWorkspace(page: Page, token: string) {
  const name = `Settings Studio ${unique('ws')}`;
  const res = await page.request.post('/api/workspace', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ name, website: `${unique('site')}.example.com` }) },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, name };
}

test('workspace settings: the website shows as stored after a save, ftp:// is refused under the field, the server\'s reason shows under the icon', async ({ page }) => {
  test.slow();
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  const shell = new Shell(page);
  const workspace = await ownWorkspace(page, token);
  await page.goto(`/workspace/${workspace.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible({ timeout: 20_000 });
  const website = page.getByLabel('Website', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });

  // "//host" is saved as https://host, and the field shows the stored value at once.
  const host = `${unique('slashes')}.example.com`;
  await website.fill(`//${host}`);
  await save.click();
  await expect(shell.snackbar('Workspace updated successfully.')).toBeVisible();
  await expect(website).toHaveValue(`https://${host}`);
  expect((await shell.apiGet<WorkspaceAnswer>(`/api/workspace/${workspace.id}`)).data.website).toBe(`https://${host}`);

  // ftp:// is not a website: refused under the field, nothing sent, the stored value unchanged.
  await website.fill(`ftp://files.${host}`);
  await save.click();
  await expect(page.getByText('Website must be a web address (https://): ftp addresses are not supported.', { exact: true })).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  expect((await shell.apiGet<WorkspaceAnswer>(`/api/workspace/${workspace.id}`)).data.website).toBe(`https://${host}`);
  await website.fill(host);

  // A text file named .png passes the form's check by name; the server reads its bytes and says why, under the
  // icon, while the title stays SPEC's.
  await page.getByLabel('Icon file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') });
  await save.click();
  await expect(page.locator('form').getByRole('alert').filter({ hasText: 'Error updating workspace!' })).toBeVisible();
  await expect(page.getByText('Icon must be a PNG, JPG or GIF image.', { exact: true })).toBeVisible();
});

test('workspace settings are read-only for a viewer', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  await page.goto(`/workspace/${DEMO_WORKSPACE.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible({ timeout: 20_000 });
  const name = page.getByLabel('Workspace name', { exact: true });
  const website = page.getByLabel('Website', { exact: true });
  await expect(name).toHaveValue(DEMO_WORKSPACE.name);
  for (const field of [name, website]) {
    await expect(field).not.toBeEditable();
    const before = await field.inputValue();
    await field.click();
    await page.keyboard.type('typed by a viewer');
    await expect(field).toHaveValue(before);
  }
  await expect(page.getByRole('button', { name: 'Choose icon', exact: true })).toBeDisabled();
  await expect(page.getByLabel('Icon file')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Discard changes', exact: true })).toHaveCount(0);
});
