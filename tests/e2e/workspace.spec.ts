/**
 * Workspace settings beyond the settings machine's paths (docs/workspace.md §Rules and limits workspace rules, §Messages workspace messages): the
 * website as stored, a refused scheme, the server's reason under the icon, read-only for a viewer. Creating a
 * workspace (too-large icon refused, nothing sent while invalid, created and opened, saved with https:// and its
 * icon) is the create-workspace machine's browser table (tests/e2e/model-paths/create-workspace.paths.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { DEMO_WORKSPACE, unique } from './pages/demo';

interface WorkspaceAnswer {
  data: { id: string; name: string; website: string; icon: string | null };
}

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

test("workspace settings: the website shows as stored after a save, ftp:// is refused under the field, the server's reason shows under the icon", async ({
  page,
}) => {
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
  await expect(
    page.getByText('Website must be a web address (https://): ftp addresses are not supported.', { exact: true }),
  ).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  expect((await shell.apiGet<WorkspaceAnswer>(`/api/workspace/${workspace.id}`)).data.website).toBe(`https://${host}`);
  await website.fill(host);

  // A text file named .png passes the form's check by name; the server reads its bytes and says why, under the
  // icon, while the title stays SPEC's.
  await page
    .getByLabel('Icon file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') });
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
