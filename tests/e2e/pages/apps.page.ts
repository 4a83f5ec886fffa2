/**
 * The apps page (SPEC §2 Apps) and its New App modal (src/views/apps/AddAppModal.tsx): the three steps of the modal
 * by their titles, and a throwaway workspace of the test's own (created through the API) where a flow adds apps, so
 * Demo Studio stays as seeded for every other spec.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Modal } from './modal';
import { appsPath, unique } from './demo';

/** A 1×1 PNG (real magic bytes) for icon pickers. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A run-unique name of letters only (workspace names refuse digits in some checks). */
export const letters = (prefix: string) => `${prefix} ${unique('x').replace(/[^0-9]/g, '').slice(-9).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** A workspace of the signed-in user's own (its admin), created through the API. */
export async function throwawayWorkspace(request: APIRequestContext, token: string, name = letters('Paths Studio')) {
  const res = await request.post('/api/workspace', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ name, website: `${unique('site')}.example.com` }) },
  });
  expect(res.status(), 'a throwaway workspace').toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, name };
}

export class AppsPage {
  readonly search: Modal;
  readonly byUrl: Modal;
  readonly review: Modal;

  constructor(readonly page: Page, readonly workspaceId: string) {
    this.search = new Modal(page, 'Add New App');
    this.byUrl = new Modal(page, 'Add App by Store URL');
    this.review = new Modal(page, 'Review App');
  }

  goto() {
    return this.page.goto(appsPath(this.workspaceId));
  }

  get newAppButton() {
    return this.page.getByRole('button', { name: 'New App', exact: true });
  }

  card(appId: string) {
    return this.page.getByTestId(`app-card-${appId}`);
  }

  get searchBox() {
    return this.search.root.getByPlaceholder('Enter app name (minimum 3 characters)');
  }

  get urlField() {
    return this.byUrl.root.getByLabel('Store URL', { exact: true });
  }

  async expectNoModal() {
    await this.search.expectClosed();
    await this.byUrl.expectClosed();
    await this.review.expectClosed();
  }
}
